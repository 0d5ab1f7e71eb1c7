// CBS StatLine open data, OData v3 (opendata.cbs.nl/ODataApi): a generic client for one table's
// DataProperties (measures, dimensions and topic groups), dimension category lists and the TypedDataSet.
// Measure keys carry position suffixes that change between table editions, so callers find measures by
// Title/TopicGroup in DataProperties, never by a hard-coded key. Dimension keys come back right-padded.
import { z } from 'zod';
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { checkShape } from './drift';

const HOUR = 60 * 60 * 1000;

export const cbsStatline = source({
  id: 'cbs-statline',
  titel: 'CBS StatLine (OData v3)',
  envVar: 'BRON_CBS_STATLINE_URL',
  defaultBaseUrl: 'https://opendata.cbs.nl/ODataApi/odata',
  licentie: 'CC BY 4.0',
  attributie: 'Bron: CBS',
  documentatie: 'https://www.cbs.nl/nl-nl/onze-diensten/open-data/statline-als-open-data',
  ttlMs: 6 * HOUR,
  timeoutMs: 10_000,
  firstByteMs: 8000, // OData queries over large tables take a few seconds before the first byte
});

/** One entry of a table's DataProperties: a Dimension, TimeDimension, GeoDimension, TopicGroup or Topic. */
export const dataPropertySchema = z.looseObject({
  ID: z.number().int(),
  Position: z.number().int().nullable().optional(),
  ParentID: z.number().int().nullable().optional(),
  Type: z.string(),
  Key: z.string().nullable().optional(),
  Title: z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  Unit: z.string().nullable().optional(),
  Decimals: z.number().int().nullable().optional(),
  Datatype: z.string().nullable().optional(),
});
export type DataProperty = z.infer<typeof dataPropertySchema>;

/** One category of a dimension (Key is right-padded upstream; trimmed here). */
export const dimensionCategorySchema = z.looseObject({
  Key: z.string().transform((k) => k.trim()),
  Title: z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  Status: z.string().nullable().optional(),
});
export type DimensionCategory = z.infer<typeof dimensionCategorySchema>;

/** One row of a TypedDataSet: dimension keys as strings, measures as numbers or null. */
export type TypedRow = Record<string, string | number | null>;

export interface TypedDataSetQuery {
  /** OData $filter, for example "Btw eq 'A048944' and Perioden eq '2025MM09'". */
  filter?: string;
  /** Keys to return ($select). */
  select?: string[];
  /** Maximum number of rows ($top); the ODataApi answers at most 10 000 rows anyway. */
  top?: number;
  /** Rows to skip ($skip), for paging. */
  skip?: number;
  /** Cache lifetime of this answer; defaults to the source's TTL (6 hours). Yearly tables pass a longer one. */
  ttlMs?: number;
}

/** The TableInfos of a table: its title, the period it covers and when it was last changed. */
export const tableInfoSchema = z.looseObject({
  Identifier: z.string().transform((k) => k.trim()),
  Title: z.string(),
  ShortTitle: z.string().nullable().optional(),
  Period: z.string().nullable().optional(),
  Modified: z.string().nullable().optional(),
  Frequency: z.string().nullable().optional(),
});
export type TableInfo = z.infer<typeof tableInfoSchema>;

/** The measures, dimensions and topic groups of a table. */
export async function dataProperties(table: string, signal?: AbortSignal): Promise<Sourced<DataProperty[]>> {
  return listOf(`/${tablePath(table)}/DataProperties`, {}, dataPropertySchema, signal, 24 * HOUR);
}

/** The categories of one dimension (for example Btw or Perioden), keys trimmed; optionally an OData $filter on them. */
export async function dimension(
  table: string,
  key: string,
  signal?: AbortSignal,
  options: { filter?: string; ttlMs?: number } = {},
): Promise<Sourced<DimensionCategory[]>> {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) throw new Error(`invalid CBS dimension key ${key}`);
  return listOf(`/${tablePath(table)}/${key}`, { $filter: options.filter }, dimensionCategorySchema, signal, options.ttlMs);
}

