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

/** An object schema a generated client can only type as a map of unknown values: no properties, additionalProperties {} (or absent, or true). */
const freeForm = (o: Json) =>
  o.type === 'object' &&
  o.properties === undefined &&
  (o.additionalProperties === undefined || o.additionalProperties === true || (typeof o.additionalProperties === 'object' && o.additionalProperties !== null && Object.keys(o.additionalProperties).length === 0));

/** Where in `root` a free-form object schema occurs (JSON pointer-like paths). */
export function freeFormObjects(root: unknown, where = '#'): string[] {
  if (Array.isArray(root)) return root.flatMap((n, i) => freeFormObjects(n, `${where}/${i}`));
  if (root === null || typeof root !== 'object') return [];
  const o = root as Json;
  return [...(freeForm(o) ? [where] : []), ...Object.entries(o).flatMap(([k, v]) => freeFormObjects(v, `${where}/${k}`))];
}

/**
 * The objects that really are free, and so stay maps of unknown values. Keep this list short: every other
 * object of an answer is typed with its fields, so a generated client reads it without a cast.
 */
const FREE_BY_NATURE = [
  // A row of a dataset query: the columns of an arbitrary dataset, named and typed by that dataset's own schema.
  '#/components/schemas/DatasetQueryData/properties/records/items',
  // The JSON Schema of a parameter in the catalogue: a JSON Schema document is itself free-form.
  '#/components/schemas/BronnenData/properties/operaties/items/properties/parameters/items/properties/schema',
  // The generic envelope's data: an object, whose fields each operation's 200 gives beside it (allOf with <Operatie>Data).
  '#/components/schemas/Envelope/properties/data',
];

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

  it('types every object of a 200 answer with its fields: no map of unknown values but the commented few', () => {
    const answers = ops.flatMap(({ where, op }) => freeFormObjects((op.responses as Json)['200'], where));
    const components = freeFormObjects(doc.components.schemas, '#/components/schemas');
    expect([...answers, ...components].filter((w) => !FREE_BY_NATURE.includes(w))).toEqual([]);
    // Each allowed one is still there (a stale entry would hide a new free-form object under the same name).
    expect(FREE_BY_NATURE.filter((w) => !components.includes(w))).toEqual([]);
    // The recursive trees are one named schema that refers to itself.
    expect(doc.components.schemas.StructuurKnoop.properties).toMatchObject({ kinderen: { type: 'array', items: { $ref: '#/components/schemas/StructuurKnoop' } } });
    expect(doc.components.schemas.RelatieKnoop.properties).toMatchObject({ relaties: { type: 'array', items: { $ref: '#/components/schemas/RelatieKnoop' } } });
    // A wijziging records a vestiging or a holding, by name.
    expect(doc.components.schemas.Wijziging.properties).toMatchObject({
      nieuw: { anyOf: [{ $ref: '#/components/schemas/Vestiging' }, { $ref: '#/components/schemas/HoldingRecord' }, { type: 'null' }] },
    });
  });

  it('finds a free-form object wherever it is written: inline, nested or as a component', () => {
    const free = { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} };
    expect(freeFormObjects({ a: { type: 'object', properties: { x: { type: 'array', items: free } } }, b: { anyOf: [free, { type: 'null' }] } })).toEqual([
      '#/a/properties/x/items',
      '#/b/anyOf/0',
    ]);
    expect(freeFormObjects({ type: 'object', additionalProperties: { type: 'number' } })).toEqual([]);
    expect(freeFormObjects({ type: 'object' })).toEqual(['#']);
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

describe('integer bounds', () => {
  /** Every schema node of the document with the given key, as [where, value]. */
  const withKey = (root: unknown, key: string, where = '#'): Array<[string, unknown]> => {
    if (Array.isArray(root)) return root.flatMap((n, i) => withKey(n, key, `${where}/${i}`));
    if (root === null || typeof root !== 'object') return [];
    const o = root as Json;
    return [...(key in o && typeof o[key] === 'number' ? [[where, o[key]] as [string, unknown]] : []), ...Object.entries(o).flatMap(([k, v]) => withKey(v, key, `${where}/${k}`))];
  };

  it("carry no safe-integer range (zod's bounds of every .int()), only the bounds a declaration sets", () => {
    const safe = [...withKey(doc, 'minimum'), ...withKey(doc, 'maximum')].filter(([, v]) => Math.abs(v as number) === Number.MAX_SAFE_INTEGER);
    expect(safe.map(([where]) => where)).toEqual([]);
    // The paging pair keeps its declared range (spec: rijen 1-500, start >= 0).
    const params = (doc.paths['/fsp/instellingen'].get as { parameters: Array<{ name: string; schema: Json }> }).parameters;
    expect(params.find((p) => p.name === 'rijen')?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 500 });
    expect(params.find((p) => p.name === 'start')?.schema).toMatchObject({ type: 'integer', minimum: 0 });
    expect(params.find((p) => p.name === 'start')?.schema).not.toHaveProperty('maximum');
  });
});
