// The logistic model on the hand-made market. Each expected score is written out from the fixture:
// z = −0.5 + 1.5·age/30 − 1.5·products/8 − 2·(offices−1)/9 + 1·takeovers-in-place/3 − 3·gained/3 + 0.5·mortgage,
// ages in days (counted on a calendar) / 365.25 to 2026-11-01. Takeovers in the 12-month window per place:
// Groningen 1, Utrecht 1, Rotterdam 1. Gained: H1 2 (V03, V04), H2 1 (V06).
import { describe, expect, it } from 'vitest';
import { HOLDINGS, PEIL, VERSIES, VESTIGINGEN, WIJZIGINGEN } from './fixture';
import { GEWICHTEN, INTERCEPT, kansmodel } from './kansmodel';

const p = (z: number) => Math.round(10_000 / (1 + Math.exp(-z))) / 10_000;

// Days to 2026-11-01: 2001-04-01 → 25 y + 6 leap days + 214 = 9345; 2015-01-01 → 4015 + 3 + 304 = 4322;
// 2026-02-01 → 273; 2023-05-01 → 1096 + 184 = 1280; 1998-01-15 → 10220 + 7 + 290 = 10517;
// 2003-01-01 → 8395 + 6 + 304 = 8705; 2018-05-01 → 2920 + 2 + 184 = 3106.
const age = (dagen: number) => 1.5 * Math.min(dagen / 365.25 / 30, 1);
const Z = {
  kvk108: -0.5 + age(9345) - 1.5 * (2 / 8) + 1 / 3 + 0.5, // Bakker: 1 office, Utrecht, mortgage
  kvk113: -0.5 + age(1280) - 1.5 * (1 / 8) + 0.5, // Kaya: Ergensdorp, mortgage
  H3: -0.5 + age(3106) - 1.5 * (1 / 8), // Gamma: V07 only, Den Haag, V07's takeover is outside the window
  kvk111: -0.5 + age(273) - 1.5 * (1 / 8) + 1 / 3, // Smit: Groningen
  kvk109: -0.5 + age(4322) - 1.5 * (5 / 8) - 2 * (1 / 9) + 0.5, // Jansen: 2 offices, 5 products
  H2: -0.5 + age(8705) - 1.5 * (6 / 8) - 2 * (1 / 9) + 1 / 3 - 3 * (1 / 3) + 0.5, // Beta: 6 products over V05+V06
  H1: -0.5 + age(10517) - 1.5 * (4 / 8) - 2 * (3 / 9) + 1 / 3 - 3 * (2 / 3) + 0.5, // Alfa: 4 offices, 4 products
};

describe('kansmodel', () => {
  const m = kansmodel({ vestigingen: VESTIGINGEN, holdings: HOLDINGS, wijzigingen: WIJZIGINGEN, versies: VERSIES, peildatum: PEIL });

  it('publishes its weights and intercept', () => {
    expect(m.intercept).toBe(-0.5);
    expect(INTERCEPT).toBe(-0.5);
    expect(GEWICHTEN.map((g) => [g.naam, g.gewicht])).toEqual([
      ['vergunningsleeftijd', 1.5],
      ['productbreedte', -1.5],
      ['organisatie_omvang', -2],
      ['regionale_consolidatiedruk', 1],
      ['recente_overnames', -3],
      ['hypotheeksegment', 0.5],
    ]);
    expect(m.gewichten).toBe(GEWICHTEN);
  });

  it('scores independent organisations and hoofdholdingen, highest first', () => {
    expect(m.top.map((r) => [r.entiteit_type, r.entiteit_id, r.kans, r.richting])).toEqual([
      ['organisatie', '108', p(Z.kvk108), 'overname_kandidaat'],
      ['organisatie', '113', p(Z.kvk113), 'monitoring'],
      ['hoofdholding', 'H3', p(Z.H3), 'monitoring'], // not independent: never a kandidaat
      ['organisatie', '111', p(Z.kvk111), 'monitoring'],
      ['organisatie', '109', p(Z.kvk109), 'monitoring'],
      ['hoofdholding', 'H2', p(Z.H2), 'zelf_consolidierend'],
      ['hoofdholding', 'H1', p(Z.H1), 'zelf_consolidierend'],
    ]);
    // The same, as numbers worked out on paper (4 decimals).
    expect(m.top.map((r) => r.kans)).toEqual([0.7751, 0.4969, 0.4348, 0.4215, 0.3617, 0.3053, 0.162]);
  });

  it('shows each factor value and its contribution', () => {
    const jansen = m.top.find((r) => r.entiteit_id === '109')!;
    expect(jansen.naam).toBe('Jansen & Zn'); // the name of its lowest vestiging id
    expect(jansen.bijdragen).toEqual([
      { factor: 'vergunningsleeftijd', waarde: 0.3944, bijdrage: 0.5916 }, // 4322 / 365.25 / 30 = 0.39443
      { factor: 'productbreedte', waarde: 0.625, bijdrage: -0.9375 },
      { factor: 'organisatie_omvang', waarde: 0.1111, bijdrage: -0.2222 },
      { factor: 'regionale_consolidatiedruk', waarde: 0, bijdrage: 0 },
      { factor: 'recente_overnames', waarde: 0, bijdrage: 0 },
      { factor: 'hypotheeksegment', waarde: 1, bijdrage: 0.5 },
    ]);
  });

  it('an independent organisation that owns offices through its LEI is self-consolidating', () => {
    // Say kvk 108 is the LEI entity of H2: H2's gain (V06) is then its gain; x = 1/3, contribution −1.
    const holdings = HOLDINGS.map((h) => (h.holding_id === 'H2' ? { ...h, kvk_nummer: '108' } : h));
    const r = kansmodel({ vestigingen: VESTIGINGEN, holdings, wijzigingen: WIJZIGINGEN, versies: VERSIES, peildatum: PEIL }).top.find((x) => x.entiteit_id === '108')!;
    expect(r.richting).toBe('zelf_consolidierend');
    expect(r.kans).toBe(p(Z.kvk108 - 1));
    expect(r.bijdragen[4]).toEqual({ factor: 'recente_overnames', waarde: 0.3333, bijdrage: -1 });
  });

  it('cuts the list at top', () => {
    const t = kansmodel({ vestigingen: VESTIGINGEN, holdings: HOLDINGS, wijzigingen: WIJZIGINGEN, versies: VERSIES, peildatum: PEIL, top: 1 });
    expect(t.top.map((r) => r.entiteit_id)).toEqual(['108']);
  });
});
