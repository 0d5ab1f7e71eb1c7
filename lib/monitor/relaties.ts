// The relation graph behind /relaties/zoeken and /relaties/{instelling_id}: GLEIF consolidation
// relationships (active at the peildatum) between LEI entities, plus the monitor's organisations (KvK
// numbers of vestigingen) hung under their LEI. Pure: built from plain rows, then searched and walked.
// Walks are cycle-safe (a visited set), depth-capped (MAX_DIEPTE) and node-capped (MAX_KNOPEN).
import { MAX_DIEPTE, relatieGeldig } from './derive/holdings';
import type { MarktVestiging, MonitorLeiEntiteit, MonitorLeiRelatie } from './derive/types';
import { HOLDING_ZONDER_NAAM, holdingNaam } from './holding-naam';

/** Most nodes one structure answer lists (a walk stops there and says so). */
export const MAX_KNOPEN = 2000;

export interface RelatieEntiteit {
  /** The LEI, or for an organisation without LEI its KvK number. */
  instelling_id: string;
  naam: string;
  lei: string | null;
  kvk_nummer: string | null;
  /** Relationships to parents (it is consolidated by them). */
  uitgaand: number;
  /** Relationships from children (they are consolidated by it). */
  inkomend: number;
  /** Active vestigingen of this organisation (its own KvK number). */
  aantal_vestigingen_actief: number;
}

export interface RelatieGraaf {
  entiteit: Map<string, RelatieEntiteit>;
  /** instelling_id → parents (relationship type per parent). */
  ouders: Map<string, { id: string; type: string }[]>;
  kinderen: Map<string, { id: string; type: string }[]>;
  /** KvK number → instelling_id; vestiging_id → instelling_id. */
  perKvk: Map<string, string>;
  perVestiging: Map<string, string>;
}

const push = <K, V>(m: Map<K, V[]>, k: K, v: V) => (m.get(k) ?? m.set(k, []).get(k)!).push(v);

export function bouwRelatieGraaf(
  entiteiten: readonly MonitorLeiEntiteit[],
  relaties: readonly MonitorLeiRelatie[],
  vestigingen: readonly MarktVestiging[],
  peildatum: string,
): RelatieGraaf {
  const entiteit = new Map<string, RelatieEntiteit>();
  const perKvk = new Map<string, string>();
  for (const e of [...entiteiten].sort((a, b) => Number(b.status === 'actief') - Number(a.status === 'actief') || (a.lei < b.lei ? -1 : 1))) {
    entiteit.set(e.lei, { instelling_id: e.lei, naam: holdingNaam(e.naam, e.lei), lei: e.lei, kvk_nummer: e.kvk_nummer, uitgaand: 0, inkomend: 0, aantal_vestigingen_actief: 0 });
    if (e.kvk_nummer && !perKvk.has(e.kvk_nummer)) perKvk.set(e.kvk_nummer, e.lei);
  }
  const ouders = new Map<string, { id: string; type: string }[]>();
  const kinderen = new Map<string, { id: string; type: string }[]>();
  for (const r of relaties) {
    if (r.start_lei === r.end_lei || !relatieGeldig(r, peildatum)) continue;
    for (const lei of [r.start_lei, r.end_lei]) {
      if (!entiteit.has(lei)) entiteit.set(lei, { instelling_id: lei, naam: HOLDING_ZONDER_NAAM, lei, kvk_nummer: null, uitgaand: 0, inkomend: 0, aantal_vestigingen_actief: 0 });
    }
    push(ouders, r.start_lei, { id: r.end_lei, type: r.type });
    push(kinderen, r.end_lei, { id: r.start_lei, type: r.type });
    entiteit.get(r.start_lei)!.uitgaand++;
    entiteit.get(r.end_lei)!.inkomend++;
  }
  const perVestiging = new Map<string, string>();
  for (const v of vestigingen) {
    let id = v.lei ?? perKvk.get(v.kvk_nummer);
    if (id && !perKvk.has(v.kvk_nummer)) {
      // linked on name + place: the LEI record has no KvK number; the vestiging's names the entity
      perKvk.set(v.kvk_nummer, id);
      const e = entiteit.get(id);
      if (e && !e.kvk_nummer) e.kvk_nummer = v.kvk_nummer;
    }
    if (!id) {
      id = v.kvk_nummer;
      if (!entiteit.has(id)) entiteit.set(id, { instelling_id: id, naam: v.naam, lei: null, kvk_nummer: v.kvk_nummer, uitgaand: 0, inkomend: 0, aantal_vestigingen_actief: 0 });
      perKvk.set(v.kvk_nummer, id);
    }
    perVestiging.set(v.vestiging_id, id);
    if (v.actief) entiteit.get(id)!.aantal_vestigingen_actief++;
  }
  return { entiteit, ouders, kinderen, perKvk, perVestiging };
}

