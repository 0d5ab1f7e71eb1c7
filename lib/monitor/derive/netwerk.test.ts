// The force graph on a hand-made market: three hoofdholding trees (C with 4 active vestigingen, A with 3 and
// an inactive one, B with 2), a hoofdholding with only an inactive vestiging, two independents and one
// samenwerkingsverband; whole trees, the cut inside a tree, the interleaved network and the invariants.
import { describe, expect, it } from 'vitest';
import { buildNetwerk, type NetwerkLink, type NetwerkNode, type NetwerkNodeType } from './netwerk';
import type { Samenwerkingsverband } from './samenwerking';
import { holding, vestiging } from './test-builders';
import type { MarktHolding, MarktVestiging } from './types';

const vest = (id: string, holding_id: string | null, hoofdholding_id: string | null, actief = true) => vestiging(id, { holding_id, hoofdholding_id, actief });
const hold = holding;

const holdings: MarktHolding[] = [
  hold('A', 'Alpha Groep', 'A', null, ['a1', 'a2', 'a3', 'a4']),
  hold('A1', 'Alpha Noord', 'A', 'A', ['a1', 'a2', 'a4']),
  hold('B', 'Beta Holding', 'B', null, ['b1', 'b2']),
  hold('C', 'Ceta', 'C', null, ['c1', 'c2', 'c3', 'c4']),
  hold('C1', 'Ceta Zuid', 'C', 'C', ['c1', 'c2', 'c3']),
  hold('C2', 'Ceta Diep', 'C', 'C1', ['c1', 'c2']),
  hold('D', 'Dood', 'D', null, ['d1']),
];

const vestigingen: MarktVestiging[] = [
  vest('a1', 'A1', 'A'),
  vest('a2', 'A1', 'A'),
  vest('a3', 'A', 'A'),
  vest('a4', 'A1', 'A', false),
  vest('b1', 'B', 'B'),
  vest('b2', 'B', 'B'),
  vest('c1', 'C2', 'C'),
  vest('c2', 'C2', 'C'),
  vest('c3', 'C1', 'C'),
  vest('c4', 'C', 'C'),
  vest('d1', 'D', 'D', false),
  vest('i1', null, null),
  vest('i2', null, null),
];

const formule: Samenwerkingsverband = {
  samenwerkingsverband_id: 'SFORMULE001',
  naam: 'Formule',
  soort: 'handelsnaam',
  sleutels: ['handelsnaam:formule'],
  vestiging_ids: ['b1', 'i1', 'i2'],
  kvk_nummers: ['K-b1', 'K-i1', 'K-i2'],
  aantal_vestigingen: 3,
  aantal_organisaties: 3,
  plaatsen: [],
};

const node = (id: string, type: NetwerkNodeType, grootte: number, groep: string, naam = `Kantoor ${id}`): NetwerkNode => ({ id, naam, type, grootte, groep });
const eigendom = (source: string, target: string): NetwerkLink => ({ source, target, type: 'eigendom' });
const samen = (target: string): NetwerkLink => ({ source: 'SFORMULE001', target, type: 'samenwerking' });

// The trees, whole, in the order they are taken.
const C = [
  node('C', 'hoofdholding', 4, 'C', 'Ceta'),
  node('C1', 'tussenholding', 3, 'C', 'Ceta Zuid'),
  node('C2', 'tussenholding', 2, 'C', 'Ceta Diep'),
  node('c1', 'vestiging', 1, 'C'),
  node('c2', 'vestiging', 1, 'C'),
  node('c3', 'vestiging', 1, 'C'),
  node('c4', 'vestiging', 1, 'C'),
];
const C_LINKS = [eigendom('C', 'C1'), eigendom('C1', 'C2'), eigendom('C2', 'c1'), eigendom('C2', 'c2'), eigendom('C1', 'c3'), eigendom('C', 'c4')];
const A = [
  node('A', 'hoofdholding', 3, 'A', 'Alpha Groep'), // a4 is inactive
  node('A1', 'tussenholding', 2, 'A', 'Alpha Noord'),
  node('a1', 'vestiging', 1, 'A'),
  node('a2', 'vestiging', 1, 'A'),
  node('a3', 'vestiging', 1, 'A'),
];
const A_LINKS = [eigendom('A', 'A1'), eigendom('A1', 'a1'), eigendom('A1', 'a2'), eigendom('A', 'a3')];

