// Table-driven conformance: for every parameter of every declared operation (read from the served
// OpenAPI document, so the table grows as operations are declared) send invalid values and expect one
// 400 problem that names the parameter. Also checks that every declared operation answers at all.
import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './http';
import { invalidCases, urlParams } from '../conformance/invalid-values';

type OpenApi = { servers: { url: string }[]; paths: Record<string, Record<string, { operationId: string; parameters?: Param[] }>> };
type Param = { name: string; in: 'path' | 'query'; required: boolean; schema: Record<string, unknown> };

let doc: OpenApi;
beforeAll(async () => {
  doc = (await api('/v1/openapi.json')).body;
});

describe('every declared parameter rejects invalid values with a 400 problem naming it', () => {
  it('the table is not empty and covers every operation with parameters', async () => {
    const cases = invalidCases(doc);
    const withParams = Object.values(doc.paths).flatMap((ops) => Object.values(ops)).filter((o) => urlParams(o).length > 0);
    expect(withParams.length).toBeGreaterThan(0);
    for (const op of withParams) expect(cases.some((c) => c.operationId === op.operationId)).toBe(true);
  });

  it('every case answers 400 invalid_parameter naming the parameter', async () => {
    const failures: string[] = [];
    for (const c of invalidCases(doc)) {
      const r = await api(c.url, { method: c.method });
      const named = (r.body?.invalid_params ?? []).some((p: { name: string }) => p.name === c.param);
      if (r.status !== 400 || r.body?.errorCode !== 'invalid_parameter' || !named) {
        failures.push(`${c.method} ${c.url} (${c.param}: ${c.why}) -> ${r.status} ${JSON.stringify(r.body).slice(0, 200)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
