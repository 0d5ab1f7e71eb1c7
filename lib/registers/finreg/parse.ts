// Streaming parser of the DNB Openbaar Register CSV download, one file per sub-register (deelregister),
// semicolon separated. One row = one registration (or one activity of a registration). Column names are
// mapped in columns.ts. Pure: no I/O beyond reading the given input.
import { parseCsvRegister, type CsvRegisterOptions, type CsvRegisterRow } from '../common/csv-register';
import { DNB_COLUMNS, DNB_REQUIRED, dnbFieldFor, type DnbField } from './columns';
import { normalizeDate, padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import type { ParseRun, ParseStats } from '../common/parse-stats';

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

export interface DnbParseOptions extends CsvRegisterOptions {
  /** sub-register code when the file has no Deelregister column (e.g. from the file name WFTDG.csv) */
  deelregister?: string;
}

const DATE_FIELDS = ['begindatum', 'einddatum', 'begindatum_activiteit', 'einddatum_activiteit'] as const;
const LEI_RE = /^[A-Z0-9]{18}[0-9]{2}$/;

export function parseDnbCsv(input: ParseInput, opts: DnbParseOptions = {}): ParseRun<DnbRegistration> {
  return parseCsvRegister(input, opts, {
    register: 'DNB CSV',
    columns: DNB_COLUMNS,
    fieldFor: dnbFieldFor,
    required: DNB_REQUIRED,
    delimiter: ';',
    onHeader: (map, stats) => {
      if (map.index.deelregister === undefined && !opts.deelregister)
        stats.notice('no Deelregister column and no deelregister option: deelregister is null');
    },
    toRecord: (row, stats) => toRecord(row, stats, opts),
  });
}

function toRecord({ line, get, extra }: CsvRegisterRow<DnbField>, stats: ParseStats, opts: DnbParseOptions): DnbRegistration | null {
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
    extra: extra(),
  };
}
