// The one place where a stored vestiging record becomes the API's: huisnummer as the integer the spec names,
// the addition beside it; the stored string (and so vestiging_id) untouched, records of older versions alike.
import { describe, expect, it } from 'vitest';
import { huisnummerUit, vestigingId } from './derive/vestigingen';
import type { MarktVestiging, WijzigingRij } from './derive/types';
import { apiVestiging, apiWijziging, huisnummerDelen, huisnummerTekst } from './vestiging-api';

/** A vestiging record as a version stores it (huisnummer the derived string). */
const opgeslagen = (huisnummer: string | null): MarktVestiging => ({
  vestiging_id: vestigingId('30000001', '3511 AA', huisnummer), naam: 'Advies B.V.', kvk_nummer: '30000001', postcode: '3511 AA', huisnummer, plaats: 'Utrecht',
  actief: true, instelling_id: 'e1', producten: [], hypotheek_diensten: [], sinds: null, einde: null, handelsnamen: [], klachteninstituut: null,
  lei: null, holding_id: null, hoofdholding_id: null, koppeling: null,
});

describe('a stored vestiging as the API answers it', () => {
  it.each([
    ['12-A', 12, 'A'],
    ['7', 7, null],
    ['120-2', 120, '2'],
    ['3-BIS', 3, 'BIS'],
    [null, null, null],
  ] as const)('stored huisnummer %j → huisnummer %j, huisnummer_toevoeging %j', (stored, huisnummer, toevoeging) => {
    const v = opgeslagen(stored);
    const api = apiVestiging(v);
    expect(api).toEqual({ ...v, huisnummer, huisnummer_toevoeging: toevoeging });
    // the fields in the schema's order, huisnummer_toevoeging right after huisnummer
    expect(Object.keys(api).slice(0, 7)).toEqual(['vestiging_id', 'naam', 'kvk_nummer', 'postcode', 'huisnummer', 'huisnummer_toevoeging', 'plaats']);
    // the id is that of the stored string, and joining the parts gives that string back
    expect(api.vestiging_id).toBe(vestigingId('30000001', '3511 AA', stored));
    expect(huisnummerTekst(api)).toBe(stored ?? '');
  });

  it('splits what huisnummerUit builds from an address, whatever the address wrote between number and addition', () => {
    expect(huisnummerDelen(huisnummerUit('Rokin 12 a'))).toEqual({ huisnummer: 12, huisnummer_toevoeging: 'A' });
    expect(huisnummerDelen(huisnummerUit('Keizersgracht 123 - 2'))).toEqual({ huisnummer: 123, huisnummer_toevoeging: '2' });
    expect(huisnummerDelen(huisnummerUit('Rokin 012'))).toEqual({ huisnummer: 12, huisnummer_toevoeging: null });
    expect(huisnummerDelen(huisnummerUit('Postbus'))).toEqual({ huisnummer: null, huisnummer_toevoeging: null });
  });

  it('converts the vestiging records of a wijziging row and leaves a holding row and velden as recorded', () => {
    const rij = (entiteit_type: WijzigingRij['entiteit_type'], oud: WijzigingRij['oud'], nieuw: WijzigingRij['nieuw']): WijzigingRij => ({
      wijziging_id: 1, versie_id: 2, datum: '2026-11-01', entiteit_type, entiteit_id: 'x', wijziging_type: 'verhuisd', velden: ['vestiging_id', 'huisnummer'], oud, nieuw,
    });
    const w = apiWijziging(rij('vestiging', opgeslagen('12-A'), opgeslagen('12-B')));
    expect(w.oud).toMatchObject({ huisnummer: 12, huisnummer_toevoeging: 'A' });
    expect(w.nieuw).toMatchObject({ huisnummer: 12, huisnummer_toevoeging: 'B' });
    expect(w.velden).toEqual(['vestiging_id', 'huisnummer']);
    expect(apiWijziging(rij('vestiging', opgeslagen('7'), null)).nieuw).toBeNull();
    const holding = { holding_id: 'H'.repeat(20), naam: 'Top N.V.', vestiging_ids: [], hoofdholding_id: 'H'.repeat(20), type: 'hoofdholding' as const, moeder_id: null, kvk_nummer: null };
    expect(apiWijziging(rij('hoofdholding', null, holding)).nieuw).toBe(holding);
  });
});
