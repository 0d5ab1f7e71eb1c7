import { describe, expect, it } from 'vitest';
import { MissingColumnsError } from '../common/header-map';
import { afmFieldFor } from './columns';
import { parseAfmCsv, type AfmInstitution } from './parse';

const FIXTURE = 'test/fixtures/registers/afm/fd-sample.csv';

async function all(input: Parameters<typeof parseAfmCsv>[0], opts: Parameters<typeof parseAfmCsv>[1] = {}) {
  const run = parseAfmCsv(input, opts);
  const recs: AfmInstitution[] = [];
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
    expect(run.stats.notices).toEqual(['unknown columns kept in extra: Vestigingsadres, Postcode, Registratiedatum']);
  });

  it('maps a full row, unknown columns in extra', async () => {
    const { recs } = await all(FIXTURE);
    expect(recs[0]).toEqual({
      line: 2,
      statutaire_naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnaam: 'Hypotheekhuis Voorbeeld',
      plaats: 'Amersfoort',
      land: 'Nederland',
      kvk_nummer: null,
      afm_id: null,
      vergunningnummer: null,
      extra: { Vestigingsadres: 'Stationsplein 1', Postcode: '3811AA', Registratiedatum: '01-04-2007' },
    });
  });

  it.each([
    ['natural person, empty extra values dropped', 1, { statutaire_naam: 'A.B. Voorbeeldpersoon', extra: { Registratiedatum: '15-09-2010' } }],
    ['foreign passport entry, cp1252 ö/ä, empty trade name → null', 2, { statutaire_naam: 'Exempel Försäkring AB', handelsnaam: null, plaats: 'Göteborg', land: 'Zweden' }],
    ['"" escapes, ; and € (0x80) inside quotes, padded values', 3, { statutaire_naam: 'Geld & Zorg "Plus" B.V.', handelsnaam: 'Geld; Zorg € Plus', plaats: 'Enschede', land: 'Nederland' }],
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
    ['Vestigingsadres', undefined],
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