describe('buildNetwerk', () => {
  it('takes whole trees, busiest first, with their ownership links', () => {
    expect(buildNetwerk(vestigingen, holdings, { maxNodes: 90 })).toEqual({
      nodes: [...C, ...A, node('B', 'hoofdholding', 2, 'B', 'Beta Holding'), node('b1', 'vestiging', 1, 'B'), node('b2', 'vestiging', 1, 'B')],
      verbindingen: [...C_LINKS, ...A_LINKS, eigendom('B', 'b1'), eigendom('B', 'b2')],
      afgekapt: false,
      totaal_structuren: 3, // D has no active vestiging
    });
  });

  it('cuts inside the first tree that does not fit: its top, then the biggest holdings, then vestigingen', () => {
    expect(buildNetwerk(vestigingen, holdings, { maxNodes: 10 })).toEqual({
      nodes: [...C, node('A', 'hoofdholding', 3, 'A', 'Alpha Groep'), node('A1', 'tussenholding', 2, 'A', 'Alpha Noord'), node('a1', 'vestiging', 1, 'A')],
      verbindingen: [...C_LINKS, eigendom('A', 'A1'), eigendom('A1', 'a1')],
      afgekapt: true,
      totaal_structuren: 3,
    });
    const vier = buildNetwerk(vestigingen, holdings, { maxNodes: 4 });
    expect(vier.nodes.map((n) => n.id)).toEqual(['C', 'C1', 'C2', 'c1']);
    expect(vier.verbindingen).toEqual([eigendom('C', 'C1'), eigendom('C1', 'C2'), eigendom('C2', 'c1')]);
    expect(vier.afgekapt).toBe(true);
  });

  it('links a vestiging whose holding is unknown to its hoofdholding', () => {
    // As deriveHoldings gives it: the hoofdholding lists every vestiging below it, also one whose holding is unknown.
    const metC5 = holdings.map((h) => (h.holding_id === 'C' ? { ...h, vestiging_ids: [...h.vestiging_ids, 'c5'] } : h));
    const res = buildNetwerk([...vestigingen, vest('c5', 'ONBEKEND', 'C')], metC5, { maxNodes: 8 });
    expect(res.nodes.map((n) => n.id)).toEqual(['C', 'C1', 'C2', 'c1', 'c2', 'c3', 'c4', 'c5']);
    expect(res.nodes[0].grootte).toBe(5);
    expect(res.verbindingen.at(-1)).toEqual(eigendom('C', 'c5'));
    expect(res.afgekapt).toBe(true); // A and B are left out
  });

  it('interleaves samenwerkingsverbanden by size; a shared vestiging appears once with both links', () => {
    const res = buildNetwerk(vestigingen, holdings, { maxNodes: 90, samenwerkingsverbanden: [formule] });
    // C (4), then A and Formule (3 each: 'Alpha Groep' before 'Formule'), then B (2).
    expect(res).toEqual({
      nodes: [
        ...C,
        ...A,
        node('SFORMULE001', 'samenwerkingsverband', 3, 'SFORMULE001', 'Formule'),
        node('b1', 'vestiging', 1, 'SFORMULE001'),
        node('i1', 'vestiging', 1, 'SFORMULE001'),
        node('i2', 'vestiging', 1, 'SFORMULE001'),
        node('B', 'hoofdholding', 2, 'B', 'Beta Holding'),
        node('b2', 'vestiging', 1, 'B'),
      ],
      verbindingen: [...C_LINKS, ...A_LINKS, samen('b1'), samen('i1'), samen('i2'), eigendom('B', 'b1'), eigendom('B', 'b2')],
      afgekapt: false,
      totaal_structuren: 4,
    });
    // 17 nodes: B's top fits, b1 is already there (its link is kept), b2 does not fit.
    const cut = buildNetwerk(vestigingen, holdings, { maxNodes: 17, samenwerkingsverbanden: [formule] });
    expect(cut.nodes.map((n) => n.id).slice(12)).toEqual(['SFORMULE001', 'b1', 'i1', 'i2', 'B']);
    expect(cut.verbindingen.slice(10)).toEqual([samen('b1'), samen('i1'), samen('i2'), eigendom('B', 'b1')]);
    expect(cut.afgekapt).toBe(true);
  });

  it('never exceeds maxNodes and every link joins two nodes', () => {
    for (let max = 0; max <= 20; max++) {
      for (const samenwerkingsverbanden of [undefined, [formule]]) {
        const res = buildNetwerk(vestigingen, holdings, { maxNodes: max, samenwerkingsverbanden });
        const ids = new Set(res.nodes.map((n) => n.id));
        expect(res.nodes.length).toBe(Math.min(max, samenwerkingsverbanden ? 18 : 15));
        expect(ids.size).toBe(res.nodes.length);
        expect(res.verbindingen.every((l) => ids.has(l.source) && ids.has(l.target))).toBe(true);
        expect(res.afgekapt).toBe(max < (samenwerkingsverbanden ? 18 : 15));
      }
    }
  });

  it('is the same whatever the input order', () => {
    const opts = { maxNodes: 12, samenwerkingsverbanden: [formule] };
    expect(buildNetwerk([...vestigingen].reverse(), [...holdings].reverse(), opts)).toEqual(buildNetwerk(vestigingen, holdings, opts));
  });

  it('handles 500 holdings and 8,000 vestigingen quickly', () => {
    const hs: MarktHolding[] = [];
    const vs: MarktVestiging[] = [];
    for (let t = 0; t < 100; t++) {
      const top = `H${t}`;
      const ids = Array.from({ length: 40 }, (_, i) => `v${t}-${i}`);
      hs.push(hold(top, `Groep ${t}`, top, null, ids));
      for (let j = 0; j < 4; j++) hs.push(hold(`${top}-${j}`, `Groep ${t} deel ${j}`, top, top, ids.filter((_, i) => i % 4 === j)));
      ids.forEach((id, i) => vs.push(vest(id, `${top}-${i % 4}`, top)));
    }
    for (let i = 0; i < 4000; i++) vs.push(vest(`x${i}`, null, null));
    const t0 = performance.now();
    const res = buildNetwerk(vs, hs, { maxNodes: 500 });
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(res.nodes).toHaveLength(500);
    expect(res.totaal_structuren).toBe(100);
  });
});
