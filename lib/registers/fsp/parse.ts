// Streaming parser of the AFM full export of the register financiële dienstverleners
// (https://www.afm.nl/export.aspx?fdregister=1: a ZIP with one XML file; this parser reads the XML bytes,
// import.ts opens the ZIP). Namespace http://www.afm.nl/WfdExternRegister/Export/3.0; one
// <Instelling InstellingID="…"> per institution:
//
//   Bedrijfsgegevens: StatutaireNaam, StatutaireZetel, KVKNummer, Rechtsvorm,
//                     Handelsnamen/Handelsnaam@Naam@StartDatum, VestigingsAdres(Straat, Huisnummer,
//                     Huisnummertoevoeging, Postcode, Plaats, Land)
//   Vergunningen/Vergunning@Vergunningnummer@StartDatum@EindDatum/PDCs/Product@Omschrijving/
//                     Dienst@Omschrijving@StartDatum@EindDatum
//
// Which values the real file puts in attributes and which in child elements is not certain, so every
// value is read from either (attribute first). Names are matched on their local name (any prefix),
// case-insensitively, with a few alternative spellings (NAMES below: the one place to adjust to the live
// file); unknown children of Bedrijfsgegevens go to `extra`. The splitter (common/xml-elements.ts) holds
// one <Instelling> at a time: memory is bounded by one institution, not by the file. The file's own
// completeness is checked: a root element that is never closed means the file was cut (stats.afgesloten).
// Pure: no I/O beyond reading the given input.
import { XMLParser } from 'fast-xml-parser';
import { normalizeDate, padDigits } from '../common/dates';
import type { ParseInput } from '../common/input';
import { ParseStats, type ParseRun } from '../common/parse-stats';
import { unescapeXml } from '../charity/parse';
import { splitXmlElements } from '../common/xml-elements';
import { derivedFspId, normalizePostcode, usableAfmId, type FspDienstPeriode, type FspInstitution, type FspLicence, type FspProduct } from './group';

export const AFM_NAMESPACE = 'http://www.afm.nl/WfdExternRegister/Export/3.0';

/** Element/attribute names per value (compared case-insensitively, prefix ignored). First entry = documented name [D]. */
export const NAMES = {
  instelling: ['Instelling'],
  instellingId: ['InstellingID', 'InstellingId', 'Id'],
  bedrijfsgegevens: ['Bedrijfsgegevens'],
  statutaireNaam: ['StatutaireNaam', 'Naam'],
  statutaireZetel: ['StatutaireZetel', 'Zetel'],
  kvk: ['KVKNummer', 'KvKNummer', 'KvK', 'KamerVanKoophandelNummer'],
  rechtsvorm: ['Rechtsvorm'],
  handelsnamen: ['Handelsnamen'],
  handelsnaam: ['Handelsnaam'],
  naam: ['Naam', 'Omschrijving'],
  vestigingsAdres: ['VestigingsAdres', 'Vestigingsadres', 'Adres'],
  straat: ['Straat', 'Straatnaam'],
  huisnummer: ['Huisnummer'],
  toevoeging: ['Huisnummertoevoeging', 'HuisnummerToevoeging', 'Toevoeging'],
  postcode: ['Postcode'],
  plaats: ['Plaats', 'Woonplaats', 'Vestigingsplaats'],
  land: ['Land'],
  vergunningen: ['Vergunningen'],
  vergunning: ['Vergunning'],
  vergunningnummer: ['Vergunningnummer', 'Vergunningsnummer', 'Nummer'],
  pdcs: ['PDCs', 'PDC', 'Producten'],
  product: ['Product'],
  dienst: ['Dienst'],
  omschrijving: ['Omschrijving', 'Naam'],
  start: ['StartDatum', 'Startdatum', 'Ingangsdatum', 'BeginDatum'],
  eind: ['EindDatum', 'Einddatum'],
} as const;

/** The root element, whose end tag marks a complete file. */
export const AFM_ROOT = 'WfdExternRegister';

const parser = new XMLParser({
  processEntities: false,
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
});

type Node = Record<string, unknown>;

const lc = (names: readonly string[]) => names.map((n) => n.toLowerCase());

function clean(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'object') {
    if (Array.isArray(v)) return clean(v[0]);
    return clean((v as Node)['#text']);
  }
  const s = unescapeXml(String(v)).replace(/[\s\u00a0]+/g, ' ').trim();
  return s === '' ? null : s;
}

/** The value named `names` of `node`: an attribute first, else a child element's text. */
function value(node: Node, names: readonly string[]): string | null {
  const want = lc(names);
  for (const w of want) {
    for (const [k, v] of Object.entries(node)) if (k[0] === '@' && k.slice(1).toLowerCase() === w) {
      const s = clean(v);
      if (s !== null) return s;
    }
  }
  for (const w of want) {
    for (const [k, v] of Object.entries(node)) if (k[0] !== '@' && k.toLowerCase() === w) {
      const s = clean(v);
      if (s !== null) return s;
    }
  }
  return null;
}

