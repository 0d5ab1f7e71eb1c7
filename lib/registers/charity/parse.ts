// Streaming parser of the ANBI register (Belastingdienst open data, anbi.zip → anbi.xml, ISO-8859-1):
// root <publicatieAnbiInstellingen>, <header><aanmaakDatum/><versie/></header>, then one <beschikking>
// per decision. The splitter cuts one element at a time; each is parsed with fast-xml-parser. Element
// names are matched case-insensitively with a few alternative spellings (ELEMENTS below); unknown ones go
// to `extra`. Pure: no I/O beyond reading the given input.
import { XMLParser } from 'fast-xml-parser';
import { normalizeDate, padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import { ParseStats, type ParseRun } from '../common/parse-stats';
import { splitXmlElements, type XmlEnd } from '../common/xml-elements';

export interface AnbiHeader {
  /** reference date of the export, from <aanmaakDatum>, yyyy-mm-dd */
  peildatum: string | null;
  versie: string | null;
}

export interface AnbiRecord {
  /** line where the <beschikking> starts */
  line: number;
  /**
   * RSIN (9 digits); without RSIN (the statutory group decisions) the dossier number; without either the
   * name as a stable id (`naam-` + its slug, anbiNameId), so such a decision is still served.
   */
  id: string;
  rsin: string | null;
  dossiernummer: string | null;
  naam: string | null;
  alias: string | null;
  plaats: string | null;
  website: string | null;
  ingangsdatum: string | null;
  intrekkingsdatum: string | null;
  ingangsdatum_cultuur: string | null;
  einddatum_cultuur: string | null;
  /** has a culture designation (ingangsdatum_cultuur) that has not ended before the peildatum */
  cultuur: boolean;
  /** true for a decision without RSIN (statutory group decisions such as "Gemeente") */
  groepsbeschikking: boolean;
  /** elements not in ELEMENTS, tag → text */
  extra: Record<string, string>;
}

type Field =
  | 'rsin'
  | 'dossiernummer'
  | 'naam'
  | 'alias'
  | 'plaats'
  | 'website'
  | 'ingangsdatum'
  | 'intrekkingsdatum'
  | 'ingangsdatum_cultuur'
  | 'einddatum_cultuur';

/** Element names per field (compared case-insensitively). First entry = documented name [D]. */
export const ANBI_ELEMENTS: Record<Field, readonly string[]> = {
  rsin: ['fiscaalNummer', 'rsin', 'rsinNummer'],
  dossiernummer: ['dossierNummer'],
  naam: ['naam', 'statutaireNaam'],
  alias: ['aliasNaam', 'alias'],
  plaats: ['vestigingsPlaats', 'plaats', 'vestigingplaats'],
  website: ['webSite', 'website', 'url'],
  ingangsdatum: ['ingangsDatum', 'beginDatum'],
  intrekkingsdatum: ['intrekkingsDatum', 'eindDatum'],
  ingangsdatum_cultuur: ['ingangsDatumCultuur', 'beginDatumCultuur'],
  einddatum_cultuur: ['intrekkingsDatumCultuur', 'eindDatumCultuur', 'eindeDatumCultuur'],
};

const LOOKUP = new Map<string, Field>();
for (const [f, names] of Object.entries(ANBI_ELEMENTS) as [Field, readonly string[]][])
  for (const n of names) LOOKUP.set(n.toLowerCase(), f);

const DATE_FIELDS = ['ingangsdatum', 'intrekkingsdatum', 'ingangsdatum_cultuur', 'einddatum_cultuur'] as const;

const xml = new XMLParser({
  processEntities: false,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
/** The five XML entities and numeric character references (entities are not expanded by the parser). */
export function unescapeXml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] !== '#') return NAMED[e];
    const cp = e[1] === 'x' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

function text(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') {
    if (Array.isArray(v)) return text(v[0]);
    const t = (v as Record<string, unknown>)['#text'];
    return t === undefined ? null : text(t);
  }
  const s = unescapeXml(String(v)).replace(/[\s\u00a0]+/g, ' ').trim();
  return s === '' ? null : s;
}

export interface AnbiParseRun extends ParseRun<AnbiRecord> {
  /** known once the <header> element has been read (before the first record in a well-formed file) */
  readonly header: AnbiHeader | null;
  /** how the document ended (root closed, elements cut), once read to its end (completeness, import.ts) */
  readonly end: XmlEnd | null;
}

export interface AnbiParseOptions {
  maxProblems?: number;
}

