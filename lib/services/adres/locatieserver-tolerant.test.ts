// Acceptance of issue 21 item 1 against the replay server: the composed address operations answer 200 (never
// "staat niet in de BAG") for an address the Locatieserver returned without `type` and without `centroide_rd`
// (free-adres-lijsterstraat-20-amersfoort-zonder-type.json, derived from a real lookup), with coordinates in
// WGS84 and RD; the real Leiden answer without id, type, centroide_rd and letter fields (only huis_nlt
// "23L-1", …) gives every object on the number with its letter and toevoeging; and an address without any
// coordinate makes the parts that need the point 'onbeschikbaar' (geen_coordinaat), not silently empty, and
// no operation answers 502 for it (/lucht answers the address with no stations).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { clearLuchtmeetnetCatalogus } from '@/lib/sources/luchtmeetnet';
import type { BronEntry } from '@/lib/sources/bron';
import type { Operation } from '@/lib/api/operation';
import { GEEN_COORDINAAT } from '@/lib/adres/zonder-punt';
import { adresVolledig } from './adres';
import { adresContext } from './context';
import { adresLucht } from './lucht';
import { adresSubsidies } from './subsidies';
import { pandDossier } from '@/lib/services/pand/dossier';
import { pandWoz } from '@/lib/services/pand/woz';
import { pandWoningtype } from '@/lib/services/pand/woningtype';
import { pandWaardeIndicatie } from '@/lib/services/pand/waarde-indicatie';
import { monitoringPand } from '@/lib/services/pand/monitoring';
import { verduurzamingPand } from '@/lib/services/verduurzaming/pand';
import { addrregSuggest } from '@/lib/services/addrreg/suggest';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; detail?: string };

const harnas = metReplay({ kopie: true, env: { EP_ONLINE_API_KEY: 'replay-test' }, naElkeTest: clearLuchtmeetnetCatalogus });

async function get(op: Operation, pad: string, query = ''): Promise<{ status: number; body: Body }> {
  const [pc, hn] = pad.split('/');
  const url = `http://localhost${op.path.replace('{postcode}', pc).replace('{huisnummer}', hn)}${query}`;
  const res = await route(op).GET(new Request(url), { params: Promise.resolve({ postcode: pc, huisnummer: hn }) });
  return { status: res.status, body: (await res.json()) as Body };
}

const OPERATIES = {
  adres: adresVolledig,
  context: adresContext,
  lucht: adresLucht,
  subsidies: adresSubsidies,
  dossier: pandDossier,
  woz: pandWoz,
  woningtype: pandWoningtype,
  waarde_indicatie: pandWaardeIndicatie,
  monitoring: monitoringPand,
  verduurzaming: verduurzamingPand,
};

/** The address block of each operation's answer (the pand object of verduurzaming has it under adres.waarde). */
function adresVan(naam: string, data: Body['data']) {
  if (naam === 'woz') return data.objecten[0].adres;
  return data.adres;
}

describe('an address the Locatieserver returned without type and centroide_rd (Lijsterstraat 20, Amersfoort)', () => {
  it.each(Object.entries(OPERATIES))('%s answers 200 with WGS84 and RD coordinates', async (naam, op) => {
    const { status, body } = await get(op, '3815DT/20');
    expect(status, JSON.stringify(body).slice(0, 400)).toBe(200);
    const adres = adresVan(naam, body.data);
    // waarde-indicatie has a smaller address block (weergavenaam, codes, coordinates).
    if (naam === 'waarde_indicatie') expect(adres.weergavenaam).toBe('Lijsterstraat 20, 3815DT Amersfoort');
    else expect(adres).toMatchObject({ postcode: '3815DT', huisnummer: 20 });
    const c = adres.coordinaten;
    expect(c.wgs84).toEqual({ lon: 5.40168265, lat: 52.16646193 });
    // RD derived from WGS84 with lib/geo/rd.ts: within a metre of the real centroide_rd (155990.61 464256.19).
    expect(Math.abs(c.rd.x - 155990.61)).toBeLessThan(1);
    expect(Math.abs(c.rd.y - 464256.19)).toBeLessThan(1);
    expect(body.bronnen.find((b) => b.bron === 'pdok-locatieserver')?.status).toBe('ok');
    expect(body.bronnen.some((b) => b.foutsoort === GEEN_COORDINAAT)).toBe(false);
  });
});

