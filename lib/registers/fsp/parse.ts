// Streaming parser of the AFM register export (financiële dienstverleners, Wft): CSV, semicolon
// separated, quoted, cp1252 [D]. Header names are mapped in columns.ts (the one place to adjust for the
// live file). The assumed layout (columns.ts, EXPORT_LAYOUT) has one row per institution × licence ×
// product; this parser turns each row into an AfmRow and leaves the grouping to group.ts. Several
// values in one cell are separated by '|'. Unknown columns go to `extra` and are reported once in
// stats.notices. Pure: no I/O beyond reading the given input.
import { parseCsvRegister, type CsvRegisterOptions, type CsvRegisterRow } from '../common/csv-register';
import { normalizeDate, padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import type { ParseRun, ParseStats } from '../common/parse-stats';
import { AFM_COLUMNS, AFM_EXPECTED, AFM_REQUIRED, EXPORT_LAYOUT, afmFieldFor, type AfmField } from './columns';

/** One row of the export: institution columns (repeated on each of its rows), licence columns and one product. */
export interface AfmRow {
  /** physical line in the CSV where the row starts */
  line: number;
  /** AFM's own id of the institution, when the export has an id column */
  afm_id: string | null;
  statutaire_naam: string;
  /** trade names of the cell, split on '|', trimmed, distinct */
  handelsnamen: string[];
  /** 8 digits; not in the documented export, filled only if a KvK column appears */
  kvk_nummer: string | null;
  adres: string | null;
  /** Dutch postcodes as 1234AB; others as written */
  postcode: string | null;
  plaats: string | null;
  land: string | null;
  /** incoming European passport: true (ja), false (nee), null when empty or absent */
  europees_paspoort: boolean | null;
  lidstaat_herkomst: string | null;
  klachteninstituut: string | null;
  beleidsbepalers: string[];
  vergunningnummer: string | null;
  /** yyyy-mm-dd */
  vergunning_ingangsdatum: string | null;
  /** yyyy-mm-dd */
  vergunning_einddatum: string | null;
  product: string | null;
  diensten: string[];
  /** columns not in columns.ts, original header → value */
  extra: Record<string, string>;
}

/** encoding: default 'auto' (UTF-8 when BOM or valid UTF-8, else windows-1252); the documented export is cp1252 */
export type AfmParseOptions = CsvRegisterOptions;

/** Values of the europees_paspoort column meaning "no" (EXPORT_LAYOUT.ja lists those meaning "yes"). */
const NEE = ['nee', 'n', 'no', 'false', '0'];

export function parseAfmCsv(input: ParseInput, opts: AfmParseOptions = {}): ParseRun<AfmRow> {
  return parseCsvRegister(input, opts, {
    register: 'AFM CSV',
    columns: AFM_COLUMNS,
    fieldFor: afmFieldFor,
    required: AFM_REQUIRED,
    delimiter: 'auto',
    onHeader: (map, stats) => {
      const absent = AFM_EXPECTED.filter((f) => map.index[f] === undefined);
      if (absent.length) stats.notice(`expected columns absent: ${absent.map((f) => AFM_COLUMNS[f][0]).join(', ')}`);
    },
    toRecord,
  });
}

/** The values of a multi-valued cell: split on '|', trimmed, empty parts dropped, duplicates removed. */
export function splitMulti(cell: string | null): string[] {
  if (!cell) return [];
  const out: string[] = [];
  for (const part of cell.split(EXPORT_LAYOUT.separator.trim())) {
    const v = part.trim();
    if (v && !out.includes(v)) out.push(v);
  }
  return out;
}

/** A Dutch postcode as 1234AB (space removed, upper case); anything else as written. */
export function normalizePostcode(raw: string | null): string | null {
  if (!raw) return null;
  const m = /^(\d{4})\s*([A-Za-z]{2})$/.exec(raw);
  return m ? `${m[1]}${m[2].toUpperCase()}` : raw;
}

/** ja/nee-like text → boolean; null when empty; 'unknown' for anything else. */
export function parseJaNee(raw: string | null): boolean | null | 'unknown' {
  if (!raw) return null;
  const v = raw.trim().toLowerCase();
  if ((EXPORT_LAYOUT.ja as readonly string[]).includes(v)) return true;
  if (NEE.includes(v)) return false;
  return 'unknown';
}

function toRecord({ line, get, extra }: CsvRegisterRow<AfmField>, stats: ParseStats): AfmRow | null {
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

  const date = (field: 'vergunning_ingangsdatum' | 'vergunning_einddatum'): string | null => {
    const d = normalizeDate(get(field));
    if (d.ok) return d.value;
    stats.warn(line, 'datum_ongeldig', `${AFM_COLUMNS[field][0]} ${JSON.stringify(d.raw)} is not a date; cleared`);
    return null;
  };

  const rawEp = get('europees_paspoort');
  let ep = parseJaNee(rawEp);
  if (ep === 'unknown') {
    stats.warn(line, 'europees_paspoort_onbekend', `Europees paspoort ${JSON.stringify(rawEp)} is not ja/nee; cleared`);
    ep = null;
  }

  return {
    line,
    afm_id: get('afm_id'),
    statutaire_naam: naam,
    handelsnamen: splitMulti(get('handelsnaam')),
    kvk_nummer: kvk,
    adres: get('adres'),
    postcode: normalizePostcode(get('postcode')),
    plaats: get('plaats'),
    land: get('land'),
    europees_paspoort: ep,
    lidstaat_herkomst: get('lidstaat_herkomst'),
    klachteninstituut: get('klachteninstituut'),
    beleidsbepalers: splitMulti(get('beleidsbepalers')),
    vergunningnummer: get('vergunningnummer'),
    vergunning_ingangsdatum: date('vergunning_ingangsdatum'),
    vergunning_einddatum: date('vergunning_einddatum'),
    product: get('product'),
    diensten: splitMulti(get('diensten')),
    extra: extra(),
  };
}
