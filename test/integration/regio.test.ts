// The region, statistics and catalogue operations through the running app against the replay server, as a
// user of `npm run demo` would call them: Hoogeveen (GM0118) with its wijken and buurten, the national
// catalogue and a dataset query, and a failing upstream as a 502 problem naming the source.
import { afterEach, describe, expect, it } from 'vitest';
import { api, clearFaults, setFault } from './http';

afterEach(async () => {
  await clearFaults();
});

describe('region services on the demo municipality', () => {
  it.each([
    ['/v1/regio/GM0118', 'profiel'],
    ['/v1/regio/GM0118/top?niveau=buurt&n=5', 'top'],
    ['/v1/regio/WK011801/landelijk', 'landelijk'],
    ['/v1/regio/BU01180105/woningmarkt', 'woningmarkt'],
    ['/v1/regio/BU0118NB01/trend', 'trend'],
    ['/v1/regio/BU01180105/vergelijk?met=GM0118', 'vergelijk'],
    ['/v1/monitoring/regio/GM0118', 'monitoring'],
    ['/v1/stats/kerncijfers?regio=WK0118NB', 'kerncijfers'],
    ['/v1/stats/regios?binnen=GM0118&niveau=buurt', 'regios'],
    ['/v1/catalogus/datasets?q=Hoogeveen', 'datasets'],
  ])('%s answers 200 in the envelope (%s), labelled as replayed', async (url, onderdeel) => {
    const r = await api(url);
    expect(r.status).toBe(200);
    expect(r.body.onderdeel).toBe(onderdeel);
    expect(r.body.bronnen.length).toBeGreaterThan(0);
    expect(r.body.bronnen.every((b: { opname: unknown }) => b.opname !== null)).toBe(true);
  });

  it('lists the 19 buurten of Hoogeveen', async () => {
    const r = await api('/v1/stats/regios?binnen=GM0118&niveau=buurt');
    expect(r.body.data.aantal).toBe(19);
    expect(r.body.data.regios[0]).toEqual({ code: 'BU01180101', naam: 'Centrum', niveau: 'buurt' });
  });

  it('queries a dataset of the municipality found in the profile', async () => {
    const profiel = await api('/v1/regio/GM0118');
    const first = profiel.body.data.open_data.datasets.find((d: { query_url: string | null }) => d.query_url);
    const r = await api(`${first.query_url}?rows=2`);
    expect(r.status).toBe(200);
    expect(r.body.data.records).toHaveLength(2);
    expect(r.body.data.kolommen.length).toBeGreaterThan(0);
  });

  it('is a 502 problem naming CBS when CBS fails, and 404 for a region in no edition', async () => {
    await setFault('cbs-statline', 'http500');
    const r = await api('/v1/regio/GM0599/landelijk');
    expect(r.status).toBe(502);
    expect(r.headers.get('content-type')).toMatch(/problem\+json/);
    expect(r.body.detail).toMatch(/CBS StatLine/);
    await clearFaults();
    expect((await api('/v1/regio/GM0001/trend')).status).toBe(404);
  });

  it('is a 502 problem naming the catalogue when data.overheid.nl fails', async () => {
    await setFault('data-overheid', 'timeout');
    const r = await api('/v1/catalogus/datasets?q=Amersfoort');
    expect(r.status).toBe(502);
    expect(r.body.detail).toMatch(/data\.overheid\.nl/);
  });
});
