// The properties of the answers an OpenAPI document declares, by name: where each name occurs and as what
// (its JSON type and format), so that a test can hold every name to one meaning across the API.

type Schema = Record<string, unknown>;

/** Finds the schema a $ref names in the document (#/components/schemas/X), or undefined. */
type Resolve = (ref: string) => unknown;

/**
 * What a property is, as a client sees it: JSON type (integer counts as number; null left out) and format. A
 * named schema ($ref) is what it refers to: two differently named objects are both objects.
 */
export function kindOf(s: unknown, resolve: Resolve = () => undefined, seen: ReadonlySet<string> = new Set()): string {
  if (!s || typeof s !== 'object') return 'any';
  const o = s as Schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    if (Array.isArray(o[key])) {
      const kinds = [...new Set((o[key] as unknown[]).map((x) => kindOf(x, resolve, seen)).filter((k) => k !== 'null'))].sort();
      return kinds.join('|') || 'null';
    }
  }
  if (typeof o.$ref === 'string') {
    const target = seen.has(o.$ref) ? undefined : resolve(o.$ref);
    return target === undefined ? `ref:${o.$ref}` : kindOf(target, resolve, new Set([...seen, o.$ref]));
  }
  if (o.type === 'null') return 'null';
  if (o.const !== undefined) return typeof o.const === 'number' ? 'number' : typeof o.const;
  const types = (Array.isArray(o.type) ? (o.type as string[]) : o.type ? [o.type as string] : []).filter((t) => t !== 'null').map((t) => (t === 'integer' ? 'number' : t));
  const type = types.length ? [...new Set(types)].sort().join('|') : Array.isArray(o.enum) ? 'string' : 'any';
  return o.format ? `${type}:${o.format}` : type;
}

/** True when every non-null alternative of a schema is an enum or a constant. */
function isEnum(s: unknown): boolean {
  if (!s || typeof s !== 'object') return false;
  const o = s as Schema;
  const alternatives = Array.isArray(o.anyOf) ? (o.anyOf as Schema[]) : Array.isArray(o.oneOf) ? (o.oneOf as Schema[]) : null;
  if (alternatives) return alternatives.filter((a) => a.type !== 'null').every(isEnum);
  return Array.isArray(o.enum) || o.const !== undefined;
}

/** One occurrence of a property: the operation (or component) and the JSON pointer of its schema. */
export interface Occurrence {
  where: string;
  kind: string;
  /** The property is a closed list of values (an enum), not free text. */
  enum: boolean;
}

/** Every property of every 200 answer (and of the component schemas), by name. */
export function propertiesByName(doc: { paths: Record<string, Record<string, { operationId: string; responses?: Record<string, unknown> }>>; components?: { schemas?: Record<string, unknown> } }): Map<string, Occurrence[]> {
  const out = new Map<string, Occurrence[]>();
  const prefix = '#/components/schemas/';
  const resolve: Resolve = (ref) => (ref.startsWith(prefix) ? doc.components?.schemas?.[ref.slice(prefix.length)] : undefined);
  const walk = (s: unknown, where: string) => {
    if (!s || typeof s !== 'object') return;
    if (Array.isArray(s)) {
      for (const x of s) walk(x, where);
      return;
    }
    const o = s as Schema;
    if (o.properties && typeof o.properties === 'object') {
      for (const [name, p] of Object.entries(o.properties as Record<string, unknown>)) {
        const list = out.get(name) ?? [];
        list.push({ where, kind: kindOf(p, resolve), enum: isEnum(p) });
        out.set(name, list);
      }
    }
    for (const v of Object.values(o)) walk(v, where);
  };
  for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) walk(op.responses?.['200'], op.operationId);
  for (const [name, schema] of Object.entries(doc.components?.schemas ?? {})) walk(schema, `#/components/schemas/${name}`);
  return out;
}
