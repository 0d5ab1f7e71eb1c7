// GET /v1/adres/{postcode}/{huisnummer}/subsidies through the route wrapper against the replay server:
// the demo addresses, parameter errors, an unknown address, RVO failing (502, a deviation from the spec)
// and the 24-hour cache of the page (opgevraagd_op stays the time the page was read).
import { describe, expect, it } from 'vitest';

import { route } from '@/lib/api/route';
import { metReplay } from '@/test/upstream/met-replay';
import type { BronEntry } from '@/lib/sources/bron';
import { adresSubsidies, type Subsidies } from './subsidies';

interface Answer {
  api: string;
  onderdeel: string;
  data: Subsidies;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
  invalid_params: { name: string }[];
}

const harnas = metReplay({ bronnen: ['pdok-locatieserver', 'rvo-isde'], env: { BRON_TIMEOUT_MS: '1500' } });

async function call(postcode: string, huisnummer: string) {
  const req = new Request(`http://localhost/v1/adres/${postcode}/${huisnummer}/subsidies`);
  const res = await route(adresSubsidies).GET(req, { params: Promise.resolve({ postcode, huisnummer }) });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('the demo addresses', () => {
  it('Anjerstraat 5, Hoogeveen: twelve national measures with amounts, links and the time RVO was read', async () => {
    const before = Date.now();
    const { status, body } = await call('7906LE', '5');
    expect(status).toBe(200);
    expect(body.api).toBe('adres');
    expect(body.onderdeel).toBe('subsidies');
    expect(body.data.adres).toMatchObject({ weergavenaam: 'Anjerstraat 5, 7906LE Hoogeveen', keuze: 'exact', gemeente_code: 'GM0118' });
    expect(body.data.bedragen_landelijk).toBe(true);
    expect(body.data.bron_url).toBe('https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren');
    expect(body.data.maatregelen).toHaveLength(12);
    expect(body.data.maatregelen.find((m) => m.maatregel === 'Dakisolatie')).toMatchObject({
      regeling: 'ISDE',
      bedrag_per_eenheid: 16,
      eenheid: 'm²',
      bedrag_bij_combinatie: 32,
      voorwaarden: 'Minimaal 20 m²; Rd-waarde minimaal 3,5 m²K/W',
    });
    expect(body.data.maatregelen.find((m) => m.maatregel === 'Aansluiting op een warmtenet')?.bedrag).toBe(3775);
    expect(Date.parse(body.data.opgevraagd_op)).toBeGreaterThanOrEqual(before - 1000);
    expect(body.bronnen.map((b) => [b.bron, b.status])).toEqual([
      ['pdok-locatieserver', 'ok'],
      ['rvo-isde', 'ok'],
    ]);
    expect(body.bronnen[1].opname?.soort).toBe('opgebouwd');
    expect(body.data.opgevraagd_op).toBe(body.bronnen[1].opgehaald_op);
  });

  it('Witte de Withstraat 42 (42A taken) and Baambrugse Zuwe 141 (141D) get the same national amounts', async () => {
    const a = await call('3012BR', '42');
    const b = await call('3645AE', '141');
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.data.adres.huisletter).toBe('A');
    expect(b.body.data.adres.huisletter).toBe('D');
    expect(a.body.data.maatregelen).toEqual(b.body.data.maatregelen);
  });

  it('reads the RVO page once per 24 hours: opgevraagd_op of a later call is the first reading', async () => {
    const start = harnas.replay().hits('rvo-isde');
    const first = await call('7906LE', '5');
    await new Promise((r) => setTimeout(r, 20));
    const second = await call('3012BR', '42');
    expect(harnas.replay().hits('rvo-isde') - start).toBe(1);
    expect(second.body.data.opgevraagd_op).toBe(first.body.data.opgevraagd_op);
    expect(second.body.bronnen[1].cache).toBe(true);
  });
});

describe('errors', () => {
  it.each([
    ['3012B', '42', 'postcode'],
    ['3012BR', 'x', 'huisnummer'],
    ['3012BR', '-1', 'huisnummer'],
  ])('400 for %s %s', async (pc, hn, name) => {
    const { status, body } = await call(pc, hn);
    expect(status).toBe(400);
    expect(body.invalid_params.map((p) => p.name)).toContain(name);
  });

  it('404 for an unknown address, even when RVO is down', async () => {
    harnas.replay().setFault('rvo-isde', { kind: 'http500' });
    const { status, body } = await call('9999ZZ', '1');
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
  });

  it.each(['http500', 'timeout', 'malformed'] as const)('502 naming rvo-isde when the page cannot be read (%s)', async (kind) => {
    harnas.replay().setFault('rvo-isde', { kind });
    const { status, body } = await call('7906LE', '5');
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('rvo-isde');
  });

  it('502 naming the Locatieserver when it fails', async () => {
    harnas.replay().setFault('pdok-locatieserver', { kind: 'http500' });
    const { status, body } = await call('7906LE', '5');
    expect(status).toBe(502);
    expect(body.bron).toBe('pdok-locatieserver');
  });
});