describe('the real Leiden answer without id, type, centroide_rd and letter fields (3e Binnenvestgracht 23)', () => {
  it('/v1/pand/…/woz lists every object on the number with letter and toevoeging from huis_nlt', async () => {
    const { status, body } = await get(pandWoz, '2312NR/23');
    expect(status, body.detail).toBe(200);
    const adressen = body.data.objecten.map((o: { adres: { huisletter: string | null; toevoeging: string | null } }) => [o.adres.huisletter, o.adres.toevoeging]);
    expect(adressen).toEqual([['J', null], ['K', null], ['L', '1'], ['L', '2'], ['M', null]]);
  });

  it('filtering by letter finds the lettered addresses', async () => {
    const { status, body } = await get(pandWoz, '2312NR/23', '?letter=L');
    expect(status, body.detail).toBe(200);
    expect(body.data.objecten.map((o: { adres: { toevoeging: string } }) => o.adres.toevoeging)).toEqual(['1', '2']);
  });

  it('/v1/adres takes the first object on the number, not a lettered one as an exact match for the bare number', async () => {
    const { status, body } = await get(adresVolledig, '2312NR/23');
    expect(status, body.detail).toBe(200);
    expect(body.data.adres).toMatchObject({ huisletter: 'J', toevoeging: null, keuze: 'eerste_op_huisnummer', toevoegingen_op_huisnummer: ['J', 'K', 'L-1', 'L-2', 'M'] });
    expect(body.data.adres.coordinaten.rd).not.toBeNull();
  });
});

