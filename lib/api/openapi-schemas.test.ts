// The OpenAPI document a generated client can use as it is: data required in every 200 envelope, JSON
// bodies as objects, text/csv wherever CSV is offered, shared shapes as named component schemas, and a
// security requirement (or security: []) on every operation.
import { describe, expect, it } from 'vitest';
import { buildOpenApi, contact, offersCsv } from './openapi';
import { operations } from './registry';

type Json = Record<string, unknown>;
const doc = buildOpenApi(operations) as { paths: Record<string, Record<string, Json>>; components: { schemas: Record<string, Json> } };
const ops = Object.entries(doc.paths).flatMap(([p, methods]) => Object.entries(methods).map(([m, op]) => ({ where: `${m.toUpperCase()} ${p}`, op })));

/** Every object schema with `min` or more properties written inline in the document, by its JSON text, with where it occurs. */
export function inlineObjects(root: unknown, min = 3): Map<string, string[]> {
  const seen = new Map<string, string[]>();
  const walk = (node: unknown, where: string) => {
    if (Array.isArray(node)) return node.forEach((n, i) => walk(n, `${where}/${i}`));
    if (node === null || typeof node !== 'object') return;
    const o = node as Json;
    if (o.properties && typeof o.properties === 'object' && Object.keys(o.properties).length >= min) {
      const key = JSON.stringify(o);
      seen.set(key, [...(seen.get(key) ?? []), where]);
    }
    for (const [k, v] of Object.entries(o)) walk(v, `${where}/${k}`);
  };
  walk(root, '#');
  return seen;
}

describe('OpenAPI document for generated clients', () => {
  it('requires data in every JSON 200 answer', () => {
    const missing = ops.filter(({ op }) => {
      const json = ((op.responses as Json)['200'] as { content?: Record<string, { schema: { allOf?: Json[] } }> }).content?.['application/json'];
      return json && !json.schema.allOf?.some((s) => (s.required as string[] | undefined)?.includes('data'));
    });
    expect(missing.map((o) => o.where)).toEqual([]);
    const envelope = doc.components.schemas.Envelope;
    expect(envelope.required).toEqual(expect.arrayContaining(['api', 'versie', 'onderdeel', 'gegenereerd_op', 'duur_ms', 'bronnen', 'data']));
  });

  it('types every JSON request body as an object, never as a string', () => {
    const bodies = ops.flatMap(({ where, op }) => {
      const json = (op.requestBody as { content: Record<string, { schema: Json }> } | undefined)?.content['application/json'];
      return json ? [{ where, schema: json.schema.$ref ? doc.components.schemas[String(json.schema.$ref).split('/').pop()!] : json.schema }] : [];
    });
    expect(bodies.length).toBeGreaterThanOrEqual(4);
    expect(bodies.filter((b) => b.schema.type !== 'object').map((b) => b.where)).toEqual([]);
  });

  it('declares text/csv on exactly the operations whose declaration offers formaat=csv', () => {
    const withCsv = ops.filter(({ op }) => ((op.responses as Json)['200'] as { content?: Json }).content?.['text/csv']).map((o) => o.op.operationId).sort();
    expect(withCsv).toEqual(operations.filter(offersCsv).map((o) => o.id).sort());
    expect(withCsv.length).toBeGreaterThanOrEqual(25);
  });

  it('names shared shapes: no object schema with 3+ properties is written inline twice', () => {
    const repeated = [...inlineObjects(doc).entries()].filter(([, where]) => where.length > 1).map(([k, where]) => `${where.length}x ${where[0]} ${k.slice(0, 120)}`);
    expect(repeated).toEqual([]);
    expect(Object.keys(doc.components.schemas)).toEqual(expect.arrayContaining(['Envelope', 'Problem', 'Bron']));
  });

  it('names the data of every JSON answer (a shared schema, or one named after the operation)', () => {
    const unnamed = ops.filter(({ op }) => {
      const json = ((op.responses as Json)['200'] as { content?: Record<string, { schema: { allOf: Json[] } }> }).content?.['application/json'];
      const data = (json?.schema.allOf[1].properties as Record<string, Json> | undefined)?.data;
      return data && Object.keys(data).length > 0 && !data.$ref && data.type === 'object';
    });
    expect(unnamed.map((o) => o.where)).toEqual([]);
    expect(doc.paths['/regio/{code}'].get.responses).toMatchObject({ '200': { content: { 'application/json': { schema: { allOf: [{}, { properties: { data: { $ref: '#/components/schemas/RegioProfielData' } } }] } } } } });
  });

  it('has a security requirement on every operation: [] where it is open', () => {
    expect(ops.filter(({ op }) => !Array.isArray(op.security)).map((o) => o.where)).toEqual([]);
    expect(doc.paths['/addrreg/adressen'].get.security).toEqual([]);
  });

  it('takes the contact from the environment, by default this server’s reference page', () => {
    expect(contact({})).toMatchObject({ url: 'http://localhost:3000/referentie' });
    expect(contact({ API_PUBLIEKE_URL: 'https://data.voorbeeld.nl/' })).toMatchObject({ url: 'https://data.voorbeeld.nl/referentie' });
    expect(JSON.stringify(contact({}))).not.toContain('example.org');
    expect(contact({ API_CONTACT_NAAM: 'Team', API_CONTACT_EMAIL: 'a@b.nl', API_CONTACT_URL: 'https://b.nl' })).toEqual({ name: 'Team', email: 'a@b.nl', url: 'https://b.nl' });
  });
});
