// The PDF's file name keeps the whole address: a house letter right after the number (42 A -> 42A), any
// other addition after a dash, plain ASCII only.
import { describe, expect, it } from 'vitest';
import { toevoegingVan } from '../toevoeging';
import { adresInBestandsnaam, rapportBestandsnaam } from './bestandsnaam';

describe('rapportBestandsnaam', () => {
  it.each([
    [{ postcode: '3012BR', huisnummer: 42 }, 'verduurzamingsrapport-3012BR-42.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'A' }, 'verduurzamingsrapport-3012BR-42A.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'a' }, 'verduurzamingsrapport-3012BR-42A.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: '2' }, 'verduurzamingsrapport-3012BR-42-2.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'A-2' }, 'verduurzamingsrapport-3012BR-42A-2.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'A 2' }, 'verduurzamingsrapport-3012BR-42A-2.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'bis' }, 'verduurzamingsrapport-3012BR-42-BIS.pdf'],
    [{ postcode: '3012 br', huisnummer: '42', toevoeging: 'hs' }, 'verduurzamingsrapport-3012BR-42-HS.pdf'],
    [{ postcode: '3012BR', huisnummer: 42, toevoeging: 'é/"x' }, 'verduurzamingsrapport-3012BR-42E-X.pdf'],
  ])('%o -> %s', (adres, naam) => {
    expect(rapportBestandsnaam(adres)).toBe(naam);
    expect(naam).toMatch(/^[A-Za-z0-9.-]+$/); // safe in Content-Disposition without filename*
  });

  it('writes a BAG address with letter and addition as the PDF title does (42A-2)', () => {
    const bag = { postcode: '3012BR', huisnummer: 42, huisletter: 'A', toevoeging: '2' };
    expect(adresInBestandsnaam({ ...bag, toevoeging: toevoegingVan(bag) })).toBe('3012BR-42A-2');
    expect(adresInBestandsnaam({ postcode: '3012BR', huisnummer: 42, toevoeging: toevoegingVan({ huisletter: null, toevoeging: '2' }) })).toBe('3012BR-42-2');
  });
});