/** The instelling_id an id names: a LEI, a KvK number or a vestiging_id; null when unknown. */
export function vindInstelling(g: RelatieGraaf, id: string): string | null {
  if (g.entiteit.has(id)) return id;
  return g.perKvk.get(id) ?? g.perVestiging.get(id) ?? null;
}

/** Entities whose name contains `q` (case-insensitive) or whose KvK number or LEI equals it; most related first. */
export function zoekRelaties(g: RelatieGraaf, q: string, limit: number): { totaal: number; entiteiten: RelatieEntiteit[] } {
  const t = q.trim().toLocaleLowerCase('nl');
  const upper = q.trim().toUpperCase();
  const hits = [...g.entiteit.values()].filter((e) => e.naam.toLocaleLowerCase('nl').includes(t) || e.kvk_nummer === q.trim() || e.lei === upper);
  hits.sort(
    (a, b) =>
      b.uitgaand + b.inkomend - (a.uitgaand + a.inkomend) || b.aantal_vestigingen_actief - a.aantal_vestigingen_actief || a.naam.localeCompare(b.naam, 'nl') || (a.instelling_id < b.instelling_id ? -1 : 1),
  );
  return { totaal: hits.length, entiteiten: hits.slice(0, limit) };
}

export interface RelatieKnoop {
  instelling_id: string;
  naam: string;
  lei: string | null;
  kvk_nummer: string | null;
  relatie: string | null;
  aantal_vestigingen_actief: number;
  /** Parents (in `moeders`) or children (in `dochters`), recursively. */
  relaties: RelatieKnoop[];
  /** True when this node was already shown elsewhere in the walk (a cycle or a shared parent): not expanded again. */
  herhaling: boolean;
}

/** The structure around one entity: its parents upwards and its subordinates downwards, recursively. */
export function relatieStructuur(g: RelatieGraaf, id: string): { entiteit: RelatieEntiteit; moeders: RelatieKnoop[]; dochters: RelatieKnoop[]; afgekapt: boolean } | null {
  const start = vindInstelling(g, id);
  if (!start) return null;
  let knopen = 0;
  let afgekapt = false;
  const loop = (van: string, richting: Map<string, { id: string; type: string }[]>, gezien: Set<string>, diepte: number): RelatieKnoop[] => {
    const out: RelatieKnoop[] = [];
    const buren = [...(richting.get(van) ?? [])].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : a.type < b.type ? -1 : 1));
    for (const b of buren) {
      if (knopen >= MAX_KNOPEN || diepte >= MAX_DIEPTE) {
        afgekapt = true;
        break;
      }
      knopen++;
      const e = g.entiteit.get(b.id)!;
      const herhaling = gezien.has(b.id);
      gezien.add(b.id);
      out.push({
        instelling_id: e.instelling_id,
        naam: e.naam,
        lei: e.lei,
        kvk_nummer: e.kvk_nummer,
        relatie: b.type,
        aantal_vestigingen_actief: e.aantal_vestigingen_actief,
        relaties: herhaling ? [] : loop(b.id, richting, gezien, diepte + 1),
        herhaling,
      });
    }
    return out;
  };
  const moeders = loop(start, g.ouders, new Set([start]), 0);
  const dochters = loop(start, g.kinderen, new Set([start]), 0);
  return { entiteit: g.entiteit.get(start)!, moeders, dochters, afgekapt };
}
