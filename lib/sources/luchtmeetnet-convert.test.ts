// Conversion of Luchtmeetnet answers on the recorded samples (bertrik: a real station answer; WoonLens:
// a real station excerpt and measurement row; Daanoz: the real envelopes with invented values), and the
// nearest-station choice on hand-made coordinates.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { puntUitWgs84 } from '@/lib/geo/rd';
import {
  type LuchtStation,
  dichtstbij,
  laatstePagina,
  metingenPaginaSchema,
  naarMetingen,
  nieuwstePerFormule,
  stationDetailSchema,
  stationNummers,
  stationsPaginaSchema,
  toLuchtStation,
} from './luchtmeetnet-convert';

const read = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'luchtmeetnet', file), 'utf8')) as unknown;

describe('station details', () => {
  it('reads the recorded Geleen-Asterstraat answer, coordinates [lon, lat] in WGS84 and RD', () => {
    const s = toLuchtStation('NL50003', stationDetailSchema.parse(read('station-NL50003-geleen-asterstraat.json')));
    expect(s).toMatchObject({
      nummer: 'NL50003',
      naam: 'Geleen-Asterstraat',
      locatienaam: 'Geleen-Asterstraat',
      gemeente_naam: 'Sittard-Geleen',
      provincie_naam: null,
      type: 'Industrial',
      organisatie: 'ODZL (Limburg)',
      stoffen: ['NO', 'NO2', 'PM10', 'PM25', 'PS', 'O3'],
      sinds_jaar: 1986,
    });
    expect(s.coordinaten?.wgs84).toEqual({ lon: 5.82224, lat: 50.98445 });
    // RD through proj4 (lib/geo/rd.ts, about a metre accurate).
    expect(s.coordinaten?.rd).toEqual({ x: 185549.39, y: 332844.454 });
  });

  it('reads the recorded NL01487 excerpt (no description: the location is the name)', () => {
    const excerpt = read('sample-woonlens-station-NL01487-data-excerpt.json');
    const s = toLuchtStation('NL01487', stationDetailSchema.parse({ data: excerpt }));
    expect(s.naam).toBe('Rotterdam-Pleinweg');
    expect(s.organisatie).toBe('DCMR (Rijnmond)');
    expect(s.stoffen).toEqual(['PM25', 'NO', 'FN', 'PM10', 'BCWB', 'NO2']);
    expect(s.coordinaten?.wgs84).toEqual({ lon: 4.48066, lat: 51.89113 });
    expect(s.sinds_jaar).toBeNull();
  });

  it('reads the Daanoz station envelope (empty municipality and year become null)', () => {
    const s = toLuchtStation('TESTA', stationDetailSchema.parse(read('sample-daanoz-get_station.json')));
    expect(s).toMatchObject({ naam: 'Test A', gemeente_naam: null, sinds_jaar: null, type: 'Regional', stoffen: ['H2O', 'O2'] });
    expect(s.coordinaten?.wgs84).toEqual({ lon: 5.6462, lat: 52.1009 });
  });
});

