import { describe, expect, it } from 'vitest';
import { MissingColumnsError } from '../common/header-map';
import { groupInstitutions } from './institutions';
import { parseDnbCsv, type DnbRegistration } from './parse';

const DIR = 'test/fixtures/registers/dnb';

async function all(input: Parameters<typeof parseDnbCsv>[0], opts: Parameters<typeof parseDnbCsv>[1] = {}) {
  const run = parseDnbCsv(input, opts);
  const recs: DnbRegistration[] = [];
  for await (const r of run) recs.push(r);
  return { run, recs };
}

describe('parseDnbCsv on WFTDG.csv (BOM, CRLF)', () => {
  it('counts rows, skips and warnings', async () => {
    const { run, recs } = await all(`${DIR}/WFTDG.csv`);
    expect(run.stats.read).toBe(5);
    expect(recs).toHaveLength(4);
    expect(run.stats.encoding).toBe('utf-8 (BOM)');
    expect(run.stats.skippedByReason).toEqual({ geen_relatienummer: 1 });
    expect(run.stats.warningsByCode).toEqual({ lei_ongeldig: 1 });
    expect(run.stats.problems.map((p) => [p.line, p.code])).toEqual([
      [5, 'lei_ongeldig'],
      [6, 'geen_relatienummer'],
    ]);
  });

  it('maps a full row', async () => {
    const { recs } = await all(`${DIR}/WFTDG.csv`);
    expect(recs[0]).toEqual({
      line: 2,
      deelregister: 'WFTDG',
      relatienummer: 'F9001',
      statutaire_naam: 'Voorbeeldbank N.V.',
      statutaire_plaats: 'Amsterdam',
      plaats_vestiging: 'Amsterdam',
      land: null,
      kvk_nummer: '34123456',
      rsin: '812345678',
      lei: '7245009VOORBEELD0001',
      handelsnaam: 'Voorbeeldbank',
      registratietype: 'Vergunning',
      wetsartikel: '2:11 Wft',
      begindatum: '2012-01-01',
      einddatum: null,
      activiteit: 'Bank - CI',
      begindatum_activiteit: '2012-01-01',
      einddatum_activiteit: null,
      extra: {},
    });
  });

  it.each([
    ['quoted ; in trade name', 1, 'handelsnaam', 'Voorbeeld; Betalen'],
    ['ISO activity date', 1, 'begindatum_activiteit', '2015-06-01'],
    ['"" escapes in name', 2, 'statutaire_naam', 'Spaarbank "De Eik" B.V.'],
    ['KvK with dropped leading zero', 2, 'kvk_nummer', '01234567'],
    ['RSIN with dropped leading zero', 2, 'rsin', '023456789'],
    ['Dutch end date', 2, 'einddatum', '2024-12-31'],
    ['empty LEI → null', 2, 'lei', null],
    ['trailing spaces in name', 3, 'statutaire_naam', 'Coöperatieve Dorpsbank U.A.'],
    ['trailing space in place', 3, 'statutaire_plaats', 'Zeist'],
    ['invalid LEI cleared', 3, 'lei', null],
    ['d-m-yyyy date', 3, 'begindatum', '2020-07-15'],
    ['Ontheffing type', 3, 'registratietype', 'Ontheffing'],
  ] as const)('%s', async (_q, i, field, expected) => {
    const { recs } = await all(`${DIR}/WFTDG.csv`);
    expect(recs[i][field]).toEqual(expected);
  });
});

