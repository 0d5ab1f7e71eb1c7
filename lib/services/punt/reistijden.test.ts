// GET /v1/punt/{lon}/{lat}/reistijden through the route wrapper against the replay of the built NDW v2 fixtures
// (measuring points and travel times around the three demo addresses).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { puntReistijden } from './reistijden';

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_NDW_MEETLOCATIES_URL = replay.sourceUrl('ndw-meetlocaties');
  process.env.BRON_NDW_REISTIJDEN_URL = replay.sourceUrl('ndw-reistijden');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_NDW_MEETLOCATIES_URL;
  delete process.env.BRON_NDW_REISTIJDEN_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(lon: string, lat: string, q = '') {
  const res = await route(puntReistijden).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/reistijden${q}`), { params: Promise.resolve({ lon, lat }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}
const ids = (body: { data: { meetpunten: { id: string }[] } }) => body.data.meetpunten.map((m) => m.id);

describe('GET /v1/punt/{lon}/{lat}/reistijden', () => {
  it('gives the nearest sections with a travel time at Witte de Withstraat 42A, Rotterdam, skipping sites without one', async () => {
    const { status, body } = await get('4.47756318', '51.9155987');
    expect(status).toBe(200);
    expect(body.api).toBe('punt');
    // The loop on Westblaak (no travel time) and Nieuwe Binnenweg (NDW -1) are nearer, but have no value.
    expect(ids(body)).toEqual(['OPG01_RT_ROT_WESTBLAAK_O', 'OPG01_RT_ROT_ERASMUSBRUG_Z', 'OPG01_RT_ROT_MAASTUNNEL_Z', 'OPG01_RT_A20_KLEINPOLDERPLEIN_W', 'OPG01_RT_A16_TERBREGSEPLEIN_Z']);
    expect(body.data.meetpunten[0]).toMatchObject({
      naam: 'Rotterdam Westblaak richting Oostplein',
      richting: 'eastBound',
      afstand_m: 316,
      lengte_m: 598,
      reistijd_s: 77.6,
      referentie_reistijd_s: 43.1,
      vertraging_s: 34.5,
      reistijd_soort: 'reconstituted',
      meettijd: '2026-11-22T23:50:00Z',
      locatie: { wgs84: { lon: 4.47485, lat: 51.9179 } },
    });
    expect(body.data.meetpunten[0].locatie.rd.x).toBeCloseTo(92233.354, 1);
    expect(body.data.meetpunten[0].geometrie.wgs84).toEqual({ type: 'LineString', coordinates: [[4.4705, 51.9181], [4.4792, 51.9177]] });
    expect(body.data.meetpunten[3]).toMatchObject({ weg: 'A20', afstand_m: 2401, reistijd_s: 218.9, vertraging_s: 82.1 });
    expect(body.data).toMatchObject({ radius_m: 10000, meetpunten_landelijk: 15, meetpunten_met_reistijd_landelijk: 11, publicatietijd_reistijden: '2026-11-22T23:51:00Z' });
    expect(body.data.punt.rd.x).toBeCloseTo(92416.6, 0);
    expect(body.bronnen.map((b: { bron: string }) => b.bron)).toEqual(['ndw-meetlocaties', 'ndw-reistijden']);
    expect(body.bronnen.every((b: { opname: { soort: string } }) => b.opname.soort === 'opgebouwd')).toBe(true);
  });

  it('answers for Hoogeveen and Vinkeveen, with radius and n applied', async () => {
    const hoogeveen = await get('6.4706', '52.7314');
    expect(ids(hoogeveen.body)).toEqual(['OPG01_RT_A28_HOOGEVEEN_PESSE_N', 'OPG01_RT_N48_HOOGEVEEN_NOORD_N', 'OPG01_RT_A37_HOOGEVEEN_OOST_O']);
    expect(hoogeveen.body.data.meetpunten[2]).toMatchObject({ weg: 'A37', afstand_m: 4317, reistijd_s: 271, vertraging_s: 54.2 });
    const vinkeveen = await get('4.9523', '52.2342', '?n=1');
    expect(vinkeveen.body.data.meetpunten).toHaveLength(1);
    expect(vinkeveen.body.data.meetpunten[0]).toMatchObject({ id: 'OPG01_RT_A2_VINKEVEEN_ABCOUDE_N', weg: 'A2', afstand_m: 1406, reistijd_s: 477.1, referentie_reistijd_s: 198.8, vertraging_s: 278.3 });
    expect(ids((await get('4.9523', '52.2342', '?radius=1410')).body)).toEqual(['OPG01_RT_A2_VINKEVEEN_ABCOUDE_N']);
    expect(ids((await get('4.9523', '52.2342', '?radius=100')).body)).toEqual([]);
    expect((await get('4.9523', '52.2342', '?radius=50000&n=25')).body.data.meetpunten).toHaveLength(8);
  });

  it('reads each feed once and answers later calls from the cached index', async () => {
    const before = [replay.hits('ndw-meetlocaties'), replay.hits('ndw-reistijden')];
    await Promise.all([get('6.4706', '52.7314'), get('4.9523', '52.2342'), get('4.47756318', '51.9155987')]);
    const second = await get('4.9523', '52.2342');
    expect(second.body.bronnen.map((b: { cache: boolean }) => b.cache)).toEqual([true, true]);
    expect([replay.hits('ndw-meetlocaties') - before[0], replay.hits('ndw-reistijden') - before[1]]).toEqual([1, 1]);
  });

  it.each([
    ['200', '52', ''],
    ['5.1', 'abc', ''],
    ['5.1', '52', '?radius=99'],
    ['5.1', '52', '?radius=50001'],
    ['5.1', '52', '?radius=1.5'],
    ['5.1', '52', '?n=0'],
    ['5.1', '52', '?n=26'],
  ])('answers 400 for lon %s, lat %s %s', async (lon, lat, q) => {
    const { status, body } = await get(lon, lat, q);
    expect(status).toBe(400);
    expect(body.status).toBe(400);
  });

  it.each([
    ['ndw-meetlocaties', 'http500', 'HTTP-status 500'],
    ['ndw-reistijden', 'malformed', 'niet gelezen kon worden'],
    ['ndw-reistijden', 'timeout', 'tijdslimiet'],
  ])('answers 502 naming %s when it fails (%s)', async (source, kind, text) => {
    replay.setFault(source, { kind: kind as 'http500' });
    const { status, body } = await get('4.9523', '52.2342');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe(source);
    expect(body.detail).toContain(text);
  });
});
