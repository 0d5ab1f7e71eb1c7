// Tolerance of the BWB readers (issue 21 item 1), on variants of the REAL recorded manifest and toestand of
// the Drank- en Horecawet (test/upstream/fixtures/bwb-repository, see its MANIFEST.md): each element and
// attribute the readers use removed in turn (for the toestand: at its own level and in every article),
// extra elements and attributes, another order. The readers work on the parsed tree (readManifest,
// readToestand) and the variants come from test/xml-tolerance.ts. No article is lost; what can be derived
// is derived (an article's number from its label, JCI or path, a lid's number from its path, the short JCI
// from the full one, the BWB id and date from the toestand's bwb-ng-vast-deel, the newest toestand from
// the manifest's expressions), and whatever else is missing is null or an empty list.
//
// Not varied, and why: element and attribute names in another case (XML names are case-sensitive and the
// BWB schema toestand_2015-1.xsd fixes them; a parser never sees "Artikel" for "artikel"), and numbers as
// strings (XML has text only: every value already is a string).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  manifestSchema,
  parseManifest,
  parseToestand,
  readManifest,
  readToestand,
  regelingSchema,
  type ArtikelTekst,
  type Manifest,
  type Regeling,
} from './bwb-repository-convert';
import { descendants, parseUpstreamXml, UpstreamXmlError, type XmlNode } from '@/lib/juridisch/xml';
import { reversedXml, withExtraXml, withoutXmlField, xmlFieldPaths } from '@/test/xml-tolerance';
import { unknownsNotNull } from '@/test/tolerance';

const DIR = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'bwb-repository');
const xml = (file: string) => fs.readFileSync(path.join(DIR, file), 'utf8');
const tree = (file: string) => parseUpstreamXml(xml(file), 1e8);

/** The legal text of an article: content, not fields (read in document order as the text of the leden). */
const TEKST = new Set(['al', 'lijst', 'tussenkop', 'table', 'redactie']);

describe('the real manifest BWBR0002458_manifest.xml, each element and attribute removed in turn', () => {
  const root = tree('BWBR0002458_manifest.xml');
  const volledig = readManifest(root);
  const velden = xmlFieldPaths(root);

  const ZONDER: Record<string, (m: Manifest) => void> = {
    '@label': () => {}, // from the file name of the newest toestand
    '@_latestItem': () => {}, // from the newest expression's xml item
    metadata: (m) => (m.datum_inwerkingtreding = null),
    'metadata/datum_inwerkingtreding': (m) => (m.datum_inwerkingtreding = null),
    // only read when _latestItem is missing
    expression: () => {},
    'expression@label': () => {},
    'expression/manifestation': () => {},
    'expression/manifestation@label': () => {},
    'expression/manifestation/item': () => {},
    'expression/manifestation/item@label': () => {},
    'expression/manifestation/item@_deleted': () => {},
  };
  const ONGEBRUIKT = (p: string) =>
    ['@noNamespaceSchemaLocation', '@gegenereerd'].includes(p) || /^metadata\/(?!datum_inwerkingtreding$)/.test(p) || /^expression(\/manifestation)?\/metadata/.test(p);

  it('reads the same from the text as from the tree, and validates', () => {
    expect(parseManifest(xml('BWBR0002458_manifest.xml'))).toEqual(volledig);
    expect(manifestSchema.parse(volledig)).toEqual(volledig);
  });

  it('knows every element and attribute of the manifest (none unknown to this test)', () => {
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT(v))).toEqual([]);
  });

  it.each(velden)('without %s: the same manifest, with the derived values', (veld) => {
    const m = readManifest(withoutXmlField(root, veld));
    expect(manifestSchema.safeParse(m).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(m).toEqual(verwacht);
    expect(unknownsNotNull(m)).toEqual([]);
  });

  it('derives the newest toestand from the expressions, and the BWB id from its file name', () => {
    const m = readManifest(withoutXmlField(withoutXmlField(root, '@_latestItem'), '@label'));
    expect(m).toEqual({ bwb_id: 'BWBR0002458', latest_item: '2015-01-01_0/xml/BWBR0002458_2015-01-01_0.xml', datum_inwerkingtreding: '1966-05-01' });
  });

  it('with extra elements and attributes everywhere, and in another order: the same manifest', () => {
    expect(readManifest(withExtraXml(root))).toEqual(volledig);
    expect(readManifest(reversedXml(root))).toEqual(volledig);
    expect(readManifest(reversedXml(withoutXmlField(root, '@_latestItem')))).toEqual(volledig);
  });

  it('refuses, explicitly, a manifest that names no toestand at all: there is no text to read', () => {
    expect(() => readManifest(withoutXmlField(withoutXmlField(root, '@_latestItem'), 'expression'))).toThrow(UpstreamXmlError);
    expect(() => readManifest({ name: 'work', attrs: {}, children: [] })).toThrow(UpstreamXmlError);
  });
});

