// The run shared by the CSV register parsers (DNB, AFM): read the CSV (common/csv.ts), map the header row
// to known fields (header-map.ts), then turn each data row into a record, counting everything in a
// ParseStats. A row whose length differs from the header's is kept and reported as 'kolommen_aantal'.
import { readCsv } from './csv';
import { clean, mapHeader, type HeaderMap } from './header-map';
import type { ParseInput } from './input';
import { ParseStats, type ParseRun } from './parse-stats';
import type { TextEncodingOption } from './text-decode';

export interface CsvRegisterRow<F extends string> {
  /** physical line in the CSV where the row starts */
  line: number;
  /** cleaned value of a field (see clean()), null when empty or when the column is absent */
  get(field: F): string | null;
  /** the columns not mapped to a field: original header → cleaned value, empty values left out */
  extra(): Record<string, string>;
}

/** What the caller of a register parser may set. */
export interface CsvRegisterOptions {
  /** default: the register's own (spec.delimiter) */
  delimiter?: string | 'auto';
  /** default 'auto' (BOM, else UTF-8 when valid, else windows-1252) */
  encoding?: TextEncodingOption;
  maxProblems?: number;
}

export interface CsvRegisterSpec<F extends string, T> {
  /** name in messages, e.g. 'DNB CSV' */
  register: string;
  /** field → accepted header spellings, the first one shown when the column is missing */
  columns: Record<F, readonly string[]>;
  fieldFor: (header: string) => F | undefined;
  required: readonly F[];
  /** the register's usual delimiter */
  delimiter: string | 'auto';
  /** file-level checks once the header is mapped (unknown columns are already noticed) */
  onHeader?: (map: HeaderMap<F>, stats: ParseStats) => void;
  /** the record of one data row, or null when it is skipped (the reason recorded in stats) */
  toRecord: (row: CsvRegisterRow<F>, stats: ParseStats) => T | null;
}

export function parseCsvRegister<F extends string, T>(input: ParseInput, opts: CsvRegisterOptions, spec: CsvRegisterSpec<F, T>): ParseRun<T> {
  const stats = new ParseStats(opts.maxProblems);
  async function* run(): AsyncGenerator<T> {
    let map: HeaderMap<F> | null = null;
    for await (const { line, fields } of readCsv(input, {
      delimiter: opts.delimiter ?? spec.delimiter,
      encoding: opts.encoding ?? 'auto',
      onEncoding: (e, bom) => (stats.encoding = bom ? `${e} (BOM)` : e),
      onBytes: (n) => (stats.bytes += n),
    })) {
      if (!map) {
        map = mapHeader(spec.register, fields, spec.fieldFor, spec.required, (f) => spec.columns[f][0]);
        if (map.unknown.length) stats.notice(`unknown columns kept in extra: ${map.unknown.map(([, h]) => h).join(', ')}`);
        spec.onHeader?.(map, stats);
        continue;
      }
      stats.read++;
      if (fields.length !== map.headers.length)
        stats.warn(line, 'kolommen_aantal', `${fields.length} fields, header has ${map.headers.length}`);
      const m = map;
      const rec = spec.toRecord(
        {
          line,
          get: (k) => {
            const i = m.index[k];
            return i === undefined ? null : clean(fields[i]);
          },
          extra: () => {
            const extra: Record<string, string> = {};
            for (const [i, h] of m.unknown) {
              const v = clean(fields[i]);
              if (v !== null) extra[h] = v;
            }
            return extra;
          },
        },
        stats,
      );
      if (rec) {
        stats.yielded++;
        yield rec;
      }
    }
    if (!map) throw new Error(`${spec.register}: empty file, no header row`);
  }
  const gen = run();
  return { stats, [Symbol.asyncIterator]: () => gen };
}
