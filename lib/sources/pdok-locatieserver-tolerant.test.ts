// Tolerance of the Locatieserver conversion (issue 21 item 1), on variants generated from REAL recorded
// documents (test/upstream/fixtures/pdok-locatieserver, see its MANIFEST.md): each field removed in turn,
// extra fields, numbers as strings, keys in upper case. A record is never lost; what can be derived is
// derived (type from the id, RD from WGS84 and back, huisnummer/letter/toevoeging from huis_nlt, postcode
// from the display name), and whatever else is missing is null.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  locatieSchema,
  solrAnswerSchema,
  splitHuisNlt,
  toLocatie,
  toSuggestie,
  typeUitId,
  type Locatie,
  type LocatieserverDoc,
} from './pdok-locatieserver-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'pdok-locatieserver');
const raw = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const docs = (file: string): LocatieserverDoc[] => solrAnswerSchema.parse(raw(file)).response.docs;

/** What the conversion gives when one raw field is missing: the full conversion with these changes. */
const ZONDER: Record<string, (l: Locatie) => void> = {
  id: (l) => (l.id = null),
  type: () => {}, // derived from the id prefix (adr-)
  weergavenaam: (l) => (l.weergavenaam = null),
  bron: (l) => (l.bronregistratie = null),
  straatnaam: (l) => (l.straatnaam = null),
  huisnummer: () => {}, // from huis_nlt
  huis_nlt: () => {}, // composed from huisnummer, letter and toevoeging
  huisletter: () => {}, // from huis_nlt
  huisnummertoevoeging: () => {}, // from huis_nlt
  postcode: () => {}, // from weergavenaam
  woonplaatsnaam: (l) => (l.woonplaats = null),
  woonplaatscode: (l) => (l.woonplaats_code = null),
  gemeentecode: (l) => (l.gemeente = { code: null, naam: l.gemeente!.naam }),
  gemeentenaam: (l) => (l.gemeente = { code: l.gemeente!.code, naam: null }),
  provinciecode: (l) => (l.provincie = { ...l.provincie!, code: null }),
  provincienaam: (l) => (l.provincie = { ...l.provincie!, naam: null }),
  provincieafkorting: (l) => (l.provincie = { ...l.provincie!, afkorting: null }),
  wijkcode: (l) => (l.wijk_code = null),
  wijknaam: (l) => (l.wijk_naam = null),
  buurtcode: (l) => (l.buurt_code = null),
  buurtnaam: (l) => (l.buurt_naam = null),
  waterschapscode: (l) => (l.waterschap = { code: null, naam: l.waterschap!.naam }),
  waterschapsnaam: (l) => (l.waterschap = { code: l.waterschap!.code, naam: null }),
  nummeraanduiding_id: (l) => (l.nummeraanduiding_id = null),
  adresseerbaarobject_id: (l) => (l.adresseerbaarobject_id = null),
  openbareruimte_id: (l) => (l.openbareruimte_id = null),
  gekoppeld_perceel: (l) => (l.percelen = null),
  gekoppeld_appartement: (l) => (l.appartementsrechten = null),
  centroide_ll: () => {}, // from centroide_rd (compared to within a metre below)
  centroide_rd: () => {}, // from centroide_ll
};
/** Fields of the documents this service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set(['openbareruimtetype', 'rdf_seealso', 'straatnaam_verkort', 'identificatie', 'score', 'afstand']);

function zonderVeld(doc: LocatieserverDoc, veld: string): LocatieserverDoc {
  const kopie = { ...doc };
  delete kopie[veld];
  return kopie;
}

/** Coordinates to a metre (a derived point differs from the recorded one by the transform's millimetres). */
function opMeter(l: Locatie) {
  const { wgs84, rd } = l.coordinaten;
  return {
    ...l,
    coordinaten: {
      wgs84: wgs84 && { lon: Math.round(wgs84.lon * 1e4), lat: Math.round(wgs84.lat * 1e4) },
      rd: rd && { x: Math.round(rd.x), y: Math.round(rd.y) },
    },
  };
}

