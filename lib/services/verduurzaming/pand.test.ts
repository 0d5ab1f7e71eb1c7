// GET /v1/verduurzaming/pand/{postcode}/{huisnummer} through the route wrapper against the replay server:
// the three demo addresses, each sub-source failing in turn (200, that field onbeschikbaar), unknown
// addresses (404), the Locatieserver failing (502), no EP-Online key, and the 24-hour cache.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { sources } from '@/lib/sources/registry';
import type { BronEntry } from '@/lib/sources/bron';
import type { Pand } from '@/lib/verduurzaming/types';
import { herkomstVan } from '@/lib/verduurzaming/pand-velden';
import { verduurzamingPand } from './pand';

interface Answer {
  api: string;
  onderdeel: string;
  data: Pand;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: { name: string }[];
}

const SUB_SOURCES = ['bag-ogc', 'woz-waardeloket', 'ep-online', 'brk-kadastrale-kaart', 'cbs-statline'] as const;
const FIELDS_OF: Record<(typeof SUB_SOURCES)[number], (keyof Pand)[]> = {
  'bag-ogc': ['bouwjaar', 'gebruiksoppervlakte_m2', 'gebruiksdoelen', 'pandstatus'],
  'woz-waardeloket': ['woz_waarde'],
  'ep-online': ['energielabel'],
  'brk-kadastrale-kaart': ['kadastraal_perceel'],
  'cbs-statline': ['buurt'],
};

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  process.env.EP_ONLINE_API_KEY = 'test-sleutel';
  replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
});
afterAll(async () => {
  await replay.close();
  for (const s of sources) delete process.env[s.envVar];
  delete process.env.BRON_TIMEOUT_MS;
  delete process.env.EP_ONLINE_API_KEY;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  process.env.EP_ONLINE_API_KEY = 'test-sleutel';
});

async function call(postcode: string, huisnummer: string, query = '') {
  const req = new Request(`http://localhost/v1/verduurzaming/pand/${postcode}/${huisnummer}${query}`);
  const res = await route(verduurzamingPand).GET(req, { params: Promise.resolve({ postcode, huisnummer }) });
  return { status: res.status, body: (await res.json()) as Answer };
}

const statusOf = (pand: Pand) => Object.fromEntries(pand.herkomst_per_veld.map((h) => [h.veld, h.status]));
const bronnenOf = (body: Answer, id: string) => body.bronnen.filter((b) => b.bron === id);

