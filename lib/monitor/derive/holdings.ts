// Holdings and hoofdholdingen from the LEI ownership chains above the vestigingen. A vestiging's KvK number
// gives its LEI entity (the active one first); from there IS_DIRECTLY_CONSOLIDATED_BY gives the chain
// upwards and IS_ULTIMATELY_CONSOLIDATED_BY the top when GLEIF states it. Only relationships that are
// active at the peildatum count (status ACTIVE or unstated, and a relationship period covering the day).
// Every entity above a vestiging is a holding; the top of its chain is its hoofdholding. Walks are
// cycle-safe (a visited set) and stop at MAX_DIEPTE. Pure.
import { geldigheid } from '@/lib/registers/common/status';
import type { Holding, Hoofdholding, MonitorLeiEntiteit, MonitorLeiRelatie, Vestiging } from './types';
import { aantalVestigingenActief, type TelbareVestiging } from './telling';

export const DIRECT = 'IS_DIRECTLY_CONSOLIDATED_BY';
export const ULTIMATE = 'IS_ULTIMATELY_CONSOLIDATED_BY';
/** Longest chain followed; deeper chains are cut there (and counted in the result). */
export const MAX_DIEPTE = 32;

/** True when the relationship holds on `peildatum` (YYYY-MM-DD). */
export function relatieGeldig(r: MonitorLeiRelatie, peildatum: string): boolean {
  if (r.status && r.status.toUpperCase() !== 'ACTIVE') return false;
  const perioden = r.perioden.filter((p) => !p.type || p.type.toUpperCase() === 'RELATIONSHIP_PERIOD');
  if (perioden.length === 0) return true;
  // Started on or before the peildatum, and geldig by the registers' end-date rule (common/status.ts).
  return perioden.some((p) => (!p.start || p.start.slice(0, 10) <= peildatum) && geldigheid(p.eind, peildatum) === 'geldig');
}

export interface HoldingStructuur {
  holdings: Holding[];
  /** vestiging_id → the holding directly above its own entity (absent: independent). */
  moeder: Map<string, string>;
  /** vestiging_id → hoofdholding_id (absent: independent). */
  top: Map<string, string>;
  /** vestiging_id → the LEI of its own entity (linked on KvK number or name + place; absent: none). */
  lei: Map<string, string>;
  /** Chains cut at MAX_DIEPTE or closed into a cycle. */
  afgebroken: number;
}

/**
 * The ownership structure above `vestigingen` at `peildatum`. `koppeling` gives the LEI of each KvK number
 * (derive/koppeling.ts: KvK number, else a unique name + place); without it, the KvK number alone.
 */
