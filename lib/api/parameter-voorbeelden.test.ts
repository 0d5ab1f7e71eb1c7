// Every path and query parameter of every operation has an example in the OpenAPI document, and that example
// is valid twice: against the parameter's schema in the document, and as the text a client sends (the declared
// zod schema parses String(example)). The examples are declared once on the parameter schemas (lib/api/params.ts,
// the family params files, the operation declarations); the reference page and generated clients show them.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { operations } from './registry';
import { buildOpenApi } from './openapi';
import { ajvFouten, openApiValidator } from './ajv-openapi';
import { parameterVoorbeeld } from './voorbeelden-maken';

type Param = { name: string; in: string; schema?: Record<string, unknown>; example?: unknown };

const doc = buildOpenApi(operations) as { components?: unknown; paths: Record<string, Record<string, { operationId: string; parameters?: Param[] }>> };
const validator = openApiValidator(doc);
const params = Object.values(doc.paths).flatMap((methods) =>
  Object.values(methods).flatMap((op) => (op.parameters ?? []).filter((p) => p.in === 'path' || p.in === 'query').map((p) => ({ op: op.operationId, p }))),
);

describe('parameter examples', () => {
  it('walks every parameter of the document', () => {
    expect(params.length).toBeGreaterThan(250);
  });

  it('every path and query parameter has an example', () => {
    const zonder = params.filter(({ p }) => parameterVoorbeeld(p) === undefined).map(({ op, p }) => `${op} ${p.in} ${p.name}`);
    expect(zonder).toEqual([]);
  });

  it('every example is valid against the parameter schema of the document', () => {
    const fout = params.flatMap(({ op, p }) => {
      const v = validator(p.schema ?? {});
      return v(parameterVoorbeeld(p)) ? [] : [`${op} ${p.name}=${JSON.stringify(parameterVoorbeeld(p))}: ${ajvFouten(v).join('; ')}`];
    });
    expect(fout).toEqual([]);
  });

  it('every example, sent as text, passes the declared schema of the operation', () => {
    const fout: string[] = [];
    for (const op of operations) {
      for (const where of ['path', 'query'] as const) {
        const shape = (op.params?.[where]?.shape ?? {}) as Record<string, z.ZodType>;
        for (const [name, schema] of Object.entries(shape)) {
          const p = params.find((x) => x.op === op.id && x.p.name === name && x.p.in === where)?.p;
          const voorbeeld = p ? parameterVoorbeeld(p) : undefined;
          if (voorbeeld === undefined) continue; // the test above names it
          const r = schema.safeParse(String(voorbeeld));
          if (!r.success) fout.push(`${op.id} ${name}=${String(voorbeeld)}: ${r.error.issues.map((i) => i.message).join('; ')}`);
        }
      }
    }
    expect(fout).toEqual([]);
  });
});
