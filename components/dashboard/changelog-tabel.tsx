// A version's changes per entity type (rows) and change type (columns): the overview and the Versies view.
import { getal } from './opmaak';
import { getalKolom, Tabel } from './tabel';

const TYPES = ['nieuw', 'beëindigd', 'gewijzigd', 'overgenomen', 'verhuisd'];

/** The version's changes per entity type (rows) and change type (columns). */
export function ChangelogTabel({ perType }: { perType: Record<string, Record<string, number>> }) {
  const entiteiten = Object.keys(perType);
  if (!entiteiten.length) return <p className="zacht">Geen wijzigingen ten opzichte van de vorige versie.</p>;
  return (
    <div className="tabel-houder">
      <Tabel bijschrift="Wijzigingen per soort" verborgen kolommen={['Entiteit', ...TYPES.map((t) => getalKolom(t))]}>
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
      </Tabel>
    </div>
  );
}
