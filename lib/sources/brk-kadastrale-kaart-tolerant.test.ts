// Tolerance of the BRK Kadastrale kaart conversions (issue 21 item 1): each property (and the geometry) of
// the features removed in turn, extra fields, numbers as strings, property names in upper case, keys in
// reversed order. On the replay fixtures of test/upstream/fixtures/brk-kadastrale-kaart (the OGC API answers
// are `opgebouwd`, see its MANIFEST.md) and on the two REAL WFS recordings (camelCase names of the same
// attributes). A record is never lost: a parcel without object identification is kept when its kadastrale
// aanduiding names it (one with neither is left out explicitly), labels without a text are kept; the
// boundary quality is derived from its code when the text is missing; whatever else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { ogcFeatureCollectionSchema, type OgcFeature } from './bag-ogc-convert';
import {
  bebouwingSchema,
  grensSchema,
  kadastraalPerceelSchema,
  nummeraanduidingreeksSchema,
  openbareRuimteNaamSchema,
  perceelSchema,
  toBebouwing,
  toGrens,
  toKadastraalPerceel,
  toNummeraanduidingreeks,
  toOpenbareRuimteNaam,
  toPerceel,
} from './brk-kadastrale-kaart-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'brk-kadastrale-kaart');
type Body = { features: OgcFeature[] };
const raw = (file: string): Body => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
type Uit = Record<string, unknown>;
type Props = Record<string, unknown>;

/** Per conversion: its fixtures, output schema, what a missing field changes and the fields it does not read. */
interface Geval {
  convert: (f: OgcFeature) => object | null;
  schema: z.ZodType;
  bestanden: string[];
  /** The full conversion of the feature (properties p) changed as the missing field changes it. */
  zonder: Record<string, (o: Uit, p: Props) => void>;
  ongebruikt: string[];
}

const geometrie = (o: Uit) => {
  o.geometrie = null;
  if ('centroide' in o) o.centroide = null;
};
const aanduidingWeg = (o: Uit) => (o.kadastrale_aanduiding = null);
const bestanden = (prefix: string) => fs.readdirSync(dir).filter((f) => f.startsWith(prefix) && raw(f).features.length > 0).sort();

const GEVALLEN: Record<string, Geval> = {
  toKadastraalPerceel: {
    convert: toKadastraalPerceel,
    schema: kadastraalPerceelSchema,
    bestanden: [...bestanden('perceel-rond-'), ...bestanden('perceel-id-'), ...bestanden('perceel-bbox-')],
    zonder: {
      identificatie_lokaal_id: (o) => (o.identificatie = null), // kept: the kadastrale aanduiding names the parcel
      akr_kadastrale_gemeente_code_waarde: (o) => {
        o.kadastrale_gemeente_code = null;
        aanduidingWeg(o);
      },
      sectie: (o) => {
        o.sectie = null;
        aanduidingWeg(o);
      },
      perceelnummer: (o) => {
        o.perceelnummer = null;
        aanduidingWeg(o);
      },
      kadastrale_gemeente_waarde: (o) => (o.kadastrale_gemeente = null),
      kadastrale_grootte_waarde: (o) => (o.kadastrale_grootte_m2 = null),
      soort_grootte_waarde: (o) => (o.soort_grootte = null),
      geometry: geometrie,
    },
    ongebruikt: [
      'akr_kadastrale_gemeente_code_code', 'begin_geldigheid', 'identificatie_namespace', 'kadastrale_gemeente_code', 'perceelnummer_rotatie',
      'perceelnummer_verschuiving_delta_x', 'perceelnummer_verschuiving_delta_y', 'soort_grootte_code', 'status_historie_code',
      'status_historie_waarde', 'tijdstip_registratie', 'volgnummer',
    ],
  },
  toGrens: {
    convert: toGrens,
    schema: grensSchema,
    bestanden: bestanden('grens-rond-'),
    zonder: {
      identificatie_lokaal_id: (o) => (o.identificatie = null),
      type_grens_waarde: (o) => (o.type_grens = null),
      classificatie_kwaliteit_waarde: () => {}, // from classificatie_kwaliteit_code (the class letter is both code and text)
      classificatie_kwaliteit_code: () => {}, // the text is there
      perceel_links_identificatie_lokaal_id: (o) => (o.perceel_links_id = null),
      perceel_rechts_identificatie_lokaal_id: (o) => (o.perceel_rechts_id = null),
      geometry: geometrie,
    },
    ongebruikt: [
      'begin_geldigheid', 'identificatie_namespace', 'perceel_links_identificatie_namespace', 'perceel_rechts_identificatie_namespace',
      'status_historie_code', 'status_historie_waarde', 'tijdstip_registratie', 'volgnummer',
    ],
  },
  toBebouwing: {
    convert: toBebouwing,
    schema: bebouwingSchema,
    bestanden: bestanden('bebouwing-rond-'),
    zonder: {
      identificatie_lokaal_id: (o) => (o.identificatie = null),
      identificatie_bag_pnd: (o) => (o.bag_pand_id = null),
      bgt_status: (o) => (o.status_bgt = null),
      geometry: geometrie,
    },
    ongebruikt: [
      'bronhouder', 'identificatie_namespace', 'in_onderzoek', 'lv_publicatiedatum', 'object_begin_tijd', 'plus_status',
      'relatieve_hoogteligging', 'tijdstip_registratie',
    ],
  },
  toOpenbareRuimteNaam: {
    convert: toOpenbareRuimteNaam,
    schema: openbareRuimteNaamSchema,
    bestanden: bestanden('openbareruimtelabel-rond-'),
    zonder: {
      tekst: (o) => (o.naam = null), // kept: its BAG openbare ruimte id still says which street it labels
      openbare_ruimte_type: (o) => (o.type = null),
      identificatie_bag_opr: (o) => (o.bag_openbare_ruimte_id = null),
      hoek: (o) => (o.hoek = null),
      geometry: geometrie,
    },
    ongebruikt: [
      'bgt_status', 'bronhouder', 'identificatie_lokaal_id', 'identificatie_namespace', 'in_onderzoek', 'lv_publicatiedatum',
      'object_begin_tijd', 'plus_status', 'relatieve_hoogteligging', 'tijdstip_registratie',
    ],
  },
  toNummeraanduidingreeks: {
    convert: toNummeraanduidingreeks,
    schema: nummeraanduidingreeksSchema,
    bestanden: bestanden('nummeraanduidingreeks-rond-'),
    zonder: {
      tekst: (o) => (o.label = null), // kept: its verblijfsobjecten still say which numbers it labels
      bag_vbo_laagste_huisnummer: (o, p) => (o['vbo-ids'] = [p.bag_vbo_hoogste_huisnummer]),
      bag_vbo_hoogste_huisnummer: (o, p) => (o['vbo-ids'] = [p.bag_vbo_laagste_huisnummer]),
      bebouwing_id: (o) => (o.bebouwing_id = null),
      hoek: (o) => (o.hoek = null),
      geometry: geometrie,
    },
    ongebruikt: [],
  },
};

