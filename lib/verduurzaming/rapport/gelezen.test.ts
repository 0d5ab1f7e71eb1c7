import { describe, expect, it } from 'vitest';
import { GEZOCHTE_VELDEN } from '../nulmeting/herkenning';
import { gelezen, nietGelezen, VELD_NAMEN } from './gelezen';

describe('gelezen', () => {
  it('names every looked-for field in Dutch words, not as a field path', () => {
    for (const veld of GEZOCHTE_VELDEN) expect(VELD_NAMEN[veld]).not.toMatch(/[._]/);
  });
  it('lists what was read and what was not as a Dutch enumeration', () => {
    expect(gelezen(['energieklasse', 'adres.postcode', 'opnamedatum'])).toBe('energielabel, postcode en opnamedatum');
    expect(nietGelezen(['adres.toevoeging'])).toBe('toevoeging');
    expect(nietGelezen([])).toBeNull();
  });
});
