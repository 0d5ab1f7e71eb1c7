// The ownership tree under one hoofdholding: its holdings hang under their moeder_id, vestigingen under their
// holding_id (the holding directly above their institution). Holdings of this hoofdholding (hoofdholding_id)
// that the walk does not reach (their moeder is missing or elsewhere), and vestigingen of it whose holding is
// not in the tree, hang directly under the hoofdholding, so the tree is complete. Cycle-safe (a visited set:
// a holding or vestiging seen twice is not added again) and depth-capped at MAX_DIEPTE: a holding at that
// depth is shown but not expanded. Counts are of the vestigingen passed in (filter on actief beforehand for
// the current market). Pure.
import { MAX_DIEPTE } from './holdings';
import type { MarktHolding, MarktVestiging } from './types';

export type StructuurNodeType = 'hoofdholding' | 'tussenholding' | 'vestiging';

export interface StructuurNode {
  /** LEI for a holding, vestiging_id for a vestiging. */
  id: string;
  naam: string;
  type: StructuurNodeType;
  kvk_nummer: string | null;
  /** Vestigingen in the subtree (1 for a vestiging). */
  aantal_vestigingen: number;
  kinderen: StructuurNode[];
}

export interface Structuur {
  boom: StructuurNode;
  totalen: {
    /** Holding nodes, the hoofdholding included. */
    aantal_holdings: number;
    aantal_vestigingen: number;
    /** Edges from the hoofdholding to the deepest node (0: no children). */
    diepte: number;
  };
  /** True when a holding at MAX_DIEPTE had children that were not expanded. */
  afgekapt: boolean;
}

const cmpId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpNaam = (a: string, b: string) => a.localeCompare(b, 'nl') || cmpId(a, b);

