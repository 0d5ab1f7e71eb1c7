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
// with endless distinct element names starts a new cache instead of growing it. Every path has one
// node (element names with a dot or a leading digit step aside), so a key is written once per record
// however it is reached (an attribute key equal to a child element's path is the same node).
class PathNode {
  /** Children by qualified name as written (lei:City) and by local name (City). */
  byQname = new Map<string, PathNode>();
  byName = new Map<string, PathNode>();
  /** Array elements (isArray names): the node of each position, .1 at [1]. */
  items: PathNode[] | null = null;
  /** The key node of each attribute (by local name); null: not written (xmlns...). */
  attrKeys: Map<string, PathNode | null> | null = null;
  /** The frame (element occurrence) whose child this node was last, and how often under it. */
  stamp = 0;
  count = 0;
  /** The record in which this key got a value, and the value's index in the FlatView. */
  written = 0;
  slot = 0;
  /** The child that came first under this node last time. */
  first: Link | null = null;
  /** Under the same parent: the sibling that followed this child last time. */
  next: Link | null = null;
  /** Whether the name is skipped at the top level, for the prefix list `skipFor`. */
  skipFor: readonly string[] | null = null;
  skip = false;
  /** JSON.stringify(path) + ':', and that with the value's opening quote, without and with a comma before it (lazily). */
  private jsonKey: string | null = null;
  private jsonOpen: string | null = null;
  private jsonNext: string | null = null;
  /** The JSON key has no backslash (nothing in the path that JSON escapes). */
  private jsonPlain: boolean | null = null;
  constructor(
    readonly path: string,
    readonly name: string,
    readonly isArray: boolean,
  ) {}
  get json(): string {
    return (this.jsonKey ??= `${JSON.stringify(this.path)}:`);
  }
  get plainKey(): boolean {
    return (this.jsonPlain ??= !this.json.includes('\\'));
  }
  jsonStart(first: boolean): string {
    return first ? (this.jsonOpen ??= `${this.json}"`) : (this.jsonNext ??= `,${this.json}"`);
  }
}

/** A child element as last seen: its name as written, its start and end tag openings, its node. */
interface Link {
  qname: string;
  /** The whitespace before the start tag last time + open: null until seen. */
  lead: string | null;
  /** The text between the name and the end of the start tag last time (attributes), and their list. */
  attrRaw: string | null;
  attrList: string[] | null;
  /** '<' + qname */
  open: string;
  /** '</' + qname */
  close: string;
  /** '</' + qname + '>' */
  closeGt: string;
  node: PathNode;
  /** For a leaf: closeGt + the lead of the sibling that followed it last time (afterLink). */
  after: string | null;
  afterLink: Link | null;
}

const newLink = (qname: string, node: PathNode, before: string | null): Link => {
  const open = `<${qname}`;
  return { qname, open, close: `</${qname}`, closeGt: `</${qname}>`, node, lead: before === null ? null : before + open, attrRaw: null, attrList: null, after: null, afterLink: null };
};

interface PathCache {
  root: PathNode;
  /** The root element as last seen. */
  rootLink: Link | null;
  size: number;
  byPath: Map<string, PathNode>;
}

const MAX_PATH_NODES = 20_000;
const pathRoots = new WeakMap<(name: string) => boolean, PathCache>();
let frameStamp = 0;
let recordStamp = 0;

const WS = (c: number) => c === 32 || c === 10 || c === 9 || c === 13;
const blank = (s: string, from: number, to: number) => {
  for (let i = from; i < to; i++) if (!WS(s.charCodeAt(i))) return false;
  return true;
};
// s.startsWith(part, at): indexOf is native string search, several times faster here than startsWith
// or a charCodeAt loop on the sliced strings read. When `part` is not at `at` indexOf searches on, so
// its first and last characters are compared first: a wrong prediction rarely gets that far.
const startsAt = (s: string, part: string, at: number) => {
  const last = part.length - 1;
  return s.charCodeAt(at + last) === part.charCodeAt(last) && s.charCodeAt(at) === part.charCodeAt(0) && s.indexOf(part, at) === at;
};

