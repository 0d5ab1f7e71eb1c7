// The one definition of how many vestigingen a holding, hoofdholding or structure has, used by every
// answer and view that shows such a count (ranking, holdings, structure, network, exports): the ACTIVE
// vestigingen among its vestiging_ids (a licence valid on the version's peildatum). Ended vestigingen stay in
// vestiging_ids (so exits remain visible) but are not counted; shares are of the same active count. Pure.

/** What a count needs to know of a vestiging. */
export interface TelbareVestiging {
  actief: boolean;
}

/** The label of the count wherever it is a column or a figure: says which definition it is. */
export const VESTIGINGEN_ACTIEF_LABEL = 'Vestigingen (actief)';

/** The active vestigingen among `ids` (ids unknown to `vestiging` do not count). */
export function actieveVestigingIds(ids: Iterable<string>, vestiging: ReadonlyMap<string, TelbareVestiging>): string[] {
  const uit: string[] = [];
  for (const id of ids) if (vestiging.get(id)?.actief) uit.push(id);
  return uit;
}

/** How many of `ids` are active vestigingen: the count every view shows as "Vestigingen (actief)". */
export function aantalVestigingenActief(ids: Iterable<string>, vestiging: ReadonlyMap<string, TelbareVestiging>): number {
  return actieveVestigingIds(ids, vestiging).length;
}
