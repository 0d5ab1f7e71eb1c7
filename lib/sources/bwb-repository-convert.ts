// BWB repository (repository.officiele-overheidspublicaties.nl/bwb): the manifest of a regulation (its
// _latestItem names the newest toestand file) and the toestand XML (toestand > wetgeving > wet-besluit >
// wettekst > hoofdstuk/paragraaf/... > artikel with kop/label/nr, lid/lidnr/al). Reads every article with
// its number, leden, text, references to other regulations (extref) and its own JCI reference. Pure.
import { child, children, descendants, parseUpstreamXml, textOf, UpstreamXmlError, type XmlNode } from '@/lib/juridisch/xml';

/** Toestanden above this size are refused as unreadable (the civil-code books are a few MB). */
export const MAX_TOESTAND_CHARS = 40 * 1024 * 1024;

export interface Manifest {
  bwb_id: string | null;
  /** Path of the newest toestand below the regulation's folder, e.g. 2015-01-01_0/xml/BWBR0002458_2015-01-01_0.xml. */
  latest_item: string;
  datum_inwerkingtreding: string | null;
}

export interface Lid {
  nummer: string | null;
  tekst: string;
}

export interface ArtikelVerwijzing {
  tekst: string;
  bwb_id: string | null;
  /** JCI reference as written, e.g. jci1.3:c:BWBR0026759&artikel=28. */
  jci: string | null;
}

export interface ArtikelTekst {
  nummer: string;
  label: string | null;
  titel: string | null;
  /** Civil-code book the article lies in (kop of the enclosing <boek>), else null. */
  boek: string | null;
  /** The enclosing divisions, outermost first, e.g. ["§ 2 Vergunningen"]. */
  structuur: string[];
  pad: string | null;
  status: string | null;
  inwerking: string | null;
  leden: Lid[];
  tekst: string;
  verwijzingen: ArtikelVerwijzing[];
  /** The article's short JCI reference from the toestand (jci1.3:c:BWBR…&artikel=…). */
  jci: string | null;
}

export interface Regeling {
  bwb_id: string;
  citeertitel: string | null;
  intitule: string | null;
  soort: string | null;
  /** Date the toestand describes (toestand@inwerkingtreding). */
  toestand_datum: string | null;
  artikelen: ArtikelTekst[];
}

/** Reads a BWB manifest.xml; throws UpstreamXmlError without a _latestItem. */
export function parseManifest(xml: string): Manifest {
  const root = parseUpstreamXml(xml, 5 * 1024 * 1024);
  if (root.name !== 'work') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const latest = root.attrs._latestItem?.trim();
  if (!latest || !/^[\w.-]+(\/[\w.-]+)*\.xml$/.test(latest) || latest.includes('..')) throw new UpstreamXmlError('manifest zonder geldig _latestItem');
  const meta = child(root, 'metadata');
  const datum = meta ? child(meta, 'datum_inwerkingtreding') : undefined;
  return { bwb_id: root.attrs.label ?? null, latest_item: latest, datum_inwerkingtreding: datum ? textOf(datum, new Set()) || null : null };
}

const BLOCKS = new Set(['al', 'lid', 'lijst', 'li', 'tussenkop', 'table', 'row', 'entry', 'tgroup', 'plaatje', 'formule']);
const SKIP = new Set(['meta-data', 'kop', 'lidnr', 'redactie']);
const DIVISIONS = new Set(['boek', 'deel', 'titeldeel', 'hoofdstuk', 'afdeling', 'paragraaf', 'sub-paragraaf', 'titel', 'bijlage']);

const plain = (n: XmlNode | undefined): string | null => {
  if (!n) return null;
  const t = textOf(n, new Set()).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

function kopText(kop: XmlNode | undefined): string | null {
  if (!kop) return null;
  return [plain(child(kop, 'label')), plain(child(kop, 'nr')), plain(child(kop, 'titel'))].filter(Boolean).join(' ') || null;
}

/** A list item's number (li.nr: "a.", "1°", "–") stays on the line of its text. */
function joinListNumbers(text: string): string {
  return text.replace(/(^|\n)([0-9]{1,3}[a-z]?[.°)]|[a-z]{1,2}[.°)]|[-–•])\n/g, '$1$2 ');
}

