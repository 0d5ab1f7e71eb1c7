// Serves Scalar's standalone browser bundle from vendor/scalar (bundle.ts), so the API reference loads nothing
// from the internet. The file is stored brotli 11-compressed: behind scripts/serve.mjs a client that accepts br
// gets those bytes as they are (0.94 MB; the edge asks with PRECODED_HEADER and sets Content-Encoding, which
// Next.js would drop if set here); everyone else gets the identity bytes (4.35 MB, decompressed once per
// process), which the edge gzips when asked (http-edge.mjs STATIC_DOCUMENTS).
import { ifNoneMatchHits } from '@/lib/api/cache';
import { PRECODED_HEADER } from '@/scripts/precoded.mjs';
import { scalarBundle, scalarEtag } from '../bundle';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** The page asks for the bundle with ?v=<version>: the URL pins the content, so it is cached for a year. */
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** The bytes of a kept Buffer as a body, without copying them. */
const view = (b: Buffer): Uint8Array<ArrayBuffer> => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** GET /referentie/scalar.js: the bundle (br or identity), cacheable for a year, revalidated by its ETag. */
export async function GET(request: Request): Promise<Response> {
  const bundle = await scalarBundle();
  if (!bundle) {
    return new Response('// vendor/scalar/standalone.js.br ontbreekt (npm run vendor:scalar)\n', {
      status: 404,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const etag = scalarEtag(bundle.bron);
  const headers: Record<string, string> = {
    'Content-Type': 'text/javascript; charset=utf-8',
    'Cache-Control': CACHE_CONTROL,
    ETag: etag,
    'X-Content-Type-Options': 'nosniff',
  };
  if (ifNoneMatchHits(request.headers.get('if-none-match'), etag, { star: true })) {
    return new Response(null, { status: 304, headers });
  }
  if (request.headers.get(PRECODED_HEADER) === 'br') {
    return new Response(view(bundle.br), { headers: { ...headers, [PRECODED_HEADER]: 'br' } });
  }
  return new Response(view(await bundle.identity()), { headers });
}