// Real recorded adres documents with many fields (Amersfoort has wijk/buurt/waterschap/apartment rights,
// Utrecht the v3_1 lookup, Schiphol the v3 free answer with a letter-less huis_nlt).
const ECHT = ['lookup-lijsterstraat-20-amersfoort.json', 'lookup-europalaan-93-utrecht.json', 'free-evert-van-de-beekstraat-202-schiphol.json'];

describe.each(ECHT)('each field of the real document in %s removed in turn', (file) => {
  const doc = docs(file)[0];
  const volledig = toLocatie(doc);
  const velden = Object.keys(doc);

  it('reads every field of the document (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: still a record, with the derived values', (veld) => {
    const l = toLocatie(zonderVeld(doc, veld));
    expect(locatieSchema.safeParse(l).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(opMeter(l)).toEqual(opMeter(verwacht));
    // The derived values themselves, not merely "equal to before".
    expect(l.type).toBe('adres');
    expect(l.coordinaten.rd).not.toBeNull();
    expect(l.coordinaten.wgs84).not.toBeNull();
  });

  it('without type and centroide_rd together (the case of issue 21): adres, with RD within a metre', () => {
    const l = toLocatie(zonderVeld(zonderVeld(doc, 'type'), 'centroide_rd'));
    expect(l.type).toBe('adres');
    expect(Math.abs(l.coordinaten.rd!.x - volledig.coordinaten.rd!.x)).toBeLessThan(1);
    expect(Math.abs(l.coordinaten.rd!.y - volledig.coordinaten.rd!.y)).toBeLessThan(1);
  });

  it('with extra fields, numbers as strings and keys in upper case: the same record', () => {
    const extra = { ...doc, nieuw_veld: 'x', geneste_waarde: { a: [1, 2] }, huisnummer: String(doc.huisnummer), gemeentecode: Number(doc.gemeentecode) };
    expect(toLocatie(extra)).toEqual(volledig);
    const hoofdletters = Object.fromEntries(Object.entries(doc).map(([k, v]) => [k.toUpperCase(), v]));
    expect(toLocatie(hoofdletters)).toEqual(volledig);
    const omgekeerd = Object.fromEntries(Object.entries(doc).reverse());
    expect(toLocatie(omgekeerd)).toEqual(volledig);
  });

  it('with every field removed: a record of nulls, never "" or "onbekend"', () => {
    const l = toLocatie({});
    expect(locatieSchema.safeParse(l).success).toBe(true);
    expect(l).toMatchObject({ id: null, type: null, huisnummer: null, postcode: null, coordinaten: { wgs84: null, rd: null } });
    expect(JSON.stringify(l)).not.toMatch(/""|"onbekend"/);
  });
});

describe('letter and toevoeging from huis_nlt, huisletter, huisnummertoevoeging in that order', () => {
  it.each([
    ['12', { huisnummer: 12, huisletter: null, toevoeging: null }],
    ['12A', { huisnummer: 12, huisletter: 'A', toevoeging: null }],
    ['12A-2', { huisnummer: 12, huisletter: 'A', toevoeging: '2' }],
    ['23L-1', { huisnummer: 23, huisletter: 'L', toevoeging: '1' }],
    ['12-bis', { huisnummer: 12, huisletter: null, toevoeging: 'bis' }],
    ['12 bis', { huisnummer: 12, huisletter: null, toevoeging: 'bis' }],
    ['12 A', { huisnummer: 12, huisletter: 'A', toevoeging: null }],
    ['141D', { huisnummer: 141, huisletter: 'D', toevoeging: null }],
    ['12-2', { huisnummer: 12, huisletter: null, toevoeging: '2' }],
    ['', null],
    ['Damrak', null],
  ])('splitHuisNlt(%j)', (input, expected) => {
    expect(splitHuisNlt(input)).toEqual(expected);
  });

  it('takes letter and toevoeging from huis_nlt when the separate fields are missing', () => {
    const [doc] = docs('lookup-lijsterstraat-20-amersfoort.json');
    const l = toLocatie({ ...zonderVeld(doc, 'huisnummer'), huis_nlt: '20A-2' });
    expect(l).toMatchObject({ huisnummer: 20, huisletter: 'A', toevoeging: '2', huisnummer_volledig: '20A-2' });
  });

  it('falls back to huisletter and huisnummertoevoeging, and composes huisnummer_volledig from them', () => {
    const [doc] = docs('lookup-lijsterstraat-20-amersfoort.json');
    const l = toLocatie({ ...zonderVeld(doc, 'huis_nlt'), huisletter: 'b', huisnummertoevoeging: '3' });
    expect(l).toMatchObject({ huisnummer: 20, huisletter: 'b', toevoeging: '3', huisnummer_volledig: '20b-3' });
  });
});

describe('document type from the id prefix', () => {
  it.each([
    ['adr-fb6a9e8075bd7e25281db1d21fb17982', 'adres'],
    ['pcd-cbbb51b40bdb75e5fea66729f10464dd', 'postcode'],
    ['weg-720bbb75123262212590df2376686efd', 'weg'],
    ['wpl-1', 'woonplaats'],
    ['gem-1', 'gemeente'],
    ['prv-1', 'provincie'],
    ['wyk-1', 'wijk'],
    ['brt-1', 'buurt'],
    ['hmp-1', 'hectometerpaal'],
    ['wts-1', 'waterschap'],
    ['pcl-1', 'perceel'],
    ['app-1', 'appartementsrecht'],
    ['ADR-1', 'adres'],
    ['xyz-1', null],
    ['zonderprefix', null],
    [null, null],
  ])('typeUitId(%j) = %j', (id, type) => {
    expect(typeUitId(id)).toBe(type);
  });

  it('the real postcode document without type is a postcode', () => {
    const [doc] = docs('free-postcode-1118cp.json');
    expect(toLocatie(zonderVeld(doc, 'type')).type).toBe('postcode');
  });
});

describe('the Solr envelope and suggestions', () => {
  it('reads numFound and start given as strings, and keys in another case', () => {
    const body = raw('suggest-westeringlaan-maasbree.json');
    const tekst = { response: { ...body.response, numFound: String(body.response.numFound), start: '0' } };
    expect(solrAnswerSchema.parse(tekst).response).toMatchObject({ numFound: body.response.numFound, start: 0 });
    const hoofdletters = { Response: { NumFound: body.response.numFound, Docs: body.response.docs } };
    expect(solrAnswerSchema.parse(hoofdletters).response).toMatchObject({ numFound: body.response.numFound, start: 0 });
    expect(solrAnswerSchema.safeParse({ response: { numFound: 'veel', docs: [] } }).success).toBe(false);
  });

  it('keeps every real suggestion when type is missing, with the type from the id', () => {
    const alle = docs('suggest-westeringlaan-maasbree.json');
    const zonderType = alle.map((d) => toSuggestie(zonderVeld(d, 'type')));
    expect(zonderType).toHaveLength(alle.length);
    expect(zonderType.every((s) => s?.type === 'adres')).toBe(true);
    expect(zonderType.map((s) => s?.weergavenaam)).toEqual(alle.map((d) => d.weergavenaam));
  });

  it('keeps a suggestion without weergavenaam (null) and one without id (null)', () => {
    const [d] = docs('suggest-westeringlaan-maasbree.json');
    expect(toSuggestie(zonderVeld(d, 'weergavenaam'))).toEqual({ id: d.id, weergavenaam: null, type: 'adres' });
    expect(toSuggestie(zonderVeld(d, 'id'))).toEqual({ id: null, weergavenaam: d.weergavenaam, type: 'adres' });
  });
});
