// The first real operations through the whole stack (HTTP -> route -> source -> replay upstream), and
// what a user sees when an upstream fails: a 502 problem naming the source, within the time budget.
import { afterEach, describe, expect, it } from 'vitest';
import { api, clearFaults, setFault } from './http';

afterEach(clearFaults);

describe('addrreg through the stack', () => {
  it('suggest?q=Damrak returns {id, weergavenaam, type} and says the answer was replayed', async () => {
    const r = await api('/v1/addrreg/suggest?q=Damrak');
    expect(r.status).toBe(200);
    expect(r.body.api).toBe('addrreg');
    expect(r.body.data.suggesties.length).toBeGreaterThan(0);
    for (const s of r.body.data.suggesties) {
      expect(Object.keys(s).sort()).toEqual(['id', 'type', 'weergavenaam']);
      expect(s.weergavenaam).toMatch(/Damrak/);
    }
    const bron = r.body.bronnen.find((b: { bron: string }) => b.bron === 'pdok-locatieserver');
    expect(bron).toMatchObject({ status: 'ok', licentie: expect.stringContaining('CC0') });
    expect(bron.opname).toMatchObject({ soort: 'opgebouwd', bestand: expect.stringContaining('suggest-damrak') });
  });

  it('lookup of a suggested id returns one normalised address with WGS84 and RD coordinates', async () => {
    const sug = await api('/v1/addrreg/suggest?q=Damrak');
    const adres = sug.body.data.suggesties.find((s: { type: string }) => s.type === 'adres');
    const r = await api(`/v1/addrreg/lookup?id=${adres.id}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ id: adres.id, type: 'adres', straatnaam: 'Damrak', woonplaats: 'Amsterdam' });
    expect(r.body.data.coordinaten.wgs84.lat).toBeCloseTo(52.37, 1);
    expect(r.body.data.coordinaten.rd.x).toBeGreaterThan(100000);
  });

  it('lookup of an unknown id is a 404 problem', async () => {
    const r = await api('/v1/addrreg/lookup?id=adr-00000000000000000000000000000000');
    expect(r.status).toBe(404);
    expect(r.body.errorCode).toBe('not_found');
  });

  it('adressen pages through recorded free-search results', async () => {
    const r = await api('/v1/addrreg/adressen?q=Bolstraat%201%20Utrecht&rows=5');
    expect(r.status).toBe(200);
    expect(r.body.data.rows).toBe(5);
    expect(r.body.data.adressen[0]).toHaveProperty('postcode');
    expect(r.body.bronnen[0].opname.soort).toBe('opgenomen');
  });

  const faults: [string, string][] = [
    ['http500', 'HTTP-status 500'],
    ['timeout', 'tijdslimiet'],
    ['malformed', 'niet gelezen'],
    ['reset', 'niet bereikbaar'],
  ];
  it.each(faults)('with PDOK failing (%s) the same call is a 502 problem naming the source, within budget', async (kind, phrase) => {
    await setFault('pdok-locatieserver', kind);
    const r = await api('/v1/addrreg/suggest?q=Damrak');
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toMatch(/application\/problem\+json/);
    expect(r.body).toMatchObject({ errorCode: 'source_unavailable', bron: 'pdok-locatieserver' });
    expect(r.body.detail).toContain('PDOK Locatieserver');
    expect(r.body.detail).toContain(phrase);
    expect(r.ms).toBeLessThan(1500 + 1000); // BRON_TIMEOUT_MS is 1500 in this suite
  });

  it('recovers as soon as the upstream does', async () => {
    await setFault('pdok-locatieserver', 'http500');
    expect((await api('/v1/addrreg/suggest?q=Damrak')).status).toBe(502);
    await clearFaults();
    expect((await api('/v1/addrreg/suggest?q=Damrak')).status).toBe(200);
  });
});

describe('energie/prijzen through the stack', () => {
  // The 502 path of a failing CBS is tested at the route level (lib/services/energie/prijzen.test.ts): here
  // other suites (the PDF report) may already have warmed the 6-hour cache, as they should.
  it('answers all-in gas and electricity prices with a reference month, labelled as built sample', async () => {
    const r = await api('/v1/energie/prijzen');
    expect(r.status).toBe(200);
    expect(r.body.data.peilmaand).toMatch(/^\d{4}-\d{2}$/);
    expect(r.body.data.aardgas.all_in_per_m3).toBeGreaterThan(0.5);
    expect(r.body.data.elektriciteit.all_in_per_kwh).toBeGreaterThan(0.1);
    expect(r.body.bronnen[0]).toMatchObject({ bron: 'cbs-statline', attributie: expect.stringContaining('CBS') });
    expect(r.body.bronnen[0].opname.soort).toBe('opgebouwd');
  });
});
