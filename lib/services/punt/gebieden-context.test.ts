// GET /v1/punt/{lon}/{lat}/gebieden and /context against the replay of every source: the Rotterdam and
// Vinkeveen demo points (built reverse answers), the recorded reverse answer for Leiden, a point without an
// address nearby (empty reverse answer) near Hoogeveen, a point abroad; parameter bounds and faults.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import { sources } from '@/lib/sources/registry';
import type { BronEntry } from '@/lib/sources/bron';
import { puntGebieden } from './gebieden';
import { puntContext } from './context';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; detail?: string; bron?: string; invalid_params?: { name: string; reason: string }[] };

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '3000';
  replay = await startReplayServer();
  for (const s of sources) process.env[s.envVar] = replay.sourceUrl(s.id);
});
afterAll(async () => {
  await replay.close();
  for (const s of sources) delete process.env[s.envVar];
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(op: Operation, lon: string, lat: string, deel: string, q = ''): Promise<{ status: number; body: Body }> {
  const res = await route(op).GET(new Request(`http://localhost/v1/punt/${lon}/${lat}/${deel}${q}`), { params: Promise.resolve({ lon, lat }) });
  return { status: res.status, body: (await res.json()) as Body };
}
const gebieden = (lon: string, lat: string) => get(puntGebieden, lon, lat, 'gebieden');
const context = (lon: string, lat: string, q = '') => get(puntContext, lon, lat, 'context', q);

describe('GET /v1/punt/{lon}/{lat}/gebieden', () => {
  it('Rotterdam (Witte de Withstraat): buurt ⊂ wijk ⊂ gemeente ⊂ provincie ⊂ land with codes and links', async () => {
    const { status, body } = await gebieden('4.4776', '51.9156');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.gevonden).toBe(true);
    expect(d.punt.wgs84).toEqual({ lon: 4.4776, lat: 51.9156 });
    expect(d.punt.rd).toEqual({ x: 92419.335, y: 436737.113 });
    expect(d.bepaald_via).toEqual({ methode: 'dichtstbijzijnd_adres', weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam', afstand_m: 2.7, zoekafstand_m: 2000 });
    expect(d.buurt).toMatchObject({ niveau: 'buurt', code: 'BU05990112', naam: 'Cool', ligt_in: 'WK059901' });
    expect(d.wijk).toMatchObject({ code: 'WK059901', naam: 'Stadscentrum', ligt_in: 'GM0599' });
    expect(d.gemeente).toMatchObject({ code: 'GM0599', naam: 'Rotterdam', ligt_in: 'PV28' });
    expect(d.provincie).toMatchObject({ code: 'PV28', naam: 'Zuid-Holland', afkorting: 'ZH', ligt_in: 'NL' });
    expect(d.land_gebied).toEqual({ niveau: 'land', code: 'NL', cbs_code: 'NL00', naam: 'Nederland', ligt_in: null, links: {} });
    expect(d.woonplaats_gebied).toEqual({ code: '3086', naam: 'Rotterdam' });
    expect(d.ligt_in_keten).toEqual([
      { gebied: 'BU05990112', ligt_in: 'WK059901' },
      { gebied: 'WK059901', ligt_in: 'GM0599' },
      { gebied: 'GM0599', ligt_in: 'PV28' },
      { gebied: 'PV28', ligt_in: 'NL' },
    ]);
    expect(d.gemeente.links).toMatchObject({ regio: '/v1/regio/GM0599', landelijk: '/v1/regio/GM0599/landelijk', top: '/v1/regio/GM0599/top' });
    expect(d.buurt.links.regio).toBe('/v1/regio/BU05990112');
    expect(d.links.context).toBe('/v1/punt/4.4776/51.9156/context');
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: 'pdok-locatieserver', status: 'ok' });
  });

  it('Leiden from the recorded reverse answer: gemeente GM0546 and provincie PV28, no buurt or wijk in that answer', async () => {
    const { status, body } = await gebieden('4.49157312', '52.16420333');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.bepaald_via).toMatchObject({ weergavenaam: '3e Binnenvestgracht 23L-1, 2312NR Leiden', afstand_m: null });
    expect(d.gemeente).toMatchObject({ code: 'GM0546', naam: 'Leiden', ligt_in: 'PV28' });
    expect(d.provincie).toMatchObject({ code: 'PV28', naam: 'Zuid-Holland', afkorting: null });
    expect(d.buurt).toBeNull();
    expect(d.wijk).toBeNull();
    expect(d.ligt_in_keten).toEqual([{ gebied: 'GM0546', ligt_in: 'PV28' }, { gebied: 'PV28', ligt_in: 'NL' }]);
  });

  it('Vinkeveen: De Ronde Venen (GM0736) in Utrecht (PV26)', async () => {
    const { body } = await gebieden('4.9523', '52.2342');
    expect(body.data.gemeente).toMatchObject({ code: 'GM0736', naam: 'De Ronde Venen' });
    expect(body.data.provincie).toMatchObject({ code: 'PV26', naam: 'Utrecht', afkorting: 'UT' });
    expect(body.data.buurt.code).toBe('BU07360207');
    const hgv = await gebieden('6.4706', '52.7314');
    expect(hgv.body.data.gemeente).toMatchObject({ code: 'GM0118', naam: 'Hoogeveen', ligt_in: 'PV22' });
    expect(hgv.body.data.buurt).toMatchObject({ code: 'BU01180105', naam: 'Bloemenbuurt', ligt_in: 'WK011801' });
  });

  it('no address within 2000 m (just across the border): 200, gevonden false, every area null', async () => {
    const { status, body } = await gebieden('7.1', '52.2');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ gevonden: false, bepaald_via: null, gemeente: null, provincie: null, land_gebied: null, ligt_in_keten: [] });
    expect(body.data.toelichting).toMatch(/geen adres/);
    expect(body.bronnen.map((b) => b.bron)).toEqual(['pdok-locatieserver']);
  });

  it('far outside the Netherlands: answered without asking the Locatieserver', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await gebieden('13.4', '52.52');
    expect(status).toBe(200);
    expect(body.data.gevonden).toBe(false);
    expect(body.bronnen).toEqual([]);
  });

  it('400 for coordinates outside the WGS84 bounds or not numbers', async () => {
    for (const [lo, la, naam] of [['180.1', '52', 'lon'], ['-181', '52', 'lon'], ['4.4', '90.5', 'lat'], ['4.4', 'noord', 'lat'], ['4,4', '52', 'lon']]) {
      const r = await gebieden(lo, la);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params?.map((p) => p.name)).toContain(naam);
    }
    expect((await gebieden('180', '-90')).status).toBe(200); // the bounds themselves are valid (outside NL: no call)
  });

  it.each(['http500', 'timeout', 'malformed'] as const)('502 naming the Locatieserver on %s', async (kind) => {
    process.env.BRON_TIMEOUT_MS = '300';
    replay.setFault('pdok-locatieserver', { kind });
    try {
      const r = await gebieden('4.4776', '51.9156');
      expect(r.status).toBe(502);
      expect(r.body.bron).toBe('pdok-locatieserver');
      expect(r.body.detail).toMatch(/Locatieserver/);
    } finally {
      process.env.BRON_TIMEOUT_MS = '3000';
    }
  });
});

