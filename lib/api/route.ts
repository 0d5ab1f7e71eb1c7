// Binds a declared operation to Next.js route handlers. The wrapper owns timing, validation (one 400
// problem listing every invalid parameter), the envelope, headers, CORS, and the mapping of every
// failure to an RFC 7807 problem that leaks nothing internal.
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { BinaryResult, HttpMethod, Operation, OperationResult, RequestContext } from './operation';
import { InvalidParam, Problem } from './problems';
import { refusedText, UNKNOWN_PARAMETER } from './params';
import { envelope } from './envelope';
import { requestBody } from './body';
import { withDeprecation } from './deprecation';
import { csvHerkomst } from './csv';
import { pagingLink } from './paging';
import { binaryResponse, corsHeaders, jsonResponse, notModifiedResponse, problemResponse } from './respond';
import { bytesEtag, cacheControlOf, cacheHeaders, envelopeEtag, ifNoneMatchHits, isCsv, pinnedEtag, revalidatable, varyOf } from './cache';
import { SourceError, describeFailure, failureOfBron } from '@/lib/sources/source-error';
import { describeError, log } from '@/lib/log';
import { aanvragerVan, limietVan, ZONDER_SLEUTEL } from '@/lib/access/toegang';
import './zod-locale';

type RouteContext = { params: Promise<Record<string, string | string[] | undefined>> };
type Handler = (request: Request, context: RouteContext) => Promise<Response>;

const ALL_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/**
 * Route handlers for the operations of one path (usually one; a resource with GET, POST and DELETE has
 * more): each its own method, a CORS preflight, and 405 problems for the rest.
 */
