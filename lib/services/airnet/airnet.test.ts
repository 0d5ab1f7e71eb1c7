// GET /v1/airnet/metingen and /v1/airnet/stations through the route wrapper against the replay of
// Luchtmeetnet (station list and details as built in the fixtures; for NL01487 the newest NO2 row and the
// station excerpt are REAL recordings, the other values are generated: see the fixtures' MANIFEST).
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import { clearLuchtmeetnetCatalogus } from '@/lib/sources/luchtmeetnet';
import { metingenPaginaSchema, naarMetingen, zoekStations, type LuchtStation } from '@/lib/sources/luchtmeetnet-convert';
import { airnetMetingen, venster } from './metingen';
import { airnetStations } from './stations';

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  process.env.LUCHTMEETNET_WACHT_MS = '3000';
  replay = await startReplayServer();
  process.env.BRON_LUCHTMEETNET_URL = replay.sourceUrl('luchtmeetnet');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_LUCHTMEETNET_URL;
  delete process.env.BRON_TIMEOUT_MS;
  delete process.env.LUCHTMEETNET_WACHT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
  clearLuchtmeetnetCatalogus();
});

async function get(op: Operation, url: string) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve({}) });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: res.status, body: (await res.json()) as any };
}

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'luchtmeetnet', file), 'utf8')) as unknown;

describe('conversion of measurement rows', () => {
  it('keeps every row of the recorded WoonLens row and the built pages, newest first, µg/m³', () => {
    const rij = read('sample-woonlens-NL01487-meting-eerste-rij.json');
    expect(naarMetingen([rij as never])).toEqual([
      {
        formule: 'NO2',
        waarde: 25.2,
        eenheid: 'µg/m³',
        timestamp_measured: '2026-08-28T18:00:00+00:00',
        timestamp_measured_start: '2026-08-28T17:00:00+00:00',
        timestamp_measured_end: '2026-08-28T18:00:00+00:00',
      },
    ]);
    const p = metingenPaginaSchema.parse(read('metingen-NL01487.json'));
    const m = naarMetingen([...p.data, ...p.data]); // duplicates (pages shifting while paging) kept once
    expect(m).toHaveLength(12);
    expect(m.slice(0, 6).map((x) => x.formule)).toEqual(['NO2', 'PM10', 'PM25', 'NO', 'FN', 'BCWB']);
    expect(m[6]).toMatchObject({ formule: 'NO2', waarde: 12.8, timestamp_measured: '2026-08-28T17:00:00+00:00' });
  });

  it('reads the Daanoz envelope (invented H2O/O2 values) and marks LKI as an index', () => {
    const p = metingenPaginaSchema.parse(read('sample-daanoz-get_measurements.json'));
    expect(naarMetingen(p.data).map((x) => [x.formule, x.waarde])).toEqual([['H2O', 53], ['O2', 0]]);
    expect(naarMetingen([{ formula: 'LKI', value: 3, timestamp_measured: '2026-08-28T18:00:00+00:00' }])[0].eenheid).toBe('index (LKI)');
  });

  it('filters stations on number, name or municipality without regard to case or accents', () => {
    const s = (nummer: string, naam: string, gemeente: string): LuchtStation => ({
      nummer, naam, locatienaam: naam, gemeente_naam: gemeente, provincie_naam: null, type: null, organisatie: null, stoffen: [], sinds_jaar: null, coordinaten: null,
    });
    const all = [s('NL2', 'Breukelen-A2', 'Stichtse Vecht'), s('NL1', 'Rotterdam-Pleinweg', 'Rotterdam'), s('NL3', 'Curaçao', 'Elders')]; // prettier-ignore
    expect(zoekStations(all, 'rotterdam').map((x) => x.nummer)).toEqual(['NL1']);
    expect(zoekStations(all, 'CURACAO').map((x) => x.nummer)).toEqual(['NL3']);
    expect(zoekStations(all, undefined).map((x) => x.nummer)).toEqual(['NL1', 'NL2', 'NL3']);
  });

  it('computes the default window and rejects reversed or too long ones', () => {
    const nu = new Date('2026-11-23T00:00:00Z');
    expect(venster(undefined, undefined, nu)).toEqual({ van: new Date('2026-11-22T00:00:00Z'), tot: nu });
    expect(venster('2026-08-21T18:00:00Z', '2026-08-28T18:00:00Z', nu).van.toISOString()).toBe('2026-08-21T18:00:00.000Z');
    expect(() => venster('2026-08-21T17:59:59Z', '2026-08-28T18:00:00Z', nu)).toThrow(/7 dagen/);
    expect(() => venster('2026-08-28T18:00:00Z', '2026-08-28T18:00:00Z', nu)).toThrow(/vóór tot/);
  });
});

