// Tolerance of the Buienradar conversion (issue 21 item 1) on variants of the REAL recorded feed
// (test/upstream/fixtures/buienradar/feed-json-2019-02-04.json, 52 stations): each field of the station
// measurements removed in turn, extra fields, numbers as strings, keys in upper case and in reversed order.
// A station is never dropped (without name: naam null; without coordinates: lon/lat null, and it is not
// chosen as the nearest). Derived when absent: the wind direction from winddirectiondegrees and the Beaufort
// force from windspeed.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { type Weerstation, beaufort, dichtstbijzijndStation, weerstationSchema, weerstationsUitFeed, windrichting } from './buienradar-convert';

const feed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'test/upstream/fixtures/buienradar/feed-json-2019-02-04.json'), 'utf8'));
type Raw = Record<string, number | string | null>;
const metingen: Raw[] = feed.actual.stationmeasurements;
const ONDER = 'actual.stationmeasurements';

/** What the conversion gives when one field is missing from every station: the full conversion with these changes. */
const ZONDER: Record<string, (w: Weerstation, raw: Raw) => void> = {
  stationid: (w) => (w.stationsnummer = null),
  stationname: (w) => (w.naam = null),
  lat: (w) => (w.lat = null),
  lon: (w) => (w.lon = null),
  regio: (w) => (w.regionaam = null),
  timestamp: (w) => (w.tijdstip = null),
  weatherdescription: (w) => (w.omschrijving = null),
  winddirection: (w, raw) => (w.wind.richting = windrichting(raw.winddirectiondegrees as number | null)), // from the degrees
  winddirectiondegrees: (w) => (w.wind.richting_graden = null),
  windspeed: (w) => (w.wind.snelheid_ms = null),
  windspeedBft: (w, raw) => (w.wind.beaufort = beaufort(raw.windspeed as number | null)), // from the speed
  windgusts: (w) => (w.wind.windstoten_ms = null),
  airpressure: (w) => (w.luchtdruk_hpa = null),
  temperature: (w) => (w.temperatuur_c = null),
  groundtemperature: (w) => (w.grondtemperatuur_c = null),
  feeltemperature: (w) => (w.gevoelstemperatuur_c = null),
  visibility: (w) => (w.zicht_m = null),
  humidity: (w) => (w.luchtvochtigheid_pct = null),
  precipitation: (w) => (w.neerslag_mm_per_uur = null),
  sunpower: (w) => (w.zonkracht_w_m2 = null),
  rainFallLastHour: (w) => (w.regen_laatste_uur_mm = null),
  rainFallLast24Hour: (w) => (w.regen_laatste_24_uur_mm = null),
};
/** Fields the service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set(['graphurl', 'iconurl']);

describe('the 52 real station measurements of the feed of 2019-02-04', () => {
  const volledig = weerstationsUitFeed(feed);
  const velden = fieldPaths(feed, { under: ONDER }).map((p) => p.slice(`${ONDER}[].`.length));

  it('keeps every station, and reads every field of them (none unknown to this test)', () => {
    expect(volledig).toHaveLength(metingen.length);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: every station kept, with the derived values', (veld) => {
    const stations = weerstationsUitFeed(withoutField(feed, `${ONDER}[].${veld}`));
    expect(z.array(weerstationSchema).safeParse(stations).success).toBe(true);
    const verwacht = structuredClone(volledig);
    verwacht.forEach((w, i) => ZONDER[veld]?.(w, metingen[i]));
    expect(stations).toEqual(verwacht);
  });

  it('derives the wind direction and Beaufort force: the recorded value, or its neighbour right at a boundary', () => {
    const stations = weerstationsUitFeed(withoutField(withoutField(feed, `${ONDER}[].winddirection`), `${ONDER}[].windspeedBft`));
    let gelijk = 0;
    stations.forEach((w, i) => {
      const raw = metingen[i];
      const { richting, beaufort: bft } = w.wind;
      if (richting === (raw.winddirection || null) && bft === raw.windspeedBft) gelijk++;
      // The feed computes both from unrounded values: off by at most one step, and only within a degree or a
      // tenth of a m/s of the boundary.
      if (raw.winddirection && richting !== raw.winddirection) {
        expect([windrichting((raw.winddirectiondegrees as number) - 1), windrichting((raw.winddirectiondegrees as number) + 1)]).toContain(raw.winddirection);
      }
      if (raw.windspeed !== null && bft !== raw.windspeedBft) {
        expect([beaufort((raw.windspeed as number) - 0.1), beaufort((raw.windspeed as number) + 0.1)]).toContain(raw.windspeedBft);
      }
    });
    expect(gelijk).toBeGreaterThanOrEqual(metingen.length - 4);
    expect(stations.find((w) => w.stationsnummer === 6344)?.wind).toMatchObject({ richting: 'ZZW', beaufort: 5 });
  });

  it('a station without coordinates is kept, but never the nearest', () => {
    const zonder = structuredClone(feed);
    const rotterdam = zonder.actual.stationmeasurements.find((m: Raw) => m.stationid === 6344);
    delete rotterdam.lat;
    delete rotterdam.lon;
    const stations = weerstationsUitFeed(zonder);
    expect(stations).toHaveLength(metingen.length);
    expect(stations.find((w) => w.stationsnummer === 6344)).toMatchObject({ naam: 'Meetstation Rotterdam', lon: null, lat: null });
    expect(dichtstbijzijndStation(stations, { lon: 4.47756318, lat: 51.9155987 })?.station.naam).not.toBe('Meetstation Rotterdam');
    expect(dichtstbijzijndStation(weerstationsUitFeed(withoutField(feed, `${ONDER}[].lat`)), { lon: 5, lat: 52 })).toBeNull();
  });

  it('with extra fields, numbers as strings, keys in upper case or in reversed order: the same stations', () => {
    expect(weerstationsUitFeed(withExtraFields(feed))).toEqual(volledig);
    expect(weerstationsUitFeed(numbersAsStrings(feed))).toEqual(volledig);
    expect(weerstationsUitFeed(upperCaseKeys(feed))).toEqual(volledig);
    expect(weerstationsUitFeed(reversedKeys(feed))).toEqual(volledig);
  });

  it('with every field removed: stations of nulls, never "" or "onbekend"', () => {
    const leeg = weerstationsUitFeed({ actual: { stationmeasurements: metingen.map(() => ({})) } });
    expect(leeg).toHaveLength(metingen.length);
    expect(z.array(weerstationSchema).safeParse(leeg).success).toBe(true);
    expect(leeg[0]).toEqual({
      stationsnummer: null, naam: null, regionaam: null, lon: null, lat: null, tijdstip: null, omschrijving: null, temperatuur_c: null,
      gevoelstemperatuur_c: null, grondtemperatuur_c: null, luchtvochtigheid_pct: null, luchtdruk_hpa: null, zicht_m: null,
      wind: { richting: null, richting_graden: null, snelheid_ms: null, beaufort: null, windstoten_ms: null },
      neerslag_mm_per_uur: null, regen_laatste_uur_mm: null, regen_laatste_24_uur_mm: null, zonkracht_w_m2: null,
    });
    expect(unknownsNotNull(leeg)).toEqual([]);
    // The real feed writes "" for some unknowns (Wijk aan Zee's wind direction): null in the output.
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('windrichting and beaufort', () => {
  it.each([
    [0, 'N'], [11, 'N'], [12, 'NNO'], [45, 'NO'], [90, 'O'], [180, 'Z'], [207, 'ZZW'], [215, 'ZW'], [270, 'W'], [340, 'NNW'], [349, 'N'], [360, 'N'], [null, null],
  ])('windrichting(%j) = %j', (graden, richting) => {
    expect(windrichting(graden)).toBe(richting);
  });

  it.each([
    [0, 0], [0.3, 1], [5.69, 4], [8.76, 5], [13.9, 7], [40, 12], [null, null],
  ])('beaufort(%j) = %j', (ms, bft) => {
    expect(beaufort(ms)).toBe(bft);
  });
});

describe('Buienradar values present but unreadable', () => {
  it('are conversion failures (named by field), while readable strings, null and "" are not; the station keeps null', () => {
    const variant = structuredClone(feed);
    const m = variant.actual.stationmeasurements;
    m[0].temperature = 'warm';
    delete m[1].humidity;
    m[1].Humidity = 'vochtig'; // keys in any case
    m[2].temperature = '12.5';
    m[3].temperature = null;
    m[4].windgusts = '';
    const unreadable: string[] = [];
    const stations = weerstationsUitFeed(variant, (veld) => unreadable.push(veld));
    expect(unreadable).toEqual([`${ONDER}[].temperature`, `${ONDER}[].humidity`]);
    expect(stations[0].temperatuur_c).toBeNull();
    expect(stations[2].temperatuur_c).toBe(12.5);
    // The answer is the same as without counting.
    expect(weerstationsUitFeed(variant)).toEqual(stations);
  });
});
