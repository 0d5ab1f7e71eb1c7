// Querying a CBS StatLine table named by a catalogue resource (opendata.cbs.nl/ODataApi|ODataFeed/odata/<TABLE>)
// through the CBS client instead of downloading it: the columns come from DataProperties, filters become an
// OData $filter built from validated column names and quoted literals, kolommen becomes $select, and paging
// is $skip/$top (one row more than asked, to know whether more follow).
import { Problem } from '@/lib/api/problems';
import type { Sourced } from '@/lib/sources/gather';
import { dataProperties, odataString, typedDataSet, type DataProperty } from '@/lib/sources/cbs-statline';
import { project, resolveKolommen, type Filter, type QueryAntwoord, type QueryVraag } from './query';

const DIMENSIE = new Set(['Dimension', 'TimeDimension', 'GeoDimension', 'GeoDetail']);
const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The columns of a table's TypedDataSet in order: ID, then every dimension and topic key. */
export function cbsKolommen(props: DataProperty[]): string[] {
  const keys = props.filter((p) => p.Type !== 'TopicGroup' && p.Key && KEY.test(p.Key)).map((p) => p.Key as string);
  return ['ID', ...keys.filter((k) => k !== 'ID')];
}

/**
 * The OData $filter for the filters (column names already resolved against the table). Dimension keys are
 * right-padded upstream, so a dimension value matches the key itself or the key followed by padding; a
 * numeric topic takes a number literal (a value that is no number is a 400); an empty value means null.
 */
export function cbsFilter(filters: Filter[], props: DataProperty[]): string | undefined {
  if (filters.length === 0) return undefined;
  const byKey = new Map(props.filter((p) => p.Key).map((p) => [p.Key as string, p]));
  const perKolom = new Map<string, string[]>();
  for (const f of filters) perKolom.set(f.kolom, [...(perKolom.get(f.kolom) ?? []), f.waarde]);
  const delen = [...perKolom.entries()].map(([kolom, waarden]) => {
    if (!KEY.test(kolom)) throw new Error(`invalid column ${kolom}`);
    const prop = byKey.get(kolom);
    const termen = waarden.map((w) => term(kolom, w, prop));
    return termen.length === 1 ? termen[0] : `(${termen.join(' or ')})`;
  });
  return delen.join(' and ');
}

function term(kolom: string, waarde: string, prop: DataProperty | undefined): string {
  if (waarde === '') return `${kolom} eq null`;
  if (kolom === 'ID' || (prop?.Type === 'Topic' && prop.Datatype && prop.Datatype !== 'String')) {
    if (!/^-?\d+(\.\d+)?$/.test(waarde)) {
      throw new Problem('invalid_parameter', {
        detail: `Kolom ${kolom} is numeriek; filterwaarde "${waarde.slice(0, 40)}" is geen getal (gebruik een punt als decimaalteken).`,
        invalidParams: [{ name: 'filter', in: 'query', reason: `kolom ${kolom} vraagt een getal` }],
      });
    }
    return `${kolom} eq ${waarde}`;
  }
  if (prop && DIMENSIE.has(prop.Type)) return `(${kolom} eq ${odataString(waarde)} or startswith(${kolom},${odataString(`${waarde} `)}))`;
  return `${kolom} eq ${odataString(waarde)}`;
}

/** One page of a CBS table, with the bronnen of the DataProperties and TypedDataSet calls. */
export async function queryCbsTabel(tabel: string, vraag: QueryVraag, signal?: AbortSignal): Promise<Sourced<QueryAntwoord>> {
  const props = await dataProperties(tabel, signal);
  const alle = cbsKolommen(props.data);
  const v = resolveKolommen(vraag, alle);
  const rows = await typedDataSet(
    tabel,
    { filter: cbsFilter(v.filters, props.data), select: v.kolommen ?? undefined, top: v.rows + 1, skip: v.start },
    signal,
  );
  // Every key of the table unless a selection was asked; the first row's keys are the table's own order.
  const kolommen = v.kolommen ?? (rows.data[0] ? Object.keys(rows.data[0]) : alle);
  const meer = rows.data.length > v.rows;
  const rijen = rows.data.slice(0, v.rows).map((r) => project(r, kolommen));
  // Without more rows the total is start + this page, as long as the page is not empty past the end.
  const totaal = !meer && (rijen.length > 0 || v.start === 0) ? v.start + rijen.length : null;
  return { data: { kolommen, rijen, totaal, meer, filters: v.filters }, bronnen: [...props.bronnen, ...rows.bronnen] };
}
