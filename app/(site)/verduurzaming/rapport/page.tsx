// The sustainability report uploader: a placeholder until its own issue lands.
import type { Metadata } from 'next';
import Link from 'next/link';

export const metadata: Metadata = { title: 'Verduurzamingsrapport uploaden' };

/** Tells the visitor the uploader is not there yet and how the report is available through the API. */
export default function RapportPage() {
  return (
    <div className="pagina pagina--smal">
      <p className="label">In ontwikkeling</p>
      <h1>Verduurzamingsrapport uploaden</h1>
      <p className="intro">
        Hier kunt u straks een nulmeting (XML) uploaden voor een adres en een verduurzamingsrapport ontvangen, met
        maatregelen gerangschikt op het doellabel, ook als PDF van één pagina.
      </p>
      <div className="melding">
        Deze pagina is in ontwikkeling. Het rapport wordt opgesteld door de API-operaties{' '}
        <code>POST /v1/verduurzaming/rapport</code> en <code>POST /v1/verduurzaming/rapport.pdf</code>; zie de{' '}
        <Link href="/referentie">API-referentie</Link>.
      </div>
      <p>
        <Link href="/">← Terug naar de startpagina</Link>
      </p>
    </div>
  );
}
