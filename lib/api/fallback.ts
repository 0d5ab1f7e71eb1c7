// Answers for paths under /v1 that no operation declares (404 problem), and the raw OpenAPI document.
import { randomUUID } from 'node:crypto';
import { Problem } from './problems';
import { corsHeaders, problemResponse } from './respond';
import { methodNotAllowed } from './route';
import { buildOpenApi } from './openapi';
import { API_VERSION } from './version';
import { bytesEtag, cacheHeaders, ifNoneMatchHits } from './cache';

type Handler = (request: Request) => Promise<Response>;
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** Route handlers that answer every method with a 404 not_found problem. */
export function unknownPathRoutes(): Record<(typeof METHODS)[number], Handler> {
  const handler: Handler = async () =>
    problemResponse(
      new Problem('not_found', {
        detail: 'Dit pad bestaat niet in deze API. Zie /v1/openapi.json of /v1/bronnen voor alle operaties.',
      }),
      randomUUID(),
    );
  return Object.fromEntries(METHODS.map((m) => [m, handler])) as Record<(typeof METHODS)[number], Handler>;
}

let cachedDocument: { text: string; etag: string } | undefined;

/** Seconds a browser or CDN may keep the OpenAPI document without asking; then a revalidation (304) costs nothing. */
export const OPENAPI_MAX_AGE_S = 300;

/**
 * Route handlers serving GET /v1/openapi.json, generated once from the registry: with a strong ETag of its bytes
 * (it changes only with a release of this API version), 304 on a matching If-None-Match, cacheable by shared caches.
 */
export function openApiRoutes(): Record<(typeof METHODS)[number], Handler> {
  const get: Handler = async (request) => {
    if (!cachedDocument) {
      const { operations } = await import('./registry');
      const text = JSON.stringify(buildOpenApi(operations), null, 2);
      cachedDocument = { text, etag: bytesEtag(new TextEncoder().encode(text)) };
    }
    const headers = {
      'API-Version': API_VERSION,
      ...cacheHeaders(cachedDocument.etag, `public, max-age=${OPENAPI_MAX_AGE_S}`, 'Accept-Encoding'),
      ...corsHeaders('GET'),
    };
    if (ifNoneMatchHits(request.headers.get('if-none-match'), cachedDocument.etag, { star: true })) return new Response(null, { status: 304, headers });
    return new Response(cachedDocument.text, { headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } });
  };
  const wrong: Handler = async (request) => methodNotAllowed(request, ['GET', 'HEAD', 'OPTIONS']);
  const options: Handler = async () => new Response(null, { status: 204, headers: corsHeaders('GET') });
  return { GET: get, HEAD: get, POST: wrong, PUT: wrong, PATCH: wrong, DELETE: wrong, OPTIONS: options };
}
