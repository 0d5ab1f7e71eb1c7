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

/** COPY batches: at most this many rows, or about this many bytes, per COPY statement. */
export const COPY_ROWS = 5_000;
export const COPY_CHARS = 4 << 20;
/**
 * Size of a batch buffer: a batch is sent once COPY_CHARS bytes are used, or earlier when the next line
 * might not fit (a longer line gets a buffer of its own size). Kept close to COPY_CHARS: the buffer is
 * allocated (zeroed) whole and transferred whole, so every spare byte costs memory while it is queued.
 */
const COPY_BYTES = COPY_CHARS + (1 << 18);

/** A batch of COPY text lines (UTF-8) and its row count. `data` owns its ArrayBuffer (transferable). */
export interface CopyBatch {
  data: Uint8Array;
  rows: number;
}

/**
 * Encodes rows to COPY text batches: each row is written as UTF-8 into the batch buffer when it is
 * added (no row or line string outlives add()). A batch is complete at `maxRows` rows or about
 * COPY_CHARS bytes; every batch buffer is its own ArrayBuffer, so it can be transferred to another thread.
 */
export class CopyBatchEncoder {
  private buf: Buffer | null = null;
  private used = 0;
  private lineCount = 0;
  constructor(
    private columns: readonly BulkColumn[],
    private maxRows = COPY_ROWS,
  ) {}

  /** Adds one row; returns the batch(es) completed by it, else null. */
  add(row: readonly unknown[]): CopyBatch[] | null {
    return this.addLine(copyLine(this.columns, row));
  }

  /** Adds one row already written as a COPY text line (copyLine's text, newline included). */
  addLine(line: string): CopyBatch[] | null {
    const worst = line.length * 3; // UTF-8 bytes per UTF-16 code unit, at most
    let out: CopyBatch[] | null = null;
    if (this.buf && this.used + worst > this.buf.length) out = [this.take()!];
    if (!this.buf) {
      this.buf = Buffer.from(new ArrayBuffer(Math.max(COPY_BYTES, worst)));
      this.used = 0;
    }
    this.used += this.buf.write(line, this.used, 'utf8');
    this.lineCount++;
    if (this.lineCount >= this.maxRows || this.used >= COPY_CHARS) (out ??= []).push(this.take()!);
    return out;
  }

  /** The batch collected so far (null when empty); the next add() starts a new one. */
  take(): CopyBatch | null {
    const buf = this.buf;
    const n = this.lineCount;
    const data = buf ? new Uint8Array(buf.buffer, buf.byteOffset, this.used) : null;
    this.buf = null;
    this.used = 0;
    this.lineCount = 0;
    return data && n ? { data, rows: n } : null;
  }
}
