// GET /v1/pand/{postcode}/{huisnummer}/woningtype and /woz through the route wrapper against the replay
// server (a temp copy of the fixtures): the demo addresses with concrete values, the address where the
// votes differ (Anjerstraat 1), EP-Online without key, each source failing in turn, 400 and 404.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import type { WoningtypeUitvoer } from '@/lib/pand/woningtype';
import type { WozHuisnummer } from '@/lib/pand/woz';
import { pandWoningtype } from './woningtype';
import { pandWoz } from './woz';

interface Body<T> {
  api: string;
  onderdeel: string;
  data: T;
  bronnen: BronEntry[];
  errorCode?: string;
  detail?: string;
  status?: number;
  invalid_params?: { name: string }[];
}

const SOURCES = ['pdok-locatieserver', 'bag-ogc', 'ep-online', 'woz-waardeloket'];
const ENV: Record<string, string> = {
  'pdok-locatieserver': 'BRON_PDOK_LOCATIESERVER_URL',
  'bag-ogc': 'BRON_BAG_OGC_URL',
  'ep-online': 'BRON_EP_ONLINE_URL',
  'woz-waardeloket': 'BRON_WOZ_WAARDELOKET_URL',
};

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  process.env.EP_ONLINE_API_KEY = 'test-sleutel';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-pand-'));
  for (const src of SOURCES) fs.cpSync(path.join(FIXTURES_DIR, src), path.join(dir, src), { recursive: true });
  replay = await startReplayServer({ fixturesDir: dir });
  for (const src of SOURCES) process.env[ENV[src]] = replay.sourceUrl(src);
});
afterAll(async () => {
  await replay.close();
  for (const src of SOURCES) delete process.env[ENV[src]];
  delete process.env.BRON_TIMEOUT_MS;
  delete process.env.EP_ONLINE_API_KEY;
  fs.rmSync(dir, { recursive: true, force: true });
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  process.env.EP_ONLINE_API_KEY = 'test-sleutel';
});

async function get<T>(op: Operation, postcode: string, huisnummer: string, suffix: string, query = '') {
  const req = new Request(`http://localhost/v1/pand/${postcode}/${huisnummer}/${suffix}${query}`);
  const res = await route(op).GET(req, { params: Promise.resolve({ postcode, huisnummer }) });
  return { status: res.status, body: (await res.json()) as Body<T> };
}
const woningtype = (pc: string, hn: string, q = '') => get<WoningtypeUitvoer>(pandWoningtype, pc, hn, 'woningtype', q);
const woz = (pc: string, hn: string, q = '') => get<WozHuisnummer>(pandWoz, pc, hn, 'woz', q);
const stem = (d: WoningtypeUitvoer, bron: string) => d.stemmen.find((s) => s.bron === bron)!;
const bronnenOf = (b: Body<unknown>, id: string) => b.bronnen.filter((e) => e.bron === id);

