import { describe, expect, it } from 'vitest';
import { wijzigingRij as rij } from '../fixture';
import { adresTekst, kernzin, naamVan, verschilRegel, verschillen, waardeTekst } from './wijziging-tekst';

describe('wijziging in words', () => {
  it('writes values the Dutch way', () => {
    expect(waardeTekst(null)).toBe('–');
    expect(waardeTekst(true)).toBe('ja');
    expect(waardeTekst(3.5)).toBe('3,5');
    expect(waardeTekst([])).toBe('(geen)');
    expect(waardeTekst(['a', 'b'])).toBe('a, b');
  });

  it('gives old → new per field, and lists as added and removed items', () => {
    const w = rij({
      velden: ['plaats', 'producten', 'actief'],
      oud: { plaats: 'Delft', producten: ['Hypothecair krediet', 'Spaarrekeningen'], actief: true },
      nieuw: { plaats: 'Leiden', producten: ['Spaarrekeningen', 'Levensverzekeringen'], actief: false },
    });
    expect(verschillen(w).map(verschilRegel)).toEqual([
      'plaats: Delft → Leiden',
      'producten: +Levensverzekeringen, −Hypothecair krediet',
      'actief: ja → nee',
    ]);
  });

  it('says what the fields do not: new, moved, gone', () => {
    const oud = { naam: 'Advies B.V.', postcode: '8937 WL', huisnummer: '248', plaats: 'Leeuwarden' };
    expect(kernzin(rij({ wijziging_type: 'nieuw', nieuw: oud }))).toBe('Nieuw in het register op 8937 WL 248, Leeuwarden.');
    expect(kernzin(rij({ wijziging_type: 'verhuisd', oud, nieuw: null }))).toMatch(/^Vertrokken van 8937 WL 248, Leeuwarden/);
    expect(kernzin(rij({ wijziging_type: 'verhuisd', oud, nieuw: { ...oud, postcode: '8933 TC', huisnummer: '13' } }))).toBe(
      'Verhuisd van 8937 WL 248, Leeuwarden naar 8933 TC 13, Leeuwarden.',
    );
    expect(kernzin(rij({ wijziging_type: 'beëindigd', entiteit_type: 'holding', oud, nieuw: null }))).toBe('Niet meer in de bronnen.');
    expect(kernzin(rij({ velden: ['plaats'] }))).toBeNull();
    expect(naamVan(rij({ oud, nieuw: null }))).toBe('Advies B.V.');
    expect(adresTekst(null)).toBe('–');
  });
});
