// The one fetch helper every source uses: time budgets (first byte, silence between body chunks, the whole
// call; declared per source), one retry for idempotent calls, a TTL cache that may serve an expired answer
// (marked verouderd) while a refresh is under way or failing, coalescing of identical concurrent calls, and
// classification of failures into SourceError; a body cut short is a failure (onvolledig), never data. It
// also builds the bronnen entry of each call, including the label of answers served by the replay server.
import { LRUCache } from 'lru-cache';
import type { BronEntry } from './bron';
import { SourceDef, baseUrl, firstByteMs, idleMs, maxStaleMs, timeoutMs } from './source';
import { SourceError, SourceFailureKind, failureCode } from './source-error';
import { reportSourceOutcome } from './outcomes';
import { Verversing, type Bewaard } from './verversing';
import { CallBudget, IncompleteBody, bodyChunks, declaredLength, looksLikeXml, xmlClosed } from './budget';

export interface FetchOptions {
  query?: Record<string, string | number | undefined | null>;
  /** json (parsed), text, or bytes (a Uint8Array: gzip files such as the NDW feeds). */
  accept?: 'json' | 'text' | 'bytes';
  /** Cache lifetime; defaults to the source's TTL. 0 disables caching. */
  ttlMs?: number;
  /** Statuses besides 2xx that the caller handles itself (for example 404 for "not found"); cached like 2xx. */
  acceptStatuses?: number[];
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Ask the upstream now, past any cached answer, and keep nothing (the probe and the health check). */
  fresh?: boolean;
}

export interface SourceResponse<T> {
  body: T;
  status: number;
  bron: BronEntry;
}

interface CachedAnswer {
  body: unknown;
  status: number;
  fetchedAt: string;
  durationMs: number;
  url: string;
  opname: BronEntry['opname'];
  /** Bytes of the body as received (the cache's size measure). */
  size: number;
}

