// The sustainability report uploader for advisors: upload an energy XML file, check what was recognised,
// give the address, and get the ranked measures and the one-page PDF.
import type { Metadata } from 'next';
import { RapportUploader } from '@/components/upload/rapport-uploader';

export const metadata: Metadata = { title: 'Verduurzamingsrapport uploaden' };

/** The uploader page (the work happens in the client component, against /v1/verduurzaming/*). */
export default function RapportPage() {
  return (
    <div className="pagina pagina--smal">
      {/* A break opportunity: on a phone the long compound breaks instead of widening the page. */}
      <h1>
        Verduurzamings<wbr />rapport uploaden
      </h1>
      <p className="intro">
        Upload een energieprestatiebestand (XML) van een woning: een EP-Online-registratie of een maatwerkadvies. U ziet
        wat er in het bestand is herkend, de maatregelen gerangschikt op doellabel, en u kunt een rapport van één A4 als
        PDF downloaden.
      </p>
      <p className="zacht">
        Het bestand wordt alleen in het geheugen verwerkt en niet bewaard of gelogd. Pandgegevens komen live uit BAG,
        WOZ-waardeloket, EP-Online, kadaster en CBS.
      </p>
      <RapportUploader />
    </div>
  );
}