const omzetten = (b: Body, convert: Geval['convert']) => ogcFeatureCollectionSchema.parse(b).features.map(convert);
const metProps = (b: Body, f: (p: Props) => Props) => ({ ...b, features: b.features.map((x) => ({ ...x, properties: f(x.properties ?? {}) })) });

describe.each(Object.entries(GEVALLEN).flatMap(([naam, g]) => g.bestanden.map((file) => [naam, file, g] as const)))('%s: each field of the features in %s removed in turn', (_naam, file, g) => {
  const body = raw(file);
  const volledig = omzetten(body, g.convert);
  const velden = [...new Set(body.features.flatMap((f) => Object.keys(f.properties ?? {})))];
  const ongebruikt = new Set(g.ongebruikt);

  it('converts every feature, and reads every property (none unknown to this test)', () => {
    expect(volledig.every((o) => o !== null)).toBe(true);
    expect(velden.filter((v) => !(v in g.zonder) && !ongebruikt.has(v))).toEqual([]);
  });

  it.each([...velden, 'geometry'])('without %s: every feature still a record, with the derived values', (veld) => {
    const uit = omzetten(withoutField(body, veld === 'geometry' ? 'features[].geometry' : `features[].properties.${veld}`), g.convert);
    uit.forEach((o, i) => {
      expect(g.schema.safeParse(o).success).toBe(true);
      const verwacht = structuredClone(volledig[i]) as Uit;
      g.zonder[veld]?.(verwacht, body.features[i].properties ?? {});
      expect(o).toEqual(verwacht);
    });
    // The derived boundary quality itself.
    if (veld === 'classificatie_kwaliteit_waarde') uit.forEach((o, i) => expect((o as Uit).kwaliteit).toBe(body.features[i].properties!.classificatie_kwaliteit_code));
  });

  it('with extra fields, numbers as strings, property names in upper case and keys reversed: the same records', () => {
    expect(omzetten(withExtraFields(body), g.convert)).toEqual(volledig);
    expect(omzetten(numbersAsStrings(body), g.convert)).toEqual(volledig);
    expect(omzetten(metProps(body, upperCaseKeys), g.convert)).toEqual(volledig);
    expect(omzetten(reversedKeys(body), g.convert)).toEqual(volledig);
  });

  it('with every property removed: a record of nulls (a parcel: left out, nothing names it), never "" or "onbekend"', () => {
    const uit = omzetten(metProps(body, () => ({})), g.convert);
    for (const o of uit) {
      if (g.convert === toKadastraalPerceel) {
        expect(o).toBeNull();
        continue;
      }
      expect(g.schema.safeParse(o).success).toBe(true);
      const { geometrie: _g, ...rest } = o as Uit;
      expect(Object.values(rest).every((v) => v === null || (Array.isArray(v) && v.length === 0))).toBe(true);
      expect(unknownsNotNull(o)).toEqual([]);
    }
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('a parcel without object identification and without kadastrale aanduiding', () => {
  it('is left out explicitly (nothing says which parcel it is); with either it is kept', () => {
    const [f] = raw('perceel-id-61201410270000.json').features;
    const zonderId = withoutField(f, 'properties.identificatie_lokaal_id');
    expect(toKadastraalPerceel(zonderId)).toMatchObject({ identificatie: null, kadastrale_aanduiding: 'RTD00 N 4102' });
    expect(toKadastraalPerceel(withoutField(zonderId, 'properties.sectie'))).toBeNull();
    expect(toKadastraalPerceel(withoutField(f, 'properties.sectie'))).toMatchObject({ identificatie: '61201410270000', kadastrale_aanduiding: null });
  });
});

// The REAL WFS recordings (camelCase), read by toPerceel (the parcel under a point) and toKadastraalPerceel.
const WFS = ['sample-wfs-perceel-amersfoort-AMF00-A-4359.json', 'sample-wfs-perceel-lelystad-LLS00-R-168.json'];
const WFS_PERCEEL_ZONDER: Record<string, (o: Uit, p: Props) => void> = {
  identificatieLokaalID: () => {}, // the aanduiding is the identificatie
  AKRKadastraleGemeenteCodeWaarde: (o, p) => (o.identificatie = p.identificatieLokaalID), // the local id instead of the aanduiding
  sectie: (o, p) => {
    o.sectie = null;
    o.identificatie = p.identificatieLokaalID;
  },
  perceelnummer: (o, p) => {
    o.perceelnummer = null;
    o.identificatie = p.identificatieLokaalID;
  },
  kadastraleGemeenteWaarde: (o) => (o.kadastrale_gemeente = null),
  kadastraleGrootteWaarde: (o) => (o.grootte_m2 = null),
};
const WFS_ONGEBRUIKT = new Set([
  'identificatieNamespace', 'beginGeldigheid', 'tijdstipRegistratie', 'volgnummer', 'statusHistorieCode', 'statusHistorieWaarde',
  'kadastraleGemeenteCode', 'AKRKadastraleGemeenteCodeCode', 'soortGrootteCode', 'soortGrootteWaarde', 'perceelnummerRotatie',
  'perceelnummerVerschuivingDeltaX', 'perceelnummerVerschuivingDeltaY', 'perceelnummerPlaatscoordinaatX', 'perceelnummerPlaatscoordinaatY',
]);

describe.each(WFS)('toPerceel: each property of the real WFS parcel in %s removed in turn', (file) => {
  const body = raw(file);
  const volledig = omzetten(body, toPerceel);
  const velden = Object.keys(body.features[0].properties ?? {});

  it('reads every property (none unknown to this test), and the standard parcel reads the camelCase names too', () => {
    expect(velden.filter((v) => !(v in WFS_PERCEEL_ZONDER) && !WFS_ONGEBRUIKT.has(v))).toEqual([]);
    const std = toKadastraalPerceel(ogcFeatureCollectionSchema.parse(body).features[0]);
    const punt = toPerceel(ogcFeatureCollectionSchema.parse(body).features[0]);
    expect(std).toMatchObject({ identificatie: body.features[0].properties!.identificatieLokaalID, soort_grootte: 'Vastgesteld' });
    expect(std!.kadastrale_aanduiding).toBe(punt!.identificatie.replaceAll('-', ' '));
  });

  it.each(velden)('without %s: still the record, with the derived identificatie', (veld) => {
    const uit = omzetten(withoutField(body, `features[].properties.${veld}`), toPerceel);
    expect(perceelSchema.safeParse(uit[0]).success).toBe(true);
    const verwacht = structuredClone(volledig[0]) as Uit;
    WFS_PERCEEL_ZONDER[veld]?.(verwacht, body.features[0].properties ?? {});
    expect(uit[0]).toEqual(verwacht);
  });

  it('with extra fields, numbers as strings, names in upper case and keys reversed: the same record', () => {
    expect(omzetten(withExtraFields(body), toPerceel)).toEqual(volledig);
    expect(omzetten(numbersAsStrings(body), toPerceel)).toEqual(volledig);
    expect(omzetten(metProps(body, upperCaseKeys), toPerceel)).toEqual(volledig);
    expect(omzetten(reversedKeys(body), toPerceel)).toEqual(volledig);
  });

  it('with every property removed: left out explicitly (neither aanduiding nor local id names it)', () => {
    expect(omzetten(metProps(body, () => ({})), toPerceel)).toEqual([null]);
  });
});
