// The mortgage segment on the hand-made market (fixture.ts). Active with a mortgage service: V01 V02 V03
// V04 V05 V06 V08 V09 V13 (9); V12 ended in 2026 and had 'adviseren' according to its rows.
import { describe, expect, it } from 'vitest';
import { PLACES } from '@/lib/registers/generate/places';
import { HOLDINGS, PEIL, VESTIGINGEN, WIJZIGINGEN } from './fixture';
import { HUISHOUDENS, HUISHOUDENS_BRON, HUISHOUDENS_PER_GEMEENTE, huishoudensTabel } from './huishoudens';
import { hypotheek, ooitHypotheekUit } from './hypotheek';

const base = { vestigingen: VESTIGINGEN, holdings: HOLDINGS, peildatum: PEIL, ooitHypotheek: ooitHypotheekUit(WIJZIGINGEN) };

describe('hypotheek', () => {
  const h = hypotheek(base);

  it('counts the services of the active segment', () => {
    // adviseren: V01 V02 V03 V05 V06 V08 V09; bemiddelen: V01 V03 V04 V06 V09 V13; both: V01 V03 V06 V09.
    expect(h.kern).toEqual({ totaal: 9, adviseren: 7, bemiddelen: 6, beide: 4 });
  });

  it('builds the stock per year from licence start and end, including ended vestigingen seen in the rows', () => {
    // Starts: V12 1995, V03 1998, V01 2000, V08 2001, V05 2003, V02 2005, V06 2010, V09 2015, V04 2019, V13 2023.
    // From 2000 (not 1995); V12 ends 2026-04-15, before the last reference day 2026-11-01.
    const s = Object.fromEntries(h.voorraad.map((x) => [x.jaar, x.aantal]));
    expect(h.voorraad).toHaveLength(27);
    expect(h.voorraad[0]).toEqual({ jaar: 2000, peildatum: '2000-12-31', aantal: 3 });
    expect([s[2000], s[2001], s[2002], s[2003], s[2005], s[2009], s[2010], s[2015], s[2019], s[2022], s[2023], s[2025]]).toEqual([
      3, 4, 4, 5, 6, 6, 7, 8, 9, 9, 10, 10,
    ]);
    expect(h.voorraad[26]).toEqual({ jaar: 2026, peildatum: '2026-11-01', aantal: 9 });
    expect(h.voorraad_zonder_sinds).toBe(0);
    // Without the rows V12 is not known to have been in the segment: 2025 has 9.
    const zonder = hypotheek({ ...base, ooitHypotheek: [] });
    expect(zonder.voorraad.find((x) => x.jaar === 2025)!.aantal).toBe(9);
  });

  it('groups the active segment by licence age', () => {
    // Whole years to 2026-11-01: V13 3 | V04 7 | V09 11, V06 16 | V01 26, V02 21, V03 28, V05 23, V08 25.
    expect(h.cohorten).toEqual([
      { cohort: '0-4', aantal: 1 },
      { cohort: '5-9', aantal: 1 },
      { cohort: '10-19', aantal: 2 },
      { cohort: '20+', aantal: 5 },
    ]);
  });

  it('spreads per gemeente per 10,000 households, unknown places apart', () => {
    // Amsterdam 2 (V01 V09), Utrecht 3 (V02 V04 V08), Groningen 1 (V03), Rotterdam 2 (V05 V06), Ergensdorp 1.
    const t = huishoudensTabel({ Amsterdam: 10_000, Utrecht: 20_000, Groningen: 5_000, Rotterdam: 40_000 });
    const s = hypotheek({ ...base, huishoudens: t }).spreiding;
    expect(s.gemeenten).toEqual([
      { gemeente_naam: 'Amsterdam', aantal_vestigingen: 2, huishoudens: 10_000, per_10000_huishoudens: 2 },
      { gemeente_naam: 'Groningen', aantal_vestigingen: 1, huishoudens: 5_000, per_10000_huishoudens: 2 },
      { gemeente_naam: 'Utrecht', aantal_vestigingen: 3, huishoudens: 20_000, per_10000_huishoudens: 1.5 },
      { gemeente_naam: 'Rotterdam', aantal_vestigingen: 2, huishoudens: 40_000, per_10000_huishoudens: 0.5 },
      { gemeente_naam: 'onbekend', aantal_vestigingen: 1, huishoudens: null, per_10000_huishoudens: null },
    ]);
    expect(s.dekking).toEqual({ vestigingen_gekoppeld: 8, vestigingen_onbekend: 1, aandeel_gekoppeld_pct: 88.89 });
    // With the bundled table: Utrecht 3 / 180,000 → 0.167 per 10k.
    expect(h.spreiding.gemeenten[0]).toEqual({ gemeente_naam: 'Utrecht', aantal_vestigingen: 3, huishoudens: 180_000, per_10000_huishoudens: 0.167 });
    expect(h.spreiding.brontabel.benadering).toBe(true);
  });

  it('measures concentration: top-N share of hoofdholdingen and HHI over groups', () => {
    // Groups: H1 4 (V01–V04), H2 2 (V05 V06), kvk 108, 109, 113 one each; n = 9.
    // top5 = top10 = (4 + 2) / 9 = 66.67 %; HHI = (16 + 4 + 1 + 1 + 1) / 81 × 10,000 = 2839.51.
    expect(h.concentratie).toEqual({
      aantal_vestigingen: 9,
      aantal_groepen: 5,
      top5_pct: 66.67,
      top10_pct: 66.67,
      hhi: 2839.51,
      top: [
        { hoofdholding_id: 'H1', naam: 'Alfa Groep', aantal_vestigingen: 4, aandeel_pct: 44.44 },
        { hoofdholding_id: 'H2', naam: 'Beta Holding', aantal_vestigingen: 2, aandeel_pct: 22.22 },
      ],
    });
  });
});

describe('huishoudens table', () => {
  it('knows the gemeente of every place of the sample generator', () => {
    const missing = PLACES.map((p) => p.name).filter((n) => !HUISHOUDENS.gemeenteVan(n) || !HUISHOUDENS.huishoudens(HUISHOUDENS.gemeenteVan(n)!));
    expect(missing).toEqual([]);
  });

  it('matches case-insensitively and through alternative names', () => {
    expect(HUISHOUDENS.gemeenteVan('den haag')).toBe("'s-Gravenhage");
    expect(HUISHOUDENS.gemeenteVan("'S-HERTOGENBOSCH")).toBe("'s-Hertogenbosch");
    expect(HUISHOUDENS.gemeenteVan(' Hoofddorp ')).toBe('Haarlemmermeer');
    expect(HUISHOUDENS.gemeenteVan('Ergensdorp')).toBeNull();
    expect(HUISHOUDENS.huishoudens('toString')).toBeNull();
  });

  it('is labelled as an approximation rounded to thousands', () => {
    expect(HUISHOUDENS_BRON.benadering).toBe(true);
    expect(Object.values(HUISHOUDENS_PER_GEMEENTE).every((x) => x % 1000 === 0)).toBe(true);
  });
});
