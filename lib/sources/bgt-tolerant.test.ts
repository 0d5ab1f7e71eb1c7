// Tolerance of the BGT conversion (issue 21 item 1), on variants of the replay fixtures
// (test/upstream/fixtures/bgt: all `opgebouwd`, no BGT answer was ever recorded, see its MANIFEST.md): each
// property of the features removed in turn, extra fields, numbers as strings, property names in upper
// case, keys in reversed order. A current feature is never lost (only a retired version, one with an end of
// registration, is left out, explicitly: it is not the object as it is now); the bronhouder is derived from
// the lokaal id's prefix; whatever else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { ogcFeatureCollectionSchema, type OgcFeature } from './bag-ogc-convert';
import { BGT_COLLECTIES, BGT_CONVERTERS, BGT_ITEM_SCHEMAS, isVervallen, type BgtCollectie } from './bgt-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'bgt');
type Body = { features: OgcFeature[] };
const raw = (file: string): Body => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
type Uit = Record<string, unknown>;

/** What the conversion gives when one property is missing: the full conversion with these changes. */
const ZONDER: Record<string, (o: Uit) => void> = {
  lokaal_id: (o) => (o.identificatie = null),
  bronhouder: () => {}, // from the lokaal id's prefix (G0599.…)
  status: (o) => (o.status = null),
  plus_status: (o) => (o.plus_status = null),
  type: (o) => (o.type = null),
  type_overbruggingsdeel: (o) => (o.type = null),
  plus_type: (o) => (o.plus_type = null),
  functie: (o) => (o.functie = null),
  plus_functie: (o) => (o.plus_functie = null),
  fysiek_voorkomen: (o) => (o.fysiek_voorkomen = null),
  plus_fysiek_voorkomen: (o) => (o.plus_fysiek_voorkomen = null),
  relatieve_hoogteligging: (o) => (o.relatieve_hoogteligging = null),
  in_onderzoek: (o) => (o.in_onderzoek = null),
  object_begin_tijd: (o) => (o.object_begin_tijd = null),
  identificatie_bag_pnd: (o) => (o.bag_pand_id = null),
  naam: (o) => (o.naam = null),
  tekst: (o) => (o.naam = null), // the label is kept: its lokaal id and BAG street id still say which it is
  openbare_ruimte_type: (o) => (o.openbare_ruimte_type = null),
  identificatie_bag_opr: (o) => (o.bag_openbare_ruimte_id = null),
  hoort_bij_type_overbrugging: (o) => (o.hoort_bij_type_overbrugging = null),
  overbrugging_is_beweegbaar: (o) => (o.beweegbaar = null),
  eind_registratie: () => {}, // null on current versions; a retired version without it: see below
};
/** Properties the service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set(['namespace', 'lv_publicatiedatum', 'tijdstip_registratie', 'hoek', 'op_talud', 'begroeidterreindeel_op_talud']);

const collectieVan = (file: string) =>
  (Object.entries(BGT_COLLECTIES).find(([, id]) => file.startsWith(`${id}-rond-`)) ?? [])[0] as BgtCollectie;
const BESTANDEN = fs
  .readdirSync(dir)
  .filter((f) => /-rond-.*\.json$/.test(f))
  .filter((f) => raw(f).features.length > 0)
  .sort();

describe.each(BESTANDEN)('each property of the features in %s removed in turn', (file) => {
  const key = collectieVan(file);
  const convert = BGT_CONVERTERS[key];
  const schema = BGT_ITEM_SCHEMAS[key].omit({ afstand_m: true });
  const body = raw(file);
  const omzetten = (b: Body) => ogcFeatureCollectionSchema.parse(b).features.map(convert);
  const volledig = omzetten(body);
  // The records: every current feature (a retired version converts to null on purpose).
  const actueel = body.features.map((f) => !isVervallen(f));
  const velden = fieldPaths(body.features.map((f) => f.properties), { maxDepth: 1 }).map((p) => p.replace(/^\[\]\./, ''));

  it('converts every current feature, and reads every property (none unknown to this test)', () => {
    expect(volledig.map((o) => o !== null)).toEqual(actueel);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: every current feature still a record, with the derived values', (veld) => {
    const uit = omzetten(withoutField(body, `features[].properties.${veld}`));
    uit.forEach((o, i) => {
      if (!actueel[i]) return;
      expect(o).not.toBeNull();
      expect(schema.safeParse(o).success).toBe(true);
      const verwacht = structuredClone(volledig[i]) as Uit;
      ZONDER[veld]?.(verwacht);
      expect(o).toEqual(verwacht);
      // The derived bronhouder itself, not merely "equal to before".
      if (veld === 'bronhouder') expect((o as Uit).bronhouder).toBe(String(body.features[i].properties!.lokaal_id).slice(0, 5));
    });
  });

  it('with extra fields, numbers as strings, property names in upper case and keys reversed: the same records', () => {
    expect(omzetten(withExtraFields(body))).toEqual(volledig);
    expect(omzetten(numbersAsStrings(body))).toEqual(volledig);
    expect(omzetten({ ...body, features: body.features.map((f) => ({ ...f, properties: upperCaseKeys(f.properties) })) })).toEqual(volledig);
    expect(omzetten(reversedKeys(body))).toEqual(volledig);
  });

  it('with every property removed: a record of nulls, never "" or "onbekend"', () => {
    const uit = omzetten({ ...body, features: body.features.map((f) => ({ ...f, properties: {} })) });
    for (const o of uit) {
      expect(o).not.toBeNull();
      expect(schema.safeParse(o).success).toBe(true);
      expect(Object.values(o!).every((v) => v === null)).toBe(true);
      expect(unknownsNotNull(o)).toEqual([]);
    }
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe("IMGeo's unknown code", () => {
  it('waardeOnbekend is null everywhere, also in plus_status (where geenWaarde, "no plus status", is kept)', () => {
    const f = (properties: Record<string, unknown>): OgcFeature => ({ type: 'Feature', properties, geometry: null });
    expect(BGT_CONVERTERS.wegdelen(f({ lokaal_id: 'G0599.a', plus_status: 'waardeOnbekend', functie: 'waardeOnbekend' }))).toMatchObject({ plus_status: null, functie: null });
    expect(BGT_CONVERTERS.wegdelen(f({ lokaal_id: 'G0599.a', plus_status: 'geenWaarde' }))).toMatchObject({ plus_status: 'geenWaarde' });
  });
});

describe('a retired version', () => {
  const body = raw('pand-rond-rotterdam.json');
  const i = body.features.findIndex(isVervallen);

  it('is left out while it has an end of registration, and counted as current without one', () => {
    expect(i).toBeGreaterThanOrEqual(0);
    expect(BGT_CONVERTERS.pandvlakken(body.features[i])).toBeNull();
    const zonder = withoutField(body, 'features[].properties.eind_registratie');
    expect(BGT_CONVERTERS.pandvlakken(zonder.features[i])).toMatchObject({ identificatie: body.features[i].properties!.lokaal_id });
    // Also when the name of the field arrives in another case.
    expect(BGT_CONVERTERS.pandvlakken({ ...body.features[i], properties: upperCaseKeys(body.features[i].properties) })).toBeNull();
  });
});
