// Rechtspraak open data: one ruling document (data.rechtspraak.nl/uitspraken/content?id=<ECLI>) read into
// its metadata, the law references the Rechtspraak itself recorded (dcterms:references "Wetsverwijzing"
// with a BWB resource identifier), and the text sections (inhoudsindicatie, uitspraak or conclusie).
// Tolerates what real files do: whitespace or a byte-order mark before the XML declaration, one or two
// rdf:Description blocks (the second describes the HTML deeplink), a document without any text
// (metadata only). Pure; throws UpstreamXmlError for what cannot be read.
import { child, children, parseUpstreamXml, textOf, UpstreamXmlError, type XmlNode } from '@/lib/juridisch/xml';
import type { Sectie } from '@/lib/juridisch/extract';

/** Rulings above this size are refused as unreadable (the largest real ones are a few MB). */
export const MAX_UITSPRAAK_CHARS = 20 * 1024 * 1024;

export interface MetadataWetsverwijzing {
  /** As the Rechtspraak labels it, e.g. "Algemene wet bestuursrecht 1:3". */
  titel: string;
  bwb_id: string;
  artikel: string | null;
}

export interface Uitspraak {
  ecli: string | null;
  /** Which text element the document holds: uitspraak, conclusie, or null for metadata only. */
  soort: 'uitspraak' | 'conclusie' | null;
  /** dcterms:type as written (Uitspraak, Conclusie). */
  type: string | null;
  instantie: string | null;
  /** Date of the ruling (dcterms:date). */
  datum: string | null;
  publicatiedatum: string | null;
  zaaknummers: string[];
  rechtsgebieden: string[];
  procedure: string | null;
  titel: string | null;
  deeplink: string | null;
  wetsverwijzingen: MetadataWetsverwijzing[];
  secties: Sectie[];
}

const BLOCKS = new Set([
  'para', 'parablock', 'paragroup', 'title', 'bridgehead', 'section', 'listitem', 'itemizedlist', 'orderedlist',
  'blockquote', 'footnote', 'table', 'tgroup', 'row', 'entry', 'informaltable', 'mediaobject', 'figure',
]);

const text = (n: XmlNode | undefined): string | null => {
  if (!n) return null;
  const t = textOf(n, new Set()).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

/** Reads one ruling document of the Rechtspraak open-data service. */
export function parseUitspraak(xml: string): Uitspraak {
  const root = parseUpstreamXml(xml, MAX_UITSPRAAK_CHARS);
  if (root.name !== 'open-rechtspraak') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const rdf = child(root, 'RDF');
  const descriptions = rdf ? children(rdf, 'Description') : [];
  // The document's own description has the ECLI as identifier; a second one (rdf:about) describes the HTML page.
  const meta = descriptions.find((d) => /^ECLI:/.test(text(child(d, 'identifier')) ?? '')) ?? descriptions.find((d) => !d.attrs.about) ?? descriptions[0];
  const page = descriptions.find((d) => d !== meta && d.attrs.about);

  const all = (name: string) => (meta ? children(meta, name).map(text).filter((t): t is string => t !== null) : []);
  const one = (name: string) => all(name)[0] ?? null;

  const wetsverwijzingen: MetadataWetsverwijzing[] = [];
  for (const ref of meta ? children(meta, 'references') : []) {
    const id = ref.attrs.resourceIdentifier ?? '';
    const bwb = /BWB[RV][0-9]{7}/.exec(id);
    const titel = text(ref);
    if (!bwb || !titel) continue;
    const artikel = /[&?]artikel=([^&]+)/.exec(id);
    wetsverwijzingen.push({ titel, bwb_id: bwb[0], artikel: artikel ? artikel[1] : null });
  }

  const secties: Sectie[] = [];
  const inhoud = child(root, 'inhoudsindicatie');
  if (inhoud) secties.push({ onderdeel: 'inhoudsindicatie', tekst: textOf(inhoud, BLOCKS) });
  const body = child(root, 'uitspraak') ?? child(root, 'conclusie');
  if (body) secties.push({ onderdeel: body.name, tekst: textOf(body, BLOCKS) });

  const ecli = one('identifier');
  return {
    ecli,
    soort: body ? (body.name as 'uitspraak' | 'conclusie') : null,
    type: one('type'),
    instantie: one('creator'),
    datum: one('date'),
    publicatiedatum: one('issued'),
    zaaknummers: all('zaaknummer').flatMap((z) => z.split(/\s*[,;]\s*/)).filter(Boolean),
    rechtsgebieden: all('subject').flatMap((s) => s.split(/\s*;\s*/)).filter(Boolean),
    procedure: one('procedure'),
    titel: page ? text(child(page, 'title')) : null,
    deeplink: page?.attrs.about ?? (ecli ? `http://deeplink.rechtspraak.nl/uitspraak?id=${ecli}` : null),
    wetsverwijzingen,
    secties: secties.filter((s) => s.tekst.length > 0),
  };
}

