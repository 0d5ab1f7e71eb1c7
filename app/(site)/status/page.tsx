// /status: per upstream source its observed state (GET /v1/bronnen/status), refreshed every 15 seconds.
import type { Metadata } from 'next';
import { Suspense } from 'react';
import { AfdrukregelStatus } from '@/components/status/afdrukregel-status';
import { BronStatusTabel } from '@/components/status/bron-status-tabel';

export const metadata: Metadata = { title: 'Status van de bronnen' };

/** The source status page. */
export default function StatusPage() {
  return (
    <div className="pagina">
      <h1>Status van de bronnen</h1>
      <p className="intro">
        Per bron wat deze dienst bij het bevragen waarneemt: de laatste geslaagde aanroep, de laatste fout met de soort, het
        foutpercentage en de p95-duur over de afgelopen 24 uur, en de afwijkingen in het formaat van de antwoorden in de afgelopen
        24 uur (onbekende velden, ontbrekende verwachte velden, conversiefouten), per veldnaam met aantal en laatste keer gezien. Een bron is <strong>gestoord</strong> als de laatste aanroep mislukte.
        Bronnen die niet naar hun echte adres wijzen (bijvoorbeeld de replay-server) zijn als <strong>vervangen</strong> gemarkeerd.
        Ook als JSON: <a href="/v1/bronnen/status">/v1/bronnen/status</a>.
      </p>
      <BronStatusTabel />
      <Suspense fallback={null}>
        <AfdrukregelStatus />
      </Suspense>
    </div>
  );
}