describe('the three demo addresses', () => {
  it('apartment Witte de Withstraat 42A, Rotterdam: every field ok, the label from the recorded EP-Online answer', async () => {
    const { status, body } = await call('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(body.api).toBe('verduurzaming');
    expect(body.onderdeel).toBe('pand');
    const d = body.data;
    expect(d.adres).toEqual({
      straat: 'Witte de Withstraat',
      huisnummer: 42,
      huisletter: 'A',
      toevoeging: null,
      postcode: '3012BR',
      woonplaats: 'Rotterdam',
      nummeraanduiding_id: '0599200000508415',
      verblijfsobject_id: '0599010000295420',
      coordinaten: { wgs84: { lon: 4.47756318, lat: 51.9155987 }, rd: { x: 92416.615, y: 436736.768 } },
    });
    expect(herkomstVan(d, 'adres')).toMatchObject({ bron: 'pdok-locatieserver', status: 'ok' });
    expect(d.bouwjaar).toBe(1873);
    expect(herkomstVan(d, 'bouwjaar')).toMatchObject({ bron: 'bag-ogc', status: 'ok' });
    expect(d.gebruiksoppervlakte_m2).toBe(62);
    expect(d.gebruiksdoelen).toEqual(['onderwijsfunctie', 'woonfunctie']);
    expect(d.pandstatus).toBe('Pand in gebruik');
    expect(d.woz_waarde).toEqual({ waarde: 341000, peildatum: '2025-01-01' });
    expect(herkomstVan(d, 'woz_waarde')).toMatchObject({ bron: 'woz-waardeloket', status: 'ok' });
    expect(d.energielabel).toEqual({ klasse: 'B', registratiedatum: '2026-02-04', geldig_tot_datum: '2036-01-14', berekeningstype: null, gebouwtype: 'Appartement' });
    expect(herkomstVan(d, 'energielabel')).toMatchObject({ bron: 'ep-online', status: 'ok' });
    expect(d.kadastraal_perceel).toEqual({
      identificatie: 'RTD00-N-4102',
      kadastrale_gemeente: 'Rotterdam',
      sectie: 'N',
      perceelnummer: 4102,
      grootte_m2: 168,
    });
    expect(d.buurt).toEqual({ code: 'BU05990112', naam: 'Cool', inwoners: 4915, gemiddelde_woz_waarde: 318000, peiljaar: 2024 });
    expect(herkomstVan(d, 'buurt')).toMatchObject({ bron: 'cbs-statline', status: 'ok' });
    expect(new Set(body.bronnen.map((b) => b.bron))).toEqual(new Set(['pdok-locatieserver', ...SUB_SOURCES]));
    expect(body.bronnen.every((b) => b.status === 'ok' && b.opname !== null)).toBe(true);
    expect(bronnenOf(body, 'ep-online')[0].opname?.soort).toBe('opgenomen');
  });

  it('terraced house Anjerstraat 5, Hoogeveen: WOZ onbekend (the recorded answer lists no values), the rest ok', async () => {
    const { status, body } = await call('7906LE', '5');
    expect(status).toBe(200);
    expect(statusOf(body.data)).toEqual({
      adres: 'ok',
      bouwjaar: 'ok',
      gebruiksoppervlakte_m2: 'ok',
      gebruiksdoelen: 'ok',
      pandstatus: 'ok',
      woz_waarde: 'onbekend',
      energielabel: 'ok',
      kadastraal_perceel: 'ok',
      buurt: 'ok',
    });
    expect(body.data.woz_waarde).toBeNull();
    expect(bronnenOf(body, 'woz-waardeloket')[0]).toMatchObject({ status: 'ok', opname: { soort: 'opgenomen' } });
    expect(body.data.bouwjaar).toBe(1968);
    expect(body.data.energielabel).toMatchObject({ klasse: 'C', gebouwtype: 'Rijwoning tussen', registratiedatum: '2025-05-20' });
    expect(body.data.kadastraal_perceel).toMatchObject({ identificatie: 'HGV00-I-4945', grootte_m2: 122 });
  });

  it('detached house Baambrugse Zuwe 141D, Vinkeveen: the recorded WOZ history gives the 2022 value', async () => {
    const { status, body } = await call('3645AE', '141', '?toevoeging=d');
    expect(status).toBe(200);
    expect(new Set(Object.values(statusOf(body.data)))).toEqual(new Set(['ok']));
    expect(body.data.adres).toMatchObject({ huisletter: 'D', nummeraanduiding_id: '0736200000104061' });
    expect(body.data.woz_waarde).toEqual({ waarde: 16342000, peildatum: '2022-01-01' });
    expect(body.data.energielabel).toMatchObject({ klasse: 'A', gebouwtype: 'Vrijstaande woning' });
    expect(body.data.kadastraal_perceel?.identificatie).toBe('VKV00-A-3744');
    expect(body.data.bouwjaar).toBe(1932);
  });

  it('another apartment of the same building that the other registers do not know: those fields onbekend, not failed', async () => {
    const { status, body } = await call('3012BR', '42', '?toevoeging=B');
    expect(status).toBe(200);
    expect(statusOf(body.data)).toMatchObject({
      adres: 'ok',
      bouwjaar: 'onbekend',
      gebruiksoppervlakte_m2: 'onbekend',
      woz_waarde: 'onbekend',
      energielabel: 'onbekend',
      kadastraal_perceel: 'ok',
      buurt: 'ok',
    });
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
  });
});

describe('a failing sub-source never fails the call', () => {
  it.each(SUB_SOURCES)('with %s answering HTTP 500: 200, its fields onbeschikbaar, the rest ok', async (failing) => {
    replay.setFault(failing, { kind: 'http500' });
    const { status, body } = await call('3645AE', '141', '?toevoeging=D');
    expect(status).toBe(200);
    for (const [field, st] of Object.entries(statusOf(body.data))) {
      const expected = (FIELDS_OF[failing] as string[]).includes(field) ? 'onbeschikbaar' : 'ok';
      expect(st, field).toBe(expected);
    }
    for (const field of FIELDS_OF[failing]) expect(body.data[field]).toBeNull();
    expect(bronnenOf(body, failing).some((b) => b.status === 'onbeschikbaar' && b.foutsoort === 'http_500')).toBe(true);
    const others = body.bronnen.filter((b) => b.bron !== failing);
    expect(others.every((b) => b.status === 'ok')).toBe(true);
  });

  it('a sub-source that does not answer is cut off by the time budget', async () => {
    replay.setFault('brk-kadastrale-kaart', { kind: 'timeout' });
    const started = Date.now();
    const { status, body } = await call('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1500 + 1000);
    expect(herkomstVan(body.data, 'kadastraal_perceel').status).toBe('onbeschikbaar');
    expect(bronnenOf(body, 'brk-kadastrale-kaart')[0]).toMatchObject({ status: 'onbeschikbaar', foutsoort: 'timeout' });
    expect(herkomstVan(body.data, 'energielabel').status).toBe('ok');
  });

  it('a cut-off answer of a sub-source makes only its fields onbeschikbaar (onleesbaar)', async () => {
    replay.setFault('woz-waardeloket', { kind: 'malformed' });
    const { status, body } = await call('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(herkomstVan(body.data, 'woz_waarde').status).toBe('onbeschikbaar');
    expect(bronnenOf(body, 'woz-waardeloket')[0].foutsoort).toBe('onleesbaar');
    expect(herkomstVan(body.data, 'bouwjaar').status).toBe('ok');
  });
});

describe('without an EP-Online key', () => {
  it('does not call EP-Online: the label is onbeschikbaar with foutsoort geen_sleutel', async () => {
    delete process.env.EP_ONLINE_API_KEY;
    const before = replay.hits('ep-online');
    const { status, body } = await call('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(200);
    expect(body.data.energielabel).toBeNull();
    expect(herkomstVan(body.data, 'energielabel')).toMatchObject({ bron: 'ep-online', status: 'onbeschikbaar' });
    expect(bronnenOf(body, 'ep-online')).toEqual([expect.objectContaining({ status: 'onbeschikbaar', foutsoort: 'geen_sleutel' })]);
    expect(replay.hits('ep-online')).toBe(before);
    expect(herkomstVan(body.data, 'woz_waarde').status).toBe('ok');
  });
});

describe('address errors', () => {
  it('answers 404 not_found for an address that does not exist', async () => {
    const { status, body } = await call('9999ZZ', '99');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
    expect(body.detail).toContain('9999ZZ 99');
  });

  it.each([
    ['', 'A, B, C, D'],
    ['?toevoeging=Z', 'A, B, C, D'],
  ])('answers 404 naming the existing toevoegingen for 3012BR 42%s', async (query, listed) => {
    const { status, body } = await call('3012BR', '42', query);
    expect(status).toBe(404);
    expect(body.detail).toContain(listed);
  });

  it('answers 502 naming the Locatieserver when it fails (nothing can be asked without the address)', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await call('3012BR', '42', '?toevoeging=A');
    expect(status).toBe(502);
    expect(body).toMatchObject({ errorCode: 'source_unavailable', bron: 'pdok-locatieserver' });
  });

  it.each([
    ['3012B', '42', '', 'postcode'],
    ['3012BR', '0', '', 'huisnummer'],
    ['3012BR', '42', '?toevoeging=', 'toevoeging'],
    ['3012BR', '42', '?letter=A', 'letter'],
  ])('answers 400 for %s %s%s, naming %s, without calling any source', async (pc, hn, query, name) => {
    const before = replay.hits('pdok-locatieserver');
    const { status, body } = await call(pc, hn, query);
    expect(status).toBe(400);
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
    expect(replay.hits('pdok-locatieserver')).toBe(before);
  });
});

describe('the 24-hour cache', () => {
  it('serves a second call for the same address from cache without asking any upstream again', async () => {
    const first = await call('7906LE', '5');
    expect(first.status).toBe(200);
    expect(first.body.bronnen.every((b) => b.cache === false)).toBe(true);
    const ids = ['pdok-locatieserver', ...SUB_SOURCES];
    const hits = ids.map((id) => replay.hits(id));

    const second = await call('7906LE', '5');
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
    expect(second.body.bronnen.every((b) => b.cache === true && b.duur_ms === 0)).toBe(true);
    expect(ids.map((id) => replay.hits(id))).toEqual(hits);
  });
});
