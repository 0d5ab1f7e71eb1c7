// Field selection on output: keeps only the keys named by velden (in that order). Without velden the
// item is returned as it is.

/** The item with only the selected keys, in the order of `velden`; the whole item when velden is undefined. */
export function selectFields<T extends Record<string, unknown>>(item: T, velden: readonly string[] | undefined): Partial<T> {
  if (!velden) return item;
  const uit: Record<string, unknown> = {};
  for (const naam of velden) if (Object.hasOwn(item, naam)) uit[naam] = item[naam];
  return uit as Partial<T>;
}

/** The CSV/column order for a list: the selected fields, or all selectable fields of the catalogue. */
export function kolomVolgorde(velden: readonly string[] | undefined, selecteerbaar: readonly string[]): readonly string[] {
  return velden ?? selecteerbaar;
}
