// The error catalogue: every errorCode with its HTTP status and Dutch title. Problem documents point here
// with `type: "/problemen#<code>"`, so every row carries the code as its anchor id.
import type { Metadata } from 'next';
import { problemCatalogue } from '@/lib/api/problems';

export const metadata: Metadata = { title: 'Foutcodes' };

const problems = Object.entries(problemCatalogue) as [string, { status: number; title: string }][];

/** Lists the error catalogue, ordered by status. */
export default function ProblemenPage() {
  const rows = [...problems].sort((a, b) => a[1].status - b[1].status || a[0].localeCompare(b[0]));
  return (
    <div className="pagina">
      <h1>Foutcodes</h1>
      <p className="intro">
        Elke fout van de API is een probleemdocument volgens RFC 7807 (<code>application/problem+json</code>). Het veld{' '}
        <code>errorCode</code> is een vaste code uit de lijst hieronder; het veld <code>type</code> verwijst naar de
        regel op deze pagina, bijvoorbeeld <code>/problemen#not_found</code>.
      </p>
      <div className="tabel-houder">
        <table>
          <caption className="verborgen">Foutcodes met HTTP-status en titel</caption>
          <thead>
            <tr>
              <th scope="col">errorCode</th>
              <th scope="col">HTTP-status</th>
              <th scope="col">Titel</th>
            </tr>
          </thead>
          <tbody>
            {rows.map(([code, p]) => (
              <tr key={code} id={code}>
                <td>
                  <a href={`#${code}`}>
                    <code>{code}</code>
                  </a>
                </td>
                <td>{p.status}</td>
                <td>{p.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h2>Velden van een probleemdocument</h2>
      <ul className="lijst-links">
        <li>
          <code>type</code>, <code>title</code>, <code>status</code>, <code>detail</code>: zoals RFC 7807 ze beschrijft;{' '}
          <code>detail</code> legt in gewone woorden uit wat er mis is.
        </li>
        <li>
          <code>errorCode</code>: de code uit deze lijst, bedoeld voor programma&apos;s.
        </li>
        <li>
          <code>instance</code>: het kenmerk van het verzoek; noem het bij vragen.
        </li>
        <li>
          <code>invalid_params</code>: bij een ongeldig verzoek alle ongeldige parameters tegelijk, met naam, plaats
          en reden.
        </li>
      </ul>
      <p>
        Bij <code>rate_limited</code> zegt de header <code>Retry-After</code> na hoeveel seconden u het opnieuw kunt
        proberen.
      </p>
    </div>
  );
}
