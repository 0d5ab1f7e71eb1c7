// Tolerance of the NDW traffic conversions (issue 21 item 1): the DATEX II v2 measurement site table and travel
// times (replay fixtures ndw-meetlocaties and ndw-reistijden, `opgebouwd` from the documented format) and the v3
// situations of the traffic measures (ndw-verkeersmaatregelen: the REAL actueel_beeld publication and the two
// `opgebouwd` files; see the MANIFEST.md files). Each element and attribute of the records removed in turn (on the
// record trees the conversions receive), extra elements and attributes, elements in another order. A record is
// never lost except explicitly (no id, no position, no travel-time data, a lane management of unknown kind); what
// can be derived is derived (record type from its type element, a section's position from its line, travel-time
// data from its travelTime element); whatever else is missing is null. Keys in another case are not tried: XML
// names are case-sensitive and fixed by the DATEX II schema. Numbers as strings do not apply: every XML value is text.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { unknownsNotNull } from '@/test/tolerance';
import { eenPerKind, onbekendePaden, reorderedXml, verwachtZonder, WEG, withExtraXml, withoutXml, xmlPaths, type Wijziging } from '@/test/xml-records-tolerance';
import { parseRecords, type XNode } from './xml-records';
import {
  maatregelenUitSituatie,
  maatregelSchema,
  meetlocatieSchema,
  meetlocatieUitRecord,
  reistijdSchema,
  reistijdUitMeting,
  type Maatregel,
  type Meetlocatie,
  type Reistijd,
} from './ndw-verkeer-convert';

const records = (source: string, file: string, name: string): XNode[] =>
  parseRecords(gunzipSync(fs.readFileSync(path.join(FIXTURES_DIR, source, file))).toString('utf8'), [name]).records;
const lijst = <T,>(v: T | null): T[] => (v === null ? [] : [v]);

// --- v2 measurement site table ---------------------------------------------------------------------------------
const SL = 'measurementSiteLocation';
const IT = `${SL}/locationContainedInItinerary`;
const LIN = `${IT}/location/linearExtension/linearByCoordinatesExtension`;
const geenLijn = (m: Meetlocatie) => (m.lijn = null);
const ZONDER_MEETLOCATIE: Record<string, Wijziging<Meetlocatie>> = {
  '@id': WEG, // no identifier (explicit in the conversion)
  'measurementSiteName/values/value': (m) => ((m.naam = null), (m.weg = null)), // the road number is read from the name
  'measurementSiteName/values/value/@lang': () => {}, // without a language the first value is taken
  measurementSiteNumberOfLanes: (m) => (m.rijstroken = null),
  measurementSide: (m) => (m.richting = null), // these records have no ALERT-C direction to fall back on
  [SL]: WEG, // no position at all: a measuring point is found by position only (explicit in the conversion)
  [IT]: WEG, // a section's whole location, its only position
  [`${IT}/location`]: WEG,
  [`${IT}/location/supplementaryPositionalDescription/affectedCarriagewayAndLanes/lengthAffected`]: (m) => (m.lengte_m = null),
  [`${LIN}/linearCoordinatesStartPoint/pointCoordinates/latitude`]: geenLijn,
  [`${LIN}/linearCoordinatesStartPoint/pointCoordinates/longitude`]: geenLijn,
  [`${LIN}/linearCoordinatesEndPoint/pointCoordinates/latitude`]: geenLijn,
  [`${LIN}/linearCoordinatesEndPoint/pointCoordinates/longitude`]: geenLijn,
  // A section's display point is derived from its line (the middle, which is where NDW puts it: tested below).
  [`${IT}/location/locationForDisplay/latitude`]: () => {},
  [`${IT}/location/locationForDisplay/longitude`]: () => {},
  // A loop detector's display point and its point coordinates stand in for each other (the same point).
  [`${SL}/locationForDisplay/latitude`]: () => {},
  [`${SL}/locationForDisplay/longitude`]: () => {},
  [`${SL}/pointByCoordinates/pointCoordinates/latitude`]: () => {},
  [`${SL}/pointByCoordinates/pointCoordinates/longitude`]: () => {},
};
const ONGEBRUIKT_MEETLOCATIE = [
  '@version', 'measurementSiteRecordVersionTime', 'computationMethod', 'measurementSpecificCharacteristics', `${SL}/@type`,
  `${IT}/@index`, `${IT}/location/@type`, `${IT}/location/supplementaryPositionalDescription/affectedCarriagewayAndLanes/carriageway`,
];

