// Tolerance of the GBFS station conversion (issue 21 item 1). No real Dutch feed was recorded: the answers are the
// replay fixtures (test/upstream/fixtures/gbfs, `opgebouwd` in the shape of the spec, one system per version) and
// the GBFS spec's own test fixtures (test/fixtures/gbfs, v2.3 and v3.0, with the fields the spec adds). Each field
// of station_information and station_status removed in turn, extra fields, numbers as strings, keys in upper case
// and in reversed order. A station is never lost, except explicitly without id or position; the rest is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { deelfietsstationSchema, feedUrls, GBFS_STATION_ID, GBFS_STATION_LAT, GBFS_STATION_LON, stationsUitGbfs, type Deelfietsstation, type GbfsBestand } from './gbfs-convert';

type Bestand = GbfsBestand<{ stations?: never[] }>;
const lees = (dir: string, file: string): Bestand => JSON.parse(fs.readFileSync(path.join(dir, `${file}.json`), 'utf8'));
const spec = path.resolve(__dirname, '..', '..', 'test', 'fixtures', 'gbfs');

const SYSTEMEN: [string, string][] = [
  ['replay ovfiets (v2.3)', path.join(FIXTURES_DIR, 'gbfs', 'ovfiets')],
  ['replay donkey_rotterdam (v3.0)', path.join(FIXTURES_DIR, 'gbfs', 'donkey_rotterdam')],
  ['spec test fixture v2.3', path.join(spec, 'v2.3')],
  ['spec test fixture v3.0', path.join(spec, 'v3.0')],
];

type Wijziging = 'weg' | ((s: Deelfietsstation) => void);
/** station_information fields: what the conversion gives without them; 'weg' = left out on purpose. */
const ZONDER_INFORMATIE: Record<string, Wijziging> = {
  station_id: 'weg', // nothing to join the status on or to refer to
  lat: 'weg', // no position: the service finds stations by position only
  lon: 'weg',
  name: (s) => (s.naam = null),
  'name[].language': () => {}, // no language: the first name is taken (each fixture has one)
  'name[].text': (s) => (s.naam = null),
  address: (s) => (s.adresregel = null),
  capacity: (s) => (s.capaciteit = null),
};
/** station_status fields: a station keeps its information and gets nulls for the status it lacks. */
const ZONDER_STATUS: Record<string, Wijziging> = {
  station_id: (s) => Object.assign(s, { fietsen_beschikbaar: null, plekken_beschikbaar: null, in_bedrijf: null, verhuurt: null, neemt_terug: null, laatst_gemeld: null }),
  num_bikes_available: (s) => (s.fietsen_beschikbaar = null), // v2 name
  num_vehicles_available: (s) => (s.fietsen_beschikbaar = null), // v3 name
  num_docks_available: (s) => (s.plekken_beschikbaar = null),
  is_installed: (s) => (s.in_bedrijf = null),
  is_renting: (s) => (s.verhuurt = null),
  is_returning: (s) => (s.neemt_terug = null),
  last_reported: (s) => (s.laatst_gemeld = null),
};
/** Fields of the spec (vehicle types, areas) this service does not read: removing them changes nothing. */
const ONGEBRUIKT = [
  'vehicle_type_capacity', 'vehicle_type_area_capacity', 'is_virtual_station', 'station_area', 'vehicle_docks_available',
  'vehicle_types_available',
];
const onder = (b: Bestand) => fieldPaths(b, { under: 'data.stations' }).map((p) => p.replace(/^data\.stations\[\]\./, ''));
const bekend = (tabel: Record<string, Wijziging>) => (v: string) => v in tabel || ONGEBRUIKT.some((o) => v === o || v.startsWith(`${o}.`) || v.startsWith(`${o}[]`));

