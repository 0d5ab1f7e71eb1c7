import { describe, expect, it } from 'vitest';
import { versieVoor } from './versies';

const versies = [
  { versie_id: 3, peildatum: '2026-11-22' },
  { versie_id: 2, peildatum: '2026-10-22' },
  { versie_id: 1, peildatum: '2026-09-22' },
];

describe('the version that answers for the as-of date', () => {
  it('is the newest on or before it, the newest without one, none before the first', () => {
    expect(versieVoor(versies, '')?.versie_id).toBe(3);
    expect(versieVoor(versies, '2026-11-01')?.versie_id).toBe(2);
    expect(versieVoor(versies, '2026-10-22')?.versie_id).toBe(2);
    expect(versieVoor(versies, '2030-01-01')?.versie_id).toBe(3);
    expect(versieVoor(versies, '2026-01-01')).toBeNull();
    expect(versieVoor([], '')).toBeNull();
  });

  it('takes the later of two versions with the same peildatum', () => {
    expect(versieVoor([...versies, { versie_id: 4, peildatum: '2026-11-22' }], '2026-11-22')?.versie_id).toBe(4);
  });
});
