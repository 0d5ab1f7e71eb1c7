// Grouping of AFM export rows into institutions and licences (pure): keys, merging, ep rule, derived ids.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { derivedEp, derivedFspId, groupFspRows, usableAfmId } from './group';
import { parseAfmCsv, type AfmRow } from './parse';

const FULL = 'test/fixtures/registers/afm/fd-export-sample.csv';

async function rows(input: Parameters<typeof parseAfmCsv>[0]): Promise<AfmRow[]> {
  const out: AfmRow[] = [];
  for await (const r of parseAfmCsv(input)) out.push(r);
  return out;
}

const row = (over: Partial<AfmRow>): AfmRow => ({
  line: 2, afm_id: null, statutaire_naam: 'X B.V.', handelsnamen: [], kvk_nummer: null, adres: null, postcode: null, plaats: null, land: null,
  europees_paspoort: null, lidstaat_herkomst: null, klachteninstituut: null, beleidsbepalers: [], vergunningnummer: null,
  vergunning_ingangsdatum: null, vergunning_einddatum: null, product: null, diensten: [], extra: {},
  ...over,
});

describe('groupFspRows on the full-layout fixture', () => {
  it('groups 8 rows into 5 institutions with 6 licences', async () => {
    const { instellingen, stats } = groupFspRows(await rows(FULL));
    expect(stats).toEqual({ id_ongeldig: 0 });
    expect(instellingen.map((i) => [i.naam, i.aantal_vergunningen, i.ep])).toEqual([
      ['Hypotheekhuis Voorbeeld B.V.', 2, false],
      ['Exempel Försäkring AB', 1, true],
      ['Geld & Zorg "Plus" B.V.', 1, false],
      ['A.B. Voorbeeldpersoon', 1, false],
      ['Voorbeeld Verzekeringen NV', 1, true],
    ]);
  });

  it('merges the rows of one institution: licences, products and services, distinct names', async () => {
    const [first] = groupFspRows(await rows(FULL)).instellingen;
    expect(first).toEqual({
      id: 'a1b2c3d4-0001-4000-8000-000000000001',
      id_afgeleid: false,
      naam: 'Hypotheekhuis Voorbeeld B.V.',
      handelsnamen: ['Hypotheekhuis Voorbeeld', 'HV Advies'],
      kvk_nummer: '12345678',
      adres: 'Stationsplein 1',
      postcode: '3811AA',
      plaats: 'Amersfoort',
      land: 'Nederland',
      adressen: [{ adres: 'Stationsplein 1', postcode: '3811AA', plaats: 'Amersfoort', land: 'Nederland' }],
      ep: false,
      lidstaat_herkomst: null,
      klachteninstituut: 'Kifid',
      beleidsbepalers: ['J. Jansen', 'P. de Vries'],
      vergunningen: [
        {
          vergunningnummer: '12000001',
          ingangsdatum: '2007-04-01',
          einddatum: null,
          producten: [
            { product: 'Hypothecair krediet', diensten: ['Adviseren', 'Bemiddelen'] },
            { product: 'Consumptief krediet', diensten: ['Bemiddelen'] },
          ],
        },
        { vergunningnummer: '12000002', ingangsdatum: '2010-01-01', einddatum: '2015-06-30', producten: [{ product: 'Schadeverzekeringen', diensten: ['Adviseren'] }] },
      ],
      aantal_vergunningen: 2,
      eerste_regel: 2,
      regels: 3,
      extra: {},
    });
  });

  it('passport: the column when given (ja), else derived from a foreign land', async () => {
    const { instellingen } = groupFspRows(await rows(FULL));
    expect(instellingen[1]).toMatchObject({ ep: true, lidstaat_herkomst: 'Zweden', vergunningen: [{ vergunningnummer: 'EP-SE-0042', producten: [{ product: 'Schadeverzekeringen' }, { product: 'Levensverzekeringen' }] }] });
    expect(instellingen[4]).toMatchObject({ ep: true, land: 'België', beleidsbepalers: ['J. Dupont', 'M. Peeters'] });
  });
});

