// The import's fast row path (parse worker): XML records read straight to rows (parseLeiXmlEncoded +
// entityLine) must give exactly the COPY text of the classic path (parseLeiXml + entityRow + copyLine).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { copyLine } from '../common/copy-text';
import { parseLeiXml, parseLeiXmlEncoded, REPEATED } from './parse-xml';
import { readFlatRecord } from './record-xml';
import { gleifDate, type EncodedLeiEntity, type LeiEntity } from './record';
import { ENTITY_COLUMNS, entityLine, entityRow, ZOEK_COLUMNS, zoekLine, zoekRow } from './source';

const F = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'test/fixtures/registers/gleif');

async function both(source: () => AsyncIterable<Buffer | string>): Promise<{ classic: LeiEntity[]; encoded: EncodedLeiEntity[] }> {
  const classic: LeiEntity[] = [];
  for await (const e of parseLeiXml(source())) classic.push(e);
  const encoded: EncodedLeiEntity[] = [];
  for await (const batch of parseLeiXmlEncoded(source())) encoded.push(...batch);
  return { classic, encoded };
}

function expectSameRows(classic: LeiEntity[], encoded: EncodedLeiEntity[]) {
  expect(encoded).toHaveLength(classic.length);
  classic.forEach((e, i) => {
    const { plain: _plain, ...rest } = encoded[i];
    expect(rest).toEqual({ ...e, ruw: JSON.stringify(e.ruw) });
    const line = copyLine(ENTITY_COLUMNS, entityRow(7, e));
    expect(entityLine(7, encoded[i])).toBe(line);
    expect(entityLine(7, e)).toBe(line);
    expect(copyLine(ENTITY_COLUMNS, entityRow(7, encoded[i]))).toBe(line);
    // The search table's row (lei_zoek) likewise.
    const zoek = copyLine(ZOEK_COLUMNS, zoekRow(7, e));
    expect(zoekLine(7, encoded[i])).toBe(zoek);
    expect(zoekLine(7, e)).toBe(zoek);
  });
}

const record = (lei: string, name: string, extra = '', lang = 'nl') => `<lei:LEIRecord>
   <lei:LEI>${lei}</lei:LEI>
   <lei:Entity>
      <lei:LegalName xml:lang="${lang}">${name}</lei:LegalName>
      <lei:OtherEntityNames>
         <lei:OtherEntityName type="TRADING_OR_OPERATING_NAME">${name} Handel</lei:OtherEntityName>
         <lei:OtherEntityName type="PREVIOUS_LEGAL_NAME">${name}</lei:OtherEntityName>
      </lei:OtherEntityNames>
      <lei:LegalAddress xml:lang="${lang}">
         <lei:FirstAddressLine>${name} 1</lei:FirstAddressLine>
         <lei:AdditionalAddressLine>Unit "2"</lei:AdditionalAddressLine>
         <lei:City>${name}</lei:City>
         <lei:Country>NL</lei:Country>
         <lei:PostalCode>1234 AB</lei:PostalCode>
      </lei:LegalAddress>
      <lei:RegistrationAuthority>
         <lei:RegistrationAuthorityID>RA000463</lei:RegistrationAuthorityID>
         <lei:RegistrationAuthorityEntityID>1234 5678</lei:RegistrationAuthorityEntityID>
      </lei:RegistrationAuthority>
      <lei:LegalJurisdiction>NL</lei:LegalJurisdiction>
      <lei:LegalForm><lei:EntityLegalFormCode>54M6</lei:EntityLegalFormCode><lei:OtherLegalForm>${name} BV</lei:OtherLegalForm></lei:LegalForm>
      <lei:EntityStatus>ACTIVE</lei:EntityStatus>
      <lei:EntityCreationDate>2024-02-29T00:00:00Z</lei:EntityCreationDate>${extra}
   </lei:Entity>
   <lei:Registration>
      <lei:InitialRegistrationDate>2023-02-29T11:46:15Z</lei:InitialRegistrationDate>
      <lei:LastUpdateDate>2026-01-31T16:34:33.123Z</lei:LastUpdateDate>
      <lei:RegistrationStatus>ISSUED</lei:RegistrationStatus>
      <lei:NextRenewalDate> 2027-04-31T16:56:26Z </lei:NextRenewalDate>
      <lei:ManagingLOU>213800LOU21380000114</lei:ManagingLOU>
   </lei:Registration>
   <lei:Extension><gleif:Geocoding xmlns:gleif="x"><gleif:x>1</gleif:x></gleif:Geocoding></lei:Extension>
</lei:LEIRecord>
`;

