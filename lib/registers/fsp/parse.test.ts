import { describe, expect, it } from 'vitest';
import { MissingColumnsError } from '../common/header-map';
import { afmFieldFor } from './columns';
import { normalizePostcode, parseAfmCsv, parseJaNee, splitMulti, type AfmRow } from './parse';

const FIXTURE = 'test/fixtures/registers/afm/fd-sample.csv';

async function all(input: Parameters<typeof parseAfmCsv>[0], opts: Parameters<typeof parseAfmCsv>[1] = {}) {
  const run = parseAfmCsv(input, opts);
  const recs: AfmRow[] = [];
  for await (const r of run) recs.push(r);
  return { run, recs };
}

describe('parseAfmCsv on the hand-built cp1252 fixture', () => {
  it('detects cp1252, counts, reports unknown columns once', async () => {
    const { run, recs } = await all(FIXTURE);
    expect(run.stats.encoding).toBe('windows-1252');
    expect(run.stats.read).toBe(6);
    expect(recs).toHaveLength(5);
    expect(run.stats.skippedByReason).toEqual({ geen_naam: 1 });
    expect(run.stats.warningsByCode).toEqual({ kolommen_aantal: 1 });
    expect(run.stats.problems.map((p) => [p.line, p.code])).toEqual([
      [6, 'geen_naam'],
      [7, 'kolommen_aantal'],
    ]);
    expect(run.stats.notices).toEqual(['unknown columns kept in extra: Registratiedatum']);
  });

  it('maps a full row, unknown columns in extra', async () => {
    const { recs } = await all(FIXTURE);
    expect(recs[0]).toEqual({
      line: 2,
      afm_id: null,
      statutaire_naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnamen: ['Hypotheekhuis Voorbeeld'],
      kvk_nummer: null,
      adres: 'Stationsplein 1',
      postcode: '3811AA',
      plaats: 'Amersfoort',
      land: 'Nederland',
      europees_paspoort: null,
      lidstaat_herkomst: null,
      klachteninstituut: null,
      beleidsbepalers: [],
      vergunningnummer: null,
      vergunning_ingangsdatum: null,
      vergunning_einddatum: null,
      product: null,
      diensten: [],
      extra: { Registratiedatum: '01-04-2007' },
    });
  });

  it.each([
    ['natural person, empty extra values dropped', 1, { statutaire_naam: 'A.B. Voorbeeldpersoon', extra: { Registratiedatum: '15-09-2010' } }],
    ['foreign passport entry, cp1252 ö/ä, empty trade name → no trade names', 2, { statutaire_naam: 'Exempel Försäkring AB', handelsnamen: [], plaats: 'Göteborg', land: 'Zweden', adres: null }],
    ['"" escapes, ; and € (0x80) inside quotes, padded values', 3, { statutaire_naam: 'Geld & Zorg "Plus" B.V.', handelsnamen: ['Geld; Zorg € Plus'], plaats: 'Enschede', land: 'Nederland', adres: 'Hengelosestraat 2', postcode: '7511AB' }],
    ['short row: missing trailing columns are null', 4, { statutaire_naam: 'Korte Rij B.V.', plaats: 'Delft', land: null, extra: {} }],
  ] as const)('%s', async (_q, i, expected) => {
    const { recs } = await all(FIXTURE);
    expect(recs[i]).toMatchObject(expected);
  });

  it('gives the same result when the file is read one byte at a time', async () => {
    const bytes = await import('node:fs/promises').then((f) => f.readFile(FIXTURE));
    const chunks = Array.from(bytes, (_b, i) => bytes.subarray(i, i + 1));
    expect((await all(chunks)).recs).toEqual((await all(FIXTURE)).recs);
  });
});

describe('parseAfmCsv header handling (columns.ts)', () => {
  it.each([
    ['Statutaire naam', 'statutaire_naam'],
    ['StatutaireNaam', 'statutaire_naam'],
    ['statutaire_naam', 'statutaire_naam'],
    [' STATUTAIRE NAAM ', 'statutaire_naam'],
    ['Handelsnamen', 'handelsnaam'],
    ['KvK-nummer', 'kvk_nummer'],
    ['Vestigingsadres', 'adres'],
    ['Financiële dienst', 'diensten'],
    ['Registratiedatum', undefined],
  ])('%j → %j', (h, f) => expect(afmFieldFor(h)).toBe(f));

  it('fails clearly when the required column is missing, naming the columns found', async () => {
    const input = [Buffer.from('"Bedrijf";"Plaats"\r\n"X";"Y"\r\n', 'latin1')];
    await expect(all(input)).rejects.toThrow(MissingColumnsError);
    await expect(all(input)).rejects.toThrow(
      'AFM CSV: required column(s) Statutaire naam not found in the header; columns found: "Bedrijf", "Plaats"',
    );
  });

  it('accepts UTF-8 with BOM and comma separators, reports expected columns that are absent', async () => {
    const { recs, run } = await all(['\uFEFFStatutaire naam,Plaats,KvK nummer\n"Één B.V.",Utrecht,1234567\n']);
    expect(recs[0]).toMatchObject({ statutaire_naam: 'Één B.V.', plaats: 'Utrecht', kvk_nummer: '01234567', land: null });
    expect(run.stats.encoding).toBe('utf-8 (BOM)');
    expect(run.stats.notices).toEqual(['expected columns absent: Handelsnaam, Land']);
  });

  it('warns on a bad KvK number and keeps the row', async () => {
    const { recs, run } = await all(['Statutaire naam;KvK\nA;12-34\n']);
    expect(recs[0].kvk_nummer).toBeNull();
    expect(run.stats.warningsByCode).toEqual({ kvk_nummer_ongeldig: 1 });
  });
});

