// What the production server (scripts/serve.mjs) does at the HTTP edge, seen on the wire: compression
// (brotli and gzip as Accept-Encoding asks, sizes as transferred), security headers on every kind of answer,
// the /v1 trailing slash as a 404 problem, the paging Link header and the provenance headers of CSV; and the
// bytes a first visit of /referentie costs a browser.
import http from 'node:http';
import zlib from 'node:zlib';
import { expect, test } from '@playwright/test';

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The bytes as transferred (still compressed). */
  bytes: Buffer;
}

/** A request with exactly these headers (Playwright's own client adds Accept-Encoding and decodes). */
function raw(baseURL: string, path: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL(path, baseURL), { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (r: Raw): Buffer =>
  r.headers['content-encoding'] === 'br' ? zlib.brotliDecompressSync(r.bytes) : r.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(r.bytes) : r.bytes;

function expectSecurityHeaders(r: Raw, page = false) {
  expect(r.headers['x-content-type-options']).toBe('nosniff');
  expect(r.headers['x-frame-options']).toBe('DENY');
  expect(r.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(r.headers['content-security-policy']).toBe(page ? "frame-ancestors 'none'" : "default-src 'none'; frame-ancestors 'none'");
  expect(r.headers['strict-transport-security'], 'HSTS only behind https').toBeUndefined();
}

test.describe('compression', () => {
  test('the OpenAPI document: brotli under 200 KB, gzip, identity without Accept-Encoding, the same document', async ({ baseURL }) => {
    const identity = await raw(baseURL!, '/v1/openapi.json');
    expect(identity.status).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.bytes.length).toBeGreaterThan(1_000_000);
    expect(identity.headers.vary).toMatch(/Accept-Encoding/);

    const br = await raw(baseURL!, '/v1/openapi.json', { 'Accept-Encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(Number(br.headers['content-length'])).toBe(br.bytes.length);
    expect(br.bytes.length, `brotli: ${br.bytes.length} bytes`).toBeLessThan(200_000);
    expect(decode(br).equals(identity.bytes)).toBe(true);
    expect(br.headers.vary).toMatch(/Accept-Encoding/);

    const gzip = await raw(baseURL!, '/v1/openapi.json', { 'Accept-Encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.bytes.length, `gzip: ${gzip.bytes.length} bytes`).toBeLessThan(250_000);
    expect(decode(gzip).equals(identity.bytes)).toBe(true);

    const head = await raw(baseURL!, '/v1/openapi.json', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.bytes.length).toBe(0);
  });

  test('JSON answers compress and keep their ETag, which revalidates to a 304 with the security headers', async ({ baseURL }) => {
    const first = await raw(baseURL!, '/v1/bronnen', { 'Accept-Encoding': 'br' });
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    // What the answer depends on, and nothing of Next's page routing (rsc, next-router-*), which API clients never send.
    expect(first.headers.vary).toBe('Accept, Accept-Encoding');
    expectSecurityHeaders(first);
    expect(JSON.parse(decode(first).toString('utf8')).bronnen).toBeDefined();
    const etag = first.headers.etag!;
    expect(etag).toBeTruthy();
    const again = await raw(baseURL!, '/v1/bronnen', { 'Accept-Encoding': 'br', 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(again.bytes.length).toBe(0);
    expect(again.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(again);
  });

  test('a small answer goes out as it is', async ({ baseURL }) => {
    const problem = await raw(baseURL!, '/v1/bestaat-niet', { 'Accept-Encoding': 'br, gzip' });
    expect(problem.status).toBe(404);
    expect(problem.headers['content-encoding']).toBeUndefined();
    expectSecurityHeaders(problem);
  });
});

test.describe('security headers and paths', () => {
  test('a page carries frame-ancestors, no script policy; a trailing slash on a page redirects', async ({ baseURL }) => {
    const page = await raw(baseURL!, '/', { 'Accept-Encoding': 'gzip' });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expectSecurityHeaders(page, true);
    const slash = await raw(baseURL!, '/referentie/');
    expect(slash.status).toBe(308);
    expect(slash.headers.location).toBe('/referentie');
  });

  test('a /v1 path with a trailing slash is a 404 problem, not a redirect', async ({ baseURL }) => {
    const r = await raw(baseURL!, '/v1/bronnen/');
    expect(r.status).toBe(404);
    expect(r.headers['content-type']).toBe('application/problem+json; charset=utf-8');
    expect(JSON.parse(r.bytes.toString('utf8')).errorCode).toBe('not_found');
    expectSecurityHeaders(r);
    const malformed = await raw(baseURL!, '/v1/addrreg/%zz');
    expect(malformed.status).toBe(400);
    expect(JSON.parse(malformed.bytes.toString('utf8')).errorCode).toBe('bad_request');
  });

  test('the Markdown changelog is data too: default-src none', async ({ baseURL }) => {
    const r = await raw(baseURL!, '/v1/changelog');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/markdown/);
    expectSecurityHeaders(r);
  });

  test('pages are revalidated on every use (no year in a CDN); the build files keep their immutable year', async ({ baseURL }) => {
    let chunk: string | undefined;
    for (const path of ['/', '/referentie', '/dashboard']) {
      const r = await raw(baseURL!, path);
      expect(r.status, path).toBe(200);
      expect(r.headers['cache-control'], path).toBe('public, max-age=0, must-revalidate');
      // Revalidating costs a 304 while the build is the same (Next's ETag; weak when compressed).
      const etag = (await raw(baseURL!, path, { 'Accept-Encoding': 'br' })).headers.etag;
      expect(etag, path).toBeDefined();
      expect((await raw(baseURL!, path, { 'If-None-Match': etag! })).status, path).toBe(304);
      chunk ??= /\/_next\/static\/[^"']+\.js/.exec(r.bytes.toString('utf8'))?.[0];
      // The RSC payload of a client-side navigation to the page: the same policy.
      const rsc = await raw(baseURL!, path, { RSC: '1' });
      expect(String(rsc.headers['cache-control'] ?? ''), `${path} (RSC)`).not.toMatch(/s-maxage/);
    }
    expect(chunk).toBeDefined();
    const build = await raw(baseURL!, chunk!);
    expect(build.status).toBe(200);
    expect(build.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('HSTS behind https only when a trusted proxy says so (TRUST_PROXY_HOPS is 0 here)', async ({ baseURL }) => {
    const r = await raw(baseURL!, '/v1/bronnen', { 'X-Forwarded-Proto': 'https' });
    expect(r.headers['strict-transport-security']).toBeUndefined();
  });
});

test.describe('lists', () => {
  test('a register list has the paging Link header next to volgende', async ({ baseURL }) => {
    const r = await raw(baseURL!, '/v1/fsp/instellingen?rijen=2&start=2');
    expect(r.status).toBe(200);
    const body = JSON.parse(r.bytes.toString('utf8'));
    expect(body.data.totaal).toBeGreaterThan(6);
    const link = String(r.headers.link);
    expect(link).toContain('</v1/fsp/instellingen?rijen=2>; rel="first"');
    expect(link).toContain('</v1/fsp/instellingen?rijen=2>; rel="prev"');
    expect(link).toContain(`<${body.data.volgende}>; rel="next"`);
    const last = Math.floor((body.data.totaal - 1) / 2) * 2;
    expect(link).toContain(`</v1/fsp/instellingen?rijen=2&start=${last}>; rel="last"`);
  });

  test('a CSV page names its peildatum, sources and attribution in headers and the file name; compressed with a weak ETag', async ({ baseURL }) => {
    const json = JSON.parse((await raw(baseURL!, '/v1/fsp/instellingen?rijen=5')).bytes.toString('utf8'));
    const bron = json.bronnen[0];
    const r = await raw(baseURL!, '/v1/fsp/instellingen?rijen=5&formaat=csv', { 'Accept-Encoding': 'gzip' });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(r.headers['x-peildatum']).toBe(bron.peildatum);
    expect(String(r.headers['x-bronnen'])).toContain(`${bron.bron}; licentie=`);
    expect(String(r.headers['x-bronnen'])).toMatch(/attributie\*?=/);
    if (bron.bron_url) expect(String(r.headers.link)).toContain('rel="via"');
    expect(r.headers['content-disposition']).toContain(`_peildatum-${String(bron.peildatum).slice(0, 10)}.csv`);
    expectSecurityHeaders(r);
    if (r.headers['content-encoding']) {
      // Not the identity bytes: the strong ETag of the CSV bytes is handed out weak (RFC 9110 8.8.1), and still revalidates.
      expect(r.headers.etag).toMatch(/^W\//);
      const again = await raw(baseURL!, '/v1/fsp/instellingen?rijen=5&formaat=csv', { 'Accept-Encoding': 'gzip', 'If-None-Match': r.headers.etag! });
      expect(again.status).toBe(304);
    }
    expect(decode(r).toString('utf8')).toMatch(/^\uFEFF/);
  });
});

/**
 * Waits until the server has compressed the OpenAPI document at the best level (in the background after it
 * starts: http-edge.mjs warmStaticDocuments). The bundle's brotli is vendored at the best level already. Brotli
 * 11 of the document is under 0.6 of its gzip (103 KB against 174 KB), brotli 4 over 0.8 (143 KB).
 */
async function bestLevelReady(baseURL: string) {
  const size = async (coding: string) => (await raw(baseURL, '/v1/openapi.json', { 'Accept-Encoding': coding })).bytes.length;
  await expect.poll(async () => (await size('br')) / (await size('gzip')), { timeout: 120_000, intervals: [1_000] }).toBeLessThan(0.7);
}

test('the sizes docs/http.md quotes, at the best level (after the warm-up)', async ({ baseURL }) => {
  await bestLevelReady(baseURL!);
  const sizes: Record<string, number> = {};
  for (const [path, coding] of [['/v1/openapi.json', 'identity'], ['/v1/openapi.json', 'br'], ['/v1/openapi.json', 'gzip'], ['/referentie/scalar.js', 'identity'], ['/referentie/scalar.js', 'br'], ['/referentie/scalar.js', 'gzip']]) {
    sizes[`${path} ${coding}`] = (await raw(baseURL!, path, { 'Accept-Encoding': coding })).bytes.length;
  }
  console.log(`sizes at the best level: ${JSON.stringify(sizes)}`);
  expect(sizes['/v1/openapi.json br']).toBeLessThan(200_000);
});

test('the first visit of /referentie transfers less than 1.5 MB', async ({ page, baseURL }) => {
  await bestLevelReady(baseURL!);
  let transferred = 0;
  const sizes: Promise<void>[] = [];
  page.on('requestfinished', (request) => {
    sizes.push(
      request.sizes().then((s) => {
        transferred += s.responseBodySize + s.responseHeadersSize;
      }),
    );
  });
  await page.goto('/referentie');
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
  await Promise.all(sizes);
  console.log(`/referentie, first visit: ${transferred} bytes transferred`);
  expect(transferred).toBeLessThan(1_500_000);
});
