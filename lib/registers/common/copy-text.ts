// COPY text format encoding of the bulk-load rows (PostgreSQL docs, COPY "Text Format"): columns
// separated by a tab, rows ended by a newline, NULL as \N, and backslash, newline, carriage return
// and tab written as \\, \n, \r and \t. A text[] value is an array literal ({"a","b"} with " and \
// escaped inside the quotes) which is then escaped again as a COPY field. Values arrive as they do
// for the INSERT path (bulk-insert.ts): strings (jsonb as JSON text), numbers, Dates, string arrays.
import type { BulkColumn } from './bulk-insert';

const SPECIAL = /[\\\n\r\t]/;
const SPECIAL_G = /[\\\n\r\t]/g;
const REPLACE: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** One field in COPY text format (without the separator). */
export function copyField(value: string): string {
  return SPECIAL.test(value) ? value.replace(SPECIAL_G, (c) => REPLACE[c]) : value;
}

/** A PostgreSQL array literal of strings (null elements as NULL). */
export function arrayLiteral(values: readonly unknown[]): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i) out += ',';
    out += v === null || v === undefined ? 'NULL' : `"${String(v).replace(/[\\"]/g, '\\$&')}"`;
  }
  return out + '}';
}

function text(value: unknown, column: BulkColumn): string {
  if (column.cast === 'text[]') {
    if (!Array.isArray(value)) throw new Error(`copy: kolom ${column.name} verwacht een lijst`);
    return arrayLiteral(value);
  }
  return value instanceof Date ? value.toISOString() : String(value);
}

/** One row (values in column order) as a COPY text line, newline included. */
export function copyLine(columns: readonly BulkColumn[], row: readonly unknown[]): string {
  if (row.length !== columns.length) throw new Error(`bulkInsert: rij met ${row.length} waarden, ${columns.length} kolommen`);
  let line = '';
  for (let j = 0; j < row.length; j++) {
    const v = row[j];
    if (j) line += '\t';
    line += v === null || v === undefined ? '\\N' : copyField(text(v, columns[j]));
  }
  return line + '\n';
}
