// GET /v1/pand/{postcode}/{huisnummer}/listing through the route wrapper against the replay server with
// the built woningsite pages: the three demo addresses, the url call and its validation, blocking, the
// process limits (turn, hourly budget, 12-hour cache on an injected clock) and upstream faults.
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { pandListing } from './listing';
import type { Listing } from './listing-schema';
import { LISTING_CACHE_MS, zetListingLimieten } from './listing-limieten';

interface Answer {
  api: string;
  onderdeel: string;
  data: Listing;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: { name: string; in: string; reason: string }[];
}

const DETAIL_42A = '/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/';

let replay: ReplayServer;
let nu = 0;
const klok = () => nu;

beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '800';
  replay = await startReplayServer();
  process.env.BRON_WONINGSITE_URL = replay.sourceUrl('woningsite');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_WONINGSITE_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
beforeEach(() => {
  nu = Date.UTC(2026, 0, 5, 9, 0, 0);
  zetListingLimieten({ nu: klok });
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(pc: string, hn: string, query: Record<string, string> = {}) {
  const qs = new URLSearchParams(query).toString();
  const res = await route(pandListing).GET(new Request(`http://localhost/v1/pand/${pc}/${hn}/listing${qs ? `?${qs}` : ''}`), {
    params: Promise.resolve({ postcode: pc, huisnummer: hn }),
  });
  return { status: res.status, headers: res.headers, body: (await res.json()) as Answer };
}

const hits = () => replay.hits('woningsite');

describe('demo addresses', () => {
  it('3012BR 42 A: the Rotterdam apartment, found through the postcode results page', async () => {
    const before = hits();
    const { status, body } = await get('3012BR', '42', { toevoeging: 'A' });
    expect(status).toBe(200);
    expect(body.api).toBe('pand');
    expect(body.onderdeel).toBe('listing');
    expect(hits() - before).toBe(2); // search and detail
    expect(body.data).toMatchObject({
      status: 'gevonden',
      status_tekst: 'Beschikbaar',
      toelichting: null,
      bron_url: replay.sourceUrl('woningsite') + DETAIL_42A,
      adres: { straat_en_nummer: 'Witte de Withstraat 42 A', postcode: '3012BR', plaats: 'Rotterdam' },
      vraagprijs: 325000,
      vraagprijs_per_m2: 5242, // 325000 / 62
      woonoppervlakte_m2: 62,
      perceeloppervlakte_m2: null,
      bouwjaar_vermeld: 1873,
      kamers: 3,
      slaapkamers: 2,
      woningtype: 'Bovenwoning (appartement)',
      energieklasse: 'B',
      opgehaald_op: '2026-01-05T09:00:00.000Z',
      uit_cache: false,
    });
    expect(body.data.foto_urls).toHaveLength(3);
    expect(body.data.beschrijving).toMatch(/^Licht bovenhuis/);
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: 'woningsite', status: 'ok', cache: false, foutsoort: null });
    expect(body.bronnen[0].licentie).toContain('Geen open licentie');
    expect(body.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('7906LE 5: the sold Hoogeveen house (verkocht_of_verhuurd)', async () => {
    const { status, body } = await get('7906LE', '5');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      status: 'verkocht_of_verhuurd',
      status_tekst: 'Verkocht',
      vraagprijs: 289000,
      vraagprijs_per_m2: 3010, // 289000 / 96
      woonoppervlakte_m2: 96,
      perceeloppervlakte_m2: 140,
      bouwjaar_vermeld: 1968,
      kamers: 5,
      slaapkamers: 4,
      woningtype: 'Eengezinswoning, tussenwoning',
      energieklasse: 'C',
    });
  });

  it('3645AE 141 D: not on the site (niet_gevonden), one page request', async () => {
    const before = hits();
    const { status, body } = await get('3645AE', '141', { toevoeging: 'D' });
    expect(status).toBe(200);
    expect(hits() - before).toBe(1);
    expect(body.data).toMatchObject({ status: 'niet_gevonden', adres: null, vraagprijs: null, bron_url: null, foto_urls: [] });
    expect(body.data.toelichting).toBe('De zoekpagina van postcode 3645AE toont geen advertenties.');
  });

  it('3012BR 42 C: under offer, price on request', async () => {
    const { body } = await get('3012BR', '42', { toevoeging: 'C' });
    expect(body.data).toMatchObject({ status: 'onder_bod', status_tekst: 'Onder bod', vraagprijs: null, prijs_tekst: 'Prijs op aanvraag', vraagprijs_per_m2: null });
  });

  it('3012BR 42 without addition: the page lists 42 A and 42 C but not 42 itself', async () => {
    const { body } = await get('3012BR', '42');
    expect(body.data.status).toBe('niet_gevonden');
    expect(body.data.toelichting).toBe('De zoekpagina van postcode 3012BR toont 3 advertentie(s), geen voor 3012BR 42.');
  });

  it('a listing shown "in de omgeving" of another postcode is not taken for the address', async () => {
    const before = hits();
    const { body } = await get('3012BS', '42', { toevoeging: 'A' });
    expect(hits() - before).toBe(2);
    expect(body.data).toMatchObject({ status: 'niet_gevonden', adres: null, vraagprijs: null });
    expect(body.data.toelichting).toBe('De zoekpagina van postcode 3012BS toont alleen een advertentie met dit huisnummer in postcode 3012BR.');
  });
});

describe('url parameter', () => {
  it('reads the detail page directly (no search), for the real host and for the configured base', async () => {
    const before = hits();
    const echt = await get('3012BR', '42', { toevoeging: 'A', url: `https://www.funda.nl${DETAIL_42A}` });
    expect(echt.status).toBe(200);
    expect(echt.body.data).toMatchObject({ status: 'gevonden', vraagprijs: 325000, uit_cache: false });
    expect(hits() - before).toBe(1);

    zetListingLimieten({ nu: klok });
    const basis = await get('3012BR', '42', { toevoeging: 'a', url: replay.sourceUrl('woningsite') + DETAIL_42A.slice(0, -1) });
    expect(basis.status).toBe(200);
    expect(basis.body.data.status).toBe('gevonden');
    expect(hits() - before).toBe(2);
  });

  it('answers niet_gevonden for a listing page that no longer exists (HTTP 404)', async () => {
    const { status, body } = await get('3012BR', '42', { toevoeging: 'B', url: 'https://www.funda.nl/detail/koop/rotterdam/appartement-witte-de-withstraat-42-b/43000001/' });
    expect(status).toBe(200);
    expect(body.data.status).toBe('niet_gevonden');
    expect(body.data.toelichting).toContain('bestaat niet (meer)');
  });

  it.each([
    ['another host', 'https://evil.example/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/', 'alleen advertentiepagina'],
    ['an internal address', 'http://169.254.169.254/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/', 'alleen advertentiepagina'],
    ['credentials in the url', `https://user:pw@www.funda.nl${DETAIL_42A}`, 'alleen advertentiepagina'],
    ['a rental page', 'https://www.funda.nl/detail/huur/rotterdam/appartement-witte-de-withstraat-42-a/43012345/', 'het pad moet de vorm'],
    ['another path', 'https://www.funda.nl/koop/rotterdam/', 'het pad moet de vorm'],
    ['not a url', 'witte de withstraat 42a', 'geen geldig adres'],
    ['another house number', 'https://www.funda.nl/detail/koop/rotterdam/appartement-witte-de-withstraat-44-a/43012345/', 'hoort niet bij huisnummer 42 toevoeging A'],
    ['another addition', 'https://www.funda.nl/detail/koop/rotterdam/appartement-witte-de-withstraat-42-c/43012377/', 'hoort niet bij huisnummer 42'],
  ])('rejects %s with a 400 naming url, without any request to the site', async (_name, url, reason) => {
    const before = hits();
    const { status, body } = await get('3012BR', '42', { toevoeging: 'A', url });
    expect(status).toBe(400);
    expect(body.errorCode).toBe('invalid_parameter');
    expect(body.invalid_params).toEqual([{ name: 'url', in: 'query', reason: expect.stringContaining(reason) }]);
    expect(hits() - before).toBe(0);
  });

  it('rejects a listing of another postcode with a 400, also when the page comes from the cache', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await get('3012BS', '42', { toevoeging: 'A', url: `https://www.funda.nl${DETAIL_42A}` });
      expect(status).toBe(400);
      expect(body.invalid_params[0]).toMatchObject({ name: 'url', reason: 'de advertentie hoort bij postcode 3012BR, niet bij 3012BS' });
    }
  });
});

