// Filters, column selection and paging of dataset queries; the CSV reader's early stop; JSON records; CBS $filter.
import { describe, expect, it } from 'vitest';
import { Problem } from '@/lib/api/problems';
import type { DataProperty } from '@/lib/sources/cbs-statline';
import { matcher, parseFilters, parseKolommen, queryRecords, resolveKolommen, splitEscaped, type QueryVraag } from './query';
import { kolomNamen, queryCsv } from './csv';
import { kolommenVan, recordsUitJson } from './json';
import { cbsFilter, cbsKolommen } from './cbs';

const vraag = (v: Partial<QueryVraag> = {}): QueryVraag => ({ start: 0, rows: 10, filters: [], kolommen: null, ...v });

describe('filter and column parameters', () => {
  it('splits on commas except escaped ones', () => {
    expect(splitEscaped('a:1,b:2\\,5,c:\\\\')).toEqual(['a:1', 'b:2,5', 'c:\\']);
  });

  it('parses kolom:waarde pairs, the value may hold colons or be empty', () => {
    expect(parseFilters('Wijk:Centrum, Tijd:12:30,Opmerking:')).toEqual([
      { kolom: 'Wijk', waarde: 'Centrum' },
      { kolom: 'Tijd', waarde: '12:30' },
      { kolom: 'Opmerking', waarde: '' },
    ]);
    expect(parseFilters('Wijk')).toMatch(/kolom:waarde/);
    expect(parseFilters(':x')).toMatch(/kolom:waarde/);
    expect(parseFilters(Array.from({ length: 21 }, (_, i) => `k${i}:v`).join(','))).toMatch(/ten hoogste 20/);
  });

  it('parses a column list without duplicates and refuses empty names', () => {
    expect(parseKolommen('a, b,a')).toEqual(['a', 'b']);
    expect(parseKolommen('a,,b')).toMatch(/lege kolomnaam/);
  });

  it('resolves names case-insensitively and throws one 400 listing unknown columns', () => {
    const v = resolveKolommen(vraag({ filters: [{ kolom: 'wijk', waarde: 'x' }], kolommen: ['KILOGRAM'] }), ['Wijk', 'Kilogram']);
    expect(v.filters[0].kolom).toBe('Wijk');
    expect(v.kolommen).toEqual(['Kilogram']);
    try {
      resolveKolommen(vraag({ filters: [{ kolom: 'Stad', waarde: 'x' }], kolommen: ['Gewicht'] }), ['Wijk']);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(Problem);
      expect((e as Problem).detail).toBe('Onbekende kolommen: Stad, Gewicht. Dit bestand heeft: Wijk.');
      expect((e as Problem).invalidParams?.map((p) => p.name)).toEqual(['filter', 'kolommen']);
    }
  });

  it('matches one of the values per column and every column, as trimmed text', () => {
    const m = matcher([
      { kolom: 'a', waarde: '1' },
      { kolom: 'a', waarde: '2' },
      { kolom: 'b', waarde: '' },
    ]);
    expect(m({ a: 2, b: null })).toBe(true);
    expect(m({ a: ' 1 ', b: '' })).toBe(true);
    expect(m({ a: 3, b: null })).toBe(false);
    expect(m({ a: 1, b: 'x' })).toBe(false);
  });

  it('pages records in memory with an exact total', () => {
    const recs = Array.from({ length: 7 }, (_, i) => ({ n: i, even: i % 2 === 0 }));
    const a = queryRecords(recs, ['n', 'even'], vraag({ filters: [{ kolom: 'even', waarde: 'true' }], start: 1, rows: 2, kolommen: ['n'] }));
    expect(a).toEqual({ kolommen: ['n'], rijen: [{ n: 2 }, { n: 4 }], totaal: 4, meer: true, filters: [{ kolom: 'even', waarde: 'true' }] });
  });
});

