// A cheap, linear, non-recursive scan over the raw XML text that runs before any parser sees it. It
// refuses what a parser must never be given (a DTD or entity declarations, references to undeclared
// entities, characters XML forbids), enforces nesting-depth, element-count and attribute-count limits,
// checks that every end tag closes the element that is open, and reports the end of a truncated
// document with line and column.
// Pure: text in, a thrown Problem out.
import { Problem } from '@/lib/api/problems';

/** Deepest nesting accepted (libxml2's default limit). Real EP-Online files stay below 20. */
export const MAX_DEPTH = 256;
/**
 * Most elements accepted. Real files average ~60 bytes per element (the 25 KB samples hold ~420), so a
 * 2 MiB file holds ~35,000; the cap leaves a wide margin and bounds the work on degenerate input.
 */
export const MAX_ELEMENTS = 100_000;
/** Most attributes on one element (EP-Online elements carry at most a handful). */
export const MAX_ATTRIBUTES = 256;

export interface Position {
  line: number;
  column: number;
}

/** 1-based line and column of a character index (only computed on an error). */
export function positionOf(text: string, index: number): Position {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: index - lineStart + 1 };
}

const DTD_PATTERN = /<!\s*(DOCTYPE|ENTITY)/i;

/** Refuses any DOCTYPE or ENTITY declaration, wherever it appears, before parsing. */
export function refuseDtd(text: string): void {
  const m = DTD_PATTERN.exec(text);
  if (!m) return;
  const pos = positionOf(text, m.index);
  throw new Problem('bad_request', {
    detail:
      `Het bestand bevat een DTD of entiteitsdeclaratie (<!${m[1].toUpperCase()}, regel ${pos.line}, kolom ${pos.column}). ` +
      'Documenten met een DTD of entiteiten worden om veiligheidsredenen niet geaccepteerd en niet verwerkt; exporteer het bestand zonder DOCTYPE.',
    extra: { regel: pos.line, kolom: pos.column },
  });
}

/** A 400 problem for XML that is not well-formed, with the place where it went wrong. */
export function notWellFormed(text: string, index: number, reason: string): Problem {
  const pos = positionOf(text, index);
  return malformedAt(pos, reason);
}

export function malformedAt(pos: Position, reason: string): Problem {
  return new Problem('bad_request', {
    detail: `Het bestand is geen welgevormde XML (regel ${pos.line}, kolom ${pos.column}): ${reason}. Er zijn geen gegevens uit gelezen.`,
    extra: { regel: pos.line, kolom: pos.column },
  });
}

/** Shortens a name taken from the upload before it is echoed in a problem detail. */
export function shortName(name: string): string {
  const clean = name.replace(/[^\p{L}\p{N}_.:-]/gu, '?');
  return clean.length > 60 ? `${clean.slice(0, 57)}...` : clean;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);
// Control characters other than tab, LF and CR, and the non-characters U+FFFE/U+FFFF (XML 1.0 Char).
const FORBIDDEN_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

