import { describe, expect, it } from 'vitest';
import { operations } from '@/lib/api/registry';
import { familyProgress } from './progress';

describe('familyProgress', () => {
  it('counts the live addrreg operations against the spec', () => {
    expect(familyProgress(operations, ['/v1/addrreg'])).toEqual({ live: 3, totaal: 3 });
  });
  it('counts the live landreg operations against the spec', () => {
    expect(familyProgress(operations, ['/v1/landreg'])).toEqual({ live: 6, totaal: 6 });
  });
  it('counts nothing live for a family still on the roadmap', () => {
    const p = familyProgress(operations, ['/v1/airnet']);
    expect(p.live).toBe(0);
    expect(p.totaal).toBe(2);
  });
  it('does not match a prefix in the middle of a segment', () => {
    expect(familyProgress(operations, ['/v1/verduurzaming']).totaal).toBe(6);
  });
});