function readArtikel(a: XmlNode, path: XmlNode[]): ArtikelTekst {
  const kop = child(a, 'kop');
  const nummer = plain(kop ? child(kop, 'nr') : undefined) ?? a.attrs.label?.replace(/^Artikel\s+/i, '') ?? '';
  const lidNodes = children(a, 'lid');
  const leden: Lid[] = lidNodes.length
    ? lidNodes.map((l) => ({ nummer: plain(child(l, 'lidnr')), tekst: joinListNumbers(textOf(l, BLOCKS, SKIP)) }))
    : [{ nummer: null, tekst: joinListNumbers(textOf(a, BLOCKS, SKIP)) }];
  const verwijzingen = descendants(a, 'extref').map((e) => ({
    tekst: plain(e) ?? '',
    bwb_id: e.attrs['bwb-id'] ?? (/BWB[RV][0-9]{7}/.exec(e.attrs.doc ?? '')?.[0] ?? null),
    jci: e.attrs.doc ?? null,
  }));
  const ownJci = children(child(a, 'meta-data') ?? { name: '', attrs: {}, children: [] }, 'jcis')
    .flatMap((j) => children(j, 'jci'))
    .map((j) => j.attrs['korte-verwijzing'])
    .find((v) => v?.startsWith('jci1.3')) ?? null;
  const boekNode = [...path].reverse().find((p) => p.name === 'boek');
  return {
    nummer,
    label: a.attrs.label ?? null,
    titel: plain(kop ? child(kop, 'titel') : undefined),
    boek: boekNode ? plain(child(child(boekNode, 'kop') ?? boekNode, 'nr')) : null,
    structuur: path.filter((p) => DIVISIONS.has(p.name)).map((p) => kopText(child(p, 'kop'))).filter((t): t is string => t !== null),
    pad: a.attrs['bwb-ng-variabel-deel'] ?? null,
    status: a.attrs.status ?? null,
    inwerking: a.attrs.inwerking ?? null,
    leden: leden.filter((l) => l.tekst.length > 0 || l.nummer !== null),
    tekst: leden.map((l) => (l.nummer ? `${l.nummer}. ${l.tekst}` : l.tekst)).join('\n'),
    verwijzingen,
    jci: ownJci,
  };
}

function collectArtikelen(node: XmlNode, path: XmlNode[], out: ArtikelTekst[]): void {
  for (const c of node.children) {
    if (typeof c === 'string' || c.name === 'meta-data') continue;
    if (c.name === 'artikel') out.push(readArtikel(c, path));
    else collectArtikelen(c, [...path, c], out);
  }
}

/** Reads a BWB toestand XML: title, date and every article. */
export function parseToestand(xml: string): Regeling {
  const root = parseUpstreamXml(xml, MAX_TOESTAND_CHARS);
  if (root.name !== 'toestand') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const wetgeving = child(root, 'wetgeving');
  if (!wetgeving) throw new UpstreamXmlError('toestand zonder wetgeving');
  const artikelen: ArtikelTekst[] = [];
  collectArtikelen(wetgeving, [], artikelen);
  return {
    bwb_id: root.attrs['bwb-id'] ?? '',
    citeertitel: plain(child(wetgeving, 'citeertitel')),
    intitule: plain(child(wetgeving, 'intitule')),
    soort: wetgeving.attrs.soort ?? null,
    toestand_datum: root.attrs.inwerkingtreding ?? null,
    artikelen,
  };
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * The article asked for: "3a" matches nr 3a; in a civil-code book "6:162" matches nr 162 of Boek 6 (and a
 * toestand that writes 6:162 itself); a book number that is not this book's matches nothing.
 */
export function findArtikel(regeling: Regeling, artikel: string, boek: string | null): ArtikelTekst | null {
  const wanted = norm(artikel);
  const direct = regeling.artikelen.find((a) => norm(a.nummer) === wanted);
  if (direct) return direct;
  const colon = wanted.indexOf(':');
  if (boek === null || colon === -1) return null;
  if (wanted.slice(0, colon) !== boek.toLowerCase()) return null;
  const nr = wanted.slice(colon + 1);
  return regeling.artikelen.find((a) => norm(a.nummer) === nr && (a.boek === null || a.boek.toLowerCase() === boek.toLowerCase())) ?? null;
}
