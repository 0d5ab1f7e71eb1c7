// Tolerance of the Luchtmeetnet conversion (issue 21 item 1) on variants of the recorded answers
// (test/upstream/fixtures/luchtmeetnet, see its MANIFEST.md): each field of a station, a measurement row
// and a list entry removed in turn, extra fields, numbers as strings, keys in upper case and in reversed
// order. Derived: the name from description.EN or the location, timestamp_measured and
// timestamp_measured_end from each other. Left out explicitly (and reported to conversiefout, which
// luchtmeetnet.ts counts as drift): a list entry without number, a row without formula or any timestamp.
// Keys in upper case are tried on the records (inside `data`): the envelope `{pagination, data}` is the
// contract the schema checks, and an envelope in another case is a format change reported as such.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import {
  type LuchtStation,
  type Meting,
  luchtStationSchema,
  metingSchema,
  metingenPaginaSchema,
  naarMetingen,
  nieuwstePerFormule,
  stationDetailSchema,
  stationNummers,
  stationsPaginaSchema,
  toLuchtStation,
} from './luchtmeetnet-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'luchtmeetnet');
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const read = (file: string): any => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
/** The record level in upper case, the envelope as it is. */
const recordsInUpperCase = <T extends { data: unknown }>(body: T): T => ({ ...body, data: upperCaseKeys(body.data) });

