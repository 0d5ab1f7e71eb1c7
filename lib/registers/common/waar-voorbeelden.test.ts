// The waar example of every register list in the OpenAPI document is a real filter: it parses, and on the
// generated sample that the demo and a first start serve (lib/registers/sample.ts) it finds rows, so a
// reader who tries it in the reference sees an answer, not an empty list or a 400.
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from '@/lib/api/openapi';
import { operations } from '@/lib/api/registry';
import { route } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { useTestDatabase } from '@/test/db/test-database';
import { loadSampleIfEmpty } from '@/lib/registers/sample';

type Param = { name: string; in: string; schema?: { examples?: unknown[] }; example?: unknown };
type Doc = { paths: Record<string, Record<string, { operationId: string; parameters?: (Param | { $ref: string })[] }>> };

/** Every operation with a waar parameter and its example, as the document shows them. */
function waarVoorbeelden(): { op: string; voorbeeld: string }[] {
  const doc = buildOpenApi(operations) as unknown as Doc;
  return Object.values(doc.paths)
    .flatMap((ops) => Object.values(ops))
    .flatMap((o) =>
      (o.parameters ?? [])
        .filter((p): p is Param => 'name' in p && p.name === 'waar')
        .map((p) => ({ op: o.operationId, voorbeeld: String(p.schema?.examples?.[0] ?? p.example) })),
    );
}

describe('the waar examples of the register lists', () => {
  useTestDatabase('pglite', 'nlods-waar-voorbeeld-');

  it('are filters on the register\'s own fields that find rows in the generated sample', { timeout: 180_000 }, async () => {
    const lijst = waarVoorbeelden();
    expect(lijst.map((l) => l.op).sort()).toEqual(['charity-instellingen', 'finreg-instellingen', 'finreg-registraties', 'fsp-instellingen', 'fsp-vergunningen', 'lei-entiteiten']);
    await loadSampleIfEmpty(getDb(), { maanden: 1 });
    const uitkomst: Record<string, unknown> = {};
    for (const { op: id, voorbeeld } of lijst) {
      const op = operations.find((o) => o.id === id)!;
      const res = await route(op).GET(new Request(`http://localhost${op.path}?waar=${encodeURIComponent(voorbeeld)}&rijen=1`), { params: Promise.resolve({}) });
      const body = (await res.json()) as { data?: { totaal?: number } };
      uitkomst[`${id}: ${voorbeeld}`] = res.status === 200 ? (body.data?.totaal ?? 0) > 0 : `status ${res.status}`;
    }
    expect(uitkomst).toEqual(Object.fromEntries(lijst.map(({ op, voorbeeld }) => [`${op}: ${voorbeeld}`, true])));
  });
});