const PREDEFINED_ENTITIES = new Set(['lt', 'gt', 'amp', 'quot', 'apos']);
const REFERENCE = /&(?:#x([0-9a-fA-F]{1,6})|#([0-9]{1,7})|([^\s&;<>"'#]{1,40}));/y;

/** Checks the reference that starts at `at` ('&'): a predefined entity or a valid character reference. */
function checkReference(text: string, at: number): void {
  REFERENCE.lastIndex = at;
  const m = REFERENCE.exec(text);
  if (!m) throw notWellFormed(text, at, "losse '&' (schrijf &amp;)");
  if (m[3] !== undefined) {
    if (PREDEFINED_ENTITIES.has(m[3])) return;
    const pos = positionOf(text, at);
    throw new Problem('bad_request', {
      detail:
        `Het bestand verwijst naar een entiteit die niet is gedeclareerd (&${shortName(m[3])};, regel ${pos.line}, kolom ${pos.column}). ` +
        'Alleen de vijf standaardentiteiten en tekenverwijzingen worden gelezen; er zijn geen gegevens uit gelezen.',
      extra: { regel: pos.line, kolom: pos.column },
    });
  }
  const code = m[1] !== undefined ? parseInt(m[1], 16) : parseInt(m[2], 10);
  if (!isXmlChar(code)) throw notWellFormed(text, at, 'tekenverwijzing naar een teken dat in XML niet is toegestaan');
}

export function isXmlChar(c: number): boolean {
  return (
    c === 0x9 || c === 0xa || c === 0xd || (c >= 0x20 && c <= 0xd7ff) || (c >= 0xe000 && c <= 0xfffd) || (c >= 0x10000 && c <= 0x10ffff)
  );
}

/**
 * Scans the markup of the document: comments, CDATA and processing instructions are skipped; start
 * and end tags are counted and matched on a stack that never grows past MAX_DEPTH.
 */
export function scanStructure(text: string): { elements: number; maxDepth: number } {
  const n = text.length;
  const bad = FORBIDDEN_CHAR.exec(text);
  if (bad) throw notWellFormed(text, bad.index, `teken U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} is in XML niet toegestaan`);
  const stack: { name: string; at: number }[] = [];
  let elements = 0;
  let maxDepth = 0;
  let rootClosed = false;
  let i = 0;

  // Every '&' outside comments, CDATA and processing instructions must be a valid reference. The next
  // '&' is cached, so the whole check stays one pass over the text.
  let nextAmp = text.indexOf('&');
  const checkReferencesBefore = (limit: number) => {
    while (nextAmp !== -1 && nextAmp < limit) {
      checkReference(text, nextAmp);
      nextAmp = text.indexOf('&', nextAmp + 1);
    }
  };
  const skipReferencesBefore = (limit: number) => {
    if (nextAmp !== -1 && nextAmp < limit) nextAmp = text.indexOf('&', limit);
  };

  for (;;) {
    const lt = text.indexOf('<', i);
    if (lt === -1) break;
    checkReferencesBefore(lt);
    const c1 = text.charCodeAt(lt + 1);

    if (c1 === 0x21 /* ! */) {
      if (text.startsWith('<!--', lt)) {
        const end = text.indexOf('-->', lt + 4);
        if (end === -1) throw notWellFormed(text, lt, 'commentaar wordt niet afgesloten met -->');
        i = end + 3;
        skipReferencesBefore(i);
        continue;
      }
      if (text.startsWith('<![CDATA[', lt)) {
        const end = text.indexOf(']]>', lt + 9);
        if (end === -1) throw notWellFormed(text, lt, 'CDATA-blok wordt niet afgesloten met ]]>');
        i = end + 3;
        skipReferencesBefore(i);
        continue;
      }
      throw notWellFormed(text, lt, 'onbekende markering na <!');
    }

    if (c1 === 0x3f /* ? */) {
      const end = text.indexOf('?>', lt + 2);
      if (end === -1) throw notWellFormed(text, lt, 'verwerkingsinstructie wordt niet afgesloten met ?>');
      i = end + 2;
      skipReferencesBefore(i);
      continue;
    }

    if (c1 === 0x2f /* / */) {
      const end = text.indexOf('>', lt + 2);
      if (end === -1) throw notWellFormed(text, lt, 'eindtag wordt niet afgesloten met >');
      const name = text.slice(lt + 2, end).trim();
      const open = stack.pop();
      if (!open) throw notWellFormed(text, lt, `eindtag </${shortName(name)}> zonder bijbehorende begintag`);
      if (open.name !== name) {
        const openPos = positionOf(text, open.at);
        throw notWellFormed(
          text,
          lt,
          `eindtag </${shortName(name)}> sluit niet het open element <${shortName(open.name)}> (geopend op regel ${openPos.line}, kolom ${openPos.column})`,
        );
      }
      if (stack.length === 0) rootClosed = true;
      i = end + 1;
      continue;
    }

    // A start tag or an empty-element tag: find its '>' outside attribute quotes.
    let j = lt + 1;
    let quote = 0;
    let nameEnd = -1;
    let attributes = 0;
    for (; j < n; j++) {
      const c = text.charCodeAt(j);
      if (quote) {
        if (c === quote) quote = 0;
        else if (c === 0x3c) throw notWellFormed(text, j, "'<' in een attribuutwaarde");
      } else if (c === 0x22 || c === 0x27) {
        quote = c;
        if (++attributes > MAX_ATTRIBUTES) {
          const pos = positionOf(text, lt);
          throw new Problem('bad_request', {
            detail: `Een element heeft meer dan ${MAX_ATTRIBUTES} attributen (regel ${pos.line}, kolom ${pos.column}); zo'n bestand wordt niet verwerkt.`,
            extra: { max_attributen: MAX_ATTRIBUTES, regel: pos.line, kolom: pos.column },
          });
        }
      } else if (c === 0x3e /* > */) {
        break;
      } else if (c === 0x3c /* < */) {
        throw notWellFormed(text, lt, 'begintag wordt niet afgesloten met >');
      }
      if (nameEnd === -1 && (WS.has(c) || c === 0x2f || c === 0x3e)) nameEnd = j;
    }
    if (j >= n) throw notWellFormed(text, lt, 'begintag wordt niet afgesloten met >');
    checkReferencesBefore(j);
    if (nameEnd === -1) nameEnd = j;
    const name = text.slice(lt + 1, nameEnd);
    if (name === '') throw notWellFormed(text, lt, 'begintag zonder naam');
    if (rootClosed) throw notWellFormed(text, lt, 'meer dan één root-element');

    elements++;
    if (elements > MAX_ELEMENTS) {
      const pos = positionOf(text, lt);
      throw new Problem('bad_request', {
        detail: `Het bestand bevat meer dan ${MAX_ELEMENTS} XML-elementen (grens bereikt op regel ${pos.line}); zo'n bestand wordt niet verwerkt.`,
        extra: { max_elementen: MAX_ELEMENTS },
      });
    }
    const depth = stack.length + 1;
    if (depth > MAX_DEPTH) {
      const pos = positionOf(text, lt);
      throw new Problem('bad_request', {
        detail: `Het XML-document is dieper genest dan ${MAX_DEPTH} niveaus (regel ${pos.line}, kolom ${pos.column}); zo'n bestand wordt niet verwerkt.`,
        extra: { max_diepte: MAX_DEPTH, regel: pos.line, kolom: pos.column },
      });
    }
    if (depth > maxDepth) maxDepth = depth;
    const selfClosing = text.charCodeAt(j - 1) === 0x2f;
    if (selfClosing) {
      if (stack.length === 0) rootClosed = true;
    } else {
      stack.push({ name, at: lt });
    }
    i = j + 1;
  }

  checkReferencesBefore(n);
  if (stack.length > 0) {
    const innermost = stack[stack.length - 1];
    const openPos = positionOf(text, innermost.at);
    const names = stack.map((s) => `<${shortName(s.name)}>`);
    const listed = names.length > 5 ? [...names.slice(0, 2), '...', ...names.slice(-2)] : names;
    throw notWellFormed(
      text,
      n,
      `het bestand houdt op terwijl ${stack.length === 1 ? 'het element' : `${stack.length} elementen`} nog open ${stack.length === 1 ? 'is' : 'zijn'} ` +
        `(${listed.join(' ')}; het binnenste, <${shortName(innermost.name)}>, is geopend op regel ${openPos.line}, kolom ${openPos.column})`,
    );
  }
  if (elements === 0) throw notWellFormed(text, 0, 'geen XML-element gevonden');
  return { elements, maxDepth };
}
