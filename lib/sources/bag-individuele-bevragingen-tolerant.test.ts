// Tolerance of the BAG Individuele Bevragingen conversion (issue 21 item 1): each field of an embedded
// address removed in turn, extra fields, numbers as strings, keys in upper case, keys in reversed order. On
// the REAL recordings of test/upstream/fixtures/bag-individuele-bevragingen (1082GB 43-2, /adressenuitgebreid
// and /adressen; see its MANIFEST.md) and on the `opgebouwd` answers built in their shape (the only ones with
// a huisletter). An address is never lost (toBagAdres always gives one); what the answer holds elsewhere is
// derived: the ids and the kind of object from its `_links`, huisnummer, letter and toevoeging from
// adresregel5, the postcode from adresregel6. Whatever else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { bagAdresSchema, ibAdressenAnswerSchema, toBagAdres, toBagAdressen, type BagAdres } from './bag-individuele-bevragingen-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'bag-individuele-bevragingen');
const raw = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
type Adres = Record<string, unknown>;
const adressen = (file: string): Adres[] => ibAdressenAnswerSchema.parse(raw(file))._embedded!.adressen! as Adres[];

const zonderSoort = (b: BagAdres, adres: Adres) => {
  if (!('typeAdresseerbaarObject' in adres)) b.type_adresseerbaar_object = null;
};

/** What the conversion gives when one field (path in the embedded address) is missing. */
const ZONDER: Record<string, (b: BagAdres, adres: Adres) => void> = {
  openbareRuimteNaam: (b) => (b.openbare_ruimte.naam = null),
  korteNaam: (b) => (b.openbare_ruimte.korte_naam = null),
  huisnummer: () => {}, // from adresregel5
  huisletter: () => {}, // from adresregel5
  huisnummertoevoeging: () => {}, // from adresregel5
  postcode: () => {}, // from adresregel6
  woonplaatsNaam: (b) => (b.woonplaats_gebied.naam = null),
  nummeraanduidingIdentificatie: () => {}, // from _links.nummeraanduiding (or _links.self)
  openbareRuimteIdentificatie: () => {}, // from _links.openbareRuimte
  woonplaatsIdentificatie: () => {}, // from _links.woonplaats
  adresseerbaarObjectIdentificatie: () => {}, // from _links.adresseerbaarObject
  typeAdresseerbaarObject: () => {}, // from the collection of _links.adresseerbaarObject (verblijfsobjecten)
  pandIdentificaties: () => {}, // from _links.panden
  adresregel5: (b) => (b.adresregels = b.adresregels!.slice(1)),
  adresregel6: (b) => (b.adresregels = b.adresregels!.slice(0, 1)),
  adresseerbaarObjectGeometrie: (b) => (b.coordinaten = null),
  'adresseerbaarObjectGeometrie.punt': (b) => (b.coordinaten = null),
  'adresseerbaarObjectGeometrie.punt.coordinates': (b) => (b.coordinaten = null),
  'adresseerbaarObjectGeometrie.punt.type': () => {}, // the coordinates are read as a point in RD
  adresseerbaarObjectStatus: (b) => (b.status = null),
  gebruiksdoelen: (b) => (b.gebruiksdoelen = null), // a verblijfsobject always has one: missing is unknown
  oppervlakte: (b) => (b.oppervlakte_m2 = null),
  oorspronkelijkBouwjaar: (b) => {
    b.oorspronkelijk_bouwjaar = null;
    b.panden = b.panden!.map((p) => ({ ...p, oorspronkelijk_bouwjaar: null }));
  },
  pandStatussen: (b) => (b.panden = b.panden!.map((p) => ({ ...p, status: null }))),
  // The links back up the fields above: each one missing alone changes nothing, except the kind of object in
  // the /adressen answer, which has no typeAdresseerbaarObject: it was read from the object's link only.
  _links: (b, a) => zonderSoort(b, a),
  '_links.self': () => {},
  '_links.self.href': () => {},
  '_links.openbareRuimte': () => {},
  '_links.openbareRuimte.href': () => {},
  '_links.nummeraanduiding': () => {},
  '_links.nummeraanduiding.href': () => {},
  '_links.woonplaats': () => {},
  '_links.woonplaats.href': () => {},
  '_links.adresseerbaarObject': (b, a) => zonderSoort(b, a),
  '_links.adresseerbaarObject.href': (b, a) => zonderSoort(b, a),
  '_links.panden': () => {},
  '_links.panden[].href': () => {},
};

/** A field and the field it is derived from: without both, the output is null (or the list shorter). */
const AFGELEID_UIT: Record<string, [string, (b: BagAdres) => unknown]> = {
  nummeraanduidingIdentificatie: ['_links', (b) => b.nummeraanduiding_id],
  adresseerbaarObjectIdentificatie: ['_links.adresseerbaarObject', (b) => b.adresseerbaarobject_id],
  typeAdresseerbaarObject: ['_links.adresseerbaarObject', (b) => b.type_adresseerbaar_object],
  openbareRuimteIdentificatie: ['_links.openbareRuimte', (b) => b.openbare_ruimte.id],
  woonplaatsIdentificatie: ['_links.woonplaats', (b) => b.woonplaats_gebied.id],
  pandIdentificaties: ['_links.panden', (b) => b.pand_ids],
  huisnummer: ['adresregel5', (b) => b.huisnummer],
  postcode: ['adresregel6', (b) => b.postcode],
};

const ECHT = ['adressenuitgebreid-1082gb-43-2.json', 'adressen-1082gb-43-2.json'];
const OPGEBOUWD = ['adressenuitgebreid-3012br-42a.json', 'adressenuitgebreid-3012br-42.json', 'adressenuitgebreid-3645ae-141d.json'];

