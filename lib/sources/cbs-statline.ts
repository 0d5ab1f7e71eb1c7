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
import { int, str } from './values';

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

/** An integer that may arrive as a numeric string. */
const integer = z.preprocess((v) => int(v) ?? v, z.number().int());

/** One entry of a table's DataProperties: a Dimension, TimeDimension, GeoDimension, TopicGroup or Topic. */
export const dataPropertySchema = z.looseObject({
  ID: integer,
  Position: integer.nullable().optional(),
  ParentID: integer.nullable().optional(),
  Type: z.string(),
  Key: z.string().nullable().optional(),
  Title: z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  Unit: z.string().nullable().optional(),
  Decimals: integer.nullable().optional(),
  Datatype: z.string().nullable().optional(),
});
export type DataProperty = z.infer<typeof dataPropertySchema>;

/** The kind of an entry from its OData type name: "Cbs.OData.TopicGroup" → "TopicGroup". */
export function typeUitOdata(odataType: unknown): string | null {
  return /^Cbs\.OData\.([A-Za-z]+)$/.exec(str(odataType) ?? '')?.[1] ?? null;
}

/**
 * A DataProperties list as read from an answer. ID, when missing, is the entry's position in the list (CBS
 * numbers the entries 0, 1, 2, … in order, and ParentID refers to that number); Type, when missing, comes
 * from `odata.type`. An entry without either Type or `odata.type` is left out, explicitly: whether it is a
 * measure, a dimension or a group cannot be told, and reading it as any of them would be a guess.
 */
export const dataPropertiesSchema = z
  .array(dataPropertySchema.extend({ ID: integer.nullable().optional(), Type: z.string().nullable().optional() }))
  .transform((list): DataProperty[] =>
    list.flatMap((p, i) => {
      const Type = str(p.Type) ?? typeUitOdata(p['odata.type']);
      return Type ? [{ ...p, ID: p.ID ?? i, Type }] : [];
    }),
  );

/** One category of a dimension (Key is right-padded upstream; trimmed here). */
export const dimensionCategorySchema = z.looseObject({
  Key: z.string().transform((k) => k.trim()),
  Title: z.string().nullable().optional(),
  Description: z.string().nullable().optional(),
  Status: z.string().nullable().optional(),
});
export type DimensionCategory = z.infer<typeof dimensionCategorySchema>;

/**
 * A dimension's category list as read from an answer. A category without a Key is left out, explicitly:
 * rows and filters refer to a category only by its Key, so it cannot be addressed.
 */
export const dimensionCategoriesSchema = z
  .array(dimensionCategorySchema.extend({ Key: z.string().nullable().optional() }))
  .transform((list): DimensionCategory[] => list.flatMap((c) => (str(c.Key) ? [{ ...c, Key: str(c.Key)! }] : [])));

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
  // Both may be missing: the identifier is then the table asked for, the title unknown (null).
  Identifier: z.string().nullable().optional().transform((k) => str(k)),
  Title: z.string().nullable().optional().transform((t) => str(t)),
  ShortTitle: z.string().nullable().optional(),
  Period: z.string().nullable().optional(),
  Modified: z.string().nullable().optional(),
  Frequency: z.string().nullable().optional(),
});
export interface TableInfo {
  Identifier: string;
  Title: string | null;
  ShortTitle: string | null;
  Period: string | null;
  Modified: string | null;
  Frequency: string | null;
}

/** The measures, dimensions and topic groups of a table. */
export async function dataProperties(table: string, signal?: AbortSignal): Promise<Sourced<DataProperty[]>> {
  return listOf(`/${tablePath(table)}/DataProperties`, {}, dataPropertiesSchema, signal, 24 * HOUR);
}

/** The categories of one dimension (for example Btw or Perioden), keys trimmed; optionally an OData $filter on them. */
export async function dimension(
  table: string,
  key: string,
  signal?: AbortSignal,
  options: { filter?: string; ttlMs?: number } = {},
): Promise<Sourced<DimensionCategory[]>> {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(key)) throw new Error(`invalid CBS dimension key ${key}`);
  return listOf(`/${tablePath(table)}/${key}`, { $filter: options.filter }, dimensionCategoriesSchema, signal, options.ttlMs);
}

/** The TableInfos of a table (one entry): which period it covers. Cached 24 hours. */
export async function tableInfos(table: string, signal?: AbortSignal): Promise<Sourced<TableInfo>> {
  const list = await listOf(`/${tablePath(table)}/TableInfos`, {}, tableInfosSchema, signal, 24 * HOUR);
  const first = list.data[0];
  if (!first) throw unreadableAnswer(list.bronnen[0]);
  return { data: toTableInfo(first, table), bronnen: list.bronnen };
}

const tableInfosSchema = z.array(tableInfoSchema);

/** A TableInfos entry with its identifier: the table asked for when the answer does not name it. */
export function toTableInfo(info: z.infer<typeof tableInfoSchema>, table: string): TableInfo {
  return {
    Identifier: info.Identifier ?? table,
    Title: info.Title,
    ShortTitle: str(info.ShortTitle),
    Period: str(info.Period),
    Modified: str(info.Modified),
    Frequency: str(info.Frequency),
  };
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

/**
 * The rows of a TypedDataSet answer with trimmed strings; null when the answer is not one (no `value` list,
 * or an element that is not an object). A field whose value is neither text, number nor null (an object, a
 * list, a boolean: nothing a TypedDataSet column holds) is left out of its row; the row itself is kept.
 */
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

// The `{"value": [...]}` envelope per list schema (one object each, so drift is counted once per answer).
const envelopes = new WeakMap<z.ZodType, z.ZodType>();
function answerSchema(listSchema: z.ZodType<unknown[]>): z.ZodType {
  let env = envelopes.get(listSchema);
  if (!env) envelopes.set(listSchema, (env = z.object({ value: listSchema })));
  return env;
}

// Parsed lists per cached answer body: a cache hit returns the same body object, so it is validated once,
// not on every request (the region profile reads eight editions' metadata and rows per call).
const parsedBodies = new WeakMap<object, Map<z.ZodType, unknown[]>>();

async function listOf<T extends z.ZodType<unknown[]>>(
  path: string,
  params: Record<string, string | number | undefined>,
  listSchema: T,
  signal: AbortSignal | undefined,
  ttlMs?: number,
): Promise<Sourced<z.output<T>>> {
  const res = await fetchSource<unknown>(cbsStatline, path, { query: { ...params, $format: 'json' }, signal, ttlMs });
  const memo = res.body !== null && typeof res.body === 'object' ? parsedBodies.get(res.body) : undefined;
  const known = memo?.get(listSchema);
  if (known) return { data: known as z.output<T>, bronnen: [res.bron] };
  const parsed = checkShape(cbsStatline, answerSchema(listSchema), res.body) as { success: boolean; data?: { value: z.output<T> } };
  if (!parsed.success || !parsed.data) throw unreadableAnswer(res.bron);
  if (res.body !== null && typeof res.body === 'object') {
    const byShape = memo ?? new Map<z.ZodType, unknown[]>();
    byShape.set(listSchema, parsed.data.value);
    parsedBodies.set(res.body, byShape);
  }
  return { data: parsed.data.value, bronnen: [res.bron] };
}

