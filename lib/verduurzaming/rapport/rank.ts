// Ranking of the measures of a zero-measurement on their target label: best target first; ties by the
// lower target index (EP2, EI and EPC are all lower-is-better), then by the lower investment; missing
// values sort last and the file's own order breaks any remaining tie. Pure functions.
import type { LabelKlasse, Maatregel } from '../types';
import { labelIndex, labelStappen } from './label';
import { maatregelNaam } from './maatregel-naam';

/** A measure with its readable name, its rank (1 = best target) and its label jump from the current class (null if unknown). */
export interface Gerangschikt extends Maatregel {
  /** What a client reads (maatregel-naam.ts): the file's description, never an element name such as Step1. */
  naam: string;
  rang: number;
  labelstappen: number | null;
}

function compareNullable(a: number | null, b: number | null): number {
  if (a === null && b === null) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a - b;
}

/** Orders two measures: better target label, then lower target index, then lower investment. */
export function compareMaatregelen(a: Maatregel, b: Maatregel): number {
  return (
    compareNullable(a.doel_label ? labelIndex(a.doel_label) : null, b.doel_label ? labelIndex(b.doel_label) : null) ||
    compareNullable(a.doel_index, b.doel_index) ||
    compareNullable(a.investering, b.investering)
  );
}

/** The measures ranked best first, numbered from 1, with the label jump from `huidig` when both are known. */
export function rankMaatregelen(maatregelen: readonly Maatregel[], huidig: LabelKlasse | null): Gerangschikt[] {
  return maatregelen
    .map((m, i) => ({ m, i }))
    .sort((x, y) => compareMaatregelen(x.m, y.m) || x.i - y.i)
    .map(({ m }, i) => ({
      ...m,
      naam: maatregelNaam(m.omschrijving),
      rang: i + 1,
      labelstappen: huidig && m.doel_label ? labelStappen(huidig, m.doel_label) : null,
    }));
}
