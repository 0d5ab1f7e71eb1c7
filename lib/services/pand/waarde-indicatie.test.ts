// GET /v1/pand/{postcode}/{huisnummer}/waarde-indicatie against the replay of the Locatieserver and CBS
// fixtures (the demo addresses; CBS figures are generated, see the cbs-statline MANIFEST).
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { route } from '@/lib/api/route';
import type { BronEntry } from '@/lib/sources/bron';
import { pandWaardeIndicatie, GEEN_TAXATIE } from './waarde-indicatie';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string };

const harnas = metReplay({ bronnen: ['cbs-statline', 'pdok-locatieserver'] });

async function get(pc: string, hn: string): Promise<{ status: number; body: Body }> {
  const res = await route(pandWaardeIndicatie).GET(new Request(`http://localhost/v1/pand/${pc}/${hn}/waarde-indicatie`), { params: Promise.resolve({ postcode: pc, huisnummer: hn }) });
  return { status: res.status, body: (await res.json()) as Body };
}

describe('GET /v1/pand/{postcode}/{huisnummer}/waarde-indicatie', () => {
  it('gives the WOZ and stock of buurt, wijk, gemeente and Nederland, the buurt WOZ series and the sale prices, and says it is no appraisal', async () => {
    const { status, body } = await get('7906LE', '5');
    expect(status).toBe(200);
    const d = body.data;
    expect(d.geen_taxatie).toBe(GEEN_TAXATIE);
    expect(d.geen_taxatie).toMatch(/geen taxatie/);
    expect(d.adres).toMatchObject({ weergavenaam: 'Anjerstraat 5, 7906LE Hoogeveen', buurt_code: 'BU01180105', wijk_code: 'WK011801', gemeente_code: 'GM0118' });
    expect(d.jaar).toBe(2024);
    expect(d.buurt).toMatchObject({ code: 'BU01180105', naam: 'Bloemenbuurt', gemiddelde_woz_waarde_van_woningen: 231000, koopwoningen: 57 });
    expect(d.wijk).toMatchObject({ code: 'WK011801', gemiddelde_woz_waarde_van_woningen: 236000, woningvoorraad: 2897 });
    expect(d.gemeente).toMatchObject({ code: 'GM0118', naam: 'Hoogeveen', gemiddelde_woz_waarde_van_woningen: 289000 });
    expect(d.landelijk).toMatchObject({ code: 'NL00', gemiddelde_woz_waarde_van_woningen: 360000 });
    expect(d.buurt_woz_reeks.map((p: { jaar: number }) => p.jaar)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024]);
    expect(d.buurt_woz_reeks.at(-1)).toMatchObject({ jaar: 2024, waarde: 231000 });
    expect(d.verkoopprijzen.reeks_gemeente).toHaveLength(10);
    expect(d.verkoopprijzen.reeks_gemeente.at(-1)).toEqual({ jaar: 2025, gemiddelde_verkoopprijs: 357100, delta: 21500, delta_pct: 6.4 });
    expect(body.bronnen[0].bron).toBe('pdok-locatieserver');
  });

  it('takes the first addition when the number has no plain address (3012BR 42 -> 42A), in Rotterdam Cool', async () => {
    const { status, body } = await get('3012BR', '42');
    expect(status).toBe(200);
    expect(body.data.adres.weergavenaam).toBe('Witte de Withstraat 42A, 3012BR Rotterdam');
    expect(body.data.buurt).toMatchObject({ code: 'BU05990112', naam: 'Cool', gemiddelde_woz_waarde_van_woningen: 318000 });
    expect(body.data.wijk).toMatchObject({ code: 'WK059901', naam: 'Stadscentrum' });
  });

  it('answers 404 for an unknown address and 400 for a bad postcode', async () => {
    const unknown = await get('1234ZZ', '1');
    expect(unknown.status).toBe(404);
    expect(unknown.body.errorCode).toBe('not_found');
    expect((await get('12345', '1')).status).toBe(400);
  });

  it('keeps the address when CBS fails: the parts are null and CBS onbeschikbaar', async () => {
    harnas.replay().setFault('cbs-statline', { kind: 'http500' });
    const { status, body } = await get('3645AE', '141');
    expect(status).toBe(200);
    expect(body.data.adres.buurt_code).toBe('BU07360207');
    expect(body.data.buurt).toBeNull();
    expect(body.data.verkoopprijzen).toBeNull();
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar').every((b) => b.bron === 'cbs-statline')).toBe(true);
    expect(body.data.geen_taxatie).toBe(GEEN_TAXATIE);
  });

  it('is a 502 naming the Locatieserver when the address cannot be looked up', async () => {
    harnas.replay().setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await get('7906LE', '5');
    expect(status).toBe(502);
    expect(body.detail).toMatch(/Locatieserver/);
  });
});