describe('GET /v1/pand/{postcode}/{huisnummer}/woningtype', () => {
  it('Witte de Withstraat 42A: appartement by both votes (recorded label Appartement; 4 verblijfsobjecten in the pand)', async () => {
    const { status, body } = await woningtype('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(body.api).toBe('pand');
    expect(body.onderdeel).toBe('woningtype');
    const d = body.data;
    expect(d).toMatchObject({ woningtype: 'appartement', overeenstemming: true, aantal_stemmen: 2 });
    expect(d.adres).toMatchObject({ verblijfsobject_id: '0599010000295420', coordinaten: { wgs84: { lon: 4.47756318, lat: 51.9155987 }, rd: { x: 92416.615, y: 436736.768 } } });
    expect(stem(d, 'energielabel')).toMatchObject({ status: 'ok', woningtype: 'appartement', details: { gebouwtype: 'Appartement', gebouwsubtype: 'Tussenmidden', energieklasse: 'B' } });
    expect(stem(d, 'pandcontouren')).toMatchObject({ status: 'ok', woningtype: 'appartement', details: { aantal_buren: 2 } });
    expect(d.afleiding?.panden).toEqual([
      {
        bag_pand_id: '0599100000691863',
        status: 'Pand in gebruik',
        aantal_verblijfsobjecten: 4,
        gebruiksdoelen: ['onderwijsfunctie', 'winkelfunctie', 'woonfunctie'],
        footprint_m2: 216,
        zwaartepunt: { wgs84: { lon: 4.47756318, lat: 51.9155987 }, rd: { x: 92416.8, y: 436737 } },
      },
    ]);
    expect(d.afleiding?.buren.map((b) => [b.bag_pand_id, b.gedeelde_muur_m, b.aantal_verblijfsobjecten])).toEqual([
      ['0599100000691864', 17.9, 5],
      ['0599100000691862', 17, 3],
    ]);
    expect(d.afleiding).toMatchObject({ aantal_verblijfsobjecten: 4, muur_tolerantie_m: 0.3, min_muurlengte_m: 1, aantal_panden_in_zoekgebied: 7, afgekapt: false });
    expect(d.afleiding?.zoekgebied_rd).toEqual([92376.615, 436696.768, 92456.615, 436776.768]);
    expect(body.bronnen.map((b) => `${b.bron}:${b.status}`)).toEqual(['pdok-locatieserver:ok', 'ep-online:ok', 'bag-ogc:ok', 'bag-ogc:ok']);
  });

  it('Anjerstraat 5: tussenwoning by both votes, with the two neighbours and their shared walls', async () => {
    const { status, body } = await woningtype('7906LE', '5');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ woningtype: 'tussenwoning', overeenstemming: true, aantal_stemmen: 2 });
    expect(stem(d, 'energielabel').details).toMatchObject({ gebouwtype: 'Rijwoning tussen', energieklasse: 'C', registratiedatum: '2025-05-20', aantal_labels: 2 });
    expect(d.afleiding?.buren).toEqual([
      {
        bag_pand_id: '0118100001200411',
        aantal_verblijfsobjecten: 1,
        zwaartepunt: { wgs84: { lon: 6.47068635, lat: 52.73139694 }, rd: { x: 228185.88, y: 527663.405 } },
        gedeelde_muur_m: 9.57,
        telt_mee: true,
        aantal_buren_van_buur: 2,
        buren_van_buur_volledig: true,
      },
      expect.objectContaining({ bag_pand_id: '0118100001200407', gedeelde_muur_m: 9.55, telt_mee: true, aantal_buren_van_buur: 2 }),
    ]);
    expect(d.afleiding?.panden[0]).toMatchObject({ bag_pand_id: '0118100001200409', footprint_m2: 57.6 });
  });

  it('Anjerstraat 1, the end of the row: the votes differ (label tussenwoning, footprints hoekwoning), both returned, no consensus', async () => {
    const { status, body } = await woningtype('7906LE', '1');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ woningtype: null, overeenstemming: false, aantal_stemmen: 2 });
    expect(d.toelichting).toBe('De stemmen verschillen: energielabel tussenwoning, pandcontouren hoekwoning. Beide staan in stemmen.');
    expect(stem(d, 'energielabel')).toMatchObject({ woningtype: 'tussenwoning', details: { gebouwtype: 'Rijwoning tussen', registratiedatum: '2019-06-11' } });
    expect(stem(d, 'pandcontouren')).toMatchObject({ woningtype: 'hoekwoning', details: { aantal_buren: 1, verenigbaar_met: ['hoekwoning', '2-onder-1-kap'] } });
    expect(d.afleiding?.buren).toMatchObject([{ bag_pand_id: '0118100001200407', gedeelde_muur_m: 9.55, aantal_buren_van_buur: 2 }]);
  });

  it('Baambrugse Zuwe 141D: vrijstaand by both votes; the barn touching one corner and the shed 1 m away are no neighbours', async () => {
    const { status, body } = await woningtype('3645AE', '141', '?toevoeging=D');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ woningtype: 'vrijstaand', overeenstemming: true, aantal_stemmen: 2 });
    expect(stem(body.data, 'energielabel')).toMatchObject({ details: { gebouwtype: 'Vrijstaande woning' } });
    expect(body.data.afleiding).toMatchObject({ buren: [], aantal_panden_in_zoekgebied: 4, panden: [{ bag_pand_id: '0736100000216431', footprint_m2: 216 }] });
  });

  it('without an EP-Online key: no label vote (geen_sleutel in bronnen), the footprints decide alone', async () => {
    delete process.env.EP_ONLINE_API_KEY;
    const { status, body } = await woningtype('7906LE', '5');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ woningtype: 'tussenwoning', overeenstemming: true, aantal_stemmen: 1, toelichting: 'Alleen de pandcontouren stemmen.' });
    expect(stem(body.data, 'energielabel')).toMatchObject({ status: 'onbeschikbaar', woningtype: null });
    expect(bronnenOf(body, 'ep-online')).toMatchObject([{ status: 'onbeschikbaar', foutsoort: 'geen_sleutel' }]);
  });

  it('BAG failing: 200, the footprint vote onbeschikbaar, the label decides', async () => {
    replay.setFault('bag-ogc', { kind: 'http500' });
    const { status, body } = await woningtype('3645AE', '141', '?toevoeging=D');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ woningtype: 'vrijstaand', aantal_stemmen: 1, afleiding: null });
    expect(stem(body.data, 'pandcontouren')).toMatchObject({ status: 'onbeschikbaar', woningtype: null });
    expect(bronnenOf(body, 'bag-ogc')).toMatchObject([{ status: 'onbeschikbaar', foutsoort: 'http_500' }]);
  });

  it('EP-Online failing: 200, the label vote onbeschikbaar, the footprints decide', async () => {
    replay.setFault('ep-online', { kind: 'malformed' });
    const { status, body } = await woningtype('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ woningtype: 'appartement', aantal_stemmen: 1 });
    expect(stem(body.data, 'energielabel').status).toBe('onbeschikbaar');
    expect(bronnenOf(body, 'ep-online')[0].status).toBe('onbeschikbaar');
  });

  it('both failing: 200 without any vote; the Locatieserver failing: 502', async () => {
    replay.setFault('bag-ogc', { kind: 'http500' });
    replay.setFault('ep-online', { kind: 'http500' });
    const both = await woningtype('7906LE', '5');
    expect(both.status).toBe(200);
    expect(both.body.data).toMatchObject({ woningtype: null, overeenstemming: false, aantal_stemmen: 0 });
    replay.clearFaults();
    clearSourceCache();
    replay.setFault('pdok-locatieserver', { kind: 'http500' });
    const ls = await woningtype('7906LE', '5');
    expect(ls.status).toBe(502);
    expect(ls.body.errorCode).toBe('source_unavailable');
  });

  it.each([
    ['12AB', '5', '', 400, 'postcode'],
    ['7906LE', '0', '', 400, 'huisnummer'],
    ['7906LE', 'vijf', '', 400, 'huisnummer'],
    ['9999ZZ', '1', '', 404, null],
    ['3012BR', '42', '', 404, null],
    ['3012BR', '42', '?toevoeging=Q', 404, null],
  ])('%s %s%s → %i', async (pc, hn, q, expected, param) => {
    const { status, body } = await woningtype(pc, hn, q);
    expect(status).toBe(expected);
    if (param) expect(body.invalid_params?.map((p) => p.name)).toContain(param);
    if (expected === 404) expect(body.errorCode).toBe('not_found');
  });
});

