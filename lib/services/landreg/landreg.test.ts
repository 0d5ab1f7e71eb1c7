// The landreg operations through the route wrapper against a replay of the brk-kadastrale-kaart fixtures
// (built around the three demo points; see the MANIFEST). Distances asserted here follow from the built
// rectangles and were worked out by hand (the demo points are the Locatieserver's RD centroids).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer, type RouteSpec } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { naarWgs84 } from '@/lib/geo/rd';
import { bboxStraal, objectenRond, volgendeCursor } from '@/lib/sources/brk-kadastrale-kaart';
import { toBebouwing } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { landregPercelen } from './percelen';
import { landregPerceel } from './perceel';
import { landregGrenzen } from './grenzen';
import { landregBebouwing } from './bebouwing';
import { landregOpenbareRuimteNamen } from './openbareruimtenamen';
import { landregNummeraanduidingreeksen } from './nummeraanduidingreeksen';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string; bron?: string; invalid_params?: { name: string }[] };

const SRC = 'brk-kadastrale-kaart';
const RTD = { x: 92416.615, y: 436736.768 };
const HGV = { x: 228179.859, y: 527663.422 };
const VKV = { x: 125290.372, y: 471881.499 };
/** The query string of a demo point: its RD centroid in WGS84 (8 decimals, about a millimetre). */
const at = (rd: { x: number; y: number }, extra = '') => {
  const w = naarWgs84(rd);
  return `lon=${w.lon}&lat=${w.lat}${extra}`;
};

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-landreg-'));
  fs.cpSync(path.join(FIXTURES_DIR, SRC), path.join(dir, SRC), { recursive: true });
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_BRK_KADASTRALE_KAART_URL = replay.sourceUrl(SRC);
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_BRK_KADASTRALE_KAART_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(op: Operation, url: string, params: Record<string, string> = {}): Promise<{ status: number; body: Body }> {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('GET /v1/landreg/percelen', () => {
  it('gives the parcels within 50 m of the Rotterdam demo point, nearest first, in WGS84 and RD', async () => {
    const { status, body } = await get(landregPercelen, `/v1/landreg/percelen?${at(RTD)}`);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.punt.rd.x).toBeCloseTo(RTD.x, 2);
    expect(d.punt.rd.y).toBeCloseTo(RTD.y, 2);
    expect(d).toMatchObject({ radius_m: 50, aantal: 5, afgekapt: false });
    // N 4300 lies 68.69 m away: outside the default radius.
    expect(d.percelen.map((p: { kadastrale_aanduiding: string; afstand_m: number }) => [p.kadastrale_aanduiding, p.afstand_m])).toEqual([
      ['RTD00 N 4102', 0],
      ['RTD00 N 4101', 0.6],
      ['RTD00 N 4210', 6],
      ['RTD00 N 4103', 6.1],
      ['RTD00 N 4150', 9],
    ]);
    const n4102 = d.percelen[0];
    expect(n4102).toMatchObject({
      identificatie: '61201410270000',
      kadastrale_gemeente_code: 'RTD00',
      kadastrale_gemeente: 'Rotterdam',
      sectie: 'N',
      perceelnummer: 4102,
      kadastrale_grootte_m2: 168,
      soort_grootte: 'Vastgesteld',
    });
    // The centroid of the 6.7 x 15 m rectangle, and its WGS84 form.
    expect(n4102.centroide.rd).toEqual({ x: 92419.365, y: 436738.268 });
    expect(n4102.centroide.wgs84.lon).toBeCloseTo(4.4776, 4);
    expect(n4102.centroide.wgs84.lat).toBeCloseTo(51.91561, 5);
    expect(n4102.geometrie.rd.coordinates[0][0]).toEqual([92416.015, 436730.768]);
    expect(n4102.geometrie.wgs84.coordinates[0][0][0]).toBeCloseTo(4.47755, 5);
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: SRC, status: 'ok', opname: { bestand: `${SRC}/perceel-rond-rotterdam.json`, soort: 'opgebouwd' } });
  });

  it('widens with the radius: 100 m also reaches N 4300 at 68.69 m', async () => {
    const { body } = await get(landregPercelen, `/v1/landreg/percelen?${at(RTD, '&radius=100')}`);
    expect(body.data.aantal).toBe(6);
    expect(body.data.percelen.at(-1)).toMatchObject({ kadastrale_aanduiding: 'RTD00 N 4300', afstand_m: 68.69 });
  });

  it('answers for the other two demo addresses', async () => {
    const hgv = (await get(landregPercelen, `/v1/landreg/percelen?${at(HGV)}`)).body.data.percelen;
    expect(hgv.map((p: { kadastrale_aanduiding: string; afstand_m: number }) => [p.kadastrale_aanduiding, p.afstand_m])).toEqual([
      ['HGV00 I 4945', 0],
      ['HGV00 I 4944', 0.7],
      ['HGV00 I 4946', 4.8],
    ]);
    const vkv = (await get(landregPercelen, `/v1/landreg/percelen?${at(VKV)}`)).body.data.percelen;
    expect(vkv.map((p: { kadastrale_aanduiding: string; afstand_m: number }) => [p.kadastrale_aanduiding, p.afstand_m])).toEqual([
      ['VKV00 A 3744', 0],
      ['VKV00 A 3745', 48],
    ]);
    expect(vkv[0].geometrie.wgs84.type).toBe('MultiPolygon');
  });

  it('gives an empty list elsewhere in the Netherlands', async () => {
    const { status, body } = await get(landregPercelen, '/v1/landreg/percelen?lon=5.3872&lat=52.1552');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ aantal: 0, afgekapt: false, percelen: [] });
  });

  it.each([
    ['lon missing', 'lat=52.1', ['lon']],
    ['lat beyond 90', 'lon=5.1&lat=91', ['lat']],
    ['lon not a number', 'lon=oost&lat=52.1', ['lon']],
    ['radius under 5', 'lon=5.1&lat=52.1&radius=4', ['radius']],
    ['radius over 2000', 'lon=5.1&lat=52.1&radius=2001', ['radius']],
    ['a decimal radius', 'lon=5.1&lat=52.1&radius=12.5', ['radius']],
    ['a point outside the Netherlands (Paris)', 'lon=2.3522&lat=48.8566', ['lon', 'lat']],
  ])('400 for %s', async (_l, qs, names) => {
    const { status, body } = await get(landregPercelen, `/v1/landreg/percelen?${qs}`);
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name).sort()).toEqual([...names].sort());
  });

  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['malformed', 'niet gelezen kon worden'],
  ] as const)('502 naming the source when it fails (%s)', async (kind, text) => {
    replay.setFault(SRC, { kind });
    const { status, body } = await get(landregPercelen, `/v1/landreg/percelen?${at(RTD)}`);
    expect(status).toBe(502);
    expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: SRC });
    expect(body.detail).toContain('Kadastrale kaart');
    expect(body.detail).toContain(text);
  });
});

