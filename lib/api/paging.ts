// The paging Link header (RFC 8288) of list answers, derived from the `volgende` their data already carries.
// Every list of this API pages by offset: `start` (0-based) and `rijen` (page size), with `totaal` and
// `volgende` (path with query of the next page, null on the last). From those, and the request's own URL,
// follow first (start left out), prev (start - rijen, at least 0) and last (the page holding row totaal - 1).
// One rule for every operation whose data has `volgende`: the route wrapper calls pagingLink on each answer.

/** The paging fields of a list answer's data, as far as present. */
interface Paged {
  volgende: string | null;
  start?: unknown;
  rijen?: unknown;
  totaal?: unknown;
}

const isPaged = (data: unknown): data is Paged =>
  typeof data === 'object' && data !== null && 'volgende' in data && (typeof (data as Paged).volgende === 'string' || (data as Paged).volgende === null);

const count = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : null);

/** Path and query of the request with `start` set to this offset (left out for 0, the first page). */
function at(url: URL, start: number): string {
  const u = new URL(url.href);
  if (start > 0) u.searchParams.set('start', String(start));
  else u.searchParams.delete('start');
  const query = u.searchParams.toString();
  return query ? `${u.pathname}?${query}` : u.pathname;
}

/** A Link header value: one `<target>; rel="..."` per relation, in the order first, prev, next, last. */
export function linkValue(links: { rel: string; href: string }[]): string {
  return links.map((l) => `<${l.href.replace(/[<>\s]/g, encodeURIComponent)}>; rel="${l.rel}"`).join(', ');
}

/** The Link header of an answer with `data`, requested at `requestUrl`; null when the data does not page. */
export function pagingLink(requestUrl: string, data: unknown): string | null {
  if (!isPaged(data)) return null;
  const url = new URL(requestUrl);
  const start = count(data.start);
  const rijen = count(data.rijen);
  const totaal = count(data.totaal);
  const links: { rel: string; href: string }[] = [{ rel: 'first', href: at(url, 0) }];
  if (start !== null && rijen !== null && start > 0) links.push({ rel: 'prev', href: at(url, Math.max(0, start - rijen)) });
  if (data.volgende !== null) links.push({ rel: 'next', href: data.volgende });
  if (rijen !== null && rijen > 0 && totaal !== null) links.push({ rel: 'last', href: at(url, totaal > 0 ? Math.floor((totaal - 1) / rijen) * rijen : 0) });
  return linkValue(links);
}

/** Whether a response data schema (its JSON Schema object) pages: it has a `volgende` property. For the OpenAPI Link header. */
export function schemaPages(schema: unknown): boolean {
  const props = (schema as { properties?: Record<string, unknown> } | null)?.properties;
  return !!props && Object.prototype.hasOwnProperty.call(props, 'volgende');
}

/** The OpenAPI description of the Link header (components/headers/Link) on operations whose data pages. */
export const LINK_HEADER_OPENAPI = {
  description:
    'Paginering (RFC 8288): <pad?query>; rel="first" (start weggelaten), rel="prev" (start - rijen), rel="next" ' +
    '(gelijk aan data.volgende; ontbreekt op de laatste pagina) en rel="last" (de pagina met de laatste rij van totaal). ' +
    'Adressen zijn relatief ten opzichte van deze server.',
  schema: { type: 'string' },
  example: '</v1/lei/entiteiten?rijen=50>; rel="first", </v1/lei/entiteiten?rijen=50&start=50>; rel="prev", </v1/lei/entiteiten?rijen=50&start=150>; rel="next", </v1/lei/entiteiten?rijen=50&start=2950>; rel="last"',
} as const;
