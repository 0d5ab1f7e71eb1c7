// Streaming parser of the DNB Openbaar Register CSV download, one file per sub-register (deelregister),
// semicolon separated, 34 columns (columns.ts). One row = one registration (or one activity of a
// registration). Pure: no I/O beyond reading the given input.
import { parseCsvRegister, type CsvRegisterOptions, type CsvRegisterRow } from '../common/csv-register';
import { DNB_COLUMNS, DNB_REQUIRED, dnbFieldFor, type DnbField } from './columns';
import { deelregisterCode } from './deelregisters';
import { normalizeDate, padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import type { ParseRun, ParseStats } from '../common/parse-stats';

export interface DnbRegistration {
  /** physical line in the CSV where the row starts (0 for a row from the JSON API) */
  line: number;
  /** sub-register CODE (WFTKF), mapped from the register name the CSV's Deelregister cell holds */
  deelregister: string | null;
  relatienummer: string;
  statutaire_naam: string;
  statutaire_plaats: string | null;
  plaats_vestiging: string | null;
  /** the institution's country: StatutaireLand (API: statutoryCountry) */
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
  /** Inliquidatie "Ja" → true, "Nee" → false */
  in_liquidatie: boolean | null;
  datum_in_liquidatie: string | null;
  adres_vestiging: string | null;
  postcode_vestiging: string | null;
  land_vestiging: string | null;
  landcode_vestiging: string | null;
  postadres: string | null;
  plaats_postadres: string | null;
  land_postadres: string | null;
  landcode_postadres: string | null;
  onherroepelijkheidsdatum: string | null;
  gerelateerd_relatienummer: string | null;
  gerelateerd_statutaire_naam: string | null;
  /** the registration's country (CSV Land/LandCode; API registrations[].country), e.g. of a passport */
  registratie_land: string | null;
  registratie_landcode: string | null;
  apf_relatienummer: string | null;
  apf_statutaire_naam: string | null;
  /** columns not in columns.ts, original header → value */
  extra: Record<string, string>;
}

/** The fields of the 34-column layout that the import pipeline does not use (yet): all null. */
export const DNB_DETAILS_EMPTY = {
  in_liquidatie: null,
  datum_in_liquidatie: null,
  adres_vestiging: null,
  postcode_vestiging: null,
  land_vestiging: null,
  landcode_vestiging: null,
  postadres: null,
  plaats_postadres: null,
  land_postadres: null,
  landcode_postadres: null,
  onherroepelijkheidsdatum: null,
  gerelateerd_relatienummer: null,
  gerelateerd_statutaire_naam: null,
  registratie_land: null,
  registratie_landcode: null,
  apf_relatienummer: null,
  apf_statutaire_naam: null,
} as const satisfies Partial<DnbRegistration>;

export interface DnbParseOptions extends CsvRegisterOptions {
  /**
   * sub-register code of the file (e.g. from the file name WFTDG.csv): used when the file has no
   * Deelregister column or a cell is empty or names no known register (then warned).
   */
  deelregister?: string;
}

const DATE_FIELDS = ['begindatum', 'einddatum', 'begindatum_activiteit', 'einddatum_activiteit', 'datum_in_liquidatie', 'onherroepelijkheidsdatum'] as const;
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
  const liq = get('in_liquidatie');
  let in_liquidatie: boolean | null = null;
  if (liq !== null) {
    const v = liq.toLowerCase();
    if (v === 'ja' || v === 'j' || v === 'true') in_liquidatie = true;
    else if (v === 'nee' || v === 'n' || v === 'false') in_liquidatie = false;
    else stats.warn(line, 'inliquidatie_ongeldig', `Inliquidatie ${JSON.stringify(liq)} is not Ja/Nee; cleared`);
  }
  return {
    line,
    deelregister: deelregisterOf(get('deelregister'), line, stats, opts),
    relatienummer,
    statutaire_naam: naam,
    statutaire_plaats: get('statutaire_plaats'),
    plaats_vestiging: get('plaats_vestiging'),
    land: get('statutaire_land'),
    kvk_nummer: digits('kvk_nummer', 8),
    rsin: digits('rsin', 9),
    lei,
    handelsnaam: get('handelsnaam'),
    registratietype: get('registratietype'),
    wetsartikel: get('wetsartikel'),
    begindatum: dates.begindatum,
    einddatum: dates.einddatum,
    activiteit: get('activiteit'),
    begindatum_activiteit: dates.begindatum_activiteit,
    einddatum_activiteit: dates.einddatum_activiteit,
    in_liquidatie,
    datum_in_liquidatie: dates.datum_in_liquidatie,
    adres_vestiging: get('adres_vestiging'),
    postcode_vestiging: get('postcode_vestiging'),
    land_vestiging: get('land_vestiging'),
    landcode_vestiging: get('landcode_vestiging'),
    postadres: get('postadres'),
    plaats_postadres: get('plaats_postadres'),
    land_postadres: get('land_postadres'),
    landcode_postadres: get('landcode_postadres'),
    onherroepelijkheidsdatum: dates.onherroepelijkheidsdatum,
    gerelateerd_relatienummer: get('gerelateerd_relatienummer'),
    gerelateerd_statutaire_naam: get('gerelateerd_statutaire_naam'),
    registratie_land: get('registratie_land'),
    registratie_landcode: get('registratie_landcode'),
    apf_relatienummer: get('apf_relatienummer'),
    apf_statutaire_naam: get('apf_statutaire_naam'),
    extra: extra(),
  };
}

/**
 * The sub-register code of a row: the Deelregister cell holds the register's NAME ("Banken" → WFTKF; a
 * code is accepted too). A name that is none of the 15 is counted (warning 'deelregister_onbekend') and
 * named in a notice; the row is kept, under the file's code when known, else without a code.
 */
function deelregisterOf(cell: string | null, line: number, stats: ParseStats, opts: DnbParseOptions): string | null {
  const fallback = opts.deelregister?.toUpperCase() ?? null;
  if (cell === null) return fallback;
  const code = deelregisterCode(cell);
  if (code) return code;
  stats.warn(line, 'deelregister_onbekend', `Deelregister ${JSON.stringify(cell)} is none of the 15 sub-registers; row kept${fallback ? ` under ${fallback}` : ' without a sub-register'}`);
  stats.notice(`unknown Deelregister name: ${JSON.stringify(cell)}`);
  return fallback;
}