describe('GET /v1/landreg/percelen/{id}', () => {
  it.each([
    ['61201410270000', 'RTD00 N 4102', 168],
    ['11809494570000', 'HGV00 I 4945', 122],
    ['73601374470000', 'VKV00 A 3744', 7230],
  ])('gives parcel %s (%s)', async (id, aanduiding, grootte) => {
    const { status, body } = await get(landregPerceel, `/v1/landreg/percelen/${id}`, { id });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ identificatie: id, kadastrale_aanduiding: aanduiding, kadastrale_grootte_m2: grootte });
    expect(body.data.geometrie.rd).toBeDefined();
    expect(body.data.afstand_m).toBeUndefined();
  });

  it('404 for a well-formed id the map does not have (an empty collection upstream)', async () => {
    const { status, body } = await get(landregPerceel, '/v1/landreg/percelen/99999999999999', { id: '99999999999999' });
    expect(status).toBe(404);
    expect(body.detail).toContain('99999999999999');
  });

  it.each(['AMF00-A-4359', '1234567890123456', '12 34'])('400 for the malformed id %s', async (id) => {
    const { status, body } = await get(landregPerceel, `/v1/landreg/percelen/${encodeURIComponent(id)}`, { id });
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toEqual(['id']);
  });

  it('502 naming the source when it times out', async () => {
    replay.setFault(SRC, { kind: 'timeout' });
    const { status, body } = await get(landregPerceel, '/v1/landreg/percelen/61201410270000', { id: '61201410270000' });
    expect(status).toBe(502);
    expect(body.bron).toBe(SRC);
  });
});

describe('GET /v1/landreg/grenzen', () => {
  it('gives the boundaries near the Rotterdam point with type, quality and the parcels on either side', async () => {
    const { status, body } = await get(landregGrenzen, `/v1/landreg/grenzen?${at(RTD)}`);
    expect(status).toBe(200);
    expect(body.data.aantal).toBe(3);
    expect(body.data.grenzen[0]).toMatchObject({
      type_grens: 'Definitieve grens',
      kwaliteit: 'B',
      perceel_links_id: '61201410170000',
      perceel_rechts_id: '61201410270000',
      afstand_m: 0.6,
    });
    expect(body.data.grenzen[0].geometrie.rd).toEqual({ type: 'LineString', coordinates: [[92416.015, 436730.768], [92416.015, 436745.768]] });
    expect(body.data.grenzen.map((g: { type_grens: string; afstand_m: number }) => [g.type_grens, g.afstand_m])).toEqual([
      ['Definitieve grens', 0.6],
      ['Voorlopige grens', 6],
      ['Definitieve grens', 6.1],
    ]);
  });

  it('gives the Vinkeveen boundary at 48 m', async () => {
    const { body } = await get(landregGrenzen, `/v1/landreg/grenzen?${at(VKV)}`);
    expect(body.data.grenzen).toHaveLength(1);
    expect(body.data.grenzen[0]).toMatchObject({ type_grens: 'Administratieve grens', kwaliteit: 'D', afstand_m: 48 });
  });
});

