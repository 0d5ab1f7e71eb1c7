// Completeness of GLEIF files (completeness.ts): the fixtures cut the way a broken download cuts them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ImportRefused } from '../common/refusal';
import { checkGleifCsv, checkGleifXml } from './completeness';
import { parseLeiCsv } from './parse-csv';
import { parseRrXml, type RrParseStats } from './parse-rr';
import { parseLeiXml, type XmlParseStats } from './parse-xml';

const F = path.join(fileURLToPath(new URL('../../..', import.meta.url)), 'test/fixtures/registers/gleif');
const NL = fs.readFileSync(path.join(F, '20260901-0800-gleif-goldencopy-lei2-golden-copy.xml'));
const RR = fs.readFileSync(path.join(F, 'pygleif_rr-cdf_record_excerpt_097900BEJX0000001852.xml'));
const CSV = fs.readFileSync(path.join(F, 'ft-gleifr_test-gleif-entities_lei-cdf-2.1.csv'));

function* chunks(b: Buffer, size = 333): Generator<Buffer> {
  for (let i = 0; i < b.length; i += size) yield b.subarray(i, i + size);
}

async function l1Facts(bytes: Buffer): Promise<XmlParseStats> {
  const stats: XmlParseStats = { gelezen: 0, contentDate: null, recordCount: null };
  for await (const _ of parseLeiXml(chunks(bytes) as unknown as AsyncIterable<Buffer>, stats)); // eslint-disable-line @typescript-eslint/no-unused-vars
  return stats;
}

function refusal(f: () => unknown): ImportRefused {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(ImportRefused);
    expect((e as ImportRefused).soort).toBe('onvolledig');
    return e as ImportRefused;
  }
  throw new Error('not refused');
}

// The byte offset just after the first record's end tag (a record boundary).
const afterFirstRecord = (b: Buffer) => b.indexOf('</lei:LEIRecord>') + '</lei:LEIRecord>'.length;

describe('LEI-CDF completeness', () => {
  it('passes the complete file: RecordCount 2, 2 records, root closed', async () => {
    const facts = await l1Facts(NL);
    expect(facts.recordCount).toBe(2);
    expect(checkGleifXml('nl.xml', 'LEI-CDF', facts)).toEqual({ records: 2, record_count: 2, hoofdelement_gesloten: true, melding: null });
  });

  it('refuses the file cut at 60% mid-record', async () => {
    const cut = NL.subarray(0, Math.floor(NL.length * 0.6));
    const facts = await l1Facts(cut);
    expect(facts.end).toMatchObject({ root: 'lei:LEIData', rootClosed: false, unfinished: 1 });
    const e = refusal(() => checkGleifXml('nl.xml', 'LEI-CDF', facts));
    expect(e.reden).toBe(
      'nl.xml: het bestand is afgebroken midden in een record (1 record zonder eindtag); 1 volledige records gelezen van de 2 die de kop noemt (RecordCount); niet gepubliceerd.',
    );
  });

  it('refuses the file cut at a record boundary (root never closed)', async () => {
    const facts = await l1Facts(NL.subarray(0, afterFirstRecord(NL)));
    expect(facts.end).toEqual({ root: 'lei:LEIData', rootClosed: false, unfinished: 0 });
    const e = refusal(() => checkGleifXml('nl.xml', 'LEI-CDF', facts));
    expect(e.reden).toBe('nl.xml: het hoofdelement <lei:LEIData> wordt niet afgesloten: het bestand is afgebroken na 1 records van de 2 die de kop noemt (RecordCount); niet gepubliceerd.');
  });

  it('refuses a file whose records differ from its RecordCount, also with the root closed', async () => {
    const one = Buffer.concat([NL.subarray(0, afterFirstRecord(NL)), Buffer.from('\n</lei:LEIRecords>\n</lei:LEIData>\n')]);
    const facts = await l1Facts(one);
    expect(facts.end?.rootClosed).toBe(true);
    expect(refusal(() => checkGleifXml('nl.xml', 'LEI-CDF', facts)).reden).toBe('nl.xml: de kop noemt 2 records (RecordCount), het bestand bevat er 1; niet gepubliceerd.');
    const more = await l1Facts(Buffer.from(NL.toString('utf8').replace('<lei:RecordCount>2<', '<lei:RecordCount>3<')));
    expect(refusal(() => checkGleifXml('nl.xml', 'LEI-CDF', more)).reden).toContain('de kop noemt 3 records');
  });

  it('without RecordCount relies on the closed root and says so', async () => {
    const noCount = Buffer.from(NL.toString('utf8').replace(/\s*<lei:RecordCount>2<\/lei:RecordCount>/, ''));
    const facts = await l1Facts(noCount);
    expect(facts.recordCount).toBeNull();
    const c = checkGleifXml('nl.xml', 'LEI-CDF', facts);
    expect(c).toMatchObject({ records: 2, record_count: null, hoofdelement_gesloten: true });
    expect(c.melding).toContain('geen RecordCount');
    const cut = await l1Facts(noCount.subarray(0, afterFirstRecord(noCount)));
    expect(refusal(() => checkGleifXml('nl.xml', 'LEI-CDF', cut)).reden).toContain('wordt niet afgesloten');
  });

  it('refuses an empty or foreign file (no root element)', async () => {
    expect(refusal(() => checkGleifXml('x.xml', 'LEI-CDF', { gelezen: 0, recordCount: null, end: { root: null, rootClosed: false, unfinished: 0 } })).reden).toContain('geen LEI-CDF-XML');
    expect(refusal(() => checkGleifXml('x.xml', 'LEI-CDF', { gelezen: 0, recordCount: null })).reden).toContain('geen hoofdelement');
  });
});

