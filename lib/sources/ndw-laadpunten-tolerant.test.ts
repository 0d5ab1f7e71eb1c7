// Tolerance of the OCPI Location conversion (issue 21 item 1), on variants of the fixtures in
// test/upstream/fixtures/ndw-laadpunten (the replay file: NDW's OCPI receiver test Locations, unchanged, plus five
// moved copies; and one more receiver test Location with name, suboperator and energy mix; see its MANIFEST.md):
// each field removed in turn, extra fields, numbers as strings, keys in upper case and in
// reversed order. A Location is never lost, except explicitly without id or coordinates; what is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { laadlocatieSchema, laadlocatieUitOcpi, type Laadlocatie, type OcpiLocation } from './ndw-laadpunten-convert';

type Envelope = { data: OcpiLocation[] };
const lees = (file: string) => fs.readFileSync(path.join(FIXTURES_DIR, 'ndw-laadpunten', file));
const FIXTURES: [string, Envelope, number][] = [
  ['charging_point_locations_ocpi.json.gz', JSON.parse(gunzipSync(lees('charging_point_locations_ocpi.json.gz')).toString('utf8')), 7],
  ['ocpi-location-data-analyzer-test.json', { data: [JSON.parse(lees('ocpi-location-data-analyzer-test.json').toString('utf8'))] }, 1],
];
const convert = (b: Envelope) => b.data.map(laadlocatieUitOcpi);

const evses = (l: Laadlocatie, f: (e: Laadlocatie['evses'][number]) => void) => l.evses.forEach(f);
const connectoren = (l: Laadlocatie, f: (c: Laadlocatie['evses'][number]['connectoren'][number]) => void) => l.evses.forEach((e) => e.connectoren.forEach(f));

/** What the conversion gives when one field (path below a Location) is missing; 'weg' = left out on purpose. */
const ZONDER: Record<string, 'weg' | ((l: Laadlocatie) => void)> = {
  id: 'weg', // no identifier: the Location cannot be referred to
  coordinates: 'weg', // no position: the service finds charging points by position only
  'coordinates.latitude': 'weg',
  'coordinates.longitude': 'weg',
  type: (l) => (l.parkeertype = null), // parking_type (OCPI 2.2.1) is absent from these records; type is the 2.1 name
  name: (l) => (l.naam = null),
  address: (l) => (l.adresregel = null),
  city: (l) => (l.plaats = null),
  country: (l) => (l.land = null),
  postal_code: (l) => (l.postcode = null),
  operator: (l) => (l.exploitant = null),
  'operator.name': (l) => (l.exploitant = null),
  last_updated: (l) => (l.bijgewerkt_op = null),
  evses: (l) => (l.evses = []),
  'evses[].uid': (l) => evses(l, (e) => (e.uid = null)),
  'evses[].evse_id': (l) => evses(l, (e) => (e.evse_id = null)),
  'evses[].status': (l) => evses(l, (e) => (e.status = null)),
  'evses[].last_updated': (l) => evses(l, (e) => (e.bijgewerkt_op = null)),
  'evses[].connectors': (l) => evses(l, (e) => (e.connectoren = [])),
  'evses[].connectors[].standard': (l) => connectoren(l, (c) => (c.standaard = null)),
  'evses[].connectors[].format': (l) => connectoren(l, (c) => (c.vorm = null)),
  // The power is derived from voltage × amperage × 3 phases; without the phase type only one phase is counted.
  'evses[].connectors[].power_type': (l) => connectoren(l, (c) => ((c.stroomtype = null), (c.vermogen_kw = 3.68))),
  'evses[].connectors[].voltage': (l) => connectoren(l, (c) => ((c.vermogen_kw = null), (c.vermogen_berekend = false))),
  'evses[].connectors[].amperage': (l) => connectoren(l, (c) => ((c.vermogen_kw = null), (c.vermogen_berekend = false))),
};
/** Fields of the Locations this service does not read: removing them changes nothing. */
const ONGEBRUIKT = [
  'directions', 'suboperator', 'owner', 'facilities', 'images', 'related_locations', 'time_zone', 'opening_times',
  'charging_when_closed', 'energy_mix', 'suboperator.name', 'suboperator.website', 'suboperator.logo', 'operator.website', 'operator.logo', 'evses[].status_schedule', 'evses[].capabilities',
  'evses[].floor_level', 'evses[].coordinates', 'evses[].physical_reference', 'evses[].directions', 'evses[].parking_restrictions',
  'evses[].images', 'evses[].connectors[].id', 'evses[].connectors[].tariff_id', 'evses[].connectors[].terms_and_conditions',
  'evses[].connectors[].last_updated',
];

const ENERGIEMIX = /^energy_mix\./; // the parts of the energy mix (not read, as energy_mix itself)

describe.each(FIXTURES)('each field of the Locations in %s removed in turn', (_file, body, aantal) => {
  const volledig = convert(body) as Laadlocatie[];
  const velden = fieldPaths(body, { under: 'data' }).map((p) => p.replace(/^data\[\]\./, ''));

  it('converts every Location of the full answer', () => {
    expect(volledig).toHaveLength(aantal);
    expect(volledig.every((l) => laadlocatieSchema.safeParse(l).success)).toBe(true);
  });

  it('reads every field of the Locations (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.includes(v) && !ENERGIEMIX.test(v))).toEqual([]);
  });

  it.each(velden)('without %s: every Location kept (or left out on purpose), with the expected changes', (veld) => {
    const uit = convert(withoutField(body, `data[].${veld}`));
    expect(uit).toHaveLength(volledig.length);
    const change = ZONDER[veld];
    if (change === 'weg') {
      expect(uit.every((l) => l === null)).toBe(true);
      return;
    }
    for (const l of uit) expect(laadlocatieSchema.safeParse(l).success).toBe(true);
    const verwacht = structuredClone(volledig);
    if (change) verwacht.forEach(change);
    expect(uit).toEqual(verwacht);
  });

  it('derives the power of a connector from voltage × amperage × 3 phases (230 V, 16 A, AC_3_PHASE: 11.04 kW)', () => {
    expect(volledig[0].evses[0].connectoren[0]).toMatchObject({ vermogen_kw: 11.04, vermogen_berekend: true });
  });

  // On the Locations (the envelope is read by the streaming reader in ndw-laadpunten.ts).
  it.each([
    ['extra fields everywhere', withExtraFields(body.data)],
    ['numbers as strings', numbersAsStrings(body.data)],
    ['keys in upper case', upperCaseKeys(body.data)],
    ['keys in reversed order', reversedKeys(body.data)],
  ])('with %s: the same Locations', (_naam, variant) => {
    expect(convert({ data: variant })).toEqual(volledig);
  });

  it('with every field removed: left out on purpose (no id, no position); with only id and position: a record of nulls', () => {
    expect(laadlocatieUitOcpi({})).toBeNull();
    const [eerste] = body.data;
    const l = laadlocatieUitOcpi({ id: eerste.id, coordinates: eerste.coordinates });
    expect(laadlocatieSchema.safeParse(l).success).toBe(true);
    expect(l).toEqual({
      id: eerste.id, naam: null, adresregel: null, postcode: null, plaats: null, land: null, parkeertype: null, exploitant: null,
      lon: volledig[0].lon, lat: volledig[0].lat, bijgewerkt_op: null, evses: [],
    });
    expect(unknownsNotNull(l)).toEqual([]);
    expect(volledig.flatMap((x) => unknownsNotNull(x))).toEqual([]);
  });
});
