// serveWithEdge on a plain Node server (no Next.js): a compressed answer still streams (the client reads the
// first line before the server writes the second: a buffered answer would never let this test finish), and a
// small answer goes out whole with its Content-Length and no coding.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveWithEdge } from './http-edge.mjs';

let server: http.Server;
let base: string;
let firstLineRead: () => void = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    serveWithEdge(req, res, () => {
      if (req.url === '/stream') {
        res.setHeader('Content-Type', 'application/x-ndjson');
        res.write(`${JSON.stringify({ rij: 1, tekst: 'x'.repeat(2000) })}\n`);
        new Promise<void>((resolve) => (firstLineRead = resolve)).then(() => res.end(`${JSON.stringify({ rij: 2 })}\n`));
      } else {
        res.setHeader('Content-Type', 'application/json; charset=utf-8');
        res.setHeader('ETag', '"klein"');
        res.write('{"klein":');
        res.end('true}');
      }
    }, { hops: 0 });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('serveWithEdge', () => {
  it.each(['br', 'gzip'])('a %s-compressed NDJSON answer streams line by line', async (coding) => {
    const lines = await new Promise<string[]>((resolve, reject) => {
      http.get(`${base}/stream`, { headers: { 'Accept-Encoding': coding } }, (res) => {
        expect(res.headers['content-encoding']).toBe(coding);
        expect(res.headers.vary).toMatch(/Accept-Encoding/);
        expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
        const decoded = res.pipe(coding === 'br' ? zlib.createBrotliDecompress() : zlib.createGunzip());
        let text = '';
        decoded.on('data', (d: Buffer) => {
          text += d.toString('utf8');
          if (text.includes('\n')) firstLineRead();
        });
        decoded.on('end', () => resolve(text.trim().split('\n')));
        decoded.on('error', reject);
      }).on('error', reject);
    });
    expect(lines.map((l) => JSON.parse(l).rij)).toEqual([1, 2]);
  });

  it('a small answer goes out whole: Content-Length, no coding, its strong ETag unchanged', async () => {
    const res = await fetch(`${base}/klein`, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect(res.headers.get('content-length')).toBe(String('{"klein":true}'.length));
    expect(res.headers.get('etag')).toBe('"klein"');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await res.json()).toEqual({ klein: true });
  });
});
