// CSV output for bulk users of list operations: RFC 4180 text (CRLF line ends, a header row, fields
// quoted when they contain a separator, quote or line break; quotes doubled), encoded as UTF-8 with a
// byte-order mark so spreadsheet programs detect the encoding. Cells that a spreadsheet would read as a
// formula (starting with = + - @, or a tab/carriage return) get a leading single quote (OWASP CSV
// injection advice). Pure: no I/O.

const BOM = '\uFEFF';
const MOET_QUOTEN = /[;,"\r\n]/;
const FORMULE_START = /^[=+\-@\t\r]/;

/** One cell as CSV text: null/undefined empty, dates ISO, objects as JSON, formulas neutralised, quoted when needed. */
export function csvCel(waarde: unknown): string {
  if (waarde === null || waarde === undefined) return '';
  let tekst: string;
  if (typeof waarde === 'string') tekst = waarde;
  else if (typeof waarde === 'number' || typeof waarde === 'bigint') return String(waarde);
  else if (typeof waarde === 'boolean') tekst = waarde ? 'true' : 'false';
  else if (waarde instanceof Date) tekst = waarde.toISOString();
  else tekst = JSON.stringify(waarde);
  if (FORMULE_START.test(tekst)) tekst = `'${tekst}`;
  return MOET_QUOTEN.test(tekst) ? `"${tekst.replace(/"/g, '""')}"` : tekst;
}

/** The CSV text (with BOM) of rows in the given column order: a header row, then one line per row. */
export function naarCsv(rijen: readonly Record<string, unknown>[], kolommen: readonly string[]): string {
  const regels = [kolommen.map(csvCel).join(',')];
  for (const rij of rijen) regels.push(kolommen.map((k) => csvCel(rij[k])).join(','));
  return `${BOM}${regels.join('\r\n')}\r\n`;
}

/** The CSV as UTF-8 bytes, ready for a binary answer. */
export function csvBytes(rijen: readonly Record<string, unknown>[], kolommen: readonly string[]): Uint8Array {
  return new TextEncoder().encode(naarCsv(rijen, kolommen));
}

/** Media type of CSV answers. */
export const CSV_CONTENT_TYPE = 'text/csv; charset=utf-8';

/**
 * True when the request asks for CSV: `formaat=csv`, or no formaat and an Accept header that prefers
 * text/csv over JSON (a plain `text/csv` or one listed before application/json with a higher or equal q).
 */
export function wilCsv(request: Request, formaat: 'json' | 'csv' | undefined): boolean {
  if (formaat) return formaat === 'csv';
  const accept = request.headers.get('accept');
  if (!accept) return false;
  let csv = -1;
  let json = -1;
  for (const deel of accept.split(',')) {
    const [type, ...params] = deel.trim().toLowerCase().split(';').map((s) => s.trim());
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(q) || q <= 0) continue;
    if (type === 'text/csv') csv = Math.max(csv, q);
    else if (type === 'application/json' || type === 'application/*' || type === 'application/problem+json') json = Math.max(json, q);
  }
  return csv > 0 && csv >= json;
}

/** What a CSV answer says of its sources (lib/sources/bron.ts BronEntry): the fields the JSON envelope's bronnen carry. */
export interface CsvBron {
  bron: string;
  url: string | null;
  licentie: string;
  attributie: string;
  peildatum?: string | null;
  bron_url?: string | null;
}

/** A header parameter: a quoted string when plain ASCII, else RFC 8187 (name*=UTF-8''percent-encoded). */
function param(name: string, value: string): string {
  if (/^[\x20-\x7e]*$/.test(value)) return `${name}="${value.replace(/["\\]/g, '\\$&')}"`;
  return `${name}*=UTF-8''${encodeURIComponent(value).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** The date part (YYYY-MM-DD) of a peildatum, which is a date or an ISO timestamp. */
const datumVan = (peildatum: string): string => peildatum.slice(0, 10);

/**
 * The provenance of a CSV answer, which has no envelope (the spec asks peildatum, bron_url and attribution on
 * every collection answer): headers and the file name, derived from the operation's bronnen.
 * - X-Peildatum: the peildatum (ISO, as in bronnen; several sources: comma-separated, in bronnen order);
 * - Link: <bron_url>; rel="via" per source with an official export (RFC 8288: the source of this information);
 * - X-Bronnen: per source `<bron>; titel..; licentie=..; attributie=..; peildatum=..` (RFC 8187 for non-ASCII);
 * - the file name gets `_peildatum-YYYY-MM-DD` before .csv (unless it already names that date).
 */
export function csvHerkomst(bronnen: readonly CsvBron[], filename: string): { filename: string; headers: Record<string, string> } {
  const headers: Record<string, string> = {};
  const peildata = [...new Set(bronnen.map((b) => b.peildatum).filter((p): p is string => !!p))];
  if (peildata.length > 0) headers['X-Peildatum'] = peildata.join(', ');
  const via = bronnen.filter((b) => b.bron_url).map((b) => `<${encodeURI(b.bron_url as string).replace(/%25([0-9A-Fa-f]{2})/g, '%$1')}>; rel="via"; ${param('title', b.bron)}`);
  if (via.length > 0) headers.Link = via.join(', ');
  if (bronnen.length > 0) {
    headers['X-Bronnen'] = bronnen
      .map((b) => [b.bron, param('licentie', b.licentie), param('attributie', b.attributie), ...(b.peildatum ? [param('peildatum', b.peildatum)] : [])].join('; '))
      .join(', ');
  }
  const datums = [...new Set(peildata.map(datumVan))];
  const naam = datums.length === 1 && !filename.includes(datums[0]) ? filename.replace(/(\.csv)?$/, `_peildatum-${datums[0]}$1`) : filename;
  return { filename: naam, headers };
}

/** Header names of csvHerkomst, for CORS (Access-Control-Expose-Headers) and the documentation. */
export const CSV_HERKOMST_KOPPEN = ['X-Peildatum', 'X-Bronnen', 'Link', 'Content-Disposition'] as const;
