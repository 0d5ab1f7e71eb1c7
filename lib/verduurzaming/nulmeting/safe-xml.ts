// Reading untrusted XML into an XmlElement tree, in this order:
//   1. strip a UTF-8 byte-order mark;
//   2. refuse any <!DOCTYPE / <!ENTITY (so no entity is ever declared, expanded or fetched);
//   3. a linear structure scan (structure-scan.ts): depth, element and attribute limits, matching end
//      tags, truncation, characters XML forbids, and references to anything but the five predefined
//      entities or a valid character reference;
//   4. fast-xml-parser's XMLValidator for the rest of well-formedness (attribute syntax, stray text),
//      which reports line and column;
//   5. fast-xml-parser with entity processing off, values as strings (leading zeros kept), trimmed;
//   6. our own conversion to local names with resolved namespaces, decoding only the five predefined
//      entities and character references.
// Nothing is returned unless every step passed, so a rejected file never yields partial fields.
//
// Subtrees that no extractor reads (SKIPPED below: the embedded NTA 8800 block, vendor data,
// signatures, reference buildings, the installation and zone blocks of an NTA 8800 export) are passed
// over by the parser as stop nodes and appear in the tree as empty elements. Steps 3 and 4 still check
// them. This keeps a 2 MiB upload well under 100 ms: nearly all of a real file's elements sit there.
//
// removeNSPrefix is deliberately off: it also drops the xmlns declarations, and the namespace of the
// root is what tells an EP-Online monitoringsbestand from an NTA 8800 export (both roots are called
// Energieprestatie). Step 6 strips the prefixes itself, so extractors still match on local names.
// Attributes are kept (ignoreAttributes false) for the same reason: xmlns declarations are attributes.
import { XMLParser, XMLValidator, type X2jOptions } from 'fast-xml-parser';
import { Problem } from '@/lib/api/problems';
import { MAX_DEPTH, isXmlChar, malformedAt, refuseDtd, scanStructure, shortName } from './structure-scan';
import type { XmlElement } from './xml-tree';

/** Local names of subtrees no extractor reads. */
export const SKIPPED = [
  // EP-Online monitoringsbestand and maatwerkadvies
  'SurveySourceData',
  'SoftwareSpecific',
  'ReferenceBuildingList',
  'Signature',
  // NTA 8800 export (Gebouw/Invoer and the per-carrier results): only Projectgegevens and Resultaten/Energie are read
  'SoftwareSpecifiek',
  'Samenvatting',
  'Verwarmingssystemen',
  'Tapwatersystemen',
  'Koelsystemen',
  'Bevochtigingssystemen',
  'Ventilatiesystemen',
  'ZonneEnergiesystemen',
  'Rekenzones',
  'Energiedragers',
  'PrimaireEnergiePerEnergieDrager',
  'Kwaliteitsverklaringen',
];
const SKIPPED_SET = new Set(SKIPPED);

const PARSER_OPTIONS: X2jOptions = {
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: false,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  cdataPropName: false,
  maxNestedTags: MAX_DEPTH + 1,
  // Unprefixed and the usual signature prefix; a differently prefixed copy is simply parsed in full.
  stopNodes: [...SKIPPED.map((n) => `..${n}`), '..ds:Signature'],
};

const VALIDATOR_REASONS: Record<string, string> = {
  InvalidTag: 'ongeldige tag',
  InvalidAttr: 'ongeldig attribuut',
  InvalidChar: 'onverwacht teken',
  InvalidXml: 'ongeldige opbouw',
};

/** Parses untrusted XML text to its root element; throws a 400 Problem for anything unsafe or malformed. */
export function readXml(input: string): XmlElement {
  const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
  refuseDtd(text);
  scanStructure(text);

  const valid = XMLValidator.validate(text, { allowBooleanAttributes: false });
  if (valid !== true) {
    const { code, line, col } = valid.err;
    throw malformedAt({ line: line ?? 1, column: col ?? 1 }, VALIDATOR_REASONS[code] ?? 'ongeldige opbouw');
  }

  let parsed: unknown;
  try {
    parsed = new XMLParser(PARSER_OPTIONS).parse(text);
  } catch {
    // The parser's own message can quote the upload; it is neither returned nor logged.
    throw new Problem('bad_request', { detail: 'Het bestand kon niet als XML worden gelezen. Er zijn geen gegevens uit gelezen.' });
  }

  const roots = toElements(parsed as OrderedNode[], DEFAULT_SCOPE, 1);
  if (roots.length !== 1) {
    throw new Problem('bad_request', { detail: 'Het bestand heeft geen (enkel) root-element. Er zijn geen gegevens uit gelezen.' });
  }
  return roots[0];
}