interface CacheEntry extends CachedAnswer, Bewaard {
  /** Date.now() until which the entry may be kept (its TTL plus the source's maxStaleMs). */
  keepUntil: number;
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;
type Accept = NonNullable<FetchOptions['accept']>;
// Answers stay up to maxStaleMs past their TTL: the cache is bounded by count and by size. A parsed JSON body
// takes several times its bytes in memory, so it counts four times.
const cache = new LRUCache<string, CacheEntry>({ max: 5000, maxSize: 256 * 1024 * 1024, sizeCalculation: (e) => Math.max(1, e.size * (typeof e.body === 'object' && !(e.body instanceof Uint8Array) ? 4 : 1)) });
const refreshes = new Verversing<CacheEntry>({
  get: (key) => cache.get(key),
  set: (key, entry) => void cache.set(key, entry, { ttl: Math.max(1, entry.keepUntil - Date.now()) }),
  delete: (key) => void cache.delete(key),
});

const clearHooks = new Set<() => void>();

/** Empties the answer cache (tests, and after changing source URLs at run time), and the caches registered with onClearSourceCache. */
export function clearSourceCache(): void {
  cache.clear();
  refreshes.clear();
  for (const hook of clearHooks) hook();
}

/** Registers another source cache (for example the parsed streams of lib/sources/stream.ts) to be emptied with clearSourceCache. */
export function onClearSourceCache(hook: () => void): void {
  clearHooks.add(hook);
}

/** Builds the request URL of a call from the source's base URL, a path and query parameters. */
export function sourceUrl(def: SourceDef, path: string, query: FetchOptions['query'] = {}): string {
  const url = new URL(baseUrl(def) + (path.startsWith('/') ? path : `/${path}`));
  for (const [k, v] of Object.entries(query)) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url.toString();
}

/**
 * Calls one upstream source and returns its parsed body with the bronnen entry of the call. A fresh cached
 * answer is returned as is; otherwise the one shared refresh (lib/sources/verversing.ts: never tied to this
 * caller's signal) is awaited, and an expired answer within the source's maxStaleMs is returned, marked
 * verouderd, when the refresh is under way for another caller, failed, or outlasts this caller's wait. A caller
 * whose wait ends without any answer gets a timeout naming the source.
 */
export async function fetchSource<T = unknown>(def: SourceDef, path: string, options: FetchOptions = {}): Promise<SourceResponse<T>> {
  const url = sourceUrl(def, path, options.query);
  const accept = options.accept ?? 'json';
  const key = `${accept} ${url}`;
  const ttl = options.ttlMs ?? def.ttlMs;
  const stale = ttl > 0 ? maxStaleMs(def) : 0;
  const started = performance.now();
  if (options.fresh) {
    const answer = await callWithRetry(def, url, accept, options);
    return { body: answer.body as T, status: answer.status, bron: bronFor(def, answer, false, false) };
  }
  // Accepted "not found" answers are cached too: the 24-hour rule holds for them as well, and look-up
  // services (WOZ-waardeloket) must not be asked the same question again and again.
  const load = async (): Promise<CacheEntry> => {
    const answer = await callWithRetry(def, url, accept, { ...options, signal: undefined });
    const expiresAt = Date.now() + ttl;
    return { ...answer, expiresAt, keepUntil: expiresAt + stale };
  };
  try {
    const uit = await refreshes.get(key, { maxStaleMs: stale, signal: options.signal, store: ttl > 0 }, load);
    return { body: uit.entry.body as T, status: uit.entry.status, bron: bronFor(def, uit.entry, uit.cache, uit.verouderd) };
  } catch (err) {
    if (err instanceof SourceError) throw err;
    // This caller's wait ended (its signal) before the refresh answered.
    throw new SourceError('timeout', failedBron(def, url, 'timeout', Math.round(performance.now() - started)));
  }
}

async function callWithRetry(def: SourceDef, url: string, accept: Accept, options: FetchOptions): Promise<CachedAnswer> {
  const budget = timeoutMs(def);
  const started = performance.now();
  let attempt = 0;
  for (;;) {
    attempt++;
    const remaining = budget - (performance.now() - started);
    try {
      const answer = await callOnce(def, url, accept, options, remaining, started);
      reportSourceOutcome({ bron: def.id, ok: true, foutsoort: null, duurMs: answer.durationMs, tijd: new Date() });
      return answer;
    } catch (err) {
      const failure = err instanceof SourceError ? err : classifyThrown(def, url, err, started, options.signal);
      const left = budget - (performance.now() - started);
      const retryable = failure.kind === 'netwerk' || failure.kind === 'onvolledig' || (failure.kind === 'http' && [502, 503, 504].includes(failure.httpStatus ?? 0));
      if (attempt === 1 && retryable && left > budget / 4 && !options.signal?.aborted) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      reportSourceOutcome({ bron: def.id, ok: false, foutsoort: failure.bron.foutsoort, duurMs: failure.bron.duur_ms ?? 0, tijd: new Date() });
      throw failure;
    }
  }
}

async function callOnce(
  def: SourceDef,
  url: string,
  accept: Accept,
  options: FetchOptions,
  remainingMs: number,
  started: number,
): Promise<CachedAnswer> {
  const budget = new CallBudget(remainingMs, options.signal);
  const headers: Record<string, string> = {
    Accept: accept === 'json' ? 'application/json' : '*/*',
    'User-Agent': 'nl-open-data-service/1.0',
    ...options.headers,
  };
  const key = def.keyEnvVar ? process.env[def.keyEnvVar]?.trim() : undefined;
  if (key) headers[def.keyHeader ?? 'X-Api-Key'] ??= key;

  budget.arm(firstByteMs(def));
  let response: Response;
  try {
    response = await fetch(url, { headers, signal: budget.signal, redirect: 'follow' });
  } finally {
    budget.disarm();
  }
  const opname = replayLabel(response.headers);
  const elapsed = () => Math.round(performance.now() - started);
  const accepted = response.ok || (options.acceptStatuses ?? []).includes(response.status);
  if (!accepted) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError('http', failedBron(def, url, 'http', elapsed(), response.status, opname), response.status);
  }
  let bytes: Uint8Array;
  try {
    bytes = await readCapped(response, budget, idleMs(def));
  } catch (err) {
    if (err instanceof IncompleteBody && !budget.signal.aborted) {
      throw new SourceError('onvolledig', failedBron(def, url, 'onvolledig', elapsed(), undefined, opname));
    }
    throw err;
  }
  const durationMs = elapsed();