describe('parseAfmCsv on the full assumed layout (fd-export-sample.csv)', () => {
  const FULL = 'test/fixtures/registers/afm/fd-export-sample.csv';

  it('maps every column of EXPORT_LAYOUT, no unknown columns, one skipped row', async () => {
    const { run, recs } = await all(FULL);
    expect(run.stats.encoding).toBe('windows-1252');
    expect(run.stats.read).toBe(9);
    expect(recs).toHaveLength(8);
    expect(run.stats.skippedByReason).toEqual({ geen_naam: 1 });
    expect(run.stats.warnings).toBe(0);
    expect(run.stats.notices).toEqual([]);
    expect(recs[0]).toEqual({
      line: 2,
      afm_id: 'a1b2c3d4-0001-4000-8000-000000000001',
      statutaire_naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnamen: ['Hypotheekhuis Voorbeeld', 'HV Advies'],
      kvk_nummer: '12345678',
      adres: 'Stationsplein 1',
      postcode: '3811AA',
      plaats: 'Amersfoort',
      land: 'Nederland',
      europees_paspoort: false,
      lidstaat_herkomst: null,
      klachteninstituut: 'Kifid',
      beleidsbepalers: ['J. Jansen', 'P. de Vries'],
      vergunningnummer: '12000001',
      vergunning_ingangsdatum: '2007-04-01',
      vergunning_einddatum: null,
      product: 'Hypothecair krediet',
      diensten: ['Adviseren', 'Bemiddelen'],
      extra: {},
    });
  });

  it.each([
    ['ended licence, ISO dates', 2, { vergunningnummer: '12000002', vergunning_ingangsdatum: '2010-01-01', vergunning_einddatum: '2015-06-30', product: 'Schadeverzekeringen', diensten: ['Adviseren'] }],
    ['passport ja, cp1252 Å, foreign postcode as written', 3, { europees_paspoort: true, lidstaat_herkomst: 'Zweden', beleidsbepalers: ['Åsa Lindqvist'], postcode: '411 38', kvk_nummer: null }],
    ['KvK re-padded, empty passport → null, € in trade name', 5, { kvk_nummer: '07654321', europees_paspoort: null, handelsnamen: ['Geld; Zorg € Plus'], vergunning_einddatum: '2099-12-31' }],
    ['ë in cp1252', 7, { land: 'België', lidstaat_herkomst: 'België', diensten: ['Adviseren', 'Bemiddelen'] }],
  ] as const)('%s', async (_q, i, expected) => {
    const { recs } = await all(FULL);
    expect(recs[i]).toMatchObject(expected);
  });

  it('warns on a bad date and an unknown passport value, keeping the row', async () => {
    const { recs, run } = await all(['Statutaire naam;Ingangsdatum vergunning;Einddatum vergunning;Europees paspoort\nA;31-02-2020;2021-01-01;misschien\n']);
    expect(recs[0]).toMatchObject({ vergunning_ingangsdatum: null, vergunning_einddatum: '2021-01-01', europees_paspoort: null });
    expect(run.stats.warningsByCode).toEqual({ datum_ongeldig: 1, europees_paspoort_onbekend: 1 });
  });
});

describe('cell helpers', () => {
  it.each([
    [null, []],
    ['', []],
    ['A', ['A']],
    [' A |B|  | A ', ['A', 'B']],
  ] as const)('splitMulti(%j) → %j', (cell, out) => expect(splitMulti(cell)).toEqual(out));

  it.each([
    ['3811 aa', '3811AA'],
    ['3811AA', '3811AA'],
    ['411 38', '411 38'],
    [null, null],
  ] as const)('normalizePostcode(%j) → %j', (raw, out) => expect(normalizePostcode(raw)).toBe(out));

  it.each([
    ['Ja', true],
    ['y', true],
    ['1', true],
    ['Nee', false],
    ['0', false],
    [null, null],
    ['soms', 'unknown'],
  ] as const)('parseJaNee(%j) → %j', (raw, out) => expect(parseJaNee(raw)).toBe(out));
});
