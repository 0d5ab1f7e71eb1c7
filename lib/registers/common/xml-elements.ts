// The one streaming XML record splitter of the register importers (ANBI, GLEIF): decodes bytes by the
// XML declaration (or BOM), and yields the text of each element with one of the given local names (any
// namespace prefix: <lei:LEIRecord> matches 'LEIRecord') with the line where it starts, holding only the
// current element in memory. fast-xml-parser is not streaming, so each yielded chunk is small enough to
// parse on its own. The elements cut out must not nest in each other (true for ANBI and GLEIF). The text
// before the first element (the file header) is handed to `onHeader` once; at the end `onEnd` says whether
// the document's root element was closed after the last element and how many elements lost their end tag
// (a file cut mid-record or at a record boundary), for the importers' completeness checks.
import { byteChunks, type ParseInput } from './input';
import { StreamingTextDecoder, type TextEncodingOption } from './text-decode';

export interface XmlElementChunk {
  /** local name (without prefix) */
  tag: string;
  /** name as written, with its prefix if any */
  qname: string;
  line: number;
  xml: string;
}

export interface SplitOptions {
  /** local names of the elements to cut out (not nested in each other) */
  tags: readonly string[];
  onEncoding?: (encoding: string, declared: string | null) => void;
  onBytes?: (n: number) => void;
  /** the text before the first element (at most maxHeaderChars), once; also when no element is found */
  onHeader?: (text: string) => void;
  maxHeaderChars?: number;
  /** guard against a missing end tag: give up on an element longer than this (characters) */
  maxElementChars?: number;
  onOversize?: (line: number, tag: string) => void;
  /** false: do not count lines (every chunk's `line` is then 0), for callers that never use them. */
  lines?: boolean;
  /** once, after the last element: how the document ends (see XmlEnd) */
  onEnd?: (end: XmlEnd) => void;
}

/** How a document ended: the facts a completeness check needs. */
export interface XmlEnd {
  /** the root element's name as written (with prefix), null when the file has no element at all */
  root: string | null;
  /** the root element is closed (its end tag, or a self-closing root) after the last element cut out */
  rootClosed: boolean;
  /** elements whose end tag never came (skipped; at the end of the file: the file is cut mid-element) */
  unfinished: number;
}

const PROLOG = /<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/g;

/** The root element of a document from its beginning: name as written, and whether it closes itself. */
export function rootElement(head: string): { name: string; selfClosing: boolean } | null {
  const m = /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)((?:\s[^>]*)?)>/.exec(head.replace(PROLOG, ''));
  return m ? { name: m[1], selfClosing: m[2].endsWith('/') } : null;
}

/** True when `tail` (the text after the last element) closes `root`: its end tag, then only blanks, comments, PIs. */
export function closesRoot(tail: string, root: string): boolean {
  const rest = tail.replace(PROLOG, '');
  return new RegExp(`</${escapeRe(root)}\\s*>\\s*$`).test(rest);
}

const DECL = /^\s*<\?xml[^>]*encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/;

function encodingFor(declared: string | null): TextEncodingOption {
  const d = (declared ?? 'utf-8').toLowerCase();
  if (d === 'utf-8' || d === 'utf8') return 'utf-8';
  if (d === 'iso-8859-1' || d === 'latin1' || d === 'iso8859-1' || d === 'latin-1') return 'iso-8859-1';
  if (d === 'windows-1252' || d === 'cp1252') return 'windows-1252';
  return 'auto';
}

function countLines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Index of the '>' that ends `</qname>` at or after `from`, or -1 when not (yet) in `buf`. */
function closeEnd(buf: string, qname: string, from: number): number {
  const close = `</${qname}`;
  for (let i = buf.indexOf(close, from); i >= 0; i = buf.indexOf(close, i + 1)) {
    const after = buf[i + close.length];
    if (after === undefined) return -1;
    if (after === '>' || /\s/.test(after)) return buf.indexOf('>', i);
  }
  return -1;
}

export function splitXmlElements(input: ParseInput, opts: SplitOptions): AsyncGenerator<XmlElementChunk> {
  return split(input, opts, false) as AsyncGenerator<XmlElementChunk>;
}

/**
 * splitXmlElements yielding the elements completed by each input chunk together (in order, never an
 * empty batch): one asynchronous step per chunk instead of per element, for callers that parse them
 * synchronously anyway.
 */
export function splitXmlElementBatches(input: ParseInput, opts: SplitOptions): AsyncGenerator<XmlElementChunk[]> {
  return split(input, opts, true) as AsyncGenerator<XmlElementChunk[]>;
}

