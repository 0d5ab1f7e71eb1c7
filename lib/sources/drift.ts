// Format drift detection: adapters check the shape of every live answer against the zod schema they expect
// (loose objects: nothing is rejected for an extra field) and the differences are counted per source:
// unknown fields, missing expected fields and values that failed conversion. Only field NAMES (paths such
// as `data[].station_number`) are reported, never values. Listeners (lib/db/source-health.ts, registered in
// instrumentation.ts; scripts/probe.ts) receive the events; counting and storing is theirs.
import { z } from 'zod';
import { SaxesParser } from 'saxes';
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
  out?: Schema;
  element?: Schema;
  shape?: Record<string, Schema>;
  getter?: () => Schema;
}
type Schema = z.ZodType & { _zod?: { def?: Def } };

const defOf = (s: Schema): Def => (s as { _zod?: { def?: Def } })._zod?.def ?? {};
const WRAPPERS = new Set(['optional', 'nullable', 'default', 'prefault', 'catch', 'readonly', 'nonoptional', 'success']);

/**
 * Strips optional, nullable, default, pipes and lazies down to the schema that describes the shape, with
 * the value as that schema sees it: a `z.preprocess` (a pipe from a transform) hands its output on, so
 * an answer read with its keys in any case is compared after that reading.
 */
function core(schema: Schema, value: unknown): [Schema, unknown] {
  let s = schema;
  let v = value;
  for (let i = 0; i < 10; i++) {
    const d = defOf(s);
    if (d.type && WRAPPERS.has(d.type) && d.innerType) s = d.innerType;
    else if (d.type === 'pipe' && d.in && defOf(d.in).type === 'transform' && d.out) {
      const pre = d.in.safeParse(v);
      if (!pre.success) break;
      v = pre.data;
      s = d.out;
    } else if (d.type === 'pipe' && d.in) s = d.in;
    else if (d.type === 'lazy' && d.getter) s = d.getter();
    else break;
  }
  return [s, v];
}

const EXPECTED = { driftVerwacht: true } as const;
/**
 * A field that parsing does not require (a live answer without it is still read) but that drift detection
 * expects: an answer lacking it counts as `ontbrekend`. For fields the conversion can do without or derive
 * (the Locatieserver's `type` from the id), where an upstream leaving them out is still news to the operator.
 */
export function expected<T extends z.ZodType>(schema: T) {
  return schema.optional().meta(EXPECTED);
}
const isExpected = (schema: Schema) => (z.globalRegistry.get(schema) as { driftVerwacht?: boolean } | undefined)?.driftVerwacht === true;