describe('RR-CDF completeness', () => {
  async function rrFacts(bytes: Buffer): Promise<RrParseStats> {
    const stats: RrParseStats = { gelezen: 0, contentDate: null };
    for await (const _ of parseRrXml(chunks(bytes, 100) as unknown as AsyncIterable<Buffer>, stats)); // eslint-disable-line @typescript-eslint/no-unused-vars
    return stats;
  }
  const check = (s: RrParseStats) => checkGleifXml('rr.xml', 'RR-CDF', { gelezen: s.gelezen, recordCount: s.recordCount ?? null, end: s.end });

  it('passes the real record in its wrapper (no header: noted) and refuses it cut', async () => {
    const whole = await rrFacts(RR);
    expect(check(whole)).toMatchObject({ records: 1, record_count: null, hoofdelement_gesloten: true });
    const cut = await rrFacts(RR.subarray(0, Math.floor(RR.length * 0.6)));
    expect(refusal(() => check(cut)).reden).toContain('rr.xml: het bestand is afgebroken midden in een record');
    const boundary = RR.indexOf('</rr:RelationshipRecord>') + '</rr:RelationshipRecord>'.length;
    expect(refusal(() => check({ ...whole, end: undefined })).reden).toContain('geen RR-CDF-XML');
    const atBoundary = await rrFacts(RR.subarray(0, boundary));
    expect(refusal(() => check(atBoundary)).reden).toContain('<rr:RelationshipData> wordt niet afgesloten');
  });

  it('compares a header RecordCount with the records', async () => {
    const withCount = Buffer.from(RR.toString('utf8').replace('<rr:RelationshipRecords>', '<rr:RRHeader><rr:RecordCount>5</rr:RecordCount></rr:RRHeader>\n<rr:RelationshipRecords>'));
    const s = await rrFacts(withCount);
    expect(s.recordCount).toBe(5);
    expect(refusal(() => check(s)).reden).toBe('rr.xml: de kop noemt 5 records (RecordCount), het bestand bevat er 1; niet gepubliceerd.');
  });
});

describe('LEI CSV completeness', () => {
  async function csvFacts(bytes: Buffer) {
    const stats: { gelezen: number; csv?: { header: number; lastRowFields: number | null } } = { gelezen: 0 };
    for await (const _ of parseLeiCsv(chunks(bytes, 4096) as unknown as AsyncIterable<Buffer>, stats)); // eslint-disable-line @typescript-eslint/no-unused-vars
    return { gelezen: stats.gelezen, header: stats.csv?.header ?? 0, lastRowFields: stats.csv?.lastRowFields ?? null };
  }

  it('passes the 400 real rows, refuses a last row cut mid-row, and says a CSV has no count', async () => {
    const whole = await csvFacts(CSV);
    expect(whole).toMatchObject({ gelezen: 400, header: 228, lastRowFields: 228 });
    expect(checkGleifCsv('l1.csv', 'LEI-CDF', whole).melding).toContain('CSV zonder aantal records');
    const cut = await csvFacts(CSV.subarray(0, Math.floor(CSV.length * 0.6)));
    expect(cut.lastRowFields).toBeLessThan(228);
    expect(refusal(() => checkGleifCsv('l1.csv', 'LEI-CDF', cut)).reden).toMatch(/^l1\.csv: de laatste regel heeft \d+ van de 228 kolommen: het bestand is afgebroken/);
    expect(refusal(() => checkGleifCsv('l1.csv', 'LEI-CDF', { gelezen: 0, header: 0, lastRowFields: null })).reden).toContain('het bestand is leeg');
  });
});
