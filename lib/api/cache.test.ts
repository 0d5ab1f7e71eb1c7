// Caching and revalidation through the route wrapper: If-None-Match parsing and weak comparison (RFC 9110),
// the ETag kinds, the shape of a 304 (no body; the 200's ETag, Cache-Control, Vary, CORS and API headers),
// the declaration `cache` answering a revalidation before the operation runs, and what gets no ETag at all.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation, type Operation } from './operation';
import { buildOpenApi } from './openapi';
import { operations } from './registry';
import { route } from './route';
import { CSV_CONTENT_TYPE } from './csv';
import {
  cacheControlOf,
  cacheControlText,
  IMMUTABLE_CACHE_CONTROL,
  KEYED_CACHE_CONTROL,
  envelopeEtag,
  ifNoneMatchHits,
  parseIfNoneMatch,
  PUBLISHED_MAX_AGE_S,
  publishedCacheControl,
  revalidatable,
  varyOf,
  versionEtag,
  type CacheBasis,
} from './cache';

describe('If-None-Match', () => {
  it('parses *, one tag, lists and weak tags (W/ dropped: weak comparison)', () => {
    expect(parseIfNoneMatch('*')).toBe('*');
    expect(parseIfNoneMatch(' "abc" ')).toEqual(['abc']);
    expect(parseIfNoneMatch('"a", W/"b",W/"c" ,"d"')).toEqual(['a', 'b', 'c', 'd']);
    expect(parseIfNoneMatch('"a,b", "c"')).toEqual(['a,b', 'c']); // a comma inside the quotes is part of the tag
    expect(parseIfNoneMatch('""')).toEqual(['']);
  });

  it('is ignored when malformed (the full answer is given)', () => {
    for (const v of ['abc', '"abc', 'W/abc', '"a" "b"', '"a b"', '', ' , ', 'w/"a"', '*, "a"']) expect(parseIfNoneMatch(v), v).toBeNull();
    expect(ifNoneMatchHits('abc', 'W/"abc"', { star: true })).toBe(false);
  });

  it('matches by weak comparison, in any position of a list', () => {
    expect(ifNoneMatchHits('"x"', 'W/"x"', { star: false })).toBe(true);
    expect(ifNoneMatchHits('W/"x"', '"x"', { star: false })).toBe(true);
    expect(ifNoneMatchHits('"a", W/"x", "b"', 'W/"x"', { star: false })).toBe(true);
    expect(ifNoneMatchHits('"y"', 'W/"x"', { star: false })).toBe(false);
    expect(ifNoneMatchHits(null, 'W/"x"', { star: true })).toBe(false);
  });

  it('* matches only once the operation has answered (it might have been a 404)', () => {
    expect(ifNoneMatchHits('*', 'W/"x"', { star: true })).toBe(true);
    expect(ifNoneMatchHits('*', 'W/"x"', { star: false })).toBe(false);
  });
});