// The local name of an element name as parseRecordXml reads it; undefined where it steps aside.
const localOf = (qname: string): string | undefined => {
  if (/\s/.test(qname)) return undefined;
  const parts = qname.split(':');
  if (parts[0] === 'xmlns' || parts.length > 2 || !parts[parts.length - 1]) return undefined;
  return parts.length === 2 ? parts[1] : qname;
};

// A name that could make a key equal to another path's (a.b, or 1 like an array position): step aside.
const ambiguous = (name: string) => name.includes('.') || (name.charCodeAt(0) >= 48 && name.charCodeAt(0) <= 57);

/**
 * The result of readFlatRecord: the keys (dotted paths) and values of one record in document order,
 * each key once. Valid until the next read (the arrays are reused).
 */
export interface FlatView {
  count: number;
  paths: string[];
  values: string[];
  /** JSON.stringify(paths[i]) + ':' */
  jsonKey(i: number): string;
  /** jsonKey(i) has no backslash. */
  plainKey(i: number): boolean;
  /** jsonKey(i) + '"' (the opening quote of a string value), after a comma unless `first`. */
  jsonStart(i: number, first: boolean): string;
  /** The value of a key, undefined when the record has none. */
  get(path: string): string | undefined;
}

class FlatViewImpl implements FlatView {
  count = 0;
  paths: string[] = [];
  values: string[] = [];
  nodes: PathNode[] = [];
  cache: PathCache | null = null;
  stamp = 0;
  jsonKey(i: number): string {
    return this.nodes[i].json;
  }
  plainKey(i: number): boolean {
    return this.nodes[i].plainKey;
  }
  jsonStart(i: number, first: boolean): string {
    return this.nodes[i].jsonStart(first);
  }
  get(path: string): string | undefined {
    const node = this.cache!.byPath.get(path);
    return node !== undefined && node.written === this.stamp ? this.values[node.slot] : undefined;
  }
}

const view = new FlatViewImpl();

interface Frame {
  qname: string;
  /** '</' + qname */
  close: string;
  node: PathNode;
  stamp: number;
  /** Where the text after the start tag begins (a leaf's value runs from here to its end tag). */
  textStart: number;
  hasChildren: boolean;
  attrs: string[] | null; // [name, value, name, value, ...]
  /** The last child node read under this element (sibling prediction), null before the first. */
  last: PathNode | null;
  /** The link of the last child when it was a leaf read at once and nothing came after it yet. */
  leaf: Link | null;
}
const frames: Frame[] = [];

const ATTR_FLAT = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

const attrsOf = (s: string): string[] | null | undefined => {
  let list: string[] | null = null;
  ATTR_FLAT.lastIndex = 0;
  let last = 0;
  for (let m = ATTR_FLAT.exec(s); m; m = ATTR_FLAT.exec(s)) {
    if (s.slice(last, m.index).trim()) return undefined;
    last = ATTR_FLAT.lastIndex;
    const parts = m[1].split(':');
    if (parts[0] === 'xmlns') continue;
    if (parts.length > 2) return undefined;
    (list ??= []).push(parts.length === 2 ? parts[1] : m[1], decode(m[2] ?? m[3]));
  }
  if (s.slice(last).trim()) return undefined;
  return list;
};

// readFlatRecord's state while it reads a record (it is not re-entrant): the cache, the record's
// stamp and isArray, for the helpers below (module functions, not closures made per record).
let curCache: PathCache;
let curRec = 0;
let curIsArray: (name: string) => boolean;

function newNode(path: string, name: string, arr: boolean): PathNode {
  const node = new PathNode(path, name, arr);
  curCache.byPath.set(path, node);
  curCache.size++;
  return node;
}

