// sorteer: up to three comma-separated sortable fields, each optionally prefixed with - for descending
// (`-peildatum,naam`). The id field is added as the last, stable tiebreaker when the caller did not name it.
import type { Catalogus } from './catalogue';
import { QueryTaalFout, lijst } from './errors';

export const SORTEER_MAX_VELDEN = 3;
export const SORTEER_MAX_LENGTE = 200;

export interface SorteerTerm {
  veld: string;
  richting: 'asc' | 'desc';
}

/** Parses sorteer into terms (without the tiebreaker; see metTiebreaker); throws QueryTaalFout (parameter sorteer). */
export function parseSorteer(invoer: string, catalogus: Catalogus): SorteerTerm[] {
  if (invoer.length > SORTEER_MAX_LENGTE) throw new QueryTaalFout('sorteer', `te lang (${invoer.length} tekens); maximaal ${SORTEER_MAX_LENGTE}`);
  const termen: SorteerTerm[] = [];
  let positie = 1;
  for (const deel of invoer.split(',')) {
    const term = deel.trim();
    const pos = positie + (deel.length - deel.trimStart().length);
    positie += deel.length + 1;
    if (term === '') throw new QueryTaalFout('sorteer', `lege term op positie ${pos}; bijvoorbeeld sorteer=-${catalogus.sorteerbaar[0] ?? catalogus.id}`, pos);
    const aflopend = term.startsWith('-');
    const naam = aflopend ? term.slice(1) : term;
    const veld = catalogus.veld(naam);
    if (!veld || !veld.sorteerbaar) {
      const bekend = veld ? `veld '${naam}' is niet sorteerbaar` : `onbekend veld '${naam}'`;
      throw new QueryTaalFout('sorteer', `${bekend} op positie ${aflopend ? pos + 1 : pos}; sorteerbaar: ${lijst(catalogus.sorteerbaar)} (met - ervoor voor aflopend)`, pos);
    }
    if (termen.some((t) => t.veld === naam)) throw new QueryTaalFout('sorteer', `veld '${naam}' staat er twee keer in (positie ${pos})`, pos);
    termen.push({ veld: naam, richting: aflopend ? 'desc' : 'asc' });
    if (termen.length > SORTEER_MAX_VELDEN) {
      throw new QueryTaalFout('sorteer', `te veel sorteervelden; maximaal ${SORTEER_MAX_VELDEN}`, pos);
    }
  }
  return termen;
}

/** The terms with the id field added as ascending tiebreaker, unless already present. */
export function metTiebreaker(termen: readonly SorteerTerm[], catalogus: Catalogus): SorteerTerm[] {
  return termen.some((t) => t.veld === catalogus.id) ? [...termen] : [...termen, { veld: catalogus.id, richting: 'asc' }];
}
