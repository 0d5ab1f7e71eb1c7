// The answer of every collection-register list operation: one page of items (field-selected with
// velden) as the JSON envelope with total, paging and manifest reference, or, for bulk users, the same
// page as CSV (formaat=csv or Accept: text/csv). One place, so every register list behaves alike.
import { z } from 'zod';
import { CSV_CONTENT_TYPE, csvBytes, wilCsv } from '@/lib/api/csv';
import type { BinaryResult, OperationResult } from '@/lib/api/operation';
import type { BronEntry } from '@/lib/sources/bron';
import { kolomVolgorde, selectFields, type Catalogus } from '@/lib/registers/query-language';

/** The formaat query parameter of a register list. */
export const formaatParam = z
  .enum(['json', 'csv'])
  .optional()
  .describe('Uitvoerformaat: json (standaard, de envelop) of csv (text/csv); gaat voor de Accept-header')
  .meta({ examples: ['json'] });

/** The OpenAPI sentence on the CSV variant, shared by every register list description. */
export const CSV_UITLEG =
  'CSV-uitvoer voor bulkgebruik: formaat=csv of de header Accept: text/csv (formaat gaat voor Accept) geeft de pagina als ' +
  'text/csv; charset=utf-8 (RFC 4180, UTF-8 met BOM, kopregel met de veldnamen in de volgorde van velden, anders alle velden; ' +
  'cellen die met = + - @ beginnen krijgen een enkel aanhalingsteken ervoor). Paginering blijft gelijk (rijen 1-500, start): ' +
  'het totaal en de volgende pagina staan in de JSON-variant van dezelfde vraag; de bronvermelding staat in de headers ' +
  'X-Peildatum, X-Bronnen (licentie, attributie) en Link (rel="via": de officiële export) en de peildatum in de bestandsnaam.';

/** The OpenAPI sentence on waar/velden/sorteer with examples of the operation's own fields. */
export function enterpriseUitleg(voorbeeld: { waar: string; velden: string; sorteer: string }): string {
  return (
    'waar (filter), velden (veldselectie) en sorteer (sortering) volgen een OData-achtige syntaxis, bijvoorbeeld ' +
    `waar=${voorbeeld.waar}, velden=${voorbeeld.velden}, sorteer=${voorbeeld.sorteer}; waar geldt naast de gewone filters (en). `
  );
}

/** Path and query of the next page, or null when this page is the last. */
export function nextLink(request: Request, start: number, rijen: number, totaal: number): string | null {
  if (start + rijen >= totaal) return null;
  const url = new URL(request.url);
  url.searchParams.set('start', String(start + rijen));
  return `${url.pathname}?${url.searchParams.toString()}`;
}

export interface ListAnswerInput<T extends Record<string, unknown>> {
  request: Request;
  query: { start: number; rijen: number; formaat?: 'json' | 'csv' };
  catalogus: Catalogus;
  /** The selected fields (parsed velden), or undefined for all. */
  velden: readonly string[] | undefined;
  items: T[];
  totaal: number;
  /** Key of the item list in data (entiteiten, instellingen, ...), also the CSV file name's stem. */
  lijst: string;
  /** File name stem of the CSV download, for example lei-entiteiten. */
  bestand: string;
  manifest: unknown;
  bron: BronEntry;
}

/** The JSON envelope data or the CSV download of one page of a register list. */
export function listAnswer<T extends Record<string, unknown>>(a: ListAnswerInput<T>): OperationResult | BinaryResult {
  const items = a.items.map((item) => selectFields(item, a.velden));
  if (wilCsv(a.request, a.query.formaat)) {
    const kolommen = kolomVolgorde(a.velden, a.catalogus.selecteerbaar);
    return { binary: { body: csvBytes(items, kolommen), contentType: CSV_CONTENT_TYPE, filename: `${a.bestand}-${a.query.start}.csv` }, bronnen: [a.bron] };
  }
  return {
    data: {
      totaal: a.totaal,
      start: a.query.start,
      rijen: a.query.rijen,
      volgende: nextLink(a.request, a.query.start, a.query.rijen, a.totaal),
      [a.lijst]: items,
      manifest: a.manifest,
    },
    bronnen: [a.bron],
  };
}
