// The route wrapper: parameter validation into one problem, envelope, problem mapping and 405s.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from './operation';
import { Problem } from './problems';
import { jsonBody } from './body';
import { ORIGINAL_METHOD_HEADER, parseParams, route } from './route';
import { intParam, postcode, rowsPaging, textParam } from './params';
import { SourceError } from '@/lib/sources/source-error';
import { failedBron } from '@/lib/sources/fetch';
import { source } from '@/lib/sources/source';

const testSource = source({
  id: 'test-bron',
  titel: 'Testbron',
  envVar: 'BRON_TEST_URL',
  defaultBaseUrl: 'https://voorbeeld.invalid',
  licentie: 'CC0',
  attributie: 'Test',
  documentatie: 'https://voorbeeld.invalid',
  ttlMs: 0,
});

function makeOp(handle: () => Promise<{ data: unknown; bronnen: [] }>) {
  return operation({
    id: 'test-op',
    path: '/v1/test/{postcode}',
    api: 'test',
    bronType: 'bron-api',
    summary: 'test',
    sources: [],
    params: { path: z.object({ postcode }), query: z.object({ q: textParam(2, 50, 'zoek'), ...rowsPaging(25, 6), n: intParam(1, 10, 'n').optional() }) },
    statuses: [200, 400],
    onderdeel: 'test',
    handle,
  });
}

const ctx = (pc: string) => ({ params: Promise.resolve({ postcode: pc }) });

describe('parseParams', () => {
  const op = makeOp(async () => ({ data: null, bronnen: [] }));
  it('parses and applies defaults', () => {
    const r = parseParams(op, { postcode: '1012 ab' }, new URLSearchParams('q=Damrak'));
    expect(r.path).toEqual({ postcode: '1012AB' });
    expect(r.query).toEqual({ q: 'Damrak', rows: 6, start: 0 });
  });
  it('lists every invalid parameter in one problem', () => {
    try {
      parseParams(op, { postcode: '12' }, new URLSearchParams('q=a&rows=26&start=x&extra=1&n=1&n=2'));
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Problem);
      const p = e as Problem;
      expect(p.status).toBe(400);
      expect(p.invalidParams?.map((i) => i.name).sort()).toEqual(['extra', 'n', 'postcode', 'q', 'rows', 'start']);
      expect(p.invalidParams?.find((i) => i.name === 'q')?.reason).toMatch(/Te kort/);
      expect(p.invalidParams?.find((i) => i.name === 'postcode')?.in).toBe('path');
    }
  });
  it('reports a missing required parameter as verplicht', () => {
    expect(() => parseParams(op, { postcode: '1012AB' }, new URLSearchParams(''))).toThrow(Problem);
    try {
      parseParams(op, { postcode: '1012AB' }, new URLSearchParams(''));
    } catch (e) {
      expect((e as Problem).invalidParams).toEqual([{ name: 'q', in: 'query', reason: 'verplicht' }]);
    }
  });
});

describe('control characters in parameter values', () => {
  const op = makeOp(async () => ({ data: null, bronnen: [] }));
  const refused = (rawPath: Record<string, string>, qs: string) => {
    try {
      parseParams(op, rawPath, new URLSearchParams(qs));
    } catch (e) {
      expect(e).toBeInstanceOf(Problem);
      return (e as Problem).invalidParams ?? [];
    }
    throw new Error(`not refused: ${qs}`);
  };
  it.each([
    ['NUL in free text', 'q=Dam%00rak', 'U+0000'],
    ['tab in free text', 'q=Dam%09rak', 'U+0009'],
    ['line feed', 'q=Damrak%0A', 'U+000A'],
    ['unit separator', 'q=Dam%1Frak', 'U+001F'],
    ['DEL', 'q=Dam%7Frak', 'U+007F'],
    ['NUL in a number', 'q=Damrak&rows=1%00', 'U+0000'],
  ])('%s: one 400 naming the parameter, not also as missing', (_, qs, code) => {
    const params = refused({ postcode: '1012AB' }, qs);
    expect(params).toHaveLength(1);
    expect(params[0]).toMatchObject({ in: 'query' });
    expect(params[0].reason).toContain(code);
    expect(['q', 'rows']).toContain(params[0].name);
  });
  it('refuses a control character in a path parameter, raw or percent-encoded', () => {
    expect(refused({ postcode: '1012AB%00' }, 'q=Damrak')).toEqual([{ name: 'postcode', in: 'path', reason: expect.stringContaining('U+0000') }]);
    expect(refused({ postcode: '1012\u0007AB' }, 'q=Damrak')[0]).toMatchObject({ name: 'postcode', in: 'path' });
  });
  it('accepts other unicode: accents, emoji, non-breaking space, C1 characters', () => {
    for (const q of ['Café', 'Straße 🏠', 'a\u00a0b', 'x\u0085y', '\u202Eevil']) {
      expect(parseParams(op, { postcode: '1012AB' }, new URLSearchParams({ q })).query.q).toBe(q);
    }
  });
  it('refuses names of Object.prototype as unknown parameters', () => {
    const params = refused({ postcode: '1012AB' }, 'q=Damrak&constructor=1&__proto__=x&toString=2');
    expect(params.map((p) => p.name).sort()).toEqual(['__proto__', 'constructor', 'toString']);
    expect(new Set(params.map((p) => p.reason))).toEqual(new Set(['onbekende parameter voor deze operatie']));
  });
});

