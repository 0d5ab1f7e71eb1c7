// What the production server (scripts/serve.mjs) answers before or instead of Next.js, over real sockets:
// methods Next.js route handlers cannot take (TRACE, PROPFIND) and methods Node's parser refuses (FOO,
// CONNECT) as 405 problems with the path's Allow; query keys that Next.js's query object loses (__proto__)
// and control characters as 400 problems naming them; a request line, header block or chunked body the
// parser refuses as 400/431 problems; and a stalled upload answered with a 408 problem within seconds.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { api } from './http';

interface RawAnswer {
  status: number;
  head: string;
  body: Record<string, unknown> | null;
  ms: number;
}

/** Sends bytes as they are on a new connection and reads until the server closes it (or `waitMs` passes). */
function raw(port: number, bytes: string, waitMs = 15_000): Promise<RawAnswer> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    let data = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (data += d));
    socket.on('error', reject);
    const stop = setTimeout(() => socket.destroy(), waitMs);
    socket.on('close', () => {
      clearTimeout(stop);
      const [head, ...rest] = data.split('\r\n\r\n');
      let payload = rest.join('\r\n\r\n');
      if (/\r\ntransfer-encoding: chunked/i.test(head)) payload = dechunk(payload);
      const text = Buffer.from(payload, 'latin1').toString('utf8');
      let body: Record<string, unknown> | null = null;
      try {
        body = JSON.parse(text);
      } catch {
        /* no JSON */
      }
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body, ms: performance.now() - started });
    });
  });
}

/** The body of a chunked answer. */
function dechunk(payload: string): string {
  let out = '';
  let rest = payload;
  for (;;) {
    const eol = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, eol), 16);
    if (!(size > 0)) return out;
    out += rest.slice(eol + 2, eol + 2 + size);
    rest = rest.slice(eol + 2 + size + 2);
  }
}

const appPort = () => Number(new URL(inject('appUrl')).port);
const header = (head: string, name: string) => new RegExp(`\r\n${name}: ([^\r]*)`, 'i').exec(head)?.[1];

describe('methods', () => {
  // Over a raw socket: fetch itself refuses to send TRACE.
  it.each(['TRACE', 'PROPFIND'])('%s on an operation is a 405 problem with the Allow of the path', async (method) => {
    const r = await raw(appPort(), `${method} /v1/fsp/instellingen HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`);
    expect(r.status).toBe(405);
    expect(header(r.head, 'content-type')).toMatch(/^application\/problem\+json/);
    expect(header(r.head, 'allow')).toBe('GET, HEAD, OPTIONS');
    expect(r.body).toMatchObject({ errorCode: 'method_not_allowed' });
    expect(r.body?.detail).toContain(`Methode ${method}`);
  });

  it('TRACE on an unknown /v1 path is a 404 problem, like any method there', async () => {
    const r = await raw(appPort(), 'TRACE /v1/bestaat/niet HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(r.status).toBe(404);
    expect(r.body).toMatchObject({ errorCode: 'not_found' });
  });

  it('a client cannot pose as serve.mjs with the header that carries the original method', async () => {
    const r = await api('/v1/fsp/instellingen', { method: 'DELETE', headers: { 'x-oorspronkelijke-methode': 'BREW' } });
    expect(r.status).toBe(405);
    expect(r.body.detail).toContain('Methode DELETE');
  });

  it('a method the parser does not know (FOO) is a 405 problem with the Allow of the path', async () => {
    const r = await raw(appPort(), 'FOO /v1/verduurzaming/nulmeting HTTP/1.1\r\nHost: x\r\n\r\n');
    expect(r.status).toBe(405);
    expect(header(r.head, 'content-type')).toMatch(/^application\/problem\+json/);
    expect(header(r.head, 'allow')).toBe('POST, OPTIONS');
    expect(r.body).toMatchObject({ status: 405, errorCode: 'method_not_allowed', title: 'Methode niet toegestaan' });
  });

  it('CONNECT is a 405 problem', async () => {
    const r = await raw(appPort(), 'CONNECT example.org:443 HTTP/1.1\r\nHost: example.org:443\r\n\r\n');
    expect(r.status).toBe(405);
    expect(r.body).toMatchObject({ errorCode: 'method_not_allowed' });
  });
});

describe('parameters', () => {
  it.each([
    ['__proto__', '/v1/fsp/instellingen?__proto__=x'],
    ['__proto__', '/v1/fsp/instellingen?%5F%5Fproto%5F%5F=x'],
    ['constructor', '/v1/fsp/instellingen?q=ab&constructor=x'],
    ['prototype', '/v1/bronnen?prototype=1'],
  ])('the query key %s is refused like any unknown parameter (%s)', async (name, url) => {
    const r = await api(url);
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ errorCode: 'invalid_parameter' });
    expect(r.body.invalid_params).toContainEqual({ name, in: 'query', reason: 'onbekende parameter voor deze operatie' });
  });

  it.each([
    ['q', '/v1/fsp/instellingen?q=Dam%00rak'],
    ['plaats', '/v1/charity/instellingen?plaats=%00'],
    ['q', '/v1/lei/entiteiten?q=a%09b'],
    ['id', '/v1/charity/instellingen/%00'],
  ])('a control character in %s is a 400 problem naming it (%s)', async (name, url) => {
    const r = await api(url);
    expect(r.status).toBe(400);
    expect(r.body.invalid_params.map((p: { name: string }) => p.name)).toEqual([name]);
    expect(r.body.invalid_params[0].reason).toMatch(/stuurteken/);
  });
});

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['a malformed request line', 'GET /v1/bronnen HTTP/9.9 extra\r\n\r\n', 400, 'bad_request'],
    ['bad chunked encoding', 'POST /v1/verduurzaming/nulmeting HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nZZZ\r\nabc\r\n0\r\n\r\n', 400, 'bad_request'],
    ['headers too large', `GET /v1/bronnen HTTP/1.1\r\nHost: x\r\nX-Groot: ${'a'.repeat(20_000)}\r\n\r\n`, 431, 'headers_too_large'],
  ])('%s is a short problem document and the connection closes', async (_, bytes, status, code) => {
    const r = await raw(appPort(), bytes);
    expect(r.status).toBe(status);
    expect(header(r.head, 'content-type')).toBe('application/problem+json; charset=utf-8');
    expect(header(r.head, 'connection')).toBe('close');
    expect(r.body).toMatchObject({ status, errorCode: code, type: `/problemen#${code}` });
  });
});

