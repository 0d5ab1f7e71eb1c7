// The one count of vestigingen (active ones among a holding's vestiging_ids) and every place that shows it:
// the ranking and its share, the holdings rows, the structure totals' source (the hoofdholding's ids), the
// network's sizes and the radar's "vestigingen nu" all give the same number for one hoofdholding.
import { describe, expect, it } from 'vitest';
import { hoofdholdingRijen, holdingRij } from '../export';
import { bouwMarkt } from '../markt';
import type { DatasetVersie } from '../store';
import { rankHoofdholdingen } from './holdings';
import { buildNetwerk } from './netwerk';
import { actieveVestigingIds, aantalVestigingenActief, VESTIGINGEN_ACTIEF_LABEL } from './telling';
import { holding, vestiging } from './test-builders';
import type { MarktHolding, MarktVestiging } from './types';

const vest = (id: string, holding_id: string | null, hoofdholding_id: string | null, actief = true) => vestiging(id, { holding_id, hoofdholding_id, actief });

// A: 5 vestigingen of which 2 ended (3 active); B: 4, all active. Ever-counting ranks A first, active-counting B.
const holdings: MarktHolding[] = [
  holding('A', 'Alfa Groep', 'A', null, ['a1', 'a2', 'a3', 'a4', 'a5']),
  holding('A1', 'Alfa Noord', 'A', 'A', ['a1', 'a2', 'a4']),
  holding('B', 'Beta Holding', 'B', null, ['b1', 'b2', 'b3', 'b4']),
];
const vestigingen: MarktVestiging[] = [
  vest('a1', 'A1', 'A'),
  vest('a2', 'A1', 'A'),
  vest('a3', 'A', 'A'),
  vest('a4', 'A1', 'A', false),
  vest('a5', 'A', 'A', false),
  vest('b1', 'B', 'B'),
  vest('b2', 'B', 'B'),
  vest('b3', 'B', 'B'),
  vest('b4', 'B', 'B'),
  vest('i1', null, null),
];

const versie: DatasetVersie = {
  id: 1,
  peildatum: '2026-01-31',
  gepubliceerd_op: '2026-02-01T00:00:00.000Z',
  bronnen: [],
  samenvatting: {},
  aantallen: { vestigingen_actief: 8 },
  kengetallen: {},
  voorbeeld: true,
  duur_ms: 0,
};

describe('aantalVestigingenActief', () => {
  const perId = new Map(vestigingen.map((v) => [v.vestiging_id, v]));

  it('counts the active vestigingen among the ids, ended and unknown ones not', () => {
    expect(aantalVestigingenActief(['a1', 'a2', 'a3', 'a4', 'a5'], perId)).toBe(3);
    expect(aantalVestigingenActief(['a4', 'a5', 'onbekend'], perId)).toBe(0);
    expect(aantalVestigingenActief([], perId)).toBe(0);
    expect(actieveVestigingIds(['a5', 'a1', 'a4', 'a3'], perId)).toEqual(['a1', 'a3']);
  });

  it('names its definition in the label', () => {
    expect(VESTIGINGEN_ACTIEF_LABEL).toBe('Vestigingen (actief)');
  });

  it('ranks by it when the vestigingen are given (and by every id without them)', () => {
    expect(rankHoofdholdingen(holdings, perId).map((h) => [h.hoofdholding_id, h.sector_rang])).toEqual([['B', 1], ['A', 2]]);
    expect(rankHoofdholdingen(holdings).map((h) => [h.hoofdholding_id, h.sector_rang])).toEqual([['A', 1], ['B', 2]]);
  });
});

describe('one count across the views of one market', () => {
  const m = bouwMarkt(versie, { vestigingen, holdings });

  it('gives the ranking, its share, the holdings rows and the network the same number per hoofdholding', () => {
    const rang = hoofdholdingRijen(m);
    expect(rang.map((h) => [h.hoofdholding_id, h.sector_rang, h.aantal_vestigingen_actief, h.aantal_vestigingen, h.aandeel_pct])).toEqual([
      ['B', 1, 4, 4, 50],
      ['A', 2, 3, 5, 37.5],
    ]);
    const netwerk = buildNetwerk(m.vestigingen, m.holdings, { maxNodes: 100 });
    for (const h of rang) {
      const rij = holdingRij(m.holding.get(h.hoofdholding_id)!, m.vestiging);
      expect(rij.aantal_vestigingen_actief, h.hoofdholding_id).toBe(h.aantal_vestigingen_actief);
      expect(netwerk.nodes.find((n) => n.id === h.hoofdholding_id)!.grootte, h.hoofdholding_id).toBe(h.aantal_vestigingen_actief);
      // The share is of the same count.
      expect(h.aandeel_pct).toBe(Math.round((1000 * h.aantal_vestigingen_actief) / versie.aantallen.vestigingen_actief) / 10);
    }
    // A tussenholding too: A1 has a1, a2 active and a4 ended.
    expect(holdingRij(m.holding.get('A1')!, m.vestiging).aantal_vestigingen_actief).toBe(2);
    expect(netwerk.nodes.find((n) => n.id === 'A1')!.grootte).toBe(2);
  });
});
