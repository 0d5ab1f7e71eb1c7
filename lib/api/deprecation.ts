// Deprecation of an operation, declared once (operation({ deprecated: { sinds, sunset?, opvolger? } })) and
// shown twice from that declaration: in the OpenAPI document (deprecated: true plus a sentence) and on every
// answer of the operation, as the headers Deprecation (RFC 9745: @<unix seconds>), Sunset (RFC 8594:
// an HTTP-date) and Link (rel="successor-version" to the successor, rel="deprecation" to the changelog).

/** The deprecation of an operation. Dates as ISO 8601 dates (YYYY-MM-DD, midnight UTC) or date-times. */
export interface Deprecation {
  /** Since when the operation is deprecated. */
  sinds: string;
  /** When the operation stops answering (after this date it may answer 404 or 410). */
  sunset?: string;
  /** The path (or URL) of the operation that replaces it. */
  opvolger?: string;
}

/** Where the changes of the API are listed (the deprecation's explanation). */
export const CHANGELOG_PATH = '/v1/changelog';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

function instant(date: string, what: string): Date {
  const d = ISO_DATE.test(date) ? new Date(`${date}T00:00:00Z`) : ISO_DATE_TIME.test(date) ? new Date(date) : new Date(NaN);
  if (Number.isNaN(d.getTime())) throw new Error(`deprecated.${what}: ${date} is not an ISO 8601 date`);
  return d;
}

/** Checks the dates of a declaration (at declaration time, so a typo fails at start-up and in the tests). */
export function checkDeprecation(id: string, d: Deprecation): void {
  const sinds = instant(d.sinds, 'sinds');
  if (d.sunset && instant(d.sunset, 'sunset') <= sinds) throw new Error(`operation ${id}: deprecated.sunset must be after sinds`);
}

/** The response headers of a deprecated operation's answers (every status: a client sees it on errors too). */
export function deprecationHeaders(d: Deprecation | undefined): Record<string, string> {
  if (!d) return {};
  const headers: Record<string, string> = { Deprecation: `@${Math.floor(instant(d.sinds, 'sinds').getTime() / 1000)}` };
  if (d.sunset) headers.Sunset = instant(d.sunset, 'sunset').toUTCString();
  const links = [`<${CHANGELOG_PATH}>; rel="deprecation"; type="text/markdown"`];
  if (d.opvolger) links.unshift(`<${d.opvolger}>; rel="successor-version"`);
  headers.Link = links.join(', ');
  return headers;
}

/** Adds the deprecation headers to an answer (a Link header already there, such as paging, is kept). */
export function withDeprecation(response: Response, d: Deprecation | undefined): Response {
  for (const [k, v] of Object.entries(deprecationHeaders(d))) {
    const present = response.headers.get(k);
    if (k === 'Link' && present) response.headers.set(k, `${present}, ${v}`);
    else response.headers.set(k, v);
  }
  return response;
}

/** The sentence of the OpenAPI description of a deprecated operation. */
export function deprecationText(d: Deprecation): string {
  const parts = [`Verouderd sinds ${d.sinds}`];
  if (d.sunset) parts.push(`verdwijnt op ${d.sunset}`);
  if (d.opvolger) parts.push(`gebruik ${d.opvolger}`);
  return `${parts.join('; ')}. Elk antwoord draagt de headers Deprecation, ${d.sunset ? 'Sunset en ' : ''}Link (zie ${CHANGELOG_PATH}).`;
}