describe('grouping rules', () => {
  it('derives a stable id from lower(naam)|lower(plaats)|lower(land) when the export has no id', async () => {
    const expected = `afm-${createHash('sha256').update('hypotheekhuis voorbeeld b.v.|amersfoort|nederland').digest('hex').slice(0, 16)}`;
    expect(derivedFspId('Hypotheekhuis Voorbeeld B.V.', 'Amersfoort', 'Nederland')).toBe(expected);
    expect(derivedFspId('HYPOTHEEKHUIS VOORBEELD B.V.', 'AMERSFOORT', 'NEDERLAND')).toBe(expected);
    expect(derivedFspId('A', null, null)).toBe(`afm-${createHash('sha256').update('a||').digest('hex').slice(0, 16)}`);
    // The documented four-column export: ids derived, same institution on two rows → one institution.
    const { instellingen } = groupFspRows(
      await rows([Buffer.from('"Statutaire naam";"Handelsnaam";"Plaats";"Land"\r\n"A B.V.";"A";"Delft";"Nederland"\r\n"a b.v.";"A2";"delft";"nederland"\r\n"C";"";"Paris";"Frankrijk"\r\n', 'latin1')]),
    );
    expect(instellingen.map((i) => [i.id, i.naam, i.handelsnamen, i.ep, i.id_afgeleid, i.aantal_vergunningen])).toEqual([
      [derivedFspId('A B.V.', 'Delft', 'Nederland'), 'A B.V.', ['A', 'A2'], false, true, 0],
      [derivedFspId('C', 'Paris', 'Frankrijk'), 'C', [], true, true, 0],
    ]);
    expect(instellingen[0].id).toMatch(/^afm-[0-9a-f]{16}$/);
  });

  it.each([
    [null, { ok: true, id: null }],
    ['{A1B2-C3}', { ok: true, id: 'A1B2-C3' }],
    ['12345', { ok: true, id: '12345' }],
    ['12 345', { ok: false }],
    ['x'.repeat(65), { ok: false }],
  ] as const)('usableAfmId(%j) → %j', (raw, out) => expect(usableAfmId(raw)).toEqual(out));

  it('an unusable AFM id falls back to the derived id and is counted', () => {
    const { instellingen, stats } = groupFspRows([row({ afm_id: 'id met spaties', plaats: 'Delft' })]);
    expect(instellingen[0].id).toBe(derivedFspId('X B.V.', 'Delft', null));
    expect(stats.id_ongeldig).toBe(1);
  });

  it.each([
    [null, false],
    ['Nederland', false],
    [' nl ', false],
    ['NEDERLAND', false],
    ['Duitsland', true],
    ['BE', true],
  ] as const)('derivedEp(%j) → %j', (land, ep) => expect(derivedEp(land)).toBe(ep));

  it('the passport column wins over the land, first non-empty value', () => {
    const { instellingen } = groupFspRows([
      row({ afm_id: 'A', land: 'Duitsland', europees_paspoort: null }),
      row({ afm_id: 'A', land: 'Duitsland', europees_paspoort: false }),
      row({ afm_id: 'B', land: 'Nederland', europees_paspoort: true }),
    ]);
    expect(instellingen.map((i) => i.ep)).toEqual([false, true]);
  });

  it('keys licences by (institution, number); products merge services; rows without number add none', () => {
    const { instellingen } = groupFspRows([
      row({ afm_id: 'A', vergunningnummer: '1', product: 'P', diensten: ['Adviseren'] }),
      row({ afm_id: 'A', vergunningnummer: '1', product: 'P', diensten: ['Bemiddelen', 'Adviseren'], vergunning_einddatum: '2020-01-01' }),
      row({ afm_id: 'A', vergunningnummer: null, product: 'Q' }),
      row({ afm_id: 'B', vergunningnummer: '1', product: null, diensten: [] }),
      row({ afm_id: 'B', vergunningnummer: '1', product: null, diensten: ['Adviseren'] }),
    ]);
    expect(instellingen[0].vergunningen).toEqual([
      { vergunningnummer: '1', ingangsdatum: null, einddatum: '2020-01-01', producten: [{ product: 'P', diensten: ['Adviseren', 'Bemiddelen'] }] },
    ]);
    expect(instellingen[1].vergunningen).toEqual([{ vergunningnummer: '1', ingangsdatum: null, einddatum: null, producten: [{ product: null, diensten: ['Adviseren'] }] }]);
    expect(instellingen.map((i) => [i.regels, i.aantal_vergunningen])).toEqual([[3, 1], [2, 1]]);
  });

  it('keeps the distinct addresses and the first value of each unmapped column', () => {
    const { instellingen } = groupFspRows([
      row({ afm_id: 'A', adres: 'Straat 1', plaats: 'Delft', extra: { Website: 'a.nl' } }),
      row({ afm_id: 'A', adres: 'Straat 1', plaats: 'Delft', extra: { Website: 'b.nl', Fax: '1' } }),
      row({ afm_id: 'A', adres: 'Laan 2', plaats: 'Gouda' }),
    ]);
    expect(instellingen[0]).toMatchObject({
      adres: 'Straat 1',
      plaats: 'Delft',
      adressen: [
        { adres: 'Straat 1', postcode: null, plaats: 'Delft', land: null },
        { adres: 'Laan 2', postcode: null, plaats: 'Gouda', land: null },
      ],
      extra: { Website: 'a.nl', Fax: '1' },
    });
  });
});
