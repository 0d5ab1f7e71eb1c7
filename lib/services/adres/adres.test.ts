// GET /v1/adres/{postcode}/{huisnummer}: twelve sources in parallel against the replay of every source (the demo
// addresses; recorded and built fixtures as their MANIFESTs say), partial failure and a hanging source.
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { clearLuchtmeetnetCatalogus } from '@/lib/sources/luchtmeetnet';
import type { BronEntry } from '@/lib/sources/bron';
import { adresVolledig } from './adres';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string };

const harnas = metReplay({ naElkeTest: clearLuchtmeetnetCatalogus });

async function get(pc: string, hn: string): Promise<{ status: number; body: Body; ms: number }> {
  const t = performance.now();
  const res = await route(adresVolledig).GET(new Request(`http://localhost/v1/adres/${pc}/${hn}`), { params: Promise.resolve({ postcode: pc, huisnummer: hn }) });
  return { status: res.status, body: (await res.json()) as Body, ms: performance.now() - t };
}

describe('GET /v1/adres/{postcode}/{huisnummer}', () => {
  it('answers every part for the Rotterdam apartment', async () => {
    const { status, body } = await get('3012BR', '42');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.adres).toMatchObject({ weergavenaam: 'Witte de Withstraat 42A, 3012BR Rotterdam', keuze: 'eerste_op_huisnummer' });
    expect(d.verblijfsobject.identificatie).toBe('0599010000295420');
    expect(d.gebieden).toMatchObject({ gemeente: { code: 'GM0599', naam: 'Rotterdam' }, buurt: { code: 'BU05990112' }, wijk: { code: 'WK059901' } });
    expect(d.woz.status).toBe('ok');
    expect(d.monumenten).toHaveLength(1);
    expect(d.perceel.kadastrale_aanduiding).toBe('RTD00 N 4102');
    expect(d.panden.map((p: { bag_pand_id: string }) => p.bag_pand_id)).toEqual(['0599100000691863']);
    expect(d.kerncijfers.buurt).toMatchObject({ code: 'BU05990112', naam: 'Cool', jaar: 2024 });
    expect(d.kerncijfers.buurt.kenmerken.find((k: { naam: string }) => k.naam === 'aantal_inwoners').waarde).toBe(4915);
    expect(d.woningmarkt).toMatchObject({ gemeente_code: 'GM0599', tabel: '83625NED' });
    expect(d.woningmarkt.reeks.map((p: { jaar: number }) => p.jaar)).toEqual([2023, 2024, 2025]);
    expect(d.milieuzone.in_zone).toBe(false);
    expect(d.milieuzone.zones[0]).toMatchObject({ naam: "ZE 's-Hertogenbosch", in_zone: false });
    expect(d.lucht).toMatchObject({ nummer: 'NL01493', afstand_m: 2174 });
    expect(d.lucht.metingen.length).toBeGreaterThan(0);
    expect(d.verkeer.maatregelen.length).toBeGreaterThan(0);
    expect(d.verkeer.reistijden.length).toBeGreaterThan(0);
    expect(d.subsidies.maatregelen).toHaveLength(12);
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
    const named = new Set(body.bronnen.map((b) => b.bron));
    for (const id of ['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'rce-monumenten', 'brk-kadastrale-kaart', 'cbs-statline', 'ndw-emissiezones', 'luchtmeetnet', 'ndw-verkeersmaatregelen', 'ndw-meetlocaties', 'ndw-reistijden', 'rvo-isde']) {
      expect(named.has(id), id).toBe(true);
    }
  });

  it('adds the authentic BAG address (Individuele Bevragingen) when a Kadaster key is set', async () => {
    expect((await get('3012BR', '42')).body.data.bag).toBeNull();
    process.env.BAG_API_KEY = 'replay-test';
    try {
      clearSourceCache();
      const { body } = await get('3012BR', '42');
      expect(body.data.bag).toMatchObject({ postcode: '3012BR', huisnummer: 42, huisletter: 'A' });
      expect(body.bronnen.find((b) => b.bron === 'bag-individuele-bevragingen')?.status).toBe('ok');
    } finally {
      delete process.env.BAG_API_KEY;
    }
  });

  it('answers for the terraced and the detached demo house', async () => {
    const rij = await get('7906LE', '5');
    expect(rij.status).toBe(200);
    expect(rij.body.data).toMatchObject({ perceel: { kadastrale_aanduiding: 'HGV00 I 4945' }, kerncijfers: { buurt: { code: 'BU01180105' } } });
    const vrij = await get('3645AE', '141');
    expect(vrij.status).toBe(200);
    expect(vrij.body.data).toMatchObject({ perceel: { kadastrale_aanduiding: 'VKV00 A 3744' }, gebieden: { gemeente: { code: 'GM0736' } } });
  });

  it('with one source hanging answers within its time budget, that part null and onbeschikbaar', async () => {
    process.env.BRON_TIMEOUT_MS = '600';
    try {
      harnas.replay().setFault('rce-monumenten', { kind: 'timeout' });
      const { status, body, ms } = await get('3012BR', '42');
      expect(status).toBe(200);
      expect(body.data.monumenten).toBeNull();
      expect(body.data.perceel.kadastrale_aanduiding).toBe('RTD00 N 4102');
      expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar')).toEqual([expect.objectContaining({ bron: 'rce-monumenten', foutsoort: 'timeout' })]);
      expect(ms).toBeLessThan(5000);
    } finally {
      process.env.BRON_TIMEOUT_MS = '3000';
    }
  });

  it('turns failing parts into null with the source onbeschikbaar, never a failed call', async () => {
    for (const id of ['cbs-statline', 'ndw-emissiezones', 'rvo-isde', 'woz-waardeloket']) harnas.replay().setFault(id, { kind: 'http500' });
    const { status, body } = await get('7906LE', '5');
    expect(status).toBe(200);
    expect(body.data.kerncijfers).toBeNull();
    expect(body.data.woningmarkt).toBeNull();
    expect(body.data.milieuzone).toBeNull();
    expect(body.data.subsidies).toBeNull();
    expect(body.data.woz.status).toBe('onbeschikbaar');
    expect(body.data.panden).not.toBeNull();
    const down = new Set(body.bronnen.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron));
    expect([...down].sort()).toEqual(['cbs-statline', 'ndw-emissiezones', 'rvo-isde', 'woz-waardeloket']);
  });

  it('is 404 for an unknown address, 400 for a bad postcode and 502 when the address look-up fails', async () => {
    expect((await get('1234ZZ', '1')).status).toBe(404);
    expect((await get('1234ZZ', '0')).status).toBe(400);
    harnas.replay().setFault('pdok-locatieserver', { kind: 'http500' });
    const r = await get('7906LE', '5');
    expect(r.status).toBe(502);
    expect(r.body.detail).toMatch(/Locatieserver/);
  });
});
