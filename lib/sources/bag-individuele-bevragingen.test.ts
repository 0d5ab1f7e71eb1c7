// BAG Individuele Bevragingen v2: conversion of the recorded /adressenuitgebreid answers (Overvoorde 43-2
// Amsterdam; the unknown address 9999ZZ 99 that is a 200 with only _links) and the adapter against the
// replay server: with a key (the three demo addresses, the 404 mapping, headers sent), without a key (no
// request, geen_sleutel) and with faults (SourceError naming the source).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { Problem } from '@/lib/api/problems';
import { clearSourceCache } from './fetch';
import { SourceError } from './source-error';
import { ACCEPT_CRS, adressenUitgebreid, bagAdres, bagAdresOfNull, bagIndividueleBevragingen } from './bag-individuele-bevragingen';
import { adresDelen, bagAdresSchema, ibAdressenAnswerSchema, kiesBagAdres, rdPunt, toBagAdres, toBagAdressen, woonplaatsCode } from './bag-individuele-bevragingen-convert';

const SOURCE = 'bag-individuele-bevragingen';
const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', SOURCE);
const read = (file: string) => ibAdressenAnswerSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));

describe('conversion of recorded answers', () => {
  it('reads the recorded /adressenuitgebreid answer for 1082GB 43-2 (Overvoorde, Amsterdam)', () => {
    const adressen = toBagAdressen(read('adressenuitgebreid-1082gb-43-2.json'));
    expect(adressen).toHaveLength(1);
    const a = adressen![0];
    expect(a).toMatchObject({
      nummeraanduiding_id: '0363200000229916',
      adresseerbaarobject_id: '0363010000769832',
      type_adresseerbaar_object: 'Verblijfsobject',
      pand_ids: ['0363100012070245'],
      openbare_ruimte: { id: '0363300000004786', naam: 'Overvoorde', korte_naam: 'Overvoorde' },
      woonplaats_gebied: { id: '3594', naam: 'Amsterdam' },
      postcode: '1082GB',
      huisnummer: 43,
      huisletter: null,
      toevoeging: '2',
      adresregels: ['Overvoorde 43-2', '1082 GB  AMSTERDAM'],
      gebruiksdoelen: ['woonfunctie'],
      oppervlakte_m2: 76,
      oorspronkelijk_bouwjaar: 1962,
      status: 'Verblijfsobject in gebruik',
      panden: [{ id: '0363100012070245', oorspronkelijk_bouwjaar: 1962, status: 'Pand in gebruik' }],
    });
    // The recorded point is RD (Content-Crs epsg:28992): 119879, 482161 — Buitenveldert, Amsterdam.
    expect(a.coordinaten?.rd).toEqual({ x: 119879, y: 482161 });
    expect(a.coordinaten?.wgs84.lon).toBeCloseTo(4.872016, 5);
    expect(a.coordinaten?.wgs84.lat).toBeCloseTo(52.326266, 5);
    expect(bagAdresSchema.safeParse(a).success).toBe(true);
  });

  it('reads the recorded plain /adressen answer too (no geometry, no object details)', () => {
    const [a] = toBagAdressen(read('adressen-1082gb-43-2.json'))!;
    expect(a).toMatchObject({ nummeraanduiding_id: '0363200000229916', pand_ids: ['0363100012070245'], gebruiksdoelen: null, oppervlakte_m2: null, oorspronkelijk_bouwjaar: null, coordinaten: null });
    expect(a.panden).toEqual([{ id: '0363100012070245', oorspronkelijk_bouwjaar: null, status: null }]);
  });

  it('gives null for the recorded unknown address 9999ZZ 99: HTTP 200 with only _links', () => {
    const answer = read('adressenuitgebreid-9999zz-99-geen-adres.json');
    expect(Object.keys(answer)).toEqual(['_links']);
    expect(toBagAdressen(answer)).toBeNull();
    expect(toBagAdressen({ _links: {}, _embedded: { adressen: [] } })).toBeNull();
  });

  it('pads ids given as numbers: 16-digit BAG ids and 4-digit woonplaatscodes', () => {
    const a = toBagAdres({
      nummeraanduidingIdentificatie: 363200000229916,
      adresseerbaarObjectIdentificatie: '363010000769832',
      openbareRuimteIdentificatie: 363300000004786,
      pandIdentificaties: [363100012070245, 'geen-id'],
      woonplaatsIdentificatie: 24,
      huisnummer: '43',
      postcode: '1082 gb',
    });
    expect(a.nummeraanduiding_id).toBe('0363200000229916');
    expect(a.adresseerbaarobject_id).toBe('0363010000769832');
    expect(a.openbare_ruimte.id).toBe('0363300000004786');
    expect(a.pand_ids).toEqual(['0363100012070245']);
    expect(a.woonplaats_gebied.id).toBe('0024');
    expect(a.huisnummer).toBe(43);
    expect(a.postcode).toBe('1082GB');
    expect(woonplaatsCode('12345')).toBeNull();
  });

  it('takes the oldest year of several panden and zips per-pand values only when the lists agree', () => {
    const a = toBagAdres({ pandIdentificaties: ['0363100012070245', '0363100012070246'], oorspronkelijkBouwjaar: ['1962', '1905'], pandStatussen: ['Pand in gebruik'] });
    expect(a.oorspronkelijk_bouwjaar).toBe(1905);
    expect(a.panden).toEqual([
      { id: '0363100012070245', oorspronkelijk_bouwjaar: 1962, status: null },
      { id: '0363100012070246', oorspronkelijk_bouwjaar: 1905, status: null },
    ]);
  });

  it('uses the centroid of the vlak of a ligplaats, and rejects points outside the RD domain', () => {
    const vlak = { type: 'Polygon', coordinates: [[[120000, 480000], [120010, 480000], [120010, 480004], [120000, 480004], [120000, 480000]]] };
    expect(rdPunt({ vlak })?.rd).toEqual({ x: 120005, y: 480002 });
    expect(rdPunt({ punt: { type: 'Point', coordinates: [4.87, 52.33] } })).toBeNull();
    expect(rdPunt(null)).toBeNull();
  });
});

