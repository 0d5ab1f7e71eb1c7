// GET /v1/adres/{pc}/{hn}/context and /v1/pand/{pc}/{hn}/dossier against the replay of every source (the demo
// addresses; see the fixtures' MANIFESTs for what is recorded and what is built).
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import type { BronEntry } from '@/lib/sources/bron';
import { adresContext } from './context';
import { pandDossier, EP_ONLINE_TOEGANG } from '@/lib/services/pand/dossier';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string };

const harnas = metReplay({ env: { EP_ONLINE_API_KEY: 'replay-test' } });

async function get(op: Operation, url: string, pc: string, hn: string): Promise<{ status: number; body: Body }> {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve({ postcode: pc, huisnummer: hn }) });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('GET /v1/adres/{postcode}/{huisnummer}/context', () => {
  it('gives identity, buurt and wijk figures, parcels and buildings around the point and the monument at the address', async () => {
    const { status, body } = await get(adresContext, '/v1/adres/3012BR/42/context', '3012BR', '42');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.adres).toMatchObject({ weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam', keuze: 'eerste_op_huisnummer', buurt_code: 'BU05990112', wijk_code: 'WK059901' });
    expect(d.adres.coordinaten.rd.x).toBeGreaterThan(90000);
    expect(d.buurt).toMatchObject({ code: 'BU05990112', naam: 'Cool', niveau: 'buurt' });
    expect(d.buurt.kenmerken.find((k: { naam: string }) => k.naam === 'aantal_inwoners').waarde).toBe(4915);
    expect(d.wijk).toMatchObject({ code: 'WK059901', naam: 'Stadscentrum' });
    expect(d.percelen_rond).toMatchObject({ straal_m: 50, afgekapt: false });
    expect(d.percelen_rond.objecten[0]).toMatchObject({ kadastrale_aanduiding: 'RTD00 N 4102', afstand_m: 0 });
    expect(d.percelen_rond.objecten.map((p: { afstand_m: number }) => p.afstand_m)).toEqual([...d.percelen_rond.objecten.map((p: { afstand_m: number }) => p.afstand_m)].sort((a, b) => a - b));
    expect(d.bebouwing_rond.objecten[0].bag_pand_id).toBe('0599100000691863');
    expect(d.monumenten).toHaveLength(1);
    expect(d.monumenten[0].ligging).toContain('binnen_contour');
    expect(d.links.buurt).toBe('/v1/regio/BU05990112');
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
  });

  it('keeps answering when the cadastral map fails: parcels and buildings null, the source onbeschikbaar', async () => {
    harnas.replay().setFault('brk-kadastrale-kaart', { kind: 'http500' });
    const { status, body } = await get(adresContext, '/v1/adres/7906LE/5/context', '7906LE', '5');
    expect(status).toBe(200);
    expect(body.data.percelen_rond).toBeNull();
    expect(body.data.bebouwing_rond).toBeNull();
    expect(body.data.buurt.code).toBe('BU01180105');
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron)).toEqual(['brk-kadastrale-kaart', 'brk-kadastrale-kaart']);
  });

  it('answers 404 for an unknown address, 400 for a bad one and 502 when the Locatieserver fails', async () => {
    expect((await get(adresContext, '/v1/adres/1234ZZ/1/context', '1234ZZ', '1')).status).toBe(404);
    expect((await get(adresContext, '/v1/adres/1234/1/context', '1234', '1')).status).toBe(400);
    harnas.replay().setFault('pdok-locatieserver', { kind: 'timeout' });
    process.env.BRON_TIMEOUT_MS = '300';
    try {
      const r = await get(adresContext, '/v1/adres/7906LE/5/context', '7906LE', '5');
      expect(r.status).toBe(502);
      expect(r.body.detail).toMatch(/Locatieserver/);
    } finally {
      process.env.BRON_TIMEOUT_MS = '3000';
    }
  });
});

describe('GET /v1/pand/{postcode}/{huisnummer}/dossier', () => {
  it('gives the building and parcel at the point, no monument, the buurt profile and the label', async () => {
    const { status, body } = await get(pandDossier, '/v1/pand/7906LE/5/dossier', '7906LE', '5');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.panden.map((p: { bag_pand_id: string }) => p.bag_pand_id)).toEqual(['0118100001200409']);
    expect(d.perceel.kadastrale_aanduiding).toBe('HGV00 I 4945');
    expect(d.monumentstatus).toEqual({ is_rijksmonument: false, monumenten: [] });
    expect(d.buurtprofiel).toMatchObject({ code: 'BU01180105', naam: 'Bloemenbuurt', jaar: 2024, profiel: '/v1/regio/BU01180105' });
    expect(d.buurtprofiel.kernkenmerken.map((k: { naam: string }) => k.naam)).toContain('gemiddelde_woz_waarde_van_woningen');
    expect(d.buurtprofiel.afwijkingen_landelijk.hoger).toHaveLength(5);
    expect(d.energielabel).toEqual({ gevonden: true, klasse: 'C', registratiedatum: '2025-05-20', geldig_tot_datum: '2035-05-12', gebouwtype: 'Rijwoning tussen', toegang: 'Gelezen uit EP-Online (RVO).' });
  });

  it('says a monument at the address is one, and how to get the label without a key', async () => {
    delete process.env.EP_ONLINE_API_KEY;
    try {
      const { body } = await get(pandDossier, '/v1/pand/3012BR/42/dossier', '3012BR', '42');
      expect(body.data.monumentstatus.is_rijksmonument).toBe(true);
      expect(body.data.energielabel).toMatchObject({ gevonden: false, klasse: null, toegang: EP_ONLINE_TOEGANG });
      expect(body.bronnen.find((b) => b.bron === 'ep-online')).toMatchObject({ status: 'onbeschikbaar', foutsoort: 'geen_sleutel' });
    } finally {
      process.env.EP_ONLINE_API_KEY = 'replay-test';
    }
  });
});
