// The market of one dataset_versie as the operations read it: its state with lookups by id and KvK
// number and the ranked hoofdholdingen, built once per version (and per as-of version) and then shared by
// every request. Pure.
import { rankHoofdholdingen } from './derive/holdings';
import { HOLDING_ZONDER_NAAM, heeftEigenNaam, holdingNaam } from './holding-naam';
import type { Hoofdholding, MarktHolding, MarktVestiging } from './derive/types';
import type { MarktToestand } from './diff';
import type { DatasetVersie } from './store';

export interface Markt {
  versie: DatasetVersie;
  vestigingen: MarktVestiging[];
  holdings: MarktHolding[];
  vestiging: Map<string, MarktVestiging>;
  holding: Map<string, MarktHolding>;
  /** KvK number → its vestigingen. */
  perKvk: Map<string, MarktVestiging[]>;
  /** Ranked hoofdholdingen (sector_rang 1 = most active vestigingen, derive/telling). */
  hoofdholdingen: Hoofdholding[];
  hoofdholding: Map<string, Hoofdholding>;
}

export function bouwMarkt(versie: DatasetVersie, toestand: MarktToestand): Markt {
  const perKvk = new Map<string, MarktVestiging[]>();
  for (const v of toestand.vestigingen) (perKvk.get(v.kvk_nummer) ?? perKvk.set(v.kvk_nummer, []).get(v.kvk_nummer)!).push(v);
  const vestiging = new Map(toestand.vestigingen.map((v) => [v.vestiging_id, v]));
  // Holdings GLEIF gives no name carry their LEI as naam in the state: named by the one rule here, so
  // every answer built on the market agrees (holding-naam.ts).
  const holdings = toestand.holdings.map((h) => (heeftEigenNaam(h.naam, h.holding_id) || h.naam === HOLDING_ZONDER_NAAM ? h : { ...h, naam: holdingNaam(h.naam, h.holding_id) }));
  const hoofdholdingen = rankHoofdholdingen(holdings, vestiging);
  return {
    versie,
    vestigingen: toestand.vestigingen,
    holdings,
    vestiging,
    holding: new Map(holdings.map((h) => [h.holding_id, h])),
    perKvk,
    hoofdholdingen,
    hoofdholding: new Map(hoofdholdingen.map((h) => [h.hoofdholding_id, h])),
  };
}
