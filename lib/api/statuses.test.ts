// The statuses derived from what an operation reads (lib/api/statuses.ts), as the OpenAPI document shows them.
// That every 5xx an operation really answers is documented: lib/api/fuzz.test.ts (every upstream failing).
import { describe, expect, it } from 'vitest';
import { buildOpenApi } from './openapi';
import { operations } from './registry';
import { answerableStatuses, readsLiveUpstream } from './statuses';

const op = (id: string) => operations.find((o) => o.id === id)!;
const doc = buildOpenApi(operations) as unknown as { paths: Record<string, Record<string, { operationId: string; responses: Record<string, { description: string }> }>> };
const responsesOf = (id: string) => Object.values(doc.paths).flatMap((ops) => Object.values(ops)).find((o) => o.operationId === id)!.responses;

describe('statuses derived from the declaration', () => {
  it('an operation that reads a live upstream documents 502, with the reason where the spec does not name it', () => {
    expect(op('airnet-stations').statuses).toEqual([200]);
    expect(answerableStatuses(op('airnet-stations'))).toEqual([200, 502]);
    expect(responsesOf('airnet-stations')['502'].description).toMatch(/afgeleid: de operatie leest een live bron/);
    expect(responsesOf('addrreg-suggest')['502'].description).not.toMatch(/afgeleid/);
    for (const o of operations.filter(readsLiveUpstream)) {
      if (!o.statuses.includes(503)) expect(Object.keys(responsesOf(o.id)), o.id).toContain('502');
    }
  });

  it('imported registers and own services without upstreams get no 502; the listing keeps its declared 503', () => {
    for (const id of ['fsp-instellingen', 'lei-entiteit', 'distributiemonitor-universum', 'distributiemonitor-status', 'bronnen', 'verduurzaming-nulmeting']) {
      expect(readsLiveUpstream(op(id)), id).toBe(false);
      expect(answerableStatuses(op(id)), id).not.toContain(502);
    }
    expect(readsLiveUpstream(op('pand-listing'))).toBe(true);
    expect(answerableStatuses(op('pand-listing'))).toEqual([200, 400, 503]);
  });
});