describe('blocking', () => {
  it('a captcha page gives geblokkeerd, kept 15 minutes, not 12 hours', async () => {
    const first = await get('2500SS', '1');
    expect(first.status).toBe(200);
    expect(first.body.data.status).toBe('geblokkeerd');
    expect(first.body.data.toelichting).toContain('captcha');
    expect(first.body.bronnen[0]).toMatchObject({ bron: 'woningsite', status: 'onbeschikbaar', foutsoort: 'captcha' });
    const before = hits();
    nu += 15 * 60_000 - 1;
    expect((await get('2500SS', '1')).body.data.uit_cache).toBe(true);
    nu += 1;
    expect((await get('2500SS', '1')).body.data.uit_cache).toBe(false);
    expect(hits() - before).toBe(1);
  });

  it('HTTP 429 from the site gives geblokkeerd', async () => {
    const { status, body } = await get('2500SA', '1');
    expect(status).toBe(200);
    expect(body.data.status).toBe('geblokkeerd');
    expect(body.bronnen[0]).toMatchObject({ status: 'onbeschikbaar', foutsoort: 'http_429' });
  });
});

describe('limits', () => {
  it('caches 12 hours per address: later calls cost no request', async () => {
    await get('3012BR', '42', { toevoeging: 'A' });
    const before = hits();
    nu += LISTING_CACHE_MS - 1;
    const cached = await get('3012BR', '42', { toevoeging: 'a' });
    expect(cached.body.data.uit_cache).toBe(true);
    expect(cached.body.data.opgehaald_op).toBe('2026-01-05T09:00:00.000Z');
    expect(cached.body.bronnen[0]).toMatchObject({ cache: true, duur_ms: 0 });
    // the detail page found by the search also answers a url call from the cache
    expect((await get('3012BR', '42', { toevoeging: 'A', url: `https://www.funda.nl${DETAIL_42A}` })).body.data.uit_cache).toBe(true);
    expect(hits() - before).toBe(0);
    nu += 1;
    const fresh = await get('3012BR', '42', { toevoeging: 'A' });
    expect(fresh.body.data.uit_cache).toBe(false);
    expect(hits() - before).toBe(2);
  });

  it('the 31st scrape in an hour is a 503 with Retry-After, while a cached address still answers', async () => {
    expect((await get('3012BR', '42', { toevoeging: 'A' })).status).toBe(200); // scrape 1 (two page requests)
    for (let hn = 1; hn <= 29; hn++) {
      nu += 60_000;
      expect((await get('3645AE', String(hn))).status).toBe(200); // scrapes 2-30
    }
    const before = hits();
    const over = await get('3645AE', '100');
    expect(over.status).toBe(503);
    expect(over.body.errorCode).toBe('service_unavailable');
    expect(over.body.bron).toBe('woningsite');
    expect(over.body.detail).toContain('hoogstens 30 per uur');
    // the first scrape was 29 minutes ago: it leaves the window in 31 minutes
    expect(over.headers.get('Retry-After')).toBe(String(31 * 60));
    expect(hits() - before).toBe(0);

    const cached = await get('3012BR', '42', { toevoeging: 'A' });
    expect(cached.status).toBe(200);
    expect(cached.body.data.uit_cache).toBe(true);

    nu += 31 * 60_000;
    expect((await get('3645AE', '100')).status).toBe(200);
  });

  it('runs concurrent scrapes one after another; concurrent calls for one address scrape once', async () => {
    replay.setFault('woningsite', { kind: 'latency', ms: 60 });
    const before = hits();
    const started = performance.now();
    const answers = await Promise.all([get('3645AE', '1'), get('3645AE', '2'), get('3645AE', '3')]);
    expect(answers.map((a) => a.body.data.status)).toEqual(['niet_gevonden', 'niet_gevonden', 'niet_gevonden']);
    expect(performance.now() - started).toBeGreaterThanOrEqual(3 * 60 - 5);
    expect(hits() - before).toBe(3);

    const same = await Promise.all([get('7906LE', '5'), get('7906LE', '5'), get('7906LE', '5')]);
    expect(same.map((a) => a.body.data.uit_cache).sort()).toEqual([false, true, true]);
    expect(hits() - before).toBe(5); // one search and one detail page
  });

  it('a call that cannot get its turn in time is a 503 with Retry-After', async () => {
    zetListingLimieten({ nu: klok, wachtMs: 30 });
    replay.setFault('woningsite', { kind: 'latency', ms: 200 });
    const [a, b] = await Promise.all([get('3645AE', '1'), get('3645AE', '2')]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(503);
    expect(b.body.errorCode).toBe('service_unavailable');
    expect(b.headers.get('Retry-After')).toBe('60');
  });
});

describe('faults of the site', () => {
  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['timeout', 'tijdslimiet'],
    ['malformed', 'niet gelezen kon worden'],
  ] as const)('%s: a 503 problem naming the woningsite, nothing cached', async (kind, text) => {
    replay.setFault('woningsite', { kind });
    const { status, body } = await get('3012BR', '42', { toevoeging: 'A' });
    expect(status).toBe(503);
    expect(body.errorCode).toBe('service_unavailable');
    expect(body.bron).toBe('woningsite');
    expect(body.detail).toContain(text);
    replay.clearFaults();
    const later = await get('3012BR', '42', { toevoeging: 'A' });
    expect(later.status).toBe(200);
    expect(later.body.data.uit_cache).toBe(false);
  });
});
