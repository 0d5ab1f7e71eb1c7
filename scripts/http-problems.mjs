// Problem documents that the Node HTTP server (scripts/serve.mjs) writes itself, for requests that never
// reach Next.js: a request line or headers the HTTP parser refuses, headers that are too large, a request
// that does not arrive in time, a method Node cannot hand on. Plain JavaScript so that `node scripts/serve.mjs`
// runs without a build; http-problems.test.ts checks every entry against the catalogue in lib/api/problems.ts.
import { randomUUID } from 'node:crypto';

/** The same version as lib/api/version.ts (checked by the test). */
export const API_VERSION = '1.0.0-beta';

/** The catalogue entries used here: errorCode -> status and title, as in lib/api/problems.ts. */
export const serverProblems = {
  bad_request: { status: 400, title: 'Ongeldig verzoek' },
  invalid_parameter: { status: 400, title: 'Ongeldige parameter' },
  not_found: { status: 404, title: 'Niet gevonden' },
  method_not_allowed: { status: 405, title: 'Methode niet toegestaan' },
  request_timeout: { status: 408, title: 'Verzoek niet op tijd ontvangen' },
  headers_too_large: { status: 431, title: 'Kopregels te groot' },
};

const REASON = { 400: 'Bad Request', 404: 'Not Found', 405: 'Method Not Allowed', 408: 'Request Timeout', 431: 'Request Header Fields Too Large' };

/** Carries the method of a request handed on to Next.js as PATCH (serve.mjs; lib/api/route.ts reads it). */
export const ORIGINAL_METHOD_HEADER = 'x-oorspronkelijke-methode';

/** Methods the route table can serve (route handlers of Next.js); any other method is mapped before Next sees it. */
export const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** The methods some /v1 path serves, for a 405 where the path is not known. */
export const ANY_PATH_ALLOW = 'GET, HEAD, POST, DELETE, OPTIONS';

/** The problem document (RFC 7807) for a catalogue code, shaped as lib/api/problems.ts problemDocument shapes it. */
export function problemDocument(code, detail, requestId = randomUUID(), extra = {}) {
  const p = serverProblems[code];
  return { type: `/problemen#${code}`, title: p.title, status: p.status, detail, errorCode: code, instance: `urn:uuid:${requestId}`, ...extra };
}

/** Status, headers and body of a problem answer, with the headers every answer of the API carries. */
export function problemAnswer(code, detail, headers = {}, extra = {}) {
  const requestId = randomUUID();
  const body = JSON.stringify(problemDocument(code, detail, requestId, extra));
  return {
    status: serverProblems[code].status,
    headers: {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Content-Length': String(Buffer.byteLength(body)),
      'Cache-Control': 'no-store',
      'API-Version': API_VERSION,
      'X-Request-Id': requestId,
      'Access-Control-Allow-Origin': '*',
      ...API_SECURITY_HEADERS,
      ...headers,
    },
    body,
  };
}

/**
 * Security headers of every API answer (the Dutch API Design Rules and OWASP's REST advice): no MIME sniffing,
 * never framed, no referrer to other origins, and a policy that lets a JSON document load nothing. serve.mjs
 * (scripts/http-edge.mjs) sets the same on every answer Next.js gives; these are for the raw answers above.
 */
export const API_SECURITY_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
};

/** The reason an undeclared query parameter is refused, as lib/api/params.ts UNKNOWN_PARAMETER. */
export const UNKNOWN_PARAMETER = 'onbekende parameter voor deze operatie';

/**
 * Names of Object.prototype, which no operation may declare (lib/api/params.ts RESERVED_PARAMETER_NAMES).
 * Next.js collects the query in a plain object before a route handler sees it: "__proto__" there is lost
 * and "constructor" or "toString" come out doubled or take other parameters with them.
 */
export const RESERVED_PARAMETER_NAMES = Object.getOwnPropertyNames(Object.prototype);

