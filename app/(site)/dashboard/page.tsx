// The distribution-monitor dashboard: a placeholder until its own issue lands.
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Dashboard distributiemonitor' };

/** Tells the visitor the dashboard is not there yet and where the data already is. */
export default function DashboardPage() {
  return (
    <div className="pagina pagina--smal">
      <p className="label">In ontwikkeling</p>
      <h1>Dashboard distributiemonitor</h1>
      <p className="intro">
        Het dashboard van de distributiemonitor geeft straks een open beeld van de distributie van financieel advies in
        Nederland: vestigingen, holdings, hoofdholdings, netwerken en hun wijzigingen door de tijd.
      </p>
      <div className="melding">
        Deze pagina is in ontwikkeling. De gegevens komen uit dezelfde API; zie de{' '}
        <Link href="/referentie">API-referentie</Link> voor de beschikbare operaties.
      </div>
      <p>
        Volledige historie en CSV-export vragen een sleutel: <Link href="/sleutel">API-sleutel aanvragen</Link>.
      </p>
      <p>
        <Link href="/">← Terug naar de startpagina</Link>
      </p>
    </div>
  );
}