// --- v2 travel times -------------------------------------------------------------------------------------------
const MV = 'measuredValue/measuredValue';
const ZONDER_REISTIJD: Record<string, Wijziging<Reistijd>> = {
  'measurementSiteReference/@id': WEG, // no site to attach the time to (explicit in the conversion)
  measurementTimeDefault: (r) => (r.meettijd = null),
  [`${MV}/basicData`]: WEG, // no travel-time data: a measurement of another kind (explicit in the conversion)
  [`${MV}/basicData/@type`]: () => {}, // TravelTimeData derived from its travelTime element
  [`${MV}/basicData/travelTimeType`]: (r) => (r.soort = null),
  [`${MV}/basicData/travelTime/duration`]: (r) => (r.reistijd_s = null),
  [`${MV}/measuredValueExtension/measuredValueExtended/basicDataReferenceValue/travelTimeData/travelTime/duration`]: (r) => (r.referentie_s = null),
};
const ONGEBRUIKT_REISTIJD = [
  'measurementSiteReference/@targetClass', 'measurementSiteReference/@version', 'measuredValue/@index',
  `${MV}/basicData/travelTimeTrendType`, `${MV}/basicData/travelTime/@numberOfInputValuesUsed`,
  `${MV}/basicData/travelTime/@supplierCalculatedDataQuality`,
  `${MV}/measuredValueExtension/measuredValueExtended/basicDataReferenceValue/referenceValueType`,
  `${MV}/measuredValueExtension/measuredValueExtended/basicDataReferenceValue/travelTimeData/travelTimeType`,
];

// --- v3 situations: closures and temporary maximum speeds ------------------------------------------------------
const R = 'situationRecord';
const L = `${R}/locationReference`;
const I = `${L}/locationContainedInItinerary/location`;
const VTS = `${R}/validity/validityTimeSpecification`;
const rijstroken = (f: (r: Maatregel['rijstroken']) => void) => (m: Maatregel) => f(m.rijstroken);
const ZONDER_MAATREGEL: Record<string, Wijziging<Maatregel>> = {
  '@id': (m) => (m.situatie_id = null),
  overallSeverity: (m) => (m.ernst = null),
  [R]: WEG, // a situation without records has nothing to convert
  [`${R}/@id`]: WEG, // no identifier (explicit in the conversion)
  [`${R}/@type`]: () => {}, // derived from the record's type element (speedManagementType → SpeedManagement)
  [`${R}/@version`]: (m) => (m.versie = null),
  [`${R}/operatorActionStatus`]: (m) => (m.status = null),
  // Without its type a lane management cannot be told to be a closure (explicit in the conversion).
  [`${R}/roadOrCarriagewayOrLaneManagementType`]: (m) => (m.soort === 'afsluiting' ? 'weg' : undefined),
  [`${R}/speedManagementType`]: (m) => void (m.soort === 'maximumsnelheid' && (m.type = null)),
  [`${R}/temporarySpeedLimit`]: (m) => (m.maximumsnelheid_kmh = null),
  [`${R}/source/sourceName/values/value`]: (m) => (m.beheerder = null),
  [`${R}/source/sourceName/values/value/@lang`]: () => {},
  [`${VTS}/overallStartTime`]: (m) => (m.geldig_vanaf = null),
  [`${VTS}/overallEndTime`]: (m) => (m.geldig_tot = null),
  [`${VTS}/validPeriod`]: (m) => (m.perioden = []),
  [`${VTS}/validPeriod/startOfPeriod`]: (m) => m.perioden.forEach((p) => (p.van = null)),
  [`${VTS}/validPeriod/endOfPeriod`]: (m) => m.perioden.forEach((p) => (p.tot = null)),
  [`${R}/cause/causeType`]: (m) => (m.oorzaak = null),
  [`${R}/impact/numberOfLanesRestricted`]: rijstroken((r) => (r.afgesloten = null)),
  [`${R}/impact/numberOfOperationalLanes`]: rijstroken((r) => (r.beschikbaar = null)),
  [`${I}/supplementaryPositionalDescription/carriageway/carriageway`]: rijstroken((r) => (r.rijbaan = null)),
  [`${I}/supplementaryPositionalDescription/carriageway/originalNumberOfLanes`]: rijstroken((r) => (r.oorspronkelijk = null)),
  [`${I}/supplementaryPositionalDescription/carriageway/lane/laneUsage`]: rijstroken((r) => (r.betrokken_stroken = [])),
  [`${L}/supplementaryPositionalDescription/carriageway/carriageway`]: rijstroken((r) => (r.rijbaan = null)),
  [`${I}/supplementaryPositionalDescription/roadInformation/roadNumber`]: (m) => (m.weg = null),
  [`${L}/supplementaryPositionalDescription/roadInformation/roadNumber`]: (m) => (m.weg = null),
  [`${I}/gmlLineString/posList`]: (m) => (m.geometrie = null), // no points to fall back on in these records
  [`${L}/pointByCoordinates/pointCoordinates/latitude`]: (m) => (m.geometrie = null),
  [`${L}/pointByCoordinates/pointCoordinates/longitude`]: (m) => (m.geometrie = null),
  [`${I}/alertCLinear/alertCDirection/alertCDirectionCoded`]: (m) => (m.richting = null),
  [`${I}/alertCPoint/alertCDirection/alertCDirectionCoded`]: (m) => (m.richting = null),
  [`${L}/alertCPoint/alertCDirection/alertCDirectionCoded`]: (m) => (m.richting = null),
};
/** ALERT-C parts the service does not read (only the direction is read), under each place an ALERT-C location can be. */
const ALERTC = [`${I}/alertCLinear`, `${I}/alertCPoint`, `${L}/alertCPoint`].flatMap((a) =>
  ['@type', 'alertCLocationCountryCode', 'alertCLocationTableNumber', 'alertCLocationTableVersion', 'alertCDirection/alertCAffectedDirection', 'alertCMethod2PrimaryPointLocation', 'alertCMethod4PrimaryPointLocation', 'alertCMethod4SecondaryPointLocation'].map((p) => `${a}/${p}`),
);
const ONGEBRUIKT_MAATREGEL = [
  'situationVersionTime', 'headerInformation', 'relatedSituation', `${R}/situationRecordCreationTime`, `${R}/situationRecordVersionTime`, `${R}/situationRecordCreationReference`,
  `${R}/probabilityOfOccurrence`, `${R}/validity/validityStatus`, `${R}/complianceOption`, `${L}/@type`, `${L}/locationContainedInItinerary/@index`,
  `${I}/@type`, `${I}/gmlLineString/@srsName`, `${L}/pointByCoordinates/bearing`, ...ALERTC,
  // Record types that are no closure or maximum speed (ReroutingManagement) and their parts.
  `${R}/reroutingManagementType`, `${R}/reroutingItineraryDescription`, `${R}/signedRerouting`, `${R}/alternativeRoute`, `${R}/forVehiclesWithCharacteristicsOf`,
];

