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
