// Tolerance of the NDW emission-zone conversion (issue 21 item 1), on the REAL recorded publication
// (test/upstream/fixtures/ndw-emissiezones, two zones; see its MANIFEST.md). The conversion takes the document as
// text, so each zone is read as a record tree (lib/sources/xml-records.ts), changed, and written back into a
// publication (toXml): each element and attribute removed in turn, extra elements and attributes, elements in
// another order. A zone is never lost except explicitly (no id at all, no area); what can be derived is derived
// (the zone id from its regulation order's, a condition's kind from its content, an absent negate is false);
// whatever else is missing is null, also NDW's own "onbekend". Keys in another case are not tried: XML names are
// case-sensitive and fixed by the DATEX II schema. Numbers as strings do not apply: every XML value is text.
//
// The vehicle conditions are a tree of `conditions` in `conditions`: a path below the regulation's condition is
// read as the depth of the condition it reaches plus the field within that condition (ZONDER_VOORWAARDE), and its
// change applies to the conditions at that depth of the converted tree.
import fs from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { unknownsNotNull } from '@/test/tolerance';
import { onbekendePaden, reorderedXml, toXml, verwachtZonder, WEG, wijzigingVoor, withExtraXml, withoutXml, xmlPaths, type Wijziging } from '@/test/xml-records-tolerance';
import { parseRecords, type XNode } from './xml-records';
import { milieuzoneSchema, parseMilieuzones, type Milieuzone, type Voorwaarde } from './ndw-emissiezones-convert';

const FILE = 'emissiezones.xml.gz';
const xml = gunzipSync(fs.readFileSync(path.join(FIXTURES_DIR, 'ndw-emissiezones', FILE))).toString('utf8');
const { records: zones, texts } = parseRecords(xml, ['urbanVehicleAccessRegulation'], ['publicationTime']);
/** A publication holding these zones (the envelope the conversion checks). */
const publicatie = (z: XNode[]) =>
  `<messageContainer><payload><publicationTime>${texts.publicationTime}</publicationTime><controlledZoneTable>${z.map((x) => toXml(x)).join('')}</controlledZoneTable></payload></messageContainer>`;
const convert = (zone: XNode): Milieuzone[] => parseMilieuzones(publicatie([zone])).zones;

/** Zone fields outside the condition tree. */
const ORDER = 'trafficRegulationOrder';
const T = `${ORDER}/trafficRegulation/condition`;
const ZONDER_ZONE: Record<string, Wijziging<Milieuzone>> = {
  '@id': () => {}, // derived from the regulation order's id (<id>_TRO)
  [`${ORDER}/@id`]: () => {}, // only read when the zone's own id is missing
  [`${ORDER}/trafficRegulation/@id`]: () => {}, // idem (<id>_TR)
  'name/values/value': (z) => (z.naam = null),
  'name/values/value/@lang': () => {}, // without a language the first value is taken
  controlledZoneType: (z) => (z.soort = null),
  urlForFurtherInformation: (z) => (z.url = null),
  status: (z) => (z.status = null),
  [`${ORDER}/issuingAuthority/values/value`]: (z) => (z.instantie = null),
  [`${ORDER}/issuingAuthority/values/value/@lang`]: () => {},
  [`${ORDER}/regulationId`]: (z) => (z.besluit = null),
  [`${ORDER}/trafficRegulation/typeOfRegulation/accessRestrictionType`]: (z) => (z.toegang = null),
  [T]: (z) => ((z.voorwaarden = null), 'weg'), // no conditions: no area either (left out on purpose)
};
const ONGEBRUIKT_ZONE = [
  '@version', 'controlledZoneRecordVersionTime', `${ORDER}/@version`, `${ORDER}/status`, `${ORDER}/trafficRegulation/@version`,
  `${ORDER}/trafficRegulation/typeOfRegulation/@type`,
];