describe('the real toestand of the Drank- en Horecawet (2015-01-01), each element and attribute removed in turn', () => {
  const file = 'BWBR0002458_2015-01-01_0.xml';
  const root = tree(file);
  const volledig = readToestand(root);
  const artikelen = descendants(root, 'artikel');

  it('reads the same from the text as from the tree, validates, and has all 74 articles', () => {
    expect(parseToestand(xml(file))).toEqual(volledig);
    expect(regelingSchema.parse(volledig)).toEqual(volledig);
    expect(volledig.artikelen).toHaveLength(74);
    expect(unknownsNotNull(volledig)).toEqual([]);
  });

  describe('at the level of the toestand and its wetgeving', () => {
    // The toestand, its children, the wetgeving element and its children (articles: below).
    const velden = xmlFieldPaths(root).filter((p) => p.split('@')[0].split('/').length <= 2);
    const ZONDER: Record<string, ((r: Regeling) => void) | 'weigert'> = {
      '@bwb-id': () => {}, // from bwb-ng-vast-deel
      '@inwerkingtreding': () => {}, // from bwb-ng-vast-deel
      '@bwb-ng-vast-deel': () => {},
      // A toestand without wetgeving holds no regulation: refused explicitly, not read as an empty one.
      wetgeving: 'weigert',
      'wetgeving@soort': (r) => (r.soort = null),
      'wetgeving/intitule': (r) => (r.intitule = null),
      'wetgeving/citeertitel': (r) => (r.citeertitel = null),
      'wetgeving/wet-besluit': (r) => (r.artikelen = []), // every article lies in it
    };
    const ONGEBRUIKT = (p: string) =>
      ['@noNamespaceSchemaLocation', 'bwb-inputbestand', 'bwb-wijzigingen', 'redactionele-correcties', 'wetgeving/meta-data'].includes(p) ||
      (p.includes('@') && !(p in ZONDER)) ||
      p.startsWith('bwb-') ||
      p.startsWith('redactionele-correcties');

    it('knows every element and attribute at this level (none unknown to this test)', () => {
      expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT(v))).toEqual([]);
    });

    it.each(velden)('without %s: the same regulation, with the derived values', (veld) => {
      const zonder = withoutXmlField(root, veld);
      const z = ZONDER[veld];
      if (z === 'weigert') {
        expect(() => readToestand(zonder)).toThrow(UpstreamXmlError);
        return;
      }
      const r = readToestand(zonder);
      expect(regelingSchema.safeParse(r).success).toBe(true);
      const verwacht = structuredClone(volledig);
      z?.(verwacht);
      expect(r).toEqual(verwacht);
      expect(r).toMatchObject({ bwb_id: 'BWBR0002458', toestand_datum: '2015-01-01' });
    });

    it('derives BWB id and date from bwb-ng-vast-deel when both attributes are missing', () => {
      const r = readToestand(withoutXmlField(withoutXmlField(root, '@bwb-id'), '@inwerkingtreding'));
      expect(root.attrs['bwb-ng-vast-deel']).toBe('http://wetten.overheid.nl/id/BWBR0002458/2015-01-01/0');
      expect(r).toMatchObject({ bwb_id: 'BWBR0002458', toestand_datum: '2015-01-01' });
    });
  });

  describe('in every article', () => {
    const velden = [...new Set(artikelen.flatMap((a) => xmlFieldPaths(a, { leaves: TEKST })))];
    const metLeden = (a: ArtikelTekst) => a.leden.some((l) => l.nummer !== null);
    const ZONDER: Record<string, (a: ArtikelTekst) => void> = {
      '@label': () => {}, // composed from kop/label and kop/nr ("Artikel" + "3a"), or kop/label alone ("Artikel 3a")
      '@status': (a) => (a.status = null),
      '@inwerking': (a) => (a.inwerking = null),
      '@bwb-ng-variabel-deel': (a) => (a.pad = null),
      kop: (a) => (a.titel = null), // the number from the label
      'kop/label': () => {},
      'kop/nr': () => {}, // from the label
      'kop/titel': (a) => (a.titel = null),
      lid: (a) => {
        if (!metLeden(a)) return;
        Object.assign(a, { leden: [], tekst: null, verwijzingen: [] });
      },
      'lid@bwb-ng-variabel-deel': () => {},
      'lid/lidnr': () => {}, // from the lid's path (…/Lid2)
      'meta-data': (a) => (a.jci = null),
      'meta-data/jcis': (a) => (a.jci = null),
      'meta-data/jcis/jci': (a) => (a.jci = null),
      'meta-data/jcis/jci@korte-verwijzing': () => {}, // from the full JCI 1.3 reference, reduced to its artikel
      'meta-data/jcis/jci@verwijzing': () => {},
    };
    const ONGEBRUIKTE_ATTRIBUTEN = ['code', 'stam-id', 'versie-id', 'id', 'label-id', 'bron', 'effect', 'ondertekening_bron', 'publicatie_bron', 'publicatie_iwt', 'status', 'versie', 'onderdeel'];
    const ongebruikt = (p: string) =>
      p.startsWith('lid/meta-data') || // the lid's own JCI is not read
      p.startsWith('meta-data/brondata') || // publication data of the article
      (p.includes('@') && !(p in ZONDER) && ONGEBRUIKTE_ATTRIBUTEN.includes(p.split('@')[1])) ||
      p.startsWith('lid/lijst@') ||
      TEKST.has(p.split('@')[0].split('/').at(-1)!); // text content: see the test on text below

    it('knows every element and attribute of the articles (none unknown to this test)', () => {
      expect(velden.filter((v) => !(v in ZONDER) && !ongebruikt(v))).toEqual([]);
    });

    it.each(Object.keys(ZONDER).filter((v) => velden.includes(v)))('without %s in every article: every article, with the derived values', (veld) => {
      const r = readToestand(withoutXmlField(root, veld.startsWith('@') ? `**/artikel${veld}` : `**/artikel/${veld}`));
      expect(regelingSchema.safeParse(r).success).toBe(true);
      expect(r.artikelen).toHaveLength(volledig.artikelen.length);
      const verwacht = structuredClone(volledig);
      verwacht.artikelen.forEach((a) => ZONDER[veld](a));
      expect(r).toEqual(verwacht);
      expect(unknownsNotNull(r)).toEqual([]);
      // The derived values themselves: every article keeps its number.
      expect(r.artikelen.map((a) => a.nummer)).toEqual(volledig.artikelen.map((a) => a.nummer));
    });

    it('derives the number from the JCI, and from the path, when kop/nr and both labels are missing', () => {
      const zonderLabels = withoutXmlField(withoutXmlField(root, '**/artikel/kop'), '**/artikel@label');
      expect(readToestand(zonderLabels).artikelen.map((a) => a.nummer)).toEqual(volledig.artikelen.map((a) => a.nummer));
      const alleenPad = withoutXmlField(zonderLabels, '**/artikel/meta-data');
      expect(readToestand(alleenPad).artikelen.map((a) => a.nummer)).toEqual(volledig.artikelen.map((a) => a.nummer));
      const niets = withoutXmlField(alleenPad, '**/artikel@bwb-ng-variabel-deel');
      const r = readToestand(niets);
      expect(r.artikelen).toHaveLength(74); // kept, with the number unknown
      expect(r.artikelen.every((a) => a.nummer === null)).toBe(true);
    });

    it('derives the short JCI from the full JCI 1.3 reference', () => {
      const r = readToestand(withoutXmlField(root, '**/artikel/meta-data/jcis/jci@korte-verwijzing'));
      expect(r.artikelen.find((a) => a.nummer === '3')!.jci).toBe('jci1.3:c:BWBR0002458&artikel=3');
    });

    it('keeps every article without its text content (al, lijst, …): leden with their numbers, text null', () => {
      let zonderTekst = root;
      for (const t of TEKST) zonderTekst = withoutXmlField(zonderTekst, `**/${t}`);
      const r = readToestand(zonderTekst);
      expect(r.artikelen).toHaveLength(74);
      for (const [a, v] of r.artikelen.map((a, i) => [a, volledig.artikelen[i]] as const)) {
        expect(a.tekst).toBeNull();
        expect(a.verwijzingen).toEqual([]); // the references lie in the text
        expect(a.leden).toEqual(v.leden.filter((l) => l.nummer !== null).map((l) => ({ nummer: l.nummer, tekst: null })));
        expect({ ...a, tekst: v.tekst, leden: v.leden, verwijzingen: v.verwijzingen }).toEqual(v);
      }
      expect(unknownsNotNull(r)).toEqual([]);
    });

    it('reads the references (extref in the text) without bwb-id from doc, and without doc with jci null', () => {
      const attrs = new Set(descendants(root, 'extref').flatMap((e) => Object.keys(e.attrs)));
      expect([...attrs].sort()).toEqual(['bwb-id', 'doc', 'label-id', 'verwijzing-id']); // label-id and verwijzing-id are not read
      expect(readToestand(withoutXmlField(root, '**/extref@bwb-id'))).toEqual(volledig);
      const zonderDoc = readToestand(withoutXmlField(root, '**/extref@doc'));
      const verwacht = structuredClone(volledig);
      for (const a of verwacht.artikelen) a.verwijzingen = a.verwijzingen.map((v) => ({ ...v, jci: null }));
      expect(zonderDoc).toEqual(verwacht);
    });
  });

  it('without the kop of the paragraphs: the structure loses them, nothing else changes', () => {
    const r = readToestand(withoutXmlField(root, '**/paragraaf/kop'));
    const verwacht = structuredClone(volledig);
    for (const a of verwacht.artikelen) a.structuur = a.structuur.filter((s) => !s.startsWith('§'));
    expect(r).toEqual(verwacht);
    expect(readToestand(withoutXmlField(root, '**/paragraaf/kop/titel')).artikelen.find((a) => a.nummer === '3')!.structuur).toEqual(['§ 2']);
  });

  it('with extra elements and attributes everywhere, and in another order: the same regulation', () => {
    // Inside an article every element is read as text by design (its text is all text but the known
    // metadata), so articles and what is in them get extra attributes only.
    const binnen = new Set(['artikel', ...TEKST]);
    expect(readToestand(withExtraXml(root, binnen))).toEqual(volledig);
    expect(readToestand(reversedXml(root, binnen))).toEqual(volledig);
  });

  it('with every element removed: a regulation of nulls and no articles, never "" or "onbekend"', () => {
    const leeg: XmlNode = { name: 'toestand', attrs: {}, children: [{ name: 'wetgeving', attrs: {}, children: [] }] };
    const r = readToestand(leeg);
    expect(regelingSchema.safeParse(r).success).toBe(true);
    expect(r).toEqual({ bwb_id: null, citeertitel: null, intitule: null, soort: null, toestand_datum: null, artikelen: [] });
    expect(unknownsNotNull(r)).toEqual([]);
  });

  it('an article with every element and attribute removed: kept, all null', () => {
    const een: XmlNode = { name: 'toestand', attrs: {}, children: [{ name: 'wetgeving', attrs: {}, children: [{ name: 'artikel', attrs: {}, children: [] }] }] };
    const [a] = readToestand(een).artikelen;
    expect(a).toEqual({ nummer: null, label: null, titel: null, boek: null, structuur: [], pad: null, status: null, inwerking: null, leden: [], tekst: null, verwijzingen: [], jci: null });
  });
});

describe('the built Boek 6 BW (opgebouwd): the book of an article', () => {
  const root = tree('BWBR0005289_2099-01-01_0_opgebouwd.xml');
  const volledig = readToestand(root);

  it('without the kop of the book: boek null and the book out of the structure, nothing else changes', () => {
    const r = readToestand(withoutXmlField(root, '**/boek/kop'));
    const verwacht = structuredClone(volledig);
    for (const a of verwacht.artikelen) {
      a.boek = null;
      a.structuur = a.structuur.filter((s) => !s.startsWith('Boek'));
    }
    expect(r).toEqual(verwacht);
  });

  it('without lidnr and without a lid path: the lid is kept with its number null', () => {
    const r = readToestand(withoutXmlField(root, '**/artikel/lid/lidnr'));
    const a = r.artikelen.find((x) => x.nummer === '162')!;
    expect(a.leden).toHaveLength(3);
    expect(a.leden.every((l) => l.nummer === null && l.tekst !== null)).toBe(true);
  });
});
