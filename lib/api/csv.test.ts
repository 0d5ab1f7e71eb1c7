import { describe, expect, it } from 'vitest';
import { csvBytes, csvCel, naarCsv, wilCsv, csvHerkomst } from './csv';

describe('csvCel', () => {
  it.each([
    [null, ''],
    [undefined, ''],
    ['Utrecht', 'Utrecht'],
    [12, '12'],
    [-3.5, '-3.5'],
    [true, 'true'],
    ['a,b', '"a,b"'],
    ['a;b', '"a;b"'],
    ['zeg "hoi"', '"zeg ""hoi"""'],
    ['regel1\nregel2', '"regel1\nregel2"'],
    ['regel1\r\nregel2', '"regel1\r\nregel2"'],
    ["O'Brien", "O'Brien"],
    ['Café Ünïcode', 'Café Ünïcode'],
    [new Date('2024-01-31T00:00:00Z'), '2024-01-31T00:00:00.000Z'],
    [['a', 'b'], '"[""a"",""b""]"'],
  ] as const)('%j → %j', (waarde, verwacht) => {
    expect(csvCel(waarde)).toBe(verwacht);
  });

  it.each([
    ['=SUM(A1:A2)', "'=SUM(A1:A2)"],
    ['+31 20 123', "'+31 20 123"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ['=1,2', `"'=1,2"`],
  ])('neutralises formula %j', (waarde, verwacht) => {
    expect(csvCel(waarde)).toBe(verwacht);
  });

  it('leaves negative numbers (not strings) alone', () => {
    expect(csvCel(-1)).toBe('-1');
  });
});

describe('naarCsv', () => {
  it('writes BOM, header and rows in column order with CRLF', () => {
    const csv = naarCsv(
      [
        { naam: 'A, B', lei: 'X1', extra: 'weg' },
        { lei: 'X2', naam: null },
      ],
      ['lei', 'naam'],
    );
    expect(csv).toBe('\uFEFFlei,naam\r\nX1,"A, B"\r\nX2,\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(naarCsv([], ['lei'])).toBe('\uFEFFlei\r\n');
  });

  it('encodes as UTF-8 with the BOM bytes', () => {
    const b = csvBytes([{ naam: 'é' }], ['naam']);
    expect([...b.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(b.slice(3))).toBe('naam\r\né\r\n');
  });
});

describe('wilCsv', () => {
  const req = (accept?: string) => new Request('http://localhost/x', { headers: accept ? { accept } : {} });
  it.each([
    [undefined, undefined, false],
    ['text/csv', undefined, true],
    ['text/csv', 'json', false],
    [undefined, 'csv', true],
    ['application/json', 'csv', true],
    ['*/*', undefined, false],
    ['application/json', undefined, false],
    ['text/csv;q=0.5, application/json', undefined, false],
    ['application/json;q=0.5, text/csv', undefined, true],
    ['text/csv;q=0', undefined, false],
    ['TEXT/CSV; charset=utf-8', undefined, true],
  ] as const)('Accept %s, formaat %s → %s', (accept, formaat, verwacht) => {
    expect(wilCsv(req(accept), formaat)).toBe(verwacht);
  });
});

describe('csvHerkomst (provenance of a CSV answer)', () => {
  const bron = {
    bron: 'dnb-register',
    url: null,
    licentie: 'CC BY 4.0',
    attributie: 'De Nederlandsche Bank: Register – één export',
    peildatum: '2026-11-01T08:00:00.000Z',
    bron_url: 'https://www.dnb.nl/export register.csv',
  };
  it('peildatum, the official export as rel="via", licence and attribution (RFC 8187 for non-ASCII), and the file name', () => {
    const h = csvHerkomst([bron], 'finreg-instellingen-0.csv');
    expect(h.filename).toBe('finreg-instellingen-0_peildatum-2026-11-01.csv');
    expect(h.headers['X-Peildatum']).toBe('2026-11-01T08:00:00.000Z');
    expect(h.headers.Link).toBe('<https://www.dnb.nl/export%20register.csv>; rel="via"; title="dnb-register"');
    expect(h.headers['X-Bronnen']).toBe(
      `dnb-register; licentie="CC BY 4.0"; attributie*=UTF-8''${encodeURIComponent(bron.attributie)}; peildatum="2026-11-01T08:00:00.000Z"`,
    );
    // Every value is a valid header value (ByteString): a Response accepts them.
    expect(() => new Headers(h.headers)).not.toThrow();
  });
  it('without sources nothing is added; without a peildatum the name stays', () => {
    expect(csvHerkomst([], 'a.csv')).toEqual({ filename: 'a.csv', headers: {} });
    const zonder = csvHerkomst([{ ...bron, peildatum: null, bron_url: null }], 'a.csv');
    expect(zonder.filename).toBe('a.csv');
    expect(Object.keys(zonder.headers)).toEqual(['X-Bronnen']);
  });
});