describe('lists and measurements', () => {
  it('takes the station numbers and the last page of a list page', () => {
    const page = stationsPaginaSchema.parse(read('sample-daanoz-get_stations.json'));
    expect(stationNummers(page)).toEqual(['NL01491', 'NL01497']);
    expect(laatstePagina(page)).toBe(1);
    expect(laatstePagina({})).toBe(1);
  });

  it('keeps the newest row per formula, with the recorded start and end of the hour', () => {
    const row = read('sample-woonlens-NL01487-meting-eerste-rij.json') as Record<string, unknown>;
    const older = { ...row, value: 30.1, timestamp_measured: '2026-08-28T17:00:00+00:00' };
    const metingen = nieuwstePerFormule(metingenPaginaSchema.parse({ data: [older, row] }).data);
    expect(metingen).toEqual([
      {
        formule: 'NO2',
        waarde: 25.2,
        eenheid: 'µg/m³',
        timestamp_measured: '2026-08-28T18:00:00+00:00',
        timestamp_measured_start: '2026-08-28T17:00:00+00:00',
        timestamp_measured_end: '2026-08-28T18:00:00+00:00',
      },
    ]);
  });

  it('reads the Daanoz measurement envelope, and leaves the LKI index out', () => {
    const page = metingenPaginaSchema.parse(read('sample-daanoz-get_measurements.json'));
    const lki = { station_number: 'TESTA', formula: 'LKI', value: 3, timestamp_measured: '2024-10-19T17:00:00+00:00' };
    expect(nieuwstePerFormule([...page.data, lki]).map((m) => [m.formule, m.waarde, m.timestamp_measured_start])).toEqual([
      ['H2O', 53, null],
      ['O2', 0, null],
    ]);
  });

  it('orders substances NO2, PM10, PM25, O3 first', () => {
    const t = '2026-11-22T13:00:00+00:00';
    const rows = ['O3', 'FN', 'PM25', 'NO2', 'PM10'].map((formula) => ({ formula, value: 1, timestamp_measured: t }));
    expect(nieuwstePerFormule(rows).map((m) => m.formule)).toEqual(['NO2', 'PM10', 'PM25', 'O3', 'FN']);
  });
});

describe('nearest stations', () => {
  const station = (nummer: string, lon: number, lat: number | null): LuchtStation => ({
    nummer,
    naam: nummer,
    locatienaam: null,
    gemeente_naam: null,
    provincie_naam: null,
    type: null,
    organisatie: null,
    stoffen: [],
    sinds_jaar: null,
    coordinaten: lat === null ? null : puntUitWgs84({ lon, lat }),
  });
  // Around Utrecht Dom (5.1214, 52.0907): 0.01 degree latitude is about 1112 m.
  const punt = puntUitWgs84({ lon: 5.1214, lat: 52.0907 });
  const stations = [
    station('NL3', 5.1214, 52.1207), // ~3.3 km north
    station('NL1', 5.1214, 52.0957), // ~0.56 km north
    station('NL4', 5.1214, 52.0907 - 0.05), // ~5.6 km south
    station('NL2', 5.1414, 52.0907), // ~1.37 km east
    station('NL0', 0, null), // no coordinates: skipped
  ];

  it('orders by straight-line distance in metres and takes n', () => {
    const r = dichtstbij(stations, punt, 3);
    expect(r.map((s) => s.nummer)).toEqual(['NL1', 'NL2', 'NL3']);
    expect(r[0].afstand_m).toBeGreaterThan(550);
    expect(r[0].afstand_m).toBeLessThan(570);
    expect(r[1].afstand_m).toBeGreaterThan(1350);
    expect(r[1].afstand_m).toBeLessThan(1390);
  });

  it('skips stations without coordinates and breaks ties by number', () => {
    const twin = [station('NL9', 5.1214, 52.0957), station('NL8', 5.1214, 52.0957)];
    expect(dichtstbij([...stations, ...twin], punt, 10).map((s) => s.nummer)).toEqual(['NL1', 'NL8', 'NL9', 'NL2', 'NL3', 'NL4']);
  });
});

describe('conversion failures', () => {
  it('reports a timestamp that does not parse by field name and leaves the row out', () => {
    const velden: string[] = [];
    const rows = [
      { formula: 'NO2', value: 1, timestamp_measured: 'gisteren' },
      { formula: 'NO2', value: 2, timestamp_measured: '2026-01-01T10:00:00+00:00' },
    ];
    expect(nieuwstePerFormule(rows, (v) => velden.push(v)).map((m) => m.waarde)).toEqual([2]);
    expect(naarMetingen(rows, (v) => velden.push(v))).toHaveLength(1);
    expect(velden).toEqual(['data[].timestamp_measured', 'data[].timestamp_measured']);
  });
});
