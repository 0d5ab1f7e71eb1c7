// Normalising single values read from an energy file.
import { describe, expect, it } from 'vitest';
import * as v from './values';

describe('values', () => {
  it('labelKlasse accepts LABEL_CLASSES only (trimmed, case-insensitive)', () => {
    expect(v.labelKlasse(' a+++ ')).toBe('A+++');
    expect(v.labelKlasse('G')).toBe('G');
    expect(v.labelKlasse('A+++++')).toBeNull();
    expect(v.labelKlasse('NVT')).toBeNull();
    expect(v.labelKlasse('energielabel C')).toBeNull();
    expect(v.labelKlasse(null)).toBeNull();
  });

  it('decimal reads a dot decimal, a comma only when allowed', () => {
    expect(v.decimal('228.61')).toBe(228.61);
    expect(v.decimal('-12.50')).toBe(-12.5);
    expect(v.decimal('1,45')).toBeNull();
    expect(v.decimal('1,45', true)).toBe(1.45);
    expect(v.decimal('1e3')).toBeNull();
    expect(v.decimal('0x10')).toBeNull();
    expect(v.decimal('')).toBeNull();
  });

  it('huisnummer is a whole number >= 1', () => {
    expect(v.huisnummer('27')).toBe(27);
    expect(v.huisnummer('0')).toBeNull();
    expect(v.huisnummer('27a')).toBeNull();
  });

  it('postcode drops spaces and upper-cases', () => {
    expect(v.postcode('3514 cn')).toBe('3514CN');
    expect(v.postcode('3514')).toBeNull();
  });

  it('toevoeging and huisletter stay strings as written', () => {
    expect(v.toevoeging('02')).toBe('02');
    expect(v.toevoeging('x'.repeat(26))).toBeNull();
    expect(v.toevoeging('<b>')).toBeNull();
    expect(v.huisletter('b')).toBe('b');
    expect(v.huisletter('bb')).toBeNull();
  });

  it('verblijfsobjectId keeps leading zeros and needs type digits 01', () => {
    expect(v.verblijfsobjectId('0344010000732415')).toBe('0344010000732415');
    expect(v.verblijfsobjectId('0344020000732415')).toBeNull();
    expect(v.verblijfsobjectId('344010000732415')).toBeNull();
  });

  it('isoDate reads YYYYMMDD, YYYY-MM-DD and a dateTime, and rejects impossible dates', () => {
    expect(v.isoDate('20260312')).toBe('2026-03-12');
    expect(v.isoDate('2026-03-12')).toBe('2026-03-12');
    expect(v.isoDate('2026-03-15T14:22:05')).toBe('2026-03-15');
    expect(v.isoDate('20260230')).toBeNull();
    expect(v.isoDate('12-03-2026')).toBeNull();
  });

  it.each([
    ['27', 27, null, null],
    ['14A', 14, 'A', null],
    ['214B-3', 214, 'B', '3'],
    ['27-2', 27, null, '2'],
    ['14 hs', 14, null, 'hs'],
    ['14 A 2', 14, 'A', '2'],
    ['12 naast de kerk', 12, null, null],
    ['geen', null, null, null],
  ])('splitHuisnummer(%j)', (text, huisnummer, huisletter, toevoeging) => {
    expect(v.splitHuisnummer(text)).toEqual({ huisnummer, huisletter, toevoeging });
  });
});