describe('route()', () => {
  it('wraps data in the envelope', async () => {
    const h = route(makeOp(async () => ({ data: { x: 1 }, bronnen: [] })));
    const res = await h.GET(new Request('http://t/v1/test/1012AB?q=ab'), ctx('1012AB'));
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ api: 'test', versie: '1.0.0-beta', onderdeel: 'test', data: { x: 1 }, bronnen: [] });
    expect(res.headers.get('API-Version')).toBe('1.0.0-beta');
  });
  it('turns a SourceError into a 502 naming the source', async () => {
    const h = route(
      makeOp(async () => {
        throw new SourceError('http', failedBron(testSource, null, 'http', 12, 500), 500);
      }),
    );
    const res = await h.GET(new Request('http://t/v1/test/1012AB?q=ab'), ctx('1012AB'));
    expect(res.status).toBe(502);
    const body = await res.json();
    expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: 'test-bron' });
    expect(body.detail).toContain('Testbron');
    expect(body.detail).toContain('500');
  });
  it('turns an unexpected error into a 500 that leaks nothing', async () => {
    const h = route(
      makeOp(async () => {
        throw new Error('geheime interne melding /srv/app/db.ts:12');
      }),
    );
    const prev = process.env.LOG_LEVEL;
    process.env.LOG_LEVEL = 'silent';
    const res = await h.GET(new Request('http://t/v1/test/1012AB?q=ab'), ctx('1012AB'));
    process.env.LOG_LEVEL = prev;
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('geheime');
    expect(JSON.parse(text).errorCode).toBe('internal_error');
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
  });
  it('answers 405 with Allow for other methods and 204 for a preflight', async () => {
    const h = route(makeOp(async () => ({ data: null, bronnen: [] })));
    const res = await h.DELETE(new Request('http://t/v1/test/1012AB', { method: 'DELETE' }), ctx('1012AB'));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    const pre = await h.OPTIONS(new Request('http://t/v1/test/1012AB', { method: 'OPTIONS' }), ctx('1012AB'));
    expect(pre.status).toBe(204);
    expect(pre.headers.get('Access-Control-Allow-Origin')).toBe('*');
  });
});

describe('operation()', () => {
  it('refuses a declaration whose path parameters do not match its path', () => {
    expect(() =>
      operation({
        id: 'x',
        path: '/v1/x/{code}',
        api: 'x',
        bronType: 'bron-api',
        summary: 'x',
        sources: [],
        statuses: [200],
        onderdeel: 'x',
        handle: async () => ({ data: null, bronnen: [] }),
      }),
    ).toThrow(/path parameters/);
  });
});

describe('methods Next.js cannot route', () => {
  it('names the original method that serve.mjs handed on as PATCH', async () => {
    const h = route(makeOp(async () => ({ data: null, bronnen: [] })));
    const req = new Request('http://t/v1/test/1012AB', { method: 'PATCH', headers: { [ORIGINAL_METHOD_HEADER]: 'TRACE' } });
    const res = await h.PATCH(req, ctx('1012AB'));
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('GET, HEAD, OPTIONS');
    expect(res.headers.get('content-type')).toMatch(/problem\+json/);
    expect((await res.json()).detail).toContain('Methode TRACE');
  });
});

