// /v1/punt/{lon}/{lat}/bgt through the route wrapper against a replay of the bgt fixtures (built around the
// three demo points; see the MANIFEST), plus the conversions on hand-made features. Distances follow from the
// built rectangles and points and were worked out by hand.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { naarWgs84 } from '@/lib/geo/rd';
import { BGT_COLLECTIES, toBgtLabel, toBgtObject, toBgtOverbrugging, toBgtPand } from '@/lib/sources/bgt-convert';
import { collectieAntwoord, puntBgt } from './bgt';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string; bron?: string; invalid_params?: { name: string }[] };

const SRC = 'bgt';
const RTD = { x: 92416.615, y: 436736.768 };
const HGV = { x: 228179.859, y: 527663.422 };
const VKV = { x: 125290.372, y: 471881.499 };
const pad = (rd: { x: number; y: number }, q = '') => {
  const w = naarWgs84(rd);
  return { url: `/v1/punt/${w.lon}/${w.lat}/bgt${q}`, params: { lon: String(w.lon), lat: String(w.lat) } };
};

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-bgt-'));
  fs.cpSync(path.join(FIXTURES_DIR, SRC), path.join(dir, SRC), { recursive: true });
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_BGT_URL = replay.sourceUrl(SRC);
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_BGT_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(rd: { x: number; y: number }, q = ''): Promise<{ status: number; body: Body }> {
  const { url, params } = pad(rd, q);
  const res = await route(puntBgt).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Body };
}
const afstanden = (c: { objecten: { afstand_m: number }[] }) => c.objecten.map((o) => o.afstand_m);

describe('BGT conversions', () => {
  const f = (properties: Record<string, unknown>) => ({ type: 'Feature' as const, properties, geometry: null });

  it('reads the common characteristics, with the bgt_ aliases, and IMGeo "no value" codes as null', () => {
    expect(
      toBgtObject(f({ lokaal_id: 'G0599.abc', status: 'bestaand', plus_status: 'geenWaarde', functie: 'voetpad', plus_functie: 'waardeOnbekend', fysiek_voorkomen: 'gesloten verharding', plus_fysiek_voorkomen: 'tegels', relatieve_hoogteligging: -1, in_onderzoek: false, object_begin_tijd: '2015-06-18' })),
    ).toEqual({
      identificatie: 'G0599.abc',
      bronhouder: 'G0599',
      status: 'bestaand',
      plus_status: 'geenWaarde',
      type: null,
      plus_type: null,
      functie: 'voetpad',
      plus_functie: null,
      fysiek_voorkomen: 'gesloten verharding',
      plus_fysiek_voorkomen: 'tegels',
      relatieve_hoogteligging: -1,
      in_onderzoek: false,
      object_begin_tijd: '2015-06-18',
    });
    expect(toBgtObject(f({ identificatie_lokaal_id: 'W0155.x', bronhouder: 'W0155', bgt_status: 'plan', bgt_type: 'kering', bgt_fysiek_voorkomen: 'waterloop' }))).toMatchObject({
      identificatie: 'W0155.x',
      bronhouder: 'W0155',
      status: 'plan',
      type: 'kering',
      fysiek_voorkomen: 'waterloop',
    });
  });

  it('leaves out retired versions (an end of registration)', () => {
    expect(toBgtObject(f({ lokaal_id: 'G0599.a', eind_registratie: '2021-03-02T09:00:00Z' }))).toBeNull();
    expect(toBgtPand(f({ lokaal_id: 'G0599.a', termination_date: '2021-03-02' }))).toBeNull();
  });

  it('gives the BAG pand link of a building (re-padded to 16 digits), the name of a label, the bridge kind', () => {
    expect(toBgtPand(f({ lokaal_id: 'G0118.a', identificatie_bag_pnd: 118100001200409 }))?.bag_pand_id).toBe('0118100001200409');
    expect(toBgtLabel(f({ lokaal_id: 'G0118.b', tekst: 'Anjerstraat', openbare_ruimte_type: 'Weg', identificatie_bag_opr: '0118300000212845' }))).toMatchObject({
      naam: 'Anjerstraat',
      openbare_ruimte_type: 'Weg',
      bag_openbare_ruimte_id: '0118300000212845',
    });
    expect(toBgtLabel(f({ lokaal_id: 'G0118.b' }))).toMatchObject({ identificatie: 'G0118.b', naam: null });
    expect(toBgtOverbrugging(f({ lokaal_id: 'G0736.c', type_overbruggingsdeel: 'dek', hoort_bij_type_overbrugging: 'brug', overbrugging_is_beweegbaar: 'true' }))).toMatchObject({
      type: 'dek',
      hoort_bij_type_overbrugging: 'brug',
      beweegbaar: true,
    });
  });

  it('keeps the eight collection ids in one constant and takes the n nearest of a collection', () => {
    expect(Object.values(BGT_COLLECTIES)).toEqual(['pand', 'wegdeel', 'waterdeel', 'begroeidterreindeel', 'functioneelgebied', 'openbareruimtelabel', 'straatmeubilair', 'overbruggingsdeel']);
    const rond = { objecten: [{ afstand_m: 0 }, { afstand_m: 1 }, { afstand_m: 2 }], afgekapt: false };
    expect(collectieAntwoord('pandvlakken', rond, 2)).toEqual({ collectie: 'pand', aantal_binnen_straal: 3, afgekapt: false, objecten: [{ afstand_m: 0 }, { afstand_m: 1 }] });
  });
});