interface Geval<T> {
  naam: string;
  records: XNode[];
  convert: (r: XNode) => T[];
  schema: { safeParse: (v: unknown) => { success: boolean } };
  zonder: Record<string, Wijziging<T>>;
  ongebruikt: string[];
  aantal: number;
}
const maatregelen = (file: string, aantal: number): Geval<Maatregel> => ({
  naam: file,
  // One situationRecord per situation (the conversion reads each record on its own, with its situation's fields).
  records: records('ndw-verkeersmaatregelen', file, 'situation').flatMap((s) => eenPerKind(s, R)),
  convert: maatregelenUitSituatie,
  schema: maatregelSchema,
  zonder: ZONDER_MAATREGEL,
  ongebruikt: ONGEBRUIKT_MAATREGEL,
  aantal,
});
const GEVALLEN = [
  { naam: 'measurement_current.xml.gz', records: records('ndw-meetlocaties', 'measurement_current.xml.gz', 'measurementSiteRecord'), convert: (r: XNode) => lijst(meetlocatieUitRecord(r)), schema: meetlocatieSchema, zonder: ZONDER_MEETLOCATIE, ongebruikt: ONGEBRUIKT_MEETLOCATIE, aantal: 15 } satisfies Geval<Meetlocatie>,
  { naam: 'traveltime.xml.gz', records: records('ndw-reistijden', 'traveltime.xml.gz', 'siteMeasurements'), convert: (r: XNode) => lijst(reistijdUitMeting(r)), schema: reistijdSchema, zonder: ZONDER_REISTIJD, ongebruikt: ONGEBRUIKT_REISTIJD, aantal: 12 } satisfies Geval<Reistijd>,
  maatregelen('actueel_beeld.xml.gz', 7),
  maatregelen('tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', 4),
  maatregelen('tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz', 4),
] as Geval<object>[];

