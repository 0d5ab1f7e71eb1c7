// GET /v1/punt/{lon}/{lat}/voorzieningen through the route wrapper against the replay: built OCPI locations (NDW
// receiver test objects moved next to the demo addresses), built GBFS systems, the recorded Buienradar feed of 2019.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { puntVoorzieningen } from './voorzieningen';

let replay: ReplayServer;
const ENV = { BRON_NDW_LAADPUNTEN_URL: 'ndw-laadpunten', BRON_GBFS_URL: 'gbfs', BRON_BUIENRADAR_URL: 'buienradar' } as const;
function pointAt(r: ReplayServer) {
  for (const [k, id] of Object.entries(ENV)) process.env[k] = r.sourceUrl(id);
}
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  replay = await startReplayServer();
  pointAt(replay);
});
afterAll(async () => {
  await replay.close();
  for (const k of Object.keys(ENV)) delete process.env[k];
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  pointAt(replay);
});

async function get(lon: string, lat: string, q = '') {
  const res = await route(puntVoorzieningen).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/voorzieningen${q}`), { params: Promise.resolve({ lon, lat }) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}
type Bron = { bron: string; status: string; foutsoort: string | null; titel: string; cache: boolean; opname: { soort: string } | null };
const ROTTERDAM = ['4.47756318', '51.9155987'] as const;

describe('GET /v1/punt/{lon}/{lat}/voorzieningen', () => {
  it('gives charging points, shared-bike stations and the weather near Witte de Withstraat 42A, Rotterdam', async () => {
    const { status, body } = await get(...ROTTERDAM);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.radius_m).toBe(750);
    expect(d.laadpunten.laadpunten_landelijk).toBe(7);
    expect(d.laadpunten.locaties.map((l: { id: string; afstand_m: number }) => [l.id, l.afstand_m])).toEqual([
      ['OPG-ROT-WDW', 59],
      ['OPG-ROT-WSS', 258],
      ['OPG-ROT-MPK', 404],
    ]);
    expect(d.laadpunten.locaties[1]).toMatchObject({
      adresregel: 'Westersingel',
      plaats: 'Rotterdam',
      exploitant: 'Test Supplier',
      beschikbaarheid: { aantal_evses: 2, beschikbaar: 0, bezet: 2 },
      evses: [
        { status: 'BLOCKED', connectoren: [{ standaard: 'IEC_62196_T2', stroomtype: 'AC_3_PHASE', vermogen_kw: 11.04, vermogen_berekend: true }] },
        { status: 'CHARGING', bijgewerkt_op: '2021-06-20T15:59:05Z' },
      ],
      locatie: { wgs84: { lon: 4.4738, lat: 51.9157 } },
    });
    expect(d.deelfietsen.systemen_bevraagd).toBe(7);
    expect(d.deelfietsen.systemen_beschikbaar).toBe(7);
    expect(d.deelfietsen.stations.map((s: { systeem: string; naam: string; afstand_m: number; fietsen_beschikbaar: number }) => [s.systeem, s.naam, s.afstand_m, s.fietsen_beschikbaar])).toEqual([
      ['donkey_rotterdam', 'Witte de Withstraat', 61, 5],
      ['donkey_rotterdam', 'Eendrachtsplein', 325, 3],
      ['donkey_rotterdam', 'Museumpark', 378, 0],
    ]);
    expect(d.deelfietsen.stations[0]).toMatchObject({ plekken_beschikbaar: 7, capaciteit: 12, laatst_gemeld: '2026-11-22T23:50:00.000Z' });
    expect(d.deelfietsen.stations[0].locatie.rd.x).toBeCloseTo(92392.5, 0);
    expect(d.weer).toMatchObject({
      stationsnummer: 6344,
      naam: 'Meetstation Rotterdam',
      afstand_m: 4267,
      tijdstip: '2019-02-04T21:00:00+01:00',
      omschrijving: 'Zwaar bewolkt',
      temperatuur_c: 3.4,
      wind: { richting: 'ZZW', snelheid_ms: 8.76, beaufort: 5 },
      neerslag_mm_per_uur: 0,
      bronvermelding: 'buienradar.nl (https://www.buienradar.nl)',
    });
    const bronnen: Bron[] = body.bronnen;
    expect(bronnen.map((b) => [b.bron, b.status, b.opname?.soort])).toEqual([
      ['ndw-laadpunten', 'ok', 'opgebouwd'],
      ...Array(7).fill(['gbfs', 'ok', 'opgebouwd']),
      ['buienradar', 'ok', 'opgenomen'],
    ]);
    expect(bronnen[1].titel).toBe('Deelfietsen (GBFS, alle landelijke systemen): OV-fiets');
  });

  it('answers for Hoogeveen and Vinkeveen too; a larger radius and n reach the OV-fiets stations of Rotterdam', async () => {
    const hoogeveen = (await get('6.4706', '52.7314')).body.data;
    expect(hoogeveen.laadpunten.locaties.map((l: { id: string; afstand_m: number }) => [l.id, l.afstand_m])).toEqual([['OPG-HGV-ANJ', 115]]);
    expect(hoogeveen.deelfietsen.stations.map((s: { systeem: string; afstand_m: number }) => [s.systeem, s.afstand_m])).toEqual([['ovfiets', 399]]);
    expect(hoogeveen.weer).toMatchObject({ naam: 'Meetstation Hoogeveen', afstand_m: 3330, temperatuur_c: 2, omschrijving: 'Zwaar bewolkt en regen' });
    const vinkeveen = (await get('4.9523', '52.2342')).body.data;
    expect(vinkeveen.laadpunten.locaties.map((l: { id: string }) => l.id)).toEqual(['OPG-VNK-BZW']);
    expect(vinkeveen.deelfietsen.stations.map((s: { systeem: string; naam: string }) => [s.systeem, s.naam])).toEqual([['nextbike_nl', 'Vinkeveen Baambrugse Zuwe']]);
    expect(vinkeveen.weer.naam).toBe('Meetstation Schiphol');
    const ruim = (await get(...ROTTERDAM, '?radius=2000&n=25')).body.data;
    expect(ruim.deelfietsen.stations.map((s: { station_id: string; afstand_m: number }) => [s.station_id, s.afstand_m])).toEqual([
      ['OPG-DR-WDW', 61],
      ['OPG-DR-EDP', 325],
      ['OPG-DR-MPK', 378],
      ['OPG-OVF-RTB', 901],
      ['OPG-OVF-RTD', 1145],
    ]);
    expect((await get(...ROTTERDAM, '?radius=50&n=1')).body.data.laadpunten.locaties).toEqual([]);
    expect((await get(...ROTTERDAM, '?n=1')).body.data.laadpunten.locaties).toHaveLength(1);
  });

  it('answers later calls from the caches (OCPI file, GBFS by ttl, Buienradar)', async () => {
    await get(...ROTTERDAM);
    const before = replay.hits('ndw-laadpunten') + replay.hits('gbfs') + replay.hits('buienradar');
    const second = await get('6.4706', '52.7314');
    expect(second.body.bronnen.every((b: Bron) => b.cache)).toBe(true);
    expect(replay.hits('ndw-laadpunten') + replay.hits('gbfs') + replay.hits('buienradar')).toBe(before);
  });

  it.each([
    ['-181', '52', ''],
    ['5.1', '91', ''],
    ['5.1', '52', '?radius=49'],
    ['5.1', '52', '?radius=5001'],
    ['5.1', '52', '?n=0'],
    ['5.1', '52', '?n=26'],
    ['5.1', '52', '?radius=veel'],
  ])('answers 400 for lon %s, lat %s %s', async (lon, lat, q) => {
    expect((await get(lon, lat, q)).status).toBe(400);
  });

  it('accepts the bounds of radius and n', async () => {
    expect((await get(...ROTTERDAM, '?radius=50&n=1')).status).toBe(200);
    expect((await get(...ROTTERDAM, '?radius=5000&n=25')).status).toBe(200);
  });

  it.each([
    ['ndw-laadpunten', 'laadpunten', 'http500', 'http_500'],
    ['ndw-laadpunten', 'laadpunten', 'malformed', 'onleesbaar'],
    ['ndw-laadpunten', 'laadpunten', 'timeout', 'timeout'],
    ['gbfs', 'deelfietsen', 'reset', 'netwerk'],
    ['gbfs', 'deelfietsen', 'malformed', 'onleesbaar'],
    ['gbfs', 'deelfietsen', 'timeout', 'timeout'],
    ['buienradar', 'weer', 'http500', 'http_500'],
    ['buienradar', 'weer', 'malformed', 'onleesbaar'],
  ])('a failing %s makes %s null and onbeschikbaar (%s), the rest still answers', async (bron, deel, kind, foutsoort) => {
    replay.setFault(bron, { kind: kind as 'http500' });
    const { status, body } = await get(...ROTTERDAM);
    expect(status).toBe(200);
    expect(body.data[deel]).toBeNull();
    const kapot = (body.bronnen as Bron[]).filter((b) => b.status === 'onbeschikbaar');
    expect(kapot.map((b) => [b.bron, b.foutsoort])).toEqual([[bron, foutsoort]]);
    for (const ander of ['laadpunten', 'deelfietsen', 'weer'].filter((x) => x !== deel)) expect(body.data[ander]).not.toBeNull();
  });

  it('answers 502 when all three parts fail', async () => {
    replay.setFault('ndw-laadpunten', { kind: 'http500' });
    replay.setFault('gbfs', { kind: 'http500' });
    replay.setFault('buienradar', { kind: 'reset' });
    const { status, body } = await get(...ROTTERDAM);
    expect(status).toBe(502);
    expect(body.bron).toBe('ndw-laadpunten');
  });

  it('keeps answering with the other GBFS systems when one system fails', async () => {
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'gbfs-'));
    fs.cpSync(FIXTURES_DIR, tmp, { recursive: true });
    const routesFile = path.join(tmp, 'gbfs', 'routes.json');
    const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8'));
    spec.routes = spec.routes.filter((r: { path: string }) => !r.path.startsWith('/donkey_rotterdam/station_status'));
    fs.writeFileSync(routesFile, JSON.stringify(spec));
    const eigen = await startReplayServer({ fixturesDir: tmp });
    try {
      pointAt(eigen);
      const { status, body } = await get(...ROTTERDAM, '?radius=2000');
      expect(status).toBe(200);
      expect(body.data.deelfietsen.systemen_beschikbaar).toBe(6);
      expect(body.data.deelfietsen.stations.map((s: { station_id: string }) => s.station_id)).toEqual(['OPG-OVF-RTB', 'OPG-OVF-RTD']);
      const kapot = (body.bronnen as Bron[]).filter((b) => b.status === 'onbeschikbaar');
      expect(kapot.map((b) => [b.bron, b.foutsoort, b.titel])).toEqual([['gbfs', 'http_404', 'Deelfietsen (GBFS, alle landelijke systemen): Donkey Republic Rotterdam']]);
    } finally {
      await eigen.close();
      fs.rmSync(tmp, { recursive: true, force: true });
    }
  });
});
