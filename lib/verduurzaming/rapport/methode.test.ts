// The scenario method document: one source of truth with kentallen.ts, every constant cited with a year,
// and valid against its own schema as GET /v1/verduurzaming/methodiek publishes it.
import { beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { verduurzamingMethodiek } from '@/lib/services/verduurzaming/methodiek';
import { KENTALLEN, LABEL_BOVENGRENS_EP2 } from './kentallen';
import { scenarioMethode, scenarioMethodeSchema } from './methode';
import { SIGNAALREGELS } from './signals';

describe('scenarioMethode', () => {
  const m = scenarioMethode();

  it('is valid against its schema and survives JSON (no Infinity for label G)', () => {
    expect(scenarioMethodeSchema.parse(JSON.parse(JSON.stringify(m)))).toEqual(m);
    expect(m.labelklassen.bovengrens_ep2).toMatchObject({ 'A++++': 0, A: 160, F: 380, G: null });
  });

  it('lists every constant of kentallen.ts with value, unit, source and year; published ones with a URL', () => {
    expect(m.constanten.map((k) => [k.id, k.waarde])).toEqual(KENTALLEN.map((k) => [k.id, k.waarde]));
    for (const k of m.constanten) {
      expect(k.eenheid.length).toBeGreaterThan(0);
      expect(k.bron.length).toBeGreaterThan(5);
      expect(k.jaar).toBeGreaterThanOrEqual(2017);
      if (k.soort !== 'aanname van deze dienst') expect(k.url).toMatch(/^https:\/\//);
    }
  });

  it('states the financing, the emission factors and the label bounds the computation uses', () => {
    expect(m.financiering).toMatchObject({ rente: 0.0435, looptijd_jaar: 10, max_leensom: 27000 });
    expect(m.emissiefactoren.map((e) => [e.drager, e.waarde])).toEqual([
      ['aardgas', 1.78],
      ['elektriciteit', 0.3],
    ]);
    expect(m.labelklassen.bovengrens_ep2.B).toBe(LABEL_BOVENGRENS_EP2.B);
    expect(m.signaalregels).toEqual(SIGNAALREGELS);
    expect(m.scenarios.map((s) => s.titel)).toEqual(['Eerste stap', 'Tot label A', 'Tot het beste doel']);
  });
});

describe('GET /v1/verduurzaming/methodiek', () => {
  beforeAll(() => {
    process.env.LOG_LEVEL = 'silent';
  });

  it('publishes the scenario method next to the field definitions', async () => {
    const res = await route(verduurzamingMethodiek).GET(new Request('http://localhost/v1/verduurzaming/methodiek'), { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { data: { velden: unknown[]; scenario_methode: { constanten: { id: string }[] } } };
    expect(body.data.velden.length).toBeGreaterThan(0);
    expect(body.data.scenario_methode.constanten.map((k) => k.id)).toContain('rente_energiebespaarlening');
  });
});