describe.each([...ECHT, ...OPGEBOUWD])('each field of the first address in %s removed in turn', (file) => {
  const adres = adressen(file)[0];
  const volledig = toBagAdres(adres);
  const velden = fieldPaths(adres);

  it('reads every field of the address (none unknown to this test)', () => {
    expect(bagAdresSchema.safeParse(volledig).success).toBe(true);
    expect(velden.filter((v) => !(v in ZONDER))).toEqual([]);
  });

  it.each(velden)('without %s: still the address, with the derived values', (veld) => {
    const b = toBagAdres(withoutField(adres, veld));
    expect(bagAdresSchema.safeParse(b).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld](verwacht, adres);
    expect(b).toEqual(verwacht);
  });

  it.each(Object.entries(AFGELEID_UIT).filter(([veld]) => veld in adres))('without %s and the field it is derived from: unknown', (veld, [bron, lees]) => {
    const b = toBagAdres(withoutField(withoutField(adres, veld), bron));
    const v = lees(b);
    expect(v === null || (Array.isArray(v) && v.length === 0) ? null : v).toBeNull();
  });

  it('with extra fields, numbers as strings, keys in upper case and keys reversed: the same address', () => {
    expect(toBagAdres(withExtraFields(adres))).toEqual(volledig);
    expect(toBagAdres(numbersAsStrings(adres))).toEqual(volledig);
    expect(toBagAdres(upperCaseKeys(adres))).toEqual(volledig);
    expect(toBagAdres(reversedKeys(adres))).toEqual(volledig);
  });

  it('with every field removed: an address of nulls, never "" or "onbekend"', () => {
    const b = toBagAdres({});
    expect(bagAdresSchema.safeParse(b).success).toBe(true);
    expect(b).toEqual({
      nummeraanduiding_id: null,
      adresseerbaarobject_id: null,
      type_adresseerbaar_object: null,
      pand_ids: null,
      openbare_ruimte: { id: null, naam: null, korte_naam: null },
      woonplaats_gebied: { id: null, naam: null },
      postcode: null,
      huisnummer: null,
      huisletter: null,
      toevoeging: null,
      adresregels: null,
      gebruiksdoelen: null,
      oppervlakte_m2: null,
      oorspronkelijk_bouwjaar: null,
      status: null,
      panden: null,
      coordinaten: null,
    });
    expect(unknownsNotNull(b)).toEqual([]);
    expect(unknownsNotNull(volledig)).toEqual([]);
  });
});

describe('derived values themselves (real recording, Overvoorde 43-2)', () => {
  const [adres] = adressen('adressenuitgebreid-1082gb-43-2.json');
  const zonder = (...velden: string[]) => toBagAdres(velden.reduce((a, v) => withoutField(a, v), adres));

  it('ids and the kind of object from the _links', () => {
    expect(zonder('nummeraanduidingIdentificatie', 'adresseerbaarObjectIdentificatie', 'typeAdresseerbaarObject', 'openbareRuimteIdentificatie', 'woonplaatsIdentificatie', 'pandIdentificaties')).toMatchObject({
      nummeraanduiding_id: '0363200000229916',
      adresseerbaarobject_id: '0363010000769832',
      type_adresseerbaar_object: 'Verblijfsobject',
      openbare_ruimte: { id: '0363300000004786' },
      woonplaats_gebied: { id: '3594' },
      pand_ids: ['0363100012070245'],
    });
    // Without the nummeraanduiding link, from the self link (…/adressenuitgebreid/{nummeraanduiding}).
    expect(zonder('nummeraanduidingIdentificatie', '_links.nummeraanduiding').nummeraanduiding_id).toBe('0363200000229916');
  });

  it('huisnummer, toevoeging and postcode from the address lines', () => {
    expect(zonder('huisnummer', 'huisnummertoevoeging', 'postcode')).toMatchObject({ huisnummer: 43, huisletter: null, toevoeging: '2', postcode: '1082GB' });
    const [a42] = adressen('adressenuitgebreid-3012br-42a.json');
    expect(toBagAdres(withoutField(withoutField(a42, 'huisnummer'), 'huisletter'))).toMatchObject({ huisnummer: 42, huisletter: 'A', toevoeging: null });
    // Without the street names the number is the last word that starts with a digit.
    const kaal = { adresregel5: 'Witte de Withstraat 42A-2', adresregel6: '3012 BR  ROTTERDAM' };
    expect(toBagAdres(kaal)).toMatchObject({ huisnummer: 42, huisletter: 'A', toevoeging: '2', postcode: '3012BR' });
  });

  it('a ligplaats (from its link) has no panden and no gebruiksdoelen: empty lists, not unknown', () => {
    const ligplaats = { _links: { adresseerbaarObject: { href: 'https://api.bag.kadaster.nl/lvbag/individuelebevragingen/v2/ligplaatsen/0363020000881621' } } };
    expect(toBagAdres(ligplaats)).toMatchObject({ adresseerbaarobject_id: '0363020000881621', type_adresseerbaar_object: 'Ligplaats', pand_ids: [], panden: [], gebruiksdoelen: [] });
  });

  it('keeps every address of an answer (42, 42A-42D), whichever field is missing', () => {
    const body = raw('adressenuitgebreid-3012br-42.json');
    const n = body._embedded.adressen.length;
    for (const veld of fieldPaths(body, { under: '_embedded.adressen' })) {
      expect(toBagAdressen(ibAdressenAnswerSchema.parse(withoutField(body, veld)))).toHaveLength(n);
    }
  });
});
