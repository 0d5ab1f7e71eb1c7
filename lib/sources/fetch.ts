// The one fetch helper every source uses: time budget, one retry for idempotent calls, a TTL cache,
// coalescing of identical concurrent calls, and classification of failures into SourceError. It also
// builds the bronnen entry of each call, including the label of answers served by the replay server.
import { LRUCache } from 'lru-cache';
import type { BronEntry } from './bron';
import { SourceDef, baseUrl, timeoutMs } from './source';
import { SourceError, SourceFailureKind, failureCode } from './source-error';
import { reportSourceOutcome } from './outcomes';

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
}

const MAX_BODY_BYTES = 50 * 1024 * 1024;
type Accept = NonNullable<FetchOptions['accept']>;
const cache = new LRUCache<string, CachedAnswer>({ max: 5000 });
const inflight = new Map<string, Promise<CachedAnswer>>();

const clearHooks = new Set<() => void>();

/** Empties the answer cache (tests, and after changing source URLs at run time), and the caches registered with onClearSourceCache. */
export function clearSourceCache(): void {
  cache.clear();
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

/** Calls one upstream source and returns its parsed body with the bronnen entry of the call. */
export async function fetchSource<T = unknown>(def: SourceDef, path: string, options: FetchOptions = {}): Promise<SourceResponse<T>> {
  const url = sourceUrl(def, path, options.query);
  const accept = options.accept ?? 'json';
  const key = `${accept} ${url}`;
  const ttl = options.ttlMs ?? def.ttlMs;

  const hit = ttl > 0 ? cache.get(key) : undefined;
  if (hit) return { body: hit.body as T, status: hit.status, bron: bronFor(def, hit, 'ok', true) };

  let pending = inflight.get(key);
  if (!pending) {
    pending = callWithRetry(def, url, accept, options).finally(() => inflight.delete(key));
    inflight.set(key, pending);
  }
  const answer = await pending;
  // Accepted "not found" answers are cached too: the 24-hour rule holds for them as well, and look-up
  // services (WOZ-waardeloket) must not be asked the same question again and again.
  if (ttl > 0) cache.set(key, answer, { ttl });
  return { body: answer.body as T, status: answer.status, bron: bronFor(def, answer, 'ok', false) };
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
      const retryable = failure.kind === 'netwerk' || (failure.kind === 'http' && [502, 503, 504].includes(failure.httpStatus ?? 0));
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
  const timeout = AbortSignal.timeout(Math.max(1, Math.floor(remainingMs)));
  const signal = options.signal ? AbortSignal.any([timeout, options.signal]) : timeout;
  const headers: Record<string, string> = {
    Accept: accept === 'json' ? 'application/json' : '*/*',
    'User-Agent': 'nl-open-data-service/1.0',
    ...options.headers,
  };
  const key = def.keyEnvVar ? process.env[def.keyEnvVar]?.trim() : undefined;
  if (key) headers[def.keyHeader ?? 'X-Api-Key'] ??= key;

  const response = await fetch(url, { headers, signal, redirect: 'follow' });
  const opname = replayLabel(response.headers);
  const accepted = response.ok || (options.acceptStatuses ?? []).includes(response.status);
  const bytes = await readCapped(response);
  const durationMs = Math.round(performance.now() - started);
  if (!accepted) throw new SourceError('http', failedBron(def, url, 'http', durationMs, response.status, opname), response.status);

  const text = accept === 'bytes' ? '' : new TextDecoder().decode(bytes);
  let body: unknown = accept === 'bytes' ? bytes : text;
  if (accept === 'json') {
    try {
      body = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      throw new SourceError('onleesbaar', failedBron(def, url, 'onleesbaar', durationMs, undefined, opname));
    }
  }
  return { body, status: response.status, fetchedAt: new Date().toISOString(), durationMs, url, opname };
}

async function readCapped(response: Response): Promise<Uint8Array> {
  const declared = Number(response.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > MAX_BODY_BYTES) throw new Error('upstream body too large');
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.byteLength > MAX_BODY_BYTES) throw new Error('upstream body too large');
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

function bronFor(def: SourceDef, answer: CachedAnswer, status: 'ok', fromCache: boolean): BronEntry {
  return {
    bron: def.id,
    titel: def.titel,
    url: new URL(answer.url).origin + new URL(answer.url).pathname,
    licentie: def.licentie,
    attributie: def.attributie,
    status,
    duur_ms: fromCache ? 0 : answer.durationMs,
    opgehaald_op: answer.fetchedAt,
    cache: fromCache,
    foutsoort: null,
    opname: answer.opname,
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