describe('GET /v1/punt/{lon}/{lat}/bgt', () => {
  it('answers the eight collections around the Rotterdam demo point, nearest first, without geometry', async () => {
    const { status, body } = await get(RTD);
    expect(status).toBe(200);
    const d = body.data;
    expect(d.punt.rd.x).toBeCloseTo(RTD.x, 2);
    expect(d).toMatchObject({ radius_m: 50, n: 5, onbeschikbaar: [] });
    expect(Object.keys(d.collecties)).toEqual(['pandvlakken', 'wegdelen', 'waterdelen', 'begroeiing', 'functionele_gebieden', 'straatnamen', 'straatmeubilair', 'overbruggingen']);
    // Panden: the one the point lies in, next door (6 m east), behind (13.23 m north); the retired version
    // and the building 97 m away are left out.
    const panden = d.collecties.pandvlakken;
    expect(panden).toMatchObject({ collectie: 'pand', aantal_binnen_straal: 3, afgekapt: false });
    expect(panden.objecten.map((p: { bag_pand_id: string; afstand_m: number }) => [p.bag_pand_id, p.afstand_m])).toEqual([
      ['0599100000691863', 0],
      ['0599100000691864', 6],
      ['0599100000691870', 13.23],
    ]);
    expect(panden.objecten[0]).toMatchObject({ bronhouder: 'G0599', status: 'bestaand', relatieve_hoogteligging: 0, in_onderzoek: false });
    expect(panden.objecten[0].identificatie).toMatch(/^G0599\.[0-9a-f]{32}$/);
    expect(JSON.stringify(d)).not.toContain('geometr');
    expect(JSON.stringify(d)).not.toContain('coordinates');
    // Road parts: pavement 10.77 m, carriageway 14.77 m, cycle path 21.77 m south.
    expect(d.collecties.wegdelen.objecten.map((w: { functie: string; plus_fysiek_voorkomen: string; afstand_m: number }) => [w.functie, w.plus_fysiek_voorkomen, w.afstand_m])).toEqual([
      ['voetpad', 'betonstraatstenen', 10.77],
      ['rijbaan lokale weg', 'gebakken klinkers', 14.77],
      ['fietspad', 'asfalt', 21.77],
    ]);
    expect(d.collecties.waterdelen).toEqual({ collectie: 'waterdeel', aantal_binnen_straal: 0, afgekapt: false, objecten: [] });
    // Tree pit at (23.385, 10.768) from the point: √(23.385² + 10.768²) = 25.75 m.
    expect(afstanden(d.collecties.begroeiing)).toEqual([25.75]);
    // One label within 50 m (18.5 m); the second lies 64.6 m away.
    expect(d.collecties.straatnamen.objecten).toHaveLength(1);
    expect(d.collecties.straatnamen.objecten[0]).toMatchObject({ naam: 'Witte de Withstraat', bag_openbare_ruimte_id: '0599300000002876', afstand_m: 18.5 });
    expect(d.collecties.straatmeubilair.objecten.map((m: { plus_type: string; afstand_m: number }) => [m.plus_type, m.afstand_m])).toEqual([
      ['fietsenrek', 12.35],
      ['afvalbak', 22.68],
      ['bank', 28.56],
    ]);
    expect(body.bronnen).toHaveLength(8);
    expect(body.bronnen.every((b) => b.bron === 'bgt' && b.status === 'ok' && b.opname?.soort === 'opgebouwd')).toBe(true);
  });

  it('answers for Hoogeveen and Vinkeveen (with a yard bridge and water)', async () => {
    const h = await get(HGV);
    expect(h.status).toBe(200);
    expect(h.body.data.collecties.pandvlakken.objecten.map((p: { bag_pand_id: string }) => p.bag_pand_id)).toEqual(['0118100001200409', '0118100001200410']);
    expect(h.body.data.collecties.straatnamen.objecten[0].naam).toBe('Anjerstraat');
    const v = await get(VKV);
    expect(v.status).toBe(200);
    const c = v.body.data.collecties;
    expect(c.pandvlakken.objecten[0]).toMatchObject({ bag_pand_id: '0736100000216431', afstand_m: 0 });
    // The ditch begins 14.63 m east of the point; the lake (at 69.8 m east) is outside 50 m.
    expect(c.waterdelen.objecten.map((w: { type: string; plus_type: string; afstand_m: number }) => [w.type, w.plus_type, w.afstand_m])).toEqual([['waterloop', 'sloot', 14.63]]);
    // The bridge deck's corner lies (12.628, 1.499) away: √(12.628² + 1.499²) = 12.72 m.
    expect(c.overbruggingen.objecten[0]).toMatchObject({ type: 'dek', hoort_bij_type_overbrugging: 'brug', beweegbaar: false, afstand_m: 12.72 });
    expect(c.functionele_gebieden.objecten[0]).toMatchObject({ type: 'kering', naam: 'Kade Baambrugse Zuwe' });
    expect(c.begroeiing.objecten.map((b: { fysiek_voorkomen: string; afstand_m: number }) => [b.fysiek_voorkomen, b.afstand_m])).toEqual([
      ['grasland overig', 10], // the yard ends 10 m west of the point
      ['grasland agrarisch', 18.63],
    ]);
  });

  it('honours n and radius', async () => {
    const { status, body } = await get(RTD, '?n=1&radius=500');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ radius_m: 500, n: 1 });
    // With 500 m the far building and the second label count too, but only the nearest is listed.
    expect(body.data.collecties.pandvlakken).toMatchObject({ aantal_binnen_straal: 4, objecten: [{ bag_pand_id: '0599100000691863' }] });
    expect(body.data.collecties.straatnamen.aantal_binnen_straal).toBe(2);
    const small = await get(RTD, '?radius=5');
    expect(small.body.data.collecties.pandvlakken.objecten.map((p: { afstand_m: number }) => p.afstand_m)).toEqual([0]);
    expect(small.body.data.collecties.wegdelen.objecten).toEqual([]);
  });

  it.each([
    ['?radius=4', 'radius'],
    ['?radius=501', 'radius'],
    ['?radius=50.5', 'radius'],
    ['?n=0', 'n'],
    ['?n=26', 'n'],
  ])('answers 400 for %s', async (q, name) => {
    const { status, body } = await get(RTD, q);
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toContain(name);
  });

  it('accepts the bounds radius=5, radius=500, n=1 and n=25', async () => {
    for (const q of ['?radius=5', '?radius=500', '?n=1', '?n=25']) expect((await get(RTD, q)).status).toBe(200);
  });

  it('answers 400 for a point outside the Netherlands', async () => {
    const res = await route(puntBgt).GET(new Request('http://localhost/v1/punt/13.4/52.5/bgt'), { params: Promise.resolve({ lon: '13.4', lat: '52.5' }) });
    expect(res.status).toBe(400);
  });

  it('gives null and onbeschikbaar for a failing collection, the others still answer', async () => {
    const file = path.join(dir, SRC, 'straatmeubilair-rond-rotterdam.json');
    const saved = fs.readFileSync(file);
    fs.writeFileSync(file, '{"type":"FeatureCollection","features":');
    try {
      const { status, body } = await get(RTD);
      expect(status).toBe(200);
      expect(body.data.collecties.straatmeubilair).toBeNull();
      expect(body.data.onbeschikbaar).toEqual(['straatmeubilair']);
      expect(body.data.collecties.pandvlakken.aantal_binnen_straal).toBe(3);
      const bad = body.bronnen.filter((b) => b.status === 'onbeschikbaar');
      expect(bad).toHaveLength(1);
      expect(bad[0]).toMatchObject({ bron: 'bgt', foutsoort: 'onleesbaar' });
    } finally {
      fs.writeFileSync(file, saved);
    }
  });

  it.each([
    ['http500', 'HTTP-status 500'],
    ['timeout', 'tijdslimiet'],
  ] as const)('answers 502 naming the BGT when all eight collections fail (%s)', async (kind, text) => {
    replay.setFault(SRC, { kind });
    const { status, body } = await get(HGV);
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('bgt');
    expect(body.detail).toContain(text);
  });
});
