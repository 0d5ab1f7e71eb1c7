// Client of the DNB Public Register JSON API (lib/sources/dnb-api.ts; paths, parameters and shapes from
// the official OpenAPI spec saved in ../shared/samples/registers/dnb), the optional path of the finreg
// import when DNB_API_KEY is set. It walks
//   GET /api/publicregister/Registers                                   → the register codes
//   GET /api/publicregister/{code}/Organizations?page=n&pageSize=25      → relation numbers, every page
//   GET /api/publicregister/{lang}/{code}/Organizations?relationNumbers=… → details, 25 numbers a call
// and yields the same DnbRegistration rows as the CSV parser (api-map.ts). Calls go through fetchSource
// (time budget, one retry on 502/503/504 and network failures, the key header); the detail calls of a
// register run at most `concurrency` at a time but are yielded in request order, so rows, counts and the
// hash are the same on every run over the same answers. Any failed call fails the register with a Dutch
// message naming it; neither the key nor answer bodies ever appear in messages.
import { createHash } from 'node:crypto';
import { str } from '@/lib/sources/values';
import { dnbApi, dnbApiKey } from '@/lib/sources/dnb-api';
import { fetchSource, sourceUrl } from '@/lib/sources/fetch';
import { registrationsFromApi, type OrganizationDetailsView } from './api-map';
import type { DnbRegistration } from './parse';

/** Maximum page size of the relation-number list and maximum relation numbers per details call (spec). */
export const DNB_API_MAX_BATCH = 25;
/** Detail calls of one register in flight at a time, by default. */
export const DNB_API_CONCURRENCY = 4;
/** Safety stop for a paging answer that never says it has no more pages. */
const MAX_PAGES = 10_000;

/** One register (deelregister) as GET /Registers lists it (RegisterView). */
export interface DnbApiRegister {
  code: string;
  naam: string | null;
  /** TheNetherlands | DutchCaribbean */
  type: string | null;
  laatstGepubliceerd: string | null;
}

export interface DnbApiOptions {
  /** Language of the details (path segment {languageCode}); default NL. */
  taal?: string;
  /** Detail calls in flight per register; default 4. */
  concurrency?: number;
  /** yyyy-mm-dd: the names valid on this date are taken (api-map.ts); null: the latest. */
  peildatum?: string | null;
  signal?: AbortSignal;
}

/** Counts of one register read, filled in while its rows are consumed. */
export interface DnbApiRegisterStats {
  /** Rows yielded (one per registration and activity), the CSV path's "rows read". */
  read: number;
  /** Organisations in the answers without a relation number or name (not importable). */
  skipped: number;
  /** Relation numbers listed for the register that the details answers did not contain. */
  warnings: number;
  /** Distinct relation numbers listed. */
  relatienummers: number;
  /** Calls made (relation-number pages and detail calls). */
  aanroepen: number;
  /** Bytes of the answer bodies (UTF-8). */
  bytes: number;
  /** publishDate of the register as the relation-number list gives it. */
  publicatiedatum: string | null;
}

/** The rows of one register, with its counts and, once all rows are read, the sha-256 of its answers. */
export interface DnbApiRegisterRun extends AsyncIterable<DnbRegistration> {
  readonly code: string;
  readonly stats: DnbApiRegisterStats;
  /**
   * sha-256 over the answer bodies of the register as received, in request order: the relation-number
   * pages (page 1, 2, …), then the detail calls (in the order of the relation numbers). Only after the
   * rows were read to the end.
   */
  sha256(): string;
}

export class DnbApiError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'DnbApiError';
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function requireKey(): void {
  if (!dnbApiKey()) throw new DnbApiError(`DNB-API: geen sleutel ingesteld (${dnbApi.keyEnvVar}).`);
}

/** One call as text: the body as received (for the hash) and parsed. Failures name what was asked. */
async function call(path: string, query: Record<string, string | number>, what: string, signal?: AbortSignal): Promise<{ text: string; json: unknown }> {
  let text: string;
  try {
    text = (await fetchSource<string>(dnbApi, path, { query, accept: 'text', signal })).body;
  } catch (e) {
    throw new DnbApiError(`${what} mislukt: ${(e as Error).message}`, { cause: e });
  }
  try {
    return { text, json: JSON.parse(text) };
  } catch {
    throw new DnbApiError(`${what} mislukt: het antwoord is geen JSON.`);
  }
}

/** The URL of the details call of a register (for the manifest); without relation numbers. */
export const dnbApiDetailsUrl = (code: string, taal = 'NL') =>
  sourceUrl(dnbApi, `/api/publicregister/${encodeURIComponent(taal)}/${encodeURIComponent(code)}/Organizations`);

/** GET /api/publicregister/Registers: every active register, sorted by code (stable order). */
export async function fetchDnbRegisters(opts: Pick<DnbApiOptions, 'signal'> = {}): Promise<DnbApiRegister[]> {
  requireKey();
  const what = 'DNB-API: de lijst van registers ophalen';
  const { json } = await call('/api/publicregister/Registers', {}, what, opts.signal);
  if (!Array.isArray(json)) throw new DnbApiError(`${what} mislukt: onverwacht antwoord (geen lijst van registers).`);
  const seen = new Set<string>();
  const out: DnbApiRegister[] = [];
  for (const r of json) {
    const code = isObject(r) ? str(r.code) : null;
    if (!code || seen.has(code.toUpperCase())) continue;
    seen.add(code.toUpperCase());
    out.push({ code, naam: str(r.name), type: str(r.type), laatstGepubliceerd: str(r.lastPublishDate) });
  }
  if (!out.length) throw new DnbApiError(`${what}: de API gaf geen registers.`);
  return out.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
}

