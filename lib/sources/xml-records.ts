// Streaming XML for large feeds (the NDW DATEX II files): the document arrives in chunks and is never held as
// one string. Only the elements named as records (a measurementSiteRecord, a siteMeasurements, a situation)
// are built as small trees, handed over one at a time and then dropped; a few texts outside the records
// (publicationTime) are kept. Namespace prefixes are dropped from element and attribute names. The parser
// (saxes) knows only the five predefined XML entities: no entity expansion, no external DTDs.
import { SaxesParser } from 'saxes';

/** One element of a record: local name, attributes (local names), child elements and its own text. */
export interface XNode {
  name: string;
  attrs: Record<string, string>;
  children: XNode[];
  text: string;
}

export interface RecordStreamOptions {
  /** Local names of the record elements (outside another record). */
  records: readonly string[];
  onRecord: (record: XNode) => void;
  /** Local names whose first text outside any record is kept (for example publicationTime). */
  texts?: readonly string[];
  /** Local names whose subtrees inside a record are not built (large parts the conversion does not read). */
  skip?: readonly string[];
}

const local = (name: string): string => {
  const i = name.indexOf(':');
  return i < 0 ? name : name.slice(i + 1);
};

/** A push parser: write() the chunks in order, then close(). Throws on XML that is not well-formed. */
export class XmlRecordStream {
  /** Number of chunks written (tests check that a feed arrives in pieces). */
  chunks = 0;
  /** Number of records handed over. */
  recordCount = 0;
  readonly texts: Record<string, string> = {};
  private readonly parser = new SaxesParser({ xmlns: false, position: false });
  private stack: XNode[] = [];
  private skipDepth = 0;
  private outerText: { name: string; text: string } | null = null;

  constructor(private readonly options: RecordStreamOptions) {
    const records = new Set(options.records);
    const texts = new Set(options.texts ?? []);
    const skip = new Set(options.skip ?? []);
    this.parser.on('opentag', (tag) => {
      const name = local(tag.name);
      if (this.skipDepth > 0) {
        this.skipDepth++;
        return;
      }
      if (this.stack.length === 0) {
        if (records.has(name)) this.stack.push(node(name, tag.attributes as Record<string, string>));
        else if (texts.has(name) && !(name in this.texts)) this.outerText = { name, text: '' };
        return;
      }
      if (skip.has(name)) {
        this.skipDepth = 1;
        return;
      }
      const child = node(name, tag.attributes as Record<string, string>);
      this.stack[this.stack.length - 1].children.push(child);
      this.stack.push(child);
    });
    this.parser.on('text', (t) => this.addText(t));
    this.parser.on('cdata', (t) => this.addText(t));
    this.parser.on('closetag', () => {
      if (this.skipDepth > 0) {
        this.skipDepth--;
        return;
      }
      if (this.stack.length === 0) {
        if (this.outerText) {
          this.texts[this.outerText.name] = this.outerText.text.trim();
          this.outerText = null;
        }
        return;
      }
      const done = this.stack.pop()!;
      if (this.stack.length === 0) {
        this.recordCount++;
        this.options.onRecord(done);
      }
    });
    this.parser.on('error', (err) => {
      throw err;
    });
  }

  private addText(t: string): void {
    if (this.skipDepth > 0) return;
    if (this.stack.length > 0) this.stack[this.stack.length - 1].text += t;
    else if (this.outerText) this.outerText.text += t;
  }

  write(chunk: string): void {
    this.chunks++;
    this.parser.write(chunk);
  }

  close(): void {
    this.parser.close();
    if (this.stack.length > 0) throw new Error('document ends inside a record');
  }
}

function node(name: string, attributes: Record<string, string>): XNode {
  const attrs: Record<string, string> = {};
  for (const [k, v] of Object.entries(attributes)) attrs[local(k)] = v;
  return { name, attrs, children: [], text: '' };
}

/** Runs a record stream over chunks (an upstream body) and returns it closed, with its outer texts. */
export async function streamRecords(chunks: AsyncIterable<string> | Iterable<string>, options: RecordStreamOptions): Promise<XmlRecordStream> {
  const stream = new XmlRecordStream(options);
  for await (const chunk of chunks) stream.write(chunk);
  stream.close();
  return stream;
}

/** The records of a whole document held as a string (conversion tests on recorded samples). */
export function parseRecords(xml: string, records: readonly string[], texts: readonly string[] = []): { records: XNode[]; texts: Record<string, string> } {
  const out: XNode[] = [];
  const stream = new XmlRecordStream({ records, texts, onRecord: (r) => out.push(r) });
  stream.write(xml);
  stream.close();
  return { records: out, texts: stream.texts };
}

// Navigation helpers over record trees (all by local name).

/** The first direct child with this name. */
export function child(n: XNode | undefined, name: string): XNode | undefined {
  return n?.children.find((c) => c.name === name);
}

/** Every direct child with this name. */
export function childrenNamed(n: XNode | undefined, name: string): XNode[] {
  return n ? n.children.filter((c) => c.name === name) : [];
}

/** Follows direct children by name. */
export function at(n: XNode | undefined, ...names: string[]): XNode | undefined {
  let cur = n;
  for (const name of names) cur = child(cur, name);
  return cur;
}

/** The first descendant with this name (depth first, document order). */
export function find(n: XNode | undefined, name: string): XNode | undefined {
  if (!n) return undefined;
  for (const c of n.children) {
    if (c.name === name) return c;
    const deeper = find(c, name);
    if (deeper) return deeper;
  }
  return undefined;
}

/** Every descendant with this name (document order; not inside a match). */
export function findAll(n: XNode | undefined, name: string, out: XNode[] = []): XNode[] {
  if (!n) return out;
  for (const c of n.children) {
    if (c.name === name) out.push(c);
    else findAll(c, name, out);
  }
  return out;
}

/** The trimmed text of an element, or null when absent or empty. */
export function text(n: XNode | undefined): string | null {
  const t = n?.text.trim();
  return t ? t : null;
}

/** A number from an element's text, or null. */
export function num(n: XNode | undefined): number | null {
  const t = text(n);
  if (t === null) return null;
  const v = Number(t);
  return Number.isFinite(v) ? v : null;
}

/** The xsi:type of an element without its namespace prefix ('sit:SpeedManagement' → 'SpeedManagement'). */
export function xsiType(n: XNode | undefined): string | null {
  const t = n?.attrs.type;
  return t ? local(t) : null;
}
