// The sixteen key figures on the hand-made market (fixture.ts), each counted from its table and change list.
import { describe, expect, it } from 'vitest';
import { HOLDINGS, PEIL, VERSIES, VESTIGINGEN, WIJZIGINGEN } from './fixture';
import { berekenKengetallen, KENGETALLEN } from './kengetallen';

describe('kengetallen', () => {
  it('defines exactly sixteen, with unique snake_case names', () => {
    expect(KENGETALLEN).toHaveLength(16);
    expect(new Set(KENGETALLEN.map((k) => k.naam)).size).toBe(16);
    expect(KENGETALLEN.every((k) => /^[a-z0-9]+(_[a-z0-9]+)*$/.test(k.naam) && k.titel && k.formule && k.invoer.length > 0)).toBe(true);
  });

  it('computes them on the fixture', () => {
    const k = berekenKengetallen({ vestigingen: VESTIGINGEN, holdings: HOLDINGS, wijzigingen: WIJZIGINGEN, versies: VERSIES, peildatum: PEIL, samenwerkingsverbanden_aantal: 2 });
    expect(k).toEqual({
      aantal_vestigingen_actief: 12, // V01–V13 without the ended V12
      aantal_organisaties: 10, // kvk 100 103 104 200 106 300 108 109 111 113
      aantal_holdings: 4, // H1 H2 H3 T1
      aantal_hoofdholdingen: 3,
      aandeel_gebonden_pct: 58.33, // V01–V07: 7 / 12
      aandeel_top10_pct: 58.33, // all three hoofdholdingen are in the top 10
      // Groups H1 4, H2 2, H3 1, kvk 108 1, kvk 109 2, kvk 111 1, kvk 113 1 of 12:
      // (16 + 4 + 1 + 1 + 4 + 1 + 1) / 144 × 10,000 = 1944.44
      hhi: 1944.44,
      nieuw_12m: 1, // V11 (V13 on 2025-10-01 is before the window; the baseline never counts)
      beeindigd_12m: 1, // V12
      overnames_12m: 3, // V03, V04, V06 (V07 on 2025-11-01 is on the boundary: outside)
      verhuisd_12m: 1, // V14 → V09: two rows, one move
      netto_groei_12m: 0,
      gemiddelde_productbreedte: 2.5, // 4+3+2+1+5+2+1+2+5+3+1+1 = 30 / 12
      // Sorted years: V11 V13 V04 V07 V09 V10 | V06 …; median = (V10 4322 d + V06 6117 d) / 2 / 365.25 = 14.29
      mediane_vergunningsjaren: 14.3,
      hypotheek_vestigingen: 9,
      samenwerkingsverbanden: 2,
    });
  });

  it('answers zeros for an empty market', () => {
    const k = berekenKengetallen({ vestigingen: [], holdings: [], wijzigingen: [], versies: [], peildatum: PEIL, samenwerkingsverbanden_aantal: 0 });
    expect(Object.values(k).every((x) => x === 0)).toBe(true);
    expect(Object.keys(k).sort()).toEqual(KENGETALLEN.map((x) => x.naam).sort());
  });
});