export function parseAnbiXml(input: ParseInput, opts: AnbiParseOptions = {}): AnbiParseRun {
  const stats = new ParseStats(opts.maxProblems);
  let header: AnbiHeader | null = null;
  let end: XmlEnd | null = null;
  async function* run(): AsyncGenerator<AnbiRecord> {
    let sawRoot = false;
    for await (const el of splitXmlElements(input, {
      tags: ['header', 'beschikking'],
      onEncoding: (e, declared) => (stats.encoding = declared ? `${e} (declared ${declared})` : e),
      onBytes: (n) => (stats.bytes += n),
      onOversize: (line, tag) => stats.skip(line, 'element_onvolledig', `<${tag}> without end tag`),
      onEnd: (e) => (end = e),
    })) {
      sawRoot = true;
      let obj: Record<string, unknown>;
      try {
        const parsed = xml.parse(el.xml, true) as Record<string, unknown>; // true: validate, throws on malformed XML
        const inner = parsed[el.tag];
        obj = inner && typeof inner === 'object' ? (inner as Record<string, unknown>) : {};
      } catch (e) {
        if (el.tag === 'beschikking') stats.read++;
        stats.skip(el.line, 'xml_ongeldig', `<${el.tag}> is not well-formed: ${(e as Error).message.slice(0, 120)}`);
        continue;
      }
      if (el.tag === 'header') {
        header = readHeader(obj, el.line, stats);
        continue;
      }
      stats.read++;
      const rec = toRecord(obj, el.line, header?.peildatum ?? null, stats);
      if (rec) {
        stats.yielded++;
        yield rec;
      }
    }
    if (!sawRoot) stats.notice('no <header> or <beschikking> element found: is this the ANBI XML?');
    else if (!header) stats.notice('no <header>: peildatum unknown');
  }
  const gen = run();
  return {
    stats,
    get header() {
      return header;
    },
    get end() {
      return end;
    },
    [Symbol.asyncIterator]: () => gen,
  };
}

function lowerKeys(obj: Record<string, unknown>): Map<string, [string, unknown]> {
  const m = new Map<string, [string, unknown]>();
  for (const [k, v] of Object.entries(obj)) m.set(k.toLowerCase(), [k, v]);
  return m;
}

function readHeader(obj: Record<string, unknown>, line: number, stats: ParseStats): AnbiHeader {
  const m = lowerKeys(obj);
  const raw = text(m.get('aanmaakdatum')?.[1]);
  const d = normalizeDate(raw);
  if (!d.ok) stats.warn(line, 'peildatum_ongeldig', `aanmaakDatum ${JSON.stringify(raw)} is not a date`);
  if (d.ok && d.value === null) stats.warn(line, 'peildatum_ontbreekt', 'header without aanmaakDatum');
  return { peildatum: d.ok ? d.value : null, versie: text(m.get('versie')?.[1]) };
}

/** The stable id of a decision with neither RSIN nor dossier number: `naam-` + the name's slug (ASCII). */
export function anbiNameId(naam: string): string {
  const slug = naam
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  return `naam-${slug || 'onbekend'}`;
}

function toRecord(obj: Record<string, unknown>, line: number, peildatum: string | null, stats: ParseStats): AnbiRecord | null {
  const v: Partial<Record<Field, string | null>> = {};
  const extra: Record<string, string> = {};
  for (const [k, val] of Object.entries(obj)) {
    const f = LOOKUP.get(k.toLowerCase());
    const t = text(val);
    if (f) {
      if (v[f] == null) v[f] = t;
    } else if (t !== null) extra[k] = t;
  }
  const rawRsin = v.rsin ?? null;
  let rsin = padDigits(rawRsin, 9);
  if (rsin === 'invalid') {
    stats.warn(line, 'rsin_ongeldig', `fiscaalNummer ${JSON.stringify(rawRsin)} is not an RSIN; cleared`);
    rsin = null;
  }
  const dossiernummer = v.dossiernummer ?? null;
  const id = rsin ?? dossiernummer ?? (v.naam ? anbiNameId(v.naam) : null);
  if (!id) {
    stats.skip(line, 'geen_id', 'beschikking without fiscaalNummer, dossierNummer and naam');
    return null;
  }
  if (!rsin && !dossiernummer) stats.warn(line, 'id_uit_naam', `beschikking without fiscaalNummer and dossierNummer: id ${id} from its naam`);
  const dates = {} as Record<(typeof DATE_FIELDS)[number], string | null>;
  for (const k of DATE_FIELDS) {
    const r = normalizeDate(v[k]);
    if (r.ok) dates[k] = r.value;
    else {
      stats.warn(line, 'datum_ongeldig', `${k} ${JSON.stringify(r.raw)} is not a date; cleared`);
      dates[k] = null;
    }
  }
  if (!v.naam) stats.warn(line, 'geen_naam', `beschikking ${id} without naam`);
  const cultuur =
    dates.ingangsdatum_cultuur !== null &&
    (dates.einddatum_cultuur === null || peildatum === null || dates.einddatum_cultuur >= peildatum);
  return {
    line,
    id,
    rsin,
    dossiernummer,
    naam: v.naam ?? null,
    alias: v.alias ?? null,
    plaats: v.plaats ?? null,
    website: v.website ?? null,
    ...dates,
    cultuur,
    groepsbeschikking: rsin === null && rawRsin === null,
    extra,
  };
}
