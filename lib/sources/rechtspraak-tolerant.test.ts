// Tolerance of the ruling reader (issue 21 item 1), on variants of the REAL recorded rulings
// (test/upstream/fixtures/rechtspraak, see its MANIFEST.md): each element and attribute the reader uses
// removed in turn, extra elements and attributes, another order. The reader works on the parsed tree
// (readUitspraak), and the variants come from test/xml-tolerance.ts. A ruling is never lost; what can be
// derived is derived (the ECLI from the deeplink or the text elements' ids, the type from the text element,
// the deeplink from the ECLI), and whatever else is missing is null or an empty list.
//
// Not varied, and why: element and attribute names in another case (XML names are case-sensitive and the
// Rechtspraak's schema fixes them; a parser never sees "Identifier" for "identifier"), and numbers as
// strings (XML has text only: every value already is a string).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseUitspraak, readUitspraak, uitspraakSchema, type Uitspraak } from './rechtspraak-convert';
import { children, child, parseUpstreamXml, type XmlNode } from '@/lib/juridisch/xml';
import { reversedXml, withExtraXml, withoutXmlField, xmlFieldPaths } from '@/test/xml-tolerance';
import { unknownsNotNull } from '@/test/tolerance';

const DIR = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'rechtspraak');
const xml = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');
const tree = (file: string) => parseUpstreamXml(xml(file), 1e8);

/** The text bodies: their content is the ruling's text, not fields. */
const TEKST = new Set(['inhoudsindicatie', 'uitspraak', 'conclusie']);

/** What the document holds besides the metadata description, for the expectations below. */
interface Context {
  /** A second rdf:Description (the HTML page, with rdf:about). */
  pagina: boolean;
  /** A text element with an id (inhoudsindicatie, uitspraak). */
  tekstMetId: boolean;
}

const deeplinkVan = (ecli: string | null) => (ecli ? `http://deeplink.rechtspraak.nl/uitspraak?id=${ecli}` : null);
const typeVan = (u: Uitspraak) => (u.soort === 'uitspraak' ? 'Uitspraak' : u.soort === 'conclusie' ? 'Conclusie' : null);

/** Without any metadata: the ECLI from the text elements' ids, the type from the text element, the rest null. */
function zonderMetadata(u: Uitspraak, c: Context) {
  Object.assign(u, {
    ecli: c.tekstMetId ? u.ecli : null,
    type: typeVan(u),
    instantie: null,
    datum: null,
    publicatiedatum: null,
    zaaknummers: [],
    rechtsgebieden: [],
    procedure: null,
    titel: null,
    wetsverwijzingen: [],
  });
  u.deeplink = deeplinkVan(u.ecli);
}

/** What the reading gives when one element or attribute is missing: the full reading with these changes. */
const ZONDER: Record<string, (u: Uitspraak, c: Context) => void> = {
  RDF: zonderMetadata,
  'RDF/Description': zonderMetadata,
  // derived from the page's rdf:about or identifier (the deeplink), else from the text elements' ids
  'RDF/Description/identifier': (u, c) => {
    if (!c.pagina && !c.tekstMetId) Object.assign(u, { ecli: null, deeplink: null });
  },
  'RDF/Description@about': () => {}, // the deeplink is derived from the ECLI (the same URL)
  'RDF/Description/title': (u) => (u.titel = null),
  'RDF/Description/type': (u) => (u.type = typeVan(u)),
  'RDF/Description/creator': (u) => (u.instantie = null),
  'RDF/Description/date': (u) => (u.datum = null),
  'RDF/Description/issued': (u) => (u.publicatiedatum = null),
  'RDF/Description/zaaknummer': (u) => (u.zaaknummers = []),
  'RDF/Description/subject': (u) => (u.rechtsgebieden = []),
  'RDF/Description/procedure': (u) => (u.procedure = null),
  'RDF/Description/references': (u) => (u.wetsverwijzingen = []),
  'RDF/Description/references@label': () => {}, // a Wetsverwijzing by its BWB id
  'RDF/Description/references@resourceIdentifier': (u) => (u.wetsverwijzingen = u.wetsverwijzingen.map((w) => ({ ...w, bwb_id: null, artikel: null }))),
  inhoudsindicatie: (u) => (u.secties = u.secties.filter((s) => s.onderdeel !== 'inhoudsindicatie')),
  'inhoudsindicatie@id': () => {}, // the ECLI is the identifier's
  uitspraak: (u) => {
    u.soort = null;
    u.secties = u.secties.filter((s) => s.onderdeel !== 'uitspraak');
  },
  'uitspraak@id': () => {},
};

/** Elements the reader does not use (with everything in them), and the only attributes it reads. */
const ONGEBRUIKT = new Set(['format', 'accessRights', 'modified', 'publisher', 'language', 'replaces', 'coverage', 'spatial', 'temporal', 'relation', 'hasVersion', 'abstract']);
const GELEZEN_ATTRIBUTEN = ['RDF/Description@about', 'RDF/Description/references@label', 'RDF/Description/references@resourceIdentifier', 'inhoudsindicatie@id', 'uitspraak@id'];
const ongebruikt = (p: string) => {
  const [elementen, attr] = p.split('@');
  return elementen.split('/').some((e) => ONGEBRUIKT.has(e)) || (attr !== undefined && !GELEZEN_ATTRIBUTEN.includes(p));
};

// Every recorded ruling: with text and two descriptions, metadata only with law references, one description.
const ECHT = fs
  .readFileSync(path.join(DIR, 'MANIFEST.md'), 'utf8')
  .split('\n')
  .map((l) => /^\| (\S+\.xml) \| opgenomen \|/.exec(l)?.[1])
  .filter((f): f is string => !!f);