/** The complete ownership tree under `hoofdholdingId`, or null when it is not a hoofdholding. */
export function buildStructuur(
  hoofdholdingId: string,
  holdings: readonly MarktHolding[],
  vestigingen: readonly MarktVestiging[],
): Structuur | null {
  const root = holdings.find((h) => h.holding_id === hoofdholdingId && h.type === 'hoofdholding');
  if (!root) return null;

  const holdingKinderen = new Map<string, MarktHolding[]>();
  for (const h of holdings) {
    if (h.moeder_id && h.holding_id !== h.moeder_id) (holdingKinderen.get(h.moeder_id) ?? holdingKinderen.set(h.moeder_id, []).get(h.moeder_id)!).push(h);
  }
  const vestigingKinderen = new Map<string, MarktVestiging[]>();
  for (const v of vestigingen) {
    if (v.holding_id) (vestigingKinderen.get(v.holding_id) ?? vestigingKinderen.set(v.holding_id, []).get(v.holding_id)!).push(v);
  }

  const seenHoldings = new Set<string>();
  const seenVestigingen = new Set<string>();
  let afgekapt = false;

  const vestigingNode = (v: MarktVestiging): StructuurNode => ({
    id: v.vestiging_id,
    naam: v.naam,
    type: 'vestiging',
    kvk_nummer: v.kvk_nummer,
    aantal_vestigingen: 1,
    kinderen: [],
  });

  const sortKinderen = (holdingNodes: StructuurNode[], vestigingNodes: StructuurNode[]) => [
    ...holdingNodes.sort((a, b) => b.aantal_vestigingen - a.aantal_vestigingen || cmpNaam(a.naam, b.naam) || cmpId(a.id, b.id)),
    ...vestigingNodes.sort((a, b) => cmpNaam(a.naam, b.naam) || cmpId(a.id, b.id)),
  ];
  const tally = (kinderen: StructuurNode[]) => kinderen.reduce((s, c) => s + c.aantal_vestigingen, 0);

  // The node of `h` at `depth` (the caller has marked it seen), its subtree expanded.
  const holdingNode = (h: MarktHolding, depth: number): StructuurNode => {
    const node: StructuurNode = {
      id: h.holding_id,
      naam: h.naam,
      type: depth === 0 ? 'hoofdholding' : 'tussenholding',
      kvk_nummer: h.kvk_nummer,
      aantal_vestigingen: 0,
      kinderen: [],
    };
    const hs = holdingKinderen.get(h.holding_id) ?? [];
    const vs = vestigingKinderen.get(h.holding_id) ?? [];
    if (depth >= MAX_DIEPTE) {
      if (hs.some((c) => !seenHoldings.has(c.holding_id)) || vs.some((v) => !seenVestigingen.has(v.vestiging_id))) afgekapt = true;
      return node;
    }
    // Mark the children first, so a holding reachable twice hangs under the first parent only.
    const childHoldings = hs.filter((c) => !seenHoldings.has(c.holding_id) && (seenHoldings.add(c.holding_id), true));
    const childVestigingen = vs.filter((v) => !seenVestigingen.has(v.vestiging_id) && (seenVestigingen.add(v.vestiging_id), true));
    node.kinderen = sortKinderen(
      childHoldings.map((c) => holdingNode(c, depth + 1)),
      childVestigingen.map(vestigingNode),
    );
    node.aantal_vestigingen = tally(node.kinderen);
    return node;
  };

  seenHoldings.add(root.holding_id);
  const boom = holdingNode(root, 0);

  // Stragglers: holdings and vestigingen of this hoofdholding that the walk did not reach hang under the root.
  // Holdings whose moeder is not itself a straggler first (each with its subtree), then any left (a cycle
  // among stragglers), in id order.
  // Holdings cut off at MAX_DIEPTE (their moeder chain reaches the tree) stay out.
  const byId = new Map(holdings.map((h) => [h.holding_id, h]));
  const onderTree = (h: MarktHolding): boolean => {
    const seen = new Set<string>();
    for (let m = h.moeder_id; m && !seen.has(m); m = byId.get(m)?.moeder_id ?? null) {
      if (seenHoldings.has(m)) return true;
      seen.add(m);
    }
    return false;
  };
  const rest = holdings
    .filter((h) => h.hoofdholding_id === root.holding_id && !seenHoldings.has(h.holding_id) && !(afgekapt && onderTree(h)))
    .sort((a, b) => cmpId(a.holding_id, b.holding_id));
  const restIds = new Set(rest.map((h) => h.holding_id));
  const extraHoldings: StructuurNode[] = [];
  for (const h of [...rest.filter((h) => !h.moeder_id || !restIds.has(h.moeder_id)), ...rest]) {
    if (seenHoldings.has(h.holding_id)) continue;
    seenHoldings.add(h.holding_id);
    extraHoldings.push(holdingNode(h, 1));
  }
  const extraVestigingen = vestigingen
    .filter(
      (v) =>
        v.hoofdholding_id === root.holding_id &&
        !seenVestigingen.has(v.vestiging_id) &&
        !(afgekapt && v.holding_id && byId.has(v.holding_id) && (seenHoldings.has(v.holding_id) || onderTree(byId.get(v.holding_id)!))) &&
        (seenVestigingen.add(v.vestiging_id), true),
    )
    .map(vestigingNode);
  if (extraHoldings.length > 0 || extraVestigingen.length > 0) {
    boom.kinderen = sortKinderen(
      [...boom.kinderen.filter((k) => k.type !== 'vestiging'), ...extraHoldings],
      [...boom.kinderen.filter((k) => k.type === 'vestiging'), ...extraVestigingen],
    );
    boom.aantal_vestigingen = tally(boom.kinderen);
  }

  let holdingCount = 0;
  let vestigingCount = 0;
  let diepte = 0;
  const tel = (n: StructuurNode, d: number) => {
    if (n.type === 'vestiging') vestigingCount++;
    else holdingCount++;
    if (d > diepte) diepte = d;
    for (const c of n.kinderen) tel(c, d + 1);
  };
  tel(boom, 0);
  return { boom, totalen: { aantal_holdings: holdingCount, aantal_vestigingen: vestigingCount, diepte }, afgekapt };
}
