// The problems scripts/serve.mjs writes itself (parser refusals, timeouts, methods Next.js cannot route,
// reserved query keys) are the API's own problems: same catalogue entries, version, header and reasons.
import { describe, expect, it } from 'vitest';
import {
  API_VERSION,
  ORIGINAL_METHOD_HEADER,
  RESERVED_PARAMETER_NAMES,
  UNKNOWN_PARAMETER,
  clientErrorProblem,
  problemDocument,
  rawProblemResponse,
  requestLine,
  reservedKeysProblem,
  serverProblems,
} from './http-problems.mjs';
import { serverTimeouts } from './server-timeouts.mjs';
import { Problem, problemCatalogue, problemDocument as apiProblemDocument } from '@/lib/api/problems';
import { API_VERSION as apiVersion } from '@/lib/api/version';
import { ORIGINAL_METHOD_HEADER as routeHeader } from '@/lib/api/route';
import * as params from '@/lib/api/params';

describe('server-level problems', () => {
  it('use the entries, the version and the names of lib/api', () => {
    for (const [code, entry] of Object.entries(serverProblems)) expect(problemCatalogue[code as keyof typeof problemCatalogue]).toEqual(entry);
    expect(API_VERSION).toBe(apiVersion);
    expect(ORIGINAL_METHOD_HEADER).toBe(routeHeader);
    expect(UNKNOWN_PARAMETER).toBe(params.UNKNOWN_PARAMETER);
    expect(RESERVED_PARAMETER_NAMES).toEqual(params.RESERVED_PARAMETER_NAMES);
  });

  it('shape the document as the wrapper does', () => {
    const id = '00000000-0000-4000-8000-000000000000';
    for (const code of Object.keys(serverProblems) as (keyof typeof serverProblems)[]) {
      expect(problemDocument(code, 'uitleg', id)).toEqual(apiProblemDocument(new Problem(code, { detail: 'uitleg' }), id));
    }
  });

  it.each([
    ['HPE_HEADER_OVERFLOW', 431, 'headers_too_large'],
    ['ERR_HTTP_REQUEST_TIMEOUT', 408, 'request_timeout'],
    ['HPE_INVALID_METHOD', 405, 'method_not_allowed'],
    ['HPE_INVALID_CHUNK_SIZE', 400, 'bad_request'],
    ['HPE_INVALID_CONSTANT', 400, 'bad_request'],
    [undefined, 400, 'bad_request'],
  ])('maps client error %s to %i %s', (errCode, status, code) => {
    const p = clientErrorProblem(errCode);
    expect(p.code).toBe(code);
    expect(serverProblems[p.code].status).toBe(status);
  });

  it('writes a complete HTTP/1.1 response that closes the connection', () => {
    const raw = rawProblemResponse('headers_too_large', 'te groot');
    const [head, body] = raw.split('\r\n\r\n');
    expect(head.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toMatch(/\r\nContent-Type: application\/problem\+json; charset=utf-8\r\n/);
    expect(head).toMatch(/\r\nConnection: close$/);
    expect(head).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(JSON.parse(body)).toMatchObject({ status: 431, errorCode: 'headers_too_large', detail: 'te groot' });
  });

  it('reads method and target of a refused request line, and nothing from garbage', () => {
    expect(requestLine(Buffer.from('FOO /v1/fsp/instellingen?q=a HTTP/1.1\r\nHost: x\r\n'))).toEqual({ method: 'FOO', target: '/v1/fsp/instellingen?q=a' });
    expect(requestLine(Buffer.from('\x00\x01garbage'))).toBeNull();
    expect(requestLine(undefined)).toBeNull();
  });

  it('refuses names of Object.prototype as query keys, also percent-encoded, and nothing else', () => {
    const p = reservedKeysProblem('/v1/x?q=1&%5F%5Fproto%5F%5F=2&constructor=3');
    expect(p?.status).toBe(400);
    expect(JSON.parse(p!.body).invalid_params).toEqual([
      { name: '__proto__', in: 'query', reason: UNKNOWN_PARAMETER },
      { name: 'constructor', in: 'query', reason: UNKNOWN_PARAMETER },
    ]);
    expect(reservedKeysProblem('/v1/x?q=__proto__&proto=1')).toBeNull();
    expect(reservedKeysProblem('/v1/x')).toBeNull();
  });
});

describe('server timeouts', () => {
  it('default to 30 s for a request and 20 s for its headers, checked often enough to hold them', () => {
    const t = serverTimeouts(undefined);
    expect(t).toEqual({ options: { requestTimeout: 30_000, headersTimeout: 20_000, connectionsCheckingInterval: 5_000 } });
  });
  it('follow VERZOEK_TIMEOUT_MS, the headers timeout never above the request timeout', () => {
    expect(serverTimeouts('1000')).toEqual({ options: { requestTimeout: 1000, headersTimeout: 1000, connectionsCheckingInterval: 250 } });
  });
  it.each(['0', 'abc', '1.5', '-5', '700000'])('refuse VERZOEK_TIMEOUT_MS=%s with one line', (v) => {
    expect(serverTimeouts(v)).toEqual({ fout: expect.stringContaining('VERZOEK_TIMEOUT_MS') });
  });
});
