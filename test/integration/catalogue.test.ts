// /v1/bronnen is generated from the declarations: it lists exactly the served operations, the roadmap
// of the spec's other operations, and per source the base URL in force and its observed reachability
// (recorded in the database: this runs on both backends).
import { describe, expect, inject, it } from 'vitest';
import { api } from './http';

describe('/v1/bronnen', () => {
  it('lists exactly the operations of the OpenAPI document as live', async () => {
    const [cat, oas] = await Promise.all([api('/v1/bronnen'), api('/v1/openapi.json')]);
    const fromOas = Object.entries(oas.body.paths as Record<string, Record<string, unknown>>)
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${oas.body.servers[0].url}${p}`))
      .sort();
    const fromCat = cat.body.data.operaties.map((o: { methode: string; pad: string }) => `${o.methode} ${o.pad}`).sort();
    expect(fromCat).toEqual(fromOas);
    expect(cat.body.data.operaties.every((o: { status: string }) => o.status === 'live')).toBe(true);
  });

  it('keeps the roadmap disjoint from the live operations and covers the spec', async () => {
    const cat = (await api('/v1/bronnen')).body.data;
    const live = new Set(cat.operaties.map((o: { methode: string; pad: string }) => `${o.methode} ${o.pad}`));
    for (const r of cat.roadmap) expect(live.has(`${r.methode} ${r.pad}`)).toBe(false);
    expect(cat.roadmap.length + cat.operaties.length).toBeGreaterThanOrEqual(85);
    expect(live.has('GET /v1/landreg/percelen')).toBe(true);
    for (const r of cat.roadmap) expect(r).toMatchObject({ status: 'in ontwikkeling', issue: expect.any(Number) });
    expect(live.has('GET /v1/regio/{code}/top')).toBe(true);
    expect(cat.roadmap.some((r: { issue: number }) => r.issue === 8)).toBe(false);
  });

  it('says that sources point at the replay server, and records their reachability in the database', async () => {
    await api('/v1/addrreg/suggest?q=Damrak');
    await new Promise((r) => setTimeout(r, 2500)); // outcomes are flushed to the database every 2 s
    const cat = (await api('/v1/bronnen')).body.data;
    const pdok = cat.bronnen.find((b: { id: string }) => b.id === 'pdok-locatieserver');
    expect(pdok.vervangen).toBe(true);
    expect(pdok.basis_url).toContain('127.0.0.1');
    expect(pdok.standaard_url).toBe('https://api.pdok.nl/bzk/locatieserver/search/v3_1');
    expect(pdok.bereikbaarheid?.aantal_ok, `backend ${inject('dbBackend')}`).toBeGreaterThanOrEqual(1);
    expect(pdok.bereikbaarheid.laatste_succes).not.toBeNull();
  });
});