describe.each([
  // Real: the WoonLens excerpt of NL01487 (no description, year or province) and bertrik's Geleen answer; built: NL01491.
  'station-NL01487-rotterdam-pleinweg.json',
  'station-NL50003-geleen-asterstraat.json',
  'station-NL01491.json',
])('the station in %s', (file) => {
  const body = read(file);
  const station = (b: unknown) => toLuchtStation('NL00001', stationDetailSchema.parse(b));
  const volledig = station(body);
  const d = body.data;

  /** What the conversion gives when one field is missing: the full conversion with these changes. */
  const ZONDER: Record<string, (s: LuchtStation) => void> = {
    'data.type': (s) => (s.type = null),
    'data.components': (s) => (s.stoffen = null),
    'data.geometry': (s) => (s.coordinaten = null),
    'data.geometry.coordinates': (s) => (s.coordinaten = null),
    'data.geometry.type': () => {}, // always "point"
    'data.municipality': (s) => (s.gemeente_naam = null),
    'data.province': (s) => (s.provincie_naam = null),
    'data.organisation': (s) => (s.organisatie = null),
    // The name falls back to the location when there is no description.
    'data.location': (s) => Object.assign(s, { locatienaam: null, naam: d.description ? s.naam : null }),
    'data.year_start': (s) => (s.sinds_jaar = null),
    'data.description': (s) => (s.naam = s.locatienaam), // the location
    'data.description.NL': (s) => (s.naam = d.description.EN || s.locatienaam), // the English description
    'data.description.EN': () => {}, // only a fallback
  };
  const ONGEBRUIKT = new Set(['data.url']);
  const velden = fieldPaths(body, { under: 'data' });

  it('reads every field of the station (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still the station, with the derived values', (veld) => {
    const s = station(withoutField(body, veld));
    expect(luchtStationSchema.safeParse(s).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(s).toEqual(verwacht);
  });

  it('with extra fields, numbers as strings, record keys in upper case or in reversed order: the same station', () => {
    expect(station(withExtraFields(body))).toEqual(volledig);
    expect(station(numbersAsStrings(body))).toEqual(volledig);
    expect(station(numbersAsStrings(body, []))).toEqual(volledig); // coordinates as strings too
    expect(station(recordsInUpperCase(body))).toEqual(volledig);
    expect(station(reversedKeys(body))).toEqual(volledig);
  });

  it('with every field removed: a station of nulls, never "" or "onbekend"', () => {
    const s = station({ data: {} });
    expect(luchtStationSchema.safeParse(s).success).toBe(true);
    expect(s).toEqual({ nummer: 'NL00001', naam: null, locatienaam: null, gemeente_naam: null, provincie_naam: null, type: null, organisatie: null, stoffen: null, sinds_jaar: null, coordinaten: null });
    expect(unknownsNotNull(s)).toEqual([]);
    expect(unknownsNotNull(station({ data: { ...d, municipality: '', year_start: '', description: { NL: ' ', EN: '' } } }))).toEqual([]);
  });
});

describe.each([
  // Built in the recorded row format (all six fields); the real WoonLens row; Daanoz's real envelope (no start/end).
  ['metingen-NL01487.json', (b: unknown) => b],
  ['sample-woonlens-NL01487-meting-eerste-rij.json', (row: unknown) => ({ data: [row] })],
  ['sample-daanoz-get_measurements.json', (b: unknown) => b],
])('the measurement rows of %s', (file, wrap) => {
  const body = wrap(read(file)) as { data: Record<string, unknown>[] };
  const fouten: string[] = [];
  const alle = (b: unknown) => naarMetingen(metingenPaginaSchema.parse(b).data, (veld) => fouten.push(veld));
  const nieuwste = (b: unknown) => nieuwstePerFormule(metingenPaginaSchema.parse(b).data);
  const volledig = alle(body);
  const metEinde = body.data.every((r) => 'timestamp_measured_end' in r);

  const ZONDER: Record<string, (m: Meting[]) => Meting[]> = {
    // Not a measurement without its substance: every row left out (reported as data[].formula).
    'data[].formula': () => [],
    'data[].value': (ms) => ms.map((m) => ({ ...m, waarde: null })),
    // From timestamp_measured_end (both the end of the hour); without either the row is left out.
    'data[].timestamp_measured': (ms) => (metEinde ? ms : []),
    'data[].timestamp_measured_end': (ms) => ms, // from timestamp_measured
    'data[].timestamp_measured_start': (ms) => ms.map((m) => ({ ...m, timestamp_measured_start: null })),
  };
  const ONGEBRUIKT = new Set(['data[].station_number']);
  const velden = fieldPaths(body, { under: 'data' });

  it('has rows, and reads every field of them (none unknown to this test)', () => {
    expect(volledig.length).toBeGreaterThan(0);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: every row kept, with the derived values', (veld) => {
    fouten.length = 0;
    const ms = alle(withoutField(body, veld));
    expect(z.array(metingSchema).safeParse(ms).success).toBe(true);
    expect(ms).toEqual((ZONDER[veld] ?? ((x) => x))(structuredClone(volledig)));
    // A row left out is reported, never silent.
    if (ms.length < volledig.length) expect(fouten).toContain(veld);
    else expect(fouten).toEqual([]);
  });

  it('derives timestamp_measured_end from timestamp_measured and back (the values themselves)', () => {
    const zonderEinde = alle(withoutField(body, 'data[].timestamp_measured_end'));
    expect(zonderEinde.map((m) => m.timestamp_measured_end)).toEqual(zonderEinde.map((m) => m.timestamp_measured));
    if (metEinde) {
      const zonderTijd = alle(withoutField(body, 'data[].timestamp_measured'));
      expect(zonderTijd.map((m) => m.timestamp_measured)).toEqual(volledig.map((m) => m.timestamp_measured_end));
    }
  });

  it('with extra fields, numbers as strings, record keys in upper case or in reversed order: the same rows', () => {
    for (const f of [alle, nieuwste]) {
      const origineel = f(body);
      expect(f(withExtraFields(body))).toEqual(origineel);
      expect(f(numbersAsStrings(body))).toEqual(origineel);
      expect(f(recordsInUpperCase(body))).toEqual(origineel);
      expect(f(reversedKeys(body))).toEqual(origineel);
    }
  });

  it('with every field but formula and time removed: measurements of nulls, never "" or "onbekend"', () => {
    const kaal = { data: body.data.map((r) => ({ formula: r.formula, timestamp_measured: r.timestamp_measured })) };
    const ms = alle(kaal);
    expect(ms).toHaveLength(volledig.length);
    for (const m of ms) expect(m).toMatchObject({ waarde: null, timestamp_measured_start: null, timestamp_measured_end: m.timestamp_measured });
    expect(unknownsNotNull(ms)).toEqual([]);
    fouten.length = 0;
    expect(alle({ data: body.data.map(() => ({})) })).toEqual([]);
    expect(fouten).toEqual(expect.arrayContaining(['data[].formula', 'data[].timestamp_measured']));
  });
});

describe('the station list entries (stations-pagina-1.json)', () => {
  const body = read('stations-pagina-1.json');
  const nummers = (b: unknown, fout?: (v: string) => void) => stationNummers(stationsPaginaSchema.parse(b), fout);
  const volledig = nummers(body);

  it('without location: every number; without number: none, and reported (nothing to ask details of)', () => {
    expect(fieldPaths(body, { under: 'data' })).toEqual(['data[].number', 'data[].location']);
    expect(nummers(withoutField(body, 'data[].location'))).toEqual(volledig);
    const fouten: string[] = [];
    expect(nummers(withoutField(body, 'data[].number'), (v) => fouten.push(v))).toEqual([]);
    expect(fouten).toEqual(['data[].number']);
  });

  it('with extra fields, numbers as strings, record keys in upper case or in reversed order: the same numbers', () => {
    expect(volledig).toHaveLength(7);
    expect(nummers(withExtraFields(body))).toEqual(volledig);
    expect(nummers(numbersAsStrings(body))).toEqual(volledig);
    expect(nummers(recordsInUpperCase(body))).toEqual(volledig);
    expect(nummers(reversedKeys(body))).toEqual(volledig);
  });

  it('one entry without number does not cost the others', () => {
    const fouten: string[] = [];
    const b = structuredClone(body);
    delete b.data[0].number;
    expect(nummers(b, (v) => fouten.push(v))).toEqual(volledig.slice(1));
    expect(fouten).toEqual(['data[].number']);
  });
});
