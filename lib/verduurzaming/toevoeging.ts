// The toevoeging as the API takes it: huisletter and huisnummertoevoeging joined by a dash when both
// exist ("A", "2", "A-2"). Pure; used by the address resolution and by the uploader page.

/** The API's toevoeging for an address with a huisletter and/or a huisnummertoevoeging. */
export function toevoegingVan(l: { huisletter: string | null; toevoeging: string | null }): string {
  return [l.huisletter, l.toevoeging].filter((p): p is string => Boolean(p)).join('-');
}
