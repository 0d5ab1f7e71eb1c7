// The API key page: what a key gives (the tier table), the request form, and "Ik heb al een sleutel" to check
// a key and keep it for this browser tab. The work happens in the client components (components/toegang).
import type { Metadata } from 'next';
import Link from 'next/link';
import { AanvraagFormulier } from '@/components/toegang/aanvraag-formulier';
import { MijnSleutel } from '@/components/toegang/mijn-sleutel';
import { TierTabel } from '@/components/toegang/tier-tabel';

export const metadata: Metadata = {
  title: 'API-sleutel',
  description: 'Vraag een API-sleutel aan voor de volledige historie en CSV-export van de distributiemonitor, of controleer een sleutel die u al hebt.',
};

/** The key page at /sleutel (the 401 and 403 problems of the API point here). */
export default function SleutelPagina() {
  return (
    <div className="pagina sleutelpagina">
      <p className="label">Toegang</p>
      <h1>API-sleutel</h1>
      <p className="intro">
        Zonder sleutel kunt u de API direct gebruiken (free_preview). Met een sleutel ziet u de volledige historie van de
        distributiemonitor, exporteert u lijsten als CSV en krijgt u een hogere limiet. Een standard-sleutel krijgt u direct.
      </p>
      <p>
        Stuur de sleutel mee in de header <code>X-Api-Key</code> (of als <code>Authorization: Bearer &lt;sleutel&gt;</code>). Zie de{' '}
        <Link href="/referentie">API-referentie</Link> voor alle operaties en <Link href="/problemen">de foutcodes</Link> voor wat een
        401, 403 of 429 betekent.
      </p>

      <h2 id="tiers">Wat een sleutel geeft</h2>
      <TierTabel />

      <section aria-labelledby="aanvragen-kop">
        <h2 id="aanvragen-kop">Sleutel aanvragen</h2>
        <AanvraagFormulier />
      </section>

      <section aria-labelledby="mijn-sleutel-kop">
        <h2 id="mijn-sleutel-kop">Ik heb al een sleutel</h2>
        <MijnSleutel />
      </section>
    </div>
  );
}
