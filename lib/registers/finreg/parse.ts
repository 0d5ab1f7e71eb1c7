// Streaming parser of the DNB Openbaar Register CSV download, one file per sub-register (deelregister),
// semicolon separated. One row = one registration (or one activity of a registration). Column names are
// mapped in columns.ts. Pure: no I/O beyond reading the given input.
import { readCsv } from './csv';
import { DNB_COLUMNS, DNB_REQUIRED, dnbFieldFor, type DnbField } from './columns';
import { normalizeDate, padDigits } from './dates';
import { clean, mapHeader, type HeaderMap } from './header-map';
import type { ParseInput } from './input';
import { ParseStats, type ParseRun } from './parse-stats';
import type { TextEncodingOption } from './text-decode';

export interface DnbRegistration {
  /** physical line in the CSV where the row starts */
  line: number;
  deelregister: string | null;
  relatienummer: string;
  statutaire_naam: string;
  statutaire_plaats: string | null;
  plaats_vestiging: string | null;
  land: string | null;
  /** 8 digits, re-padded */
  kvk_nummer: string | null;
  /** 9 digits, re-padded */
  rsin: string | null;
  /** 20 uppercase alphanumerics */
  lei: string | null;
  handelsnaam: string | null;
  registratietype: string | null;
  wetsartikel: string | null;
  /** yyyy-mm-dd */
  begindatum: string | null;
  einddatum: string | null;
  activiteit: string | null;
  begindatum_activiteit: string | null;
  einddatum_activiteit: string | null;
  /** columns not in columns.ts, original header → value */
  extra: Record<string, string>;
}

export interface DnbParseOptions {
  /** sub-register code when the file has no Deelregister column (e.g. from the file name WFTDG.csv) */
  deelregister?: string;
  encoding?: TextEncodingOption;
  delimiter?: string | 'auto';
  maxProblems?: number;
}

const DATE_FIELDS = ['begindatum', 'einddatum', 'begindatum_activiteit', 'einddatum_activiteit'] as const;
const LEI_RE = /^[A-Z0-9]{18}[0-9]{2}$/;

export function parseDnbCsv(input: ParseInput, opts: DnbParseOptions = {}): ParseRun<DnbRegistration> {
  const stats = new ParseStats(opts.maxProblems);
  async function* run(): AsyncGenerator<DnbRegistration> {
    let map: HeaderMap<DnbField> | null = null;
    for await (const row of readCsv(input, {
      delimiter: opts.delimiter ?? ';',
      encoding: opts.encoding ?? 'auto',
      onEncoding: (e, bom) => (stats.encoding = bom ? `${e} (BOM)` : e),
      onBytes: (n) => (stats.bytes += n),
    })) {
      if (!map) {
        map = mapHeader('DNB CSV', row.fields, dnbFieldFor, DNB_REQUIRED, (f) => DNB_COLUMNS[f][0]);
        if (map.unknown.length)
          stats.notice(`unknown columns kept in extra: ${map.unknown.map(([, h]) => h).join(', ')}`);
        if (map.index.deelregister === undefined && !opts.deelregister)
          stats.notice('no Deelregister column and no deelregister option: deelregister is null');
        continue;
      }
      stats.read++;
      const rec = toRecord(row.line, row.fields, map, stats, opts);
      if (rec) {
        stats.yielded++;
        yield rec;
      }
    }
    if (!map) throw new Error('DNB CSV: empty file, no header row');
  }
  const gen = run();
  return { stats, [Symbol.asyncIterator]: () => gen };
}

function toRecord(
  line: number,
  f: string[],
  map: HeaderMap<DnbField>,
  stats: ParseStats,
  opts: DnbParseOptions,
): DnbRegistration | null {
  if (f.length !== map.headers.length)
    stats.warn(line, 'kolommen_aantal', `${f.length} fields, header has ${map.headers.length}`);
  const get = (k: DnbField) => {
    const i = map.index[k];
    return i === undefined ? null : clean(f[i]);
  };
  const relatienummer = get('relatienummer');
  const naam = get('statutaire_naam');
  if (!relatienummer) {
    stats.skip(line, 'geen_relatienummer', 'row without Relatienummer');
    return null;
  }
  if (!naam) {
    stats.skip(line, 'geen_naam', `relatienummer ${relatienummer} without StatutaireNaam`);
    return null;
  }
  const digits = (k: 'kvk_nummer' | 'rsin', width: number) => {
    const raw = get(k);
    const v = padDigits(raw, width);
    if (v === 'invalid') {
      stats.warn(line, `${k}_ongeldig`, `${k} ${JSON.stringify(raw)} is not ${width} digits; cleared`);
      return null;
    }
    return v;
  };
  let lei = get('lei');
  if (lei) {
    lei = lei.toUpperCase().replace(/\s/g, '');
    if (!LEI_RE.test(lei)) {
      stats.warn(line, 'lei_ongeldig', `LEI ${JSON.stringify(lei)} is not 20 alphanumerics; cleared`);
      lei = null;
    }
  }
  const dates = {} as Record<(typeof DATE_FIELDS)[number], string | null>;
  for (const k of DATE_FIELDS) {
    const r = normalizeDate(get(k));
    if (r.ok) dates[k] = r.value;
    else {
      stats.warn(line, 'datum_ongeldig', `${k} ${JSON.stringify(r.raw)} is not a date; cleared`);
      dates[k] = null;
    }
  }
  const extra: Record<string, string> = {};
  for (const [i, h] of map.unknown) {
    const v = clean(f[i]);
    if (v !== null) extra[h] = v;
  }
  return {
    line,
    deelregister: get('deelregister')?.toUpperCase() ?? opts.deelregister ?? null,
    relatienummer,
    statutaire_naam: naam,
    statutaire_plaats: get('statutaire_plaats'),
    plaats_vestiging: get('plaats_vestiging'),
    land: get('land'),
    kvk_nummer: digits('kvk_nummer', 8),
    rsin: digits('rsin', 9),
    lei,
    handelsnaam: get('handelsnaam'),
    registratietype: get('registratietype'),
    wetsartikel: get('wetsartikel'),
    ...dates,
    activiteit: get('activiteit'),
    extra,
  };
}
