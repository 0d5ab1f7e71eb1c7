// The peer benchmark on the hand-made market (fixture.ts). Product breadths of the 12 active vestigingen,
// sorted: 1,1,1,1,2,2,2,3,3,4,5,5 (V04 V07 V11 V13 | V03 V06 V08 | V02 V10 | V01 V05 V09).
import { describe, expect, it } from 'vitest';
import { benchmark, positie, segmentGrenzen, verdeling } from './benchmark';
import { HOLDINGS, PEIL, VESTIGINGEN } from './fixture';

const base = { vestigingen: VESTIGINGEN, holdings: HOLDINGS, peildatum: PEIL };

describe('benchmark', () => {
  it('cuts the segments at the nearest-rank quartiles, ties to the lower segment', () => {
    // n = 12: ranks ⌈3⌉ = 3, 6, 9 → values 1, 2, 3.
    expect(segmentGrenzen(VESTIGINGEN)).toEqual([1, 2, 3]);
    const b = benchmark({ ...base })!;
    expect(b.segmentgrenzen).toEqual({ q1_smal: 1, q2: 2, q3: 3 });
    expect(b.peergroep).toEqual({ segment: null, plaats: null, n: 12 });
    const n = (seg: 'q1_smal' | 'q2' | 'q3' | 'q4_breed') => benchmark({ ...base, peergroep_seg: seg })!.peergroep.n;
    expect([n('q1_smal'), n('q2'), n('q3'), n('q4_breed')]).toEqual([4, 3, 2, 3]);
  });

  it('interpolates percentiles linearly and places a vestiging among its peers', () => {
    // Segment q2 = V03 (Groningen, H1), V06 (Rotterdam, H2), V08 (Utrecht, independent).
    const b = benchmark({ ...base, peergroep_seg: 'q2', vestiging_id: 'V08' })!;
    expect(b.vestiging).toEqual({ vestiging_id: 'V08', naam: 'Bakker Advies', plaats: 'Utrecht', actief: true, segment: 'q2' });
    const m = Object.fromEntries(b.metrieken.map((r) => [r.metriek, r]));
    // Breadth 2,2,2: all equal → position (0 + 3/2) / 3 = 50.
    expect(m.productbreedte.verdeling).toEqual({ n: 3, min: 2, p10: 2, p25: 2, p50: 2, p75: 2, p90: 2, max: 2 });
    expect(m.productbreedte.eigen).toEqual({ waarde: 2, percentiel: 50 });
    // Years to 2026-11-01: V06 6117 d = 16.7, V08 9345 d = 25.6, V03 10517 d = 28.8. h = 2p/100:
    // p10 = 16.7 + 0.2·8.9 = 18.48; p25 = 16.7 + 0.5·8.9 = 21.15; p75 = 25.6 + 0.5·3.2 = 27.2; p90 = 25.6 + 0.8·3.2 = 28.16.
    expect(m.vergunningsjaren.verdeling).toEqual({ n: 3, min: 16.7, p10: 18.48, p25: 21.15, p50: 25.6, p75: 27.2, p90: 28.16, max: 28.8 });
    expect(m.vergunningsjaren.eigen).toEqual({ waarde: 25.6, percentiel: 50 }); // (1 + 1/2) / 3
    // Organisation size: V03 → H1's 4 active, V06 → H2's 2, V08 → kvk 108's 1. Sorted 1,2,4.
    expect(m.organisatie_omvang.verdeling).toEqual({ n: 3, min: 1, p10: 1.2, p25: 1.5, p50: 2, p75: 3, p90: 3.6, max: 4 });
    expect(m.organisatie_omvang.eigen).toEqual({ waarde: 1, percentiel: 16.7 }); // (0 + 1/2) / 3
    // Competitors: Groningen V03+V11 → 1, Rotterdam V05+V06 → 1, Utrecht V02+V04+V08 → 2. Sorted 1,1,2.
    expect(m.concurrenten_in_plaats.verdeling).toEqual({ n: 3, min: 1, p10: 1, p25: 1, p50: 1, p75: 1.5, p90: 1.8, max: 2 });
    expect(m.concurrenten_in_plaats.eigen).toEqual({ waarde: 2, percentiel: 83.3 }); // (2 + 1/2) / 3
  });

  it('filters on plaats case-insensitively, and on both', () => {
    const u = benchmark({ ...base, peergroep_regio: ' utrecht ' })!;
    expect(u.peergroep).toEqual({ segment: null, plaats: 'utrecht', n: 3 }); // V02, V04, V08
    expect(u.metrieken[0].verdeling).toEqual({ n: 3, min: 1, p10: 1.2, p25: 1.5, p50: 2, p75: 2.5, p90: 2.8, max: 3 });
    const both = benchmark({ ...base, peergroep_seg: 'q2', peergroep_regio: 'ROTTERDAM' })!;
    expect(both.peergroep.n).toBe(1); // V06
    expect(both.metrieken[2].verdeling).toEqual({ n: 1, min: 2, p10: 2, p25: 2, p50: 2, p75: 2, p90: 2, max: 2 });
    const none = benchmark({ ...base, peergroep_regio: 'Nergenshuizen' })!;
    expect(none.metrieken[0].verdeling).toEqual({ n: 0, min: null, p10: null, p25: null, p50: null, p75: null, p90: null, max: null });
  });

  it('answers null for an unknown vestiging', () => {
    expect(benchmark({ ...base, vestiging_id: 'VXXXX' })).toBeNull();
  });

  it('helpers: percentile position and distribution', () => {
    expect(positie(3, [1, 2, 3, 3, 5])).toBe(60); // (2 lower + 2/2 equal) / 5
    expect(verdeling([10, 0, 5, 20])).toEqual({ n: 4, min: 0, p10: 1.5, p25: 3.75, p50: 7.5, p75: 12.5, p90: 17, max: 20 });
  });
});
