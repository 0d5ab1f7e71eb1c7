// Tolerance of the BAG OGC API conversions (issue 21 item 1): each property removed in turn, extra fields,
// numbers as strings, property names in upper case, keys in reversed order. On the REAL recordings of
// test/upstream/fixtures/bag-ogc (the raw Sittard verblijfsobject feature, the WoonLens property excerpts;
// see its MANIFEST.md) and on the `opgebouwd` demo items built in their shape (the only ones with a pand
// geometry and `rdf_seealso` on a pand). A record is never lost: the BAG id is derived from `rdf_seealso`
// when `identificatie` is missing (a verblijfsobject with neither is left out explicitly: it is looked up by
// that id); what else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import {
  bagPandSchema,
  ogcFeatureCollectionSchema,
  ogcFeatureSchema,
  toBagPand,
  toBagPandContour,
  toVerblijfsobject,
  verblijfsobjectSchema,
  type BagPand,
  type BagPandContour,
  type OgcFeature,
  type Verblijfsobject,
} from './bag-ogc-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'bag-ogc');
const raw = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
/** A fixture as one feature: a raw feature, a FeatureCollection's first feature, or a properties excerpt. */
function feature(file: string): OgcFeature {
  const body = raw(file);
  if (body.type === 'FeatureCollection') return ogcFeatureCollectionSchema.parse(body).features[0];
  if (body.type === 'Feature') return ogcFeatureSchema.parse(body);
  return ogcFeatureSchema.parse({ type: 'Feature', properties: body });
}
const eigenschappen = (f: OgcFeature) => Object.keys(f.properties ?? {});
/** The feature without one property (by name: `pand.href` has a dot, which withoutField reads as a path). */
function zonder(f: OgcFeature, veld: string): OgcFeature {
  const kopie = structuredClone(f);
  delete kopie.properties![veld];
  return kopie;
}
const met = (f: OgcFeature, properties: unknown) => ogcFeatureSchema.parse({ ...f, properties });
/** The variants that must give the same record. */
const varianten = (f: OgcFeature): [string, OgcFeature][] => [
  ['extra fields', ogcFeatureSchema.parse(withExtraFields(f))],
  ['numbers as strings', ogcFeatureSchema.parse(numbersAsStrings(f))],
  ['property names in upper case', met(f, upperCaseKeys(f.properties))],
  ['keys reversed', ogcFeatureSchema.parse(reversedKeys(f))],
];
/** Properties of a BAG feature the service does not read (address, document and registry metadata). */
const ONGEBRUIKT = new Set([
  'bronhouder_identificatie', 'bronhouder_naam', 'documentdatum', 'documentnummer', 'geconstateerd', 'hoofdadres_identificatie',
  'hoofdadres_status', 'huisletter', 'huisnummer', 'openbare_ruimte_identificatie', 'openbare_ruimte_naam', 'openbare_ruimte_naam_kort',
  'openbare_ruimte_status', 'postcode', 'provincie_afkorting', 'provincie_naam', 'toevoeging', 'woonplaats_identificatie', 'woonplaats_naam',
  'woonplaats_status', 'verblijfsobject',
]);

// --- verblijfsobject -----------------------------------------------------------------------------------

const VBO_ZONDER: Record<string, (v: Verblijfsobject) => void> = {
  identificatie: () => {}, // from rdf_seealso (…/bag/id/verblijfsobject/{id}); see the test of the excerpt below
  rdf_seealso: () => {}, // identificatie is there
  oppervlakte: (v) => (v.oppervlakte_m2 = null),
  gebruiksdoel: (v) => (v.gebruiksdoelen = null), // a verblijfsobject always has one: missing is unknown
  status: (v) => (v.status = null),
  'pand.href': (v) => (v.pand_links = null), // it always lies in a pand: missing is unknown
};
const VBO = ['sample-verblijfsobject-feature-sittard.json', 'sample-woonlens-verblijfsobject-properties-excerpt.json', 'verblijfsobject-0599010000295420.json'];

