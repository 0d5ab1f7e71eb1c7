// What scripts/serve.mjs adds to every answer Next.js gives: the security headers, and compression (gzip or
// brotli as Accept-Encoding asks). Next's own compression is off (next.config.mjs `compress: false`): it knows
// gzip only, and it drops a Content-Encoding that a route handler sets.
//
// - Streamed answers go through the `compression` package (brotli quality 4, gzip level 6), flushed after
//   every chunk so that a streamed answer still streams.
// - The two large static documents (STATIC_DOCUMENTS: the OpenAPI document, 2.4 MB, and the reference bundle,
//   4.4 MB) and Next's immutable build files (/_next/static/) are collected whole and compressed once per process at the best quality (brotli 11:
//   the OpenAPI document goes from 2.4 MB to 0.1 MB). That takes seconds, so it runs in the background (zlib's
//   thread pool) and the answers until then are compressed at the fast level.
// - A route that has its body compressed already says so (scripts/precoded.mjs): the reference bundle is
//   stored brotli 11-compressed (vendor/scalar), and goes out to a br client as it is, never compressed here.
// - An ETag stays valid: a strong ETag of the identity bytes is made weak on a compressed answer (RFC 9110
//   8.8.1: the bytes differ), and the wrapper compares If-None-Match weakly (lib/api/cache.ts), so it still
//   gives a 304.
import { createHash } from 'node:crypto';
import http from 'node:http';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import compression from 'compression';
import { PRECODED_HEADER } from './precoded.mjs';

/** Paths whose answers are static documents, compressed once at the best level and kept (query ignored). */
export const STATIC_DOCUMENTS = new Set(['/v1/openapi.json', '/referentie/scalar.js']);

/** Whether a path is a static document or one of Next's immutable build files (/_next/static/: its chunks, 30-90 KB each in brotli). */
export const isStaticDocument = (pathname) => STATIC_DOCUMENTS.has(pathname) || pathname.startsWith('/_next/static/');

/** Answers smaller than this go out as they are: compression would save less than it costs. */
export const THRESHOLD_BYTES = 1024;

const FAST = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
  gzip: { level: 6 },
};
const BEST = {
  br: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  gzip: { level: 9 },
};
const encoders = { br: promisify(zlib.brotliCompress), gzip: promisify(zlib.gzip) };

/**
 * The coding to use for an Accept-Encoding value: 'br' when offered (preferred at equal q), else 'gzip',
 * else null (identity). q-values are honoured: q=0 refuses a coding, `*` stands for those not named.
 */
export function chooseEncoding(acceptEncoding) {
  if (!acceptEncoding) return null;
  const q = new Map();
  for (const part of String(acceptEncoding).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';').map((s) => s.trim());
    if (!name) continue;
    const qp = params.find((p) => p.startsWith('q='));
    const value = qp ? Number(qp.slice(2)) : 1;
    q.set(name === 'x-gzip' ? 'gzip' : name, Number.isFinite(value) ? value : 0);
  }
  const of = (coding) => (q.has(coding) ? q.get(coding) : (q.get('*') ?? 0));
  const br = of('br');
  const gzip = of('gzip');
  if (br > 0 && br >= gzip) return 'br';
  if (gzip > 0) return 'gzip';
  return null;
}

