// Variants of a recorded upstream answer for tolerance tests (issue 21): each field removed in turn, extra
// fields, numbers as strings, keys in another case, keys in another order. Pure functions over JSON values;
// an adapter's test feeds the variants to its conversion and states what it expects (see
// lib/sources/pdok-locatieserver-tolerant.test.ts and the other *-tolerant.test.ts files).
//
// Paths name object fields from the root, with `[]` for "every element of this array":
// `features[].properties.naam`. Removing a path removes that field from every element it reaches.

type Json = unknown;
const isObject = (v: Json): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Every field path of a value (objects and leaves), each once, in document order. Arrays contribute the
 * union of their elements' fields. `under` limits the result to paths below that prefix (not the prefix).
 */
export function fieldPaths(value: Json, opts: { under?: string; maxDepth?: number } = {}): string[] {
  const out = new Set<string>();
  const maxDepth = opts.maxDepth ?? 8;
  const walk = (v: Json, prefix: string, depth: number) => {
    if (depth > maxDepth) return;
    if (Array.isArray(v)) {
      for (const el of v) walk(el, `${prefix}[]`, depth + 1);
      return;
    }
    if (!isObject(v)) return;
    for (const [k, child] of Object.entries(v)) {
      const p = prefix ? `${prefix}.${k}` : k;
      out.add(p);
      walk(child, p, depth + 1);
    }
  };
  walk(value, '', 0);
  const all = [...out];
  if (!opts.under) return all;
  return all.filter((p) => p.startsWith(`${opts.under}.`) || p.startsWith(`${opts.under}[]`));
}

/** The path split into steps: `a[].b` → ['a', '[]', 'b']. */
function steps(path: string): string[] {
  return path.split('.').flatMap((part) => {
    const m = part.match(/^(.*?)((?:\[\])*)$/)!;
    return [m[1], ...Array.from({ length: m[2].length / 2 }, () => '[]')].filter((s) => s !== '');
  });
}

/** A deep copy of the value without the field at the path (in every element an `[]` step reaches). */
export function withoutField<T>(value: T, path: string): T {
  const copy = structuredClone(value);
  const go = (v: Json, rest: string[]) => {
    if (!rest.length) return;
    const [step, ...more] = rest;
    if (step === '[]') {
      if (Array.isArray(v)) for (const el of v) go(el, more);
      return;
    }
    if (!isObject(v)) return;
    if (!more.length) delete v[step];
    else go(v[step], more);
  };
  go(copy, steps(path));
  return copy;
}

/** Maps every object key (at every depth, or only below `under`) through `f`. */
export function mapKeys<T>(value: T, f: (key: string) => string): T {
  const go = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(go);
    if (!isObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, c]) => [f(k), go(c)]));
  };
  return go(value) as T;
}

export const upperCaseKeys = <T>(value: T): T => mapKeys(value, (k) => k.toUpperCase());
export const lowerCaseKeys = <T>(value: T): T => mapKeys(value, (k) => k.toLowerCase());

/** Every object's keys in reverse order. */
export function reversedKeys<T>(value: T): T {
  const go = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(go);
    if (!isObject(v)) return v;
    return Object.fromEntries(Object.entries(v).reverse().map(([k, c]) => [k, go(c)]));
  };
  return go(value) as T;
}

/**
 * Every finite number written as a string (at every depth). `skip` names keys whose values stay as they
 * are (GeoJSON coordinates, for example, are arrays of numbers in every real answer).
 */
export function numbersAsStrings<T>(value: T, skip: readonly string[] = ['coordinates', 'bbox']): T {
  const go = (v: Json): Json => {
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
    if (Array.isArray(v)) return v.map(go);
    if (!isObject(v)) return v;
    return Object.fromEntries(Object.entries(v).map(([k, c]) => [k, skip.includes(k) ? c : go(c)]));
  };
  return go(value) as T;
}

/** Every object gets two fields it never had (a text and a nested object): an upstream adding fields. */
export function withExtraFields<T>(value: T): T {
  const go = (v: Json): Json => {
    if (Array.isArray(v)) return v.map(go);
    if (!isObject(v)) return v;
    const out = Object.fromEntries(Object.entries(v).map(([k, c]) => [k, go(c)]));
    return { ...out, veld_dat_niemand_kent: 'x', genest_nieuw_veld: { a: [1, 2], b: null } };
  };
  return go(value) as T;
}

/**
 * The places in a converted value where an unknown is written as "" or "onbekend" instead of null
 * (paths; empty when there are none). Issue 21: unknown is null.
 */
export function unknownsNotNull(value: Json): string[] {
  const out: string[] = [];
  const go = (v: Json, p: string) => {
    if (v === '' || (typeof v === 'string' && v.trim().toLowerCase() === 'onbekend')) out.push(p || '(root)');
    else if (Array.isArray(v)) v.forEach((el, i) => go(el, `${p}[${i}]`));
    else if (isObject(v)) for (const [k, c] of Object.entries(v)) go(c, p ? `${p}.${k}` : k);
  };
  go(value, '');
  return out;
}
