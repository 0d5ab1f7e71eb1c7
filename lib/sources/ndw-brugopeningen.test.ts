// Conversion of the recorded NDW bridge-opening snapshot (BrugOpenNL, 2026-04-02) and SRTI publication (datex4j,
// 2026-07-24), and the search near a point.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parseRecords } from './xml-records';
import { binnenVenster, brugopeningenUitSituatie, veiligheidsberichtenUitSituatie } from './ndw-brugopeningen-convert';
import { bijPunt, indexeer } from './ndw-brugopeningen';

const root = path.resolve(__dirname, '..', '..');
const bruggenXml = gunzipSync(fs.readFileSync(path.join(root, 'test/upstream/fixtures/ndw-brugopeningen/brugopeningen.xml.gz'))).toString('utf8');
const srtiXml = fs.readFileSync(path.join(root, 'test/fixtures/ndw/srti.xml'), 'utf8');

describe('bridge openings from the recorded snapshot', () => {
  const { records, texts } = parseRecords(bruggenXml, ['situation'], ['publicationTime']);
  const openingen = records.flatMap(brugopeningenUitSituatie);

  it('reads every situation as one bridge opening with its window, status and RIS-index code', () => {
    expect(texts.publicationTime).toBe('2026-04-02T12:03:00.001346644Z');
    expect(records).toHaveLength(1586);
    expect(openingen).toHaveLength(1586);
    expect(openingen[0]).toEqual({
      id: 'BMS01_NLZAA002360561800012_117118075_01',
      versie: '1',
      situatie_id: 'BMS01_NLZAA002360561800012_117118075',
      type: 'bridgeSwingInOperation',
      status: 'approved',
      waarschijnlijkheid: 'riskOf',
      geldig_vanaf: '2026-04-03T06:09:00Z',
      geldig_tot: '2026-04-03T06:15:00Z',
      brug_code: 'NLZAA002360561800012',
      codesysteem: 'RIS-index',
      naam: null,
      omschrijving: null,
      bron: 'BMS01',
      versietijd: '2026-04-01T13:21:33.187350Z',
      geometrie: { type: 'Point', coordinates: [4.834402, 52.42779] },
    });
    const statussen = new Map<string, number>();
    for (const o of openingen) statussen.set(o.status!, (statussen.get(o.status!) ?? 0) + 1);
    expect(Object.fromEntries(statussen)).toEqual({ approved: 1559, implemented: 25, beingTerminated: 1, beingImplemented: 1 });
  });

  it('finds the nearest openings near Vinkeveen, ties by the earliest start', () => {
    const feed = indexeer(openingen);
    const hits = bijPunt(feed, { lon: 4.9523, lat: 52.2342 }, 15000, 3);
    expect(hits.map((h) => [h.item.brug_code, h.item.geldig_vanaf, h.afstand_m])).toEqual([
      ['NLVRD002270446700216', '2026-04-02T12:01:29.869861812Z', 5576],
      ['NLSPL002120533400126', '2026-04-02T12:37:00Z', 12565],
      ['NLSPL002120533400126', '2026-04-02T13:48:00Z', 12565],
    ]);
    expect(bijPunt(feed, { lon: 4.9523, lat: 52.2342 }, 15000, 25)).toHaveLength(25);
    expect(bijPunt(feed, { lon: 4.9523, lat: 52.2342 }, 5575, 25)).toHaveLength(0);
    expect(bijPunt(feed, { lon: 6.4706, lat: 52.7314 }, 50000, 25)).toHaveLength(0);
  });

  it('tells whether a moment lies in the window', () => {
    const o = openingen[0];
    expect(binnenVenster(o, new Date('2026-04-03T06:10:00Z'))).toBe(true);
    expect(binnenVenster(o, new Date('2026-04-03T06:15:00Z'))).toBe(false);
    expect(binnenVenster({ geldig_vanaf: '2026-04-02T12:00:00Z', geldig_tot: null }, new Date('2026-11-01T00:00:00Z'))).toBe(true);
  });
});

describe('safety-related messages from the recorded SRTI publication', () => {
  it('reads the vehicle obstruction with its comment, location and open window', () => {
    const { records, texts } = parseRecords(srtiXml, ['situation'], ['publicationTime']);
    expect(texts.publicationTime).toBe('2026-07-24T21:12:00.002147974Z');
    const berichten = records.flatMap(veiligheidsberichtenUitSituatie);
    expect(berichten).toEqual([
      {
        id: 'NDW08_9d8afcc1-fd11-44f5-9653-0efae246856a',
        versie: '1',
        situatie_id: 'NDW08_9d8afcc1-fd11-44f5-9653-0efae246856a_SIT',
        type: 'VehicleObstruction',
        subtype: 'other',
        veiligheidsgerelateerd: true,
        ernst: 'unknown',
        waarschijnlijkheid: 'certain',
        geldig_vanaf: '2026-07-24T20:05:00.043328661Z',
        geldig_tot: null,
        omschrijving: 'Botsabsorber',
        bron: 'RoadSafetyServices',
        rijbaan: 'mainCarriageway',
        richting: 'positive',
        versietijd: '2026-07-24T20:05:00.043328661Z',
        geometrie: { type: 'Point', coordinates: [4.021665, 51.46491] },
      },
    ]);
  });
});