// A key's value: appended to the view, or (a key written before in this record) replacing its value.
function emit(node: PathNode, value: string): void {
  const v = view;
  if (node.written === curRec) v.values[node.slot] = value;
  else {
    const i = v.count++;
    node.written = curRec;
    node.slot = i;
    v.nodes[i] = node;
    v.paths[i] = node.path;
    v.values[i] = value;
  }
}

// The node of child element (or attribute key) `name` under `parent`.
function namedChild(parent: PathNode, name: string): PathNode {
  let node = parent.byName.get(name);
  if (!node) {
    node = newNode(parent.path ? `${parent.path}.${name}` : name, name, curIsArray(name));
    parent.byName.set(name, node);
  }
  return node;
}

function writeAttrs(node: PathNode, attrs: string[]): boolean {
  for (let i = 0; i < attrs.length; i += 2) {
    const a = attrs[i];
    let key = node.attrKeys?.get(a);
    if (key === undefined) {
      if (ambiguous(a)) return false;
      const k = a === 'lang' ? 'xmllang' : a;
      // On the root the key is '.name' (no element path has a leading dot).
      key = a !== 'lang' && a.startsWith('xmlns') ? null : node === curCache.root ? (curCache.byPath.get(`.${k}`) ?? newNode(`.${k}`, k, false)) : namedChild(node, k);
      if (node.attrKeys === null) node.attrKeys = new Map();
      node.attrKeys.set(a, key);
    }
    if (key) emit(key, attrs[i + 1]);
  }
  return true;
}

// The node of child `qname` (local name `name` looked up once per qname) under `parent`.
function childNode(parent: PathNode, qname: string): PathNode | undefined {
  let node = parent.byQname.get(qname);
  if (node) return node;
  const name = localOf(qname);
  if (name === undefined || ambiguous(name)) return undefined;
  node = namedChild(parent, name);
  parent.byQname.set(qname, node);
  return node;
}

/**
 * Reads `xml` (one record element) straight into GLEIF's dotted-path form, without the object tree:
 * the keys and values `flatten(parseRecordXml(xml, isArray).<root>, '', out)` gives, except the
 * whitespace between child elements that the tree keeps as an element's '#text' (blank values, which
 * every reader of the flat form trims away); a repeated isArray element's keys follow document order
 * instead of being grouped at its first position. Children of the root whose local name starts with
 * one of `skipTopLevelPrefixes` are not read at all. Returns undefined wherever parseRecordXml would,
 * and also when a name that is not in `isArray` repeats under one parent (rare: the tree then makes
 * an array of it), on whitespace other than space, tab, CR, LF between elements, or on an element or
 * attribute name with a dot or a leading digit: the caller then falls back to the tree.
 * The keys and values come as the view (`paths`, `values`) that flatRecordXml turns into an object:
 * the same keys in the same order (each key at its first write, with its last value).
 */
