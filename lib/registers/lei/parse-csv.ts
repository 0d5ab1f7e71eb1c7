// Streaming parser of the GLEIF Level 1 CSV (LEI-CDF 2.1 and 3.x column names are the XML paths with
// dots): yields the Dutch entities only (rule in record.ts isDutch). Rows are tested for the Dutch
// rule on three columns before anything else is built: most of the 3.4 M rows are skipped cheaply.
import { readCsv } from '../common/csv';
import { entityFromFlat, isDutch, type LeiEntity } from './record';

export interface ParseStats {
  /** Records read from the file (all countries). */
  gelezen: number;
  /** Header columns and the fields of the last row (completeness, completeness.ts). */
  csv?: { header: number; lastRowFields: number | null };
}

const FILTER_COLUMNS = ['Entity.LegalAddress.Country', 'Entity.LegalJurisdiction', 'Entity.RegistrationAuthority.RegistrationAuthorityID'];

/** Yields every Dutch LEI entity of a Level 1 CSV byte stream; counts all records in `stats`. */
export async function* parseLeiCsv(source: AsyncIterable<Buffer | string>, stats: ParseStats = { gelezen: 0 }): AsyncGenerator<LeiEntity> {
  let header: string[] | null = null;
  let filterIdx: number[] = [];
  const csv = (stats.csv = { header: 0, lastRowFields: null as number | null });
  for await (const { fields: row } of readCsv(source, { encoding: 'utf-8' })) {
    if (!header) {
      header = row.map((h) => h.trim());
      csv.header = header.length;
      filterIdx = FILTER_COLUMNS.map((c) => header!.indexOf(c));
      if (header.indexOf('LEI') < 0 || header.indexOf('Entity.LegalName') < 0) {
        throw new Error('Geen GLEIF Level 1-CSV: de kolommen LEI en Entity.LegalName ontbreken.');
      }
      continue;
    }
    stats.gelezen++;
    csv.lastRowFields = row.length;
    const get = (k: string) => {
      const i = FILTER_COLUMNS.indexOf(k);
      return i >= 0 && filterIdx[i] >= 0 ? row[filterIdx[i]] : undefined;
    };
    if (!isDutch(get)) continue;
    const flat: Record<string, string> = {};
    for (let i = 0; i < header.length; i++) if (row[i]) flat[header[i]] = row[i];
    const e = entityFromFlat(flat);
    if (e) yield e;
  }
}
