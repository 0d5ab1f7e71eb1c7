// BWB repository (repository.officiele-overheidspublicaties.nl/bwb): the manifest of a regulation (its
// _latestItem names the newest toestand file) and the toestand XML (toestand > wetgeving > wet-besluit >
// wettekst > hoofdstuk/paragraaf/... > artikel with kop/label/nr, lid/lidnr/al). Reads every article with
// its number, leden, text, references to other regulations (extref) and its own JCI reference. Tolerant of
// missing elements (issue 21): the newest toestand is derived from the manifest's expressions, an article's
// number from its label, JCI or path, a lid's number from its path, the short JCI from the full one, BWB id
// and date from bwb-ng-vast-deel; no article is dropped, and what is unknown is null. The readers take the
// parsed tree (readManifest, readToestand); parseManifest and parseToestand parse first. Pure.
import { z } from 'zod';
import { child, children, descendants, parseUpstreamXml, textOf, UpstreamXmlError, type XmlNode } from '@/lib/juridisch/xml';

/** Toestanden above this size are refused as unreadable (the civil-code books are a few MB). */
export const MAX_TOESTAND_CHARS = 40 * 1024 * 1024;

export const manifestSchema = z.object({
  /** work@label, else from the file name of the newest toestand. */
  bwb_id: z.string().nullable(),
  /** Path of the newest toestand below the regulation's folder, e.g. 2015-01-01_0/xml/BWBR0002458_2015-01-01_0.xml. */
  latest_item: z.string(),
  datum_inwerkingtreding: z.string().nullable(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const lidSchema = z.object({
  /** lidnr, else from the lid's own path (…/Lid2). */
  nummer: z.string().nullable(),
  tekst: z.string().nullable(),
});
export type Lid = z.infer<typeof lidSchema>;

export const artikelVerwijzingSchema = z.object({
  tekst: z.string().nullable(),
  bwb_id: z.string().nullable(),
  /** JCI reference as written, e.g. jci1.3:c:BWBR0026759&artikel=28. */
  jci: z.string().nullable(),
});
export type ArtikelVerwijzing = z.infer<typeof artikelVerwijzingSchema>;

export const artikelTekstSchema = z.object({
  /** kop/nr, else from the label ("Artikel 3a"), the article's JCI or its path (…/Artikel3a); null when none has it. */
  nummer: z.string().nullable(),
  /** artikel@label, else composed from kop/label and kop/nr. */
  label: z.string().nullable(),
  titel: z.string().nullable(),
  /** Civil-code book the article lies in (kop of the enclosing <boek>), else null. */
  boek: z.string().nullable(),
  /** The enclosing divisions, outermost first, e.g. ["§ 2 Vergunningen"]. */
  structuur: z.array(z.string()),
  pad: z.string().nullable(),
  status: z.string().nullable(),
  inwerking: z.string().nullable(),
  leden: z.array(lidSchema),
  /** The leden with their numbers, one per line; null for an article without text (vervallen). */
  tekst: z.string().nullable(),
  verwijzingen: z.array(artikelVerwijzingSchema),
  /** The article's short JCI reference (jci1.3:c:BWBR…&artikel=…), else derived from its full JCI. */
  jci: z.string().nullable(),
});
export type ArtikelTekst = z.infer<typeof artikelTekstSchema>;

export const regelingSchema = z.object({
  /** toestand@bwb-id, else from its bwb-ng-vast-deel (…/id/BWBR…/date/n). */
  bwb_id: z.string().nullable(),
  citeertitel: z.string().nullable(),
  intitule: z.string().nullable(),
  soort: z.string().nullable(),
  /** Date the toestand describes (toestand@inwerkingtreding, else from its bwb-ng-vast-deel). */
  toestand_datum: z.string().nullable(),
  artikelen: z.array(artikelTekstSchema),
});
export type Regeling = z.infer<typeof regelingSchema>;

const LATEST = /^[\w.-]+(\/[\w.-]+)*\.xml$/;
const BWB_ID = /BWB[RV][0-9]{7}/;

/** Reads a BWB manifest.xml; throws UpstreamXmlError when the newest toestand cannot be found. */
export function parseManifest(xml: string): Manifest {
  return readManifest(parseUpstreamXml(xml, 5 * 1024 * 1024));
}

/** "2015-01-01_0" → sortable key (date, then the sequence number as a number). */
const expressionKey = (label: string) => label.replace(/_(\d+)$/, (_, n: string) => `_${n.padStart(6, '0')}`);

/**
 * The newest toestand: _latestItem, else derived from the expressions (the newest expression's XML
 * manifestation item that is not deleted: <expression label>/xml/<item label>).
 */
function latestItem(root: XmlNode): string | null {
  const attr = root.attrs._latestItem?.trim();
  if (attr) return attr;
  const items = children(root, 'expression')
    .filter((e) => e.attrs.label?.trim())
    .flatMap((e) =>
      children(e, 'manifestation')
        .filter((m) => m.attrs.label === 'xml')
        .flatMap((m) => children(m, 'item'))
        .filter((i) => i.attrs.label?.trim() && i.attrs._deleted !== 'true')
        .map((i) => ({ key: expressionKey(e.attrs.label.trim()), pad: `${e.attrs.label.trim()}/xml/${i.attrs.label.trim()}` })),
    )
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return items.at(-1)?.pad ?? null;
}

/** The manifest from its parsed XML tree (root element work). */
export function readManifest(root: XmlNode): Manifest {
  if (root.name !== 'work') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const latest = latestItem(root);
  if (!latest || !LATEST.test(latest) || latest.includes('..')) throw new UpstreamXmlError('manifest zonder geldig _latestItem');
  const meta = child(root, 'metadata');
  const datum = meta ? child(meta, 'datum_inwerkingtreding') : undefined;
  return {
    bwb_id: root.attrs.label?.trim() || (BWB_ID.exec(latest.split('/').at(-1)!)?.[0] ?? null),
    latest_item: latest,
    datum_inwerkingtreding: datum ? textOf(datum, new Set()) || null : null,
  };
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

/** Article number from a label ("Artikel 3a"), a JCI (…&artikel=3a) or a path (…/Artikel3a). */
const nummerUitLabel = (label: string | undefined) => label?.trim().replace(/^Artikel\s*/i, '').trim() || null;
const nummerUitJci = (jci: string | null) => (jci ? (/[&?]artikel=([^&]+)/.exec(jci)?.[1] ?? null) : null);
const nummerUitPad = (pad: string | null) => (pad ? (/\/Artikel([^/]+)$/i.exec(pad)?.[1] ?? null) : null);

/** The short JCI 1.3 reference of an article: korte-verwijzing, else its full verwijzing reduced to boek and artikel. */
function ownJci(a: XmlNode): string | null {
  const jcis = children(child(a, 'meta-data') ?? { name: '', attrs: {}, children: [] }, 'jcis').flatMap((j) => children(j, 'jci'));
  const kort = jcis.map((j) => j.attrs['korte-verwijzing']).find((v) => v?.startsWith('jci1.3'));
  if (kort) return kort;
  for (const j of jcis) {
    const lang = j.attrs.verwijzing;
    if (!lang?.startsWith('jci1.3') || !/[&?]artikel=/.test(lang) || /[&?](lid|o)=/.test(lang)) continue;
    const [basis, ...params] = lang.split('&');
    const keep = params.filter((p) => p.startsWith('boek=') || p.startsWith('artikel='));
    return [basis, ...keep].join('&');
  }
  return null;
}

function readArtikel(a: XmlNode, path: XmlNode[]): ArtikelTekst {
  const kop = child(a, 'kop');
  const jci = ownJci(a);
  const pad = a.attrs['bwb-ng-variabel-deel']?.trim() || null;
  const kopNr = plain(kop ? child(kop, 'nr') : undefined);
  const kopLabel = plain(kop ? child(kop, 'label') : undefined);
  const nummer = kopNr ?? nummerUitLabel(a.attrs.label) ?? nummerUitLabel(kopLabel ?? undefined) ?? nummerUitJci(jci) ?? nummerUitPad(pad);
  const lidNodes = children(a, 'lid');
  const leden: { nummer: string | null; tekst: string }[] = lidNodes.length
    ? lidNodes.map((l) => ({
        nummer: plain(child(l, 'lidnr')) ?? (/\/Lid([^/]+)$/i.exec(l.attrs['bwb-ng-variabel-deel'] ?? '')?.[1] ?? null),
        tekst: joinListNumbers(textOf(l, BLOCKS, SKIP)),
      }))
    : [{ nummer: null, tekst: joinListNumbers(textOf(a, BLOCKS, SKIP)) }];
  const verwijzingen = descendants(a, 'extref').map((e) => ({
    tekst: plain(e),
    bwb_id: e.attrs['bwb-id']?.trim() || (BWB_ID.exec(e.attrs.doc ?? '')?.[0] ?? null),
    jci: e.attrs.doc?.trim() || null,
  }));
  const boekNode = [...path].reverse().find((p) => p.name === 'boek');
  const tekst = leden.map((l) => (l.nummer && l.tekst ? `${l.nummer}. ${l.tekst}` : l.tekst)).filter((t) => t.length > 0).join('\n');
  return {
    nummer,
    label: a.attrs.label?.trim() || (kopLabel && kopNr ? `${kopLabel} ${kopNr}` : kopLabel),
    titel: plain(kop ? child(kop, 'titel') : undefined),
    boek: boekNode ? plain(child(child(boekNode, 'kop') ?? boekNode, 'nr')) : null,
    structuur: path.filter((p) => DIVISIONS.has(p.name)).map((p) => kopText(child(p, 'kop'))).filter((t): t is string => t !== null),
    pad,
    status: a.attrs.status?.trim() || null,
    inwerking: a.attrs.inwerking?.trim() || null,
    leden: leden.filter((l) => l.tekst.length > 0 || l.nummer !== null).map((l) => ({ nummer: l.nummer, tekst: l.tekst || null })),
    tekst: tekst || null,
    verwijzingen,
    jci,
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
  return readToestand(parseUpstreamXml(xml, MAX_TOESTAND_CHARS));
}

/**
 * The toestand from its parsed XML tree. Throws UpstreamXmlError without a wetgeving element: a toestand
 * without it holds no regulation at all (nothing to represent), so it is refused rather than read as empty.
 */
export function readToestand(root: XmlNode): Regeling {
  if (root.name !== 'toestand') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const wetgeving = child(root, 'wetgeving');
  if (!wetgeving) throw new UpstreamXmlError('toestand zonder wetgeving');
  const artikelen: ArtikelTekst[] = [];
  collectArtikelen(wetgeving, [], artikelen);
  // bwb-ng-vast-deel: http://wetten.overheid.nl/id/BWBR0002458/2015-01-01/0
  const vast = /\/id\/(BWB[RV][0-9]{7})\/([0-9]{4}-[0-9]{2}-[0-9]{2})\//.exec(root.attrs['bwb-ng-vast-deel'] ?? '');
  return {
    bwb_id: root.attrs['bwb-id']?.trim() || (vast?.[1] ?? null),
    citeertitel: plain(child(wetgeving, 'citeertitel')),
    intitule: plain(child(wetgeving, 'intitule')),
    soort: wetgeving.attrs.soort?.trim() || null,
    toestand_datum: root.attrs.inwerkingtreding?.trim() || (vast?.[2] ?? null),
    artikelen,
  };
}

const norm = (s: string) => s.replace(/\s+/g, '').toLowerCase();

/**
 * The article asked for: "3a" matches nr 3a; in a civil-code book "6:162" matches nr 162 of Boek 6 (and a
 * toestand that writes 6:162 itself); a book number that is not this book's matches nothing.
 */
export function findArtikel(regeling: Regeling, artikel: string, boek: string | null): (ArtikelTekst & { nummer: string }) | null {
  const genummerd = regeling.artikelen.filter((a): a is ArtikelTekst & { nummer: string } => a.nummer !== null);
  const wanted = norm(artikel);
  const direct = genummerd.find((a) => norm(a.nummer) === wanted);
  if (direct) return direct;
  const colon = wanted.indexOf(':');
  if (boek === null || colon === -1) return null;
  if (wanted.slice(0, colon) !== boek.toLowerCase()) return null;
  const nr = wanted.slice(colon + 1);
  return genummerd.find((a) => norm(a.nummer) === nr && (a.boek === null || a.boek.toLowerCase() === boek.toLowerCase())) ?? null;
}