describe('reserved parameter names', () => {
  it.each(['__proto__', 'constructor', 'hasOwnProperty'])('operation() refuses a parameter named %s', (name) => {
    expect(() =>
      operation({
        id: 'x',
        path: '/v1/x',
        api: 'x',
        bronType: 'bron-api',
        summary: 'x',
        sources: [],
        params: { query: z.object({ [name]: z.string().optional() }) },
        statuses: [200],
        onderdeel: 'x',
        handle: async () => ({ data: null, bronnen: [] }),
      }),
    ).toThrow(/reserved/);
  });
});

describe('request bodies', () => {
  const xmlOp = operation({
    id: 'test-xml',
    method: 'POST',
    path: '/v1/test/xml',
    api: 'test',
    bronType: 'eigen-dienst',
    summary: 'test',
    sources: [],
    body: { contentTypes: ['application/xml', 'text/xml'], maxBytes: 1024, description: 'XML' },
    statuses: [200, 400],
    onderdeel: 'xml',
    handle: async ({ body }) => ({ data: { lengte: body?.length }, bronnen: [] }),
  });
  const post = (body: BodyInit, type = 'application/xml', headers: Record<string, string> = {}) =>
    route(xmlOp).POST(new Request('http://t/v1/test/xml', { method: 'POST', body, headers: { 'content-type': type, ...headers }, duplex: 'half' } as RequestInit), { params: Promise.resolve({}) });

  it('hands the text to the handler', async () => {
    const res = await post('<a>x</a>', 'text/xml; charset=utf-8');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ lengte: 8 });
  });
  it('refuses another content type, an empty body and an oversize body with 400 problems', async () => {
    const wrongType = await post('{}', 'application/json');
    expect(wrongType.status).toBe(400);
    expect((await wrongType.json()).invalid_params[0].name).toBe('Content-Type');
    expect((await post('')).status).toBe(400);
    const big = await post('x'.repeat(1025));
    expect(big.status).toBe(400);
    expect((await big.json()).errorCode).toBe('payload_too_large');
  });
  it('stops reading a streamed body as soon as it passes the cap', async () => {
    let pulled = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled++;
        controller.enqueue(new Uint8Array(512));
        if (pulled > 1000) controller.close();
      },
    });
    const res = await post(stream as unknown as BodyInit);
    expect(res.status).toBe(400);
    expect(pulled).toBeLessThan(10);
  });
});

describe('jsonBody', () => {
  const schema = z.object({ entiteit_id: z.string(), gebruik: z.string().optional(), lijst: z.array(z.string()).optional() });
  const refused = (body: string) => {
    try {
      jsonBody(body, schema, '{"entiteit_id"}');
    } catch (e) {
      expect(e).toBeInstanceOf(Problem);
      return (e as Problem).invalidParams;
    }
    throw new Error('not refused');
  };
  it('refuses a control character in any string, named by its field', () => {
    expect(refused('{"entiteit_id": "a\\u0000b"}')).toEqual([{ name: 'entiteit_id', in: 'body', reason: expect.stringContaining('U+0000') }]);
    expect(refused('{"entiteit_id": "a", "lijst": ["x", "\\u001b[31m"]}')).toEqual([{ name: 'lijst', in: 'body', reason: expect.stringContaining('U+001B') }]);
  });
  it('lets tab and line breaks through in body text (a multi-line description)', () => {
    expect(jsonBody('{"entiteit_id": "a", "gebruik": "regel 1\\nregel 2\\tmet tab\\r\\n"}', schema, '').gebruik).toBe('regel 1\nregel 2\tmet tab\r\n');
  });
});

describe('decodeXml', () => {
  it('decodes by the declared encoding, the BOM, or as UTF-8', async () => {
    const { decodeXml } = await import('./body');
    const latin1 = Buffer.concat([Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?><a>'), Buffer.from([0x43, 0x61, 0x66, 0xe9]), Buffer.from('</a>')]);
    expect(decodeXml(latin1)).toContain('<a>Café</a>');
    expect(decodeXml(Buffer.from('\uFEFF<?xml version="1.0"?><a>Café</a>', 'utf8'))).toContain('<a>Café</a>');
    expect(decodeXml(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<a>é</a>', 'utf16le')]))).toContain('<a>é</a>');
    expect(() => decodeXml(Buffer.from('<?xml version="1.0" encoding="klingon-8"?><a/>'))).toThrow(/tekenset/);
  });
});