describe.each(VBO)('each property of the verblijfsobject in %s removed in turn', (file) => {
  const f = feature(file);
  const volledig = toVerblijfsobject(f)!;
  const velden = eigenschappen(f);

  it('reads every property (none unknown to this test)', () => {
    expect(volledig).not.toBeNull();
    expect(velden.filter((v) => !(v in VBO_ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still the record, with the derived values', (veld) => {
    const v = toVerblijfsobject(zonder(f, veld));
    if (veld === 'identificatie' && !('rdf_seealso' in f.properties!)) return expect(v).toBeNull(); // no id left at all
    expect(verblijfsobjectSchema.safeParse(v).success).toBe(true);
    const verwacht = structuredClone(volledig);
    VBO_ZONDER[veld]?.(verwacht);
    expect(v).toEqual(verwacht);
    expect(v!.identificatie).toBe(f.properties!.identificatie); // the derived id itself
  });

  it.each(varianten(f))('with %s: the same record', (_naam, variant) => {
    expect(toVerblijfsobject(variant)).toEqual(volledig);
  });

  it('with every property but the id removed: a record of nulls, never "" or "onbekend"', () => {
    const v = toVerblijfsobject(met(f, { identificatie: f.properties!.identificatie }));
    expect(verblijfsobjectSchema.safeParse(v).success).toBe(true);
    expect(v).toEqual({ identificatie: volledig.identificatie, oppervlakte_m2: null, gebruiksdoelen: null, status: null, pand_links: null });
    expect(unknownsNotNull(v)).toEqual([]);
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('a verblijfsobject without any id', () => {
  it('is left out explicitly (the adapter asks for one by its id; one without cannot be told apart)', () => {
    const f = feature('sample-verblijfsobject-feature-sittard.json');
    expect(toVerblijfsobject(zonder(zonder(f, 'identificatie'), 'rdf_seealso'))).toBeNull();
    expect(toVerblijfsobject(met(f, {}))).toBeNull();
  });
});

// --- pand --------------------------------------------------------------------------------------------

const PAND_ZONDER: Record<string, (p: BagPand) => void> = {
  identificatie: () => {}, // from rdf_seealso (…/bag/id/pand/{id})
  rdf_seealso: () => {},
  bouwjaar: (p) => (p.bouwjaar = null),
  status: (p) => (p.status = null),
  aantal_verblijfsobjecten: (p) => (p.aantal_verblijfsobjecten = null),
  gebruiksdoel: () => {}, // not part of the pand record (the contour reads it, below)
};
const PAND = ['sample-woonlens-pand-properties-excerpt.json', 'pand-0599100000691863.json'];

describe.each(PAND)('each property of the pand in %s removed in turn', (file) => {
  const f = feature(file);
  const volledig = toBagPand(f);
  const velden = eigenschappen(f);

  it('reads every property (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in PAND_ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still the record, with the derived values', (veld) => {
    const p = toBagPand(zonder(f, veld));
    expect(bagPandSchema.safeParse(p).success).toBe(true);
    const verwacht = structuredClone(volledig);
    if (veld === 'identificatie' && !('rdf_seealso' in f.properties!)) verwacht.identificatie = null; // nothing to derive it from
    PAND_ZONDER[veld]?.(verwacht);
    expect(p).toEqual(verwacht);
  });

  it.each(varianten(f))('with %s: the same record', (_naam, variant) => {
    expect(toBagPand(variant)).toEqual(volledig);
  });

  it('with every property removed: a record of nulls, never "" or "onbekend"', () => {
    const p = toBagPand(met(f, {}));
    expect(bagPandSchema.safeParse(p).success).toBe(true);
    expect(p).toEqual({ identificatie: null, bouwjaar: null, status: null, aantal_verblijfsobjecten: null });
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('the pand identificatie from rdf_seealso', () => {
  it('is the id at the end of the link', () => {
    const f = feature('pand-0599100000691863.json');
    expect(toBagPand(zonder(f, 'identificatie')).identificatie).toBe('0599100000691863');
    expect(toBagPand(met(f, { rdf_seealso: 'http://bag.basisregistraties.overheid.nl/bag/id/pand/0599100000691863' })).identificatie).toBe('0599100000691863');
    // A link to another kind of object is not a pand id.
    expect(toBagPand(met(f, { rdf_seealso: 'http://bag.basisregistraties.overheid.nl/bag/id/verblijfsobject/0599010000295420' })).identificatie).toBeNull();
  });
});

// --- pand contour (woningtype) ------------------------------------------------------------------------

const CONTOUR_ZONDER: Record<string, (c: BagPandContour) => void> = {
  identificatie: () => {}, // from rdf_seealso
  rdf_seealso: () => {},
  status: (c) => (c.status = null),
  aantal_verblijfsobjecten: (c) => (c.aantal_verblijfsobjecten = null),
  // A pand without verblijfsobjecten (a garage) has no gebruiksdoel: an empty list is what the BAG says then.
  gebruiksdoel: (c) => (c.gebruiksdoelen = []),
  bouwjaar: () => {}, // not part of the contour
};

describe('each field of the pand with its contour (pand-0599100000691863.json) removed in turn', () => {
  const f = feature('pand-0599100000691863.json');
  const volledig = toBagPandContour(f)!;
  const velden = fieldPaths(f, { maxDepth: 1 });

  it('reads every property (none unknown to this test)', () => {
    expect(volledig).not.toBeNull();
    expect(eigenschappen(f).filter((v) => !(v in CONTOUR_ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
    expect(velden).toEqual(expect.arrayContaining(['id', 'links', 'geometry']));
  });

  it.each(eigenschappen(f))('without %s: still the record', (veld) => {
    const verwacht = structuredClone(volledig);
    CONTOUR_ZONDER[veld]?.(verwacht);
    expect(toBagPandContour(zonder(f, veld))).toEqual(verwacht);
  });

  it('without the feature id: the item id from its self link; without both: null', () => {
    const zonderId = withoutField(f, 'id');
    expect(toBagPandContour(zonderId)).toEqual(volledig);
    expect(toBagPandContour(withoutField(zonderId, 'links'))).toEqual({ ...volledig, item_id: null });
  });

  it('without a geometry: left out explicitly (a contour is what the woningtype operation needs)', () => {
    expect(toBagPandContour(withoutField(f, 'geometry'))).toBeNull();
  });

  it.each(varianten(f))('with %s: the same record', (_naam, variant) => {
    expect(toBagPandContour(variant)).toEqual(volledig);
  });

  it('with every property removed: nulls (and no gebruiksdoel), never "" or "onbekend"', () => {
    const c = toBagPandContour(met(f, {}))!;
    expect(c).toMatchObject({ bag_pand_id: null, status: null, aantal_verblijfsobjecten: null, gebruiksdoelen: [] });
    expect(unknownsNotNull(c)).toEqual([]);
  });
});