describe('toevoeging', () => {
  it('splits the API toevoeging into huisletter and huisnummertoevoeging', () => {
    expect(adresDelen('A')).toEqual({ huisletter: 'A' });
    expect(adresDelen('a-2')).toEqual({ huisletter: 'a', toevoeging: '2' });
    expect(adresDelen('A 2')).toEqual({ huisletter: 'A', toevoeging: '2' });
    expect(adresDelen('A2')).toEqual({ huisletter: 'A', toevoeging: '2' });
    expect(adresDelen('2')).toEqual({ toevoeging: '2' });
    expect(adresDelen('bis')).toEqual({ toevoeging: 'bis' });
    expect(adresDelen('  ')).toEqual({});
    expect(adresDelen(undefined)).toEqual({});
  });

  it('chooses the exact address, else the one without letter, else the first', () => {
    const [a] = toBagAdressen(read('adressenuitgebreid-1082gb-43-2.json'))!;
    const kaal = { ...a, toevoeging: null, nummeraanduiding_id: '0363200000229915' };
    expect(kiesBagAdres([a, kaal], { toevoeging: '2' })?.nummeraanduiding_id).toBe('0363200000229916');
    expect(kiesBagAdres([a, kaal], {})?.nummeraanduiding_id).toBe('0363200000229915');
    expect(kiesBagAdres([a], {})?.nummeraanduiding_id).toBe('0363200000229916');
    expect(kiesBagAdres([a], { huisletter: 'B' })).toBeNull();
  });
});