describe('a server with a short request timeout (VERZOEK_TIMEOUT_MS=1000)', () => {
  let child: ChildProcess | undefined;
  let port = 0;
  let dir = '';

  beforeAll(async () => {
    port = await freePort();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlod-timeout-'));
    const env = { ...process.env, PGLITE_DIR: path.join(dir, 'pglite'), DATABASE_URL: '', JOBS: 'uit', NEXT_TELEMETRY_DISABLED: '1', VERZOEK_TIMEOUT_MS: '1000' };
    child = spawn(process.execPath, ['scripts/serve.mjs', '-p', String(port), '-H', '127.0.0.1'], { cwd: path.resolve(__dirname, '../..'), env, stdio: 'ignore' });
    // Wait for the state (answering), not for a time.
    for (;;) {
      if (child.exitCode !== null) throw new Error(`serve.mjs ended with ${child.exitCode}`);
      const up = await fetch(`http://127.0.0.1:${port}/v1/openapi.json`).then((r) => r.ok, () => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 120_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const closed = new Promise((r) => child!.once('close', r));
      child.kill('SIGTERM');
      await closed;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers a stalled upload body with a 408 problem within seconds', async () => {
    const r = await raw(port, 'POST /v1/verduurzaming/nulmeting HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"a":', 30_000);
    expect(r.status).toBe(408);
    expect(r.body).toMatchObject({ status: 408, errorCode: 'request_timeout' });
    expect(r.ms).toBeLessThan(20_000);
  });

  it('answers headers that never end with a 408 problem', async () => {
    const r = await raw(port, 'GET /v1/bronnen HTTP/1.1\r\nHost: x\r\n', 30_000);
    expect(r.status).toBe(408);
    expect(r.body).toMatchObject({ errorCode: 'request_timeout' });
  });

  it('keeps an idle keep-alive connection open longer than the request timeout', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const get = () =>
      new Promise<{ status?: number; local?: number }>((resolve, reject) => {
        const req = http.get({ host: '127.0.0.1', port, path: '/v1/openapi.json', agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode, local: req.socket?.localPort }));
        });
        req.on('error', reject);
      });
    const first = await get();
    await new Promise((r) => setTimeout(r, 2_500)); // idle longer than VERZOEK_TIMEOUT_MS
    const second = await get();
    agent.destroy();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.local).toBe(first.local); // the same connection
  });
});
