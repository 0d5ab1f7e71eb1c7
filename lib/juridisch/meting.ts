// Precision and recall of the extraction against hand-annotated citations of a ruling. Pure.
// A citation is compared by statute (BWB id), article and lid; "onder" does not count, and a citation found
// several times counts once.
import type { Extractie } from './extract';

export interface VerwachteCitatie {
  /** null: the statute is not in wetten.json, so the extraction cannot find it (it counts as missed). */
  bwb_id: string | null;
  artikel: string;
  lid: string | null;
}

export interface Meting {
  verwacht: number;
  gevonden: number;
  juist: number;
  gemist: string[];
  onterecht: string[];
  /** juist / gevonden; 1 when nothing was found. */
  precisie: number;
  /** juist / verwacht; 1 when nothing was expected. */
  recall: number;
}

const key = (c: { bwb_id: string | null; artikel: string; lid: string | null }) =>
  `${c.bwb_id ?? '(niet in tabel)'} artikel ${c.artikel}${c.lid ? ` lid ${c.lid}` : ''}`;

function ratio(a: number, b: number): number {
  return b === 0 ? 1 : a / b;
}

export function meet(verwacht: readonly VerwachteCitatie[], extractie: Extractie): Meting {
  const expected = new Set(verwacht.map(key));
  const found = new Set(extractie.verwijzingen.map(key));
  const juist = [...found].filter((k) => expected.has(k)).length;
  return {
    verwacht: expected.size,
    gevonden: found.size,
    juist,
    gemist: [...expected].filter((k) => !found.has(k)),
    onterecht: [...found].filter((k) => !expected.has(k)),
    precisie: ratio(juist, found.size),
    recall: ratio(juist, expected.size),
  };
}

/** Sums per-ruling measurements (micro average over all distinct citations). */
export function totaal(metingen: readonly Meting[]): Meting {
  const sum = (f: (m: Meting) => number) => metingen.reduce((n, m) => n + f(m), 0);
  const verwacht = sum((m) => m.verwacht);
  const gevonden = sum((m) => m.gevonden);
  const juist = sum((m) => m.juist);
  return {
    verwacht,
    gevonden,
    juist,
    gemist: metingen.flatMap((m) => m.gemist),
    onterecht: metingen.flatMap((m) => m.onterecht),
    precisie: ratio(juist, gevonden),
    recall: ratio(juist, verwacht),
  };
}
