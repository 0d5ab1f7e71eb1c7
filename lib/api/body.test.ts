// A JSON body declared with a schema: the wrapper parses and validates it (one 400 naming the invalid
// fields, in: body) and the handler gets the parsed object; the OpenAPI document shows the same schema.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { operation } from './operation';
import { jsonBodySpec } from './body';
import { route } from './route';
import { buildOpenApi } from './openapi';

const aanvraag = z.object({ naam: z.string().min(2), aantal: z.number().int().positive(), labels: z.array(z.string()).optional() });
const jsonOp = operation({
  id: 'test-json-body',
  method: 'POST',
  path: '/v1/test/json',
  api: 'test',
  bronType: 'eigen-dienst',
  summary: 'test',
  sources: [],
  body: jsonBodySpec(aanvraag, { maxBytes: 1024, description: 'De aanvraag als JSON.', verwacht: '{"naam", "aantal"}' }),
  statuses: [200, 400],
  onderdeel: 'json',
  // Typed from the declared schema: no parsing, no cast.
  handle: async ({ body }) => ({ data: { naam: body.naam.toUpperCase(), dubbel: body.aantal * 2 }, bronnen: [] }),
});
const post = (body: string, type = 'application/json') =>
  route(jsonOp).POST(new Request('http://t/v1/test/json', { method: 'POST', body, headers: { 'content-type': type } }), { params: Promise.resolve({}) });

describe('JSON request bodies', () => {
  it('hands the handler the parsed, validated object', async () => {
    const res = await post('{"naam": "ab", "aantal": 3}');
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual({ naam: 'AB', dubbel: 6 });
  });

  it('answers one 400 listing every invalid field (in: body) and what fits', async () => {
    const res = await post('{"naam": "a", "aantal": -1}');
    expect(res.status).toBe(400);
    const p = await res.json();
    expect(p.errorCode).toBe('invalid_parameter');
    expect(p.invalid_params.map((x: { name: string; in: string }) => `${x.in}:${x.name}`).sort()).toEqual(['body:aantal', 'body:naam']);
    expect(p.detail).toContain('{"naam", "aantal"}');
  });

  it('answers 400 for text that is not JSON, and for a JSON string instead of an object (double encoding)', async () => {
    expect((await post('naam=ab')).status).toBe(400);
    const doubled = await post(JSON.stringify(JSON.stringify({ naam: 'ab', aantal: 3 })));
    expect(doubled.status).toBe(400);
  });

  it('shows the declared schema as the request body in the OpenAPI document, not a string', () => {
    const doc = buildOpenApi([jsonOp]) as { paths: Record<string, Record<string, { requestBody: { content: Record<string, { schema: Record<string, unknown> }> } }>> };
    const schema = doc.paths['/test/json'].post.requestBody.content['application/json'].schema;
    expect(schema.type).toBe('object');
    expect(schema.required).toEqual(['naam', 'aantal']);
    expect(Object.keys(schema.properties as object)).toEqual(['naam', 'aantal', 'labels']);
  });
});
