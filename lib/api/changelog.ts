// GET /v1/changelog: the changelog of the API surface (docs/api-changelog.md, Keep a Changelog) as the server
// serves it, so a client reads the changes of the version it talks to. Linked from the OpenAPI document
// (externalDocs, info.description) and from the Link rel="deprecation" header of deprecated operations.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { Problem } from './problems';
import { corsHeaders, problemResponse } from './respond';
import { methodNotAllowed } from './route';
import { API_VERSION } from './version';

/** Where the changelog lives, from the project root (resolved at request time: `next build` never copies it). */
export const CHANGELOG_FILE = path.join('docs', 'api-changelog.md');

type Handler = (request: Request) => Promise<Response>;

/** Route handlers of /v1/changelog: GET and HEAD answer the Markdown text, other methods 405. */
export function changelogRoutes(): Record<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', Handler> {
  const get: Handler = async () => {
    let text: string;
    try {
      text = await readFile(path.join(process.cwd(), CHANGELOG_FILE), 'utf8');
    } catch {
      return problemResponse(new Problem('not_found', { detail: 'De changelog is op deze installatie niet meegeleverd.' }), randomUUID());
    }
    return new Response(text, {
      headers: {
        'Content-Type': 'text/markdown; charset=utf-8',
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
