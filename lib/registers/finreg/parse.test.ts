import { describe, expect, it } from 'vitest';
import { MissingColumnsError } from '../common/header-map';
import { groupInstitutions } from './institutions';
import { DNB_DETAILS_EMPTY, parseDnbCsv, type DnbRegistration } from './parse';
import { DNB_HEADERS } from './columns';

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
      land: 'Nederland',
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
      ...DNB_DETAILS_EMPTY,
      in_liquidatie: false,
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
    ['Inliquidatie Ja', 2, 'in_liquidatie', true],
    ['DatumInLiquidatie dd-mm-yyyy', 2, 'datum_in_liquidatie', '2024-11-01'],
    ['Deelregister name → code', 2, 'deelregister', 'WFTDG'],
    ['StatutaireLand → land', 2, 'land', 'Nederland'],
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
      land: 'Nederland',
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
      'DNB CSV: required column(s) Relatienummer, StatutaireNaam not found in the header; columns found: "Naam", "Plaats"',
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
    const base = { line: 1, deelregister: 'A', relatienummer: 'R1', statutaire_naam: 'N', statutaire_plaats: null, plaats_vestiging: null, land: null, kvk_nummer: '11111111', rsin: null, lei: null, handelsnaam: null, registratietype: null, wetsartikel: null, begindatum: null, einddatum: null, activiteit: null, begindatum_activiteit: null, einddatum_activiteit: null, ...DNB_DETAILS_EMPTY, extra: {} };
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

