// How scripts/openapi-voorbeelden.ts turns the OpenAPI document into requests and a 200 answer into a short
// response example: the URL of an operation from its parameter examples, and the shortening that keeps the
// document small. Pure functions, so they are tested without a server.

type JsonSchema = Record<string, unknown>;
type Param = { name: string; in: string; required?: boolean; schema?: JsonSchema; example?: unknown };

/** A GET operation that answers the JSON envelope, as the script calls it. */
export interface VoorbeeldOperatie {
  operationId: string;
  /** Path relative to the server URL, e.g. /regio/{code}. */
  path: string;
  params: Param[];
  /** Only with an API key (OpenAPI security without the empty alternative). */
  sleutelVerplicht: boolean;
}

/** Arrays longer than this are cut to their first items. */
export const MAX_ITEMS = 2;
/** Text longer than this is cut (ending in …); a string without whitespace (a URL, an id, a token) never is. */
export const MAX_TEKST = 200;

/** The example of a parameter: examples[0] of its schema, else its example; undefined when it has none. */
export function parameterVoorbeeld(p: Param): unknown {
  const examples = p.schema?.examples;
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  return p.example;
}

/** Every GET operation of the document whose 200 is application/json, with its URL parameters. */
export function voorbeeldOperaties(doc: { paths: Record<string, Record<string, Record<string, unknown>>> }): VoorbeeldOperatie[] {
  const out: VoorbeeldOperatie[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    const op = methods.get;
    if (!op) continue;
    const ok = (op.responses as Record<string, { content?: Record<string, unknown> }> | undefined)?.['200'];
    if (!ok?.content?.['application/json']) continue;
    const params = ((op.parameters ?? []) as Param[]).filter((p) => p.in === 'path' || p.in === 'query');
    const security = op.security as Record<string, unknown>[] | undefined;
    const sleutelVerplicht = Array.isArray(security) && security.length > 0 && !security.some((s) => Object.keys(s).length === 0);
    out.push({ operationId: String(op.operationId), path, params, sleutelVerplicht });
  }
  return out.sort((a, b) => a.operationId.localeCompare(b.operationId));
}

/**
 * The URL (relative to the base URL with /v1) of an operation with the examples of its path parameters, its
 * required query parameters and the `extra` query parameters named; throws when a needed example is missing.
 */
export function voorbeeldUrl(op: VoorbeeldOperatie, extra: string[] = []): string {
  let url = op.path;
  const query = new URLSearchParams();
  for (const p of op.params) {
    const needed = p.in === 'path' || p.required || extra.includes(p.name);
    if (!needed) continue;
    const value = parameterVoorbeeld(p);
    if (value === undefined) throw new Error(`${op.operationId}: parameter ${p.name} heeft geen voorbeeld`);
    if (p.in === 'path') url = url.replace(`{${p.name}}`, encodeURIComponent(String(value)));
    else query.set(p.name, String(value));
  }
  const qs = query.toString();
  return qs ? `${url}?${qs}` : url;
}

/** The optional query parameters of an operation that have an example (each tried once by the script). */
export function optioneleVoorbeelden(op: VoorbeeldOperatie): string[] {
  return op.params.filter((p) => p.in === 'query' && !p.required && parameterVoorbeeld(p) !== undefined).map((p) => p.name);
}

/**
 * A short copy of an answer: every array cut to its first MAX_ITEMS items and every string longer than
 * MAX_TEKST characters that contains whitespace cut (with …; a URL or id stays whole); everything else (gegenereerd_op, duur_ms, numbers, keys) as it came.
 */
export function inkorten(value: unknown): unknown {
  if (Array.isArray(value)) return value.slice(0, MAX_ITEMS).map(inkorten);
  if (typeof value === 'string') return value.length > MAX_TEKST && /\s/.test(value) ? `${value.slice(0, MAX_TEKST - 1)}…` : value;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inkorten(v)]));
  return value;
}

/**
 * The answer with every URL of the replay server (`<replay>/<source id>…`, the offline demo) turned back into
 * the real public endpoint of that source, so an example shows where the data comes from, not the test double.
 */
export function echteBronUrls(value: unknown, replayBase: string, bronnen: readonly { id: string; defaultBaseUrl: string }[]): unknown {
  const base = replayBase.replace(/\/+$/, '');
  const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const byId = new Map(bronnen.map((b) => [b.id, b.defaultBaseUrl.replace(/\/+$/, '')]));
  const re = new RegExp(`${escape(base)}/([a-z0-9-]+)(?=[/?#]|$)`, 'g');
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return v.replace(re, (hit, id: string) => byId.get(id) ?? hit);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value);
}