export function deriveHoldings(
  vestigingen: readonly Vestiging[],
  entiteiten: readonly MonitorLeiEntiteit[],
  relaties: readonly MonitorLeiRelatie[],
  peildatum: string,
  koppeling?: ReadonlyMap<string, string>,
): HoldingStructuur {
  const naam = new Map(entiteiten.map((e) => [e.lei, e.naam]));
  const kvkVan = new Map(entiteiten.map((e) => [e.lei, e.kvk_nummer]));
  // KvK number → LEI: the active entity first, then the lowest LEI (deterministic).
  const leiVanKvk = new Map<string, string>(koppeling ?? []);
  if (!koppeling) {
    for (const e of [...entiteiten].sort((a, b) => Number(b.status === 'actief') - Number(a.status === 'actief') || (a.lei < b.lei ? -1 : 1))) {
      if (e.kvk_nummer && !leiVanKvk.has(e.kvk_nummer)) leiVanKvk.set(e.kvk_nummer, e.lei);
    }
  }
  const direct = new Map<string, string>();
  const ultimate = new Map<string, string>();
  for (const r of [...relaties].sort((a, b) => (a.end_lei < b.end_lei ? -1 : 1))) {
    if (r.start_lei === r.end_lei || !relatieGeldig(r, peildatum)) continue;
    if (r.type === DIRECT && !direct.has(r.start_lei)) direct.set(r.start_lei, r.end_lei);
    if (r.type === ULTIMATE && !ultimate.has(r.start_lei)) ultimate.set(r.start_lei, r.end_lei);
  }

  let afgebroken = 0;
  // The entities above `lei`, nearest first, ending with the top.
  const keten = (lei: string): string[] => {
    const seen = new Set([lei]);
    const out: string[] = [];
    let cur = lei;
    for (;;) {
      const next = direct.get(cur);
      if (!next) break;
      if (seen.has(next) || out.length >= MAX_DIEPTE) {
        afgebroken++;
        break;
      }
      seen.add(next);
      out.push(next);
      cur = next;
    }
    // The stated ultimate parent is the top when the direct chain does not reach it.
    const u = ultimate.get(lei);
    if (u && u !== lei && !out.includes(u)) out.push(u);
    return out;
  };

  const vestigingenVan = new Map<string, Set<string>>();
  const topVan = new Map<string, string>();
  const moederVan = new Map<string, string | null>();
  const moeder = new Map<string, string>();
  const top = new Map<string, string>();
  const leiVan = new Map<string, string>();
  for (const v of vestigingen) {
    const lei = leiVanKvk.get(v.kvk_nummer);
    if (!lei) continue;
    leiVan.set(v.vestiging_id, lei);
    const boven = keten(lei);
    if (boven.length === 0) continue;
    const t = boven[boven.length - 1];
    moeder.set(v.vestiging_id, boven[0]);
    top.set(v.vestiging_id, t);
    boven.forEach((h, i) => {
      if (!moederVan.has(h)) moederVan.set(h, boven[i + 1] ?? null);
    });
    for (const h of boven) {
      (vestigingenVan.get(h) ?? vestigingenVan.set(h, new Set()).get(h)!).add(v.vestiging_id);
      // A holding below two tops (chains that disagree): the top seen first, in vestiging-id order.
      if (!topVan.has(h)) topVan.set(h, t);
    }
  }

  const holdings: Holding[] = [...vestigingenVan.entries()]
    .map(([id, vs]) => ({
      holding_id: id,
      naam: naam.get(id) ?? id,
      vestiging_ids: [...vs].sort(),
      hoofdholding_id: topVan.get(id)!,
      type: topVan.get(id) === id ? ('hoofdholding' as const) : ('tussenholding' as const),
      moeder_id: topVan.get(id) === id ? null : (moederVan.get(id) ?? null),
      kvk_nummer: kvkVan.get(id) ?? null,
    }))
    .sort((a, b) => (a.holding_id < b.holding_id ? -1 : 1));

  return { holdings, moeder, top, lei: leiVan, afgebroken };
}

/**
 * The hoofdholdingen of `holdings` with their rank: most vestigingen first, then naam (Dutch collation),
 * then id; holding_ids are the other holdings under each, sorted. With `vestiging` (the version's
 * vestigingen by id) "most vestigingen" is the active count of ./telling (what every view shows); without
 * it, every vestiging_id counts.
 */
export function rankHoofdholdingen(holdings: readonly Holding[], vestiging?: ReadonlyMap<string, TelbareVestiging>): Hoofdholding[] {
  const onder = new Map<string, string[]>();
  for (const h of holdings) {
    if (h.holding_id !== h.hoofdholding_id) (onder.get(h.hoofdholding_id) ?? onder.set(h.hoofdholding_id, []).get(h.hoofdholding_id)!).push(h.holding_id);
  }
  const grootte = (h: Holding) => (vestiging ? aantalVestigingenActief(h.vestiging_ids, vestiging) : h.vestiging_ids.length);
  return holdings
    .filter((h) => h.type === 'hoofdholding')
    .map((h) => ({ h, n: grootte(h) }))
    .sort((a, b) => b.n - a.n || a.h.naam.localeCompare(b.h.naam, 'nl') || (a.h.holding_id < b.h.holding_id ? -1 : 1))
    .map(({ h }, i) => ({
      hoofdholding_id: h.holding_id,
      naam: h.naam,
      holding_ids: (onder.get(h.holding_id) ?? []).sort(),
      vestiging_ids: h.vestiging_ids,
      sector_rang: i + 1,
    }));
}
