// How the active vestigingen are linked to another register (GET /universum, koppeling): one stacked bar
// per target with the shares by KvK number, by name + place and not linked, and the counts beside it.
import { getal, procent } from '../opmaak';

interface Deel {
  aantal: number;
  aandeel_pct: number;
}

/** The coverage of one link target, as /universum answers it. */
export interface KoppelDekking {
  vestigingen_actief: number;
  kvk: Deel;
  naam_plaats: Deel;
  geen: Deel;
  dubbelzinnig: number;
}

const DELEN = [
  { sleutel: 'kvk', label: 'Op KvK-nummer' },
  { sleutel: 'naam_plaats', label: 'Op naam en plaats' },
  { sleutel: 'geen', label: 'Niet gekoppeld' },
] as const;

export function KoppelingBalk({ doel, titel, dekking }: { doel: string; titel: string; dekking: KoppelDekking }) {
  const omschrijving = `${titel}: ${DELEN.map((d) => `${procent(dekking[d.sleutel].aandeel_pct)} ${d.label.toLowerCase()}`).join(', ')}`;
  return (
    <figure className="koppeling" data-testid={`koppeling-${doel}`}>
      <figcaption className="koppeling__kop">{titel}</figcaption>
      <div className="koppeling__balk" role="img" aria-label={omschrijving}>
        {DELEN.map((d) => (
          <span key={d.sleutel} className={`koppeling__deel koppeling__deel--${d.sleutel}`} style={{ width: `${Math.min(100, Math.max(0, dekking[d.sleutel].aandeel_pct))}%` }} />
        ))}
      </div>
      <ul className="koppeling__legenda">
        {DELEN.map((d) => (
          <li key={d.sleutel} data-deel={d.sleutel}>
            <span className={`koppeling__stip koppeling__deel--${d.sleutel}`} aria-hidden="true" />
            {d.label}: <strong className="koppeling__aantal">{getal(dekking[d.sleutel].aantal)}</strong> ({procent(dekking[d.sleutel].aandeel_pct)})
            {d.sleutel === 'geen' && dekking.dubbelzinnig > 0 && (
              <span className="koppeling__dubbelzinnig">
                , waarvan <strong data-testid={`koppeling-${doel}-dubbelzinnig`}>{getal(dekking.dubbelzinnig)}</strong> dubbelzinnig (meer dan één kandidaat)
              </span>
            )}
          </li>
        ))}
      </ul>
    </figure>
  );
}