describe('parseDnbCsv on WFTAF.csv (BOM, LF, newline inside quotes)', () => {
  it('reads rows with right line numbers and quirks', async () => {
    const { run, recs } = await all(`${DIR}/WFTAF.csv`);
    expect(recs.map((r) => [r.line, r.relatienummer])).toEqual([
      [2, 'R9101'],
      [3, 'R9101'],
      [4, 'R9102'],
      [6, 'R9103'],
    ]);
    expect(recs[2].statutaire_naam).toBe('Zorg & Zeker Onderlinge Waarborgmaatschappij U.A.');
    expect(recs[2].kvk_nummer).toBe('02012345');
    expect(recs[2].begindatum).toBe('2001-02-03');
    expect(recs[2].einddatum).toBeNull(); // 2025-13-01 is not a date
    expect(recs[3].begindatum).toBeNull(); // only spaces
    expect(recs[3].extra).toEqual({});
    expect(run.stats.warningsByCode).toEqual({ datum_ongeldig: 1, kolommen_aantal: 1 });
  });

  it('groups rows into institutions by relatienummer, merging activities', async () => {
    const { recs } = await all(`${DIR}/WFTAF.csv`);
    const inst = groupInstitutions(recs);
    expect(inst.map((i) => i.relatienummer)).toEqual(['R9101', 'R9102', 'R9103']);
    expect(inst[0]).toEqual({
      relatienummer: 'R9101',
      statutaire_naam: 'Voorbeeld Verzekeringen N.V.',
      statutaire_plaats: 'Rotterdam',
      plaats_vestiging: 'Rotterdam',
      land: null,
      kvk_nummer: '24000001',
      rsin: '800000011',
      lei: '724500VOORBEELD00042',
      handelsnamen: ['Voorbeeld Schade', 'Voorbeeld Leven'],
      deelregisters: ['WFTAF'],
      registraties: [
        {
          deelregister: 'WFTAF',
          registratietype: 'Vergunning',
          wetsartikel: '2:27 Wft',
          begindatum: '1996-01-01',
          einddatum: null,
          activiteiten: [
            { activiteit: 'Schade', begindatum: '1996-01-01', einddatum: null },
            { activiteit: 'Leven', begindatum: '1996-01-01', einddatum: '2019-06-30' },
          ],
        },
      ],
      conflicten: {},
    });
  });
});

describe('parseDnbCsv header handling', () => {
  it('fails clearly when required columns are missing, naming the columns found', async () => {
    await expect(all(['Naam;Plaats\nA;B\n'])).rejects.toThrow(MissingColumnsError);
    await expect(all(['Naam;Plaats\nA;B\n'])).rejects.toThrow(
      'DNB CSV: required column(s) Relatienummer not found in the header; columns found: "Naam", "Plaats"',
    );
  });

  it('accepts other spellings, keeps unknown columns in extra, takes deelregister from the option', async () => {
    const { recs, run } = await all(['relatie_nummer;Statutaire naam;KvK-nummer;Toezichthouder\nX1;Test B.V.;12345678;DNB\n'], {
      deelregister: 'WFTBI',
    });
    expect(recs[0]).toMatchObject({ relatienummer: 'X1', statutaire_naam: 'Test B.V.', kvk_nummer: '12345678', deelregister: 'WFTBI', extra: { Toezichthouder: 'DNB' } });
    expect(run.stats.notices).toEqual(['unknown columns kept in extra: Toezichthouder']);
  });

  it('records conflicting identity values between rows of one relatienummer', () => {
    const base = { line: 1, deelregister: 'A', relatienummer: 'R1', statutaire_naam: 'N', statutaire_plaats: null, plaats_vestiging: null, land: null, kvk_nummer: '11111111', rsin: null, lei: null, handelsnaam: null, registratietype: null, wetsartikel: null, begindatum: null, einddatum: null, activiteit: null, begindatum_activiteit: null, einddatum_activiteit: null, extra: {} };
    const [i] = groupInstitutions([base, { ...base, deelregister: 'B', kvk_nummer: '22222222', rsin: '123456789' }]);
    expect(i.conflicten).toEqual({ kvk_nummer: ['11111111', '22222222'] });
    expect(i.rsin).toBe('123456789');
    expect(i.deelregisters).toEqual(['A', 'B']);
    expect(i.registraties).toHaveLength(2);
  });

  it('keeps at most maxProblems problems and says so', async () => {
    const body = 'Relatienummer;StatutaireNaam\n' + ';x\n'.repeat(10);
    const { run } = await all([body], { maxProblems: 3 });
    expect(run.stats.skipped).toBe(10);
    expect(run.stats.problems).toHaveLength(3);
    expect(run.stats.problemsTruncated).toBe(true);
  });
});
