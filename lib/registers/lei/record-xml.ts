// A fast reader of ONE small GLEIF XML record (an LEIRecord or RelationshipRecord cut out by
// common/xml-elements.ts) into exactly the object fast-xml-parser builds with gleifXmlParser's options
// (namespace prefixes removed, xmlns attributes dropped, attributes as '@_name', values as strings,
// repeated elements as arrays at their first position, `isArray` names always arrays, only the five
// XML entities expanded). fast-xml-parser took ~250 µs per LEI record, most of the import's time; this
// takes a few µs. Anything outside the plain subset GLEIF writes (comments, CDATA, processing
// instructions, character references, unknown entities, mixed content, malformed tags) returns
// undefined and the caller falls back to fast-xml-parser, so the result never differs.
// flatRecordXml (below) reads a record straight into the flat dotted-path form the importers use,
// without building the tree: the import's hot path.

type XmlObject = Record<string, unknown>;

const ENTITY: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// Only the five XML entities, and none that would form another entity reference once &amp; is expanded.
const PLAIN_AMP = /&(?!(?:lt|gt|amp|quot|apos);)|&amp;(?:lt|gt|amp|quot|apos|#)/;
const decode = (s: string): string => (s.indexOf('&') < 0 ? s : s.replace(/&(lt|gt|amp|quot|apos);/g, (_, n: string) => ENTITY[n]));

class Unsupported extends Error {}

const localName = (qname: string): string | null => {
  const parts = qname.split(':');
  if (parts[0] === 'xmlns') return null;
  if (parts.length > 2) throw new Unsupported();
  return parts.length === 2 ? parts[1] : qname;
};


const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/**
 * Parses `xml` (one element, nothing around it but whitespace) to { [rootName]: value } like
 * gleifXmlParser.parse, or returns undefined when the record uses XML the fast path does not cover.
 */
export function parseRecordXml(
  xml: string,
  isArray: (name: string) => boolean,
  /** Local names of children of the root that the caller drops anyway: not built (they must not nest in themselves). */
  skipTopLevel?: ReadonlySet<string>,
): XmlObject | undefined {
  if (xml.includes('<!') || xml.includes('<?') || PLAIN_AMP.test(xml)) return undefined;
  let pos = 0;
  const n = xml.length;

  const attrsOf = (s: string): XmlObject | null => {
    let out: XmlObject | null = null;
    ATTR.lastIndex = 0;
    let last = 0;
    for (let m = ATTR.exec(s); m; m = ATTR.exec(s)) {
      if (s.slice(last, m.index).trim()) throw new Unsupported();
      last = ATTR.lastIndex;
      const name = localName(m[1]);
      if (!name) continue;
      (out ??= {})[`@_${name}`] = decode(m[2] ?? m[3]);
    }
    if (s.slice(last).trim()) throw new Unsupported();
    return out;
  };

  const add = (obj: XmlObject, name: string, value: unknown) => {
    if (Object.prototype.hasOwnProperty.call(obj, name)) {
      const prev = obj[name];
      if (Array.isArray(prev) && (isArray(name) || (prev as { __multi?: true }).__multi)) prev.push(value);
      else {
        const arr = [prev, value] as unknown[] & { __multi?: true };
        Object.defineProperty(arr, '__multi', { value: true });
        obj[name] = arr;
      }
    } else obj[name] = isArray(name) ? [value] : value;
  };

  // Reads the element whose '<' is at `pos`; returns its name and value (undefined when skipped).
  const element = (depth: number): [string, unknown] => {
    const gt = xml.indexOf('>', pos);
    if (gt < 0) throw new Unsupported();
    const selfClosing = xml.charCodeAt(gt - 1) === 47; /* / */
    const inner = xml.slice(pos + 1, selfClosing ? gt - 1 : gt);
    const sp = inner.search(/\s/);
    const qname = sp < 0 ? inner : inner.slice(0, sp);
    if (!qname || qname.includes('/')) throw new Unsupported();
    const name = localName(qname);
    if (!name) throw new Unsupported();
    if (depth === 1 && skipTopLevel?.has(name)) {
      if (selfClosing) {
        pos = gt + 1;
        return [name, undefined];
      }
      const close = xml.indexOf(`</${qname}>`, gt);
      const nested = xml.indexOf(`<${qname}`, gt);
      if (close < 0 || (nested >= 0 && nested < close)) throw new Unsupported();
      pos = close + qname.length + 3;
      return [name, undefined];
    }
    const attrs = sp < 0 ? null : attrsOf(inner.slice(sp));
    pos = gt + 1;
    if (selfClosing) return [name, attrs ?? ''];
    let children: XmlObject | null = null;
    let text = '';
    for (;;) {
      const lt = xml.indexOf('<', pos);
      if (lt < 0) throw new Unsupported();
      if (lt > pos) text += xml.slice(pos, lt);
      pos = lt;
      if (xml.charCodeAt(lt + 1) === 47 /* / */) {
        const end = xml.indexOf('>', lt);
        if (end < 0 || xml.slice(lt + 2, end).trimEnd() !== qname) throw new Unsupported();
        pos = end + 1;
        break;
      }
      const [cn, cv] = element(depth + 1);
      if (cv !== undefined) add((children ??= {}), cn, cv);
    }
    if (children) {
      if (text.trim()) throw new Unsupported(); // mixed content: leave it to fast-xml-parser
      // fast-xml-parser keeps whitespace between child elements as '#text' (after the children).
      if (text) children['#text'] = text;
      if (attrs) Object.assign(children, attrs);
      return [name, children];
    }
    const value = decode(text);
    if (!attrs) return [name, value];
    return [name, value === '' ? attrs : { '#text': value, ...attrs }];
  };

  try {
    while (pos < n && xml.charCodeAt(pos) !== 60 /* < */) pos++;
    if (xml.slice(0, pos).trim()) return undefined;
    const [name, value] = element(0);
    if (xml.slice(pos).trim()) return undefined;
    return { [name]: value };
  } catch (e) {
    if (e instanceof Unsupported) return undefined;
    throw e;
  }
}

// flatRecordXml's cache of key strings: one node per dotted path seen, so that the same key string
// (internalised by V8 on first use as a property name) is reused for every record. Bounded: a file
// with endless distinct element names starts a new cache instead of growing it.
class PathNode {
  /** Children by qualified name as written (lei:City) and by local name (City). */
  byQname = new Map<string, PathNode>();
  byName = new Map<string, PathNode>();
  /** Array elements (isArray names): the node of each position, .1 at [1]. */
  items: PathNode[] | null = null;
  attrKeys: Map<string, string> | null = null;
  /** The frame (element occurrence) whose child this node was last, and how often under it. */
  stamp = 0;
  count = 0;
  constructor(
    readonly path: string,
    readonly name: string,
    readonly isArray: boolean,
  ) {}
}

const MAX_PATH_NODES = 20_000;
const pathRoots = new WeakMap<(name: string) => boolean, { root: PathNode; size: number }>();
let frameStamp = 0;

const WS = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
const blank = (s: string, from: number, to: number) => {
  for (let i = from; i < to; i++) if (!WS(s.charCodeAt(i))) return false;
  return true;
};

// The local name of an element name as parseRecordXml reads it; undefined where it steps aside.
const localOf = (qname: string): string | undefined => {
  if (/\s/.test(qname)) return undefined;
  const parts = qname.split(':');
  if (parts[0] === 'xmlns' || parts.length > 2 || !parts[parts.length - 1]) return undefined;
  return parts.length === 2 ? parts[1] : qname;
};

interface Frame {
  qname: string;
  node: PathNode;
  stamp: number;
  /** Where the text after the start tag begins (a leaf's value runs from here to its end tag). */
  textStart: number;
  hasChildren: boolean;
  attrs: string[] | null; // [name, value, name, value, ...]
}

/**
 * Reads `xml` (one record element) straight into GLEIF's dotted-path form, without the object tree:
 * the keys and values `flatten(parseRecordXml(xml, isArray).<root>, '', out)` gives, except the
 * whitespace between child elements that the tree keeps as an element's '#text' (blank values, which
 * every reader of the flat form trims away); a repeated isArray element's keys follow document order
 * instead of being grouped at its first position. Children of the root whose local name starts with
 * one of `skipTopLevelPrefixes` are not read at all. Returns undefined wherever parseRecordXml would,
 * and also when a name that is not in `isArray` repeats under one parent (rare: the tree then makes
 * an array of it), or on whitespace other than space, tab, CR, LF between elements: the caller then
 * falls back to the tree.
 */
export function flatRecordXml(
  xml: string,
  isArray: (name: string) => boolean,
  skipTopLevelPrefixes: readonly string[] = [],
): Record<string, string> | undefined {
  if (xml.includes('&') && PLAIN_AMP.test(xml)) return undefined;
  let cache = pathRoots.get(isArray);
  if (!cache || cache.size > MAX_PATH_NODES) pathRoots.set(isArray, (cache = { root: new PathNode('', '', false), size: 0 }));
  const c = cache;
  const out: Record<string, string> = {};
  const n = xml.length;
  let pos = 0;
  while (pos < n && xml.charCodeAt(pos) !== 60 /* < */) pos++;
  if (!blank(xml, 0, pos)) return undefined;
  const stack: Frame[] = [];
  let done = false;

  const attrsOf = (s: string): string[] | null | undefined => {
    let list: string[] | null = null;
    ATTR.lastIndex = 0;
    let last = 0;
    for (let m = ATTR.exec(s); m; m = ATTR.exec(s)) {
      if (s.slice(last, m.index).trim()) return undefined;
      last = ATTR.lastIndex;
      const parts = m[1].split(':');
      if (parts[0] === 'xmlns') continue;
      if (parts.length > 2) return undefined;
      (list ??= []).push(parts.length === 2 ? parts[1] : m[1], decode(m[2] ?? m[3]));
    }
    if (s.slice(last).trim()) return undefined;
    return list;
  };

  const writeAttrs = (node: PathNode, attrs: string[]) => {
    for (let i = 0; i < attrs.length; i += 2) {
      const a = attrs[i];
      let key = node.attrKeys?.get(a);
      if (key === undefined) {
        key = a === 'lang' ? `${node.path}.xmllang` : a.startsWith('xmlns') ? '' : `${node.path}.${a}`;
        if (node.attrKeys === null) node.attrKeys = new Map();
        node.attrKeys.set(a, key);
        c.size++;
      }
      if (key) out[key] = attrs[i + 1];
    }
  };

  // The node of child `qname` (local name `name` looked up once per qname) under `parent`.
  const childNode = (parent: PathNode, qname: string): PathNode | undefined => {
    let node = parent.byQname.get(qname);
    if (node) return node;
    const name = localOf(qname);
    if (name === undefined) return undefined;
    node = parent.byName.get(name);
    if (!node) {
      const arr = isArray(name);
      node = new PathNode(parent.path ? `${parent.path}.${name}` : name, name, arr);
      parent.byName.set(name, node);
      c.size++;
    }
    parent.byQname.set(qname, node);
    return node;
  };

  while (pos < n) {
    if (done) return blank(xml, pos, n) ? out : undefined;
    const lt = xml.indexOf('<', pos);
    if (lt < 0) return undefined;
    const top = stack.length ? stack[stack.length - 1] : null;
    if (!top && lt > pos) return undefined;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) return undefined;
    const next = xml.charCodeAt(lt + 1);
    if (next === 33 /* ! */ || next === 63 /* ? */) return undefined; // comment, CDATA, processing instruction
    if (next === 47 /* / */) {
      // end tag of the innermost open element
      if (!top) return undefined;
      const qEnd = lt + 2 + top.qname.length;
      if (!xml.startsWith(top.qname, lt + 2) || !blank(xml, qEnd, gt)) return undefined;
      stack.pop();
      pos = gt + 1;
      if (stack.length) stack[stack.length - 1].textStart = pos;
      if (top.hasChildren) {
        if (!blank(xml, top.textStart, lt)) return undefined; // mixed content
        if (top.attrs) writeAttrs(top.node, top.attrs);
      } else {
        const value = decode(xml.slice(top.textStart, lt));
        if (!top.attrs || value !== '') out[top.node.path] = value;
        if (top.attrs) writeAttrs(top.node, top.attrs);
      }
      if (!stack.length) done = true;
      continue;
    }
    if (top && !blank(xml, top.textStart, lt)) return undefined; // text before a child element: mixed content
    const selfClosing = xml.charCodeAt(gt - 1) === 47; /* / */
    const tagEnd = selfClosing ? gt - 1 : gt;
    let qEnd = lt + 1;
    for (; qEnd < tagEnd; qEnd++) {
      const ch = xml.charCodeAt(qEnd);
      if (WS(ch) || ch === 47 /* / */) break;
    }
    if (qEnd === lt + 1) return undefined;
    const qname = xml.slice(lt + 1, qEnd);
    let node: PathNode | undefined;
    if (top) {
      const named = childNode(top.node, qname);
      if (!named) return undefined;
      if (stack.length === 1 && skipTopLevelPrefixes.some((p) => named.name.startsWith(p))) {
        if (selfClosing) {
          pos = gt + 1;
          top.textStart = pos;
          continue;
        }
        const close = xml.indexOf(`</${qname}>`, gt);
        const nested = xml.indexOf(`<${qname}`, gt);
        if (close < 0 || (nested >= 0 && nested < close)) return undefined;
        pos = close + qname.length + 3;
        top.textStart = pos;
        continue;
      }
      top.hasChildren = true;
      if (named.stamp !== top.stamp) {
        named.stamp = top.stamp;
        named.count = 1;
      } else if (!named.isArray) return undefined; // repeated non-array name: the tree makes an array of it
      else named.count++;
      if (named.isArray) {
        const items = (named.items ??= []);
        node = items[named.count];
        if (!node) {
          node = items[named.count] = new PathNode(`${named.path}.${named.count}`, named.name, false);
          c.size++;
        }
      } else node = named;
    } else {
      if (localOf(qname) === undefined) return undefined;
      node = c.root;
    }
    const attrs = qEnd === tagEnd ? null : attrsOf(xml.slice(qEnd, tagEnd));
    if (attrs === undefined) return undefined;
    pos = gt + 1;
    if (selfClosing) {
      if (attrs) writeAttrs(node, attrs);
      else out[node.path] = '';
      if (!top) done = true;
      else top.textStart = pos;
      continue;
    }
    stack.push({ qname, node, stamp: ++frameStamp, textStart: pos, hasChildren: false, attrs });
  }
  return done ? out : undefined;
}