describe('GET /v1/airnet/metingen', () => {
  it('reads both pages of Rotterdam-Pleinweg for a window, newest first, with the real NO2 value', async () => {
    const { status, body } = await get(airnetMetingen, '/v1/airnet/metingen?station=NL01487&van=2026-08-28T16:00:00Z&tot=2026-08-28T18:00:00Z');
    expect(status).toBe(200);
    expect(body.api).toBe('airnet');
    expect(body.data).toMatchObject({ station: 'NL01487', formule: null, van: '2026-08-28T16:00:00.000Z', tot: '2026-08-28T18:00:00.000Z', aantal: 12, volledig: true, paginas: { aantal_gelezen: 2, totaal: 2 } });
    expect(body.data.metingen[0]).toEqual({
      formule: 'NO2',
      waarde: 25.2,
      eenheid: 'µg/m³',
      timestamp_measured: '2026-08-28T18:00:00+00:00',
      timestamp_measured_start: '2026-08-28T17:00:00+00:00',
      timestamp_measured_end: '2026-08-28T18:00:00+00:00',
    });
    expect(body.data.metingen[11]).toMatchObject({ formule: 'BCWB', waarde: 0.6, timestamp_measured: '2026-08-28T17:00:00+00:00' });
    expect(body.bronnen.map((b: { bron: string }) => b.bron)).toEqual(['luchtmeetnet', 'luchtmeetnet']);
  });

  it('filters on one substance (formule in lower case is accepted)', async () => {
    const { status, body } = await get(airnetMetingen, '/v1/airnet/metingen?station=NL01487&formule=no2&van=2026-08-28T16:00:00Z&tot=2026-08-28T18:00:00Z');
    expect(status).toBe(200);
    expect(body.data.formule).toBe('NO2');
    expect(body.data.metingen.map((m: { waarde: number }) => m.waarde)).toEqual([25.2, 12.8]);
  });

  it('an unknown station gives an empty list (Luchtmeetnet has no 404 for measurements)', async () => {
    const { status, body } = await get(airnetMetingen, '/v1/airnet/metingen?station=NL99999');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ station: 'NL99999', aantal: 0, metingen: [], volledig: true });
  });

  it('answers 400 for a missing or malformed station, a bad time and a window outside the bounds', async () => {
    const fout = async (q: string) => {
      const r = await get(airnetMetingen, `/v1/airnet/metingen${q}`);
      expect(r.status).toBe(400);
      return r.body.invalid_params.map((p: { name: string }) => p.name);
    };
    expect(await fout('')).toContain('station');
    expect(await fout('?station=DE01487')).toContain('station');
    expect(await fout('?station=NL')).toContain('station');
    expect(await fout('?station=NL01487&van=gisteren')).toContain('van');
    expect(await fout('?station=NL01487&tot=2026-08-28T18:00:00')).toContain('tot'); // no offset
    expect(await fout('?station=NL01487&formule=NO-2')).toContain('formule');
    expect(await fout('?station=NL01487&van=2026-08-28T18:00:00Z&tot=2026-08-28T17:00:00Z')).toEqual(['van']);
    expect(await fout('?station=NL01487&van=2026-08-01T00:00:00Z&tot=2026-08-28T18:00:00Z')).toEqual(['van', 'tot']);
  });

  it.each(['http500', 'timeout', 'malformed'] as const)('answers 502 naming Luchtmeetnet on %s', async (kind) => {
    replay.setFault('luchtmeetnet', { kind });
    const { status, body } = await get(airnetMetingen, '/v1/airnet/metingen?station=NL01487');
    expect(status).toBe(502);
    expect(body.detail).toMatch(/Luchtmeetnet/);
  });
});

describe('GET /v1/airnet/stations', () => {
  it('lists the twelve stations with coordinates, sorted by number', async () => {
    const { status, body } = await get(airnetStations, '/v1/airnet/stations');
    expect(status).toBe(200);
    expect(body.data.aantal).toBe(12);
    expect(body.data.stations[0].nummer).toBe('NL01487');
    expect(body.data.stations[0]).toMatchObject({ naam: 'Rotterdam-Pleinweg', gemeente_naam: 'Rotterdam', organisatie: 'DCMR (Rijnmond)' });
    expect(body.data.stations[0].coordinaten.wgs84).toEqual({ lon: 4.48066, lat: 51.89113 });
    expect(body.data.stationscatalogus).toMatchObject({ aantal_stations: 12, met_coordinaten: 12, volledig: true });
  });

  it('filters with zoek', async () => {
    const { body } = await get(airnetStations, '/v1/airnet/stations?zoek=rotterdam');
    expect(body.data.zoek).toBe('rotterdam');
    expect(body.data.stations.map((s: { nummer: string }) => s.nummer)).toEqual(['NL01487', 'NL01491', 'NL01493']);
    const geen = await get(airnetStations, '/v1/airnet/stations?zoek=xyzzy');
    expect(geen.body.data).toMatchObject({ aantal: 0, stations: [] });
  });

  it('deviation: 502 naming Luchtmeetnet when no station list can be read (no empty 200)', async () => {
    replay.setFault('luchtmeetnet', { kind: 'http500' });
    const { status, body } = await get(airnetStations, '/v1/airnet/stations');
    expect(status).toBe(502);
    expect(body.detail).toMatch(/Luchtmeetnet/);
  });
});