export function readFlatRecord(xml: string, isArray: (name: string) => boolean, skipTopLevelPrefixes: readonly string[] = []): FlatView | undefined {
  const amp = xml.includes('&');
  if (amp && PLAIN_AMP.test(xml)) return undefined;
  let c = pathRoots.get(isArray);
  if (!c || c.size > MAX_PATH_NODES) {
    const root = new PathNode('', '', false);
    pathRoots.set(isArray, (c = { root, rootLink: null, size: 0, byPath: new Map([['', root]]) }));
  }
  const cache = c;
  const v = view;
  const rec = ++recordStamp;
  v.stamp = rec;
  v.cache = cache;
  v.count = 0;
  curCache = cache;
  curRec = rec;
  curIsArray = isArray;
  const n = xml.length;
  let pos = 0;
  while (pos < n && xml.charCodeAt(pos) !== 60 /* < */) pos++;
  if (!blank(xml, 0, pos)) return undefined;
  let depth = 0;
  let done = false;
  let pre: Link | null = null;
  let preLt = 0;

  while (pos < n) {
    if (done) break;
    const top = depth ? frames[depth - 1] : null;
    let lt = -1;
    let link: Link | null = null;
    const viaPre = pre !== null;
    // The predicted child (the one that followed the previous child last time, or came first), with
    // the same whitespace before it as then: one string comparison finds and checks the start tag.
    // (pos is where the parent's text since its last child began, top.textStart.) Right after a leaf
    // that comparison was made with the leaf's end tag (pre).
    if (pre !== null) {
      link = pre;
      lt = preLt;
      pre = null;
    } else if (top !== null) {
      const l = top.last ? top.last.next : top.node.first;
      if (l !== null && l.lead !== null && startsAt(xml, l.lead, pos)) {
        const e = pos + l.lead.length;
        const ch = xml.charCodeAt(e);
        if (WS(ch) || ch === 47 /* / */ || ch === 62 /* > */) {
          link = l;
          lt = e - l.open.length;
        }
      }
    }
    if (link === null) {
      lt = xml.indexOf('<', pos);
      if (lt < 0) return undefined;
      if (!top && lt > pos) return undefined;
    }
    const gt = xml.indexOf('>', lt);
    if (gt < 0) return undefined;
    if (link === null) {
      const next = xml.charCodeAt(lt + 1);
      if (next === 33 /* ! */ || next === 63 /* ? */) return undefined; // comment, CDATA, processing instruction
      if (next === 47 /* / */) {
        // end tag of the innermost open element
        if (!top) return undefined;
        if (!startsAt(xml, top.close, lt) || !blank(xml, lt + top.close.length, gt)) return undefined;
        depth--;
        pos = gt + 1;
        if (depth) frames[depth - 1].textStart = pos;
        if (top.hasChildren) {
          if (!blank(xml, top.textStart, lt)) return undefined; // mixed content
          if (top.attrs && !writeAttrs(top.node, top.attrs)) return undefined;
        } else {
          const raw = xml.slice(top.textStart, lt);
          const value = amp ? decode(raw) : raw;
          if (!top.attrs || value !== '') emit(top.node, value);
          if (top.attrs && !writeAttrs(top.node, top.attrs)) return undefined;
        }
        if (!depth) done = true;
        continue;
      }
      if (top && !blank(xml, top.textStart, lt)) return undefined; // text before a child element: mixed content
    }
    const selfClosing = xml.charCodeAt(gt - 1) === 47; /* / */
    const tagEnd = selfClosing ? gt - 1 : gt;
    let qEnd = lt + 1;
    if (link === null) {
      // The predicted child after other whitespace than last time (or the root element as last time).
      const l = top === null ? cache.rootLink : top.last ? top.last.next : top.node.first;
      if (l !== null && startsAt(xml, l.open, lt)) {
        const e = lt + l.open.length;
        const ch = xml.charCodeAt(e);
        if (WS(ch) || ch === 47 /* / */ || ch === 62 /* > */) {
          link = l;
          if (top !== null) l.lead = xml.slice(pos, lt) + l.open;
        }
      }
    }
    let qname: string;
    if (link !== null) {
      qname = link.qname;
      qEnd = lt + link.open.length;
    } else {
      for (; qEnd < tagEnd; qEnd++) {
        const ch = xml.charCodeAt(qEnd);
        if (WS(ch) || ch === 47 /* / */) break;
      }
      if (qEnd === lt + 1) return undefined;
      qname = xml.slice(lt + 1, qEnd);
    }
    let node: PathNode | undefined;
    if (top) {
      if (!link) {
        const child = childNode(top.node, qname);
        if (!child) return undefined;
        link = newLink(qname, child, xml.slice(pos, lt));
        if (top.last) top.last.next = link;
        else top.node.first = link;
      }
      const named = link.node;
      top.last = named;
      if (top.leaf !== null) {
        // Learn what follows the leaf before this child (unless that was just used).
        if (!viaPre && link.lead !== null) {
          top.leaf.after = top.leaf.closeGt + link.lead;
          top.leaf.afterLink = link;
        }
        top.leaf = null;
      }
      if (depth === 1) {
        if (named.skipFor !== skipTopLevelPrefixes) {
          named.skipFor = skipTopLevelPrefixes;
          const name = named.name;
          named.skip = skipTopLevelPrefixes.some((p) => name.startsWith(p));
        }
        if (named.skip) {
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
        if (!node) node = items[named.count] = newNode(`${named.path}.${named.count}`, named.name, false);
      } else node = named;
    } else {
      if (!link) {
        if (localOf(qname) === undefined) return undefined;
        link = cache.rootLink = newLink(qname, cache.root, null);
      }
      node = cache.root;
    }
    let attrs: string[] | null | undefined = null;
    if (qEnd !== tagEnd) {
      // The attributes as written last time (xml:lang="nl"): their list again, else read them.
      if (link !== null && link.attrRaw !== null && link.attrRaw.length === tagEnd - qEnd && startsAt(xml, link.attrRaw, qEnd)) attrs = link.attrList;
      else {
        const raw = xml.slice(qEnd, tagEnd);
        attrs = attrsOf(raw);
        if (attrs === undefined) return undefined;
        if (link !== null) {
          // A copy (a flattened concatenation, sliced): `raw` itself would keep the whole input chunk alive.
          link.attrRaw = `${raw} `.slice(0, -1);
          link.attrList = attrs;
        }
      }
    }
    pos = gt + 1;
    if (top !== null && !selfClosing) {
      // A leaf (its text, then its end tag written as </qname>): read at once, without a frame.
      // Its end tag and the next sibling's start tag (as last time) are checked in one comparison.
      const vEnd = xml.indexOf('<', pos);
      const l: Link = link!;
      if (vEnd >= 0) {
        let closed = false;
        if (l.after !== null && startsAt(xml, l.after, vEnd)) {
          const e = vEnd + l.after.length;
          const ch = xml.charCodeAt(e);
          if (WS(ch) || ch === 47 /* / */ || ch === 62 /* > */) {
            const next: Link = l.afterLink!;
            pre = next;
            preLt = e - next.open.length;
            closed = true;
          }
        }
        if (closed || startsAt(xml, l.closeGt, vEnd)) {
          const raw = xml.slice(pos, vEnd);
          const value = amp ? decode(raw) : raw;
          if (!attrs || value !== '') emit(node, value);
          if (attrs && !writeAttrs(node, attrs)) return undefined;
          pos = vEnd + l.closeGt.length;
          top.textStart = pos;
          top.leaf = l;
          continue;
        }
      }
    }
    if (selfClosing) {
      if (attrs) {
        if (!writeAttrs(node, attrs)) return undefined;
      } else emit(node, '');
      if (!top) done = true;
      else top.textStart = pos;
      continue;
    }
    let f = frames[depth];
    if (!f) f = frames[depth] = { qname, close: '', node, stamp: 0, textStart: 0, hasChildren: false, attrs: null, last: null, leaf: null };
    f.qname = qname;
    f.close = link ? link.close : `</${qname}`;
    f.node = node;
    f.stamp = ++frameStamp;
    f.textStart = pos;
    f.hasChildren = false;
    f.attrs = attrs;
    f.last = null;
    f.leaf = null;
    depth++;
  }
  if (!done || !blank(xml, pos, n)) return undefined;
  return v;
}

/**
 * readFlatRecord's keys and values as an object (a new one, unlike the view): see readFlatRecord.
 */
export function flatRecordXml(
  xml: string,
  isArray: (name: string) => boolean,
  skipTopLevelPrefixes: readonly string[] = [],
): Record<string, string> | undefined {
  const v = readFlatRecord(xml, isArray, skipTopLevelPrefixes);
  if (!v) return undefined;
  const out: Record<string, string> = {};
  for (let i = 0; i < v.count; i++) out[v.paths[i]] = v.values[i];
  return out;
}
