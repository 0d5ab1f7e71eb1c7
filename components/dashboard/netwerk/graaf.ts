// The answer of GET /relaties/netwerk (lib/services/distributiemonitor/netwerk.ts) and what the view derives
// from it: the structures in the graph (their top node, size and number of nodes shown), the colour of each
// (the largest get their own, the rest share grey), and where a click on a node leads. Pure.
import type { Dekking } from '../typen';
import { GROEP_PALET as PALET, OVERIG } from '../kleuren';

/** The operation's bounds of max_nodes (MAX_NODES in lib/services/distributiemonitor/netwerk.ts; a unit test keeps them equal). */
export const MAX_KNOPEN = { min: 10, max: 500, standaard: 90 };

export type KnoopType = 'hoofdholding' | 'tussenholding' | 'vestiging' | 'samenwerkingsverband';

export interface NetwerkKnoop {
  id: string;
  naam: string;
  type: KnoopType;
  /** Active vestigingen below or in it; 1 for a vestiging. */
  grootte: number;
  /** Id of the hoofdholding or samenwerkingsverband whose structure brought it in. */
  groep: string;
}

export interface NetwerkVerbinding {
  source: string;
  target: string;
  type: 'eigendom' | 'samenwerking';
}

export interface Netwerk {
  jaar: number;
  nodes: NetwerkKnoop[];
  verbindingen: NetwerkVerbinding[];
  afgekapt: boolean;
  totaal_structuren: number;
  dekking: Dekking;
}

/** Distinct colours for the largest structures, then grey for the rest: the palette's (../kleuren). */
export { GROEP_PALET as PALET, OVERIG } from '../kleuren';

export interface Structuur {
  id: string;
  naam: string;
  type: 'hoofdholding' | 'samenwerkingsverband';
  /** Active vestigingen of the whole structure. */
  grootte: number;
  /** Nodes of it in the graph (the structure at the cut may be there only in part). */
  knopen: number;
  kleur: string;
}

/** The structures in the graph, largest first (then by name), each with its colour. */
export function structuren(nodes: readonly NetwerkKnoop[]): Structuur[] {
  const tellen = new Map<string, number>();
  for (const n of nodes) tellen.set(n.groep, (tellen.get(n.groep) ?? 0) + 1);
  return nodes
    .filter((n): n is NetwerkKnoop & { type: Structuur['type'] } => n.id === n.groep && (n.type === 'hoofdholding' || n.type === 'samenwerkingsverband'))
    .sort((a, b) => b.grootte - a.grootte || a.naam.localeCompare(b.naam, 'nl') || (a.id < b.id ? -1 : 1))
    .map((n, i) => ({ id: n.id, naam: n.naam, type: n.type, grootte: n.grootte, knopen: tellen.get(n.id) ?? 0, kleur: PALET[i] ?? OVERIG }));
}

/** The structure view of a hoofdholding, with the node to open in its tree and the as-of date. */
export function structuurHref(hoofdholdingId: string, opties: { open?: string; peildatum?: string } = {}): string {
  const q = new URLSearchParams();
  if (opties.open && opties.open !== hoofdholdingId) q.set('open', opties.open);
  if (opties.peildatum) q.set('peildatum', opties.peildatum);
  const s = q.toString();
  return `/dashboard/holdings/${encodeURIComponent(hoofdholdingId)}${s ? `?${s}` : ''}`;
}

/** Where a click on node `n` leads: the structure view of its hoofdholding (null inside a samenwerkingsverband: no view for those). */
export function doelVanKnoop(n: NetwerkKnoop, typeVanGroep: ReadonlyMap<string, KnoopType>, peildatum?: string): string | null {
  if (typeVanGroep.get(n.groep) !== 'hoofdholding') return null;
  return structuurHref(n.groep, { open: n.id, peildatum });
}

const ESCAPE: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Text for the graph's tooltip, which takes HTML. */
export const html = (s: string) => s.replace(/[&<>"']/g, (c) => ESCAPE[c]);

export const TYPE_NAAM: Record<KnoopType, string> = {
  hoofdholding: 'Hoofdholding',
  tussenholding: 'Tussenholding',
  vestiging: 'Vestiging',
  samenwerkingsverband: 'Samenwerkingsverband',
};