const optionality = new WeakMap<object, boolean>();
/** A field may be absent when its schema accepts undefined (optional, default, unknown…) and is not `expected`. */
function mayBeAbsent(schema: Schema): boolean {
  let known = optionality.get(schema);
  if (known === undefined) {
    known = !isExpected(schema) && schema.safeParse(undefined).success;
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
  const walk = (s: Schema, value: unknown, path: string, depth: number) => {
    if (depth > MAX_DEPTH || value === null || value === undefined) return;
    const [c, v] = core(s, value);
    if (v === null || v === undefined) return;
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

const KNOWN_ONLY = {};
/**
 * Counts the unknown fields of a JSON answer that has no expected schema (a GBFS file, an element of a
 * streamed file): field paths outside the source's recorded format (knownFields), arrays sampled as
 * checkShape does. `at` is the path of `value` inside the whole answer (`data[]` for an element of the
 * `data` array); `reported` dedupes names over the elements of one streamed answer. An answer object is
 * checked once.
 */
export function checkKnownFields(source: Source, value: unknown, at = '', reported: Set<string> = new Set()): void {
  if (!listeners.size || value === null || typeof value !== 'object' || !firstCheck(KNOWN_ONLY, value)) return;
  try {
    const bron = idOf(source);
    const known = knownFields(bron);
    if (!known.size) return;
    const walk = (v: unknown, path: string, depth: number) => {
      if (depth > MAX_DEPTH || v === null || typeof v !== 'object') return;
      if (Array.isArray(v)) {
        const sample = v.length <= ARRAY_SAMPLE + 1 ? v : [...v.slice(0, ARRAY_SAMPLE), v[v.length - 1]];
        for (const item of sample) walk(item, `${path}[]`, depth + 1);
        return;
      }
      for (const [key, child] of Object.entries(v)) {
        const p = path ? `${path}.${key}` : key;
        if (known.has(p)) walk(child, p, depth + 1);
        else if (!reported.has(p) && reported.size < MAX_FIELDS_PER_CHECK) {
          reported.add(p);
          emit(bron, 'onbekend', p);
        }
      }
    };
    walk(value, at, 0);
  } catch {
    /* drift detection never affects the call */
  }
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

// ---- XML answers: element names and the children every recorded element had ----------------------------

/** The known XML format of a source: element names, and per element name the children it always had. */
interface XmlKnown {
  names: ReadonlySet<string>;
  required: ReadonlyMap<string, readonly string[]>;
}
const xmlKnownBySource = new Map<string, XmlKnown>();
/** The recorded XML format of the source (drift-bekend.json `xml:<bron>` and `xml:<bron>:verplicht`). */
export function knownXml(bron: string): XmlKnown {
  let k = xmlKnownBySource.get(bron);
  if (!k) {
    const b = bekend as Record<string, string[]>;
    const required = new Map<string, string[]>();
    for (const pair of b[`xml:${bron}:verplicht`] ?? []) {
      const [parent, child] = pair.split('>');
      required.set(parent, [...(required.get(parent) ?? []), child]);
    }
    xmlKnownBySource.set(bron, (k = { names: new Set(b[`xml:${bron}`] ?? []), required }));
  }
  return k;
}

/** A path too long for a field name keeps its end (the new or missing element). */
const tail = (p: string) => (p.length <= MAX_FIELD_LENGTH ? p : `…${p.slice(p.length - MAX_FIELD_LENGTH + 1)}`);
const localName = (n: string) => n.slice(n.indexOf(':') + 1);
/** Records checked in full per feed; after that one in RECORD_SAMPLE_EVERY. */
const RECORD_SAMPLE_FIRST = 100;
const RECORD_SAMPLE_EVERY = 100;
const XML_MAX_DEPTH = 16;

/** An XML element as xml-records.ts builds it (name, children), for checking record trees. */
export interface XmlElement {
  name: string;
  children: readonly XmlElement[];
}

/**
 * Drift of one XML answer (a streamed feed or a whole document), compared with the source's recorded format:
 * elements whose name no recording has (onbekend), children an element had in every recording but lacks
 * here (ontbrekend), and records or elements the converter could not read (conversie). Element paths of
 * local names only (`situation.situationRecord.validity`), each reported once per answer, at most
 * MAX_FIELDS_PER_CHECK per kind. Subtrees of the `skip` names (free text such as a ruling's body, or what a
 * record stream does not build) are not compared, nor counted missing. Nothing here affects the conversion.
 */
export class XmlDrift {
  private readonly bron: string;
  private readonly known: XmlKnown;
  private readonly skip: ReadonlySet<string>;
  private readonly seen: Record<DriftKind, Set<string>> = { onbekend: new Set(), ontbrekend: new Set(), conversie: new Set() };
  private records = 0;

  constructor(source: Source, options: { skip?: readonly string[] } = {}) {
    this.bron = idOf(source);
    this.known = knownXml(this.bron);
    this.skip = new Set(options.skip ?? []);
  }

  private report(soort: DriftKind, veld: string): void {
    const seen = this.seen[soort];
    if (seen.has(veld) || seen.size >= MAX_FIELDS_PER_CHECK) return;
    seen.add(veld);
    emit(this.bron, soort, tail(veld));
  }

  private element(name: string, path: string): void {
    if (this.known.names.size && !this.known.names.has(name)) this.report('onbekend', path);
  }

  private closed(name: string, path: string, children: ReadonlySet<string>): void {
    for (const c of this.known.required.get(name) ?? []) if (!children.has(c) && !this.skip.has(c)) this.report('ontbrekend', `${path}.${c}`);
  }

  /** Checks one record of a streamed feed (all of the first RECORD_SAMPLE_FIRST, then a sample). */
  record(node: XmlElement): void {
    if (!listeners.size) return;
    const n = this.records++;
    if (n >= RECORD_SAMPLE_FIRST && n % RECORD_SAMPLE_EVERY !== 0) return;
    try {
      const walk = (e: XmlElement, path: string, depth: number) => {
        this.element(e.name, path);
        if (this.skip.has(e.name) || depth >= XML_MAX_DEPTH) return;
        const names = new Set<string>();
        for (const c of e.children) {
          names.add(c.name);
          walk(c, `${path}.${c.name}`, depth + 1);
        }
        this.closed(e.name, path, names);
      };
      walk(node, node.name, 0);
    } catch {
      /* drift detection never affects the call */
    }
  }

  /** Checks a whole XML document held as a string (not well-formed XML is the converter's failure, not drift). */
  document(xml: string): void {
    if (!listeners.size) return;
    try {
      const parser = new SaxesParser({ xmlns: false, position: false });
      const stack: { name: string; path: string; children: Set<string> }[] = [];
      let skipDepth = 0;
      parser.on('opentag', (tag) => {
        if (skipDepth > 0) return void skipDepth++;
        const name = localName(tag.name);
        const parent = stack[stack.length - 1];
        parent?.children.add(name);
        const path = parent ? `${parent.path}.${name}` : name;
        this.element(name, path);
        if (this.skip.has(name) || stack.length >= XML_MAX_DEPTH) skipDepth = 1;
        else stack.push({ name, path, children: new Set() });
      });
      parser.on('closetag', () => {
        if (skipDepth > 0) return void skipDepth--;
        const frame = stack.pop();
        if (frame) this.closed(frame.name, frame.path, frame.children);
      });
      parser.write(xml.replace(/^\uFEFF?\s+/, '')).close();
    } catch {
      /* not well-formed: the converter reports it */
    }
  }

  /** Records that an element (a record, or a field of one) could not be converted; once per answer. */
  conversion(field: string): void {
    if (listeners.size) this.report('conversie', field);
  }
}

// ---- OGC API Features: property names per collection ----------------------------------------------------

const ogcChecked = new Map<string, object>();
/**
 * Compares the `properties` of the features of an OGC API Features answer (a FeatureCollection or one
 * Feature) of a collection with the property names of the recorded answers of that collection
 * (drift-bekend.json `ogc:<bron>:<collectie>` and `…:verplicht`, the names every recorded feature had):
 * unknown and missing property names, as `<collectie>:features[].properties.<naam>`. A sample of the
 * features is checked, as checkShape does; an answer object is checked once.
 */
export function checkFeatureProperties(source: Source, collection: string, body: unknown): void {
  if (!listeners.size || body === null || typeof body !== 'object') return;
  try {
    const bron = idOf(source);
    let marker = ogcChecked.get(`${bron}\0${collection}`);
    if (!marker) ogcChecked.set(`${bron}\0${collection}`, (marker = {}));
    if (!firstCheck(marker, body)) return;
    const b = bekend as Record<string, string[]>;
    const known = new Set(b[`ogc:${bron}:${collection}`] ?? []);
    const required = b[`ogc:${bron}:${collection}:verplicht`] ?? [];
    const features = (body as { features?: unknown }).features;
    const single = !Array.isArray(features);
    const list = single ? [body] : (features as unknown[]);
    const sample = list.length <= ARRAY_SAMPLE + 1 ? list : [...list.slice(0, ARRAY_SAMPLE), list[list.length - 1]];
    const prefix = `${collection}:${single ? '' : 'features[].'}properties.`;
    const onbekend = new Set<string>();
    const ontbrekend = new Set<string>();
    for (const f of sample) {
      const props = (f as { properties?: unknown } | null)?.properties;
      if (!props || typeof props !== 'object' || Array.isArray(props)) continue;
      if (known.size)
        for (const key of Object.keys(props)) if (!known.has(key) && onbekend.size < MAX_FIELDS_PER_CHECK) onbekend.add(prefix + key);
      for (const key of required) if (!(key in props) && ontbrekend.size < MAX_FIELDS_PER_CHECK) ontbrekend.add(prefix + key);
    }
    for (const veld of onbekend) emit(bron, 'onbekend', veld);
    for (const veld of ontbrekend) emit(bron, 'ontbrekend', veld);
  } catch {
    /* drift detection never affects the call */
  }
}