describe.each(ECHT)('each element and attribute of the real ruling %s removed in turn', (file) => {
  const root = tree(file);
  const volledig = readUitspraak(root);
  const rdf = child(root, 'RDF')!;
  const context: Context = {
    pagina: children(rdf, 'Description').length > 1,
    tekstMetId: [...TEKST].some((t) => child(root, t)?.attrs.id),
  };
  const velden = xmlFieldPaths(root, { leaves: TEKST });

  it('reads the same from the text as from the tree, and validates', () => {
    expect(parseUitspraak(xml(file))).toEqual(volledig);
    expect(uitspraakSchema.parse(volledig)).toEqual(volledig);
    expect(volledig.ecli).toMatch(/^ECLI:NL:/);
  });

  it('knows every element and attribute of the ruling (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ongebruikt(v))).toEqual([]);
    for (const a of GELEZEN_ATTRIBUTEN) expect(ZONDER).toHaveProperty([a]);
  });

  it.each(velden)('without %s: still the ruling, with the derived values', (veld) => {
    const u = readUitspraak(withoutXmlField(root, veld));
    expect(uitspraakSchema.safeParse(u).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht, context);
    expect(u).toEqual(verwacht);
    expect(unknownsNotNull(u)).toEqual([]);
    // The derived values themselves, not merely "equal to before".
    if (u.ecli) expect(u.deeplink).toMatch(/^http:\/\/deeplink\.rechtspraak\.nl\/uitspraak\?id=ECLI:/);
    if (u.soort) expect(u.type?.toLowerCase()).toBe(u.soort);
  });

  it('with extra elements and attributes everywhere, and in another order: the same ruling', () => {
    expect(readUitspraak(withExtraXml(root, TEKST))).toEqual(volledig);
    expect(readUitspraak(reversedXml(root, TEKST))).toEqual(volledig);
  });

  it('with the two descriptions in the other order: the same ruling', () => {
    const omgedraaid = structuredClone(root);
    const r = child(omgedraaid, 'RDF')!;
    r.children = [...r.children].reverse();
    expect(readUitspraak(omgedraaid)).toEqual(volledig);
  });
});

describe('derived values on the real ruling ECLI:NL:RBAMS:2010:BO3979', () => {
  const root = tree('ECLI_NL_RBAMS_2010_BO3979.xml');

  it('takes the ECLI from the deeplink, and without that from the id of the summary (…:INH)', () => {
    const zonderId = withoutXmlField(root, 'RDF/Description/identifier');
    expect(readUitspraak(zonderId).ecli).toBe('ECLI:NL:RBAMS:2010:BO3979');
    const alleenTekst = withoutXmlField(root, 'RDF');
    expect(child(alleenTekst, 'inhoudsindicatie')!.attrs.id).toBe('ECLI:NL:RBAMS:2010:BO3979:INH');
    expect(readUitspraak(alleenTekst)).toMatchObject({
      ecli: 'ECLI:NL:RBAMS:2010:BO3979',
      type: 'Uitspraak',
      deeplink: 'http://deeplink.rechtspraak.nl/uitspraak?id=ECLI:NL:RBAMS:2010:BO3979',
    });
  });

  it('derives the deeplink from the ECLI when the page has no rdf:about', () => {
    expect(readUitspraak(withoutXmlField(root, 'RDF/Description@about')).deeplink).toBe('http://deeplink.rechtspraak.nl/uitspraak?id=ECLI:NL:RBAMS:2010:BO3979');
  });
});

describe('law references in the metadata of the real ruling ECLI:NL:CBB:1997:ZG0125', () => {
  const root = tree('ECLI_NL_CBB_1997_ZG0125.xml');

  it('keeps a Wetsverwijzing without its BWB identifier (null), and one without its label by its BWB id', () => {
    expect(readUitspraak(withoutXmlField(root, 'RDF/Description/references@resourceIdentifier')).wetsverwijzingen).toEqual([
      { titel: 'Algemene wet bestuursrecht 1:3', bwb_id: null, artikel: null },
      { titel: 'Warenwet 5', bwb_id: null, artikel: null },
    ]);
    expect(readUitspraak(withoutXmlField(root, 'RDF/Description/references@label')).wetsverwijzingen.map((w) => w.bwb_id)).toEqual(['BWBR0005537', 'BWBR0001969']);
  });

  it('leaves out, on purpose, a reference with neither label nor BWB id: nothing says it is a law reference', () => {
    const geen = withoutXmlField(withoutXmlField(root, 'RDF/Description/references@label'), 'RDF/Description/references@resourceIdentifier');
    expect(readUitspraak(geen).wetsverwijzingen).toEqual([]);
  });
});

describe('a ruling with every element removed', () => {
  it('is a record of nulls and empty lists, never "" or "onbekend"', () => {
    const leeg: XmlNode = { name: 'open-rechtspraak', attrs: {}, children: [] };
    const u = readUitspraak(leeg);
    expect(uitspraakSchema.safeParse(u).success).toBe(true);
    expect(u).toEqual({
      ecli: null, soort: null, type: null, instantie: null, datum: null, publicatiedatum: null, zaaknummers: [],
      rechtsgebieden: [], procedure: null, titel: null, deeplink: null, wetsverwijzingen: [], secties: [],
    });
    expect(unknownsNotNull(u)).toEqual([]);
  });

  it('each real ruling stripped to its root is that same record', () => {
    for (const file of ECHT) {
      const root = tree(file);
      expect(readUitspraak({ ...root, attrs: {}, children: [] })).toEqual(readUitspraak({ name: 'open-rechtspraak', attrs: {}, children: [] }));
    }
  });
});
