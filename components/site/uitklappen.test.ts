// Printing opens what is folded away and closes it again afterwards, leaving what the reader opened alone.
import { describe, expect, it } from 'vitest';
import { klapUitVoorAfdruk } from './uitklappen';

describe('klapUitVoorAfdruk', () => {
  it('opens every closed disclosure and closes only those again', () => {
    const tabellen = [{ open: false }, { open: true }, { open: false }];
    const herstel = klapUitVoorAfdruk(tabellen);
    expect(tabellen.map((d) => d.open)).toEqual([true, true, true]);
    herstel();
    expect(tabellen.map((d) => d.open)).toEqual([false, true, false]);
  });
  it('does nothing on a page without disclosures', () => {
    expect(() => klapUitVoorAfdruk([])()).not.toThrow();
  });
});
