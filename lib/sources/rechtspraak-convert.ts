// Rechtspraak open data: one ruling document (data.rechtspraak.nl/uitspraken/content?id=<ECLI>) read into
// its metadata, the law references the Rechtspraak itself recorded (dcterms:references "Wetsverwijzing"
// with a BWB resource identifier), and the text sections (inhoudsindicatie, uitspraak or conclusie).
// Tolerates what real files do: whitespace or a byte-order mark before the XML declaration, one or two
// rdf:Description blocks (the second describes the HTML deeplink), a document without any text
// (metadata only). Tolerant of missing elements (issue 21): the ECLI is derived from the deeplink or the
// text elements' ids, the type from the text element, the deeplink from the ECLI; whatever else is missing
// is null. Pure; throws UpstreamXmlError for what cannot be read.
import { z } from 'zod';
import { child, children, parseUpstreamXml, textOf, UpstreamXmlError, type XmlNode } from '@/lib/juridisch/xml';

/** Rulings above this size are refused as unreadable (the largest real ones are a few MB). */
export const MAX_UITSPRAAK_CHARS = 20 * 1024 * 1024;

export const metadataWetsverwijzingSchema = z.object({
  /** As the Rechtspraak labels it, e.g. "Algemene wet bestuursrecht 1:3"; null when the element has no text. */
  titel: z.string().nullable(),
  /** From the BWB resource identifier; null when the reference has none. */
  bwb_id: z.string().nullable(),
  artikel: z.string().nullable(),
});
export type MetadataWetsverwijzing = z.infer<typeof metadataWetsverwijzingSchema>;

/** What parseUitspraak gives: unknown is null (or an empty list), never "" or "onbekend". */
export const uitspraakSchema = z.object({
  /** From dcterms:identifier, else derived from the deeplink or the id of the text elements. */
  ecli: z.string().nullable(),
  /** Which text element the document holds: uitspraak, conclusie, or null for metadata only. */
  soort: z.enum(['uitspraak', 'conclusie']).nullable(),
  /** dcterms:type as written (Uitspraak, Conclusie), else derived from the text element. */
  type: z.string().nullable(),
  instantie: z.string().nullable(),
  /** Date of the ruling (dcterms:date). */
  datum: z.iso.date().nullable(),
  publicatiedatum: z.string().nullable(),
  zaaknummers: z.array(z.string()),
  rechtsgebieden: z.array(z.string()),
  procedure: z.string().nullable(),
  titel: z.string().nullable(),
  deeplink: z.string().nullable(),
  wetsverwijzingen: z.array(metadataWetsverwijzingSchema),
  secties: z.array(z.object({ onderdeel: z.string(), tekst: z.string() })),
});
export type Uitspraak = z.infer<typeof uitspraakSchema>;

const BLOCKS = new Set([
  'para', 'parablock', 'paragroup', 'title', 'bridgehead', 'section', 'listitem', 'itemizedlist', 'orderedlist',
  'blockquote', 'footnote', 'table', 'tgroup', 'row', 'entry', 'informaltable', 'mediaobject', 'figure',
]);

const text = (n: XmlNode | undefined): string | null => {
  if (!n) return null;
  const t = textOf(n, new Set()).replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
};

const ECLI = /ECLI:[A-Z]{2}:[A-Z0-9]{1,7}:[0-9]{4}:[A-Z0-9.]{1,25}/;
const firstEcli = (...values: (string | null | undefined)[]): string | null => {
  for (const v of values) {
    const m = v ? ECLI.exec(v) : null;
    if (m) return m[0];
  }
  return null;
};

/** Reads one ruling document of the Rechtspraak open-data service. */
export function parseUitspraak(xml: string): Uitspraak {
  return readUitspraak(parseUpstreamXml(xml, MAX_UITSPRAAK_CHARS));
}

/** The ruling from its parsed XML tree (root element open-rechtspraak). */
export function readUitspraak(root: XmlNode): Uitspraak {
  if (root.name !== 'open-rechtspraak') throw new UpstreamXmlError(`onverwacht root-element ${root.name}`);
  const rdf = child(root, 'RDF');
  const descriptions = rdf ? children(rdf, 'Description') : [];
  // The document's own description has the ECLI as identifier; a second one (rdf:about) describes the HTML page.
  const meta = descriptions.find((d) => /^ECLI:/.test(text(child(d, 'identifier')) ?? '')) ?? descriptions.find((d) => !d.attrs.about) ?? descriptions[0];
  const others = descriptions.filter((d) => d !== meta);
  const page = others.find((d) => d.attrs.about) ?? others[0];

  const all = (name: string) => (meta ? children(meta, name).map(text).filter((t): t is string => t !== null) : []);
  const one = (name: string) => all(name)[0] ?? null;

  // A law reference is a dcterms:references labelled "Wetsverwijzing" or carrying a BWB id; each one is kept,
  // with null for what it lacks. A references element with neither label nor BWB id is no law reference
  // (the Rechtspraak also refers to local regulations and EU law this way): those are left out on purpose.
  const wetsverwijzingen: MetadataWetsverwijzing[] = [];
  for (const ref of meta ? children(meta, 'references') : []) {
    const id = ref.attrs.resourceIdentifier ?? '';
    const bwb = /BWB[RV][0-9]{7}/.exec(id);
    if (!bwb && ref.attrs.label !== 'Wetsverwijzing') continue;
    const artikel = /[&?]artikel=([^&]+)/.exec(id);
    wetsverwijzingen.push({ titel: text(ref), bwb_id: bwb ? bwb[0] : null, artikel: artikel ? artikel[1] : null });
  }

  const secties: Uitspraak['secties'] = [];
  const inhoud = child(root, 'inhoudsindicatie');
  if (inhoud) secties.push({ onderdeel: 'inhoudsindicatie', tekst: textOf(inhoud, BLOCKS) });
  const body = child(root, 'uitspraak') ?? child(root, 'conclusie');
  if (body) secties.push({ onderdeel: body.name, tekst: textOf(body, BLOCKS) });
  const soort = body ? (body.name as 'uitspraak' | 'conclusie') : null;

  // The ECLI is also in the deeplink (?id=ECLI…) and in the id of the text elements (ECLI…:INH, ECLI…:DOC).
  const ecli = firstEcli(one('identifier'), page?.attrs.about, page ? text(child(page, 'identifier')) : null, inhoud?.attrs.id, body?.attrs.id);
  return {
    ecli,
    soort,
    type: one('type') ?? (soort === 'uitspraak' ? 'Uitspraak' : soort === 'conclusie' ? 'Conclusie' : null),
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
