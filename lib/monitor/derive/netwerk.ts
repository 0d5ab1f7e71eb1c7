// Force-graph data of the market (relaties/netwerk): nodes are holdings, vestigingen and, when given,
// samenwerkingsverbanden; links are ownership edges (owner → owned) and samenwerking edges (verband →
// vestiging). Only active vestigingen count; a holding's grootte is its active vestigingen.
//
// The busiest structures first: hoofdholding trees ranked by active vestigingen (then naam, then id), with
// the samenwerkingsverbanden (when given) interleaved by their active vestigingen. A structure is taken whole
// while it fits in maxNodes; the first one that does not fit gets its top node (hoofdholding or
// samenwerkingsverband) and as many of its other nodes as fit (holdings biggest first, then vestigingen by
// naam), and there the graph stops (afgekapt). A node already in the graph (a vestiging both owned and in a
// samenwerkingsverband) is not added again; it only gains the link. A node whose owner is not in the graph
// links to its nearest owner that is (else the hoofdholding). Ids are stable: LEI, vestiging_id,
// samenwerkingsverband_id. Pure.
import { MAX_DIEPTE } from './holdings';
import { actieveVestigingIds, aantalVestigingenActief } from './telling';
import type { Samenwerkingsverband } from './samenwerking';
import type { MarktHolding, MarktVestiging } from './types';

export type NetwerkNodeType = 'hoofdholding' | 'tussenholding' | 'vestiging' | 'samenwerkingsverband';
export type NetwerkLinkType = 'eigendom' | 'samenwerking';

export interface NetwerkNode {
  id: string;
  naam: string;
  type: NetwerkNodeType;
  /** Active vestigingen below or in it; 1 for a vestiging. */
  grootte: number;
  /** hoofdholding_id or samenwerkingsverband_id of the structure that brought the node in (for colouring). */
  groep: string;
}

export interface NetwerkLink {
  /** The owner (holding) or the samenwerkingsverband. */
  source: string;
  /** The owned holding or vestiging, or the member vestiging. */
  target: string;
  type: NetwerkLinkType;
}

export interface Netwerk {
  nodes: NetwerkNode[];
  verbindingen: NetwerkLink[];
  /** True when some structure is missing from the graph or shown only in part. */
  afgekapt: boolean;
  /** Structures available: hoofdholding trees with active vestigingen, plus the samenwerkingsverbanden given. */
  totaal_structuren: number;
}

export interface NetwerkOpties {
  maxNodes: number;
  samenwerkingsverbanden?: readonly Samenwerkingsverband[];
}

const cmpId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpNaam = (a: string, b: string) => a.localeCompare(b, 'nl') || cmpId(a, b);

interface Structuur {
  soort: 'boom' | 'verband';
  top: NetwerkNode;
  /** The other nodes, in the order they are taken when the structure does not fit whole. */
  leden: NetwerkNode[];
}

