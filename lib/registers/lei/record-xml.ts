// A fast reader of ONE small GLEIF XML record (an LEIRecord or RelationshipRecord cut out by
// common/xml-elements.ts) into exactly the object fast-xml-parser builds with gleifXmlParser's options
// (namespace prefixes removed, xmlns attributes dropped, attributes as '@_name', values as strings,
// repeated elements as arrays at their first position, `isArray` names always arrays, only the five
// XML entities expanded). fast-xml-parser took ~250 µs per LEI record, most of the import's time; this
// takes a few µs. Anything outside the plain subset GLEIF writes (comments, CDATA, processing
// instructions, character references, unknown entities, mixed content, malformed tags) returns
// undefined and the caller falls back to fast-xml-parser, so the result never differs.

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
