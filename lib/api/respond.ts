// Building HTTP responses: JSON bodies, problem+json bodies and the headers every answer carries
// (API-Version, X-Request-Id, CORS).
import { Problem, problemDocument } from './problems';
import { API_VERSION } from './version';

const EXPOSED = 'API-Version, X-Request-Id, RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset, Retry-After, ETag, Link, X-Peildatum, X-Bronnen, Content-Disposition';

/** CORS headers: open to every origin (the API is public); preflight allows the operation's method. */
export function corsHeaders(method: string = 'GET'): Record<string, string> {
  return {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Methods': method === 'GET' ? 'GET, HEAD, OPTIONS' : `${method.replace(/\bGET\b/, 'GET, HEAD')}, OPTIONS`,
    'Access-Control-Allow-Headers': 'Content-Type, Accept, X-Api-Key, Authorization, If-None-Match',
    'Access-Control-Expose-Headers': EXPOSED,
    'Access-Control-Max-Age': '86400',
  };
}

// The CORS headers per method, made once (every answer carries them).
const corsPerMethod = new Map<string, Record<string, string>>();

function baseHeaders(requestId: string, method: string): Record<string, string> {
  let cors = corsPerMethod.get(method);
  if (!cors) corsPerMethod.set(method, (cors = corsHeaders(method)));
  return { 'API-Version': API_VERSION, 'X-Request-Id': requestId, ...cors };
}

/**
 * A JSON response with the standard headers; `extra` (cache and rate-limit headers) is added to them and wins,
 * so the answer's headers are made once. `body` may be the JSON text already.
 */
export function jsonResponse(body: unknown, status: number, method: string, requestId: string, maxAgeSeconds = 0, extra?: Record<string, string>): Response {
  return new Response(typeof body === 'string' ? body : JSON.stringify(body), {
    status,
    headers: {
      ...baseHeaders(requestId, method),
      'Content-Type': 'application/json; charset=utf-8',
      'Cache-Control': maxAgeSeconds > 0 ? `public, max-age=${maxAgeSeconds}` : 'no-store',
      ...extra,
    },
  });
}

/** A binary answer shown inline (e.g. a PDF) or downloaded (an export), never cached unless `extra` says so (CSV: lib/api/cache.ts). */
export function binaryResponse(
  binary: { body: Uint8Array; contentType: string; filename: string; bijlage?: boolean },
  method: string,
  requestId: string,
  extra?: Record<string, string>,
): Response {
  return new Response(binary.body as BodyInit, {
    status: 200,
    headers: {
      ...baseHeaders(requestId, method),
      'Content-Type': binary.contentType,
      'Content-Disposition': `${binary.bijlage ? 'attachment' : 'inline'}; filename="${binary.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
      'Cache-Control': 'no-store',
      ...extra,
    },
  });
}

/**
 * 304 Not Modified: no body, the headers of every answer plus those the 200 would have carried for caches
 * (ETag, Cache-Control, Vary: lib/api/cache.ts) and the rate-limit headers the caller passes.
 */
export function notModifiedResponse(requestId: string, method: string, headers: Record<string, string>): Response {
  return new Response(null, { status: 304, headers: { ...baseHeaders(requestId, method), ...headers } });
}

/** An RFC 7807 problem+json response for a Problem. */
export function problemResponse(problem: Problem, requestId: string, method = 'GET'): Response {
  return new Response(JSON.stringify(problemDocument(problem, requestId)), {
    status: problem.status,
    headers: {
      ...baseHeaders(requestId, method),
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      ...problem.headers,
    },
  });
}
