// GET /v1/punt/{lon}/{lat}/milieuzone against the replay of the recorded NDW publication (two real zones).
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import { puntMilieuzone } from './milieuzone';

const harnas = metReplay({ bronnen: ['ndw-emissiezones'] });

async function get(lon: string, lat: string, q = '') {
  const res = await route(puntMilieuzone).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/milieuzone${q}`), { params: Promise.resolve({ lon, lat }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

describe('GET /v1/punt/{lon}/{lat}/milieuzone', () => {
  it("names the zone a point in 's-Hertogenbosch lies in, with its euro norms and regulation", async () => {
    const { status, body } = await get('5.3035', '51.6897');
    expect(status).toBe(200);
    expect(body.data.in_zone).toBe(true);
    expect(body.data.zones).toHaveLength(1);
    expect(body.data.zones[0]).toMatchObject({
      naam: "ZE 's-Hertogenbosch",
      gemeente_naam: "'s-Hertogenbosch",
      in_zone: true,
      afstand_m: 0,
      euronormen: ['euro5', 'euro6'],
      besluit: 'gmb-2024-403036',
    });
    expect(body.data.punt.rd.x).toBeGreaterThan(149000);
    expect(body.data.publicatietijd).toBe('2026-07-23T06:00:00.000473953Z');
  });

  it('gives the nearest zones with distance for a point in Rotterdam', async () => {
    const { body } = await get('4.4777', '51.9172', '?n=2');
    expect(body.data.in_zone).toBe(false);
    expect(body.data.zones.map((z: { naam: string }) => z.naam)).toEqual(["ZE 's-Hertogenbosch", 'ZE Amersfoort 2027']);
    expect(body.data.zones[0].afstand_m).toBeLessThan(body.data.zones[1].afstand_m);
  });

  it('answers 400 for bad coordinates or n, and 502 naming NDW when the feed fails', async () => {
    expect((await get('200', '52')).status).toBe(400);
    expect((await get('5.3', '52', '?n=11')).status).toBe(400);
    harnas.replay().setFault('ndw-emissiezones', { kind: 'http500' });
    const failed = await get('5.3', '52');
    expect(failed.status).toBe(502);
    expect(failed.body.detail).toMatch(/NDW emissiezones/);
  });
});
