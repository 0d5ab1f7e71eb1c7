// GBFS v2.3 and v3.0 from the spec's own test fixtures (shape only: the stations are the spec's examples, not Dutch).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { feedUrls, gbfsTijd, gbfsTtlMs, stationsUitGbfs } from './gbfs-convert';

const dir = path.resolve(__dirname, '..', '..', 'test/fixtures/gbfs');
const lees = (v: string, f: string) => JSON.parse(fs.readFileSync(path.join(dir, v, `${f}.json`), 'utf8'));

describe('GBFS conversion', () => {
  it('finds the feed URLs of a v2.3 discovery file (per language) and a v3.0 one (flat)', () => {
    const v2 = feedUrls(lees('v2.3', 'gbfs'));
    expect(v2.station_information).toBe('https://test.com/station_information');
    expect(v2.station_status).toBe('https://test.com/station_status');
    const v3 = feedUrls(lees('v3.0', 'gbfs'));
    expect(v3.station_status).toBe('https://berlin.example.tier-services.io/tier_paris/gbfs/3.0/station-status');
    expect(feedUrls({ data: { nl: { feeds: [{ name: 'station_status', url: 'https://a/nl' }] }, en: { feeds: [{ name: 'station_status', url: 'https://a/en' }] } } }).station_status).toBe('https://a/nl');
    expect(feedUrls({ data: { feeds: [{ name: 'x', url: 'file:///etc/passwd' }] } })).toEqual({});
    expect(() => feedUrls({})).toThrow();
  });

  it('joins v2.3 station information and status: bikes, docks, POSIX time', () => {
    const stations = stationsUitGbfs(lees('v2.3', 'station_information'), lees('v2.3', 'station_status'));
    expect(stations).toEqual([
      {
        station_id: 'TST:Station:1',
        naam: 'Cool bikes',
        adresregel: null,
        lon: 45.67,
        lat: 12.34,
        capaciteit: null,
        fietsen_beschikbaar: 1,
        plekken_beschikbaar: 3,
        in_bedrijf: true,
        verhuurt: true,
        neemt_terug: true,
        laatst_gemeld: '2025-07-02T06:21:03.000Z',
      },
      expect.objectContaining({ station_id: 'TST:Station:2', naam: 'Cooler bikes', fietsen_beschikbaar: 6, plekken_beschikbaar: 8 }),
    ]);
  });

  it('joins v3.0 station information and status: localised names, num_vehicles_available, RFC 3339 time', () => {
    const stations = stationsUitGbfs(lees('v3.0', 'station_information'), lees('v3.0', 'station_status'));
    expect(stations).toHaveLength(23);
    expect(stations[0]).toMatchObject({
      station_id: '6efbec5a-6b8c-455b-bed2-8d66be6d6a4b',
      naam: '2 ROUES',
      lon: 2.38465095280482,
      lat: 48.8456017931977,
      fietsen_beschikbaar: 0,
      plekken_beschikbaar: null,
      laatst_gemeld: '2019-07-04T13:33:03.969Z',
    });
    // Stations without a status entry keep null counts.
    expect(stations[2]).toMatchObject({ naam: '73 rue de Lourmel 75015 Fantasmo', capaciteit: 10, fietsen_beschikbaar: null, laatst_gemeld: null });
    expect(() => stationsUitGbfs({ data: {} }, { data: { stations: [] } })).toThrow();
  });

  it('reads times and clamps the cache lifetime to 30 s … 10 min', () => {
    expect(gbfsTijd(1606727710)).toBe('2020-11-30T09:15:10.000Z');
    expect(gbfsTijd('2019-07-04T13:33:03.969Z')).toBe('2019-07-04T13:33:03.969Z');
    expect(gbfsTijd('gisteren')).toBeNull();
    expect(gbfsTtlMs(300, 0)).toBe(30_000);
    expect(gbfsTtlMs(60, 300)).toBe(60_000);
    expect(gbfsTtlMs(86400)).toBe(600_000);
    expect(gbfsTtlMs()).toBe(60_000);
  });
});
