// Strict UTF-8: which byte sequences are ill-formed (Unicode table 3-7) and where the first one is reported.
import { describe, expect, it } from 'vitest';
import { Problem } from './problems';
import { decodeUtf8Strict, firstInvalidUtf8, utf8Position } from './utf8';

const b = (...parts: (string | number[])[]) => Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : Buffer.from(p))));

describe('firstInvalidUtf8', () => {
  it.each([
    ['ASCII', b('<a>x</a>'), -1],
    ['2-, 3- and 4-byte characters', b('é€😀'), -1],
    ['U+FFFD itself is valid', b([0xef, 0xbf, 0xbd]), -1],
    ['the largest code point U+10FFFF', b([0xf4, 0x8f, 0xbf, 0xbf]), -1],
    ['the last code points before and after the surrogates', b([0xed, 0x9f, 0xbf, 0xee, 0x80, 0x80]), -1],
    ['a lone continuation byte', b('ab', [0x80]), 2],
    ['0xFF', b('a', [0xff], 'b'), 1],
    ['overlong / (C0 AF)', b('x', [0xc0, 0xaf]), 1],
    ['overlong NUL (C1 80)', b([0xc1, 0x80]), 0],
    ['overlong 3-byte (E0 80 AF)', b('ab', [0xe0, 0x80, 0xaf]), 2],
    ['overlong 4-byte (F0 80 80 AF)', b([0xf0, 0x80, 0x80, 0xaf]), 0],
    ['a surrogate (ED A0 80)', b('é', [0xed, 0xa0, 0x80]), 2],
    ['above U+10FFFF (F4 90 80 80)', b([0xf4, 0x90, 0x80, 0x80]), 0],
    ['F5', b([0xf5, 0x80, 0x80, 0x80]), 0],
    ['a lead byte followed by ASCII (latin-1 é)', b('Zo', [0xe9], '"'), 2],
    ['truncated at the end (E2 82)', b('</a>', [0xe2, 0x82]), 4],
    ['truncated 4-byte at the end', b('x', [0xf0, 0x9f, 0x98]), 1],
    ['the first of two', b('a', [0xff], 'b', [0xfe]), 1],
  ] as const)('%s', (_naam, bytes, offset) => {
    expect(firstInvalidUtf8(bytes)).toBe(offset);
    if (offset === -1) expect(decodeUtf8Strict(bytes)).toBe(bytes.toString('utf8'));
    else expect(() => decodeUtf8Strict(bytes)).toThrow(Problem);
  });
});

describe('utf8Position', () => {
  it('counts lines by LF and columns in characters (code points), without a BOM', () => {
    expect(utf8Position(b('abc'), 0)).toEqual({ line: 1, column: 1 });
    expect(utf8Position(b('abc'), 3)).toEqual({ line: 1, column: 4 });
    expect(utf8Position(b('a\nCafé 😀 '), 13)).toEqual({ line: 2, column: 8 });
    expect(utf8Position(b('a\r\nb\r\n'), 6)).toEqual({ line: 3, column: 1 });
    expect(utf8Position(b([0xef, 0xbb, 0xbf], '<a>'), 6)).toEqual({ line: 1, column: 4 });
  });

  it('is what the problem reports', () => {
    try {
      decodeUtf8Strict(b('<a>\n  <b>Café ', [0xff], '</b>\n</a>'), 'Tip.');
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Problem);
      const p = e as Problem;
      expect(p.code).toBe('bad_request');
      expect(p.detail).toBe('Ongeldige UTF-8 op regel 2, kolom 11. Tip.');
    }
  });
});

describe('decodeXml', () => {
  it('is strict only where the document is UTF-8: declared so, declared by another label of it, or by default', async () => {
    const { decodeXml } = await import('./body');
    for (const decl of ['<?xml version="1.0" encoding="UTF-8"?>', "<?xml version='1.0' encoding='utf8'?>", '<?xml version="1.0"?>', '']) {
      expect(() => decodeXml(b(decl, '\n<a>', [0x80], '</a>')), decl).toThrow(/^Ongeldige UTF-8 op regel 2, kolom 4\. Sla het bestand op als UTF-8/);
    }
    expect(decodeXml(b('<?xml version="1.0" encoding="ISO-8859-1"?><a>Caf', [0xe9], '</a>'))).toContain('<a>Café</a>');
  });
});
