// Tolerance of the WOZ-waardeloket conversion (issue 21 item 1) on variants of the recorded answers
// (test/upstream/fixtures/woz-waardeloket, see its MANIFEST.md): each field removed in turn, extra fields,
// numbers as strings, keys in upper case and in reversed order. Derived: the gemeentecode from the
// wozobjectnummer (first four of its twelve digits), the adresseerbaarobject id from
// ontleendeAdresseerbareObjecten when that lists one. Left out explicitly (isWozWaarde; counted as drift by
// woz-waardeloket.ts): a value without amount or peildatum. A kadastraal object missing a part keeps the rest.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { type WozObject, isWozWaarde, toWozObject, wozAnswerSchema, wozObjectSchema } from './woz-waardeloket-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'woz-waardeloket');
const read = (file: string): Record<string, unknown> => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const convert = (body: unknown) => toWozObject(wozAnswerSchema.parse(body));

const kadastraal = (veld: 'kadastrale_gemeente_code' | 'sectie' | 'perceelnummer') => (o: WozObject) => {
  o.kadastrale_objecten = o.kadastrale_objecten.map((k) => ({ ...k, [veld]: null, aanduiding: null }));
};
const nulls = (o: WozObject) => Object.assign(o, { wozobjectnummer: null, gemeentecode: null, grondoppervlakte_m2: null, adresseerbaarobject_id: null, nummeraanduiding_id: null });

/** What the conversion gives when one field is missing: the full conversion with these changes. */
const ZONDER: Record<string, (o: WozObject) => void> = {
  wozObject: nulls,
  'wozObject.wozobjectnummer': (o) => (o.wozobjectnummer = null),
  'wozObject.gemeentecode': () => {}, // first four digits of the wozobjectnummer
  'wozObject.grondoppervlakte': (o) => (o.grondoppervlakte_m2 = null),
  'wozObject.adresseerbaarobjectid': () => {}, // the single entry of ontleendeAdresseerbareObjecten
  'wozObject.nummeraanduidingid': (o) => (o.nummeraanduiding_id = null),
  'wozObject.ontleendeAdresseerbareObjecten': () => {}, // only a fallback for adresseerbaarobjectid
  'wozObject.verbondenAdresseerbareObjecten': () => {}, // idem, when it lists one
  wozWaarden: (o) => (o.waarden = []),
  // Not a value without its year or its amount: left out explicitly (isWozWaarde).
  'wozWaarden[].peildatum': (o) => (o.waarden = []),
  'wozWaarden[].vastgesteldeWaarde': (o) => (o.waarden = []),
  panden: (o) => (o.pand_ids = []),
  'panden[].bagpandidentificatie': (o) => (o.pand_ids = []), // a pand reference without id refers to nothing
  kadastraleObjecten: (o) => (o.kadastrale_objecten = []),
  'kadastraleObjecten[].kadastraleGemeenteCode': kadastraal('kadastrale_gemeente_code'),
  'kadastraleObjecten[].kadastraleSectie': kadastraal('sectie'),
  'kadastraleObjecten[].kadastraalPerceelNummer': kadastraal('perceelnummer'),
};
/** Fields the service does not read (the address is taken from the Locatieserver): removing them changes nothing. */
const ONGEBRUIKT = new Set(
  ['woonplaatsnaam', 'openbareruimtenaam', 'straatnaam', 'postcode', 'huisnummer', 'huisletter', 'huisnummertoevoeging', 'locatieomschrijving'].map((v) => `wozObject.${v}`),
);

// Real: Vinkeveen (nine values, two parcels) and Hoogeveen (no values, nummeraanduidingid null); built: 42A.
const FIXTURES = [
  'wozwaarde-0736200000104061-baambrugse-zuwe-141d.json',
  'wozwaarde-anjerstraat-5-hoogeveen-datahuys.json',
  'wozwaarde-0599200000508415-witte-de-withstraat-42a.json',
];

describe.each(FIXTURES)('the answer in %s', (file) => {
  const body = read(file);
  const volledig = convert(body);
  const velden = fieldPaths(body);

  it('reads every field of the answer (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still the object, with the derived values', (veld) => {
    const o = convert(withoutField(body, veld));
    expect(wozObjectSchema.safeParse(o).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(o).toEqual(verwacht);
  });

  it('derives the gemeentecode from the wozobjectnummer and the verblijfsobject from ontleendeAdresseerbareObjecten', () => {
    const o = convert(withoutField(withoutField(body, 'wozObject.gemeentecode'), 'wozObject.adresseerbaarobjectid'));
    expect(o.gemeentecode).toBe(o.wozobjectnummer!.slice(0, 4));
    expect(o.gemeentecode).toMatch(/^\d{4}$/);
    const ontleend = (body.wozObject as { ontleendeAdresseerbareObjecten: number[] }).ontleendeAdresseerbareObjecten[0];
    expect(o.adresseerbaarobject_id).toBe(String(ontleend).padStart(16, '0'));
  });

  it('without peildatum or amount a value is left out, as isWozWaarde says', () => {
    const waarden = body.wozWaarden as unknown[];
    expect(waarden.every(isWozWaarde)).toBe(true);
    expect((withoutField(body, 'wozWaarden[].peildatum').wozWaarden as unknown[]).some(isWozWaarde)).toBe(false);
  });

  it('with extra fields, numbers as strings, keys in upper case or in reversed order: the same object', () => {
    expect(convert(withExtraFields(body))).toEqual(volledig);
    expect(convert(numbersAsStrings(body))).toEqual(volledig);
    expect(convert(upperCaseKeys(body))).toEqual(volledig);
    expect(convert(reversedKeys(body))).toEqual(volledig);
  });

  it('with every field of every record removed: an object of nulls, never "" or "onbekend"', () => {
    const leeg = { wozObject: {}, wozWaarden: [{}], panden: [{}], kadastraleObjecten: [{}] };
    const o = convert(leeg);
    expect(wozObjectSchema.safeParse(o).success).toBe(true);
    expect(o).toEqual({
      wozobjectnummer: null, gemeentecode: null, grondoppervlakte_m2: null, adresseerbaarobject_id: null, nummeraanduiding_id: null,
      pand_ids: [], waarden: [], kadastrale_objecten: [{ aanduiding: null, kadastrale_gemeente_code: null, sectie: null, perceelnummer: null }],
    });
    expect(unknownsNotNull(o)).toEqual([]);
    expect(unknownsNotNull(convert({ ...body, kadastraleObjecten: [{ kadastraleGemeenteCode: ' ', kadastraleSectie: '' }] }))).toEqual([]);
  });
});

describe('the answer envelope', () => {
  it('is a WOZ answer with any one of its members, in any case; the 404 body is not', () => {
    expect(wozAnswerSchema.safeParse({ WOZOBJECT: {} }).success).toBe(true);
    expect(wozAnswerSchema.safeParse({ wozWaarden: [] }).success).toBe(true);
    expect(wozAnswerSchema.safeParse({ status: 404, error: 'Not Found', path: '/wozwaardeloket/api/v1/x' }).success).toBe(false);
  });
});
