// Header parameters in the OpenAPI document carry no example: the reference page (Scalar) fills a parameter's
// example into its request and into every copied curl sample, so an example If-None-Match would send a made-up
// validator with every command a reader copies.
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi';
import { operations } from './registry';

type Param = { name: string; in: string; example?: unknown; examples?: unknown; schema?: { example?: unknown; examples?: unknown; default?: unknown } };

describe('header parameters of the OpenAPI document', () => {
  it('have no example or default for the reference to paste into a request', () => {
    const doc = buildOpenApi(operations) as unknown as { components: { parameters: Record<string, Param> }; paths: Record<string, Record<string, { parameters?: (Param | { $ref: string })[] }>> };
    const inline = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).flatMap((o) => (o.parameters ?? []).filter((p): p is Param => 'in' in p));
    const headers = [...Object.values(doc.components.parameters), ...inline].filter((p) => p.in === 'header');
    expect(headers.map((p) => p.name)).toContain('If-None-Match');
    for (const p of headers) {
      expect([p.example, p.examples, p.schema?.example, p.schema?.examples, p.schema?.default], p.name).toEqual([undefined, undefined, undefined, undefined, undefined]);
    }
  });
});
