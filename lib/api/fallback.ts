// Answers for paths under /v1 that no operation declares (404 problem), and the raw OpenAPI document.
import { randomUUID } from 'node:crypto';
import { Problem } from './problems';
import { corsHeaders, problemResponse } from './respond';
import { methodNotAllowed } from './route';
import { buildOpenApi } from './openapi';
import { API_VERSION } from './version';

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

let cachedDocument: string | undefined;

/** Route handlers serving GET /v1/openapi.json, generated once from the registry. */
export function openApiRoutes(): Record<(typeof METHODS)[number], Handler> {
  const get: Handler = async () => {
    if (!cachedDocument) {
      const { operations } = await import('./registry');
      cachedDocument = JSON.stringify(buildOpenApi(operations), null, 2);
    }
    return new Response(cachedDocument, {
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'API-Version': API_VERSION,
        'Cache-Control': 'public, max-age=300',
        ...corsHeaders('GET'),
      },
    });
  };
  const wrong: Handler = async (request) => methodNotAllowed(request, ['GET', 'HEAD', 'OPTIONS']);
  const options: Handler = async () => new Response(null, { status: 204, headers: corsHeaders('GET') });
  return { GET: get, HEAD: get, POST: wrong, PUT: wrong, PATCH: wrong, DELETE: wrong, OPTIONS: options };
}