export function buildNetwerk(vestigingen: readonly MarktVestiging[], holdings: readonly MarktHolding[], opts: NetwerkOpties): Netwerk {
  const maxNodes = Math.max(0, Math.floor(opts.maxNodes));
  const vestigingById = new Map(vestigingen.map((v) => [v.vestiging_id, v]));
  const holdingById = new Map(holdings.map((h) => [h.holding_id, h]));

  // The active vestigingen of a holding or verband: the one count of ./telling (as the ranking and the structure show it).
  const actiefVan = (ids: readonly string[]) => actieveVestigingIds(ids, vestigingById).map((id) => vestigingById.get(id)!);
  const tussen = new Map<string, MarktHolding[]>();
  for (const h of holdings) if (h.type === 'tussenholding') (tussen.get(h.hoofdholding_id) ?? tussen.set(h.hoofdholding_id, []).get(h.hoofdholding_id)!).push(h);

  // Depth of a holding below its hoofdholding (for ties: an owner before what it owns).
  const diepte = (h: MarktHolding): number => {
    const seen = new Set([h.holding_id]);
    let d = 0;
    for (let m = h.moeder_id; m && !seen.has(m) && d < MAX_DIEPTE; m = holdingById.get(m)?.moeder_id ?? null) {
      seen.add(m);
      d++;
    }
    return d;
  };
  const vestigingNode = (v: MarktVestiging, groep: string): NetwerkNode => ({ id: v.vestiging_id, naam: v.naam, type: 'vestiging', grootte: 1, groep });

  const structuren: Structuur[] = [];
  for (const h of holdings) {
    if (h.type !== 'hoofdholding') continue;
    const vs = actiefVan(h.vestiging_ids);
    if (vs.length === 0) continue;
    const groep = h.holding_id;
    const hs = (tussen.get(h.holding_id) ?? [])
      .map((t) => ({ t, grootte: aantalVestigingenActief(t.vestiging_ids, vestigingById), d: diepte(t) }))
      .filter((x) => x.grootte > 0)
      .sort((a, b) => b.grootte - a.grootte || a.d - b.d || cmpNaam(a.t.naam, b.t.naam) || cmpId(a.t.holding_id, b.t.holding_id))
      .map(({ t, grootte }): NetwerkNode => ({ id: t.holding_id, naam: t.naam, type: 'tussenholding', grootte, groep }));
    const vNodes = [...vs].sort((a, b) => cmpNaam(a.naam, b.naam) || cmpId(a.vestiging_id, b.vestiging_id)).map((v) => vestigingNode(v, groep));
    structuren.push({ soort: 'boom', top: { id: h.holding_id, naam: h.naam, type: 'hoofdholding', grootte: vs.length, groep }, leden: [...hs, ...vNodes] });
  }
  for (const s of opts.samenwerkingsverbanden ?? []) {
    const groep = s.samenwerkingsverband_id;
    const vs = actiefVan(s.vestiging_ids);
    if (vs.length === 0) continue;
    const vNodes = vs.sort((a, b) => cmpNaam(a.naam, b.naam) || cmpId(a.vestiging_id, b.vestiging_id)).map((v) => vestigingNode(v, groep));
    structuren.push({ soort: 'verband', top: { id: groep, naam: s.naam, type: 'samenwerkingsverband', grootte: vs.length, groep }, leden: vNodes });
  }
  structuren.sort((a, b) => b.top.grootte - a.top.grootte || cmpNaam(a.top.naam, b.top.naam) || cmpId(a.top.id, b.top.id));

  const nodes: NetwerkNode[] = [];
  const inGraph = new Set<string>();
  const links: NetwerkLink[] = [];
  let afgekapt = false;
  const add = (n: NetwerkNode) => {
    if (inGraph.has(n.id)) return;
    inGraph.add(n.id);
    nodes.push(n);
  };

  // The nearest owner in the graph of a holding id (itself excluded), following moeder_id; else `fallback`.
  const eigenaarVanaf = (start: string | null, self: string, fallback: string): string => {
    const seen = new Set([self]);
    for (let m = start; m && !seen.has(m) && seen.size <= MAX_DIEPTE + 1; m = holdingById.get(m)?.moeder_id ?? null) {
      if (inGraph.has(m)) return m;
      seen.add(m);
    }
    return fallback;
  };

  for (const s of structuren) {
    const ruimte = maxNodes - nodes.length;
    const nieuw = [s.top, ...s.leden].filter((n) => !inGraph.has(n.id)).length;
    let taken: NetwerkNode[];
    if (nieuw <= ruimte) {
      add(s.top);
      taken = s.leden;
      taken.forEach(add);
    } else {
      afgekapt = true;
      if (!inGraph.has(s.top.id)) {
        if (ruimte < 1) break;
        add(s.top);
      }
      taken = [];
      for (const n of s.leden) {
        if (!inGraph.has(n.id)) {
          if (nodes.length >= maxNodes) continue;
          add(n);
        }
        taken.push(n);
      }
    }
    for (const n of taken) {
      if (s.soort === 'verband') {
        links.push({ source: s.top.id, target: n.id, type: 'samenwerking' });
      } else if (n.type === 'tussenholding') {
        links.push({ source: eigenaarVanaf(holdingById.get(n.id)!.moeder_id, n.id, s.top.id), target: n.id, type: 'eigendom' });
      } else {
        const v = vestigingById.get(n.id)!;
        links.push({ source: eigenaarVanaf(v.holding_id, n.id, s.top.id), target: n.id, type: 'eigendom' });
      }
    }
    if (nieuw > ruimte) break;
  }

  return { nodes, verbindingen: links, afgekapt, totaal_structuren: structuren.length };
}
