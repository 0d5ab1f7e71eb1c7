// Derives invalid requests from OpenAPI parameter schemas: for each parameter, values that break its
// type, bounds, pattern, enum or length, or leave out a required one; every other parameter gets a
// valid example (its example, default or minimum) or is left out when optional.

type Schema = Record<string, unknown>;
type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Schema };
type Doc = { servers?: { url: string }[]; paths: Record<string, Record<string, { operationId: string; parameters?: (Param | { $ref: string })[] }>> };

/** The path and query parameters of an operation (not the request headers such as If-None-Match, a $ref). */
export const urlParams = (op: { parameters?: unknown[] }): Param[] =>
  (op.parameters ?? []).filter((p): p is Param => typeof p === 'object' && p !== null && ((p as Param).in === 'path' || (p as Param).in === 'query'));

export interface InvalidCase {
  operationId: string;
  method: string;
  url: string;
  param: string;
  why: string;
}

/** A valid value for a parameter, from its examples, default, enum or bounds. */
export function validValue(p: Param): string | undefined {
  const s = p.schema;
  if (Array.isArray(s.examples) && s.examples.length) return String(s.examples[0]);
  if (s.default !== undefined) return String(s.default);
  if (Array.isArray(s.enum)) return String(s.enum[0]);
  if (s.type === 'integer' || s.type === 'number') return String(s.minimum ?? 1);
  if (s.type === 'string' && !s.pattern) return 'Damrak'.padEnd(Number(s.minLength ?? 0), 'x');
  return undefined;
}

/** Values that the parameter's schema must reject, each with the reason. */
export function invalidValues(p: Param): { value: string | null; why: string }[] {
  const s = p.schema;
  const out: { value: string | null; why: string }[] = [];
  if (s.type === 'integer' || s.type === 'number') {
    out.push({ value: 'abc', why: 'geen getal' });
    if (typeof s.minimum === 'number') out.push({ value: String(s.minimum - 1), why: 'onder minimum' });
    if (typeof s.maximum === 'number') out.push({ value: String(s.maximum + 1), why: 'boven maximum' });
    if (s.type === 'integer') out.push({ value: '1.5', why: 'geen geheel getal' });
  }
  if (Array.isArray(s.enum)) out.push({ value: 'ongeldige-waarde', why: 'niet in enum' });
  if (typeof s.pattern === 'string') {
    const candidate = '!!';
    if (!new RegExp(s.pattern).test(candidate)) out.push({ value: candidate, why: 'patroon' });
  }
  if (typeof s.minLength === 'number' && s.minLength > 1) out.push({ value: 'x'.repeat(s.minLength - 1), why: 'te kort' });
  if (typeof s.maxLength === 'number') out.push({ value: 'x'.repeat(s.maxLength + 1), why: 'te lang' });
  if (p.in === 'query' && p.required) out.push({ value: null, why: 'verplicht maar ontbreekt' });
  return out;
}

/** Every invalid request derivable from the document. */
export function invalidCases(doc: Doc): InvalidCase[] {
  const cases: InvalidCase[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const params = urlParams(op);
      for (const target of params) {
        for (const bad of invalidValues(target)) {
          let url = (doc.servers?.[0]?.url ?? '') + path;
          const query = new URLSearchParams();
          let complete = true;
          for (const p of params) {
            const value = p === target ? bad.value : p.required ? validValue(p) : undefined;
            if (p.in === 'path') {
              if (value === undefined || value === null) complete = false;
              else url = url.replace(`{${p.name}}`, encodeURIComponent(value));
            } else if (value !== undefined && value !== null) {
              query.set(p.name, value);
            } else if (p.required && p !== target) {
              complete = false;
            }
          }
          if (!complete) throw new Error(`${op.operationId}: no valid example for a required parameter; add .meta({ examples })`);
          const qs = query.toString();
          cases.push({ operationId: op.operationId, method: method.toUpperCase(), url: qs ? `${url}?${qs}` : url, param: target.name, why: bad.why });
        }
      }
    }
  }
  return cases;
}
