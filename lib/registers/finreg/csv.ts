// Streaming CSV reader (RFC 4180 with the usual real-world quirks): configurable delimiter, quoted fields
// with "" escapes and line breaks inside quotes, CRLF/LF/CR line ends, BOM, encodings (see text-decode.ts),
// blank lines ignored. Yields one row at a time with the physical line number where it starts, so memory
// stays flat whatever the file size. No csv-parse in node_modules, hence this small reader.
// (Generic helper; lives in finreg/ only because of file ownership, move to lib/registers/shared/ later.)
import { byteChunks, type ParseInput } from './input';
import { StreamingTextDecoder, type TextEncodingOption } from './text-decode';

export interface CsvRow {
  line: number;
  fields: string[];
}

export interface CsvOptions {
  delimiter?: string | 'auto';
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

export async function* readCsv(input: ParseInput, opts: CsvOptions = {}): AsyncGenerator<CsvRow> {
  const decoder = new StreamingTextDecoder(opts.encoding ?? 'auto');
  let delim = opts.delimiter && opts.delimiter !== 'auto' ? opts.delimiter : null;
  let announced = false;

  // parser state
  let field = '';
  let fields: string[] = [];
  let inQuotes = false;
  let quoteSeen = false; // a quote just closed (or "" escape pending)
  let line = 1;
  let rowStart = 1;
  let prevCR = false;
  let rowHasContent = false;
  let sniffBuf = '';

  const out: CsvRow[] = [];
  const endRow = () => {
    fields.push(field);
    if (rowHasContent || fields.length > 1 || field !== '') out.push({ line: rowStart, fields });
    fields = [];
    field = '';
    rowHasContent = false;
  };

  const feed = (text: string) => {
    if (!delim) {
      sniffBuf += text;
      const nl = sniffBuf.search(/[\r\n]/);
      if (nl < 0 && sniffBuf.length < 65536) return;
      delim = sniffDelimiter(nl < 0 ? sniffBuf : sniffBuf.slice(0, nl));
      text = sniffBuf;
      sniffBuf = '';
    }
    const d = delim;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const ch = text[i];
      if (inQuotes) {
        // fast path: copy up to next quote or newline
        const q = text.indexOf('"', i);
        const end = q < 0 ? n : q;
        if (end > i) {
          const chunk = text.slice(i, end);
          for (let k = 0; k < chunk.length; k++) {
            const c = chunk.charCodeAt(k);
            if (c === 10) {
              if (!prevCR) line++;
              prevCR = false;
            } else if (c === 13) {
              line++;
              prevCR = true;
            } else prevCR = false;
          }
          field += chunk;
          i = end;
          continue;
        }
        // ch === '"'
        inQuotes = false;
        quoteSeen = true;
        prevCR = false;
        i++;
        continue;
      }
      if (quoteSeen) {
        quoteSeen = false;
        if (ch === '"') {
          field += '"';
          inQuotes = true;
          i++;
          continue;
        }
      }
      if (ch === d) {
        fields.push(field);
        field = '';
        rowHasContent = true;
        prevCR = false;
        i++;
      } else if (ch === '\n') {
        if (prevCR) {
          prevCR = false;
          i++;
          continue;
        }
        endRow();
        line++;
        rowStart = line;
        i++;
      } else if (ch === '\r') {
        endRow();
        line++;
        rowStart = line;
        prevCR = true;
        i++;
      } else if (ch === '"' && field.trim() === '') {
        field = '';
        inQuotes = true;
        rowHasContent = true;
        prevCR = false;
        i++;
      } else {
        // unquoted run: copy until delimiter / quote / newline
        let j = i;
        while (j < n) {
          const c = text[j];
          if (c === d || c === '\n' || c === '\r') break;
          j++;
        }
        field += text.slice(i, j);
        rowHasContent = true;
        prevCR = false;
        i = j;
      }
    }
  };

  for await (const chunk of byteChunks(input)) {
    opts.onBytes?.(chunk.length);
    feed(decoder.write(chunk));
    if (!announced && decoder.encoding) {
      announced = true;
      opts.onEncoding?.(decoder.encoding, decoder.bom);
    }
    if (out.length) {
      const rows = out.splice(0, out.length);
      yield* rows;
    }
  }
  feed(decoder.end());
  if (!announced) opts.onEncoding?.(decoder.encoding ?? 'ascii', decoder.bom);
  if (!delim && sniffBuf) {
    delim = sniffDelimiter(sniffBuf);
    const t = sniffBuf;
    sniffBuf = '';
    feed(t);
  }
  if (inQuotes || rowHasContent || field !== '' || fields.length) endRow();
  yield* out.splice(0, out.length);
}

/** Header normalisation used by the column maps: lower case, no accents, no spaces/underscores/dashes/dots. */
export function normalizeHeader(h: string): string {
  return h
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-./()]+/g, '');
}
