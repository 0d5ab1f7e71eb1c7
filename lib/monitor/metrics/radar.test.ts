// The radar on the hand-made market (fixture.ts); every expected value is counted from the table and the
// change list at the top of the fixture.
import { describe, expect, it } from 'vitest';
import { HOLDINGS, PEIL, VERSIES, VESTIGINGEN, WIJZIGINGEN } from './fixture';
import { DOELWIT_SIGNALEN, radar } from './radar';

const input = { vestigingen: VESTIGINGEN, holdings: HOLDINGS, wijzigingen: WIJZIGINGEN, versies: VERSIES, peildatum: PEIL };

describe('radar', () => {
  const r = radar(input);

  it('uses the window after peildatum − 12 months up to the peildatum', () => {
    expect(r.periode).toEqual({ begindatum: '2025-11-01', einddatum: '2026-11-01', maanden: 12 });
  });

  it('ranks consolidators by vestigingen taken over in the window', () => {
    // In (2025-11-01, 2026-11-01]: V03 (03-01) and V04 (06-01) → H1; V06 (09-01) H3 → H2.
    // V07 → H3 on 2025-11-01 is on the boundary: outside. H3 lost V06 but gained nothing: not listed.
    // vestigingen_nu = vestiging_ids in the state: H1 4, H2 2; sector_rang H1 1, H2 2.
    expect(r.consolidatoren).toEqual([
      { hoofdholding_id: 'H1', naam: 'Alfa Groep', gewonnen: 2, verloren: 0, netto: 2, vestigingen_nu: 4, sector_rang: 1 },
      { hoofdholding_id: 'H2', naam: 'Beta Holding', gewonnen: 1, verloren: 0, netto: 1, vestigingen_nu: 2, sector_rang: 2 },
    ]);
  });

  it('keeps a consolidator that is no longer a hoofdholding, named from its rows', () => {
    // Without H2 in the state: its name comes from its baseline 'nieuw' row; no rank, no vestigingen now.
    const zonder = radar({ ...input, holdings: HOLDINGS.filter((h) => h.holding_id !== 'H2') });
    expect(zonder.consolidatoren[1]).toEqual({ hoofdholding_id: 'H2', naam: 'Beta Holding', gewonnen: 1, verloren: 0, netto: 1, vestigingen_nu: 0, sector_rang: null });
  });

  it('never counts the baseline, even when the window covers the first version', () => {
    // 24 months: (2024-11-01, 2026-11-01] holds the baseline date 2025-09-01, whose rows (V06 under H3 as
    // 'nieuw') are no takeovers anyway; H3 now also gains V07 (2025-11-01) and has lost V06: netto 0.
    const r24 = radar({ ...input, maanden: 24 });
    expect(r24.consolidatoren.map((c) => [c.hoofdholding_id, c.gewonnen, c.verloren, c.netto, c.sector_rang])).toEqual([
      ['H1', 2, 0, 2, 1],
      ['H2', 1, 0, 1, 2],
      ['H3', 1, 1, 0, 3],
    ]);
    // The baseline month shows no movement although it has 11 vestiging 'nieuw' rows.
    expect(r24.marktbeweging.find((m) => m.maand === '2025-09')).toEqual({ maand: '2025-09', aantal_nieuw: 0, aantal_beeindigd: 0, aantal_overgenomen: 0, aantal_verhuisd: 0 });
    expect(r24.marktbeweging.find((m) => m.maand === '2025-10')!.aantal_nieuw).toBe(1); // V13
    expect(r24.marktbeweging.find((m) => m.maand === '2025-11')!.aantal_overgenomen).toBe(1); // V07
    expect(r24.marktbeweging).toHaveLength(24);
    expect(r24.marktbeweging[0].maand).toBe('2024-12');
  });

  it('scores independent active vestigingen with the published points', () => {
    // Licence ≥ 15 years: sinds ≤ 2011-11-01. Consolidation places in the window: Groningen (V03),
    // Utrecht (V04), Rotterdam (V06).
    // V08: 2001 ✓3, 2 products ✓2, only office of kvk 108 ✓2, Utrecht ✓2, mortgage ✓1 → 10
    // V11: 2026 ✗, 1 product ✓2, only office ✓2, Groningen ✓2, no mortgage → 6
    // V13: 2023 ✗, 1 product ✓2, only office ✓2, Ergensdorp ✗, mortgage ✓1 → 5
    // V09: 2015 ✗, 5 products ✗, kvk 109 has two offices ✗, Amsterdam ✗, mortgage ✓1 → 1
    // V10: nothing → 0, left out. V12 is inactive; V01–V07 are owned.
    expect(r.doelwitten.map((d) => [d.vestiging_id, d.score])).toEqual([
      ['V08', 10],
      ['V11', 6],
      ['V13', 5],
      ['V09', 1],
    ]);
    expect(r.doelwitten[0]).toEqual({
      vestiging_id: 'V08',
      naam: 'Bakker Advies',
      plaats: 'Utrecht',
      score: 10,
      signalen: [
        { signaal: 'vergunning_15_jaar_of_ouder', punten: 3 },
        { signaal: 'smalle_productbreedte', punten: 2 },
        { signaal: 'enige_vestiging', punten: 2 },
        { signaal: 'consolidatieregio', punten: 2 },
        { signaal: 'hypotheekvergunning', punten: 1 },
      ],
    });
    expect(radar({ ...input, top: 2 }).doelwitten.map((d) => d.vestiging_id)).toEqual(['V08', 'V11']);
    expect(DOELWIT_SIGNALEN.reduce((s, x) => s + x.punten, 0)).toBe(10);
  });

  it('licence age is a calendar rule: exactly 15 years counts, a day less does not', () => {
    const v = (id: string, sinds: string) => ({ ...VESTIGINGEN[10], vestiging_id: id, kvk_nummer: id, plaats: 'Elders', sinds });
    const d = radar({ ...input, vestigingen: [v('A', '2011-11-01'), v('B', '2011-11-02')] }).doelwitten;
    expect(d.map((x) => [x.vestiging_id, x.score])).toEqual([
      ['A', 7],
      ['B', 4],
    ]);
  });

  it('counts movement per month, a move once, changes of fields not at all', () => {
    const z = { aantal_nieuw: 0, aantal_beeindigd: 0, aantal_overgenomen: 0, aantal_verhuisd: 0 };
    expect(r.marktbeweging).toEqual([
      { maand: '2025-12', ...z },
      { maand: '2026-01', ...z }, // only a 'gewijzigd' row
      { maand: '2026-02', ...z, aantal_nieuw: 1 },
      { maand: '2026-03', ...z, aantal_overgenomen: 1 }, // the holding row of T1 is not a vestiging
      { maand: '2026-04', ...z },
      { maand: '2026-05', ...z, aantal_beeindigd: 1 },
      { maand: '2026-06', ...z, aantal_overgenomen: 1 },
      { maand: '2026-07', ...z, aantal_verhuisd: 1 }, // two rows, one move
      { maand: '2026-08', ...z },
      { maand: '2026-09', ...z, aantal_overgenomen: 1 },
      { maand: '2026-10', ...z },
      { maand: '2026-11', ...z },
    ]);
  });
});