/** A condition at some depth of the tree, with its zone (for the parts of the top conditions that are the zone's). */
interface Knoop {
  v: Voorwaarde | null; // null: a LocationCondition (its polygon is the zone's geometry, not a node of the tree)
  zone: Milieuzone;
  diepte: number;
}
const VK = 'vehicleCharacteristics';
const EXT = `${VK}/_vehicleCharacteristicsExtension/vehicleCharacteristicsExtended`;
const voertuig = (f: (v: Extract<Voorwaarde, { soort: 'voertuig' }>) => void) => ({ v }: Knoop) => void (v?.soort === 'voertuig' && f(v));
const geldigheid = (f: (v: Extract<Voorwaarde, { soort: 'geldigheid' }>) => void) => ({ v }: Knoop) => void (v?.soort === 'geldigheid' && f(v));
/** A field within a condition, missing from every condition at some depth. */
const ZONDER_VOORWAARDE: Record<string, Wijziging<Knoop>> = {
  '@type': () => {}, // derived from what the condition holds
  operator: ({ v }) => void (v?.soort === 'groep' && (v.operator = null)),
  negate: ({ v }) => void (v && (v.negatie = false)), // absent is false in DATEX II
  conditions: ({ v, diepte }) => (diepte === 0 ? 'weg' : void (v?.soort === 'groep' && (v.voorwaarden = []))), // at the top this removes the area
  'validityByOrder/validityTimeSpecification/overallStartTime': (k) => {
    geldigheid((v) => (v.van = null))(k);
    if (k.diepte === 1) k.zone.geldig_vanaf = null;
  },
  'validityByOrder/validityTimeSpecification/overallEndTime': (k) => {
    geldigheid((v) => (v.tot = null))(k);
    if (k.diepte === 1) k.zone.geldig_tot = null;
  },
  'locationByOrder/gmlMultiPolygon/gmlPolygon/exterior/posList': WEG, // no area: left out on purpose
  [`${EXT}/regulatedCharacteristics/euVehicleCategory`]: voertuig((v) => (v.eu_voertuigcategorie = null)),
  [`${EXT}/regulatedCharacteristics/euSpecialPurposeVehicle`]: voertuig((v) => (v.bijzonder_voertuig = null)),
  [`${EXT}/ownerCharacteristic/ownerType`]: voertuig((v) => (v.eigenaar = null)),
  [`${EXT}/ageCharacteristic/comparisonOperator`]: voertuig((v) => (v.leeftijd = null)),
  [`${EXT}/ageCharacteristic/vehicleAge`]: voertuig((v) => (v.leeftijd = null)),
  [`${VK}/emissions/emissionClassificationEuro`]: voertuig((v) => (v.euroklasse = null)),
  [`${VK}/fuelType`]: voertuig((v) => (v.brandstof = null)),
};
const ONGEBRUIKT_VOORWAARDE = ['@id', '@version', 'validityByOrder/validityStatus', 'locationByOrder/@type', 'locationByOrder/gmlMultiPolygon/gmlPolygon/exterior/@srsName'];

/** A path below the regulation's condition as depth and field: T/conditions/conditions/fuelType → depth 2, fuelType. */
function inBoom(pad: string): { diepte: number; veld: string } | null {
  if (!pad.startsWith(`${T}/`)) return null;
  const delen = pad.slice(T.length + 1).split('/');
  let diepte = 0;
  while (delen[0] === 'conditions' && delen.length > 1) (diepte++, delen.shift());
  return { diepte, veld: delen.join('/') };
}

/** The nodes of the converted tree at a depth (depth 0: the top group; LocationConditions are no nodes). */
function opDiepte(zone: Milieuzone, diepte: number): Knoop[] {
  let laag: Voorwaarde[] = zone.voorwaarden ? [zone.voorwaarden] : [];
  for (let d = 0; d < diepte; d++) laag = laag.flatMap((v) => (v.soort === 'groep' ? v.voorwaarden : []));
  return [...laag.map((v) => ({ v, zone, diepte })), ...(diepte === 1 ? [{ v: null, zone, diepte }] : [])];
}

/** The whole table over full paths: the zone fields, and each path of the fixture below the condition read as depth and field. */
function tabel(paden: string[]): Record<string, Wijziging<Milieuzone>> {
  const out = { ...ZONDER_ZONE };
  for (const pad of paden) {
    const b = inBoom(pad);
    const w = b && wijzigingVoor(ZONDER_VOORWAARDE, b.veld);
    if (b && w) out[pad] = (zone) => (opDiepte(zone, b.diepte).map(w).includes('weg') ? 'weg' : undefined);
  }
  return out;
}
const ongebruikt = (paden: string[]) => [
  ...ONGEBRUIKT_ZONE,
  ...paden.filter((p) => {
    const b = inBoom(p);
    return b && ONGEBRUIKT_VOORWAARDE.some((u) => b.veld === u || b.veld.startsWith(`${u}/`));
  }),
];

