// GET /v1/adres/{postcode}/{huisnummer}/lucht through the route wrapper against the replay server: the
// three demo addresses, parameter errors, an unknown address, source faults, and the 24-hour station
// catalogue (a second call makes no list or detail request; after 24 hours the list is read again).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer, type RouteSpec } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { clearLuchtmeetnetCatalogus } from '@/lib/sources/luchtmeetnet';
import { metReplay } from '@/test/upstream/met-replay';
import type { BronEntry } from '@/lib/sources/bron';
import { adresLucht, type Lucht } from './lucht';

interface Answer {
  api: string;
  onderdeel: string;
  data: Lucht;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: { name: string }[];
}

const harnas = metReplay({ bronnen: ['pdok-locatieserver', 'luchtmeetnet'], env: { BRON_TIMEOUT_MS: '1500' }, naElkeTest: () => { clearLuchtmeetnetCatalogus(); vi.useRealTimers(); } });

async function call(postcode: string, huisnummer: string, query = '') {
  const req = new Request(`http://localhost/v1/adres/${postcode}/${huisnummer}/lucht${query}`);
  const res = await route(adresLucht).GET(req, { params: Promise.resolve({ postcode, huisnummer }) });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('the demo addresses', () => {
  it('Witte de Withstraat 42, Rotterdam: 42A is taken, the three nearest stations with their newest values', async () => {
    const { status, body } = await call('3012BR', '42');
    expect(status).toBe(200);
    expect(body.api).toBe('adres');
    expect(body.onderdeel).toBe('lucht');
    expect(body.data.adres).toMatchObject({
      weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam',
      huisletter: 'A',
      keuze: 'eerste_op_huisnummer',
      toevoegingen_op_huisnummer: ['A', 'B', 'C', 'D'],
    });
    const st = body.data.stations;
    expect(st.map((s) => [s.nummer, s.afstand_m])).toEqual([
      ['NL01493', 2174],
      ['NL01487', 2730],
      ['NL01491', 3456],
    ]);
    const pleinweg = st[1];
    expect(pleinweg).toMatchObject({ naam: 'Rotterdam-Pleinweg', gemeente_naam: 'Rotterdam', organisatie: 'DCMR (Rijnmond)', type: 'Traffic' });
    expect(pleinweg.coordinaten).toEqual({ wgs84: { lon: 4.48066, lat: 51.89113 }, rd: { x: 92595.904, y: 434012.193 } });
    // The recorded NO2 row of NL01487 (WoonLens): 25.2 µg/m³ for the hour ending 2026-08-28 18:00 UTC.
    expect(pleinweg.metingen?.[0]).toEqual({
      formule: 'NO2',
      waarde: 25.2,
      eenheid: 'µg/m³',
      timestamp_measured: '2026-08-28T18:00:00+00:00',
      timestamp_measured_start: '2026-08-28T17:00:00+00:00',
      timestamp_measured_end: '2026-08-28T18:00:00+00:00',
    });
    expect(pleinweg.metingen?.map((m) => m.formule)).toEqual(['NO2', 'PM10', 'PM25', 'NO', 'FN', 'BCWB']);
    expect(body.data.stationscatalogus).toMatchObject({ aantal_stations: 12, met_coordinaten: 12, volledig: true });
    expect(body.bronnen.map((b) => [b.bron, b.status])).toEqual([
      ['pdok-locatieserver', 'ok'],
      ['luchtmeetnet', 'ok'],
      ['luchtmeetnet', 'ok'],
      ['luchtmeetnet', 'ok'],
      ['luchtmeetnet', 'ok'],
    ]);
    expect(body.bronnen[1]).toMatchObject({ licentie: expect.stringContaining('Niet duidelijk vermeld'), attributie: expect.stringContaining('Luchtmeetnet') });
  });

  it('Anjerstraat 5, Hoogeveen: the exact address, n=1 gives the one nearest (rural) station', async () => {
    const { status, body } = await call('7906LE', '5', '?n=1');
    expect(status).toBe(200);
    expect(body.data.adres.keuze).toBe('exact');
    expect(body.data.stations).toHaveLength(1);
    expect(body.data.stations[0]).toMatchObject({ nummer: 'NL10929', naam: 'Valthermond-Noorderdiep', provincie_naam: 'Drenthe' });
    expect(body.data.stations[0].afstand_m).toBeGreaterThan(34000);
    expect(body.data.stations[0].afstand_m).toBeLessThan(36000);
    expect(body.data.stations[0].metingen?.map((m) => m.timestamp_measured)).toEqual(Array(5).fill('2026-11-22T13:00:00+00:00'));
  });

  it('Baambrugse Zuwe 141, Vinkeveen: 141D, Breukelen-A2 nearest, then Amsterdam and Utrecht; n=10 lists every station', async () => {
    const { body } = await call('3645AE', '141', '?n=10');
    expect(body.data.adres.weergavenaam).toBe('Baambrugse Zuwe 141D, 3645AE Vinkeveen');
    expect(body.data.stations.map((s) => s.nummer).slice(0, 3)).toEqual(['NL10641', 'NL49014', 'NL10636']);
    expect(body.data.stations).toHaveLength(10);
    const d = body.data.stations.map((s) => s.afstand_m);
    expect([...d].sort((a, b) => a - b)).toEqual(d);
  });
});

describe('errors', () => {
  it.each([
    ['1234', '5', '', 'postcode'],
    ['3012BR', '0', '', 'huisnummer'],
    ['3012BR', '42', '?n=0', 'n'],
    ['3012BR', '42', '?n=11', 'n'],
    ['3012BR', '42', '?n=drie', 'n'],
  ])('400 for %s %s%s', async (pc, hn, q, name) => {
    const { status, body } = await call(pc, hn, q);
    expect(status).toBe(400);
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
  });

  it('404 for an address that does not exist, without asking Luchtmeetnet', async () => {
    const before = harnas.replay().hits('luchtmeetnet');
    const { status, body } = await call('9999ZZ', '1');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
    expect(harnas.replay().hits('luchtmeetnet')).toBe(before);
  });

  it.each(['http500', 'malformed', 'timeout'] as const)('502 naming luchtmeetnet when its station list fails (%s)', async (kind) => {
    harnas.replay().setFault('luchtmeetnet', { kind });
    const { status, body } = await call('3012BR', '42');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('luchtmeetnet');
  });

  it('502 naming the Locatieserver when the address cannot be resolved', async () => {
    harnas.replay().setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await call('3012BR', '42');
    expect(status).toBe(502);
    expect(body.bron).toBe('pdok-locatieserver');
  });

  it('measurements failing after the catalogue is known: 200, metingen null, entries onbeschikbaar', async () => {
    await call('3012BR', '42');
    clearSourceCache();
    harnas.replay().setFault('luchtmeetnet', { kind: 'http500' });
    const { status, body } = await call('3012BR', '42');
    expect(status).toBe(200);
    expect(body.data.stations.map((s) => s.nummer)).toEqual(['NL01493', 'NL01487', 'NL01491']);
    expect(body.data.stations.every((s) => s.metingen === null)).toBe(true);
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.foutsoort)).toEqual(['http_500', 'http_500', 'http_500']);
  });
});

