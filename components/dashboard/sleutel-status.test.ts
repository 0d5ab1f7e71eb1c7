// The banner's free-preview line says the limit the API reported, not a number written into the page.
import { describe, expect, it } from 'vitest';
import { TIER_REGELS } from '@/lib/access/tiers';
import { previewVoorwaarden } from './sleutel-status';

const budget = (limiet: number, metSleutel = false) => ({ limiet, resterend: 3, resetOp: 0, metSleutel });

describe('previewVoorwaarden', () => {
  it('uses the limit the API reported for requests without a key', () => {
    expect(previewVoorwaarden(budget(10))).toBe('laatste jaar, 10 verzoeken per uur');
  });
  it('falls back on the tier declaration before an answer, or when the reading was for a key', () => {
    const verklaard = `laatste jaar, ${TIER_REGELS.free_preview.limiet_per_uur} verzoeken per uur`;
    expect(previewVoorwaarden(null)).toBe(verklaard);
    expect(previewVoorwaarden(budget(1000, true))).toBe(verklaard);
  });
});
