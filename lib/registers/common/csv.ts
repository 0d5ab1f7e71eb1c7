// The one streaming CSV reader of the register importers, on csv-parse (streaming API). Bytes are first
// decoded by text-decode.ts (BOM, UTF-8/UTF-16, cp1252/ISO-8859-1, or 'auto'), then parsed: configurable
// or sniffed delimiter, quoted fields with "" escapes and line breaks inside quotes, CRLF/LF/CR line ends
// (mixed too), blank lines skipped, rows of any length (relax_column_count: callers compare with the
// header and report 'kolommen_aantal' themselves). Every row carries the physical line where it starts,
// for problem reports. Memory stays flat whatever the file size.
import { pipeline, Readable } from 'node:stream';
import { parse, type Info } from 'csv-parse';
import { byteChunks, type ParseInput } from './input';
import { StreamingTextDecoder, type TextEncodingOption } from './text-decode';

export interface CsvRow {
  /** 1-based physical line where the row starts */
  line: number;
  fields: string[];
}

export interface CsvOptions {
  /** field separator; 'auto' sniffs ';', ',' or tab from the header line. Default ','. */
  delimiter?: string | 'auto';
  /** default 'auto' (BOM, else UTF-8 when valid, else windows-1252) */
  encoding?: TextEncodingOption;
  /** called once the encoding is known */
  onEncoding?: (encoding: string, bom: boolean) => void;
  onBytes?: (n: number) => void;
}

/** Picks ';', ',' or tab from the first line (outside quotes), ';' on a tie. */
export function sniffDelimiter(firstLine: string): string {
  const counts: Record<string, number> = { ';': 0, ',': 0, '\t': 0 };
  let q = false;
  for (const ch of firstLine) {
    if (ch === '"') q = !q;
    else if (!q && ch in counts) counts[ch]++;
  }
  let best = ';';
  for (const d of [',', '\t']) if (counts[d] > counts[best]) best = d;
  return best;
}

/** The decoded text of the input, chunk by chunk. */
async function* decodedText(input: ParseInput, opts: CsvOptions): AsyncGenerator<string> {
  const decoder = new StreamingTextDecoder(opts.encoding ?? 'auto');
  let announced = false;
  for await (const chunk of byteChunks(input)) {
    opts.onBytes?.(chunk.length);
    const text = decoder.write(chunk);
    if (!announced && decoder.encoding) {
      announced = true;
      opts.onEncoding?.(decoder.encoding, decoder.bom);
    }
    if (text) yield text;
  }
  const rest = decoder.end();
  if (!announced) opts.onEncoding?.(decoder.encoding ?? 'ascii', decoder.bom);
  if (rest) yield rest;
}

const LINE_BREAK = /\r\n|\r|\n/g;
const CRLF = /\r\n/g;
const count = (s: string, re: RegExp) => (s.includes('\n') || s.includes('\r') ? (s.match(re)?.length ?? 0) : 0);

/** Yields every non-blank row (header included) with the line where it starts. */
export async function* readCsv(input: ParseInput, opts: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const text = decodedText(input, opts);
  let delimiter = opts.delimiter && opts.delimiter !== 'auto' ? opts.delimiter : null;
  const head: string[] = [];
  if (!delimiter) {
    // Sniff the delimiter from the header line.
    let seen = '';
    for (;;) {
      const r = await text.next();
      if (r.done) break;
      head.push(r.value);
      seen += r.value;
      if (/[\r\n]/.test(seen) || seen.length >= 65536) break;
    }
    delimiter = sniffDelimiter(seen.split(/[\r\n]/, 1)[0]);
  }
  async function* source(): AsyncGenerator<string> {
    yield* head.splice(0); // not kept alive for the whole run
    yield* text;
  }
  const parser = parse({
    delimiter,
    quote: '"',
    escape: '"',
    record_delimiter: ['\r\n', '\n', '\r'],
    relax_column_count: true,
    relax_quotes: true,
    skip_empty_lines: true,
    bom: true,
    info: true,
  });
  pipeline(Readable.from(source(), { objectMode: false }), parser, () => undefined);
  // csv-parse counts a CRLF inside a quoted field as two lines; `extra` corrects for that.
  let extra = 0;
  for await (const rec of parser as AsyncIterable<{ record: string[]; info: Info }>) {
    let inner = 0;
    for (const f of rec.record) {
      const crlf = count(f, CRLF);
      extra += crlf;
      inner += count(f, LINE_BREAK);
    }
    yield { line: rec.info.lines - extra - inner, fields: rec.record };
  }
}

/** Yields each data row as an object keyed by the trimmed header names. */
export async function* csvRecords(input: ParseInput, opts: CsvOptions = {}): AsyncGenerator<Record<string, string>> {
  let header: string[] | null = null;
  for await (const { fields } of readCsv(input, opts)) {
    if (!header) {
      header = fields.map((h) => h.trim());
      continue;
    }
    const rec: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) rec[header[i]] = fields[i] ?? '';
    yield rec;
  }
}