/** Whether the request came over https: the socket itself, or X-Forwarded-Proto from a trusted proxy (TRUST_PROXY_HOPS). */
export function isHttps(req, hops) {
  if (req.socket?.encrypted) return true;
  if (hops <= 0) return false;
  const chain = String(req.headers['x-forwarded-proto'] ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  // The outermost trusted proxy saw the client's scheme; entries before it were sent by the client.
  const seen = chain.length > 0 ? chain[Math.max(0, chain.length - hops)] : '';
  return seen === 'https';
}

/**
 * The security headers of an answer of this content type. Every answer: nosniff, never framed
 * (X-Frame-Options and CSP frame-ancestors), referrer only to this origin in full. Documents that are data
 * (every non-HTML answer under /v1; JSON, problems, CSV, NDJSON and Markdown elsewhere) also get
 * `default-src 'none'` (they load nothing); pages only
 * frame-ancestors (no script-src: Scalar, recharts and the force graph keep working). HSTS only over https.
 */
export function securityHeaders(contentType, https, api = false) {
  const type = String(contentType ?? '').split(';')[0].trim().toLowerCase();
  // Under /v1 every answer is data (JSON, problems, CSV, NDJSON, the Markdown changelog; a 304 has no type: it
  // revalidates data) except a page or a PDF shown inline (object-src 'none' would keep a browser's PDF viewer
  // from showing it); elsewhere the data types only (a 304 there updates a stored page).
  const data = api ? !['text/html', 'application/pdf'].includes(type) : /^application\/(?:.+\+)?json$|^text\/csv$|^application\/x-ndjson$|^text\/markdown$/.test(type);
  const headers = {
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
  };
  if (data) headers['Content-Security-Policy'] = "default-src 'none'; frame-ancestors 'none'";
  else if (type === 'text/html' || type === '') headers['Content-Security-Policy'] = "frame-ancestors 'none'";
  if (https) headers['Strict-Transport-Security'] = 'max-age=31536000';
  return headers;
}

/** How a page may be cached: stored, but revalidated on every use (Next's ETag makes that a 304). */
export const PAGE_CACHE_CONTROL = 'public, max-age=0, must-revalidate';

/**
 * The Cache-Control of an answer outside /v1 and /_next/static: Next gives a prerendered page (and its RSC
 * payload) `s-maxage=31536000`, so a CDN in front would serve that HTML for a year, naming chunk files the next
 * build removes. Such a page is revalidated instead. The build's own files under /_next/static keep their
 * immutable year; /v1 answers set their own policy; anything else keeps what Next gave.
 */
export function pageCacheControl(pathname, given) {
  if (/^\/v1(\/|$)/.test(pathname) || pathname.startsWith('/_next/static/')) return given;
  const value = Array.isArray(given) ? given[given.length - 1] : given;
  return /(^|[\s,])s-maxage=/i.test(String(value ?? '')) ? PAGE_CACHE_CONTROL : given;
}

/** A strong ETag made weak (the value of a compressed answer, whose bytes differ from the identity answer's). */
export const weakened = (etag) => {
  const one = Array.isArray(etag) ? etag[etag.length - 1] : etag; // Next.js keeps some headers as arrays
  return typeof one === 'string' && one.startsWith('"') ? `W/${one}` : one;
};

/** The request headers Next.js adds to Vary for its pages' RSC payloads; a /v1 answer never depends on them. */
const NEXT_ROUTER_HEADERS = new Set(['rsc', 'next-router-state-tree', 'next-router-prefetch', 'next-router-segment-prefetch', 'next-url']);

/**
 * The Vary of an answer: a /v1 answer loses Next's router headers (a CDN would key API answers on headers no
 * API client sends), keeping what the operation declared (Accept, Accept-Encoding, the key headers); pages keep
 * them (a page and its RSC payload share a URL).
 */
export function varyFor(pathname, given) {
  if (!/^\/v1(\/|$)/.test(pathname) || given === undefined) return given;
  const names = (Array.isArray(given) ? given.join(',') : String(given)).split(',').map((s) => s.trim()).filter(Boolean);
  const kept = [...new Set(names.filter((n) => !NEXT_ROUTER_HEADERS.has(n.toLowerCase())))];
  return kept.length ? kept.join(', ') : undefined;
}

/** Adds Accept-Encoding to the Vary header of a response (once). */
function varyAcceptEncoding(res) {
  const vary = String(res.getHeader('vary') ?? '');
  if (vary.trim() === '*' || /(^|,)\s*accept-encoding\s*(,|$)/i.test(vary)) return;
  res.setHeader('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
}

/**
 * Sets the security headers just before the head goes out (the content type is known then), a page's
 * Cache-Control (pageCacheControl), and weakens a strong ETag when the answer was compressed. Installed before compression so that it runs after it.
 */
function onHead(res, https, pathname) {
  const api = /^\/v1(\/|$)/.test(pathname);
  const writeHead = res.writeHead;
  res.writeHead = function (statusCode, ...rest) {
    const given = rest.find((r) => r && typeof r === 'object');
    if (Array.isArray(given)) for (let i = 0; i + 1 < given.length; i += 2) res.setHeader(given[i], given[i + 1]);
    else if (given) for (const [k, v] of Object.entries(given)) res.setHeader(k, v);
    for (const [k, v] of Object.entries(securityHeaders(res.getHeader('content-type'), https, api))) {
      if (!res.hasHeader(k)) res.setHeader(k, v);
    }
    if (res.hasHeader('cache-control')) res.setHeader('Cache-Control', pageCacheControl(pathname, res.getHeader('cache-control')));
    if (res.hasHeader('vary')) {
      const vary = varyFor(pathname, res.getHeader('vary'));
      if (vary === undefined) res.removeHeader('vary');
      else res.setHeader('Vary', vary);
    }
    if (res.getHeader('content-encoding') && res.hasHeader('etag')) res.setHeader('ETag', weakened(res.getHeader('etag')));
    const reason = rest.find((r) => typeof r === 'string');
    return reason ? writeHead.call(this, statusCode, reason) : writeHead.call(this, statusCode);
  };
}

/**
 * Next.js sets some headers twice (Content-Type and Vary come as arrays from a route handler): one value each,
 * as a client reads them, so that the compression package recognises the type and adds to the one Vary.
 */
function oneValue(res) {
  for (const name of ['content-type', 'vary']) {
    const v = res.getHeader(name);
    if (Array.isArray(v)) res.setHeader(name, name === 'vary' ? [...new Set(v.join(',').split(',').map((s) => s.trim()).filter(Boolean))].join(', ') : v[v.length - 1]);
  }
}

const streamed = compression({
  threshold: THRESHOLD_BYTES,
  filter: (req, res) => {
    oneValue(res);
    // NDJSON (the bulk export) is text that mime-db does not list as compressible.
    return /^application\/x-ndjson\b/i.test(String(res.getHeader('content-type') ?? '')) || compression.filter(req, res);
  },
  // Flushed after every chunk: an answer that Next.js streams reaches the client as it is written.
  flush: zlib.constants.Z_SYNC_FLUSH,
  brotli: { flush: zlib.constants.BROTLI_OPERATION_FLUSH, ...FAST.br },
  level: FAST.gzip.level,
});

/**
 * Hands the request to Next.js (`handle`) with security headers and compression: the static documents
 * precompressed, everything else through the compression package.
 */
export function serveWithEdge(req, res, handle, { hops }) {
  const pathname = (req.url ?? '/').split('?')[0];
  delete req.headers[PRECODED_HEADER]; // only the edge offers a route to send its body precoded
  onHead(res, isHttps(req, hops), pathname);
  if (isStaticDocument(pathname) && req.method === 'GET') return void precompressed(req, res, pathname, () => handle(req, res));
  streamed(req, res, () => {
    holdSmallHead(res);
    handle(req, res);
  });
}

/**
 * Next.js sends the head before the body (a route handler's answer is streamed), so the compression package
 * never learns the length of a small answer. The head is held until THRESHOLD_BYTES have been written or the
 * answer ends: a small answer then goes out whole, with its Content-Length, uncompressed.
 */
function holdSmallHead(res) {
  const original = { write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  let held = [];
  let size = 0;
  const release = () => {
    Object.assign(res, original);
    const chunks = held;
    held = null;
    return chunks.length > 0 ? Buffer.concat(chunks) : null;
  };
  const toBuffer = (chunk, encoding) => (Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
  res.flushHeaders = () => {};
  res.write = function (chunk, encoding, cb) {
    if (held === null) return original.write.call(res, chunk, encoding, cb);
    const done = [encoding, cb].find((f) => typeof f === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') {
      const b = toBuffer(chunk, encoding);
      held.push(b);
      size += b.length;
    }
    if (size < THRESHOLD_BYTES) {
      if (done) process.nextTick(done);
      return true;
    }
    return res.write(release(), done);
  };
  res.end = function (chunk, encoding, cb) {
    if (held === null) return original.end.call(res, chunk, encoding, cb);
    const done = [chunk, encoding, cb].find((f) => typeof f === 'function');
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') held.push(toBuffer(chunk, encoding));
    const body = release();
    if (body && !res.headersSent && !res.hasHeader('content-length')) res.setHeader('Content-Length', String(body.length));
    return body ? res.end(body, done) : res.end(done);
  };
}

/** Compressed bodies of static documents by coding and documentKey; a few entries only. */
const kept = new Map();
const pending = new Set();
const KEEP = 256; // the documents and the build's chunks: a few MB in all

function keep(key, bytes) {
  kept.delete(key);
  kept.set(key, bytes);
  while (kept.size > KEEP) kept.delete(kept.keys().next().value);
}

/**
 * What identifies a static document's bytes: its path and ETag when it has one (the OpenAPI document's strong
 * ETag of its bytes, the bundle's, `send`'s size-and-mtime tag of a build file whose name carries its content
 * hash), so a request costs no hash of megabytes; otherwise the sha-256 of the bytes.
 */
export function documentKey(pathname, etag, body) {
  const tag = Array.isArray(etag) ? etag[etag.length - 1] : etag;
  return tag ? `${pathname} ${tag}` : `sha256:${createHash('sha256').update(body).digest('base64url')}`;
}

/** The compressed body: the best level once it is done, the fast level meanwhile (and the best started in the background). */
async function compressDocument(body, coding, id) {
  const key = `${coding}:${id}`;
  const best = kept.get(key);
  if (best) return best;
  if (!pending.has(key)) {
    pending.add(key);
    encoders[coding](body, BEST[coding])
      .then((bytes) => keep(key, bytes))
      .catch(() => {})
      .finally(() => pending.delete(key));
  }
  return encoders[coding](body, FAST[coding]);
}

/** Collects Next's whole answer (head held back), then sends it compressed from compressDocument. */
function precompressed(req, res, pathname, next) {
  const coding = chooseEncoding(req.headers['accept-encoding']);
  if (coding) req.headers[PRECODED_HEADER] = coding;
  const original = { writeHead: res.writeHead, write: res.write, end: res.end, flushHeaders: res.flushHeaders };
  const chunks = [];
  const add = (chunk, encoding) => {
    if (chunk === undefined || chunk === null || typeof chunk === 'function') return;
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8'));
  };
  res.writeHead = function (statusCode, ...rest) {
    res.statusCode = statusCode;
    const given = rest.find((r) => r && typeof r === 'object');
    if (given && !Array.isArray(given)) for (const [k, v] of Object.entries(given)) res.setHeader(k, v);
    return res;
  };
  res.flushHeaders = () => {};
  res.write = function (chunk, encoding, cb) {
    add(chunk, encoding);
    const done = [encoding, cb].find((f) => typeof f === 'function');
    if (done) process.nextTick(done);
    return true;
  };
  res.end = function (chunk, encoding, cb) {
    add(chunk, encoding);
    const done = [chunk, encoding, cb].find((f) => typeof f === 'function');
    Object.assign(res, original);
    oneValue(res);
    const body = Buffer.concat(chunks);
    varyAcceptEncoding(res);
    const send = (bytes) => {
      res.setHeader('Content-Length', String(bytes.length));
      res.end(bytes, done);
    };
    const precoded = res.getHeader(PRECODED_HEADER);
    if (precoded) {
      // The route sent its body in the coding offered (scripts/precoded.mjs): as it is.
      res.removeHeader(PRECODED_HEADER);
      res.setHeader('Content-Encoding', String(precoded));
      return void send(body);
    }
    if (!coding || res.statusCode !== 200 || body.length < THRESHOLD_BYTES || res.getHeader('content-encoding')) return void send(body);
    compressDocument(body, coding, documentKey(pathname, res.getHeader('etag'), body)).then(
      (bytes) => {
        res.setHeader('Content-Encoding', coding);
        send(bytes);
      },
      () => send(body),
    );
    return res;
  };
  next();
}

/**
 * Asks this server for each static document once per coding right after it starts, so that the best-level
 * compression (seconds of brotli 11 in zlib's thread pool, not on the event loop) is ready before the first
 * visitor: the first visit of /referentie then transfers the OpenAPI document at 103 KB, not 143 KB (the
 * bundle's br is vendored precompressed; its gzip is made here). One at a time.
 */
export async function warmStaticDocuments(host, port) {
  for (const pathname of STATIC_DOCUMENTS) {
    for (const coding of ['br', 'gzip']) {
      await new Promise((resolve) => {
        const req = http.get({ host, port, path: pathname, headers: { 'Accept-Encoding': coding } }, (res) => {
          res.resume();
          res.on('end', resolve);
          res.on('error', resolve);
        });
        req.on('error', resolve);
      });
      // Wait for the best level of this one before the next starts: one thread-pool thread busy at a time.
      while (pending.size > 0) await new Promise((r) => setTimeout(r, 200).unref());
    }
  }
}
