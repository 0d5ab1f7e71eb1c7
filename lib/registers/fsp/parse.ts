// Streaming parser of the AFM register export (financiële dienstverleners, Wft): CSV, semicolon
// separated, quoted, cp1252 [D]. Header names are mapped in columns.ts (the one place to adjust for the
// live file). Unknown columns go to `extra` and are reported once in stats.notices. Pure: no I/O beyond
// reading the given input.
import { parseCsvRegister, type CsvRegisterOptions, type CsvRegisterRow } from '../common/csv-register';
import { padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import type { ParseRun, ParseStats } from '../common/parse-stats';
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

/** encoding: default 'auto' (UTF-8 when BOM or valid UTF-8, else windows-1252); the documented export is cp1252 */
export type AfmParseOptions = CsvRegisterOptions;

export function parseAfmCsv(input: ParseInput, opts: AfmParseOptions = {}): ParseRun<AfmInstitution> {
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

function toRecord({ line, get, extra }: CsvRegisterRow<AfmField>, stats: ParseStats): AfmInstitution | null {
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
  return {
    line,
    statutaire_naam: naam,
    handelsnaam: get('handelsnaam'),
    plaats: get('plaats'),
    land: get('land'),
    kvk_nummer: kvk,
    afm_id: get('afm_id'),
    vergunningnummer: get('vergunningnummer'),
    extra: extra(),
  };
}
