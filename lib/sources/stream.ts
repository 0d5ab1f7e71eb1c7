// Streaming calls for large upstream files (the NDW feeds: gzip, tens to hundreds of megabytes unpacked).
// The body is read in chunks, unpacked with node:zlib when it starts with the gzip magic bytes, decoded as
// UTF-8 and handed to a consumer as an async iterable of strings: never the whole feed as one string. What
// is cached is the consumer's result (parsed and indexed), not the bytes, for the TTL the caller gives;
// concurrent callers of an expired or empty entry share one refresh (one at a time per URL), and an expired
// result is served (marked verouderd) while a refresh is under way or failing, as fetchSource does. The
// source's budgets hold: first byte, silence between chunks, the whole download. Failures are classified and
// reported exactly as fetchSource does (timeout, http_<status>, netwerk, onleesbaar, onvolledig: a body shorter
// than announced, cut mid-transfer, or an XML document whose root is not closed), with the same bronnen entry
// and replay label.
import { Readable, pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import type { BronEntry } from './bron';
import { SourceDef, firstByteMs, idleMs, maxStaleMs, timeoutMs } from './source';
import { failedBron, onClearSourceCache, replayLabel, sourceUrl } from './fetch';
import { SourceError, type SourceFailureKind } from './source-error';
import { reportSourceOutcome } from './outcomes';
import { CallBudget, IncompleteBody, bodyChunks, declaredLength, looksLikeXml, xmlClosed } from './budget';
import { Verversing, type Bewaard } from './verversing';

/** Reads the chunks of a feed and returns what is cached (parsed, indexed). Throw on content that cannot be read. */
export type StreamConsumer<T> = (chunks: AsyncIterable<string>) => Promise<T>;

export interface StreamOptions {
  /** How long the consumer's result is reused; defaults to the source's TTL. */
  ttlMs?: number;
  /** The caller's signal: stops waiting, never the shared refresh (which warms the cache for the others). */
  signal?: AbortSignal;
  /** Cap on the unpacked size (default 2 GiB): beyond it the answer counts as unreadable. */
  maxBytes?: number;
}

interface Parsed extends Bewaard {
  data: unknown;
  fetchedAt: string;
  durationMs: number;
  url: string;
  opname: BronEntry['opname'];
}

const DEFAULT_MAX_BYTES = 2 * 1024 * 1024 * 1024;
const parsedCache = new Map<string, Parsed>();
const refreshes = new Verversing<Parsed>(parsedCache);
onClearSourceCache(() => {
  parsedCache.clear();
  refreshes.clear();
});

/**
 * Streams one upstream file through a consumer; the parsed result is cached and refreshes are shared and never
 * tied to a caller (lib/sources/verversing.ts). An expired result within the source's maxStaleMs is returned,
 * marked verouderd, when the refresh is under way for another caller, failed, or outlasts this caller's wait.
 * A caller whose wait ends without any result gets a timeout naming the source.
 */
export async function streamSource<T>(def: SourceDef, path: string, consume: StreamConsumer<T>, options: StreamOptions = {}): Promise<{ data: T; bron: BronEntry }> {
  const url = sourceUrl(def, path);
  const key = `stream ${url}`;
  const ttl = options.ttlMs ?? def.ttlMs;
  const started = performance.now();
  const load = () => withRetry(def, url, consume as StreamConsumer<unknown>, options.maxBytes ?? DEFAULT_MAX_BYTES, ttl);
  try {
    const uit = await refreshes.get(key, { maxStaleMs: ttl > 0 ? maxStaleMs(def) : 0, signal: options.signal, store: ttl > 0 }, load);
    return { data: uit.entry.data as T, bron: bronFor(def, uit.entry, uit.cache, uit.verouderd) };
  } catch (err) {
    if (err instanceof SourceError) throw err;
    // This caller's wait ended (its signal) before the refresh answered.
    throw new SourceError('timeout', failedBron(def, url, 'timeout', Math.round(performance.now() - started)));
  }
}

/** Whether a parsed answer for this file is cached and fresh (benchmarks, tests). */
export function streamCached(def: SourceDef, path: string): boolean {
  const hit = parsedCache.get(`stream ${sourceUrl(def, path)}`);
  return !!hit && hit.expiresAt > Date.now();
}


async function withRetry(def: SourceDef, url: string, consume: StreamConsumer<unknown>, maxBytes: number, ttl: number): Promise<Parsed> {
  const budget = timeoutMs(def);
  const started = performance.now();
  let attempt = 0;
  for (;;) {
    attempt++;
    const remaining = budget - (performance.now() - started);
    const call = new CallBudget(remaining);
    try {
      const parsed = await streamOnce(def, url, consume, maxBytes, call, started, ttl);
      reportSourceOutcome({ bron: def.id, ok: true, foutsoort: null, duurMs: parsed.durationMs, tijd: new Date() });
      return parsed;
    } catch (err) {
      const failure = err instanceof SourceError ? err : classify(def, url, err, started, call.signal);
      const left = budget - (performance.now() - started);
      const retryable = failure.kind === 'netwerk' || failure.kind === 'onvolledig' || (failure.kind === 'http' && [502, 503, 504].includes(failure.httpStatus ?? 0));
      if (attempt === 1 && retryable && left > budget / 4) {
        await new Promise((r) => setTimeout(r, 100));
        continue;
      }
      reportSourceOutcome({ bron: def.id, ok: false, foutsoort: failure.bron.foutsoort, duurMs: failure.bron.duur_ms ?? 0, tijd: new Date() });
      throw failure;
    }
  }
}

async function streamOnce(
  def: SourceDef,
  url: string,
  consume: StreamConsumer<unknown>,
  maxBytes: number,
  budget: CallBudget,
  started: number,
  ttl: number,
): Promise<Parsed> {
  budget.arm(firstByteMs(def));
  let response: Response;
  try {
    response = await fetch(url, { headers: { Accept: '*/*', 'User-Agent': 'nl-open-data-service/1.0' }, signal: budget.signal, redirect: 'follow' });
  } finally {
    budget.disarm();
  }
  const opname = replayLabel(response.headers);
  const elapsed = () => Math.round(performance.now() - started);
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    throw new SourceError('http', failedBron(def, url, 'http', elapsed(), response.status, opname), response.status);
  }
  let data: unknown;
  try {
    const raw = bodyChunks(response.body, budget, idleMs(def), declaredLength(response.headers));
    data = await consume(textChunks(raw, maxBytes, response.headers.get('content-type')));
  } catch (err) {
    await response.body.cancel().catch(() => undefined);
    const kind: SourceFailureKind = budget.signal.aborted ? 'timeout' : err instanceof IncompleteBody ? 'onvolledig' : 'onleesbaar';
    throw new SourceError(kind, failedBron(def, url, kind, elapsed(), undefined, opname));
  }
  const durationMs = elapsed();
  return { data, fetchedAt: new Date().toISOString(), durationMs, url, opname, expiresAt: Date.now() + ttl };
}

