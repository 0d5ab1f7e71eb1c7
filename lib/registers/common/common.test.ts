// The shared register helpers that need no database: validity derivation, CSV reading, XML splitting.
import { describe, expect, it } from 'vitest';
import { geldigheid } from './status';
import { csvRecords, readCsv } from './csv';
import { splitXmlElements } from './xml-elements';

async function all<T>(g: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
}
async function* chunks(s: string | Buffer, size: number) {
  const b = Buffer.isBuffer(s) ? s : Buffer.from(s, 'utf8');
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

describe('geldigheid (spec: geldig when no end date or end date on/after the peildatum)', () => {
  it.each([
    [null, '2026-09-01', 'geldig'],
    ['', '2026-09-01', 'geldig'],
    ['2026-09-01', '2026-09-01T08:00:00Z', 'geldig'],
    ['2026-09-02', '2026-09-01', 'geldig'],
    ['2026-08-31', '2026-09-01', 'beëindigd'],
    ['2026-08-31T23:59:59Z', new Date('2026-09-01T08:00:00Z'), 'beëindigd'],
    [new Date('2027-01-01'), '2026-09-01', 'geldig'],
  ] as const)('eind %j, peil %j → %s', (eind, peil, out) => expect(geldigheid(eind, peil)).toBe(out));
});

describe('readCsv (GLEIF-style: comma, mixed line ends)', () => {
  const text = '\uFEFFa,b,c\r\n"x, ""y""",2,\r\n"multi\nline",é€,3\n4,5,6';
  it.each([1, 2, 3, 7, 1000])('parses quotes, escapes, line breaks in quotes, CRLF, BOM and a missing final newline (chunk %i)', async (size) => {
    expect((await all(readCsv(chunks(text, size)))).map((r) => r.fields)).toEqual([
      ['a', 'b', 'c'],
      ['x, "y"', '2', ''],
      ['multi\nline', 'é€', '3'],
      ['4', '5', '6'],
    ]);
  });
  it('maps rows to header names and supports another delimiter', async () => {
    expect(await all(csvRecords(chunks('k;v\n1;"a;b"\n', 3), { delimiter: ';' }))).toEqual([{ k: '1', v: 'a;b' }]);
  });
});

describe('splitXmlElements', () => {
  it('splits records by local name over chunk borders with any prefix and gives the header', async () => {
    const xml = '<?xml version="1.0"?><x:D><x:H><x:ContentDate>2026</x:ContentDate></x:H><x:Rs><x:R a="1"><x:V>é</x:V></x:R><x:Rx/><x:R><x:V>2</x:V></x:R></x:Rs></x:D>';
    for (const size of [1, 5, 1000]) {
      const headers: string[] = [];
      const pieces = await all(splitXmlElements(chunks(xml, size), { tags: ['R'], onHeader: (h) => headers.push(h) }));
      expect(headers).toEqual(['<?xml version="1.0"?><x:D><x:H><x:ContentDate>2026</x:ContentDate></x:H><x:Rs>']);
      expect(pieces.map((p) => [p.tag, p.qname])).toEqual([['R', 'x:R'], ['R', 'x:R']]);
      expect(pieces[0].xml).toBe('<x:R a="1"><x:V>é</x:V></x:R>');
    }
  });

  it('decodes by the XML declaration and counts lines', async () => {
    const xml = Buffer.from('<?xml version="1.0" encoding="ISO-8859-1"?>\n<a>\n<r>caf\xe9</r>\n<r/>\n</a>\n', 'latin1');
    let enc = '';
    const pieces = await all(splitXmlElements(chunks(xml, 3), { tags: ['r'], onEncoding: (e, d) => (enc = `${e} ${d}`) }));
    expect(enc).toBe('windows-1252 ISO-8859-1');
    expect(pieces.map((p) => [p.line, p.xml])).toEqual([[3, '<r>café</r>'], [4, '<r/>']]);
  });

  it('hands over the whole text as header when no element is found', async () => {
    let header: string | null = null;
    expect(await all(splitXmlElements(chunks('<a><b/></a>', 2), { tags: ['r'], onHeader: (h) => (header = h) }))).toEqual([]);
    expect(header).toBe('<a><b/></a>');
  });
});
