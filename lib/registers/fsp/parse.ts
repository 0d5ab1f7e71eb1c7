// Streaming parser of the AFM register export (financiële dienstverleners, Wft): CSV, semicolon
// separated, quoted, cp1252 [D]. Header names are mapped in columns.ts (the one place to adjust for the
// live file). Unknown columns go to `extra` and are reported once in stats.notices. Pure: no I/O beyond
// reading the given input.
import { readCsv } from '../finreg/csv';
import { padDigits } from '../finreg/dates';
import { clean, mapHeader, type HeaderMap } from '../finreg/header-map';
import type { ParseInput } from '../finreg/input';
import { ParseStats, type ParseRun } from '../finreg/parse-stats';
import type { TextEncodingOption } from '../finreg/text-decode';
import { AFM_COLUMNS, AFM_EXPECTED, AFM_REQUIRED, afmFieldFor, type AfmField } from './columns';

export interface AfmInstitution {
  /** physical line in the CSV where the row starts */
  line: number;
  statutaire_naam: string;
  handelsnaam: string | null;
  plaats: string | null;
  land: string | null;
  /** 8 digits; not in the documented export, filled only if a KvK column appears */
  kvk_nummer: string | null;
  afm_id: string | null;
  vergunningnummer: string | null;
  /** columns not in columns.ts, original header → value */
  extra: Record<string, string>;
}

export interface AfmParseOptions {
  /** default 'auto' (UTF-8 when BOM or valid UTF-8, else windows-1252); the documented export is cp1252 */
  encoding?: TextEncodingOption;
  delimiter?: string | 'auto';
  maxProblems?: number;
}

export function parseAfmCsv(input: ParseInput, opts: AfmParseOptions = {}): ParseRun<AfmInstitution> {
  const stats = new ParseStats(opts.maxProblems);
  async function* run(): AsyncGenerator<AfmInstitution> {
    let map: HeaderMap<AfmField> | null = null;
    for await (const row of readCsv(input, {
      delimiter: opts.delimiter ?? 'auto',
      encoding: opts.encoding ?? 'auto',
      onEncoding: (e, bom) => (stats.encoding = bom ? `${e} (BOM)` : e),
      onBytes: (n) => (stats.bytes += n),
    })) {
      if (!map) {
        map = mapHeader('AFM CSV', row.fields, afmFieldFor, AFM_REQUIRED, (f) => AFM_COLUMNS[f][0]);
        if (map.unknown.length)
          stats.notice(`unknown columns kept in extra: ${map.unknown.map(([, h]) => h).join(', ')}`);
        const absent = AFM_EXPECTED.filter((f) => map!.index[f] === undefined);
        if (absent.length) stats.notice(`expected columns absent: ${absent.map((f) => AFM_COLUMNS[f][0]).join(', ')}`);
        continue;
      }
      stats.read++;
      const rec = toRecord(row.line, row.fields, map, stats);
      if (rec) {
        stats.yielded++;
        yield rec;
      }
    }
    if (!map) throw new Error('AFM CSV: empty file, no header row');
  }
  const gen = run();
  return { stats, [Symbol.asyncIterator]: () => gen };
}

function toRecord(line: number, f: string[], map: HeaderMap<AfmField>, stats: ParseStats): AfmInstitution | null {
  if (f.length !== map.headers.length)
    stats.warn(line, 'kolommen_aantal', `${f.length} fields, header has ${map.headers.length}`);
  const get = (k: AfmField) => {
    const i = map.index[k];
    return i === undefined ? null : clean(f[i]);
  };
  const naam = get('statutaire_naam');
  if (!naam) {
    stats.skip(line, 'geen_naam', 'row without Statutaire naam');
    return null;
  }
  let kvk: string | null = null;
  const rawKvk = get('kvk_nummer');
  const k = padDigits(rawKvk, 8);
  if (k === 'invalid') stats.warn(line, 'kvk_nummer_ongeldig', `KvK ${JSON.stringify(rawKvk)} is not 8 digits; cleared`);
  else kvk = k;
  const extra: Record<string, string> = {};
  for (const [i, h] of map.unknown) {
    const v = clean(f[i]);
    if (v !== null) extra[h] = v;
  }
  return {
    line,
    statutaire_naam: naam,
    handelsnaam: get('handelsnaam'),
    plaats: get('plaats'),
    land: get('land'),
    kvk_nummer: kvk,
    afm_id: get('afm_id'),
    vergunningnummer: get('vergunningnummer'),
    extra,
  };
}
