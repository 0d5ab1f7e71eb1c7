// GET /v1/punt/{lon}/{lat}/verkeer through the route wrapper against the replay of the NDW v3 fixtures: built
// closures and speed limits near the demo addresses, and the recorded actueel beeld (roadworks in Drenthe).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { puntVerkeer } from './verkeer';

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_NDW_VERKEERSMAATREGELEN_URL = replay.sourceUrl('ndw-verkeersmaatregelen');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_NDW_VERKEERSMAATREGELEN_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(lon: string, lat: string, q = '') {
  const res = await route(puntVerkeer).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/verkeer${q}`), { params: Promise.resolve({ lon, lat }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}
const ids = (body: { data: { maatregelen: { id: string }[] } }) => body.data.maatregelen.map((m) => m.id);

describe('GET /v1/punt/{lon}/{lat}/verkeer', () => {
  it('gives closures and speed limits near Baambrugse Zuwe 141D, Vinkeveen, with lanes, limit and distance to the road line', async () => {
    const { status, body } = await get('4.9523', '52.2342');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['OPG02_A2_VINKEVEEN_LANE_CLOSURE', 'OPG03_A2_VINKEVEEN_SPEED', 'OPG03_N201_VINKEVEEN_SPEED']);
    const [closure, speed, point] = body.data.maatregelen;
    expect(closure).toMatchObject({
      soort: 'afsluiting',
      type: 'laneClosures',
      feed: 'afsluitingen',
      weg: 'A2',
      geldig_vanaf: '2026-11-10T21:00:00Z',
      geldig_tot: '2027-01-31T05:00:00Z',
      oorzaak: 'roadworks',
      beheerder: 'MN [RWS Midden-Nederland]',
      rijstroken: { rijbaan: 'mainCarriageway', afgesloten: 2, beschikbaar: 1, oorspronkelijk: 3, betrokken_stroken: [] },
      maximumsnelheid_kmh: null,
      afstand_m: 616,
    });
    expect(closure.geometrie.wgs84.type).toBe('LineString');
    expect(closure.geometrie.rd.coordinates[0][0]).toBeGreaterThan(125000);
    expect(speed).toMatchObject({ soort: 'maximumsnelheid', maximumsnelheid_kmh: 90, feed: 'maximum_snelheden', afstand_m: 625 });
    expect(point).toMatchObject({ weg: 'N201', maximumsnelheid_kmh: 50, afstand_m: 1999 });
    expect(point.geometrie.wgs84).toEqual({ type: 'Point', coordinates: [4.938, 52.2185] });
    expect(body.data.publicatietijden).toEqual({ afsluitingen: '2026-11-22T23:51:00Z', maximum_snelheden: '2026-11-22T23:51:00Z', actueel_beeld: '2026-07-24T21:12:00.002308656Z' });
    expect(body.bronnen.map((b: { opname: { bestand: string; soort: string } }) => [b.opname.bestand, b.opname.soort])).toEqual([
      ['ndw-verkeersmaatregelen/tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', 'opgebouwd'],
      ['ndw-verkeersmaatregelen/tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz', 'opgebouwd'],
      ['ndw-verkeersmaatregelen/actueel_beeld.xml.gz', 'opgenomen'],
    ]);
  });

  it('answers for Rotterdam and Hoogeveen; a large radius around Hoogeveen reaches the recorded roadworks in Drenthe', async () => {
    const rotterdam = await get('4.47756318', '51.9155987');
    expect(rotterdam.body.data.maatregelen.map((m: { id: string; afstand_m: number }) => [m.id, m.afstand_m])).toEqual([
      ['OPG02_MAASTUNNEL_ROAD_CLOSED', 979],
      ['OPG02_A20_ROTTERDAM_LANE_CLOSURE', 2398],
      ['OPG03_A20_ROTTERDAM_SPEED', 2398],
    ]);
    expect(rotterdam.body.data.maatregelen[0].rijstroken).toMatchObject({ afgesloten: 2, beschikbaar: 0 });
    expect(ids((await get('6.4706', '52.7314')).body)).toEqual(['OPG02_A28_HOOGEVEEN_CARRIAGEWAY_CLOSURE', 'OPG03_A37_HOOGEVEEN_SPEED']);
    const ruim = await get('6.4706', '52.7314', '?radius=50000&n=4');
    expect(ids(ruim.body)).toEqual(['OPG02_A28_HOOGEVEEN_CARRIAGEWAY_CLOSURE', 'OPG03_A37_HOOGEVEEN_SPEED', 'RWS01_M1162215_CLOSED_LANES_D2_WWA', 'RWS01_M1162215_SPEED_MANAGEMENT_D2_WWA']);
    expect(ruim.body.data.maatregelen[3]).toMatchObject({
      feed: 'actueel_beeld',
      maximumsnelheid_kmh: 70,
      geldig_vanaf: '2026-07-03T10:25:45Z',
      geldig_tot: '2026-12-01T11:00:00Z',
      oorzaak: 'roadMaintenance',
      beheerder: 'ON-N [RWS Oost-Nederland District Noord]',
      afstand_m: 18206,
    });
    expect(ids((await get('6.4706', '52.7314', '?radius=2000')).body)).toEqual([]);
  });

  it('reads the three feeds once and answers later calls from the cache', async () => {
    const before = replay.hits('ndw-verkeersmaatregelen');
    await Promise.all([get('4.9523', '52.2342'), get('6.4706', '52.7314')]);
    const second = await get('4.47756318', '51.9155987');
    expect(second.body.bronnen.every((b: { cache: boolean }) => b.cache)).toBe(true);
    expect(replay.hits('ndw-verkeersmaatregelen') - before).toBe(3);
  });

  it.each([
    ['-181', '52', ''],
    ['5.1', '91', ''],
    ['5.1', '52', '?radius=99'],
    ['5.1', '52', '?radius=50001'],
    ['5.1', '52', '?n=0'],
    ['5.1', '52', '?n=26'],
    ['5.1', '52', '?n=tien'],
  ])('answers 400 for lon %s, lat %s %s', async (lon, lat, q) => {
    expect((await get(lon, lat, q)).status).toBe(400);
  });

  it.each([
    ['http500', 'HTTP-status 500'],
    ['malformed', 'niet gelezen kon worden'],
    ['reset', 'niet bereikbaar'],
  ])('answers 502 naming the NDW feed when it fails (%s)', async (kind, text) => {
    replay.setFault('ndw-verkeersmaatregelen', { kind: kind as 'http500' });
    const { status, body } = await get('4.9523', '52.2342');
    expect(status).toBe(502);
    expect(body.bron).toBe('ndw-verkeersmaatregelen');
    expect(body.detail).toContain(text);
  });
});