/**
 * The body as UTF-8 text chunks: gunzipped when it starts with the gzip magic bytes, capped at maxBytes unpacked.
 * An XML document whose root element is not closed at the end is unreadable (cut off), even when the byte count
 * matched the header.
 */
async function* textChunks(raw: AsyncGenerator<Uint8Array>, maxBytes: number, contentType: string | null): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const HEAD = 64 * 1024;
  const TAIL = 4096;
  let head = '';
  let tail = '';
  const keep = (s: string) => {
    if (head.length < HEAD) head += s.slice(0, HEAD - head.length);
    tail = (tail + s).slice(-TAIL);
  };
  let total = 0;
  for await (const bytes of unpacked(raw)) {
    total += bytes.byteLength;
    if (total > maxBytes) throw new Error('feed larger than the cap');
    const s = decoder.decode(bytes, { stream: true });
    if (s) {
      keep(s);
      yield s;
    }
  }
  const rest = decoder.decode();
  if (rest) {
    keep(rest);
    yield rest;
  }
  if (looksLikeXml(contentType, head) && !xmlClosed(head, tail)) throw new Error('XML document ends before its root element is closed');
}

async function* unpacked(chunks: AsyncGenerator<Uint8Array>): AsyncGenerator<Uint8Array> {
  const first = await chunks.next();
  if (first.done) return;
  async function* all(): AsyncGenerator<Uint8Array> {
    yield first.value as Uint8Array;
    yield* chunks;
  }
  const head = first.value as Uint8Array;
  if (!(head[0] === 0x1f && head[1] === 0x8b)) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  let failure: unknown = null;
  pipeline(Readable.from(all(), { objectMode: false }), gunzip, (err) => {
    if (err) failure = err;
  });
  try {
    for await (const out of gunzip as AsyncIterable<Buffer>) yield out;
  } catch (err) {
    throw failure instanceof IncompleteBody ? failure : err;
  }
  if (failure) throw failure;
}

function classify(def: SourceDef, url: string, err: unknown, started: number, signal: AbortSignal): SourceError {
  const durationMs = Math.round(performance.now() - started);
  const name = err instanceof Error ? err.name : '';
  const kind: SourceFailureKind = signal.aborted || name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'netwerk';
  return new SourceError(kind, failedBron(def, url, kind, durationMs));
}

function bronFor(def: SourceDef, parsed: Parsed, fromCache: boolean, stale = false): BronEntry {
  const u = new URL(parsed.url);
  return {
    bron: def.id,
    titel: def.titel,
    url: u.origin + u.pathname,
    licentie: def.licentie,
    attributie: def.attributie,
    status: 'ok',
    duur_ms: fromCache ? 0 : parsed.durationMs,
    opgehaald_op: parsed.fetchedAt,
    cache: fromCache,
    foutsoort: null,
    opname: parsed.opname,
    ...(stale ? { verouderd: true } : {}),
  };
}