  const text = accept === 'bytes' ? '' : new TextDecoder().decode(bytes);
  let body: unknown = accept === 'bytes' ? bytes : text;
  if (accept === 'json') {
    try {
      body = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      throw new SourceError('onleesbaar', failedBron(def, url, 'onleesbaar', durationMs, undefined, opname));
    }
  } else if (accept === 'text' && looksLikeXml(response.headers.get('content-type'), text.slice(0, 4096)) && !xmlClosed(text.slice(0, 64 * 1024), text.slice(-4096))) {
    // An XML document whose root element is not closed was cut off (even when its length matched the header).
    throw new SourceError('onleesbaar', failedBron(def, url, 'onleesbaar', durationMs, undefined, opname));
  }
  return { body, status: response.status, fetchedAt: new Date().toISOString(), durationMs, url, opname, size: bytes.byteLength };
}

async function readCapped(response: Response, budget: CallBudget, idle: number): Promise<Uint8Array> {
  const declared = declaredLength(response.headers);
  if (declared !== null && declared > MAX_BODY_BYTES) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error('upstream body too large');
  }
  if (!response.body) return new Uint8Array(0);
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of bodyChunks(response.body, budget, idle, declared)) {
    total += chunk.byteLength;
    if (total > MAX_BODY_BYTES) {
      await response.body.cancel().catch(() => undefined);
      throw new Error('upstream body too large');
    }
    parts.push(chunk);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const p of parts) {
    bytes.set(p, at);
    at += p.byteLength;
  }
  return bytes;
}

function classifyThrown(def: SourceDef, url: string, err: unknown, started: number, callerSignal?: AbortSignal): SourceError {
  const durationMs = Math.round(performance.now() - started);
  const name = err instanceof Error ? err.name : '';
  const kind: SourceFailureKind =
    name === 'TimeoutError' || (name === 'AbortError' && !callerSignal?.aborted)
      ? 'timeout'
      : err instanceof Error && /too large/.test(err.message)
        ? 'onleesbaar'
        : 'netwerk';
  return new SourceError(kind, failedBron(def, url, kind, durationMs));
}

/** The bronnen `opname` of an answer served by the replay server (null for a live answer). */
export function replayLabel(headers: Headers): BronEntry['opname'] {
  const bestand = headers.get('x-replay-fixture');
  if (!bestand) return null;
  const soort = headers.get('x-replay-kind') === 'opgebouwd' ? 'opgebouwd' : 'opgenomen';
  return {
    bestand,
    soort,
    toelichting:
      soort === 'opgenomen'
        ? 'Antwoord van de lokale replay-server: een opgenomen echte respons van deze bron, niet live bevraagd.'
        : 'Antwoord van de lokale replay-server: voorbeeld opgebouwd volgens het gedocumenteerde formaat van deze bron, geen echte gegevens.',
  };
}

/** The bronnen entry of an answer; verouderd when it is served from the cache after its TTL. */
function bronFor(def: SourceDef, answer: CachedAnswer, fromCache: boolean, stale = false): BronEntry {
  return {
    bron: def.id,
    titel: def.titel,
    url: new URL(answer.url).origin + new URL(answer.url).pathname,
    licentie: def.licentie,
    attributie: def.attributie,
    status: 'ok',
    duur_ms: fromCache ? 0 : answer.durationMs,
    opgehaald_op: answer.fetchedAt,
    cache: fromCache,
    foutsoort: null,
    opname: answer.opname,
    ...(stale ? { verouderd: true } : {}),
  };
}

/** The bronnen entry of a failed call ('onbeschikbaar'). */
export function failedBron(
  def: SourceDef,
  url: string | null,
  kind: SourceFailureKind,
  durationMs: number | null,
  httpStatus?: number,
  opname: BronEntry['opname'] = null,
): BronEntry {
  return {
    bron: def.id,
    titel: def.titel,
    url: url ? new URL(url).origin + new URL(url).pathname : baseUrl(def),
    licentie: def.licentie,
    attributie: def.attributie,
    status: 'onbeschikbaar',
    duur_ms: durationMs,
    opgehaald_op: new Date().toISOString(),
    cache: false,
    foutsoort: failureCode(kind, httpStatus),
    opname,
  };
}
