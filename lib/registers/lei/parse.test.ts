// Parsing the real GLEIF samples (test/fixtures/registers/gleif/README.md says where they come from).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportRefused } from '../common/refusal';
import { checkGleifXml } from './completeness';
import { parseLeiCsv } from './parse-csv';
import { parseLeiXml } from './parse-xml';
import { parseRrCsv, parseRrXml } from './parse-rr';
import { gleifDate, kvkFrom, peildatumFromName, type LeiEntity, type LeiRelationship } from './record';

const F = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'test/fixtures/registers/gleif');
// Small chunks so that records, quotes and multi-byte characters are split across chunk borders.
const read = (name: string, chunk = 777) => fs.createReadStream(path.join(F, name), { highWaterMark: chunk });
async function all<T>(g: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of g) out.push(x);
  return out;
}

describe('LEI-CDF 2.1 CSV (400 real rows)', () => {
  it('keeps only the Dutch row: Snap-on Finance B.V., KvK 34153487, Helmond, actief', async () => {
    const stats = { gelezen: 0 };
    const rows = await all(parseLeiCsv(read('ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv'), stats));
    expect(stats.gelezen).toBe(400);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject<Partial<LeiEntity>>({
      lei: '04VK4ASM6OJ180YRBJ15',
      naam: 'Snap-on Finance B.V.',
      kvk_nummer: '34153487',
      plaats: 'Helmond',
      land: 'NL',
      postcode: '5705CL',
      status: 'actief',
      registratie_status: 'ISSUED',
      rechtsvorm_code: '54M6',
      rechtsvorm: 'BESLOTEN VENNOOTSCHAP',
      registratie_autoriteit: 'RA000463',
      eerste_registratie: '2012-10-05T20:41:00.000Z',
      laatste_wijziging: '2019-05-23T14:34:00.000Z',
      volgende_verlenging: '2020-05-14T00:45:00.000Z',
      beheerder_lou: 'EVK05KS7XY1DEII3R011',
    });
  });
});

describe('LEI-CDF 3.1 XML', () => {
  it('filters out the two real non-Dutch records (KY fund, SK company) and reads the header', async () => {
    const stats = { gelezen: 0, contentDate: null as string | null, recordCount: null as number | null };
    expect(await all(parseLeiXml(read('bods-gleif-pipeline_lei-cdf-3.1_excerpt_2records.xml'), stats))).toEqual([]);
    expect(stats).toEqual({
      gelezen: 2,
      contentDate: '2023-11-06T08:20:40Z',
      recordCount: 2495059,
      end: { root: 'lei:LEIData', rootClosed: true, unfinished: 0 },
    });
    // An excerpt keeps the full file's header: as an import it is refused (2 of 2,495,059 records).
    expect(() => checkGleifXml('excerpt.xml', 'LEI-CDF', stats)).toThrow(ImportRefused);
    expect(() => checkGleifXml('excerpt.xml', 'LEI-CDF', stats)).toThrow('de kop noemt 2.495.059 records (RecordCount), het bestand bevat er 2');
  });

  it('parses the NL variant: KvK, city, names, entity, INACTIVE, trailing space in a date', async () => {
    for (const chunk of [64, 1000, 1 << 16]) {
      const rows = await all(parseLeiXml(read('20260901-0800-gleif-goldencopy-lei2-golden-copy.xml', chunk)));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject<Partial<LeiEntity>>({
        lei: '724500TESTNL0000001X',
        naam: 'Voorbeeld & Zonen Beheer B.V.',
        andere_namen: ['VOORBEELD EN ZONEN BEHEER BV'],
        kvk_nummer: '12345678',
        plaats: 'Amsterdam',
        postcode: '1012 LG',
        status: 'inactief',
        categorie: 'GENERAL',
        oprichtingsdatum: '2004-10-09',
        laatste_wijziging: '2023-05-25T06:30:56.059Z',
      });
      // The geocoding extension is not kept in the source record.
      expect(Object.keys(rows[0].ruw).some((k) => k.startsWith('Extension'))).toBe(false);
    }
  });
});

