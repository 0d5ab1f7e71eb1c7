// Tolerance of the rijksmonumenten conversion (issue 21 item 1), on variants of the replay fixtures
// (test/upstream/fixtures/rce-monumenten: all `opgebouwd`, no answer of this API was ever recorded, see its
// MANIFEST.md): each property of the features and the geometry removed in turn, extra fields, numbers as
// strings, property names in upper case, keys in reversed order. A monument is never lost: its number is
// read from localid or, without it, from the register link ci_citation. A feature with neither is not a
// rijksmonument (a protected townscape, say) and is left out explicitly. Status 'ingeschreven' without a
// status is a documented inference (the dataset holds only registered monuments); every other unknown is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { ogcFeatureCollectionSchema, type OgcFeature } from './bag-ogc-convert';
import { REGISTER_URL, monumentNummer, monumentSchema, toMonument, type Monument } from './rce-monumenten-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'rce-monumenten');
type Body = { features: OgcFeature[] };
const raw = (file: string): Body => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));

/** What the conversion gives when one field of a feature is missing: the full conversion with these changes. */
const ZONDER: Record<string, (m: Monument) => void> = {
  'properties.localid': () => {}, // the number from ci_citation (…/monumenten/{nr})
  'properties.ci_citation': () => {}, // the number from localid; the register link is built from it
  'properties.sitename': (m) => (m.naam = m.omschrijving), // the name falls back to the short description
  'properties.text': (m) => (m.omschrijving = null),
  'properties.legalfoundationdate': (m) => (m.aanwijzingsdatum = null),
  'properties.siteprotectionclassification': (m) => (m.categorie = null),
  geometry: (m) => {
    m.coordinaten = null;
    m.geometrie = null;
  },
};
/** Fields the service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set(['type', 'id', 'properties', 'properties.namespace', 'properties.designationscheme', 'properties.designation']);

const BESTANDEN = ['punten-rotterdam-witte-de-withstraat.json', 'contouren-rotterdam-witte-de-withstraat.json', 'punten-hoogeveen-anjerstraat.json'];
const omzetten = (b: Body) => ogcFeatureCollectionSchema.parse(b).features.map(toMonument);

describe.each(BESTANDEN)('each field of the features in %s removed in turn', (file) => {
  const body = raw(file);
  const volledig = omzetten(body);
  // The records: every feature with a monument number (the townscape of the contour file has none).
  const monument = body.features.map((f) => monumentNummer(f.properties ?? {}) !== null);
  // The fields of a feature: its properties and its geometry (the GeoJSON geometry's own members are one field).
  const velden = fieldPaths(body.features, { maxDepth: 2 }).map((p) => p.replace(/^\[\]\./, ''));

  it('converts every monument, and reads every field (none unknown to this test)', () => {
    expect(volledig.map((m) => m !== null)).toEqual(monument);
    expect(monument.some(Boolean)).toBe(true);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v) && !v.startsWith('geometry.'))).toEqual([]);
  });

  it.each(Object.keys(ZONDER).filter((v) => velden.includes(v)))('without %s: every monument still a record, with the derived values', (veld) => {
    const uit = omzetten(withoutField(body, `features[].${veld}`));
    uit.forEach((m, i) => {
      if (!monument[i]) return expect(m).toBeNull();
      expect(monumentSchema.safeParse(m).success).toBe(true);
      const verwacht = structuredClone(volledig[i]!);
      ZONDER[veld](verwacht);
      expect(m).toEqual(verwacht);
      // The derived values themselves.
      const p = body.features[i].properties!;
      expect(m!.rijksmonumentnummer).toBe(String(Number(p.localid)));
      expect(m!.register_url).toBe(`${REGISTER_URL}/${m!.rijksmonumentnummer}`);
      if (veld === 'properties.sitename') expect(m!.naam).toBe(p.text);
    });
  });

  it.each([...ONGEBRUIKT].filter((v) => velden.includes(v) && v.startsWith('properties.')))('without %s (not read): the same records', (veld) => {
    expect(omzetten(withoutField(body, `features[].${veld}`))).toEqual(volledig);
  });

  it('with extra fields, numbers as strings, property names in upper case and keys reversed: the same records', () => {
    expect(omzetten(withExtraFields(body))).toEqual(volledig);
    expect(omzetten(numbersAsStrings(body))).toEqual(volledig);
    expect(omzetten({ ...body, features: body.features.map((f) => ({ ...f, properties: upperCaseKeys(f.properties) })) })).toEqual(volledig);
    expect(omzetten(reversedKeys(body))).toEqual(volledig);
  });

  it('with every property removed: left out, explicitly (no monument number); with only the number: a record of nulls', () => {
    expect(omzetten({ ...body, features: body.features.map((f) => ({ ...f, properties: {} })) }).every((m) => m === null)).toBe(true);
    const alleenNummer = omzetten({ ...body, features: body.features.map((f) => ({ type: 'Feature' as const, properties: { localid: f.properties!.localid } })) });
    alleenNummer.forEach((m, i) => {
      if (!monument[i]) return;
      expect(monumentSchema.safeParse(m).success).toBe(true);
      expect(m).toEqual({
        rijksmonumentnummer: volledig[i]!.rijksmonumentnummer,
        naam: null,
        omschrijving: null,
        categorie: null,
        status: 'ingeschreven', // documented inference: the dataset holds only registered monuments
        aanwijzingsdatum: null,
        register_url: volledig[i]!.register_url,
        coordinaten: null,
        geometrie: null,
      });
      expect(unknownsNotNull(m)).toEqual([]);
    });
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});
