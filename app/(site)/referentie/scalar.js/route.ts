// Serves Scalar's standalone browser bundle from node_modules, so the API reference loads nothing from the
// internet. The file (4 MB) is streamed from disk at request time and never passes through the bundler.
// scripts/serve.mjs compresses it once per process at the best level (brotli: 0.94 MB; http-edge.mjs
// STATIC_DOCUMENTS); Next.js itself would drop a Content-Encoding header set here.
import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { scalarBundlePath } from '../bundle';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

/** GET /referentie/scalar.js: the bundle, cacheable for a year (the page asks for it with ?v=<version>). */
export async function GET(): Promise<Response> {
  const file = await scalarBundlePath();
  if (!file) {
    return new Response('// @scalar/api-reference is niet geïnstalleerd (npm ci)\n', {
      status: 404,
      headers: { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' },
    });
  }
  const body = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return new Response(body, {
    headers: {
      'Content-Type': 'text/javascript; charset=utf-8',
      'Cache-Control': 'public, max-age=31536000, immutable',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}