describe('GET /v1/punt/{lon}/{lat}/context', () => {
  it('Rotterdam: the nearest address, buurt and wijk figures, parcels and buildings around the point, the monument', async () => {
    const { status, body } = await context('4.4776', '51.9156');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.radius_m).toBe(150);
    expect(d.adres).toMatchObject({
      weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam',
      postcode: '3012BR',
      huisnummer: 42,
      huisletter: 'A',
      gemeente_code: 'GM0599',
      buurt_code: 'BU05990112',
      wijk_code: 'WK059901',
      nummeraanduiding_id: '0599200000508415',
      afstand_m: 2.7,
    });
    expect(d.toelichting).toBeNull();
    expect(d.buurt).toMatchObject({ code: 'BU05990112', naam: 'Cool' });
    expect(d.buurt.kenmerken.find((k: { naam: string }) => k.naam === 'aantal_inwoners').waarde).toBe(4915);
    expect(d.wijk).toMatchObject({ code: 'WK059901', naam: 'Stadscentrum' });
    expect(d.percelen_rond).toMatchObject({ straal_m: 50, afgekapt: false });
    expect(d.percelen_rond.objecten[0]).toMatchObject({ kadastrale_aanduiding: 'RTD00 N 4102', afstand_m: 0 });
    expect(d.bebouwing_rond.objecten[0].bag_pand_id).toBe('0599100000691863');
    expect(d.monumenten).toHaveLength(1);
    expect(d.links).toMatchObject({ gebieden: '/v1/punt/4.4776/51.9156/gebieden', buurt: '/v1/regio/BU05990112', adres_context: '/v1/adres/3012BR/42/context' });
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
    expect(new Set(body.bronnen.map((b) => b.bron))).toEqual(new Set(['pdok-locatieserver', 'cbs-statline', 'brk-kadastrale-kaart', 'rce-monumenten']));
  });

  it('no address within 10 m (back garden of Anjerstraat 5, Hoogeveen, 12.8 m from the address point): only the cadastral layers', async () => {
    const { status, body } = await context('6.47065', '52.73129', '?radius=10');
    expect(status).toBe(200);
    const d = body.data;
    expect(d).toMatchObject({ radius_m: 10, adres: null, buurt: null, wijk: null, monumenten: null });
    expect(d.toelichting).toMatch(/Binnen 10 m/);
    expect(d.percelen_rond.objecten.length).toBeGreaterThan(0);
    expect(d.percelen_rond.objecten[0]).toMatchObject({ kadastrale_aanduiding: 'HGV00 I 4944', afstand_m: 0 });
    expect(d.bebouwing_rond).not.toBeNull();
    expect(body.bronnen.map((b) => b.bron)).toEqual(['pdok-locatieserver', 'brk-kadastrale-kaart', 'brk-kadastrale-kaart']);
  });

  it('the recorded Leiden answer: address without buurt/wijk codes, so no core figures', async () => {
    const { status, body } = await context('4.49157312', '52.16420333', '?radius=2000');
    expect(status).toBe(200);
    expect(body.data.adres).toMatchObject({ weergavenaam: '3e Binnenvestgracht 23L-1, 2312NR Leiden', gemeente_code: 'GM0546', buurt_code: null, afstand_m: null });
    expect(body.data.buurt).toBeNull();
  });

  it('400 at the radius bounds (10-2000) and for bad coordinates', async () => {
    for (const q of ['?radius=9', '?radius=2001', '?radius=150.5', '?radius=']) {
      const r = await context('4.4776', '51.9156', q);
      expect(r.status).toBe(400);
      expect(r.body.invalid_params?.map((p) => p.name)).toEqual(['radius']);
    }
    expect((await context('4.4776', '91')).status).toBe(400);
    expect((await context('4.4776', '51.9156', '?radius=2000')).status).toBe(200);
  });

  it('a failing cadastral map with an address: 200, parcels and buildings null and onbeschikbaar', async () => {
    replay.setFault('brk-kadastrale-kaart', { kind: 'http500' });
    const { status, body } = await context('4.4776', '51.9156');
    expect(status).toBe(200);
    expect(body.data.percelen_rond).toBeNull();
    expect(body.data.bebouwing_rond).toBeNull();
    expect(body.data.buurt.code).toBe('BU05990112');
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron)).toEqual(['brk-kadastrale-kaart', 'brk-kadastrale-kaart']);
  });

  it('a failing CBS or RCE: that part null, the rest answers', async () => {
    replay.setFault('cbs-statline', { kind: 'http500' });
    replay.setFault('rce-monumenten', { kind: 'malformed' });
    const { status, body } = await context('4.4776', '51.9156');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ buurt: null, wijk: null, monumenten: null });
    expect(body.data.percelen_rond.objecten.length).toBeGreaterThan(0);
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron).sort()).toEqual(['cbs-statline', 'rce-monumenten']);
  });

  it('502 naming the cadastral map when there is no address and both cadastral layers fail', async () => {
    replay.setFault('brk-kadastrale-kaart', { kind: 'http500' });
    const r = await context('6.47065', '52.73129', '?radius=10');
    expect(r.status).toBe(502);
    expect(r.body.bron).toBe('brk-kadastrale-kaart');
  });

  it('answers the cadastral layers when reverse geocoding fails, naming the Locatieserver onbeschikbaar', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'reset' });
    const r = await context('4.4776', '51.9156');
    expect(r.status).toBe(200);
    expect(r.body.data.adres).toBeNull();
    expect(r.body.data.toelichting).toMatch(/Locatieserver is onbeschikbaar/);
    expect(r.body.data.percelen_rond).not.toBeNull();
    expect(r.body.data.bebouwing_rond).not.toBeNull();
    expect(r.body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron)).toEqual(['pdok-locatieserver']);
  });

  it('502 naming the Locatieserver and the Kadastrale kaart when nothing is left', async () => {
    replay.setFault('pdok-locatieserver', { kind: 'reset' });
    replay.setFault('brk-kadastrale-kaart', { kind: 'http500' });
    const r = await context('4.4776', '51.9156');
    expect(r.status).toBe(502);
    expect(r.body.bron).toBe('pdok-locatieserver');
    expect(r.body.bronnen).toEqual(['pdok-locatieserver', 'brk-kadastrale-kaart']);
  });
});
