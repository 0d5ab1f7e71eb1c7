// Conversions of the NDW traffic feeds: the recorded DATEX II v3 publication (datex4j situations.xml, real NDW
// roadworks in Drenthe) and the built DATEX II v2 site table and travel-time files of the replay fixtures.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { parseRecords } from './xml-records';
import { actiefOp, maatregelenUitSituatie, meetlocatieUitRecord, reistijdUitMeting, vertraging, type Maatregel } from './ndw-verkeer-convert';

const situations = fs.readFileSync(path.join(__dirname, '..', '..', 'test', 'fixtures', 'ndw', 'situations.xml'), 'utf8');
const gz = (source: string, file: string) => gunzipSync(fs.readFileSync(path.join(FIXTURES_DIR, source, file))).toString('utf8');

describe('DATEX II v3 situations (recorded NDW publication)', () => {
  const { records, texts } = parseRecords(situations, ['situation'], ['publicationTime']);
  const maatregelen = records.flatMap(maatregelenUitSituatie);
  const byId = (id: string) => maatregelen.find((m) => m.id === id) as Maatregel;

  it('reads the publication time and keeps closures and speed measures only', () => {
    expect(texts.publicationTime).toBe('2026-07-24T21:12:00.002308656Z');
    expect(records).toHaveLength(2);
    expect(maatregelen.map((m) => `${m.soort}:${m.type}`)).toEqual([
      'maximumsnelheid:speedRestrictionInOperation',
      'afsluiting:laneClosures',
      'maximumsnelheid:speedRestrictionInOperation',
      'afsluiting:laneClosures',
      'afsluiting:roadClosed',
      'afsluiting:carriagewayClosures',
      'afsluiting:carriagewayClosures',
    ]);
    // ReroutingManagement, useOfSpecifiedLanesOrCarriagewaysAllowed and lanesDeviated are no closures.
    expect(maatregelen.some((m) => m.id.includes('REROUTING') || m.id.includes('HARDSHOULDER') || m.id.includes('DISPLACEMENT'))).toBe(false);
  });

  it('converts a temporary maximum speed with validity, cause, manager and road line', () => {
    const m = byId('RWS01_M1162215_SPEED_MANAGEMENT_D2_WWA');
    expect(m).toMatchObject({
      versie: '18',
      situatie_id: 'RWS01_SM1162215_D2_WWA',
      soort: 'maximumsnelheid',
      ernst: 'medium',
      status: 'implemented',
      geldig_vanaf: '2026-07-03T10:25:45Z',
      geldig_tot: '2026-12-01T11:00:00Z',
      perioden: [],
      oorzaak: 'roadMaintenance',
      maximumsnelheid_kmh: 70,
      richting: 'negative',
      beheerder: 'ON-N [RWS Oost-Nederland District Noord]',
      weg: null,
      rijstroken: { rijbaan: 'mainCarriageway', afgesloten: null, beschikbaar: null, oorspronkelijk: null, betrokken_stroken: [] },
    });
    expect(m.geometrie?.type).toBe('LineString');
    const coords = (m.geometrie as { coordinates: number[][] }).coordinates;
    expect(coords).toHaveLength(20);
    expect(coords[0]).toEqual([6.207613, 52.693642]);
    expect(coords[19]).toEqual([6.193355, 52.678352]);
  });

  it('converts lane closures with restricted, operational and original lanes and lane usage', () => {
    expect(byId('RWS01_M1162215_CLOSED_LANES_D2_WWA').rijstroken).toEqual({ rijbaan: 'mainCarriageway', afgesloten: 1, beschikbaar: 1, oorspronkelijk: 2, betrokken_stroken: [] });
    expect(byId('RWS01_M1168188_CLOSED_LANES_D2_WWA')).toMatchObject({
      geldig_vanaf: '2026-07-24T20:13:31Z',
      geldig_tot: '2026-07-25T04:00:00Z',
      beheerder: 'NN-O [RWS Noord Nederland District Oost]',
      rijstroken: { rijbaan: 'mainCarriageway', afgesloten: 2, beschikbaar: 1, oorspronkelijk: 2, betrokken_stroken: ['hardShoulder'] },
    });
  });

  it('keeps a closure with only an ALERT-C point without geometry, with its validity period', () => {
    const m = byId('RWS01_M1168188_JUNCTION_CLOSURE_1_D2_WWA');
    expect(m.geometrie).toBeNull();
    expect(m.rijstroken.rijbaan).toBe('entrySlipRoad');
    expect(m.perioden).toEqual([{ van: '2026-07-24T20:00:00Z', tot: '2026-07-25T04:00:00Z' }]);
    expect(actiefOp(m, new Date('2026-07-24T22:00:00Z'))).toBe(true);
    expect(actiefOp(m, new Date('2026-07-25T05:00:00Z'))).toBe(false);
    expect(byId('RWS01_M1168188_JUNCTION_CLOSURE_2_D2_WWA').rijstroken.rijbaan).toBe('connectingCarriageway');
  });

  it('is active only inside the window and, when periods are given, inside one', () => {
    const m = { geldig_vanaf: '2026-01-01T00:00:00Z', geldig_tot: '2026-02-01T00:00:00Z', perioden: [{ van: '2026-01-10T20:00:00Z', tot: '2026-01-11T05:00:00Z' }] };
    expect(actiefOp(m, new Date('2026-01-10T22:00:00Z'))).toBe(true);
    expect(actiefOp(m, new Date('2026-01-12T22:00:00Z'))).toBe(false);
    expect(actiefOp({ ...m, perioden: [] }, new Date('2026-01-12T22:00:00Z'))).toBe(true);
    expect(actiefOp({ ...m, perioden: [] }, new Date('2026-02-01T00:00:00Z'))).toBe(false);
  });
});