/** The 400 problem for a request target whose query has reserved keys, or null when it has none. */
export function reservedKeysProblem(target) {
  const i = target.indexOf('?');
  if (i < 0) return null;
  const keys = [...new Set(new URLSearchParams(target.slice(i + 1)).keys())].filter((k) => RESERVED_PARAMETER_NAMES.includes(k));
  if (keys.length === 0) return null;
  return problemAnswer('invalid_parameter', `Ongeldige parameter${keys.length > 1 ? 's' : ''}: ${keys.join(', ')}.`, {}, {
    invalid_params: keys.map((name) => ({ name, in: 'query', reason: UNKNOWN_PARAMETER })),
  });
}

const NOT_FOUND_DETAIL = 'Dit pad bestaat niet in deze API. Zie /v1/openapi.json of /v1/bronnen voor alle operaties.';

/**
 * The problem for a /v1 request target that must not reach Next.js, or null: a path that cannot be
 * percent-decoded (Next's router would answer a plain-text 500), a trailing slash (the Dutch API Design Rules
 * want 404, where Next.js would redirect), and query keys that Next's query object loses (reservedKeysProblem).
 */
export function frontProblem(target) {
  const q = target.indexOf('?');
  const pathname = q < 0 ? target : target.slice(0, q);
  try {
    decodeURIComponent(pathname);
  } catch {
    return problemAnswer('bad_request', 'Het pad bevat een ongeldige procentcodering (bijvoorbeeld een losse %).');
  }
  if (pathname.length > 1 && pathname.endsWith('/')) {
    return problemAnswer('not_found', `${NOT_FOUND_DETAIL} Paden eindigen niet op een schuine streep: ${pathname.replace(/\/+$/, '') || '/'}.`);
  }
  return reservedKeysProblem(target);
}

/**
 * Where a page request with a trailing slash is redirected (308, the canonical path without it, query kept),
 * or null. Leading slashes are collapsed so that "//host/" can never become a redirect to another host.
 */
export function pageRedirect(target) {
  const q = target.indexOf('?');
  const pathname = q < 0 ? target : target.slice(0, q);
  if (pathname.length <= 1 || !pathname.endsWith('/')) return null;
  const canonical = `/${pathname.replace(/^\/+/, '').replace(/\/+$/, '')}`;
  return canonical + (q < 0 ? '' : target.slice(q));
}

/** Which problem answers a client error of Node's HTTP server (err.code), with a Dutch detail. */
export function clientErrorProblem(errCode) {
  if (errCode === 'HPE_HEADER_OVERFLOW') {
    return { code: 'headers_too_large', detail: 'De verzoekregel (het adres) en de kopregels (headers) van het verzoek zijn samen te groot.' };
  }
  if (errCode === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { code: 'request_timeout', detail: 'Het verzoek (kopregels en inhoud) kwam niet op tijd binnen; stuur het opnieuw.' };
  }
  if (errCode === 'HPE_INVALID_METHOD') {
    return { code: 'method_not_allowed', detail: 'Deze HTTP-methode wordt niet ondersteund.' };
  }
  return { code: 'bad_request', detail: 'Het HTTP-verzoek kon niet worden gelezen (ongeldige verzoekregel, kopregel of inhoudscodering).' };
}

/** The request line's method and target from the bytes the parser refused, when they can be read. */
export function requestLine(rawPacket) {
  if (!rawPacket) return null;
  const m = /^([!#$%&'*+.^_`|~0-9A-Za-z-]{1,32}) (\/[^\s]{0,2048}) HTTP\/1\.[01]\r?\n/.exec(Buffer.from(rawPacket).toString('latin1'));
  return m ? { method: m[1], target: m[2] } : null;
}

/** A complete HTTP/1.1 response with a problem+json body that closes the connection. */
export function rawProblemResponse(code, detail, headers = {}) {
  const a = problemAnswer(code, detail, headers);
  const lines = [`HTTP/1.1 ${a.status} ${REASON[a.status]}`, ...Object.entries(a.headers).map(([k, v]) => `${k}: ${v}`), 'Connection: close'];
  return `${lines.join('\r\n')}\r\n\r\n${a.body}`;
}
