import { describe, expect, it } from 'vitest';
import { datum, ep2, maand } from './opmaak';

describe('datum', () => {
  it('writes a calendar date in Dutch words, without a time zone shift', () => {
    expect(datum('2025-01-01')).toBe('1 januari 2025');
    expect(datum('2026-02-04')).toBe('4 februari 2026');
    expect(datum('2025-12-31')).toBe('31 december 2025');
  });
  it('writes a moment as its date in Amsterdam', () => {
    expect(datum('2026-02-03T23:30:00Z')).toBe('4 februari 2026');
    expect(datum('2026-07-15T10:00:00.000Z')).toBe('15 juli 2026');
  });
  it('leaves other text alone and marks a missing date', () => {
    expect(datum(null)).toBe('–');
    expect(datum('onbekend')).toBe('onbekend');
  });
});

describe('maand', () => {
  it('writes a month in Dutch words', () => {
    expect(maand('2025-09')).toBe('september 2025');
    expect(maand('2025-13')).toBe('2025-13');
    expect(maand(undefined)).toBe('–');
  });
});

describe('ep2', () => {
  it('writes one precision for EP2 and energy indices, with a decimal comma', () => {
    expect(ep2(68.05)).toBe('68,05');
    expect(ep2(318.45)).toBe('318,45');
    expect(ep2(231.1)).toBe('231,1');
    expect(ep2(null)).toBe('–');
  });
});