describe('an address the Locatieserver returned without any coordinate', () => {
  function zonderPunt() {
    const file = path.join(harnas.dir(), 'pdok-locatieserver', 'free-adres-lijsterstraat-20-amersfoort-zonder-type.json');
    const origineel = fs.readFileSync(file, 'utf8');
    const json = JSON.parse(origineel);
    delete json.response.docs[0].centroide_ll;
    fs.writeFileSync(file, JSON.stringify(json));
    clearSourceCache();
    return () => fs.writeFileSync(file, origineel);
  }

  it('/v1/adres marks each part that needs the point onbeschikbaar with foutsoort geen_coordinaat', async () => {
    const herstel = zonderPunt();
    try {
      const { status, body } = await get(adresVolledig, '3815DT/20');
      expect(status, body.detail).toBe(200);
      expect(body.data.adres.coordinaten).toEqual({ wgs84: null, rd: null });
      for (const deel of ['monumenten', 'perceel', 'panden', 'milieuzone', 'lucht']) expect(body.data[deel], deel).toBeNull();
      expect(body.data.verkeer).toEqual({ maatregelen: null, reistijden: null });
      const zonder = body.bronnen.filter((b) => b.foutsoort === GEEN_COORDINAAT);
      expect(zonder.every((b) => b.status === 'onbeschikbaar')).toBe(true);
      expect(new Set(zonder.map((b) => b.bron))).toEqual(
        new Set(['rce-monumenten', 'brk-kadastrale-kaart', 'ndw-emissiezones', 'luchtmeetnet', 'ndw-verkeersmaatregelen', 'ndw-reistijden']),
      );
    } finally {
      herstel();
    }
  });

  // Every operation of OPERATIES (adres is above): the sources it could not ask for want of the point. Those
  // that do not need the point (subsidies, woz, waarde-indicatie) name none.
  const ZONDER_PUNT_NIET_GEVRAAGD: Record<Exclude<keyof typeof OPERATIES, 'adres'>, string[]> = {
    context: ['brk-kadastrale-kaart', 'rce-monumenten'],
    dossier: ['brk-kadastrale-kaart', 'rce-monumenten'],
    monitoring: ['brk-kadastrale-kaart', 'rce-monumenten'],
    lucht: ['luchtmeetnet'],
    woningtype: ['bag-ogc'],
    verduurzaming: ['brk-kadastrale-kaart'],
    subsidies: [],
    woz: [],
    waarde_indicatie: [],
  };

  it.each(Object.entries(ZONDER_PUNT_NIET_GEVRAAGD))('%s answers 200 and names the sources it could not ask', async (naam, bronnen) => {
    const herstel = zonderPunt();
    try {
      const { status, body } = await get(OPERATIES[naam as keyof typeof OPERATIES], '3815DT/20');
      expect(status, body.detail).toBe(200);
      const zonder = body.bronnen.filter((b) => b.foutsoort === GEEN_COORDINAAT);
      expect(new Set(zonder.map((b) => b.bron))).toEqual(new Set(bronnen));
      expect(zonder.every((b) => b.status === 'onbeschikbaar')).toBe(true);
      expect(adresVan(naam, body.data).coordinaten).toEqual({ wgs84: null, rd: null });
    } finally {
      herstel();
    }
  });

  it('/v1/adres/…/lucht answers the address with no stations, not a 502', async () => {
    const herstel = zonderPunt();
    try {
      const { status, body } = await get(adresLucht, '3815DT/20');
      expect(status, body.detail).toBe(200);
      expect(body.data).toMatchObject({ adres: { postcode: '3815DT', huisnummer: 20 }, stations: [], stationscatalogus: null });
      expect(body.bronnen.find((b) => b.bron === 'pdok-locatieserver')?.status).toBe('ok');
      expect(body.bronnen.filter((b) => b.bron === 'luchtmeetnet')).toEqual([expect.objectContaining({ status: 'onbeschikbaar', foutsoort: GEEN_COORDINAAT })]);
    } finally {
      herstel();
    }
  });

  it('/v1/pand/…/woningtype makes the footprint vote onbeschikbaar, /v1/verduurzaming/pand the parcel', async () => {
    const herstel = zonderPunt();
    try {
      const woningtype = await get(pandWoningtype, '3815DT/20');
      expect(woningtype.status, woningtype.body.detail).toBe(200);
      const contour = woningtype.body.data.stemmen.find((s: { bron: string }) => s.bron === 'pandcontouren');
      expect(contour).toMatchObject({ status: 'onbeschikbaar', woningtype: null });
      expect(contour.details.toelichting).toMatch(/geen coördinaat/);
      const pand = await get(verduurzamingPand, '3815DT/20');
      expect(pand.status, pand.body.detail).toBe(200);
      expect(pand.body.data.kadastraal_perceel).toBeNull();
      expect(pand.body.data.herkomst_per_veld).toContainEqual({ veld: 'kadastraal_perceel', bron: 'brk-kadastrale-kaart', status: 'onbeschikbaar' });
    } finally {
      herstel();
    }
  });
});

describe('/v1/addrreg/suggest on the real Westeringlaan answer without type, numFound as a string', () => {
  it('lists every suggestion with the type from its id, and the count', async () => {
    const file = path.join(harnas.dir(), 'pdok-locatieserver', 'suggest-westeringlaan-maasbree.json');
    const origineel = fs.readFileSync(file, 'utf8');
    const json = JSON.parse(origineel);
    const aantal = json.response.numFound;
    for (const d of json.response.docs) delete d.type;
    json.response.numFound = String(aantal);
    fs.writeFileSync(file, JSON.stringify(json));
    clearSourceCache();
    try {
      const res = await route(addrregSuggest).GET(new Request('http://localhost/v1/addrreg/suggest?q=westeringlaan&rows=25'), { params: Promise.resolve({}) });
      const body = (await res.json()) as Body;
      expect(res.status, body.detail).toBe(200);
      expect(body.data.aantal).toBe(aantal);
      expect(body.data.suggesties).toHaveLength(json.response.docs.length);
      expect(body.data.suggesties.every((s: { type: string }) => s.type === 'adres')).toBe(true);
    } finally {
      fs.writeFileSync(file, origineel);
    }
  });
});