async function* split(input: ParseInput, opts: SplitOptions, batched: boolean): AsyncGenerator<XmlElementChunk | XmlElementChunk[]> {
  const maxChars = opts.maxElementChars ?? 1_000_000;
  const maxHeader = opts.maxHeaderChars ?? 1 << 20;
  let decoder: StreamingTextDecoder | null = null;
  let head: Uint8Array[] = [];
  let headLen = 0;
  let buf = '';
  const counting = opts.lines !== false;
  let line = counting ? 1 : 0; // line number of buf[0]
  let header: string | null = ''; // null once handed over
  let root: { name: string; selfClosing: boolean } | null = null;
  let unfinished = 0;
  let tail = '';
  const openRe = new RegExp(`<((?:[A-Za-z_][\\w.-]*:)?(${opts.tags.map(escapeRe).join('|')}))(?=[\\s>/])`, 'g');

  const addHeader = (text: string) => {
    if (header !== null && header.length < maxHeader) header += text.slice(0, maxHeader - header.length);
  };
  const sendHeader = () => {
    if (header === null) return;
    root = rootElement(header);
    opts.onHeader?.(header);
    header = null;
  };

  // Cuts complete elements out of buf; keeps the unfinished rest (and `line` in step with buf[0]).
  const drain = function* (final: boolean): Generator<XmlElementChunk> {
    let pos = 0;
    let posLine = line;
    const advance = (to: number) => {
      if (counting) posLine += countLines(buf, pos, to);
      pos = to;
    };
    const finish = (cut: number) => {
      addHeader(buf.slice(pos, cut));
      advance(cut);
      line = posLine;
      buf = buf.slice(cut);
      if (final || (header !== null && header.length >= maxHeader)) sendHeader();
    };
    for (;;) {
      openRe.lastIndex = pos;
      const m = openRe.exec(buf);
      if (!m) {
        if (final) {
          tail = buf.slice(pos);
          return finish(buf.length);
        }
        const lt = buf.lastIndexOf('<');
        return finish(lt >= pos && buf.length - lt < 256 ? lt : buf.length);
      }
      const [, qname, tag] = m;
      const start = m.index;
      const gt = buf.indexOf('>', start);
      if (gt < 0) return finish(start);
      addHeader(buf.slice(pos, start));
      sendHeader();
      let end: number;
      if (buf[gt - 1] === '/') end = gt + 1; // <beschikking/>
      else {
        const closeGt = closeEnd(buf, qname, gt);
        if (closeGt < 0) {
          if (!final && buf.length - start <= maxChars) return finish(start);
          // end tag missing (or element absurdly long): report, skip the opening tag, look further
          advance(start);
          unfinished++;
          opts.onOversize?.(posLine, tag);
          advance(gt + 1);
          continue;
        }
        end = closeGt + 1;
      }
      advance(start);
      yield { tag, qname, line: posLine, xml: buf.slice(start, end) };
      advance(end);
    }
  };

  const feedBytes = function* (chunk: Uint8Array): Generator<XmlElementChunk> {
    if (!decoder) {
      head.push(chunk);
      headLen += chunk.length;
      const all = Buffer.concat(head);
      const text = all.toString('latin1');
      const bomUtf8 = all[0] === 0xef && all[1] === 0xbb && all[2] === 0xbf;
      const utf16 = (all[0] === 0xff && all[1] === 0xfe) || (all[0] === 0xfe && all[1] === 0xff);
      const t = text.trimStart();
      const maybeDecl = t.length < 2 ? '<?'.startsWith(t) : t.startsWith('<?');
      if (!bomUtf8 && !utf16 && maybeDecl && !text.includes('?>') && headLen < 1024) return; // wait for the whole declaration
      const m = bomUtf8 || utf16 ? null : DECL.exec(text);
      const declared = m ? m[1] : null;
      decoder = new StreamingTextDecoder(bomUtf8 || utf16 ? 'auto' : encodingFor(declared));
      head = [];
      buf += decoder.write(all);
      opts.onEncoding?.(decoder.encoding ?? 'utf-8', declared);
    } else buf += decoder.write(chunk);
    yield* drain(false);
  };

  // strings from generators are taken as latin1 code units (the file's own encoding is in its declaration)
  for await (const chunk of byteChunks(input, true)) {
    opts.onBytes?.(chunk.length);
    if (!batched) yield* feedBytes(chunk);
    else {
      const batch = [...feedBytes(chunk)];
      if (batch.length) yield batch;
    }
  }
  if (!decoder && head.length) {
    const all = Buffer.concat(head);
    head = [];
    decoder = new StreamingTextDecoder('auto');
    buf += decoder.write(all);
    opts.onEncoding?.(decoder.encoding ?? 'utf-8', null);
  }
  if (decoder) buf += decoder.end();
  if (!batched) yield* drain(true);
  else {
    const batch = [...drain(true)];
    if (batch.length) yield batch;
  }
  if (opts.onEnd) {
    const r = root as { name: string; selfClosing: boolean } | null;
    opts.onEnd({ root: r?.name ?? null, rootClosed: !!r && (r.selfClosing || closesRoot(tail, r.name)), unfinished });
  }
}

/** The text content of the first <prefix:name> element in `text` (trimmed), or null. */
export function firstElementText(text: string, localName: string): string | null {
  const m = new RegExp(`<(?:[A-Za-z_][\\w.-]*:)?${escapeRe(localName)}(?:\\s[^>]*)?>([^<]*)</`).exec(text);
  return m ? m[1].trim() : null;
}