describe('GET /v1/pand/{postcode}/{huisnummer}/woz', () => {
  it('3012BR 42: every object 42A-42D, all reference years newest first, 42B without WOZ object', async () => {
    const { status, body } = await woz('3012BR', '42');
    expect(status).toBe(200);
    expect(body.onderdeel).toBe('woz');
    const d = body.data;
    expect(d).toMatchObject({ postcode: '3012BR', huisnummer: 42, aantal_adressen: 4, aantal_objecten_met_woz: 3, afgekapt: false, toelichting: null });
    expect(d.objecten.map((o) => [o.adres.huisletter, o.status, o.woz?.nieuwste_waarde?.vastgestelde_waarde ?? null])).toEqual([
      ['A', 'ok', 341000],
      ['B', 'onbekend', null],
      ['C', 'ok', 298000],
      ['D', 'ok', 356000],
    ]);
    expect(d.objecten[0].woz).toEqual({
      wozobjectnummer: '059900048213',
      gemeente_code: '0599',
      grondoppervlakte_m2: 0,
      waarden: [
        { peildatum: '2025-01-01', vastgestelde_waarde: 341000 },
        { peildatum: '2024-01-01', vastgestelde_waarde: 318000 },
        { peildatum: '2023-01-01', vastgestelde_waarde: 309000 },
        { peildatum: '2022-01-01', vastgestelde_waarde: 287000 },
        { peildatum: '2021-01-01', vastgestelde_waarde: 252000 },
      ],
      nieuwste_waarde: { peildatum: '2025-01-01', vastgestelde_waarde: 341000 },
      pand_ids: ['0599100000691863'],
      kadastrale_objecten: [{ aanduiding: 'RTD00-N-4321', kadastrale_gemeente_code: 'RTD00', sectie: 'N', perceelnummer: 4321 }],
      verblijfsobject_id: '0599010000295420',
    });
    expect(d.objecten[1].toelichting).toBe('Het WOZ-waardeloket kent voor dit adres geen WOZ-object.');
    expect(d.objecten[0].adres.coordinaten).toEqual({ wgs84: { lon: 4.47756318, lat: 51.9155987 }, rd: { x: 92416.615, y: 436736.768 } });
    // One Locatieserver search and one loket call per nummeraanduiding.
    expect(body.bronnen.map((b) => b.bron)).toEqual(['pdok-locatieserver', ...Array(4).fill('woz-waardeloket')]);
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
  });

  it('filters by letter, and by toevoeging written in the combined form', async () => {
    const c = await woz('3012BR', '42', '?letter=c');
    expect(c.body.data.objecten.map((o) => o.adres.weergavenaam)).toEqual(['Witte de Withstraat 42C, 3012BR Rotterdam']);
    expect(c.body.data.filter).toEqual({ letter: 'c', toevoeging: null });
    const d = await woz('3012BR', '42', '?toevoeging=D');
    expect(d.body.data.objecten.map((o) => o.woz?.wozobjectnummer)).toEqual(['059900048216']);
    expect(d.body.data.objecten[0].woz?.waarden).toHaveLength(4);
  });

  it('an address without WOZ object gives an empty result with a note, not a failure', async () => {
    const { status, body } = await woz('3012BR', '42', '?letter=B');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ aantal_adressen: 1, aantal_objecten_met_woz: 0, toelichting: 'Voor geen van deze adressen kent het WOZ-waardeloket een WOZ-object.' });
  });

  it('Baambrugse Zuwe 141D: the recorded answer, nine reference years, re-padded ids, two parcels', async () => {
    const { body } = await woz('3645AE', '141', '?letter=D');
    const o = body.data.objecten[0].woz!;
    expect(o).toMatchObject({ wozobjectnummer: '073600001066', gemeente_code: '0736', grondoppervlakte_m2: 9905, verblijfsobject_id: '0736010000104061', pand_ids: ['0736100000216431'] });
    expect(o.waarden).toHaveLength(9);
    expect(o.waarden[0]).toEqual({ peildatum: '2022-01-01', vastgestelde_waarde: 16342000 });
    expect(o.waarden[8]).toEqual({ peildatum: '2014-01-01', vastgestelde_waarde: 2237000 });
    expect(o.kadastrale_objecten.map((k) => k.aanduiding)).toEqual(['VKV00-A-3744', 'VKV00-A-4112']);
    expect(bronnenOf(body, 'woz-waardeloket')[0].opname?.soort).toBe('opgenomen');
  });

  it('Anjerstraat 5: the recorded object without established values', async () => {
    const { body } = await woz('7906LE', '5');
    expect(body.data.objecten[0]).toMatchObject({ status: 'ok', woz: { wozobjectnummer: '011800039614', waarden: [], nieuwste_waarde: null, grondoppervlakte_m2: 122 } });
    expect(body.data.objecten[0].toelichting).toContain('geen vastgestelde waarden');
  });

  it('the loket failing: 200 with every object onbeschikbaar; the Locatieserver failing: 502', async () => {
    replay.setFault('woz-waardeloket', { kind: 'http500' });
    const { status, body } = await woz('3012BR', '42');
    expect(status).toBe(200);
    expect(body.data.objecten.map((o) => o.status)).toEqual(['onbeschikbaar', 'onbeschikbaar', 'onbeschikbaar', 'onbeschikbaar']);
    expect(bronnenOf(body, 'woz-waardeloket').every((b) => b.status === 'onbeschikbaar' && b.foutsoort === 'http_500')).toBe(true);
    replay.clearFaults();
    clearSourceCache();
    replay.setFault('pdok-locatieserver', { kind: 'timeout' });
    const ls = await woz('3012BR', '42');
    expect(ls.status).toBe(502);
  });

  it.each([
    ['3012B', '42', '', 400],
    ['3012BR', '-1', '', 400],
    ['3012BR', '42', '?letter=ABCDEFGHIJK', 400],
    ['9999ZZ', '1', '', 404],
    ['3012BR', '42', '?letter=Z', 404],
  ])('%s %s%s → %i', async (pc, hn, q, expected) => {
    const { status, body } = await woz(pc, hn, q);
    expect(status).toBe(expected);
    if (q === '?letter=Z') expect(body.detail).toBe('Op 3012BR 42 is geen adres met deze letter/toevoeging; er bestaan: A, B, C, D.');
  });
});
