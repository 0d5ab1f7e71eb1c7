import { describe, expect, it } from 'vitest';
import { readCsv, sniffDelimiter } from './csv';
import { normalizeDate, padDigits } from './dates';
import { normalizeHeader } from './header-map';

async function rows(input: (string | Uint8Array)[], opts = {}) {
  const out: [number, string[]][] = [];
  for await (const r of readCsv(input, opts)) out.push([r.line, r.fields]);
  return out;
}

describe('readCsv', () => {
  it.each([
    ['LF', ['a;b\n1;2\n'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['CRLF', ['a;b\r\n1;2\r\n'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['CR only', ['a;b\r1;2'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['no final newline', ['a;b\n1;2'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['blank lines ignored', ['a;b\n\n\n1;2\n\n'], [[1, ['a', 'b']], [4, ['1', '2']]]],
    ['quoted delimiter', ['"x;y";z\n'], [[1, ['x;y', 'z']]]],
    ['escaped quote', ['"say ""hi""";z\n'], [[1, ['say "hi"', 'z']]]],
    ['newline in quotes keeps line count', ['"a\r\nb";c\nd;e\n'], [[1, ['a\r\nb', 'c']], [3, ['d', 'e']]]],
    ['empty fields', [';;\n'], [[1, ['', '', '']]]],
    ['empty quoted field', ['"";x\n'], [[1, ['', 'x']]]],
    ['CRLF split over chunks', ['a;b\r', '\n1;2\r', '\n'], [[1, ['a', 'b']], [2, ['1', '2']]]],
    ['quote split over chunks', ['"a"', '"b";c\n'], [[1, ['a"b', 'c']]]],
    ['UTF-8 BOM stripped', [new Uint8Array([0xef, 0xbb, 0xbf, 0x61, 0x3b, 0x62])], [[1, ['a', 'b']]]],
    ['cp1252 bytes detected', [new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x3b, 0x80])], [[1, ['Café', '€']]]],
    ['UTF-8 multibyte split over chunks', [new Uint8Array([0x43, 0xc3]), new Uint8Array([0xa9, 0x3b, 0x78])], [[1, ['Cé', 'x']]]],
    ['CRLF in quotes over several rows', ['"a\r\nb";c\r\n"d\r\ne";f\r\ng;h\n'], [[1, ['a\r\nb', 'c']], [3, ['d\r\ne', 'f']], [5, ['g', 'h']]]],
    ['mixed line ends', ['a;b\r\n1;2\n3;4\r5;6'], [[1, ['a', 'b']], [2, ['1', '2']], [3, ['3', '4']], [4, ['5', '6']]]],
    ['ragged rows kept as they are', ['a;b\n1\n1;2;3\n'], [[1, ['a', 'b']], [2, ['1']], [3, ['1', '2', '3']]]],
    ['stray quote inside an unquoted field', ['a;b"c\n'], [[1, ['a', 'b"c']]]],
  ] as const)('%s', async (_q, input, expected) => {
    expect(await rows([...input] as (string | Uint8Array)[], { delimiter: ';' })).toEqual(expected);
  });

  it('stops with the line of a quote that is never closed', async () => {
    await expect(rows(['a;b\n1;"2\n3;4\n'], { delimiter: ';' })).rejects.toThrow(/Quote Not Closed.*line/);
  });

  it('sniffs the delimiter from the header line when asked', async () => {
    expect(await rows(['"x;y",b\n', '1;2,3\n'], { delimiter: 'auto' })).toEqual([[1, ['x;y', 'b']], [2, ['1;2', '3']]]);
    expect(await rows(['a;b\n1,2;3\n'], { delimiter: 'auto' })).toEqual([[1, ['a', 'b']], [2, ['1,2', '3']]]);
  });

  it('sniffs the delimiter', () => {
    expect(sniffDelimiter('"a;b",c,d')).toBe(',');
    expect(sniffDelimiter('a;b;c')).toBe(';');
    expect(sniffDelimiter('a\tb')).toBe('\t');
    expect(sniffDelimiter('a')).toBe(';');
  });

  it('normalizes header spellings', () => {
    expect(normalizeHeader('\uFEFFStatutaire naam ')).toBe('statutairenaam');
    expect(normalizeHeader('statutaire_naam')).toBe(normalizeHeader('StatutaireNaam'));
    expect(normalizeHeader('KvK-nummer')).toBe('kvknummer');
  });
});

describe('dates and digits', () => {
  it.each([
    ['2020-01-31', '2020-01-31'],
    [' 2020-01-31 ', '2020-01-31'],
    ['2020-01-31T00:00:00', '2020-01-31'],
    ['2020-01-31T00:00:00+01:00', '2020-01-31'],
    ['31-01-2020', '2020-01-31'],
    ['1-2-2020', '2020-02-01'],
    ['31/01/2020', '2020-01-31'],
    ['31.01.2020', '2020-01-31'],
    ['31-01-2020 00:00:00', '2020-01-31'],
    ['20200131', '2020-01-31'],
    ['', null],
    ['   ', null],
  ])('date %j → %j', (i, o) => expect(normalizeDate(i)).toEqual({ ok: true, value: o }));

  it.each(['2020-02-30', '31-13-2020', 'gisteren', '1/1/20'])('bad date %j', (i) =>
    expect(normalizeDate(i).ok).toBe(false),
  );

  it.each([
    ['1234567', 8, '01234567'],
    [' 12345678 ', 9, '012345678'],
    ['123.456.789', 9, '123456789'],
    ['', 9, null],
    ['12a', 9, 'invalid'],
    ['1234567890', 9, 'invalid'],
    ['000000000', 9, 'invalid'],
  ] as const)('padDigits(%j, %d) = %j', (i, w, o) => expect(padDigits(i, w)).toBe(o));
});
