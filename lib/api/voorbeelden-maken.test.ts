import { describe, expect, it } from 'vitest';
import { echteBronUrls, inkorten, MAX_TEKST, optioneleVoorbeelden, voorbeeldOperaties, voorbeeldUrl } from './voorbeelden-maken';

const doc = {
  paths: {
    '/pand/{postcode}/{huisnummer}/woz': {
      get: {
        operationId: 'pand-woz',
        parameters: [
          { name: 'postcode', in: 'path', required: true, schema: { type: 'string', examples: ['3012BR'] } },
          { name: 'huisnummer', in: 'path', required: true, schema: { type: 'integer', examples: [42] } },
          { name: 'letter', in: 'query', required: false, schema: { type: 'string', examples: ['A'] } },
          { name: 'q', in: 'query', required: true, schema: { type: 'string' }, example: 'Damrak 1' },
          { $ref: '#/components/parameters/If-None-Match' },
        ],
        responses: { '200': { content: { 'application/json': { schema: {} } } } },
      },
    },
    '/volglijst': { get: { operationId: 'volglijst', security: [{ apiKey: [] }], responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
    '/open': { get: { operationId: 'open', security: [{}, { apiKey: [] }], responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
    '/export': { get: { operationId: 'export', responses: { '200': { content: { 'application/zip': { schema: {} } } } } } },
    '/rapport': { post: { operationId: 'rapport', responses: { '200': { content: { 'application/json': { schema: {} } } } } } },
  },
};

describe('voorbeeldOperaties', () => {
  it('takes the GET operations answering JSON, with their URL parameters and whether they need a key', () => {
    const ops = voorbeeldOperaties(doc as never);
    expect(ops.map((o) => [o.operationId, o.sleutelVerplicht, o.params.length])).toEqual([
      ['open', false, 0],
      ['pand-woz', false, 4],
      ['volglijst', true, 0],
    ]);
  });
});

describe('voorbeeldUrl', () => {
  const op = voorbeeldOperaties(doc as never).find((o) => o.operationId === 'pand-woz')!;
  it('fills the path and the required query parameters from their examples (schema.examples, else example)', () => {
    expect(voorbeeldUrl(op)).toBe('/pand/3012BR/42/woz?q=Damrak+1');
  });
  it('adds the optional parameters asked for', () => {
    expect(optioneleVoorbeelden(op)).toEqual(['letter']);
    expect(voorbeeldUrl(op, ['letter'])).toBe('/pand/3012BR/42/woz?letter=A&q=Damrak+1');
  });
  it('names a needed parameter without an example', () => {
    const zonder = { ...op, params: [{ name: 'postcode', in: 'path', required: true, schema: {} }] };
    expect(() => voorbeeldUrl(zonder)).toThrow('postcode');
  });
});

describe('inkorten', () => {
  it('cuts arrays to two items at every depth and long text, and leaves the rest as it came', () => {
    const lang = 'woord '.repeat(100);
    const url = `https://example.org/${'x'.repeat(300)}`;
    const uit = inkorten({ duur_ms: 12, gegenereerd_op: '2026-11-28T00:00:00.000Z', data: { lijst: [1, 2, 3, [4, 5, 6]], rijen: [{ a: [1, 2, 3] }], tekst: lang, url, leeg: null } });
    expect(uit).toEqual({
      duur_ms: 12,
      gegenereerd_op: '2026-11-28T00:00:00.000Z',
      data: { lijst: [1, 2], rijen: [{ a: [1, 2] }], tekst: `${lang.slice(0, MAX_TEKST - 1)}…`, url, leeg: null },
    });
  });
});

describe('echteBronUrls', () => {
  const bronnen = [
    { id: 'dnb-api', defaultBaseUrl: 'https://api.dnb.nl/v1/' },
    { id: 'dnb-register', defaultBaseUrl: 'https://www.dnb.nl/openbaar-register' },
  ];
  it('turns replay URLs back into the real endpoint of their source, at any depth', () => {
    const uit = echteBronUrls(
      { bronnen: [{ url: 'http://127.0.0.1:3999/dnb-register/zoek?q=1' }, { url: 'http://127.0.0.1:3999/dnb-api' }], tekst: 'zie http://127.0.0.1:3999/dnb-api/x' },
      'http://127.0.0.1:3999/',
      bronnen,
    );
    expect(uit).toEqual({ bronnen: [{ url: 'https://www.dnb.nl/openbaar-register/zoek?q=1' }, { url: 'https://api.dnb.nl/v1' }], tekst: 'zie https://api.dnb.nl/v1/x' });
  });
  it('leaves URLs of unknown paths, other hosts and longer ids alone', () => {
    const v = ['http://127.0.0.1:3999/dataset-bestanden/a.csv', 'http://127.0.0.1:3999/dnb-api-x', 'https://example.org/dnb-api'];
    expect(echteBronUrls(v, 'http://127.0.0.1:3999', bronnen)).toEqual(v);
  });
});