/** The TableInfos of a table (one entry): which period it covers. Cached 24 hours. */
export async function tableInfos(table: string, signal?: AbortSignal): Promise<Sourced<TableInfo>> {
  const list = await listOf(`/${tablePath(table)}/TableInfos`, {}, tableInfoSchema, signal, 24 * HOUR);
  const first = list.data[0];
  if (!first) throw unreadableAnswer(list.bronnen[0]);
  return { data: first, bronnen: list.bronnen };
}

/** Rows of the TypedDataSet, optionally filtered; dimension values are trimmed. */
export async function typedDataSet(table: string, query: TypedDataSetQuery = {}, signal?: AbortSignal): Promise<Sourced<TypedRow[]>> {
  const params: Record<string, string | number | undefined> = {
    $filter: query.filter,
    $select: query.select?.join(','),
    $top: query.top,
    $skip: query.skip,
  };
  // Rows are checked by hand, not by zod: a table answer holds thousands of values and is read on every
  // cold request (same rule: an object per row, values string, number or null; strings trimmed).
  const res = await fetchSource<unknown>(cbsStatline, `/${tablePath(table)}/TypedDataSet`, { query: { ...params, $format: 'json' }, signal, ttlMs: query.ttlMs });
  const body = res.body !== null && typeof res.body === 'object' ? res.body : null;
  let rows = body ? trimmedRows.get(body) : undefined;
  if (!rows) {
    const read = typedRows(body);
    if (!read || !body) throw unreadableAnswer(res.bron);
    trimmedRows.set(body, read);
    rows = read;
  }
  return { data: rows, bronnen: [res.bron] };
}

/** The rows of a TypedDataSet answer with trimmed strings; null when the answer is not one. */
export function typedRows(body: unknown): TypedRow[] | null {
  const value = (body as { value?: unknown } | null)?.value;
  if (!Array.isArray(value)) return null;
  const rows: TypedRow[] = [];
  for (const row of value) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) return null;
    const out: TypedRow = {};
    for (const [k, v] of Object.entries(row)) {
      if (typeof v === 'string') out[k] = v.trim();
      else if (v === null || (typeof v === 'number' && Number.isFinite(v))) out[k] = v;
      else return null;
    }
    rows.push(out);
  }
  return rows;
}

const trimmedRows = new WeakMap<object, TypedRow[]>();

/** An OData string literal for $filter: single quotes doubled. */
export function odataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function tablePath(table: string): string {
  if (!/^[0-9A-Za-z]{5,12}$/.test(table)) throw new Error(`invalid CBS table id ${table}`);
  return table;
}

// Parsed lists per cached answer body: a cache hit returns the same body object, so it is validated once,
// not on every request (the region profile reads eight editions' metadata and rows per call).
const parsedBodies = new WeakMap<object, Map<z.ZodType, unknown[]>>();

async function listOf<T extends z.ZodType>(
  path: string,
  params: Record<string, string | number | undefined>,
  itemSchema: T,
  signal: AbortSignal | undefined,
  ttlMs?: number,
): Promise<Sourced<z.infer<T>[]>> {
  const res = await fetchSource<unknown>(cbsStatline, path, { query: { ...params, $format: 'json' }, signal, ttlMs });
  const memo = res.body !== null && typeof res.body === 'object' ? parsedBodies.get(res.body) : undefined;
  const known = memo?.get(itemSchema);
  if (known) return { data: known as z.infer<T>[], bronnen: [res.bron] };
  const parsed = checkShape(cbsStatline, z.object({ value: z.array(itemSchema) }), res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  if (res.body !== null && typeof res.body === 'object') {
    const byShape = memo ?? new Map<z.ZodType, unknown[]>();
    byShape.set(itemSchema, parsed.data.value);
    parsedBodies.set(res.body, byShape);
  }
  return { data: parsed.data.value, bronnen: [res.bron] };
}

