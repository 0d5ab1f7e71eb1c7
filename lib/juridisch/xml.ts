// Reading upstream XML (rulings, BWB manifests and toestanden) into a small ordered tree. The project's
// safe-XML rules for untrusted input apply here too: a size cap, no DTD or entity declarations at all,
// entity processing off in fast-xml-parser, and only the five predefined entities and character
// references decoded by us. Real-world quirks are tolerated: a byte-order mark or whitespace before the
// XML declaration. Order is kept (mixed content: text with inline <extref> or <emphasis>).
import { XMLParser } from 'fast-xml-parser';

export interface XmlNode {
  /** Local name (namespace prefix removed). */
  name: string;
  attrs: Record<string, string>;
  children: (XmlNode | string)[];
}

/** Thrown for XML that is too large, declares a DTD or cannot be parsed; callers map it to an unreadable source answer. */
export class UpstreamXmlError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UpstreamXmlError';
  }
}

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: false,
  maxNestedTags: 200,
});

/** Parses upstream XML text to its root element; throws UpstreamXmlError for anything refused or malformed. */
export function parseUpstreamXml(input: string, maxChars: number): XmlNode {
  if (input.length > maxChars) throw new UpstreamXmlError('te groot');
  const text = input.replace(/^\uFEFF/, '').replace(/^\s+/, '');
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) throw new UpstreamXmlError('DTD of entiteitdeclaratie geweigerd');
  if (!text.startsWith('<')) throw new UpstreamXmlError('geen XML');
  let parsed: unknown;
  try {
    parsed = parser.parse(text, true);
  } catch {
    throw new UpstreamXmlError('geen goedgevormde XML');
  }
  const roots = toNodes(parsed as Ordered[]).filter((n): n is XmlNode => typeof n !== 'string');
  if (roots.length !== 1) throw new UpstreamXmlError('geen (enkel) root-element');
  return roots[0];
}

type Ordered = Record<string, unknown>;

function toNodes(list: Ordered[]): (XmlNode | string)[] {
  const out: (XmlNode | string)[] = [];
  for (const item of Array.isArray(list) ? list : []) {
    for (const key of Object.keys(item)) {
      if (key === ':@') continue;
      if (key === '#text') {
        out.push(decodeEntities(String(item[key])));
        continue;
      }
      if (key.startsWith('?') || key.startsWith('!')) continue;
      const rawAttrs = (item[':@'] ?? {}) as Record<string, unknown>;
      const attrs: Record<string, string> = {};
      for (const [k, v] of Object.entries(rawAttrs)) attrs[k] = decodeEntities(String(v ?? ''));
      out.push({ name: key, attrs, children: toNodes(item[key] as Ordered[]) });
    }
  }
  return out;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** Decodes the five predefined entities and character references; any other reference is left as written. */
export function decodeEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return Object.prototype.hasOwnProperty.call(PREDEFINED, ref) ? PREDEFINED[ref] : whole;
  });
}

/** Element children with this local name. */
export function children(node: XmlNode, name: string): XmlNode[] {
  return node.children.filter((c): c is XmlNode => typeof c !== 'string' && c.name === name);
}

/** The first element child with this local name. */
export function child(node: XmlNode, name: string): XmlNode | undefined {
  return children(node, name)[0];
}

/** Every descendant element with this local name, in document order (not descending into matches). */
export function descendants(node: XmlNode, name: string, out: XmlNode[] = []): XmlNode[] {
  for (const c of node.children) {
    if (typeof c === 'string') continue;
    if (c.name === name) out.push(c);
    else descendants(c, name, out);
  }
  return out;
}

/**
 * The text of an element in document order. Block elements (paragraphs, list items, leden) are separated
 * by a newline, inline elements (references, emphasis) run on; whitespace inside a line is collapsed.
 * Elements named in `skip` (metadata blocks) are left out.
 */
export function textOf(node: XmlNode, blocks: ReadonlySet<string>, skip: ReadonlySet<string> = new Set()): string {
  const parts: string[] = [];
  const walk = (n: XmlNode) => {
    for (const c of n.children) {
      if (typeof c === 'string') parts.push(c);
      else if (skip.has(c.name)) continue;
      else if (blocks.has(c.name)) {
        parts.push('\n');
        walk(c);
        parts.push('\n');
      } else walk(c);
    }
  };
  walk(node);
  return parts
    .join('')
    .split('\n')
    .map((l) => l.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((l) => l.length > 0)
    .join('\n');
}
