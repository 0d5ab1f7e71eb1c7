// The pure parts of the HTTP edge (scripts/http-edge.mjs, http-problems.mjs): which coding a client gets,
// which security headers an answer carries, and the /v1 front checks. The server itself: test/integration/http-antwoord.test.ts.
import { describe, expect, it } from 'vitest';
import { PAGE_CACHE_CONTROL, chooseEncoding, documentKey, isHttps, isStaticDocument, pageCacheControl, securityHeaders, varyFor, weakened } from './http-edge.mjs';
import { frontProblem, pageRedirect } from './http-problems.mjs';

describe('chooseEncoding (Accept-Encoding with q-values)', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=1, gzip;q=1', 'br'],
    ['br;q=0, gzip;q=0.1', 'gzip'],
    ['*', 'br'],
    ['*;q=0.5, br;q=0', 'gzip'],
    ['gzip;q=0, br;q=0', null],
    ['x-gzip', 'gzip'],
    ['BR', 'br'],
  ])('%s -> %s', (header, coding) => {
    expect(chooseEncoding(header)).toBe(coding);
  });
});

describe('securityHeaders', () => {
  it('data documents load nothing and are never framed', () => {
    for (const type of ['application/json; charset=utf-8', 'application/problem+json', 'text/csv; charset=utf-8']) {
      expect(securityHeaders(type, false)).toEqual({
        'X-Content-Type-Options': 'nosniff',
        'X-Frame-Options': 'DENY',
        'Referrer-Policy': 'strict-origin-when-cross-origin',
        'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
      });
    }
  });
  it('pages only frame-ancestors (their scripts keep working); other files no policy; HSTS only over https', () => {
    expect(securityHeaders('text/html; charset=utf-8', false)['Content-Security-Policy']).toBe("frame-ancestors 'none'");
    expect(securityHeaders('application/pdf', false)['Content-Security-Policy']).toBeUndefined();
    expect(securityHeaders(undefined, false, true)["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(securityHeaders(undefined, false, false)["Content-Security-Policy"]).toBe("frame-ancestors 'none'");
    expect(securityHeaders('application/pdf', false)['X-Frame-Options']).toBe('DENY');
    expect(securityHeaders('text/html', false)['Strict-Transport-Security']).toBeUndefined();
    expect(securityHeaders('text/html', true)['Strict-Transport-Security']).toBe('max-age=31536000');
  });
  it('every non-page answer under /v1 loads nothing: the Markdown changelog, a 304, CSV (a PDF is shown inline, so no default-src)', () => {
    const data = "default-src 'none'; frame-ancestors 'none'";
    for (const type of ['text/markdown; charset=utf-8', 'text/plain', 'application/x-ndjson', 'application/octet-stream', undefined]) {
      expect(securityHeaders(type, false, true)['Content-Security-Policy'], String(type)).toBe(data);
    }
    expect(securityHeaders('text/markdown', false)['Content-Security-Policy']).toBe(data);
    expect(securityHeaders('application/pdf', false, true)['Content-Security-Policy']).toBeUndefined();
    expect(securityHeaders('text/html; charset=utf-8', false, true)['Content-Security-Policy']).toBe("frame-ancestors 'none'");
  });
  it('https is believed from X-Forwarded-Proto only with trusted proxy hops, from the outermost trusted one', () => {
    const req = (proto?: string) => ({ socket: {}, headers: proto ? { 'x-forwarded-proto': proto } : {} });
    expect(isHttps(req('https'), 0)).toBe(false);
    expect(isHttps(req('https'), 1)).toBe(true);
    expect(isHttps(req('http'), 1)).toBe(false);
    expect(isHttps(req('http, https'), 1)).toBe(true); // the client's own claim (first) is not believed
    expect(isHttps(req('https, http'), 1)).toBe(false);
    expect(isHttps(req('https, http'), 2)).toBe(true);
    expect(isHttps({ socket: { encrypted: true }, headers: {} }, 0)).toBe(true);
  });
  it('a strong ETag becomes weak when the bytes are compressed; a weak one stays', () => {
    expect(weakened('"abc"')).toBe('W/"abc"');
    expect(weakened('W/"abc"')).toBe('W/"abc"');
    expect(weakened(undefined)).toBeUndefined();
    expect(weakened(['"abc"'])).toBe('W/"abc"');
  });
});

describe('pageCacheControl', () => {
  const YEAR = 's-maxage=31536000';
  it('a prerendered page and its RSC payload are revalidated on every use, not kept a year by a CDN', () => {
    for (const p of ['/', '/referentie', '/dashboard', '/status']) expect(pageCacheControl(p, YEAR)).toBe(PAGE_CACHE_CONTROL);
    expect(pageCacheControl('/referentie', 's-maxage=60, stale-while-revalidate=31535940')).toBe(PAGE_CACHE_CONTROL);
    expect(pageCacheControl('/referentie', [YEAR])).toBe(PAGE_CACHE_CONTROL);
    expect(PAGE_CACHE_CONTROL).toBe('public, max-age=0, must-revalidate');
  });
  it("the build's immutable files, /v1 answers and other policies keep what they were given", () => {
    const immutable = 'public, max-age=31536000, immutable';
    expect(pageCacheControl('/_next/static/chunks/a.js', immutable)).toBe(immutable);
    expect(pageCacheControl('/v1/fsp/register', 'public, max-age=300, s-maxage=3600')).toBe('public, max-age=300, s-maxage=3600');
    expect(pageCacheControl('/sleutel', 'private, no-cache, no-store, max-age=0, must-revalidate')).toBe('private, no-cache, no-store, max-age=0, must-revalidate');
    expect(pageCacheControl('/referentie/scalar.js', 'public, max-age=0')).toBe('public, max-age=0');
    expect(pageCacheControl('/x', undefined)).toBeUndefined();
  });
});

describe('front checks of /v1 (serve.mjs)', () => {
  it('a trailing slash is a 404 problem, never a redirect', () => {
    for (const target of ['/v1/bronnen/', '/v1/', '/v1/bronnen/?x=1', '/v1/bronnen//']) {
      const p = frontProblem(target);
      expect(p?.status).toBe(404);
      expect(JSON.parse(p!.body).errorCode).toBe('not_found');
      expect(p!.headers['Content-Type']).toBe('application/problem+json; charset=utf-8');
      expect(p!.headers['X-Content-Type-Options']).toBe('nosniff');
    }
    expect(frontProblem('/v1/bronnen')).toBeNull();
    expect(frontProblem('/v1/bronnen?q=/')).toBeNull();
  });
  it('a malformed percent-encoding is a 400 problem; reserved query keys too', () => {
    expect(frontProblem('/v1/addrreg/%zz')?.status).toBe(400);
    expect(JSON.parse(frontProblem('/v1/addrreg/%zz')!.body).errorCode).toBe('bad_request');
    expect(JSON.parse(frontProblem('/v1/x?__proto__=1')!.body).errorCode).toBe('invalid_parameter');
  });
  it('pages with a trailing slash go to the canonical path, never to another host', () => {
    expect(pageRedirect('/referentie/')).toBe('/referentie');
    expect(pageRedirect('/dashboard/?tab=2')).toBe('/dashboard?tab=2');
    expect(pageRedirect('//evil.example/')).toBe('/evil.example');
    expect(pageRedirect('/')).toBeNull();
    expect(pageRedirect('/referentie')).toBeNull();
  });
});

describe('static documents (compressed once at the best level)', () => {
  it('the OpenAPI document, the reference bundle and Next build files; not the API or the pages', () => {
    expect(isStaticDocument('/v1/openapi.json')).toBe(true);
    expect(isStaticDocument('/referentie/scalar.js')).toBe(true);
    expect(isStaticDocument('/_next/static/chunks/abc.js')).toBe(true);
    expect(isStaticDocument('/v1/bronnen')).toBe(false);
    expect(isStaticDocument('/referentie')).toBe(false);
  });
  it('their compressed forms are kept by path and ETag (no hash of the bytes per request), by sha-256 without an ETag', () => {
    const body = Buffer.from('x'.repeat(2000));
    expect(documentKey('/v1/openapi.json', '"abc"', body)).toBe(documentKey('/v1/openapi.json', '"abc"', Buffer.from('ander')));
    expect(documentKey('/v1/openapi.json', '"abc"', body)).not.toBe(documentKey('/v1/openapi.json', '"abd"', body));
    expect(documentKey('/_next/static/a.js', 'W/"1-2"', body)).not.toBe(documentKey('/_next/static/b.js', 'W/"1-2"', body));
    expect(documentKey('/v1/openapi.json', ['"oud"', '"abc"'], body)).toBe(documentKey('/v1/openapi.json', '"abc"', body));
    expect(documentKey('/x', undefined, body)).toBe(documentKey('/y', undefined, Buffer.from('x'.repeat(2000))));
    expect(documentKey('/x', undefined, body)).not.toBe(documentKey('/x', undefined, Buffer.from('y')));
  });
});

describe('varyFor', () => {
  const NEXT = 'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch';
  it("a /v1 answer varies only on what the operation declared, not on Next's router headers", () => {
    expect(varyFor('/v1/bronnen', `${NEXT}, Accept, Accept-Encoding`)).toBe('Accept, Accept-Encoding');
    expect(varyFor('/v1/distributiemonitor/radar', [NEXT, 'Accept, Accept-Encoding, X-Api-Key, Authorization'])).toBe('Accept, Accept-Encoding, X-Api-Key, Authorization');
    expect(varyFor('/v1/openapi.json', NEXT)).toBeUndefined();
  });
  it('a page keeps them (the page and its RSC payload share the URL)', () => {
    expect(varyFor('/dashboard', `${NEXT}, Accept-Encoding`)).toBe(`${NEXT}, Accept-Encoding`);
    expect(varyFor('/v1', undefined)).toBeUndefined();
  });
});