describe('DATEX II v3 built fixtures (road number, point location)', () => {
  it('reads the road number and a point location', () => {
    const { records } = parseRecords(gz('ndw-verkeersmaatregelen', 'tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz'), ['situation']);
    const all = records.flatMap(maatregelenUitSituatie);
    expect(all.map((m) => [m.weg, m.maximumsnelheid_kmh])).toEqual([
      ['A20', 70],
      ['A37', 80],
      ['A2', 90],
      ['N201', 50],
    ]);
    expect(all[3].geometrie).toEqual({ type: 'Point', coordinates: [4.938, 52.2185] });
  });
});

describe('DATEX II v2 site table and travel times (built fixtures)', () => {
  it('converts linear travel-time sections and point loop sites', () => {
    const { records, texts } = parseRecords(gz('ndw-meetlocaties', 'measurement_current.xml.gz'), ['measurementSiteRecord'], ['publicationTime']);
    expect(texts.publicationTime).toBe('2026-11-22T23:51:00Z');
    const locs = records.map(meetlocatieUitRecord);
    expect(locs).toHaveLength(15);
    expect(locs[9]).toEqual({
      id: 'OPG01_RT_A2_VINKEVEEN_ABCOUDE_N',
      naam: 'A2 Vinkeveen - Abcoude',
      weg: 'A2',
      richting: 'northBound',
      rijstroken: 3,
      lon: 4.9629,
      lat: 52.24505,
      lijn: [
        [4.9597, 52.2203],
        [4.9661, 52.2698],
      ],
      lengte_m: 5521,
    });
    expect(locs[13]).toEqual({
      id: 'OPG01_LUS_A28_HOOGEVEEN_0584',
      naam: 'A28 hmp 58.4 Re',
      weg: 'A28',
      richting: 'northBound',
      rijstroken: 2,
      lon: 6.4401,
      lat: 52.74,
      lijn: null,
      lengte_m: null,
    });
  });

  it('converts travel times with reference time, and NDW -1 as no value', () => {
    const { records } = parseRecords(gz('ndw-reistijden', 'traveltime.xml.gz'), ['siteMeasurements']);
    const tijden = records.map(reistijdUitMeting);
    expect(tijden).toHaveLength(12);
    const a2 = tijden.find((t) => t?.id === 'OPG01_RT_A2_VINKEVEEN_ABCOUDE_N')!;
    expect(a2).toEqual({ id: 'OPG01_RT_A2_VINKEVEEN_ABCOUDE_N', meettijd: '2026-11-22T23:50:00Z', reistijd_s: 477.1, referentie_s: 198.8, soort: 'reconstituted' });
    expect(vertraging(a2)).toBe(278.3);
    const geen = tijden.find((t) => t?.id === 'OPG01_RT_ROT_NIEUWE_BINNENWEG_W')!;
    expect(geen.reistijd_s).toBeNull();
    expect(vertraging(geen)).toBeNull();
    expect(vertraging({ reistijd_s: 50, referentie_s: 60 })).toBe(0);
  });
});