describe('parseDnbCsv on DNB\'s 34-column layout', () => {
  const ROW: Record<string, string> = {
    Deelregister: 'Banken', Relatienummer: 'B0013', StatutaireNaam: 'Voorbeeld Bank N.V.', StatutaireLand: 'NEDERLAND', StatutairePlaats: 'UTRECHT',
    Inliquidatie: 'Nee', DatumInLiquidatie: '', Handelsnaam: 'Voorbeeld Lease', AdresVestiging: 'Beneluxlaan 1010', PostcodeVestiging: '3526KK',
    PlaatsVestiging: 'UTRECHT', LandVestiging: 'NEDERLAND', LandCodeVestiging: 'NL', Postadres: 'Postbus 1', PlaatsPostadres: 'UTRECHT',
    LandPostadres: 'NEDERLAND', LandCodePostadres: 'NL', KvK: '30099465', RSIN: '006053713', LEI: '724500P8OJQXJ812G446',
    RegistratieType: 'Europees paspoort', Wetsartikel: 'Art. 2:112 Wft', Begindatum: '01-04-2020', Einddatum: '', ActiviteitBranche: 'Kredietverlening',
    BegindatumActiviteit: '01-04-2020', EinddatumActiviteit: '31-12-2030', Onherroepelijkheidsdatum: '15-04-2020', GerelateerdRelatienummer: 'B0001',
    GerelateerdStatutaireNaam: 'Moeder N.V.', Land: 'Duitsland', LandCode: 'DE', APFRelatienummer: 'A0001', APFStatutaireNaam: 'APF Voorbeeld',
  };
  const csv = (headers: readonly string[], rows: Record<string, string>[], bom = true) =>
    (bom ? '\uFEFF' : '') + [headers.join(';'), ...rows.map((r) => headers.map((h) => r[h] ?? '').join(';'))].join('\r\n') + '\r\n';

  it('has exactly the 34 headers of DNB\'s download, in order', () => {
    expect(DNB_HEADERS.join(';')).toBe(
      'Deelregister;Relatienummer;StatutaireNaam;StatutaireLand;StatutairePlaats;Inliquidatie;DatumInLiquidatie;Handelsnaam;AdresVestiging;PostcodeVestiging;PlaatsVestiging;LandVestiging;LandCodeVestiging;Postadres;PlaatsPostadres;LandPostadres;LandCodePostadres;KvK;RSIN;LEI;RegistratieType;Wetsartikel;Begindatum;Einddatum;ActiviteitBranche;BegindatumActiviteit;EinddatumActiviteit;Onherroepelijkheidsdatum;GerelateerdRelatienummer;GerelateerdStatutaireNaam;Land;LandCode;APFRelatienummer;APFStatutaireNaam',
    );
  });

  it('reads every column of a full row', async () => {
    const { recs, run } = await all([csv(DNB_HEADERS, [ROW])], { deelregister: 'WFTKF' });
    expect(run.stats.warnings).toBe(0);
    expect(run.stats.notices).toEqual([]);
    expect(run.stats.encoding).toBe('utf-8 (BOM)');
    expect(recs).toEqual([
      {
        line: 2, deelregister: 'WFTKF', relatienummer: 'B0013', statutaire_naam: 'Voorbeeld Bank N.V.', statutaire_plaats: 'UTRECHT',
        plaats_vestiging: 'UTRECHT', land: 'NEDERLAND', kvk_nummer: '30099465', rsin: '006053713', lei: '724500P8OJQXJ812G446',
        handelsnaam: 'Voorbeeld Lease', registratietype: 'Europees paspoort', wetsartikel: 'Art. 2:112 Wft', begindatum: '2020-04-01', einddatum: null,
        activiteit: 'Kredietverlening', begindatum_activiteit: '2020-04-01', einddatum_activiteit: '2030-12-31', in_liquidatie: false,
        datum_in_liquidatie: null, adres_vestiging: 'Beneluxlaan 1010', postcode_vestiging: '3526KK', land_vestiging: 'NEDERLAND',
        landcode_vestiging: 'NL', postadres: 'Postbus 1', plaats_postadres: 'UTRECHT', land_postadres: 'NEDERLAND', landcode_postadres: 'NL',
        onherroepelijkheidsdatum: '2020-04-15', gerelateerd_relatienummer: 'B0001', gerelateerd_statutaire_naam: 'Moeder N.V.',
        registratie_land: 'Duitsland', registratie_landcode: 'DE', apf_relatienummer: 'A0001', apf_statutaire_naam: 'APF Voorbeeld', extra: {},
      },
    ]);
  });

  it('takes headers in any order and any case, ignores extra columns, empty cells → null, no BOM', async () => {
    // reversed order, alternately lower and upper case, plus a column DNB does not have
    const cased = [...DNB_HEADERS].reverse().map((h, i) => [h, i % 2 ? h.toUpperCase() : h.toLowerCase()] as const);
    const headers = [...cased.map(([, c]) => c), 'Nieuwe kolom'];
    const asRow = (r: Record<string, string>) => Object.fromEntries([...cased.map(([h, c]) => [c, r[h]]), ['Nieuwe kolom', 'x']]);
    const { recs, run } = await all([csv(headers, [asRow(ROW), asRow({ ...ROW, Relatienummer: 'B0014', Postadres: '' })], false)]);
    expect(run.stats.encoding).not.toContain('BOM');
    expect(run.stats.warnings).toBe(0);
    expect(recs[0]).toMatchObject({ deelregister: 'WFTKF', relatienummer: 'B0013', kvk_nummer: '30099465', begindatum: '2020-04-01', registratie_landcode: 'DE', extra: { 'Nieuwe kolom': 'x' } });
    expect(recs[1]).toMatchObject({ relatienummer: 'B0014', postadres: null, plaats_postadres: 'UTRECHT' });
  });

  it('maps the register NAME to its code, also in the file of another code, and accepts a code', async () => {
    const rows = [
      { ...ROW, Deelregister: 'Verzekeraars' },
      { ...ROW, Deelregister: 'premiepensioen instellingen' },
      { ...ROW, Deelregister: 'Actuariele organisaties' },
      { ...ROW, Deelregister: 'WTTTK' },
      { ...ROW, Deelregister: '' },
    ];
    const { recs, run } = await all([csv(DNB_HEADERS, rows)], { deelregister: 'WFTKF' });
    expect(recs.map((r) => r.deelregister)).toEqual(['WFTVE', 'WFTPP', 'PWACB', 'WTTTK', 'WFTKF']);
    expect(run.stats.warnings).toBe(0);
  });

  it('counts and reports an unknown register name, and keeps the row', async () => {
    const rows = [{ ...ROW, Deelregister: 'Kredietinstellingen - CN' }, { ...ROW, Deelregister: 'Cryptodienstverleners' }, { ...ROW, Deelregister: 'Cryptodienstverleners' }];
    const withCode = await all([csv(DNB_HEADERS, rows)], { deelregister: 'WFTKF' });
    expect(withCode.recs).toHaveLength(3);
    expect(withCode.recs.map((r) => r.deelregister)).toEqual(['WFTKF', 'WFTKF', 'WFTKF']);
    expect(withCode.run.stats.warningsByCode).toEqual({ deelregister_onbekend: 3 });
    expect(withCode.run.stats.notices).toEqual(['unknown Deelregister name: "Kredietinstellingen - CN"', 'unknown Deelregister name: "Cryptodienstverleners"']);
    const without = await all([csv(DNB_HEADERS, rows)]);
    expect(without.recs.map((r) => r.deelregister)).toEqual([null, null, null]);
    expect(without.run.stats.warningsByCode).toEqual({ deelregister_onbekend: 3 });
  });

  it('reads Inliquidatie Ja/Nee and warns on anything else', async () => {
    const rows = [{ ...ROW, Inliquidatie: 'Ja', DatumInLiquidatie: '05-03-2024' }, { ...ROW, Inliquidatie: 'nee' }, { ...ROW, Inliquidatie: 'misschien' }, { ...ROW, Inliquidatie: '' }];
    const { recs, run } = await all([csv(DNB_HEADERS, rows)]);
    expect(recs.map((r) => [r.in_liquidatie, r.datum_in_liquidatie])).toEqual([[true, '2024-03-05'], [false, null], [null, null], [null, null]]);
    expect(run.stats.warningsByCode).toEqual({ inliquidatie_ongeldig: 1 });
  });
});
