// The ownership tree under one hoofdholding on a hand-made market: nesting by moeder_id and holding_id, the
// order of children, holdings and vestigingen the walk cannot reach (hung under the top), a cycle, and a
// chain deeper than the cap.
import { describe, expect, it } from 'vitest';
import { MAX_DIEPTE } from './holdings';
import { buildStructuur, type StructuurNode } from './structuur';
import { holding, vestiging } from './test-builders';
import type { MarktHolding, MarktVestiging } from './types';

const vest = (id: string, holding_id: string | null, hoofdholding_id: string | null, o: Partial<MarktVestiging> = {}) => vestiging(id, { holding_id, hoofdholding_id, ...o });
const hold = (id: string, naam: string, hoofd: string, moeder: string | null, vestiging_ids: string[] = []) => holding(id, naam, hoofd, moeder, vestiging_ids, { kvk_nummer: `KVK-${id}` });

const holdings: MarktHolding[] = [
  hold('H', 'Hoofd Groep', 'H', null),
  hold('T1', 'Tussen Een', 'H', 'H'),
  hold('T2', 'Tussen Twee', 'H', 'H'),
  hold('T3', 'Diep', 'H', 'T1'),
  hold('X', 'Xtra', 'H', 'ONBEKEND'), // its moeder is not a holding: hangs under H
  hold('C1', 'Cirkel Een', 'H', 'C2'), // C1 and C2 own each other: reached from neither H nor each other's parent
  hold('C2', 'Cirkel Twee', 'H', 'C1'),
  hold('G', 'Ander Concern', 'G', null),
];

const vestigingen: MarktVestiging[] = [
  vest('a', 'T3', 'H'),
  vest('b', 'T1', 'H'),
  vest('d', 'T2', 'H', { naam: 'Adviseur D' }),
  vest('c', 'T2', 'H', { naam: 'Adviseur C' }),
  vest('e', 'H', 'H', { naam: 'Zee Advies' }),
  vest('f', 'X', 'H'),
  vest('g', 'C2', 'H'),
  vest('h', 'WEG', 'H', { naam: 'Hoek Advies' }), // its holding is unknown: hangs under H
  vest('z', 'G', 'G'),
];

const leaf = (id: string, naam = `Kantoor ${id}`): StructuurNode => ({ id, naam, type: 'vestiging', kvk_nummer: `K-${id}`, aantal_vestigingen: 1, kinderen: [] });
const tussen = (id: string, naam: string, aantal: number, kinderen: StructuurNode[]): StructuurNode => ({
  id,
  naam,
  type: 'tussenholding',
  kvk_nummer: `KVK-${id}`,
  aantal_vestigingen: aantal,
  kinderen,
});

describe('buildStructuur', () => {
  it('builds the complete tree, holdings first by size then name, then vestigingen by name', () => {
    const s = buildStructuur('H', holdings, vestigingen)!;
    expect(s.boom).toEqual({
      id: 'H',
      naam: 'Hoofd Groep',
      type: 'hoofdholding',
      kvk_nummer: 'KVK-H',
      aantal_vestigingen: 8, // a b c d e f g h
      kinderen: [
        tussen('T1', 'Tussen Een', 2, [tussen('T3', 'Diep', 1, [leaf('a')]), leaf('b')]),
        tussen('T2', 'Tussen Twee', 2, [leaf('c', 'Adviseur C'), leaf('d', 'Adviseur D')]),
        tussen('C1', 'Cirkel Een', 1, [tussen('C2', 'Cirkel Twee', 1, [leaf('g')])]),
        tussen('X', 'Xtra', 1, [leaf('f')]),
        leaf('h', 'Hoek Advies'),
        leaf('e', 'Zee Advies'),
      ],
    });
    // H → T1 → T3 → a and H → C1 → C2 → g: 3 edges. Holdings: H T1 T2 T3 X C1 C2.
    expect(s.totalen).toEqual({ aantal_holdings: 7, aantal_vestigingen: 8, diepte: 3 });
    expect(s.afgekapt).toBe(false);
  });

  it('is null for a tussenholding or an unknown id', () => {
    expect(buildStructuur('T1', holdings, vestigingen)).toBeNull();
    expect(buildStructuur('NIEMAND', holdings, vestigingen)).toBeNull();
  });

  it('gives a tree of one vestiging for a small hoofdholding', () => {
    expect(buildStructuur('G', holdings, vestigingen)).toEqual({
      boom: { id: 'G', naam: 'Ander Concern', type: 'hoofdholding', kvk_nummer: 'KVK-G', aantal_vestigingen: 1, kinderen: [leaf('z')] },
      totalen: { aantal_holdings: 1, aantal_vestigingen: 1, diepte: 1 },
      afgekapt: false,
    });
  });

  it('does not expand a holding twice when the data loops back to the top', () => {
    // The hoofdholding itself claims T3 as its moeder: T3 → H is not followed.
    const lus = holdings.map((h) => (h.holding_id === 'H' ? { ...h, moeder_id: 'T3' } : h));
    const s = buildStructuur('H', lus, vestigingen)!;
    expect(s.totalen).toEqual({ aantal_holdings: 7, aantal_vestigingen: 8, diepte: 3 });
    expect(s.boom.kinderen[0]).toEqual(tussen('T1', 'Tussen Een', 2, [tussen('T3', 'Diep', 1, [leaf('a')]), leaf('b')]));
  });

  it('stops at MAX_DIEPTE on a deeper chain', () => {
    // L0 (top) ← L1 ← … ← L39, one vestiging under L39.
    const keten: MarktHolding[] = Array.from({ length: 40 }, (_, i) => hold(`L${i}`, `Laag ${i}`, 'L0', i === 0 ? null : `L${i - 1}`));
    const s = buildStructuur('L0', keten, [vest('diep', 'L39', 'L0')])!;
    expect(MAX_DIEPTE).toBe(32);
    // L0 … L32 are shown (L32 at depth 32, not expanded); L33 … L39 and the vestiging are cut off.
    expect(s.totalen).toEqual({ aantal_holdings: 33, aantal_vestigingen: 0, diepte: 32 });
    expect(s.afgekapt).toBe(true);
    let n = s.boom;
    while (n.kinderen.length > 0) n = n.kinderen[0];
    expect(n).toEqual(tussen('L32', 'Laag 32', 0, []));
  });

  it('handles 500 holdings and 8,000 vestigingen quickly', () => {
    const hs: MarktHolding[] = [hold('TOP', 'Top', 'TOP', null)];
    for (let i = 0; i < 499; i++) hs.push(hold(`T${i}`, `Tussen ${i}`, 'TOP', i < 10 ? 'TOP' : `T${i % 10}`));
    const vs = Array.from({ length: 8000 }, (_, i) => vest(`v${i}`, `T${i % 499}`, 'TOP'));
    const t = performance.now();
    const s = buildStructuur('TOP', hs, vs)!;
    expect(performance.now() - t).toBeLessThan(2000);
    expect(s.totalen).toEqual({ aantal_holdings: 500, aantal_vestigingen: 8000, diepte: 3 });
    expect(s.boom.aantal_vestigingen).toBe(8000);
  });
});