const TRICKY = [
  'Plain B.V.',
  'Back\\slash B.V.',
  'Tab\there',
  'New\nline',
  'Cr\r\nlf',
  'Quote " B.V.',
  "Apos ' B.V.",
  'Amp &amp; &lt;lt&gt; &quot;q&quot; &apos;a&apos;',
  'Caf\u00e9 \u20ac \u00df \u0130stanbul',
  'Emoji \ud83d\ude00',
  '\\N',
  '  spaced  ',
  '{"json": [1]}',
  '\u0001ctrl\u007f\u2028',
  'Ünïcödé "\\\t\n" mix',
];

function file(records: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016">\n<lei:LEIHeader><lei:ContentDate>2026-11-01T08:00:00Z</lei:ContentDate></lei:LEIHeader>\n<lei:LEIRecords>\n${records.join('')}</lei:LEIRecords>\n</lei:LEIData>\n`;
}

describe('parseLeiXmlEncoded + entityLine', () => {
  it.each([
    'bods-gleif-pipeline_lei-cdf-3.1_excerpt_2records.xml',
    '20260901-0800-gleif-goldencopy-lei2-golden-copy.xml',
  ])('gives the classic rows on %s', async (name) => {
    const { classic, encoded } = await both(() => fs.createReadStream(path.join(F, name), { highWaterMark: 777 }));
    expectSameRows(classic, encoded);
  });

  it('gives the classic rows on hostile values, whatever record came before', async () => {
    const records = TRICKY.flatMap((name, i) => [
      record(`LEI${String(i).padStart(17, '0')}`, name),
      record(`LEX${String(i).padStart(17, '0')}`, name, '\n      <lei:EntityCategory>FUND</lei:EntityCategory>', 'en'),
    ]);
    // all of them on the fast path (the flat view), not the tree fallback
    for (const r of records) expect(readFlatRecord(r, (n) => REPEATED.has(n), ['Extension'])).toBeDefined();
    const xml = file([...records, ...records.slice().reverse()]);
    for (const size of [64, 100_000]) {
      const { classic, encoded } = await both(() => Readable.from([Buffer.from(xml)]));
      expect(classic).toHaveLength(records.length * 2);
      expectSameRows(classic, encoded);
      // chunked
      const chunks = () =>
        (async function* () {
          const buf = Buffer.from(xml);
          for (let i = 0; i < buf.length; i += size) yield buf.subarray(i, i + size);
        })();
      const c = await both(chunks);
      expectSameRows(c.classic, c.encoded);
    }
  });

  it('marks only rows without a quote, backslash or control character as plain', async () => {
    const { encoded } = await both(() => Readable.from([Buffer.from(file([record('LEI00000000000000001', 'Plain'), record('LEI00000000000000002', 'Back\\slash')]))]));
    expect(encoded.map((e) => e.plain)).toEqual([false, false]); // Unit "2" has quotes
    const plain = await both(() => Readable.from([Buffer.from(file([record('LEI00000000000000003', 'Plain').replace('Unit "2"', 'Unit 2')]))]));
    expect(plain.encoded.map((e) => e.plain)).toEqual([true]);
    expectSameRows(plain.classic, plain.encoded);
  });

  it('reads dates past the month end as Date does (rolled over)', () => {
    expect(gleifDate('2024-02-29T00:00:00Z')).toBe('2024-02-29T00:00:00.000Z');
    expect(gleifDate('2023-02-29T11:46:15Z')).toBe('2023-03-01T11:46:15.000Z');
    expect(gleifDate('1900-02-29T00:00:00Z')).toBe('1900-03-01T00:00:00.000Z');
    expect(gleifDate('2000-02-29T00:00:00Z')).toBe('2000-02-29T00:00:00.000Z');
    expect(gleifDate(' 2027-04-31T16:56:26Z ')).toBe('2027-05-01T16:56:26.000Z');
    expect(gleifDate('2026-01-31T16:34:33.123Z')).toBe('2026-01-31T16:34:33.123Z');
    expect(gleifDate('2026-12-31T24:00:00Z')).toBe('2027-01-01T00:00:00.000Z');
  });
});