describe('RR-CDF relationships', () => {
  it('CSV: keeps the consolidation types, StartNode child and EndNode parent, epoch-ms dates converted', async () => {
    const stats = { gelezen: 0, contentDate: null };
    const rels = await all(parseRrCsv(read('ft-gleifr_test-gleif-relationships_rr-cdf-1.1.csv'), stats));
    expect(stats.gelezen).toBe(400);
    expect(rels.length).toBeGreaterThan(300);
    expect(new Set(rels.map((r) => r.type))).toEqual(new Set(['IS_DIRECTLY_CONSOLIDATED_BY', 'IS_ULTIMATELY_CONSOLIDATED_BY']));
    expect(rels[0]).toMatchObject<Partial<LeiRelationship>>({
      start_lei: '001GPB6A9XPE8XJICC14',
      end_lei: 'C7J4FOV6ELAVE39B7M82',
      type: 'IS_DIRECTLY_CONSOLIDATED_BY',
      status: 'ACTIVE',
      perioden: [
        { start: '2017-01-01T00:00:00.000Z', eind: '2017-12-31T00:00:00.000Z', type: 'ACCOUNTING_PERIOD' },
        { start: '2018-06-15T00:00:00.000Z', eind: null, type: 'RELATIONSHIP_PERIOD' },
      ],
    });
    // 00TV1D5YIV5IDUGWBW29 has its period dates as epoch milliseconds (1498089600000, 1529625600000).
    const epoch = rels.find((r) => r.start_lei === '00TV1D5YIV5IDUGWBW29' && r.type === 'IS_DIRECTLY_CONSOLIDATED_BY')!;
    expect(epoch.perioden[0]).toMatchObject({ start: '2017-06-22T00:00:00.000Z', eind: '2018-06-22T00:00:00.000Z' });
    const dates = rels.flatMap((r) => [r.laatste_wijziging, ...r.perioden.flatMap((p) => [p.start, p.eind])]).filter(Boolean);
    expect(dates.every((d) => /^\d{4}-\d{2}-\d{2}T/.test(d!))).toBe(true);
  });

  it('XML: the real pygleif record with trailing spaces in dates', async () => {
    const rels = await all(parseRrXml(read('pygleif_rr-cdf_record_excerpt_097900BEJX0000001852.xml', 100)));
    expect(rels).toEqual([
      {
        start_lei: '097900BEJX0000001852',
        end_lei: '315700FA4G1UK2XEQF20',
        type: 'IS_DIRECTLY_CONSOLIDATED_BY',
        status: 'ACTIVE',
        registratie_status: 'PUBLISHED',
        laatste_wijziging: '2017-12-14T00:00:00.000Z',
        perioden: [
          { start: '2017-12-14T00:00:00.000Z', eind: null, type: 'ACCOUNTING_PERIOD' },
          { start: '2006-09-22T00:00:00.000Z', eind: null, type: 'RELATIONSHIP_PERIOD' },
          { start: '2017-12-14T00:00:00.000Z', eind: null, type: 'DOCUMENT_FILING_PERIOD' },
        ],
      },
    ]);
  });
});

describe('record helpers', () => {
  it.each([
    ['2017-12-14T00:00:00Z ', '2017-12-14T00:00:00.000Z'],
    ['  2012-08-24T20:53:00.000+02:00', '2012-08-24T18:53:00.000Z'],
    ['1352922180000', '2012-11-14T19:43:00.000Z'],
    ['', null],
    ['   ', null],
    ['niet-een-datum', null],
  ])('gleifDate(%j) = %j', (input, out) => expect(gleifDate(input)).toBe(out));

  it('takes the reference date from the publication name', () => {
    expect(peildatumFromName('20260901-0800-gleif-goldencopy-lei2-golden-copy.xml.zip')?.toISOString()).toBe('2026-09-01T08:00:00.000Z');
    expect(peildatumFromName('20261004-1600-gleif-goldencopy-rr-intra-day.csv')?.toISOString()).toBe('2026-10-04T16:00:00.000Z');
    expect(peildatumFromName('20180901-gleif-concatenated-file-lei2.xml')).toBeNull();
  });

  it('reads a KvK number only under RA000463 and only as 8 digits', () => {
    expect(kvkFrom('RA000463', '34153487')).toBe('34153487');
    expect(kvkFrom('ra000463', ' 3415 3487 ')).toBe('34153487');
    expect(kvkFrom('RA000463', '3415348')).toBeNull();
    expect(kvkFrom('RA000526', '35903058')).toBeNull();
    expect(kvkFrom(null, '34153487')).toBeNull();
  });
});