describe.each(GEVALLEN)('each element and attribute of the records in $naam removed in turn', ({ records: recs, convert, schema, zonder, ongebruikt, aantal }) => {
  const volledig = recs.flatMap(convert);
  const paden = [...new Set(recs.flatMap(xmlPaths))];

  it('converts every record of the file', () => {
    expect(volledig).toHaveLength(aantal);
    expect(volledig.every((r) => schema.safeParse(r).success)).toBe(true);
    expect(unknownsNotNull(volledig)).toEqual([]);
  });

  it('reads every element and attribute of the records (none unknown to this test)', () => {
    expect(onbekendePaden(paden, zonder, ongebruikt)).toEqual([]);
  });

  it.each(paden)('without %s: every record kept (or left out on purpose), with the expected changes', (pad) => {
    const uit = recs.flatMap((r) => convert(withoutXml(r, pad)));
    expect(uit.every((r) => schema.safeParse(r).success)).toBe(true);
    expect(uit).toEqual(verwachtZonder(recs, convert, zonder, pad));
  });

  it('with extra elements and attributes everywhere, and elements in another order: the same records', () => {
    expect(recs.flatMap((r) => convert(withExtraXml(r)))).toEqual(volledig);
    expect(recs.flatMap((r) => convert(reorderedXml(r)))).toEqual(volledig);
  });
});

describe('derived values', () => {
  it("a section's position without locationForDisplay is the middle of its line, where NDW's display point lies", () => {
    for (const r of records('ndw-meetlocaties', 'measurement_current.xml.gz', 'measurementSiteRecord')) {
      const m = meetlocatieUitRecord(r)!;
      if (!m.lijn) continue;
      const zonder = meetlocatieUitRecord(withoutXml(r, `${IT}/location/locationForDisplay`))!;
      const [a, b] = [m.lijn[0], m.lijn[m.lijn.length - 1]];
      expect(zonder.lon).toBeCloseTo((a[0] + b[0]) / 2, 6);
      expect(zonder.lat).toBeCloseTo((a[1] + b[1]) / 2, 6);
    }
  });

  it('travel-time data without xsi:type is recognised by its travelTime element', () => {
    const [r] = records('ndw-reistijden', 'traveltime.xml.gz', 'siteMeasurements');
    expect(reistijdUitMeting(withoutXml(r, `${MV}/basicData/@type`))).toEqual(reistijdUitMeting(r));
    expect(reistijdUitMeting(withoutXml(r, `${MV}/basicData`))).toBeNull();
  });

  it('a closure or maximum speed without xsi:type keeps its kind, from its type element', () => {
    const sits = records('ndw-verkeersmaatregelen', 'actueel_beeld.xml.gz', 'situation');
    const zonder = sits.flatMap((s) => maatregelenUitSituatie(withoutXml(s, `${R}/@type`)));
    expect(zonder.map((m) => `${m.soort}:${m.type}`)).toEqual(sits.flatMap(maatregelenUitSituatie).map((m) => `${m.soort}:${m.type}`));
  });
});

describe('a record with every field removed', () => {
  const leeg = (name: string, attrs: Record<string, string>, children: XNode[] = []): XNode => ({ name, attrs, children, text: '' });

  it('without an id or a position: left out on purpose', () => {
    expect(meetlocatieUitRecord(leeg('measurementSiteRecord', {}))).toBeNull();
    expect(meetlocatieUitRecord(leeg('measurementSiteRecord', { id: 'X' }))).toBeNull();
    expect(reistijdUitMeting(leeg('siteMeasurements', {}))).toBeNull();
    expect(maatregelenUitSituatie(leeg('situation', {}, [leeg(R, { type: 'sit:SpeedManagement' })]))).toEqual([]);
  });

  it('with only an id (and what makes it this kind of record): a record of nulls, never "" or "onbekend"', () => {
    const punt = leeg(SL, {}, [leeg('locationForDisplay', {}, [{ ...leeg('latitude', {}), text: '52' }, { ...leeg('longitude', {}), text: '5' }])]);
    const m = meetlocatieUitRecord(leeg('measurementSiteRecord', { id: 'X' }, [punt]));
    expect(m).toEqual({ id: 'X', naam: null, weg: null, richting: null, rijstroken: null, lon: 5, lat: 52, lijn: null, lengte_m: null });
    const basic = leeg('basicData', { type: 'TravelTimeData' });
    const r = reistijdUitMeting(leeg('siteMeasurements', {}, [leeg('measurementSiteReference', { id: 'X' }), leeg('measuredValue', {}, [leeg('measuredValue', {}, [basic])])]));
    expect(r).toEqual({ id: 'X', meettijd: null, reistijd_s: null, referentie_s: null, soort: null });
    const [s] = maatregelenUitSituatie(leeg('situation', {}, [leeg(R, { id: 'X', type: 'sit:SpeedManagement' })]));
    expect(maatregelSchema.safeParse(s).success).toBe(true);
    expect(s).toMatchObject({ id: 'X', soort: 'maximumsnelheid', type: null, perioden: [], rijstroken: { rijbaan: null, betrokken_stroken: [] }, geometrie: null });
    for (const v of [m, r, s]) expect(unknownsNotNull(v)).toEqual([]);
  });
});
