// Tolerance of the NDW bridge-opening and SRTI conversions (issue 21 item 1), on the REAL recorded publications
// (test/upstream/fixtures/ndw-brugopeningen and ndw-srti, see their MANIFEST.md): each element and attribute of the
// situations removed in turn (on the record trees the conversion receives), extra elements and attributes, elements
// in another order. A record is never lost except explicitly without an id; what can be derived is derived (the
// record type from its type element, a bridge's code and source from the record id); whatever else is missing is
// null. Keys in another case are not tried: XML names are case-sensitive and fixed by the DATEX II schema, so a
// parser never sees `SituationRecord` for `situationRecord` from a valid publication. Numbers as strings do not
// apply: every XML value is text.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { unknownsNotNull } from '@/test/tolerance';
import { onbekendePaden, reorderedXml, verwachtZonder, WEG, withExtraXml, withoutXml, xmlPaths, type Wijziging } from '@/test/xml-records-tolerance';
import { parseRecords, type XNode } from './xml-records';
import {
  brugopeningenUitSituatie,
  brugopeningRecordSchema,
  uitBrugId,
  veiligheidsberichtenUitSituatie,
  veiligheidsberichtRecordSchema,
  type Brugopening,
  type Veiligheidsbericht,
} from './ndw-brugopeningen-convert';
import { recordType } from './ndw-verkeer-convert';

const situaties = (source: string, file: string): XNode[] =>
  parseRecords(gunzipSync(fs.readFileSync(path.join(FIXTURES_DIR, source, file))).toString('utf8'), ['situation']).records;
const alle = (s: XNode[]) => [...new Set(s.flatMap(xmlPaths))];
const R = 'situationRecord';
const L = `${R}/locationReference`;

/** Bridge openings: what the conversion gives when one element or attribute of the situation is missing. */
const ZONDER_BRUG: Record<string, Wijziging<Brugopening>> = {
  '@id': (b) => (b.situatie_id = null),
  [R]: WEG, // a situation without records has nothing to convert
  [`${R}/@id`]: WEG, // no identifier: the opening cannot be referred to (explicit in the conversion)
  [`${R}/@type`]: () => {}, // derived from generalNetworkManagementType
  [`${R}/@version`]: (b) => (b.versie = null),
  [`${R}/situationRecordVersionTime`]: (b) => (b.versietijd = null),
  [`${R}/probabilityOfOccurrence`]: (b) => (b.waarschijnlijkheid = null),
  [`${R}/source/sourceName/values/value`]: () => {}, // the source from the record id (BMS01_…)
  [`${R}/source/sourceName/values/value/@lang`]: () => {}, // without a language the first value is taken
  [`${R}/validity/validityTimeSpecification/overallStartTime`]: (b) => (b.geldig_vanaf = null),
  [`${R}/validity/validityTimeSpecification/overallEndTime`]: (b) => (b.geldig_tot = null),
  [`${L}/externalReferencing/externalLocationCode`]: () => {}, // the bridge's code from the record id
  [`${L}/externalReferencing/externalReferencingSystem`]: (b) => (b.codesysteem = null),
  [`${L}/pointByCoordinates/pointCoordinates/latitude`]: (b) => (b.geometrie = null), // the only position
  [`${L}/pointByCoordinates/pointCoordinates/longitude`]: (b) => (b.geometrie = null),
  [`${R}/operatorActionStatus`]: (b) => (b.status = null),
  [`${R}/generalNetworkManagementType`]: (b) => (b.type = null),
};
/** Safety messages: the same for the SRTI records. */
const ZONDER_SRTI: Record<string, Wijziging<Veiligheidsbericht>> = {
  '@id': (v) => (v.situatie_id = null),
  overallSeverity: (v) => (v.ernst = null),
  [R]: WEG,
  [`${R}/@id`]: WEG, // no identifier (explicit in the conversion)
  [`${R}/@type`]: () => {}, // derived from vehicleObstructionType: VehicleObstruction
  [`${R}/@version`]: (v) => (v.versie = null),
  [`${R}/situationRecordVersionTime`]: (v) => (v.versietijd = null),
  [`${R}/probabilityOfOccurrence`]: (v) => (v.waarschijnlijkheid = null),
  [`${R}/safetyRelatedMessage`]: (v) => (v.veiligheidsgerelateerd = null),
  [`${R}/source/sourceName/values/value`]: (v) => (v.bron = null),
  [`${R}/source/sourceName/values/value/@lang`]: () => {},
  [`${R}/validity/validityTimeSpecification/overallStartTime`]: (v) => (v.geldig_vanaf = null),
  [`${R}/generalPublicComment/comment/values/value`]: (v) => (v.omschrijving = null),
  [`${R}/generalPublicComment/comment/values/value/@lang`]: () => {},
  [`${L}/supplementaryPositionalDescription/carriageway/carriageway`]: (v) => (v.rijbaan = null),
  [`${L}/pointByCoordinates/pointCoordinates/latitude`]: (v) => (v.geometrie = null),
  [`${L}/pointByCoordinates/pointCoordinates/longitude`]: (v) => (v.geometrie = null),
  [`${L}/alertCPoint/alertCDirection/alertCDirectionCoded`]: (v) => (v.richting = null),
  [`${R}/vehicleObstructionType`]: (v) => (v.subtype = null),
};
/** Elements and attributes the service does not read (with everything inside them): removing them changes nothing. */
const ONGEBRUIKT = [
  'situationVersionTime', 'headerInformation', `${R}/situationRecordCreationTime`, `${R}/situationRecordCreationReference`,
  `${R}/validity/validityStatus`, `${R}/complianceOption`, `${L}/@type`, `${L}/pointByCoordinates/bearing`,
  `${L}/alertCPoint/@type`, `${L}/alertCPoint/alertCLocationCountryCode`, `${L}/alertCPoint/alertCLocationTableNumber`,
  `${L}/alertCPoint/alertCLocationTableVersion`, `${L}/alertCPoint/alertCDirection/alertCAffectedDirection`,
  `${L}/alertCPoint/alertCMethod2PrimaryPointLocation`, `${L}/alertCPoint/alertCMethod4PrimaryPointLocation`,
  `${R}/mobilityOfObstruction`, `${R}/obstructingVehicle`,
];
const ONGEBRUIKT_BRUG = [...ONGEBRUIKT, 'overallSeverity', `${L}/supplementaryPositionalDescription`, `${L}/alertCPoint`];