let replay: ReplayServer;
let fixturesCopy: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  fixturesCopy = fs.mkdtempSync(path.join(process.env.TMPDIR ?? '/tmp', 'bag-ib-'));
  fs.cpSync(path.join(dir, '..'), fixturesCopy, { recursive: true });
  replay = await startReplayServer({ fixturesDir: fixturesCopy });
  process.env.BRON_BAG_INDIVIDUELE_BEVRAGINGEN_URL = replay.sourceUrl(SOURCE);
});
afterAll(async () => {
  await replay.close();
  fs.rmSync(fixturesCopy, { recursive: true, force: true });
  delete process.env.BRON_BAG_INDIVIDUELE_BEVRAGINGEN_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
beforeEach(() => {
  process.env.BAG_API_KEY = 'test-sleutel';
});
afterEach(() => {
  delete process.env.BAG_API_KEY;
  replay.clearFaults();
  clearSourceCache();
  vi.restoreAllMocks();
});

describe('adressenUitgebreid with a key', () => {
  it('Witte de Withstraat 42A: the exact address, with RD and WGS84 point and a bronnen entry', async () => {
    const r = await adressenUitgebreid('3012 br', 42, { huisletter: 'A' });
    expect(r.data).toHaveLength(1);
    expect(r.data![0]).toMatchObject({
      nummeraanduiding_id: '0599200000508415',
      adresseerbaarobject_id: '0599010000295420',
      pand_ids: ['0599100000691863'],
      openbare_ruimte: { id: '0599300000002876', naam: 'Witte de Withstraat' },
      woonplaats_gebied: { id: '3086', naam: 'Rotterdam' },
      huisletter: 'A',
      toevoeging: null,
      gebruiksdoelen: ['onderwijsfunctie', 'woonfunctie'],
      oppervlakte_m2: 62,
      oorspronkelijk_bouwjaar: 1873,
      coordinaten: { rd: { x: 92416.615, y: 436736.768 } },
    });
    expect(r.data![0].coordinaten?.wgs84.lon).toBeCloseTo(4.477561, 5);
    expect(r.bronnen).toHaveLength(1);
    expect(r.bronnen[0]).toMatchObject({
      bron: SOURCE,
      status: 'ok',
      licentie: 'CC0 1.0',
      attributie: 'Bron: Kadaster, Basisregistratie Adressen en Gebouwen',
    });
    expect(r.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('without letter: every address on the number (42A-42D)', async () => {
    const r = await adressenUitgebreid('3012BR', 42);
    expect(r.data!.map((a) => [a.huisletter, a.adresseerbaarobject_id, a.oppervlakte_m2])).toEqual([
      ['A', '0599010000295420', 62],
      ['B', '0599010000295421', 48],
      ['C', '0599010000295422', 55],
      ['D', '0599010000295423', 71],
    ]);
  });

  it('Anjerstraat 5 Hoogeveen and Baambrugse Zuwe 141D Vinkeveen', async () => {
    const anjer = await adressenUitgebreid('7906LE', 5);
    expect(anjer.data![0]).toMatchObject({ adresseerbaarobject_id: '0118010900087577', pand_ids: ['0118100001200409'], oppervlakte_m2: 96, oorspronkelijk_bouwjaar: 1968 });
    const zuwe = await adressenUitgebreid('3645AE', 141, { huisletter: 'D' });
    expect(zuwe.data![0]).toMatchObject({ adresseerbaarobject_id: '0736010000104061', pand_ids: ['0736100000216431'], oppervlakte_m2: 214, oorspronkelijk_bouwjaar: 1932, woonplaats_gebied: { id: '1060', naam: 'Vinkeveen' } });
  });

  it('the recorded Overvoorde 43-2 through the replay (opgenomen)', async () => {
    const r = await adressenUitgebreid('1082GB', 43, { toevoeging: '2' });
    expect(r.data![0].adresseerbaarobject_id).toBe('0363010000769832');
    expect(r.bronnen[0].opname?.soort).toBe('opgenomen');
  });

  it('maps the 200-with-only-_links answer to a 404 Problem', async () => {
    await expect(adressenUitgebreid('9999ZZ', 99)).rejects.toMatchObject({ code: 'not_found', status: 404 });
    const err = await adressenUitgebreid('3012BR', 42, { huisletter: 'E' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Problem);
    expect((err as Problem).detail).toBe('De BAG kent geen adres 3012BR 42E.');
    await expect(bagAdres('1082GB', 43, 'A-3')).rejects.toMatchObject({ detail: 'De BAG kent geen adres 1082GB 43A-3.' });
    await expect(adressenUitgebreid('7906LE', 5, { toevoeging: '1' })).rejects.toBeInstanceOf(Problem);
  });

  it('sends X-Api-Key, Accept-Crs epsg:28992 and HAL Accept, and exacteMatch only with a letter or toevoeging', async () => {
    const spy = vi.spyOn(globalThis, 'fetch');
    await adressenUitgebreid('3645AE', 141, { huisletter: 'D' });
    await adressenUitgebreid('7906LE', 5);
    expect(spy).toHaveBeenCalledTimes(2);
    const [url1, init1] = spy.mock.calls[0] as [string, RequestInit];
    const headers = init1.headers as Record<string, string>;
    expect(headers['X-Api-Key']).toBe('test-sleutel');
    expect(headers['Accept-Crs']).toBe(ACCEPT_CRS);
    expect(headers.Accept).toBe('application/hal+json');
    const q1 = new URL(url1).searchParams;
    expect(Object.fromEntries(q1)).toEqual({ postcode: '3645AE', huisnummer: '141', huisletter: 'D', exacteMatch: 'true' });
    const q2 = new URL(spy.mock.calls[1][0] as string).searchParams;
    expect(Object.fromEntries(q2)).toEqual({ postcode: '7906LE', huisnummer: '5' });
  });

  it('caches an answer: a second identical look-up does not call the source again', async () => {
    const before = replay.hits(SOURCE);
    await adressenUitgebreid('7906LE', 5);
    await adressenUitgebreid('7906LE', 5);
    expect(replay.hits(SOURCE) - before).toBe(1);
  });
});

describe('bagAdres (the one address for the API toevoeging)', () => {
  it('the three demo addresses as the service names them', async () => {
    expect((await bagAdres('3012BR', 42, 'A')).data?.nummeraanduiding_id).toBe('0599200000508415');
    expect((await bagAdres('7906LE', 5, undefined)).data?.nummeraanduiding_id).toBe('0118200900087576');
    expect((await bagAdres('3645AE', 141, 'd')).data?.nummeraanduiding_id).toBe('0736200000104061');
    expect((await bagAdres('1082GB', 43, '2')).data?.adresregels).toEqual(['Overvoorde 43-2', '1082 GB  AMSTERDAM']);
  });

  it('without toevoeging on a number with only lettered addresses: the first (42A)', async () => {
    expect((await bagAdres('3012BR', 42, null)).data?.huisletter).toBe('A');
  });

  it('an unknown toevoeging is a 404; without a key data null and geen_sleutel', async () => {
    await expect(bagAdres('3012BR', 42, 'Z')).rejects.toMatchObject({ code: 'not_found' });
    delete process.env.BAG_API_KEY;
    const r = await bagAdres('3012BR', 42, 'A');
    expect(r.data).toBeNull();
    expect(r.bronnen[0].foutsoort).toBe('geen_sleutel');
  });

  it('bagAdresOfNull: an unknown address is data null with an ok entry, not a 404 (for composed operations)', async () => {
    const onbekend = await bagAdresOfNull('9999ZZ', 99, null);
    expect(onbekend.data).toBeNull();
    expect(onbekend.bronnen).toEqual([expect.objectContaining({ bron: SOURCE, status: 'ok' })]);
    const letterOnbekend = await bagAdresOfNull('3012BR', 42, 'Z');
    expect(letterOnbekend.data).toBeNull();
    expect((await bagAdresOfNull('7906LE', 5, null)).data?.adresseerbaarobject_id).toBe('0118010900087577');
  });
});

describe('adressenUitgebreid without a key', () => {
  it('makes no request and gives an onbeschikbaar entry with foutsoort geen_sleutel', async () => {
    delete process.env.BAG_API_KEY;
    const before = replay.hits(SOURCE);
    const r = await adressenUitgebreid('7906LE', 5);
    expect(r.data).toBeNull();
    expect(r.bronnen).toEqual([expect.objectContaining({ bron: SOURCE, status: 'onbeschikbaar', foutsoort: 'geen_sleutel' })]);
    expect(replay.hits(SOURCE)).toBe(before);
  });

  it('a key of only spaces counts as no key', async () => {
    process.env.BAG_API_KEY = '   ';
    const r = await adressenUitgebreid('7906LE', 5);
    expect(r.bronnen[0].foutsoort).toBe('geen_sleutel');
  });
});

describe('faults', () => {
  it.each([
    ['http500', 'http_500'],
    ['malformed', 'onleesbaar'],
    ['timeout', 'timeout'],
  ] as const)('%s gives a SourceError naming the source', async (kind, foutsoort) => {
    replay.setFault(SOURCE, { kind });
    const err = await adressenUitgebreid('7906LE', 5).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect((err as SourceError).bron).toMatchObject({ bron: SOURCE, status: 'onbeschikbaar', foutsoort });
  });

  it('rejects invalid input before calling', async () => {
    await expect(adressenUitgebreid('0123AB', 5)).rejects.toThrow('invalid postcode');
    await expect(adressenUitgebreid('7906LE', 0)).rejects.toThrow('invalid huisnummer');
  });

  it('declares the source with its key variable and header', () => {
    expect(bagIndividueleBevragingen).toMatchObject({ envVar: 'BRON_BAG_INDIVIDUELE_BEVRAGINGEN_URL', keyEnvVar: 'BAG_API_KEY', keyHeader: 'X-Api-Key' });
  });
});
