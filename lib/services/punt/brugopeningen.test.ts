// GET /v1/punt/{lon}/{lat}/brugopeningen through the route wrapper against the replay of the recorded NDW bridge
// snapshot (BrugOpenNL, 2026-04-02) and SRTI publication (datex4j, 2026-07-24).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { puntBrugopeningen } from './brugopeningen';

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  process.env.BRON_NDW_BRUGOPENINGEN_URL = replay.sourceUrl('ndw-brugopeningen');
  process.env.BRON_NDW_SRTI_URL = replay.sourceUrl('ndw-srti');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_NDW_BRUGOPENINGEN_URL;
  delete process.env.BRON_NDW_SRTI_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(lon: string, lat: string, q = '') {
  const res = await route(puntBrugopeningen).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/brugopeningen${q}`), { params: Promise.resolve({ lon, lat }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

describe('GET /v1/punt/{lon}/{lat}/brugopeningen', () => {
  it('gives the recorded bridge openings nearest to Baambrugse Zuwe 141D, Vinkeveen, with window, status, code and location', async () => {
    const { status, body } = await get('4.9523', '52.2342', '?n=3');
    expect(status).toBe(200);
    expect(body.data.radius_m).toBe(15000);
    expect(body.data.brugopeningen_landelijk).toBe(1586);
    expect(body.data.publicatietijden).toEqual({ brugopeningen_op: '2026-04-02T12:03:00.001346644Z', veiligheidsberichten_op: '2026-07-24T21:12:00.002147974Z' });
    const [eerste, tweede, derde] = body.data.brugopeningen;
    expect(eerste).toMatchObject({
      id: 'MOS01_NLVRD002270446700216_130246661_01',
      brug_code: 'NLVRD002270446700216',
      codesysteem: 'RIS-index',
      status: 'implemented',
      waarschijnlijkheid: 'certain',
      geldig_vanaf: '2026-04-02T12:01:29.869861812Z',
      geldig_tot: null,
      bron: 'MOS01',
      afstand_m: 5576,
      locatie: { wgs84: { lon: 5.033566, lat: 52.228107 } },
    });
    expect(eerste.locatie.rd.x).toBeCloseTo(130838.7, 0);
    expect(tweede).toMatchObject({ brug_code: 'NLSPL002120533400126', status: 'approved', geldig_vanaf: '2026-04-02T12:37:00Z', geldig_tot: '2026-04-02T12:43:00Z', actief_nu: false, afstand_m: 12565 });
    expect(derde).toMatchObject({ brug_code: 'NLSPL002120533400126', geldig_vanaf: '2026-04-02T13:48:00Z' });
    expect(body.data.veiligheidsberichten).toEqual([]);
    expect(body.bronnen.map((b: { bron: string; opname: { soort: string } }) => [b.bron, b.opname.soort])).toEqual([
      ['ndw-brugopeningen', 'opgenomen'],
      ['ndw-srti', 'opgenomen'],
    ]);
    const standaard = await get('4.9523', '52.2342');
    expect(standaard.body.data.brugopeningen).toHaveLength(10);
  });

  it('reaches the recorded openings nearest to Rotterdam only with a larger radius; none near Hoogeveen', async () => {
    expect((await get('4.47756318', '51.9155987')).body.data.brugopeningen).toEqual([]);
    const ruim = await get('4.47756318', '51.9155987', '?radius=20000&n=2');
    expect(ruim.body.data.brugopeningen.map((b: { brug_code: string; afstand_m: number }) => [b.brug_code, b.afstand_m])).toEqual([
      ['NLZWI001110572200019', 16599],
      ['NLGOU002700536600143', 17574],
    ]);
    const hoogeveen = await get('6.4706', '52.7314', '?radius=50000&n=25');
    expect(hoogeveen.status).toBe(200);
    expect(hoogeveen.body.data.brugopeningen).toEqual([]);
  });

  it('gives the recorded safety message near Goes with its comment and distance', async () => {
    const { status, body } = await get('3.95', '51.5', '?radius=10000');
    expect(status).toBe(200);
    expect(body.data.veiligheidsberichten).toHaveLength(1);
    // Active from its start with no end: whether it is active now follows from the clock of the call.
    const vanaf = '2026-07-24T20:05:00.043328661Z';
    expect(body.data.veiligheidsberichten[0]).toMatchObject({
      id: 'NDW08_9d8afcc1-fd11-44f5-9653-0efae246856a',
      type: 'VehicleObstruction',
      omschrijving: 'Botsabsorber',
      veiligheidsgerelateerd: true,
      geldig_vanaf: vanaf,
      geldig_tot: null,
      actief_nu: Date.now() >= Date.parse(vanaf),
      afstand_m: 6313,
      geometrie: { wgs84: { type: 'Point', coordinates: [4.021665, 51.46491] } },
    });
  });

  it('reads both feeds once and answers later calls from the cache', async () => {
    const before = replay.hits('ndw-brugopeningen') + replay.hits('ndw-srti');
    await Promise.all([get('4.9523', '52.2342'), get('4.47756318', '51.9155987')]);
    const second = await get('6.4706', '52.7314');
    expect(second.body.bronnen.every((b: { cache: boolean }) => b.cache)).toBe(true);
    expect(replay.hits('ndw-brugopeningen') + replay.hits('ndw-srti') - before).toBe(2);
  });

  it.each([
    ['-181', '52', ''],
    ['5.1', '91', ''],
    ['5.1', '52', '?radius=99'],
    ['5.1', '52', '?radius=50001'],
    ['5.1', '52', '?n=0'],
    ['5.1', '52', '?n=26'],
  ])('answers 400 for lon %s, lat %s %s', async (lon, lat, q) => {
    expect((await get(lon, lat, q)).status).toBe(400);
  });

  it('accepts the bounds of radius and n', async () => {
    expect((await get('4.9523', '52.2342', '?radius=100&n=1')).status).toBe(200);
    expect((await get('4.9523', '52.2342', '?radius=50000&n=25')).body.data.brugopeningen).toHaveLength(25);
  });

  it.each([
    ['ndw-brugopeningen', 'http500', 'http_500', 'brugopeningen', 'veiligheidsberichten'],
    ['ndw-brugopeningen', 'malformed', 'onleesbaar', 'brugopeningen', 'veiligheidsberichten'],
    ['ndw-srti', 'reset', 'netwerk', 'veiligheidsberichten', 'brugopeningen'],
    ['ndw-srti', 'timeout', 'timeout', 'veiligheidsberichten', 'brugopeningen'],
  ])('answers 200 without the list of %s when it fails (%s), naming it onbeschikbaar', async (bron, kind, foutsoort, weg, over) => {
    replay.setFault(bron, { kind: kind as 'http500' });
    const { status, body } = await get('4.9523', '52.2342');
    expect(status).toBe(200);
    expect(body.data[weg]).toBeNull();
    expect(body.data[over]).toEqual(expect.any(Array));
    expect(body.data.publicatietijden[`${weg}_op`]).toBeNull();
    expect(body.bronnen.map((b: { bron: string; status: string; foutsoort: string | null }) => [b.bron, b.status, b.foutsoort])).toEqual(
      ['ndw-brugopeningen', 'ndw-srti'].map((id) => (id === bron ? [id, 'onbeschikbaar', foutsoort] : [id, 'ok', null])),
    );
  });

  it('answers 502 naming both feeds only when both fail', async () => {
    replay.setFault('ndw-brugopeningen', { kind: 'http500' });
    replay.setFault('ndw-srti', { kind: 'reset' });
    const { status, body } = await get('4.9523', '52.2342');
    expect(status).toBe(502);
    expect(body.bron).toBe('ndw-brugopeningen');
    expect(body.bronnen).toEqual(['ndw-brugopeningen', 'ndw-srti']);
    expect(body.detail).toContain('HTTP-status 500');
    expect(body.detail).toContain('(ndw-srti) was niet bereikbaar');
  });
});