interface Geval<T> {
  naam: string;
  situaties: XNode[];
  convert: (s: XNode) => T[];
  schema: { safeParse: (v: unknown) => { success: boolean } };
  zonder: Record<string, Wijziging<T>>;
  ongebruikt: string[];
  aantal: number;
}

const GEVALLEN: Geval<Brugopening | Veiligheidsbericht>[] = [
  { naam: 'brugopeningen.xml.gz', situaties: situaties('ndw-brugopeningen', 'brugopeningen.xml.gz'), convert: brugopeningenUitSituatie, schema: brugopeningRecordSchema, zonder: ZONDER_BRUG as never, ongebruikt: ONGEBRUIKT_BRUG, aantal: 1586 },
  { naam: 'veiligheidsgerelateerde_berichten_srti.xml.gz', situaties: situaties('ndw-srti', 'veiligheidsgerelateerde_berichten_srti.xml.gz'), convert: veiligheidsberichtenUitSituatie, schema: veiligheidsberichtRecordSchema, zonder: ZONDER_SRTI as never, ongebruikt: ONGEBRUIKT, aantal: 1 },
];

describe.each(GEVALLEN)('each element and attribute of the situations in $naam removed in turn', ({ situaties: sits, convert, schema, zonder, ongebruikt, aantal }) => {
  const volledig = sits.flatMap(convert);
  const paden = alle(sits);

  it('converts every record of the real publication', () => {
    expect(volledig).toHaveLength(aantal);
    expect(volledig.every((r) => schema.safeParse(r).success)).toBe(true);
    expect(unknownsNotNull(volledig)).toEqual([]);
  });

  it('reads every element and attribute of the situations (none unknown to this test)', () => {
    expect(onbekendePaden(paden, zonder, ongebruikt)).toEqual([]);
  });

  it.each(paden)('without %s: every record kept (or left out on purpose), with the expected changes', (pad) => {
    const uit = sits.flatMap((s) => convert(withoutXml(s, pad)));
    expect(uit.every((r) => schema.safeParse(r).success)).toBe(true);
    expect(uit).toEqual(verwachtZonder(sits, convert, zonder, pad));
  });

  it('with extra elements and attributes everywhere, and elements in another order: the same records', () => {
    expect(sits.flatMap((s) => convert(withExtraXml(s)))).toEqual(volledig);
    expect(sits.flatMap((s) => convert(reorderedXml(s)))).toEqual(volledig);
  });
});

describe('derived values', () => {
  const [brug, srti] = GEVALLEN;

  it("a bridge's RIS-index code and source from the record id, equal to the recorded ones in all 1586 openings", () => {
    const openingen = brug.situaties.flatMap((s) => brugopeningenUitSituatie(s)) as Brugopening[];
    expect(openingen.map((o) => uitBrugId(o.id))).toEqual(openingen.map((o) => ({ bron: o.bron, brug_code: o.brug_code })));
    expect(uitBrugId('BMS01_NLZAA002360561800012_117118075_01')).toEqual({ bron: 'BMS01', brug_code: 'NLZAA002360561800012' });
    expect(uitBrugId('RWS01_M1162215_SPEED_MANAGEMENT_D2_WWA')).toBeNull();
  });

  it('the record type from its own type element when xsi:type is missing', () => {
    const zonderType = (s: XNode) => withoutXml(s, `${R}/@type`).children.find((c) => c.name === R)!;
    expect(recordType(zonderType(brug.situaties[0]))).toBe('GeneralNetworkManagement');
    expect(recordType(zonderType(srti.situaties[0]))).toBe('VehicleObstruction');
  });
});

describe('a record with every field removed', () => {
  const situatie = (attrs: Record<string, string>): XNode => ({ name: 'situation', attrs: {}, text: '', children: [{ name: R, attrs, children: [], text: '' }] });

  it('without an id: left out on purpose (nothing to refer to it by)', () => {
    expect(brugopeningenUitSituatie(situatie({ type: 'sit:GeneralNetworkManagement' }))).toEqual([]);
    expect(veiligheidsberichtenUitSituatie(situatie({}))).toEqual([]);
  });

  it('with only an id (and, for a bridge opening, its type): a record of nulls, never "" or "onbekend"', () => {
    const [b] = brugopeningenUitSituatie(situatie({ id: 'X1', type: 'sit:GeneralNetworkManagement' }));
    expect(brugopeningRecordSchema.safeParse(b).success).toBe(true);
    expect(Object.entries(b).filter(([k, v]) => k !== 'id' && v !== null)).toEqual([]);
    expect(unknownsNotNull(b)).toEqual([]);
    const [v] = veiligheidsberichtenUitSituatie(situatie({ id: 'X2' }));
    expect(veiligheidsberichtRecordSchema.safeParse(v).success).toBe(true);
    expect(Object.entries(v).filter(([k, w]) => k !== 'id' && w !== null)).toEqual([]);
    expect(unknownsNotNull(v)).toEqual([]);
  });
});