describe('GET /v1/landreg/bebouwing', () => {
  it('follows the next cursor: three buildings within 50 m from two pages, the demo pand first', async () => {
    const { status, body } = await get(landregBebouwing, `/v1/landreg/bebouwing?${at(RTD)}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ aantal: 3, afgekapt: false });
    expect(body.data.bebouwing.map((b: { bag_pand_id: string; afstand_m: number }) => [b.bag_pand_id, b.afstand_m])).toEqual([
      ['0599100000691863', 0],
      ['0599100000691864', 6],
      ['0599100000691870', 13.23],
    ]);
    expect(body.data.bebouwing[0]).toMatchObject({ status_bgt: 'bestaand', identificatie: 'G0599.4f1c2a7e9b3d4c5e8a6f0b1d2c3e4f50' });
    expect(body.bronnen.map((b) => b.opname?.bestand)).toEqual([`${SRC}/bebouwing-rond-rotterdam-pagina-1.json`, `${SRC}/bebouwing-rond-rotterdam-pagina-2.json`]);
  });

  it('gives the Hoogeveen and Vinkeveen demo panden (their real BAG ids)', async () => {
    const hgv = (await get(landregBebouwing, `/v1/landreg/bebouwing?${at(HGV)}`)).body.data.bebouwing;
    expect(hgv.map((b: { bag_pand_id: string; afstand_m: number }) => [b.bag_pand_id, b.afstand_m])).toEqual([
      ['0118100001200409', 0],
      ['0118100001200410', 0.7],
    ]);
    const vkv = (await get(landregBebouwing, `/v1/landreg/bebouwing?${at(VKV)}`)).body.data.bebouwing;
    expect(vkv[0]).toMatchObject({ bag_pand_id: '0736100000216431', afstand_m: 0 });
  });

  it('400 for a point outside the Netherlands', async () => {
    const { status, body } = await get(landregBebouwing, '/v1/landreg/bebouwing?lon=13.405&lat=52.52');
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toEqual(['lon', 'lat']);
  });
});

describe('GET /v1/landreg/openbareruimtenamen', () => {
  it('gives the street-name labels within the radius', async () => {
    const { status, body } = await get(landregOpenbareRuimteNamen, `/v1/landreg/openbareruimtenamen?${at(RTD)}`);
    expect(status).toBe(200);
    expect(body.data.openbareruimtenamen).toEqual([
      expect.objectContaining({ naam: 'Witte de Withstraat', type: 'Weg', bag_openbare_ruimte_id: '0599300000002876', hoek: 8.5, afstand_m: 18.5 }),
    ]);
    expect(body.data.openbareruimtenamen[0].geometrie.rd).toEqual({ type: 'Point', coordinates: [92430, 436724] });
    const wider = await get(landregOpenbareRuimteNamen, `/v1/landreg/openbareruimtenamen?${at(RTD, '&radius=100')}`);
    expect(wider.body.data.openbareruimtenamen.map((n: { afstand_m: number }) => n.afstand_m)).toEqual([18.5, 65.08]);
  });

  it('gives Anjerstraat and Baambrugse Zuwe for the other demo points', async () => {
    const hgv = (await get(landregOpenbareRuimteNamen, `/v1/landreg/openbareruimtenamen?${at(HGV)}`)).body.data.openbareruimtenamen;
    expect(hgv[0]).toMatchObject({ naam: 'Anjerstraat', bag_openbare_ruimte_id: '0118300000212845', afstand_m: 18.54 });
    const vkv = (await get(landregOpenbareRuimteNamen, `/v1/landreg/openbareruimtenamen?${at(VKV)}`)).body.data.openbareruimtenamen;
    expect(vkv[0]).toMatchObject({ naam: 'Baambrugse Zuwe', bag_openbare_ruimte_id: '0736300000103972', afstand_m: 33.87 });
  });
});

describe('GET /v1/landreg/nummeraanduidingreeksen', () => {
  it('gives the ranges with their vbo ids, joined to the buildings by bebouwing_id', async () => {
    const { status, body } = await get(landregNummeraanduidingreeksen, `/v1/landreg/nummeraanduidingreeksen?${at(RTD)}`);
    expect(status).toBe(200);
    const [eerste, tweede] = body.data.nummeraanduidingreeksen;
    expect(eerste).toMatchObject({ label: '42A-42D', 'vbo-ids': ['0599010000295420', '0599010000295423'], afstand_m: 3.77 });
    expect(tweede).toMatchObject({ label: '44', 'vbo-ids': ['0599010000295430'], afstand_m: 10.11 });
    const bebouwing = (await get(landregBebouwing, `/v1/landreg/bebouwing?${at(RTD)}`)).body.data.bebouwing;
    expect(bebouwing.find((b: { identificatie: string }) => b.identificatie === eerste.bebouwing_id)?.bag_pand_id).toBe('0599100000691863');
  });

  it('gives the single numbers of Hoogeveen and Vinkeveen', async () => {
    const hgv = (await get(landregNummeraanduidingreeksen, `/v1/landreg/nummeraanduidingreeksen?${at(HGV)}`)).body.data.nummeraanduidingreeksen;
    expect(hgv).toEqual([expect.objectContaining({ label: '5', 'vbo-ids': ['0118010900087577'], afstand_m: 3.99 })]);
    const vkv = (await get(landregNummeraanduidingreeksen, `/v1/landreg/nummeraanduidingreeksen?${at(VKV)}`)).body.data.nummeraanduidingreeksen;
    expect(vkv).toEqual([expect.objectContaining({ label: '141D', 'vbo-ids': ['0736010000104061'], afstand_m: 3.5 })]);
  });
});

describe('upstream failure on the operations whose spec lists no 502', () => {
  it.each([
    [landregGrenzen, '/v1/landreg/grenzen'],
    [landregBebouwing, '/v1/landreg/bebouwing'],
    [landregOpenbareRuimteNamen, '/v1/landreg/openbareruimtenamen'],
    [landregNummeraanduidingreeksen, '/v1/landreg/nummeraanduidingreeksen'],
  ] as const)('%#: still a 502 problem naming the source', async (op, p) => {
    replay.setFault(SRC, { kind: 'http500' });
    const { status, body } = await get(op, `${p}?${at(HGV)}`);
    expect(status).toBe(502);
    expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: SRC });
  });
});

describe('objectenRond: paging and the cap', () => {
  it('stops at the cap and says afgekapt when a next page is left unread', async () => {
    const r = await objectenRond('bebouwing', RTD, 50, toBebouwing, undefined, { max: 2 });
    expect(r.data.objecten.map((o) => o.bag_pand_id)).toEqual(['0599100000691863', '0599100000691864']);
    expect(r.data.afgekapt).toBe(true);
    expect(r.bronnen).toHaveLength(1);
  });

  it('cuts to the cap, nearest first, when one page holds more', async () => {
    const r = await objectenRond('bebouwing', RTD, 50, toBebouwing, undefined, { max: 1 });
    expect(r.data).toMatchObject({ afgekapt: true, objecten: [expect.objectContaining({ bag_pand_id: '0599100000691863' })] });
  });

  it('asks the OGC API for the bbox of the circle in RD', () => {
    expect(bboxStraal(RTD, 50)).toBe('92366.615,436686.768,92466.615,436786.768');
  });

  it('takes only the cursor of the next link, never its host', () => {
    const body = { links: [{ rel: 'self', href: 'https://a/x' }, { rel: 'next', href: 'https://elders.example/items?cursor=Dv4%7CNwYr1Q&f=json' }] };
    expect(volgendeCursor(body)).toBe('Dv4|NwYr1Q');
    expect(volgendeCursor({ links: [{ rel: 'self', href: 'https://a/x' }] })).toBeNull();
    expect(volgendeCursor({})).toBeNull();
  });
});

describe("GoKoala's problem document", () => {
  it('an upstream 400 problem+json is a 502 naming the source, not a 400 of ours', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-landreg-probleem-'));
    fs.cpSync(path.join(dir, SRC), path.join(own, SRC), { recursive: true });
    const routesFile = path.join(own, SRC, 'routes.json');
    const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { routes: RouteSpec[] };
    spec.routes.unshift({ path: '/collections/kadastrale_grens/items', file: 'probleem-gokoala-400.json', kind: 'opgebouwd', status: 400, contentType: 'application/problem+json' });
    fs.writeFileSync(routesFile, JSON.stringify(spec));
    const other = await startReplayServer({ fixturesDir: own });
    process.env.BRON_BRK_KADASTRALE_KAART_URL = other.sourceUrl(SRC);
    try {
      const { status, body } = await get(landregGrenzen, `/v1/landreg/grenzen?${at(RTD)}`);
      expect(status).toBe(502);
      expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: SRC });
      expect(body.detail).toContain('400');
    } finally {
      process.env.BRON_BRK_KADASTRALE_KAART_URL = replay.sourceUrl(SRC);
      await other.close();
    }
  });
});