// fast-xml-parser's preserveOrder output: a list of one-key objects ({tag: children} or {'#text': s}),
// attributes under ':@'.
type OrderedNode = Record<string, unknown>;

// Namespace scopes chain through prototypes (null-rooted), so a declaration costs one object and never a
// copy of the parent's map: no quadratic cost for a file that declares many prefixes on many elements.
type Scope = Record<string, string | null>;
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const DEFAULT_SCOPE: Scope = Object.assign(Object.create(null) as Scope, { '': null, xml: XML_NS });

function toElements(nodes: OrderedNode[], scope: Scope, depth: number): XmlElement[] {
  if (depth > MAX_DEPTH + 1) throw new Problem('bad_request', { detail: `Het XML-document is dieper genest dan ${MAX_DEPTH} niveaus.` });
  const out: XmlElement[] = [];
  for (const node of nodes) {
    for (const key of Object.keys(node)) {
      if (key === ':@' || key === '#text' || key.startsWith('?') || key.startsWith('!')) continue;
      out.push(toElement(key, node[key] as OrderedNode[], (node[':@'] ?? {}) as Record<string, unknown>, scope, depth));
    }
  }
  return out;
}

function toElement(qname: string, content: OrderedNode[], rawAttrs: Record<string, unknown>, parentScope: Scope, depth: number): XmlElement {
  // Namespace declarations first: they apply to the element itself and its attributes.
  let scope = parentScope;
  for (const [rawName, value] of Object.entries(rawAttrs)) {
    const name = rawName.slice(2); // drop '@_'
    if (name === 'xmlns' || name.startsWith('xmlns:')) {
      if (scope === parentScope) scope = Object.create(parentScope) as Scope;
      const uri = decodeEntities(String(value ?? '')).trim();
      scope[name === 'xmlns' ? '' : name.slice(6)] = uri === '' ? null : uri;
    }
  }

  const attrs: Record<string, string> = Object.create(null);
  for (const [rawName, value] of Object.entries(rawAttrs)) {
    const name = rawName.slice(2);
    if (name === 'xmlns' || name.startsWith('xmlns:')) continue;
    attrs[localName(name)] = decodeEntities(String(value ?? '')).trim();
  }

  const colon = qname.indexOf(':');
  const prefix = colon === -1 ? '' : qname.slice(0, colon);
  const ns = prefix in scope ? scope[prefix] : null;
  const name = localName(qname);
  if (SKIPPED_SET.has(name)) return { name, ns: ns ?? null, attrs, children: [], text: '' };

  let text = '';
  const list = Array.isArray(content) ? content : [];
  for (const node of list) {
    if (typeof node['#text'] === 'string' || typeof node['#text'] === 'number') text += String(node['#text']);
  }

  return {
    name,
    ns: ns ?? null,
    attrs,
    children: toElements(list, scope, depth + 1),
    text: decodeEntities(text).trim(),
  };
}

function localName(qname: string): string {
  const colon = qname.indexOf(':');
  return colon === -1 ? qname : qname.slice(colon + 1);
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[^\s&;]{1,40});/g;

/** Decodes the five predefined entities and character references; refuses every other entity (defence in depth). */
export function decodeEntities(s: string): string {
  if (s.indexOf('&') === -1) return s;
  return s.replace(REFERENCE, (_m, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      if (!isXmlChar(code)) {
        throw new Problem('bad_request', {
          detail: `Het bestand bevat een ongeldige tekenverwijzing (&${shortName(ref)};). Er zijn geen gegevens uit gelezen.`,
        });
      }
      return String.fromCodePoint(code);
    }
    const known = PREDEFINED[ref];
    if (known !== undefined && Object.prototype.hasOwnProperty.call(PREDEFINED, ref)) return known;
    throw new Problem('bad_request', {
      detail:
        `Het bestand verwijst naar een entiteit die niet is gedeclareerd (&${shortName(ref)};). ` +
        'Alleen de vijf standaardentiteiten en tekenverwijzingen worden gelezen; er zijn geen gegevens uit gelezen.',
    });
  });
}