describe(`each element and attribute of the zones in ${FILE} removed in turn`, () => {
  const volledig = zones.flatMap(convert);
  const paden = [...new Set(zones.flatMap(xmlPaths))];
  const ZONDER = tabel(paden);

  it('converts both zones of the real publication, as from the original text', () => {
    expect(volledig).toEqual(parseMilieuzones(xml).zones);
    expect(volledig.map((z) => z.naam)).toEqual(["ZE 's-Hertogenbosch", 'ZE Amersfoort 2027']);
    expect(volledig.every((z) => milieuzoneSchema.safeParse(z).success)).toBe(true);
  });

  it('reads every element and attribute of the zones (none unknown to this test)', () => {
    expect(onbekendePaden(paden, ZONDER, ongebruikt(paden))).toEqual([]);
  });

  it.each(paden)('without %s: every zone kept (or left out on purpose), with the expected changes', (pad) => {
    const uit = zones.flatMap((z) => convert(withoutXml(z, pad)));
    expect(uit.every((z) => milieuzoneSchema.safeParse(z).success)).toBe(true);
    expect(uit).toEqual(verwachtZonder(zones, convert, ZONDER, pad));
  });

  it('with extra elements and attributes everywhere, and elements in another order: the same zones', () => {
    expect(zones.flatMap((z) => convert(withExtraXml(z)))).toEqual(volledig);
    expect(zones.flatMap((z) => convert(reorderedXml(z)))).toEqual(volledig);
  });

  it('null, not "onbekend", for the regulation NDW gives as "onbekend" (Amersfoort)', () => {
    expect(xml).toContain('<tro:regulationId>onbekend</tro:regulationId>');
    expect(volledig[1].besluit).toBeNull();
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('derived values', () => {
  it("the zone id from its regulation order's id without _TRO, else its regulation's without _TR", () => {
    for (const z of zones) {
      const id = z.attrs.id;
      expect(convert(withoutXml(z, '@id'))[0].id).toBe(id);
      expect(convert(withoutXml(withoutXml(z, '@id'), `${ORDER}/@id`))[0].id).toBe(id);
      const zonderIds = [`@id`, `${ORDER}/@id`, `${ORDER}/trafficRegulation/@id`].reduce(withoutXml, z);
      expect(convert(zonderIds)).toEqual([]); // no id at all: left out on purpose
    }
  });

  it("a condition's kind from its content when xsi:type is missing everywhere in the tree", () => {
    const zonderTypes = (n: XNode): XNode => ({ ...n, attrs: Object.fromEntries(Object.entries(n.attrs).filter(([k]) => k !== 'type')), children: n.children.map(zonderTypes) });
    expect(zones.flatMap((z) => convert(zonderTypes(z)))).toEqual(zones.flatMap(convert));
  });
});

describe('a zone with every field removed', () => {
  it('without an id or an area: left out on purpose', () => {
    expect(parseMilieuzones(publicatie([{ name: 'urbanVehicleAccessRegulation', attrs: {}, children: [], text: '' }])).zones).toEqual([]);
    expect(parseMilieuzones(publicatie([{ name: 'urbanVehicleAccessRegulation', attrs: { id: 'X' }, children: [], text: '' }])).zones).toEqual([]);
  });

  it('with only an id and its area: a zone of nulls, never "" or "onbekend"', () => {
    const kind = (n: XNode, name: string) => n.children.find((c) => c.name === name)!;
    const polygoon = kind(kind(kind(zones[0], ORDER), 'trafficRegulation'), 'condition').children.find((c) => c.attrs.type?.endsWith('LocationCondition'))!;
    const kaal: XNode = {
      name: 'urbanVehicleAccessRegulation',
      attrs: { id: 'X' },
      text: '',
      children: [{ name: ORDER, attrs: {}, text: '', children: [{ name: 'trafficRegulation', attrs: {}, text: '', children: [{ name: 'condition', attrs: {}, text: '', children: [polygoon] }] }] }],
    };
    const [z] = convert(kaal);
    expect(milieuzoneSchema.safeParse(z).success).toBe(true);
    expect(z).toMatchObject({ id: 'X', naam: null, soort: null, status: null, instantie: null, besluit: null, url: null, geldig_vanaf: null, geldig_tot: null, toegang: null });
    expect(z.voorwaarden).toEqual({ soort: 'groep', operator: null, negatie: false, voorwaarden: [] });
    expect(unknownsNotNull(z)).toEqual([]);
  });
});