/**
 * Runs `fn` over `items` with at most `limit` calls in flight and yields the results in item order.
 * Stopping early (a failure, or the consumer ending the loop) aborts the calls still in flight.
 */
async function* inOrder<T, R>(items: readonly T[], limit: number, fn: (item: T, signal: AbortSignal) => Promise<R>, outer?: AbortSignal): AsyncGenerator<R> {
  const ctrl = new AbortController();
  const signal = outer ? AbortSignal.any([ctrl.signal, outer]) : ctrl.signal;
  const pending: Promise<R>[] = [];
  let next = 0;
  const launch = () => {
    const p = fn(items[next++], signal);
    p.catch(() => undefined); // handled when its turn comes; no unhandled rejection meanwhile
    pending.push(p);
  };
  try {
    while (next < items.length && pending.length < limit) launch();
    while (pending.length) {
      const result = await pending.shift()!;
      if (next < items.length) launch();
      yield result;
    }
  } finally {
    ctrl.abort();
  }
}

/** Reads one register: all its relation numbers, then their details in calls of 25. */
export function readDnbApiRegister(code: string, opts: DnbApiOptions = {}): DnbApiRegisterRun {
  const taal = opts.taal ?? 'NL';
  const limit = Math.max(1, opts.concurrency ?? DNB_API_CONCURRENCY);
  const stats: DnbApiRegisterStats = { read: 0, skipped: 0, warnings: 0, relatienummers: 0, aanroepen: 0, bytes: 0, publicatiedatum: null };
  const hash = createHash('sha256');
  let digest: string | null = null;
  const label = `DNB-API, register ${code}`;
  const received = (text: string) => {
    hash.update(text, 'utf8');
    stats.bytes += Buffer.byteLength(text, 'utf8');
    stats.aanroepen++;
  };

  async function relationNumbers(): Promise<string[]> {
    const numbers: string[] = [];
    const seen = new Set<string>();
    for (let page = 1; ; page++) {
      if (page > MAX_PAGES) throw new DnbApiError(`${label}: meer dan ${MAX_PAGES} pagina's relatienummers; afgebroken.`);
      const what = `${label}: relatienummers (pagina ${page}) ophalen`;
      const { text, json } = await call(
        `/api/publicregister/${encodeURIComponent(code)}/Organizations`,
        { page, pageSize: DNB_API_MAX_BATCH },
        what,
        opts.signal,
      );
      received(text);
      if (!isObject(json) || (json.relationNumbers != null && !Array.isArray(json.relationNumbers)))
        throw new DnbApiError(`${what} mislukt: onverwacht antwoord (geen OrganizationRelationNumbersView).`);
      stats.publicatiedatum ??= str(json.publishDate);
      const list = (json.relationNumbers ?? []) as unknown[];
      for (const r of list) {
        const n = isObject(r) ? str(r.relationNumber) : null;
        if (n && !seen.has(n)) {
          seen.add(n);
          numbers.push(n);
        }
      }
      const meta = isObject(json._metadata) ? json._metadata : null;
      if (meta?.hasMorePages !== true) break;
      if (!list.length) throw new DnbApiError(`${what} mislukt: lege pagina terwijl de API meer pagina's meldt.`);
    }
    stats.relatienummers = numbers.length;
    return numbers;
  }

  async function* rows(): AsyncGenerator<DnbRegistration> {
    requireKey();
    const numbers = await relationNumbers();
    const chunks: string[][] = [];
    for (let i = 0; i < numbers.length; i += DNB_API_MAX_BATCH) chunks.push(numbers.slice(i, i + DNB_API_MAX_BATCH));
    const details = (chunk: string[], signal: AbortSignal) => {
      const query = chunk.map((n) => `relationNumbers=${encodeURIComponent(n)}`).join('&');
      const what = `${label}: details van ${chunk.length === 1 ? chunk[0] : `${chunk[0]} t/m ${chunk[chunk.length - 1]}`} ophalen`;
      return call(`/api/publicregister/${encodeURIComponent(taal)}/${encodeURIComponent(code)}/Organizations?${query}`, {}, what, signal).then((r) => ({ ...r, chunk, what }));
    };
    for await (const { text, json, chunk, what } of inOrder(chunks, limit, details, opts.signal)) {
      received(text);
      if (!isObject(json) || (json.organizations != null && !Array.isArray(json.organizations)))
        throw new DnbApiError(`${what} mislukt: onverwacht antwoord (geen OrganizationDetailsView).`);
      const view = json as OrganizationDetailsView;
      const returned = new Set<string>();
      for (const org of view.organizations ?? []) {
        if (!isObject(org)) {
          stats.skipped++;
          continue;
        }
        const asked = str(org.relationNumber);
        if (asked) returned.add(asked);
        // The register of the call, when the answer does not name it.
        const mapped = registrationsFromApi({ registerCode: view.registerCode ?? code, organizations: [org] }, opts.peildatum ?? null);
        if (!mapped.length) {
          stats.skipped++;
          continue;
        }
        for (const row of mapped) {
          stats.read++;
          yield row;
        }
      }
      for (const n of chunk) if (!returned.has(n)) stats.warnings++;
    }
    digest = hash.digest('hex');
  }

  return {
    code,
    stats,
    [Symbol.asyncIterator]: () => rows(),
    sha256: () => {
      if (digest === null) throw new Error(`${label}: sha-256 gevraagd voordat alle rijen gelezen zijn.`);
      return digest;
    },
  };
}
