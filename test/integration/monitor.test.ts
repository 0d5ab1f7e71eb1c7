// The distribution monitor over real HTTP: the status answers at once; bad values give 400 problems; every
// data operation answers with the envelope once there is a version, and 503 naming the missing import before.
// (The operations on a real market, as-of answers and the CLI's recompute: lib/monitor/monitor.test.ts.)
import { describe, expect, it } from 'vitest';
import { api } from './http';

describe('distribution monitor over HTTP', () => {
  it('answers its status and refuses bad values with 400 problems', async () => {
    const s = await api('/v1/distributiemonitor');
    expect(s.status).toBe(200);
    expect(['beschikbaar', 'wacht_op_import']).toContain(s.body.data.status);
    for (const [p, param] of [
      ['/v1/distributiemonitor/relaties/zoeken?q=x', 'q'],
      ['/v1/distributiemonitor/benchmark?peergroep_seg=q9', 'peergroep_seg'],
      ['/v1/distributiemonitor/relaties/netwerk?jaar=twee', 'jaar'],
      ['/v1/distributiemonitor/relaties/netwerk?max_nodes=5000', 'max_nodes'],
    ]) {
      const r = await api(p);
      expect(r.status, p).toBe(400);
      expect(r.headers.get('content-type')).toContain('application/problem+json');
      expect(r.body.invalid_params?.map((x: { name: string }) => x.name) ?? [], p).toContain(param);
    }
  });

  it('answers every data operation with the envelope, or 503 naming the missing import', async () => {
    // Other integration files may or may not have imported registers into this server's database (order is
    // not fixed): with a version the operations answer 200, without one 503 import_unavailable.
    const paths = [
      '/v1/distributiemonitor/universum', '/v1/distributiemonitor/vestigingen', '/v1/distributiemonitor/holdings', '/v1/distributiemonitor/hoofdholdings',
      '/v1/distributiemonitor/samenwerkingsverbanden', '/v1/distributiemonitor/relaties/zoeken?q=kantoor', '/v1/distributiemonitor/relaties/netwerk',
      '/v1/distributiemonitor/versies', '/v1/distributiemonitor/radar', '/v1/distributiemonitor/kansmodel', '/v1/distributiemonitor/benchmark',
      '/v1/distributiemonitor/hypotheek', '/v1/distributiemonitor/metrieken', '/v1/distributiemonitor/metrieken/hhi',
    ];
    const status = (await api('/v1/distributiemonitor')).body.data.status;
    for (const p of paths) {
      const r = await api(p);
      if (status === 'beschikbaar') {
        expect(r.status, p).toBe(200);
        expect(Object.keys(r.body), p).toEqual(['api', 'versie', 'onderdeel', 'gegenereerd_op', 'duur_ms', 'bronnen', 'data']);
      } else {
        expect(r.status, p).toBe(503);
        expect(r.body, p).toMatchObject({ errorCode: 'import_unavailable' });
        expect(r.body.detail, p).toContain('AFM-register');
      }
    }
    expect((await api('/v1/distributiemonitor/methodiek')).status).toBe(200);
  });
});