describe('ETags', () => {
  const env = (over: Record<string, unknown> = {}) => ({
    api: 'test',
    versie: '1',
    onderdeel: 'x',
    gegenereerd_op: '2026-01-01T00:00:00.000Z',
    duur_ms: 3,
    bronnen: [{ bron: 'b', duur_ms: 4, cache: false, opgehaald_op: '2026-01-01T00:00:00Z' }],
    data: { a: 1 },
    ...over,
  });

  it('of an envelope: weak, the same for the same content whenever and however fast it was made', () => {
    const tag = envelopeEtag(env());
    expect(tag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    expect(envelopeEtag(env({ gegenereerd_op: '2027-05-05T00:00:00.000Z', duur_ms: 99, bronnen: [{ bron: 'b', duur_ms: 1, cache: true, opgehaald_op: '2026-01-01T00:00:00Z' }] }))).toBe(tag);
    expect(envelopeEtag(env({ data: { a: 2 } }))).not.toBe(tag);
    expect(envelopeEtag(env({ bronnen: [{ bron: 'b', duur_ms: 4, cache: false, opgehaald_op: '2026-01-02T00:00:00Z' }] }))).not.toBe(tag);
  });

  it('of a pinned answer: one per version, tier, representation and URL', () => {
    const base = { basis: 'dataset_versie', versie: '7@2026-01-01T00:00:00.000Z', tier: 'free_preview', url: new URL('http://x/v1/d/radar?peildatum=2026-01-01'), csv: false };
    const tag = versionEtag(base);
    expect(tag).toMatch(/^W\/"v\.[A-Za-z0-9_-]+"$/);
    expect(versionEtag({ ...base })).toBe(tag);
    expect(versionEtag({ ...base, url: new URL('http://y/v1/d/radar?peildatum=2026-01-01') })).toBe(tag); // the host is not part of it
    for (const other of [{ versie: '8@2026-02-01T00:00:00.000Z' }, { tier: 'standard' }, { csv: true }, { url: new URL('http://x/v1/d/radar') }, { versie: null }]) {
      expect(versionEtag({ ...base, ...other }), JSON.stringify(other)).not.toBe(tag);
    }
  });

  it('Vary names the key headers where the answer depends on the tier; Cache-Control is public only without a key', () => {
    expect(varyOf({ api: 'addrreg' })).toBe('Accept, Accept-Encoding');
    expect(varyOf({ api: 'distributiemonitor' })).toBe('Accept, Accept-Encoding, X-Api-Key, Authorization');
    expect(varyOf({ api: 'x', sleutelVerplicht: true })).toContain('X-Api-Key');
    expect(publishedCacheControl(false)).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(publishedCacheControl(true)).toBe('private, no-cache');
  });
});

// Through the wrapper (no database: TOEGANG=uit in the unit tests, so no RateLimit headers here; the counting is
// tested on a real database in lib/services/distributiemonitor/revalidatie.test.ts).
const ctx = { params: Promise.resolve({}) };
const call = (op: ReturnType<typeof operation>, headers: Record<string, string> = {}, url = 'http://localhost/v1/t', method = 'GET') =>
  route(op)[method as 'GET'](new Request(url, { method, headers }), ctx);

function counted(extra: Partial<Parameters<typeof operation>[0]> = {}, data: () => unknown = () => ({ a: 1 })) {
  const calls = { n: 0 };
  const op = operation({
    id: 't',
    path: '/v1/t',
    api: 'test',
    bronType: 'eigen-dienst',
    summary: 't',
    sources: [],
    params: { query: z.object({ q: z.string().optional(), formaat: z.enum(['json', 'csv']).optional() }) },
    statuses: [200],
    onderdeel: 't',
    maxAgeSeconds: 60,
    async handle({ query }) {
      calls.n++;
      if (query.formaat === 'csv') return { binary: { body: new TextEncoder().encode('a\r\n1\r\n'), contentType: CSV_CONTENT_TYPE, filename: 't.csv' } };
      return { data: data(), bronnen: [] };
    },
    ...extra,
  } as Parameters<typeof operation>[0]);
  return { op, calls };
}

describe('through the route wrapper', () => {
  it('a 200 GET carries an ETag and Vary; a repeat with it is a 304 without body carrying the same cache, CORS and API headers', async () => {
    const { op } = counted();
    const first = await call(op);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"/);
    expect(first.headers.get('Vary')).toBe('Accept, Accept-Encoding');
    expect(first.headers.get('Cache-Control')).toBe('public, max-age=60'); // the declared maxAgeSeconds stays
    expect(first.headers.get('Access-Control-Expose-Headers')).toContain('ETag');
    expect(first.headers.get('Access-Control-Allow-Headers')).toContain('If-None-Match');

    const again = await call(op, { 'If-None-Match': etag });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    for (const h of ['ETag', 'Cache-Control', 'Vary', 'API-Version', 'Access-Control-Allow-Origin', 'Access-Control-Expose-Headers']) {
      expect(again.headers.get(h), h).toBe(first.headers.get(h));
    }
    expect(again.headers.get('X-Request-Id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(again.headers.get('Content-Type')).toBeNull();

    expect((await call(op, { 'If-None-Match': `"ander", ${etag}` })).status).toBe(304);
    expect((await call(op, { 'If-None-Match': '*' })).status).toBe(304);
    expect((await call(op, { 'If-None-Match': '"ander"' })).status).toBe(200);
    expect((await call(op, { 'If-None-Match': etag }, 'http://localhost/v1/t', 'HEAD')).status).toBe(304);
  });

  it('new content gives a new ETag and a full answer', async () => {
    let n = 1;
    const { op } = counted({}, () => ({ a: n }));
    const etag = (await call(op)).headers.get('ETag')!;
    n = 2;
    const changed = await call(op, { 'If-None-Match': etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get('ETag')).not.toBe(etag);
  });

  it('CSV answers get a strong ETag of their bytes; files made per caller and POST answers none', async () => {
    const { op } = counted();
    const csv = await call(op, {}, 'http://localhost/v1/t?formaat=csv');
    expect(csv.headers.get('ETag')).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(csv.headers.get('Cache-Control')).toBe('no-store');
    expect((await call(op, { 'If-None-Match': csv.headers.get('ETag')! }, 'http://localhost/v1/t?formaat=csv')).status).toBe(304);

    const pdf = operation({
      id: 'pdf', path: '/v1/pdf', api: 'test', bronType: 'eigen-dienst', summary: 'p', sources: [], statuses: [200], onderdeel: 'p', produces: 'application/pdf',
      handle: async () => ({ binary: { body: new Uint8Array([37, 80]), contentType: 'application/pdf', filename: 'p.pdf' } }),
    });
    const p = await call(pdf, { 'If-None-Match': '*' }, 'http://localhost/v1/pdf');
    expect(p.status).toBe(200);
    expect(p.headers.get('ETag')).toBeNull();

    const post = operation({
      id: 'post', method: 'POST', path: '/v1/post', api: 'test', bronType: 'eigen-dienst', summary: 'p', sources: [], statuses: [200], onderdeel: 'p',
      handle: async () => ({ data: 1, bronnen: [] }),
    });
    const r = await route(post).POST(new Request('http://localhost/v1/post', { method: 'POST', headers: { 'If-None-Match': '*' } }), ctx);
    expect(r.status).toBe(200);
    expect(r.headers.get('ETag')).toBeNull();
  });

  it('cache: the ETag follows the published version; a matching revalidation is answered without running the operation', async () => {
    let versie: string | null = '1@2026-01-01';
    const basis: CacheBasis = { naam: 'test_versie', huidigeVersie: async () => versie };
    const { op, calls } = counted({ cache: basis, maxAgeSeconds: undefined, api: 'distributiemonitor' });
    const first = await call(op, {}, 'http://localhost/v1/t?q=a');
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"v\./);
    expect(first.headers.get('Cache-Control')).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(first.headers.get('Vary')).toBe('Accept, Accept-Encoding, X-Api-Key, Authorization');
    expect(calls.n).toBe(1);

    const again = await call(op, { 'If-None-Match': etag }, 'http://localhost/v1/t?q=a');
    expect(again.status).toBe(304);
    expect(calls.n).toBe(1); // not run
    expect(again.headers.get('Cache-Control')).toBe(first.headers.get('Cache-Control'));
    expect(again.headers.get('Vary')).toBe(first.headers.get('Vary'));

    // Another URL or Accept choosing CSV is another representation; `*` needs the operation's answer.
    expect((await call(op, { 'If-None-Match': etag }, 'http://localhost/v1/t?q=b')).status).toBe(200);
    expect((await call(op, { 'If-None-Match': etag, Accept: 'text/csv' }, 'http://localhost/v1/t?q=a')).headers.get('ETag')).not.toBe(etag);
    const n = calls.n;
    expect((await call(op, { 'If-None-Match': '*' }, 'http://localhost/v1/t?q=a')).status).toBe(304);
    expect(calls.n).toBe(n + 1);

    versie = '2@2026-02-01';
    const nieuw = await call(op, { 'If-None-Match': etag }, 'http://localhost/v1/t?q=a');
    expect(nieuw.status).toBe(200);
    expect(nieuw.headers.get('ETag')).not.toBe(etag);
  });

  it('an invalid request is never a 304, whatever it sends', async () => {
    const basis: CacheBasis = { naam: 'test_versie', huidigeVersie: async () => 'v' };
    const { op } = counted({ cache: basis, maxAgeSeconds: undefined });
    const r = await call(op, { 'If-None-Match': '*' }, 'http://localhost/v1/t?onbekend=1');
    expect(r.status).toBe(400);
  });

  it('operation() refuses cache on an account\'s data, a file, a POST or next to maxAgeSeconds', () => {
    const basis: CacheBasis = { naam: 'test_versie', huidigeVersie: async () => 'v' };
    for (const extra of [{ sleutelVerplicht: true }, { produces: 'application/zip' }, { method: 'POST' as const }, { maxAgeSeconds: 60 }]) {
      expect(() => counted({ maxAgeSeconds: undefined, cache: basis, ...extra }), JSON.stringify(extra)).toThrow(/cache test_versie/);
    }
  });
});

describe('cache policy per operation family (from the declarations)', () => {
  const byId = (id: string) => operations.find((o) => o.id === id)!;
  const url = new URL('http://localhost/v1/x');
  const REGISTERS = ['fsp', 'finreg', 'lei', 'charity'];

  it('every read operation of a published register (fsp, finreg, lei, charity) declares its register_versie; the manifest keeps its content ETag', () => {
    const registerOps = operations.filter((o) => REGISTERS.includes(o.api) && o.method === 'GET');
    expect(registerOps.length).toBeGreaterThanOrEqual(15);
    for (const o of registerOps) {
      // The manifest (/register) also reports the refresh status, which changes between publications.
      if (o.path.endsWith('/register')) expect(o.cache, o.id).toBeUndefined();
      else expect(o.cache?.naam, o.id).toBe('register_versie');
    }
  });

  it('a register answer is public with or without a key (the key changes nothing in it); the monitor is private with a key', () => {
    const fsp = byId('fsp-instelling');
    expect(cacheControlOf(fsp, url, false)).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(cacheControlOf(fsp, url, true)).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(varyOf(fsp)).toBe('Accept, Accept-Encoding');
    const universum = byId('distributiemonitor-universum');
    expect(cacheControlOf(universum, url, false)).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(cacheControlOf(universum, url, true)).toBe(KEYED_CACHE_CONTROL);
    // Without a basis: what maxAgeSeconds says, else no-store.
    const volglijst = byId('distributiemonitor-volglijst');
    expect(cacheControlOf(volglijst, url, true)).toBe('no-store');
    expect(cacheControlOf({ api: 'x', maxAgeSeconds: 60 }, url, false)).toBe('public, max-age=60');
  });

  it('where the URL names the version the answer is immutable for a year (not for a key holder where the key changes it)', () => {
    const basis: CacheBasis = { naam: 'test_versie', huidigeVersie: async () => 'v', vastgepind: (u) => u.searchParams.has('versie') };
    const pinnedUrl = new URL('http://localhost/v1/x?versie=3');
    expect(cacheControlOf({ api: 'test', cache: basis }, pinnedUrl, false)).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(cacheControlOf({ api: 'test', cache: basis }, pinnedUrl, true)).toBe(IMMUTABLE_CACHE_CONTROL);
    expect(cacheControlOf({ api: 'test', cache: basis }, url, false)).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(cacheControlOf({ api: 'distributiemonitor', cache: basis }, pinnedUrl, true)).toBe(KEYED_CACHE_CONTROL);
    expect(IMMUTABLE_CACHE_CONTROL).toMatch(/^public, max-age=31536000, immutable$/);
  });

  it('the tier is part of a pinned ETag only where it changes the answer', async () => {
    const basis: CacheBasis = { naam: 'test_versie', huidigeVersie: async () => 'v1' };
    const register = counted({ cache: basis, maxAgeSeconds: undefined, api: 'fsp' }).op;
    const monitor = counted({ cache: basis, maxAgeSeconds: undefined, api: 'distributiemonitor' }).op;
    const { pinnedEtag } = await import('./cache');
    const req = new Request('http://localhost/v1/t');
    const u = new URL(req.url);
    const etag = (op: Operation, tier: string) => pinnedEtag({ ...op, cache: op.cache! }, req, u, tier);
    expect(await etag(register, 'free_preview')).toBe(await etag(register, 'enterprise'));
    expect(await etag(monitor, 'free_preview')).not.toBe(await etag(monitor, 'enterprise'));
  });

  it('the OpenAPI document itself: a strong ETag, public with a max-age, 304 on revalidation', async () => {
    const { openApiRoutes, OPENAPI_MAX_AGE_S } = await import('./fallback');
    const { GET } = openApiRoutes();
    const first = await GET(new Request('http://localhost/v1/openapi.json'));
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(first.headers.get('Cache-Control')).toBe(`public, max-age=${OPENAPI_MAX_AGE_S}`);
    expect(JSON.parse(await first.text()).openapi).toBeTruthy();
    const again = await GET(new Request('http://localhost/v1/openapi.json', { headers: { 'If-None-Match': etag } }));
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('ETag')).toBe(etag);
  });

  it('the OpenAPI description states the same rule', () => {
    expect(cacheControlText(byId('fsp-instelling'))).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S} zonder sleutel, ook met een sleutel`);
    expect(cacheControlText(byId('distributiemonitor-universum'))).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S} zonder sleutel; ${KEYED_CACHE_CONTROL} met een sleutel`);
    const doc = buildOpenApi(operations) as { paths: Record<string, Record<string, { responses: Record<string, { description: string }> }>> };
    expect(doc.paths['/fsp/instellingen/{id}'].get.responses['200'].description).toContain('ook met een sleutel');
    expect(doc.paths['/fsp/instellingen/{id}'].get.responses['304'].description).toMatch(/register_versie, de URL; deze 304 telt niet mee/);
  });
});

describe('the OpenAPI document, from the same declarations', () => {
  const doc = buildOpenApi(operations) as { paths: Record<string, Record<string, { parameters?: { $ref?: string }[]; responses: Record<string, { description: string; headers?: Record<string, unknown> }> }>> };
  const opOf = (o: Operation) => doc.paths[o.path.slice('/v1'.length)][o.method.toLowerCase()];

  it('declares 304, the cache headers and If-None-Match exactly on the revalidatable operations', () => {
    for (const o of operations) {
      const d = opOf(o);
      const hasIfNoneMatch = (d.parameters ?? []).some((p) => p.$ref === '#/components/parameters/If-None-Match');
      expect('304' in d.responses, o.id).toBe(revalidatable(o));
      expect(hasIfNoneMatch, o.id).toBe(revalidatable(o));
      if (revalidatable(o)) expect(Object.keys(d.responses['200'].headers ?? {}), o.id).toEqual(expect.arrayContaining(['ETag', 'Cache-Control', 'Vary']));
    }
  });

  it('says which revalidations are free: those of operations declaring cache', () => {
    const pinned = operations.filter((o) => o.cache);
    expect(pinned.map((o) => o.id)).toContain('distributiemonitor-universum');
    for (const o of pinned) expect(opOf(o).responses['304'].description, o.id).toMatch(/telt niet mee/);
    const volglijst = operations.find((o) => o.id === 'distributiemonitor-volglijst')!;
    expect(volglijst.cache).toBeUndefined();
    expect(opOf(volglijst).responses['304'].description).toMatch(/telt mee/);
    expect(opOf(operations.find((o) => o.id === 'distributiemonitor-universum')!).responses['200'].description).toContain(`public, max-age=${PUBLISHED_MAX_AGE_S} zonder sleutel; private, no-cache met een sleutel`);
  });
});
