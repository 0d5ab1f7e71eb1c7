// Buienradar: the recorded feed of 2019-02-04 (mjj4791/python-buienradar), nearest station and local time → ISO.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { amsterdamIso, dichtstbijzijndStation, weerstationsUitFeed } from './buienradar-convert';

const feed = JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', 'test/upstream/fixtures/buienradar/feed-json-2019-02-04.json'), 'utf8'));

describe('Buienradar conversion', () => {
  const stations = weerstationsUitFeed(feed);

  it('reads all 52 stations with their current measurements', () => {
    expect(stations).toHaveLength(52);
    expect(stations.find((s) => s.stationsnummer === 6344)).toEqual({
      stationsnummer: 6344,
      naam: 'Meetstation Rotterdam',
      regionaam: 'Rotterdam',
      lon: 4.45,
      lat: 51.95,
      tijdstip: '2019-02-04T21:00:00+01:00',
      omschrijving: 'Zwaar bewolkt',
      temperatuur_c: 3.4,
      gevoelstemperatuur_c: -2.2,
      grondtemperatuur_c: 3.1,
      luchtvochtigheid_pct: 94,
      luchtdruk_hpa: 1021.83,
      zicht_m: 8820,
      wind: { richting: 'ZZW', richting_graden: 207, snelheid_ms: 8.76, beaufort: 5, windstoten_ms: 13.59 },
      neerslag_mm_per_uur: 0,
      regen_laatste_uur_mm: 0.041,
      regen_laatste_24_uur_mm: 4.21215,
      zonkracht_w_m2: 1,
    });
  });

  it('picks the nearest station that measures temperature', () => {
    expect(dichtstbijzijndStation(stations, { lon: 4.47756318, lat: 51.9155987 })).toMatchObject({ station: { naam: 'Meetstation Rotterdam' }, afstand_m: 4267 });
    expect(dichtstbijzijndStation(stations, { lon: 6.4706, lat: 52.7314 })).toMatchObject({ station: { naam: 'Meetstation Hoogeveen', temperatuur_c: 2 }, afstand_m: 3330 });
    // Rotterdam Geulhaven (4.32, 51.88) lies nearest to this point but measures no temperature.
    const geulhaven = dichtstbijzijndStation(stations, { lon: 4.32, lat: 51.881 });
    expect([geulhaven?.station.naam, geulhaven?.afstand_m]).toEqual(['Meetstation Rotterdam', 11763]);
    expect(dichtstbijzijndStation([], { lon: 5, lat: 52 })).toBeNull();
    expect(() => weerstationsUitFeed({ actual: {} })).toThrow();
  });

  it('converts local Amsterdam times to ISO 8601 with the offset in force (winter, summer, both DST changes)', () => {
    expect(amsterdamIso('2019-02-04T21:00:00')).toBe('2019-02-04T21:00:00+01:00');
    expect(amsterdamIso('2019-07-04T13:10:00')).toBe('2019-07-04T13:10:00+02:00');
    expect(amsterdamIso('2026-03-29T03:30:00')).toBe('2026-03-29T03:30:00+02:00');
    expect(amsterdamIso('2026-10-25T01:30:00')).toBe('2026-10-25T01:30:00+02:00');
    expect(amsterdamIso('2026-10-25T04:00')).toBe('2026-10-25T04:00:00+01:00');
    expect(amsterdamIso('gisteren')).toBeNull();
    expect(amsterdamIso(undefined)).toBeNull();
  });
});
