// Format drift detection: adapters check the shape of every live answer against the zod schema they expect
// (loose objects: nothing is rejected for an extra field) and the differences are counted per source:
// unknown fields, missing expected fields and values that failed conversion. Only field NAMES (paths such
// as `data[].station_number`) are reported, never values. Listeners (lib/db/source-health.ts, registered in
// instrumentation.ts; scripts/probe.ts) receive the events; counting and storing is theirs.
import type { z } from 'zod';
import bekend from './drift-bekend.json';

// The known format per source (recorded answers; lib/sources/drift-baseline.ts, `npm run drift:basis`).
const knownBySource = new Map<string, ReadonlySet<string>>();
/** Field paths of the source's recorded answers: not counted as unknown even when no converter reads them. */
export function knownFields(bron: string): ReadonlySet<string> {
  let set = knownBySource.get(bron);
  if (!set) knownBySource.set(bron, (set = new Set((bekend as Record<string, string[]>)[bron] ?? [])));
  return set;
}

export type DriftKind = 'onbekend' | 'ontbrekend' | 'conversie';

export interface DriftEvent {
  bron: string;
  soort: DriftKind;
  veld: string;
  tijd: Date;
}

type Listener = (event: DriftEvent) => void;
// On globalThis for the same reason as outcomes.ts: instrumentation.ts and the route handlers are bundled apart.
const holder = globalThis as { __nlodDriftListeners?: Set<Listener> };
const listeners: Set<Listener> = (holder.__nlodDriftListeners ??= new Set());

