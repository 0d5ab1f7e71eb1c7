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
  it('counts nothing live for a family none of whose operations is declared', () => {
    // Every spec operation is declared now, so take the airnet family without its declarations.
    const p = familyProgress(operations.filter((o) => !o.path.startsWith('/v1/airnet')), ['/v1/airnet']);
    expect(p).toEqual({ live: 0, totaal: 2 });
    expect(familyProgress(operations, ['/v1/airnet'])).toEqual({ live: 2, totaal: 2 });
  });
  it('does not match a prefix in the middle of a segment', () => {
    expect(familyProgress(operations, ['/v1/verduurzaming']).totaal).toBe(6);
  });
});