/** The child elements named `names` of `node` (an empty element counts as an empty node). */
function children(node: Node, names: readonly string[]): Node[] {
  const want = lc(names);
  const out: Node[] = [];
  for (const [k, v] of Object.entries(node)) {
    if (k[0] === '@' || !want.includes(k.toLowerCase())) continue;
    for (const x of Array.isArray(v) ? v : [v]) out.push(x && typeof x === 'object' ? (x as Node) : x === undefined || x === null || x === '' ? {} : { '#text': x });
  }
  return out;
}

/** The first child named `names`, or an empty node. */
const child = (node: Node, names: readonly string[]): Node => children(node, names)[0] ?? {};

export interface AfmParseStats extends ParseStats {
  /** true when the file starts with the root element <WfdExternRegister> */
  wortel: boolean;
  /** true once the end tag of the root element (</WfdExternRegister>) was seen */
  afgesloten: boolean;
}

export function parseAfmXml(input: ParseInput, opts: { maxProblems?: number } = {}): ParseRun<FspInstitution> & { stats: AfmParseStats } {
  const stats = Object.assign(new ParseStats(opts.maxProblems), { wortel: false, afgesloten: false }) as AfmParseStats;
  async function* run(): AsyncGenerator<FspInstitution> {
    for await (const el of splitXmlElements(input, {
      tags: NAMES.instelling.flatMap((n) => [n, n.toLowerCase(), n.toUpperCase()]),
      onEncoding: (e, declared) => (stats.encoding = declared ? `${e} (declared ${declared})` : e),
      onBytes: (n) => (stats.bytes += n),
      onHeader: (h) => {
        if (new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${AFM_ROOT}[\\s>]`, 'i').test(h)) stats.wortel = true;
        else if (h.trim()) stats.notice('the file does not start with <WfdExternRegister>: is this the AFM full export?');
      },
      onOversize: (line, tag) => stats.skip(line, 'element_onvolledig', `<${tag}> without end tag`),
      // The shared end-of-document rule (as LEI and ANBI): the root element closed after the last element.
      onEnd: (end) => (stats.afgesloten = end.rootClosed),
    })) {
      stats.read++;
      let node: Node;
      try {
        const parsed = parser.parse(el.xml, true) as Node; // true: validate, throws on malformed XML
        const inner = Object.entries(parsed).find(([k]) => k.toLowerCase() === 'instelling')?.[1];
        node = inner && typeof inner === 'object' ? (inner as Node) : {};
      } catch (e) {
        stats.skip(el.line, 'xml_ongeldig', `<${el.tag}> is not well-formed: ${(e as Error).message.slice(0, 120)}`);
        continue;
      }
      const inst = toInstitution(node, el.line, stats);
      if (inst) {
        stats.yielded++;
        yield inst;
      }
    }
    if (!stats.wortel && stats.read === 0) stats.notice('no <WfdExternRegister> or <Instelling> element found: is this the AFM full export?');
  }
  const gen = run();
  return { stats, [Symbol.asyncIterator]: () => gen };
}

function date(node: Node, names: readonly string[], what: string, line: number, stats: ParseStats): string | null {
  const raw = value(node, names);
  const d = normalizeDate(raw);
  if (d.ok) return d.value;
  stats.warn(line, 'datum_ongeldig', `${what} ${JSON.stringify(d.raw)} is not a date; cleared`);
  return null;
}

/** "Straat Huisnummer[toevoeging]": the toevoeging joined directly when it is a letter, with a dash otherwise. */
export function adresRegel(straat: string | null, huisnummer: string | null, toevoeging: string | null): string | null {
  let nr = huisnummer ?? '';
  if (toevoeging) nr += /^[A-Za-z]$/.test(toevoeging) ? toevoeging : `-${toevoeging.replace(/^-/, '')}`;
  const s = [straat, nr].filter((x) => x && x.trim()).join(' ').trim();
  return s || null;
}

function toInstitution(node: Node, line: number, stats: ParseStats): FspInstitution | null {
  const bg = child(node, NAMES.bedrijfsgegevens);
  // tolerate the company data directly under <Instelling>
  const data = Object.keys(bg).length ? bg : node;
  const naam = value(data, NAMES.statutaireNaam);
  if (!naam) {
    stats.skip(line, 'geen_naam', 'Instelling without StatutaireNaam');
    return null;
  }
  const rawId = value(node, NAMES.instellingId);
  const own = usableAfmId(rawId);
  if (!own.ok) stats.warn(line, 'id_ongeldig', `InstellingID ${JSON.stringify(rawId)} is not usable as id; derived id used`);

  let kvk: string | null = null;
  const rawKvk = value(data, NAMES.kvk);
  const k = padDigits(rawKvk, 8);
  if (k === 'invalid') stats.warn(line, 'kvk_nummer_ongeldig', `KVKNummer ${JSON.stringify(rawKvk)} is not 8 digits; cleared`);
  else kvk = k;

  const handelsnamen_perioden = children(child(data, NAMES.handelsnamen), NAMES.handelsnaam).flatMap((h) => {
    const n = value(h, NAMES.naam) ?? clean(h);
    return n ? [{ naam: n, ingangsdatum: date(h, NAMES.start, 'Handelsnaam StartDatum', line, stats) }] : [];
  });
  // <Handelsnaam> directly under Bedrijfsgegevens, as text
  for (const h of children(data, NAMES.handelsnaam)) {
    const n = value(h, NAMES.naam) ?? clean(h);
    if (n) handelsnamen_perioden.push({ naam: n, ingangsdatum: date(h, NAMES.start, 'Handelsnaam StartDatum', line, stats) });
  }
  const handelsnamen: string[] = [];
  for (const h of handelsnamen_perioden) if (!handelsnamen.includes(h.naam)) handelsnamen.push(h.naam);

  const a = child(data, NAMES.vestigingsAdres);
  const adres = adresRegel(value(a, NAMES.straat), value(a, NAMES.huisnummer), value(a, NAMES.toevoeging));
  const postcode = normalizePostcode(value(a, NAMES.postcode));
  const plaats = value(a, NAMES.plaats);
  const land = value(a, NAMES.land);

  const vergunningen: FspLicence[] = [];
  for (const v of children(child(node, NAMES.vergunningen), NAMES.vergunning)) {
    const nummer = value(v, NAMES.vergunningnummer);
    if (!nummer) {
      stats.warn(line, 'vergunning_zonder_nummer', 'Vergunning without Vergunningnummer; left out');
      continue;
    }
    const producten: FspProduct[] = [];
    const pdcs = child(v, NAMES.pdcs);
    for (const p of [...children(pdcs, NAMES.product), ...children(v, NAMES.product)]) {
      const product = value(p, NAMES.omschrijving);
      const perioden: FspDienstPeriode[] = [];
      for (const d of children(p, NAMES.dienst)) {
        const dienst = value(d, NAMES.omschrijving) ?? clean(d);
        if (!dienst) continue;
        perioden.push({
          dienst,
          ingangsdatum: date(d, NAMES.start, 'Dienst StartDatum', line, stats),
          einddatum: date(d, NAMES.eind, 'Dienst EindDatum', line, stats),
        });
      }
      const diensten: string[] = [];
      for (const d of perioden) if (!diensten.includes(d.dienst)) diensten.push(d.dienst);
      const same = producten.find((x) => x.product === product);
      if (same) {
        for (const d of diensten) if (!same.diensten.includes(d)) same.diensten.push(d);
        same.perioden!.push(...perioden);
      } else if (product !== null || perioden.length) producten.push({ product, diensten, perioden });
    }
    const existing = vergunningen.find((x) => x.vergunningnummer === nummer);
    const ingangsdatum = date(v, NAMES.start, 'Vergunning StartDatum', line, stats);
    const einddatum = date(v, NAMES.eind, 'Vergunning EindDatum', line, stats);
    if (existing) existing.producten.push(...producten);
    else vergunningen.push({ vergunningnummer: nummer, ingangsdatum, einddatum, producten });
  }

  const known = new Set(
    lc([...NAMES.statutaireNaam, ...NAMES.statutaireZetel, ...NAMES.kvk, ...NAMES.rechtsvorm, ...NAMES.handelsnamen, ...NAMES.handelsnaam, ...NAMES.vestigingsAdres]),
  );
  const extra: Record<string, string> = {};
  for (const [key, v] of Object.entries(data)) {
    const name = key[0] === '@' ? key.slice(1) : key;
    if (known.has(name.toLowerCase()) || name === '#text' || data === node) continue;
    const s = clean(v);
    if (s !== null && !(name in extra)) extra[name] = s;
  }

  const id = (own.ok ? own.id : null) ?? derivedFspId(naam, plaats, land);
  return {
    id,
    id_afgeleid: !(own.ok && own.id),
    naam,
    handelsnamen,
    handelsnamen_perioden,
    statutaire_zetel: value(data, NAMES.statutaireZetel),
    rechtsvorm: value(data, NAMES.rechtsvorm),
    kvk_nummer: kvk,
    adres,
    postcode,
    plaats,
    land,
    adressen: adres || postcode || plaats || land ? [{ adres, postcode, plaats, land }] : [],
    ep: null,
    lidstaat_herkomst: null,
    klachteninstituut: null,
    beleidsbepalers: null,
    vergunningen,
    aantal_vergunningen: vergunningen.length,
    eerste_regel: line,
    extra,
  };
}