export function route(...ops: Operation[]): Record<(typeof ALL_METHODS)[number], Handler> {
  const methods = ops.map((o) => o.method);
  const allowed: string[] = [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'];
  const wrongMethod: Handler = async (request) => methodNotAllowed(request, allowed);
  const preflight: Handler = async () =>
    new Response(null, { status: 204, headers: { ...corsHeaders(methods.join(', ')), Allow: allowed.join(', ') } });

  const handlers = {} as Record<(typeof ALL_METHODS)[number], Handler>;
  for (const m of ALL_METHODS) handlers[m] = wrongMethod;
  for (const op of ops) {
    const serve: Handler = async (request, context) => withDeprecation(await serveOperation(op, request, context), op.deprecated);
    handlers[op.method] = serve;
    if (op.method === 'GET') handlers.HEAD = serve;
  }
  handlers.OPTIONS = preflight;
  return handlers;
}

/**
 * Set by scripts/serve.mjs when it hands a method that Next.js route handlers cannot take (TRACE, PROPFIND, ...)
 * on as PATCH, which no operation declares, so that the route table answers the 405 with this path's Allow.
 */
export const ORIGINAL_METHOD_HEADER = 'x-oorspronkelijke-methode';

/** A 405 problem naming the allowed methods. */
export function methodNotAllowed(request: Request, allowed: string[]): Response {
  const original = request.headers.get(ORIGINAL_METHOD_HEADER);
  const method = original && /^[A-Za-z-]{1,32}$/.test(original) ? original : request.method;
  const problem = new Problem('method_not_allowed', {
    detail: `Methode ${method} is hier niet toegestaan; gebruik ${allowed.filter((m) => m !== 'OPTIONS' && m !== 'HEAD').join(' of ')}.`,
    headers: { Allow: allowed.join(', ') },
  });
  return problemResponse(problem, randomUUID());
}

async function serveOperation(op: Operation, request: Request, context: RouteContext): Promise<Response> {
  const ctx: RequestContext = { requestId: randomUUID(), startedAt: performance.now(), signal: request.signal, toegang: ZONDER_SLEUTEL };
  let limietKoppen: Record<string, string> = {};
  const ifNoneMatch = revalidatable(op) ? request.headers.get('if-none-match') : null;
  try {
    const rawPath = await context.params;
    const url = new URL(request.url);
    // Who asks: the key (401 here), before any read of the rate limit (lib/access/toegang.ts).
    const aanvrager = await aanvragerVan(op.api, request.headers);
    ctx.toegang = aanvrager?.toegang ?? ZONDER_SLEUTEL;
    // An answer pinned to the published version that the caller already has costs nothing (lib/api/cache.ts):
    // its ETag is derived before counting, so the rate limit is read once, as a peek for the 304 or as the count.
    // Derived before the operation runs: a publication during it gives the next request a new ETag, never an old one.
    let pinned: string | null = null;
    if (op.cache && ifNoneMatch !== null) {
      pinned = await pinnedEtag({ ...op, cache: op.cache }, request, url, ctx.toegang.tier);
      if (ifNoneMatchHits(ifNoneMatch, pinned, { star: false }) && validParams(op, rawPath, url.searchParams)) {
        const koppen = await limietVan(op.api, aanvrager, { tellen: false });
        logRequest(op, 304, ctx);
        return notModifiedResponse(ctx.requestId, op.method, { ...cacheHeaders(pinned, cacheControlOf(op, url, ctx.toegang.sleutel_id !== null), varyOf(op)), ...koppen });
      }
    }
    // The rate limit counts before anything else is done: a request over the limit costs nothing more.
    limietKoppen = await limietVan(op.api, aanvrager);
    const { path, query } = parseParams(op, rawPath, url.searchParams);
    if (op.cache && pinned === null) pinned = await pinnedEtag({ ...op, cache: op.cache }, request, url, ctx.toegang.tier);
    const body = op.body ? await requestBody(request, op.body) : null;
    const result = await op.handle({ path, query, body, request, ctx });
    const response = answer(op, result, ctx, url, pinned, ifNoneMatch, limietKoppen);
    logRequest(op, response.status, ctx);
    return response;
  } catch (err) {
    const problem = toProblem(err, op, ctx);
    logRequest(op, problem.status, ctx);
    return metKoppen(problemResponse(problem, ctx.requestId, op.method), limietKoppen);
  }
}

/** Whether the parameters are valid (an invalid request is never a 304: it goes the normal way, counted, to its 400). */
function validParams(op: Operation, rawPath: Record<string, string | string[] | undefined>, search: URLSearchParams): boolean {
  try {
    parseParams(op, rawPath, search);
    return true;
  } catch {
    return false;
  }
}

/**
 * The 200 answer of a result, with ETag, Cache-Control and Vary where it is revalidatable, or 304 when If-None-Match
 * matches; its headers (the rate limit's `koppen` too) are made once.
 */
function answer(
  op: Operation,
  result: OperationResult | BinaryResult,
  ctx: RequestContext,
  url: URL,
  pinned: string | null,
  ifNoneMatch: string | null,
  koppen: Record<string, string>,
): Response {
  const withKey = ctx.toegang.sleutel_id !== null;
  // After the operation ran: `*` matches (there is a current representation); this 304 was counted.
  // A CSV file keeps no-store unless the operation declares a cache basis (maxAgeSeconds is for the JSON).
  const cached = (etag: string, csv = false): Record<string, string> | Response => {
    const cacheControl = csv && !op.cache ? 'no-store' : cacheControlOf(op, url, withKey);
    const headers = { ...koppen, ...cacheHeaders(etag, cacheControl, varyOf(op)) };
    return ifNoneMatchHits(ifNoneMatch, etag, { star: true }) ? notModifiedResponse(ctx.requestId, op.method, headers) : headers;
  };
  if ('binary' in result) {
    if (!isCsv(result.binary.contentType)) return binaryResponse(result.binary, op.method, ctx.requestId, koppen);
    // CSV has no envelope: its peildatum, sources and attribution go in headers and the file name (lib/api/csv.ts).
    const herkomst = csvHerkomst(result.bronnen ?? [], result.binary.filename);
    const binary = { ...result.binary, filename: herkomst.filename };
    if (!revalidatable(op)) return binaryResponse(binary, op.method, ctx.requestId, { ...koppen, ...herkomst.headers });
    const headers = cached(pinned ?? bytesEtag(result.binary.body), true);
    return headers instanceof Response ? headers : binaryResponse(binary, op.method, ctx.requestId, { ...headers, ...herkomst.headers });
  }
  const env = envelope(op, result, ctx);
  // first/prev/next/last next to data.volgende (lib/api/paging.ts).
  const link = pagingLink(url.href, result.data);
  const extra = link ? { ...koppen, Link: link } : koppen;
  if (!revalidatable(op)) return jsonResponse(env, 200, op.method, ctx.requestId, op.maxAgeSeconds ?? 0, extra);
  const headers = cached(pinned ?? envelopeEtag(env));
  return headers instanceof Response ? headers : jsonResponse(env, 200, op.method, ctx.requestId, op.maxAgeSeconds ?? 0, link ? { ...headers, Link: link } : headers);
}

function metKoppen(response: Response, koppen: Record<string, string>): Response {
  for (const [k, v] of Object.entries(koppen)) if (!response.headers.has(k)) response.headers.set(k, v);
  return response;
}

// Made once: zod compiles every object schema on its first parse, so a new empty schema per request costs.
const NO_PARAMS = z.object({});
const knownPerSchema = new WeakMap<object, Set<string>>();
function knownKeys(schema: z.ZodObject): Set<string> {
  let known = knownPerSchema.get(schema);
  if (!known) knownPerSchema.set(schema, (known = new Set(Object.keys(schema.shape))));
  return known;
}

/** Validates path and query parameters against the declaration; throws one 400 listing them all. */
export function parseParams(
  op: Operation,
  rawPath: Record<string, string | string[] | undefined>,
  search: URLSearchParams,
): { path: Record<string, unknown>; query: Record<string, unknown> } {
  const invalid: InvalidParam[] = [];
  const pathSchema = op.params?.path ?? NO_PARAMS;
  const querySchema = op.params?.query ?? NO_PARAMS;

  // Null-prototype objects: a key such as __proto__ or constructor is data here, never inherited behaviour.
  const refused = new Set<string>();
  const pathInput: Record<string, string> = Object.create(null);
  for (const [k, v] of Object.entries(rawPath ?? {})) {
    if (typeof v !== 'string') continue;
    const value = safeDecode(v);
    const reason = refusedText(value);
    if (reason) {
      invalid.push({ name: k, in: 'path', reason });
      refused.add(`path:${k}`);
    } else {
      pathInput[k] = value;
    }
  }

  const queryInput: Record<string, string> = Object.create(null);
  const known = knownKeys(querySchema);
  for (const key of new Set(search.keys())) {
    const values = search.getAll(key);
    const reason = values.length === 1 ? refusedText(values[0]) : null;
    if (!known.has(key)) {
      invalid.push({ name: key, in: 'query', reason: UNKNOWN_PARAMETER });
    } else if (values.length > 1) {
      invalid.push({ name: key, in: 'query', reason: 'mag maar één keer voorkomen' });
    } else if (reason) {
      invalid.push({ name: key, in: 'query', reason });
      refused.add(`query:${key}`);
    } else {
      queryInput[key] = values[0];
    }
  }

  // A refused value is left out of the schema's input; its "verplicht" would only repeat the refusal.
  const notRefused = (where: 'path' | 'query') => (p: InvalidParam) => !refused.has(`${where}:${p.name}`);
  const path = pathSchema.safeParse(pathInput);
  if (!path.success) invalid.push(...issuesToParams(path.error, 'path').filter(notRefused('path')));
  const query = querySchema.safeParse(queryInput);
  if (!query.success) invalid.push(...issuesToParams(query.error, 'query').filter(notRefused('query')));

  if (invalid.length > 0) {
    const names = [...new Set(invalid.map((p) => p.name))];
    throw new Problem('invalid_parameter', {
      detail: `Ongeldige parameter${names.length > 1 ? 's' : ''}: ${names.join(', ')}.`,
      invalidParams: invalid,
    });
  }
  return { path: path.data as Record<string, unknown>, query: query.data as Record<string, unknown> };
}

function issuesToParams(error: z.ZodError, where: 'path' | 'query'): InvalidParam[] {
  return error.issues.map((issue) => ({
    name: String(issue.path[0] ?? '(onbekend)'),
    in: where,
    reason: issue.code === 'invalid_type' && issue.input === undefined ? 'verplicht' : issue.message,
  }));
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Maps anything thrown by a handler to a Problem; unexpected errors become a generic 500. */
function toProblem(err: unknown, op: Operation, ctx: RequestContext): Problem {
  if (err instanceof Problem) return err;
  if (err instanceof SourceError) {
    // Every source that failed is named (a composed answer fails only when nothing is left of it).
    const failed = [...new Map(err.failed.map((b) => [b.bron, b])).values()];
    const others = failed.slice(1).map((b) => `Bron ${b.titel} (${b.bron}) ${describeFailure(...failureOfBron(b))}.`);
    return new Problem('source_unavailable', {
      detail: [`Bron ${err.sourceTitle} (${err.sourceId}) ${describeFailure(err.kind, err.httpStatus)}.`, ...others].join(' '),
      extra: others.length > 0 ? { bron: err.sourceId, bronnen: failed.map((b) => b.bron) } : { bron: err.sourceId },
    });
  }
  log('error', 'onverwachte_fout', { operatie: op.id, verzoek_id: ctx.requestId, ...describeError(err) });
  return new Problem('internal_error', {
    detail: `Er ging iets mis bij het verwerken van dit verzoek. Vermeld verzoek-id ${ctx.requestId} als u contact opneemt.`,
  });
}

function logRequest(op: Operation, status: number, ctx: RequestContext): void {
  log('info', 'verzoek', {
    operatie: op.id,
    status,
    duur_ms: Math.round(performance.now() - ctx.startedAt),
    verzoek_id: ctx.requestId,
  });
}

export type { HttpMethod };