describe('queryCsv', () => {
  it('names empty and duplicate headers', () => {
    expect(kolomNamen([' a ', '', 'a', 'a'])).toEqual(['a', 'kolom_2', 'a_2', 'a_3']);
  });

  it('stops reading once the page is complete when it may not count further (1 MB file, stream buffers aside)', async () => {
    let pulled = 0;
    async function* lines() {
      yield 'id;naam\n';
      for (let i = 1; i <= 1000; i++) {
        pulled++;
        yield `${i};rij ${i}${' '.repeat(1000)}\n`;
      }
    }
    const a = await queryCsv(lines(), vraag({ start: 2, rows: 3 }), () => Number.MAX_SAFE_INTEGER);
    expect(a.rijen.map((r) => [r.id, (r.naam as string).trim()])).toEqual([
      ['3', 'rij 3'],
      ['4', 'rij 4'],
      ['5', 'rij 5'],
    ]);
    expect(a).toMatchObject({ totaal: null, meer: true });
    // Node's stream buffers read ahead about 16 kB per stage: some dozens of 1 kB lines, not the 1000.
    expect(pulled).toBeLessThan(100);
  });

  it('counts to the end of a small file, with BOM and , delimiter, CRLF and quotes', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('naam,plaats\r\n"Smit, J.",Hoogeveen\r\nDe Vries,Assen\r\n,Hoogeveen\r\n')]);
    const a = await queryCsv([bytes], vraag({ filters: [{ kolom: 'plaats', waarde: 'Hoogeveen' }], rows: 1 }), () => 0);
    expect(a.kolommen).toEqual(['naam', 'plaats']);
    expect(a.rijen).toEqual([{ naam: 'Smit, J.', plaats: 'Hoogeveen' }]);
    expect(a).toMatchObject({ totaal: 2, meer: true });
  });

  it('refuses a file whose last row is cut off (fewer fields than the header, no line end), in any chunking', async () => {
    const err = await queryCsv(['a;b;c\n1;2;3\n4;', '5'], vraag(), () => 0).catch((e: unknown) => e);
    expect(err).toMatchObject({ name: 'DownloadError', soort: 'onvolledig' });
    expect((err as Error).message).toContain('2 van 3 kolommen');
    expect(await queryCsv([Buffer.from('a;b;c\r\n1;2;3\r\n4;5')], vraag(), () => 0).catch((e: unknown) => e)).toMatchObject({ soort: 'onvolledig' });
  });

  it('accepts a last row without line end when it has all its fields, and a short last row that ends its line', async () => {
    expect((await queryCsv([Buffer.from('a;b\n1;2\n3;4')], vraag(), () => 0)).totaal).toBe(2);
    expect((await queryCsv([Buffer.from('a;b\n1;2\n3\n')], vraag(), () => 0)).rijen).toEqual([
      { a: '1', b: '2' },
      { a: '3', b: null },
    ]);
  });

  it('answers an empty file with no columns and no rows', async () => {
    expect(await queryCsv([''], vraag(), () => 0)).toEqual({ kolommen: [], rijen: [], totaal: 0, meer: false, filters: [] });
  });
});

describe('recordsUitJson', () => {
  it.each([
    ['a top-level array', [{ a: 1 }, { a: 2 }], [{ a: 1 }, { a: 2 }]],
    ['an array of scalars', [1, 'x'], [{ waarde: 1 }, { waarde: 'x' }]],
    ['{"data": [...]} beside metadata', { meta: { n: 1 }, tags: ['x'], data: [{ a: 1 }] }, [{ a: 1 }]],
    ['a CKAN datastore answer', { success: true, result: { fields: [{ id: 'a' }], records: [{ a: 1 }, { a: 2 }] } }, [{ a: 1 }, { a: 2 }]],
    [
      'GeoJSON',
      { type: 'FeatureCollection', features: [{ type: 'Feature', properties: { n: 'x' }, geometry: { type: 'Point', coordinates: [6, 52] } }] },
      [{ n: 'x', geometrie: { type: 'Point', coordinates: [6, 52] } }],
    ],
  ])('reads %s', (_l, doc, want) => {
    expect(recordsUitJson(doc)).toEqual(want);
  });

  it('gives null for JSON without records, and lists columns in order of appearance', () => {
    expect(recordsUitJson({ naam: 'x', aantal: 3 })).toBeNull();
    expect(recordsUitJson('tekst')).toBeNull();
    expect(kolommenVan([{ a: 1 }, { b: 2, a: 3 }])).toEqual(['a', 'b']);
  });
});

describe('CBS table filters', () => {
  const props: DataProperty[] = [
    { ID: 0, Type: 'GeoDetail', Key: 'WijkenEnBuurten', Title: 'Wijken en buurten' },
    { ID: 1, Type: 'TopicGroup', Key: '', Title: 'Regio' },
    { ID: 2, Type: 'Topic', Key: 'Gemeentenaam_1', Title: 'Gemeentenaam', Datatype: 'String' },
    { ID: 3, Type: 'Topic', Key: 'AantalInwoners_5', Title: 'Aantal inwoners', Datatype: 'Long' },
  ];

  it('lists ID and every dimension and topic key', () => {
    expect(cbsKolommen(props)).toEqual(['ID', 'WijkenEnBuurten', 'Gemeentenaam_1', 'AantalInwoners_5']);
  });

  it('builds a $filter with padded dimension keys, quoted strings and numbers', () => {
    expect(
      cbsFilter(
        [
          { kolom: 'WijkenEnBuurten', waarde: 'GM0118' },
          { kolom: 'WijkenEnBuurten', waarde: 'GM0114' },
          { kolom: 'Gemeentenaam_1', waarde: "'s-Gravenhage" },
          { kolom: 'AantalInwoners_5', waarde: '56930' },
        ],
        props,
      ),
    ).toBe(
      "((WijkenEnBuurten eq 'GM0118' or startswith(WijkenEnBuurten,'GM0118 ')) or (WijkenEnBuurten eq 'GM0114' or startswith(WijkenEnBuurten,'GM0114 '))) and Gemeentenaam_1 eq '''s-Gravenhage' and AantalInwoners_5 eq 56930",
    );
    expect(cbsFilter([], props)).toBeUndefined();
    expect(cbsFilter([{ kolom: 'AantalInwoners_5', waarde: '' }], props)).toBe('AantalInwoners_5 eq null');
    expect(() => cbsFilter([{ kolom: 'AantalInwoners_5', waarde: '1 or 1 eq 1' }], props)).toThrow(Problem);
  });
});
