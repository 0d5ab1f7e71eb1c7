// A version's changes per entity type (rows) and change type (columns): the overview and the Versies view.
import { getal } from './opmaak';

const TYPES = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'];

/** The version's changes per entity type (rows) and change type (columns). */
export function ChangelogTabel({ perType }: { perType: Record<string, Record<string, number>> }) {
  const entiteiten = Object.keys(perType);
  if (!entiteiten.length) return <p className="zacht">Geen wijzigingen ten opzichte van de vorige versie.</p>;
  return (
    <div className="tabel-houder">
      <table className="tabel tabel--compact">
        <caption className="verborgen">Wijzigingen per soort</caption>
        <thead>
          <tr>
            <th scope="col">Entiteit</th>
            {TYPES.map((t) => (
              <th key={t} scope="col" className="getal">
                {t}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {entiteiten.map((e) => (
            <tr key={e}>
              <th scope="row">{e}</th>
              {TYPES.map((t) => (
                <td key={t} className="getal">
                  {perType[e][t] ? getal(perType[e][t]) : '–'}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