describe('station catalogue cached 24 hours', () => {
  const listAndDetail = 2 + 12; // two list pages, twelve detail calls

  it('fills once (list pages + one detail call per station), then asks only for measurements', async () => {
    const start = harnas.replay().hits('luchtmeetnet');
    await call('3012BR', '42');
    expect(harnas.replay().hits('luchtmeetnet') - start).toBe(listAndDetail + 3);

    clearSourceCache(); // even without the answer cache: the catalogue itself is kept
    const mid = harnas.replay().hits('luchtmeetnet');
    const second = await call('7906LE', '5');
    expect(second.status).toBe(200);
    expect(harnas.replay().hits('luchtmeetnet') - mid).toBe(3);
    const catalogueEntry = second.body.bronnen.find((b) => b.bron === 'luchtmeetnet');
    expect(catalogueEntry?.cache).toBe(true);
  });

  it('concurrent first calls share one fill', async () => {
    const start = harnas.replay().hits('luchtmeetnet');
    const [a, b] = await Promise.all([call('3012BR', '42'), call('3645AE', '141')]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(harnas.replay().hits('luchtmeetnet') - start).toBe(listAndDetail + 3 + 3);
  });

  it('after 24 hours the old catalogue answers while the list is read again in the background', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await call('3012BR', '42');
    vi.setSystemTime(Date.now() + 24 * 60 * 60 * 1000 + 1000);
    clearSourceCache();
    const before = harnas.replay().hits('luchtmeetnet');
    const { status } = await call('3012BR', '42');
    expect(status).toBe(200);
    await vi.waitFor(() => expect(harnas.replay().hits('luchtmeetnet') - before).toBe(3 + listAndDetail));
  });
});

describe('a station whose details fail', () => {
  let broken: ReplayServer;
  beforeAll(async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-lucht-'));
    for (const id of ['luchtmeetnet', 'pdok-locatieserver']) fs.cpSync(path.join(FIXTURES_DIR, id), path.join(dir, id), { recursive: true });
    const routesFile = path.join(dir, 'luchtmeetnet', 'routes.json');
    const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { routes: RouteSpec[] };
    spec.routes.find((r) => r.path === '/stations/NL10644')!.status = 500;
    fs.writeFileSync(routesFile, JSON.stringify(spec));
    broken = await startReplayServer({ fixturesDir: dir });
  });
  afterAll(async () => {
    await broken.close();
    process.env.BRON_PDOK_LOCATIESERVER_URL = harnas.replay().sourceUrl('pdok-locatieserver');
    process.env.BRON_LUCHTMEETNET_URL = harnas.replay().sourceUrl('luchtmeetnet');
  });

  it('answers from the other stations (volledig false); the next request fetches only the missing details', async () => {
    process.env.BRON_PDOK_LOCATIESERVER_URL = broken.sourceUrl('pdok-locatieserver');
    process.env.BRON_LUCHTMEETNET_URL = broken.sourceUrl('luchtmeetnet');
    const first = await call('3012BR', '42');
    expect(first.status).toBe(200);
    expect(first.body.data.stationscatalogus).toMatchObject({ aantal_stations: 11, volledig: false, bijgewerkt_op: null });
    expect(first.body.data.stations.map((s) => s.nummer)).toEqual(['NL01493', 'NL01487', 'NL01491']);

    const before = broken.hits('luchtmeetnet');
    const second = await call('3012BR', '42');
    expect(second.status).toBe(200);
    // Lists and measurements come from the answer cache; only the failed detail is asked again.
    await vi.waitFor(() => expect(broken.hits('luchtmeetnet') - before).toBe(1));
  });
});