/** Subscribes to drift events; returns the unsubscribe function. */
export function onSourceDrift(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** At most this many field names of one kind are reported per checked answer. */
export const MAX_FIELDS_PER_CHECK = 20;
const MAX_DEPTH = 6;
/** Array elements inspected per array (the first ones and the last): drift is a property of the format. */
const ARRAY_SAMPLE = 3;
const MAX_FIELD_LENGTH = 100;

function emit(bron: string, soort: DriftKind, veld: string): void {
  if (!listeners.size) return;
  const event = { bron, soort, veld: veld.slice(0, MAX_FIELD_LENGTH), tijd: new Date() };
  for (const l of listeners) {
    try {
      l(event);
    } catch {
      /* recording is best effort */
    }
  }
}

type Source = { id: string } | string;
const idOf = (s: Source) => (typeof s === 'string' ? s : s.id);

const conversionsSeen = new WeakMap<object, Set<string>>();
/**
 * Records that the value of `field` in an answer of the source could not be converted (name only). With
 * `answer` (the parsed body), a field is counted once per answer, also when the cache serves it again.
 */
export function recordConversionFailure(source: Source, field: string, answer?: object): void {
  if (answer) {
    let seen = conversionsSeen.get(answer);
    if (!seen) conversionsSeen.set(answer, (seen = new Set()));
    if (seen.has(field)) return;
    seen.add(field);
  }
  emit(idOf(source), 'conversie', field);
}

// ---- walking a schema next to a value ----------------------------------------------------------------

interface Def {
  type?: string;
  innerType?: Schema;
  in?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  getter?: () => Schema;
}
type Schema = z.ZodType & { _zod?: { def?: Def } };

const defOf = (s: Schema): Def => (s as { _zod?: { def?: Def } })._zod?.def ?? {};
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/** Strips optional, nullable, default, pipes and lazies down to the schema that describes the shape. */
function core(schema: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10; i++) {
    const d = defOf(s);
    if (d.type && WRAPPERS.has(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in) s = d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else break;
  }
  return s;
}

const optionality = new WeakMap<object, boolean>();
/** A field may be absent when its schema accepts undefined (optional, default, unknown…). */
function mayBeAbsent(schema: Schema): boolean {
  let known = optionality.get(schema);
  if (known === undefined) {
    known = schema.safeParse(undefined).success;
    optionality.set(schema, known);
  }
  return known;
}

export interface ShapeDrift {
  onbekend: string[];
  ontbrekend: string[];
}

/**
 * The unknown and missing fields of a value compared with a schema (paths, deduplicated, capped). Fields in
 * `known` (the source's recorded format) are not unknown, also where the schema does not name them.
 */
export function shapeDrift(schema: z.ZodType, value: unknown, known: ReadonlySet<string> = new Set(), at = ''): ShapeDrift {
  const onbekend = new Set<string>();
  const ontbrekend = new Set<string>();
  const walk = (s: Schema, v: unknown, path: string, depth: number) => {
    if (depth > MAX_DEPTH || v === null || v === undefined) return;
    const c = core(s);
    const d = defOf(c);
    if (d.type === 'object' && d.shape && typeof v === 'object' && !Array.isArray(v)) {
      const obj = v as Record<string, unknown>;
      for (const key of Object.keys(obj)) {
        if (key in d.shape || onbekend.size >= MAX_FIELDS_PER_CHECK) continue;
        const p = path ? `${path}.${key}` : key;
        if (!known.has(p)) onbekend.add(p);
      }
      for (const [key, fs] of Object.entries(d.shape)) {
        const p = path ? `${path}.${key}` : key;
        if (obj[key] === undefined) {
          if (!mayBeAbsent(fs) && ontbrekend.size < MAX_FIELDS_PER_CHECK) ontbrekend.add(p);
        } else walk(fs, obj[key], p, depth + 1);
      }
    } else if (d.type === 'array' && d.element && Array.isArray(v)) {
      const sample = v.length <= ARRAY_SAMPLE + 1 ? v : [...v.slice(0, ARRAY_SAMPLE), v[v.length - 1]];
      for (const item of sample) walk(d.element, item, `${path}[]`, depth + 1);
    }
    // records, unions, primitives: no fixed field list to compare with
  };
  walk(schema as Schema, value, at, 0);
  return { onbekend: [...onbekend], ontbrekend: [...ontbrekend] };
}

/** A zod issue path as a field name: array indices become `[]`, so no position (or value) is kept. */
function issuePath(path: readonly PropertyKey[], at = ''): string {
  let out = at;
  for (const part of path) {
    if (typeof part === 'number') out += '[]';
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || '(antwoord)';
}

// Each live answer is counted once per schema, also when the answer cache hands the same body to many requests.
const checked = new WeakMap<object, WeakSet<object>>();
function firstCheck(schema: object, value: unknown): boolean {
  if (value === null || typeof value !== 'object') return true;
  let seen = checked.get(value);
  if (!seen) checked.set(value, (seen = new WeakSet()));
  if (seen.has(schema)) return false;
  seen.add(schema);
  return true;
}

/**
 * Parses a live answer of the source with the expected schema (as schema.safeParse) and records drift:
 * unknown fields, missing expected fields, and the fields whose values failed the schema (conversie). An
 * answer object served again from the cache is not counted again. `at` is the path of `value` inside the
 * whole answer (e.g. 'result' for the CKAN envelope's result), so names are those of the whole answer.
 */
export function checkShape<S extends z.ZodType>(source: Source, schema: S, value: unknown, at = ''): ReturnType<S['safeParse']> {
  const result = schema.safeParse(value) as ReturnType<S['safeParse']>;
  if (!listeners.size || !firstCheck(schema, value)) return result;
  try {
    const bron = idOf(source);
    const drift = shapeDrift(schema, value, knownFields(bron), at);
    for (const veld of drift.onbekend) emit(bron, 'onbekend', veld);
    for (const veld of drift.ontbrekend) emit(bron, 'ontbrekend', veld);
    if (!result.success) {
      const missing = new Set(drift.ontbrekend);
      const seen = new Set<string>();
      for (const issue of result.error.issues) {
        const veld = issuePath(issue.path, at);
        if (missing.has(veld) || seen.has(veld) || seen.size >= MAX_FIELDS_PER_CHECK) continue;
        seen.add(veld);
        emit(bron, 'conversie', veld);
      }
    }
  } catch {
    /* drift detection never affects the call */
  }
  return result;
}
