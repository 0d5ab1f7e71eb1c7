// The vendored Scalar bundle (vendor/scalar, scripts/vendor-scalar.mjs) and GET /referentie/scalar.js: the
// file is there and is what bron.json says, the route serves it br (as stored) or identity with a year's
// immutable cache and an ETag, and through the HTTP edge (scripts/http-edge.mjs, as serve.mjs runs it) a br
// client gets the stored bytes with Content-Encoding, a gzip client gzip, anyone else the identity bytes.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithEdge } from '@/scripts/http-edge.mjs';
import { PRECODED_HEADER } from '@/scripts/precoded.mjs';
import { scalarDir, scalarVersion, type ScalarBron } from '../bundle';
import { GET } from './route';

const dir = scalarDir();
const bron = JSON.parse(readFileSync(path.join(dir, 'bron.json'), 'utf8')) as ScalarBron;
const stored = readFileSync(path.join(dir, 'standalone.js.br'));
const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const URL_ = 'http://localhost/referentie/scalar.js?v=test';

describe('vendor/scalar', () => {
  it('holds the brotli bundle that bron.json describes, and its licence', async () => {
    expect(bron.package).toBe('@scalar/api-reference');
    expect(bron.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(bron.tarball).toBe(`https://registry.npmjs.org/@scalar/api-reference/-/api-reference-${bron.version}.tgz`);
    expect(bron.integrity).toMatch(/^sha512-[A-Za-z0-9+/]+=*$/);
    const identity = zlib.brotliDecompressSync(stored);
    expect(identity.length).toBe(bron.bytes);
    expect(sha256(identity)).toBe(bron.sha256);
    expect(identity.subarray(0, 200).toString('utf8')).toContain('document');
    expect(readFileSync(path.join(dir, 'LICENSE'), 'utf8')).toMatch(/^MIT License/);
    expect(await scalarVersion()).toBe(bron.version);
  });

  it('replaces the npm package: no @scalar dependency is declared', () => {
    const pkg = JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as Record<string, Record<string, string> | undefined>;
    const declared = [pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies].flatMap((d) => Object.keys(d ?? {}));
    expect(declared.filter((name) => name.startsWith('@scalar/'))).toEqual([]);
  });
});

describe('GET /referentie/scalar.js (the route)', () => {
  const expectHeaders = (res: Response) => {
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('etag')).toBe(`"${bron.sha256.slice(0, 32)}"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  };

  it('answers the identity bytes without the edge', async () => {
    const res = await GET(new Request(URL_));
    expect(res.status).toBe(200);
    expectHeaders(res);
    expect(res.headers.get(PRECODED_HEADER)).toBeNull();
    expect(sha256(new Uint8Array(await res.arrayBuffer()))).toBe(bron.sha256);
  });

  it('answers the stored brotli bytes when the edge offers br', async () => {
    const res = await GET(new Request(URL_, { headers: { [PRECODED_HEADER]: 'br' } }));
    expect(res.status).toBe(200);
    expectHeaders(res);
    expect(res.headers.get(PRECODED_HEADER)).toBe('br');
    expect(Buffer.from(await res.arrayBuffer()).equals(stored)).toBe(true);
  });

  it.each([`"${bron.sha256.slice(0, 32)}"`, `W/"${bron.sha256.slice(0, 32)}"`, `"ander", "${bron.sha256.slice(0, 32)}"`])('answers 304 to If-None-Match: %s', async (tag) => {
    const res = await GET(new Request(URL_, { headers: { 'If-None-Match': tag } }));
    expect(res.status).toBe(304);
    expectHeaders(res);
    expect(await res.text()).toBe('');
  });

  it('answers 200 to an If-None-Match of another version', async () => {
    expect((await GET(new Request(URL_, { headers: { 'If-None-Match': '"ander"' } }))).status).toBe(200);
  });
});

describe('GET /referentie/scalar.js behind the HTTP edge', () => {
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    // Next.js's part, as its send-response.ts does it: the route's headers without Content-Encoding/-Length.
    server = http.createServer((req, res) => {
      serveWithEdge(req, res, () => {
        const headers = new Headers();
        for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string') headers.set(k, v);
        GET(new Request(`http://localhost${req.url}`, { headers })).then(async (answer) => {
          res.statusCode = answer.status;
          answer.headers.forEach((v, k) => {
            if (!['content-encoding', 'content-length', 'transfer-encoding'].includes(k)) res.setHeader(k, v);
          });
          const body = Buffer.from(await answer.arrayBuffer());
          // Written in pieces, as Next streams a body.
          for (let i = 0; i < body.length; i += 1 << 20) res.write(body.subarray(i, i + (1 << 20)));
          res.end();
        });
      }, { hops: 0 });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** A raw GET (fetch would decode the body itself). */
  const get = (headers: Record<string, string>) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      http.get(`${base}/referentie/scalar.js?v=${bron.version}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on('error', reject);
      }).on('error', reject);
    });

  it('sends a br client the stored bytes as they are, with a weak ETag that still revalidates', async () => {
    const r = await get({ 'Accept-Encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers[PRECODED_HEADER]).toBeUndefined();
    expect(r.headers['content-length']).toBe(String(stored.length));
    expect(r.body.equals(stored)).toBe(true);
    expect(r.headers.vary).toMatch(/Accept-Encoding/);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers.etag).toBe(`W/"${bron.sha256.slice(0, 32)}"`);
    const again = await get({ 'Accept-Encoding': 'br', 'If-None-Match': r.headers.etag! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('sends a gzip client the bundle gzipped', async () => {
    const r = await get({ 'Accept-Encoding': 'gzip' });
    expect(r.headers['content-encoding']).toBe('gzip');
    expect(sha256(zlib.gunzipSync(r.body))).toBe(bron.sha256);
    expect(r.headers.etag).toBe(`W/"${bron.sha256.slice(0, 32)}"`);
  });

  it('sends the identity bytes without Accept-Encoding, also when the client sends the edge header itself', async () => {
    for (const headers of [{}, { 'Accept-Encoding': 'identity', [PRECODED_HEADER]: 'br' }] as Record<string, string>[]) {
      const r = await get(headers);
      expect(r.status).toBe(200);
      expect(r.headers['content-encoding']).toBeUndefined();
      expect(r.headers['content-length']).toBe(String(bron.bytes));
      expect(sha256(r.body)).toBe(bron.sha256);
      expect(r.headers.etag).toBe(`"${bron.sha256.slice(0, 32)}"`);
      expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    }
  });
});