describe.each(SYSTEMEN)('each field of the stations of the %s removed in turn', (_naam, dir) => {
  const info = lees(dir, 'station_information');
  const status = lees(dir, 'station_status');
  const volledig = stationsUitGbfs(info, status);
  const infoVelden = onder(info);
  const statusVelden = onder(status);

  const verwacht = (tabel: Record<string, Wijziging>, veld: string, uit: Deelfietsstation[]) => {
    const change = tabel[veld];
    if (change === 'weg') return expect(uit).toEqual([]);
    for (const s of uit) expect(deelfietsstationSchema.safeParse(s).success).toBe(true);
    const e = structuredClone(volledig);
    if (change) e.forEach(change);
    expect(uit).toEqual(e);
  };

  it('converts every station, and reads every field of both files (none unknown to this test)', () => {
    expect(volledig).toHaveLength((info.data!.stations as unknown[]).length);
    expect(volledig.every((s) => deelfietsstationSchema.safeParse(s).success)).toBe(true);
    expect(infoVelden.filter((v) => !bekend(ZONDER_INFORMATIE)(v))).toEqual([]);
    expect(statusVelden.filter((v) => !bekend(ZONDER_STATUS)(v))).toEqual([]);
  });

  it.each(infoVelden)('station_information without %s: the expected changes only', (veld) => {
    verwacht(ZONDER_INFORMATIE, veld, stationsUitGbfs(withoutField(info, `data.stations[].${veld}`), status));
  });

  it.each(statusVelden)('station_status without %s: every station kept, the expected changes only', (veld) => {
    verwacht(ZONDER_STATUS, veld, stationsUitGbfs(info, withoutField(status, `data.stations[].${veld}`)));
  });

  it.each([
    ['extra fields everywhere', withExtraFields],
    ['numbers as strings', <T,>(v: T) => numbersAsStrings(v)],
    ['keys in upper case', upperCaseKeys],
    ['keys in reversed order', reversedKeys],
  ] as const)('with %s in both files: the same stations', (_variant, f) => {
    expect(stationsUitGbfs(f(info), f(status))).toEqual(volledig);
  });

  it('with every field of a station removed: left out on purpose; with only id and position: a record of nulls', () => {
    const kaal = (b: Bestand, velden: string[]) => ({ ...b, data: { stations: (b.data!.stations as Record<string, unknown>[]).map((s) => Object.fromEntries(velden.map((v) => [v, s[v]]))) } }) as Bestand;
    expect(stationsUitGbfs(kaal(info, []), kaal(status, []))).toEqual([]);
    const uit = stationsUitGbfs(kaal(info, ['station_id', 'lat', 'lon']), kaal(status, []));
    expect(uit).toHaveLength(volledig.length);
    for (const s of uit) {
      expect(deelfietsstationSchema.safeParse(s).success).toBe(true);
      expect(s).toMatchObject({ naam: null, adresregel: null, capaciteit: null, fietsen_beschikbaar: null, plekken_beschikbaar: null, in_bedrijf: null, laatst_gemeld: null });
      expect(unknownsNotNull(s)).toEqual([]);
    }
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('values the conversion reads in another form', () => {
  const dir = SYSTEMEN[0][1];
  it('reads an address, booleans written as text and a POSIX time written as text', () => {
    const info = lees(dir, 'station_information');
    const status = lees(dir, 'station_status');
    const [eerste] = info.data!.stations as Record<string, unknown>[];
    const [s] = status.data!.stations as Record<string, unknown>[];
    const uit = stationsUitGbfs(
      { data: { stations: [{ ...eerste, address: ' Stationsplein 1 ' }] } } as Bestand,
      { data: { stations: [{ ...s, is_installed: 'true', is_renting: 'false', last_reported: String(s.last_reported) }] } } as Bestand,
    );
    expect(uit[0]).toMatchObject({ adresregel: 'Stationsplein 1', in_bedrijf: true, verhuurt: false, laatst_gemeld: '2026-11-22T23:50:00.000Z' });
  });

  it('finds the feed URLs of a discovery file with extra fields and keys in upper case', () => {
    const disc = JSON.parse(fs.readFileSync(path.join(spec, 'v2.3', 'gbfs.json'), 'utf8'));
    const urls = feedUrls(disc);
    expect(feedUrls(withExtraFields(disc))).toEqual(urls);
    expect(feedUrls(upperCaseKeys(disc))).toEqual(urls);
    expect(feedUrls(reversedKeys(disc))).toEqual(urls);
  });
});

describe('GBFS stations left out and booleans as 1/0', () => {
  const dir = path.join(FIXTURES_DIR, 'gbfs', 'ovfiets');

  it('names the field of every station left out (no id, no or an impossible position), so the adapter counts it', () => {
    const info = lees(dir, 'station_information') as GbfsBestand<{ stations: Record<string, unknown>[] }>;
    const status = lees(dir, 'station_status');
    const stations = info.data!.stations;
    const total = stations.length;
    delete stations[0].station_id;
    delete stations[1].lat;
    stations[2].lon = 200;
    const leftOut: string[] = [];
    const out = stationsUitGbfs(info as never, status, (field) => leftOut.push(field));
    expect(leftOut).toEqual([GBFS_STATION_ID, GBFS_STATION_LAT, GBFS_STATION_LON]);
    expect(out).toHaveLength(total - 3);
  });

  it('reads is_installed, is_renting and is_returning written as 1/0 (numbers or text), as some v2 feeds do', () => {
    const info = lees(dir, 'station_information');
    const status = lees(dir, 'station_status') as GbfsBestand<{ stations: Record<string, unknown>[] }>;
    const [a, b] = status.data!.stations;
    Object.assign(a, { is_installed: 1, is_renting: 0, is_returning: '1' });
    Object.assign(b, { is_installed: '0', is_renting: 1, is_returning: 0 });
    const out = stationsUitGbfs(info, status as never);
    const byId = new Map(out.map((s) => [s.station_id, s]));
    expect(byId.get(String(a.station_id))).toMatchObject({ in_bedrijf: true, verhuurt: false, neemt_terug: true });
    expect(byId.get(String(b.station_id))).toMatchObject({ in_bedrijf: false, verhuurt: true, neemt_terug: false });
    // Anything else is unknown, not false.
    Object.assign(a, { is_installed: 2, is_renting: 'ja' });
    expect(stationsUitGbfs(info, status as never).find((s) => s.station_id === a.station_id)).toMatchObject({ in_bedrijf: null, verhuurt: null });
  });
});
