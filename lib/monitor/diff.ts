// Change detection between two versions of the market (lib/monitor/README.md, "Versions and changes").
// Pure: the previous state and the newly derived market in, the wijziging rows and the next state out.
//
// Vestigingen (keyed vestiging_id):
//   * new id, no old id of the same KvK number gone     → nieuw
//   * an old id gone and a new id of the same KvK number → verhuisd, two rows: the old id (nieuw null: it
//     leaves the market) and the new id (oud = the old address), paired per KvK number in id order
//   * active → inactive, or gone from the register       → beëindigd; a gone vestiging stays in the state,
//     inactive, with einde = the peildatum, so exits remain visible
//   * inactive → active                                  → nieuw (velden says actief)
//   * hoofdholding_id changed to another (or from none)   → overgenomen, unless the vestiging's own LEI changed
//     to one found on name + place (a structure newly found by the link, not bought: gewijzigd)
//   * any other field changed                              → gewijzigd
//   `koppeling` (how the links were made, derive/koppeling.ts) is not compared: a link that moves from
//   name + place to KvK number, or the first version that records it, is no change of the market; the
//   state carries the newest value, and a row written for another reason shows it in oud/nieuw.
// Holdings (keyed holding_id; entiteit_type hoofdholding or holding by their type): new → nieuw, gone →
// beëindigd (nieuw null), hoofdholding_id changed → overgenomen, anything else → gewijzigd.
import type { EntiteitType, MarktHolding, MarktVestiging, Wijziging, WijzigingType } from './derive/types';

export interface MarktToestand {
  vestigingen: MarktVestiging[];
  holdings: MarktHolding[];
}

export interface DiffResultaat {
  wijzigingen: Wijziging[];
  /** The state after this version: the derived market plus the vestigingen that left it (inactive). */
  toestand: MarktToestand;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/** The fields (in the record's key order) whose values differ between two records. */
export function verschillendeVelden(oud: object, nieuw: object): string[] {
  const keys = [...new Set([...Object.keys(oud), ...Object.keys(nieuw)])];
  return keys.filter((k) => !same((oud as Record<string, unknown>)[k], (nieuw as Record<string, unknown>)[k]));
}

/** The fields of a vestiging that count as a change: all but `koppeling`. */
const NIET_VERGELEKEN = new Set(['koppeling']);
const vestigingVelden = (oud: MarktVestiging, nieuw: MarktVestiging) => verschillendeVelden(oud, nieuw).filter((k) => !NIET_VERGELEKEN.has(k));

/** True when the vestiging's own LEI changed to one found on name + place: the structure above it was found, not bought. */
const nieuwGekoppeld = (o: MarktVestiging, n: MarktVestiging) => o.lei !== n.lei && n.koppeling?.gleif?.methode === 'naam_plaats';

export const holdingEntiteitType = (h: MarktHolding): EntiteitType => (h.type === 'hoofdholding' ? 'hoofdholding' : 'holding');

const byId = <T>(xs: readonly T[], key: (x: T) => string) => new Map(xs.map((x) => [key(x), x]));
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

function vestigingWijzigingen(oud: readonly MarktVestiging[], afgeleid: readonly MarktVestiging[], peildatum: string) {
  const prev = byId(oud, (v) => v.vestiging_id);
  const next = byId(afgeleid, (v) => v.vestiging_id);
  const rows: Wijziging[] = [];
  const toestand: MarktVestiging[] = [...afgeleid];
  const row = (t: WijzigingType, id: string, o: MarktVestiging | null, n: MarktVestiging | null, velden: string[]) =>
    rows.push({ entiteit_type: 'vestiging', entiteit_id: id, wijziging_type: t, oud: o, nieuw: n, velden });

  // Moves: per KvK number, ids that left (while active) paired with ids that arrived, in id order.
  const weg = new Map<string, MarktVestiging[]>();
  for (const v of oud) if (!next.has(v.vestiging_id) && v.actief) (weg.get(v.kvk_nummer) ?? weg.set(v.kvk_nummer, []).get(v.kvk_nummer)!).push(v);
  const erbij = new Map<string, MarktVestiging[]>();
  for (const v of afgeleid) if (!prev.has(v.vestiging_id)) (erbij.get(v.kvk_nummer) ?? erbij.set(v.kvk_nummer, []).get(v.kvk_nummer)!).push(v);
  const verhuisdNaar = new Map<string, MarktVestiging>();
  const verhuisdVan = new Map<string, MarktVestiging>();
  for (const [kvk, vertrokken] of weg) {
    const aangekomen = erbij.get(kvk);
    if (!aangekomen) continue;
    const a = [...vertrokken].sort((x, y) => cmp(x.vestiging_id, y.vestiging_id));
    const b = [...aangekomen].sort((x, y) => cmp(x.vestiging_id, y.vestiging_id));
    for (let i = 0; i < Math.min(a.length, b.length); i++) {
      verhuisdNaar.set(a[i].vestiging_id, b[i]);
      verhuisdVan.set(b[i].vestiging_id, a[i]);
    }
  }

  for (const v of oud) {
    if (next.has(v.vestiging_id)) continue;
    const naar = verhuisdNaar.get(v.vestiging_id);
    if (naar) {
      row('verhuisd', v.vestiging_id, v, null, vestigingVelden(v, naar));
      continue;
    }
    if (!v.actief) {
      toestand.push(v); // left before: carried along, unchanged
      continue;
    }
    const beeindigd: MarktVestiging = { ...v, actief: false, einde: v.einde ?? peildatum, producten: [], hypotheek_diensten: [] };
    row('beëindigd', v.vestiging_id, v, beeindigd, vestigingVelden(v, beeindigd));
    toestand.push(beeindigd);
  }
  for (const n of afgeleid) {
    const o = prev.get(n.vestiging_id);
    if (!o) {
      const van = verhuisdVan.get(n.vestiging_id);
      if (van) row('verhuisd', n.vestiging_id, van, n, vestigingVelden(van, n));
      else row('nieuw', n.vestiging_id, null, n, []);
      continue;
    }
    const velden = vestigingVelden(o, n);
    if (velden.length === 0) continue;
    if (o.actief && !n.actief) row('beëindigd', n.vestiging_id, o, n, velden);
    else if (!o.actief && n.actief) row('nieuw', n.vestiging_id, o, n, velden);
    else if (n.hoofdholding_id && n.hoofdholding_id !== o.hoofdholding_id && !nieuwGekoppeld(o, n)) row('overgenomen', n.vestiging_id, o, n, velden);
    else row('gewijzigd', n.vestiging_id, o, n, velden);
  }
  return { rows, toestand };
}

function holdingWijzigingen(oud: readonly MarktHolding[], nieuw: readonly MarktHolding[]): Wijziging[] {
  const prev = byId(oud, (h) => h.holding_id);
  const next = byId(nieuw, (h) => h.holding_id);
  const rows: Wijziging[] = [];
  for (const o of oud) {
    if (!next.has(o.holding_id)) rows.push({ entiteit_type: holdingEntiteitType(o), entiteit_id: o.holding_id, wijziging_type: 'beëindigd', oud: o, nieuw: null, velden: [] });
  }
  for (const n of nieuw) {
    const o = prev.get(n.holding_id);
    const entiteit_type = holdingEntiteitType(n);
    if (!o) {
      rows.push({ entiteit_type, entiteit_id: n.holding_id, wijziging_type: 'nieuw', oud: null, nieuw: n, velden: [] });
      continue;
    }
    const velden = verschillendeVelden(o, n);
    if (velden.length === 0) continue;
    const t: WijzigingType = n.hoofdholding_id !== o.hoofdholding_id ? 'overgenomen' : 'gewijzigd';
    rows.push({ entiteit_type, entiteit_id: n.holding_id, wijziging_type: t, oud: o, nieuw: n, velden });
  }
  return rows;
}

const TYPE_ORDER: Record<EntiteitType, number> = { hoofdholding: 0, holding: 1, vestiging: 2 };

/**
 * The wijziging rows from `vorige` (empty for the first version) to the `afgeleid` market at `peildatum`
 * (YYYY-MM-DD), sorted by entiteit_type (hoofdholding, holding, vestiging) then entiteit_id, and the next state.
 */
export function diffMarkt(vorige: MarktToestand, afgeleid: MarktToestand, peildatum: string): DiffResultaat {
  const v = vestigingWijzigingen(vorige.vestigingen, afgeleid.vestigingen, peildatum);
  const wijzigingen = [...holdingWijzigingen(vorige.holdings, afgeleid.holdings), ...v.rows].sort(
    (a, b) => TYPE_ORDER[a.entiteit_type] - TYPE_ORDER[b.entiteit_type] || cmp(a.entiteit_id, b.entiteit_id) || (a.nieuw === null ? -1 : 1),
  );
  return {
    wijzigingen,
    toestand: {
      vestigingen: v.toestand.sort((a, b) => cmp(a.vestiging_id, b.vestiging_id)),
      holdings: [...afgeleid.holdings].sort((a, b) => cmp(a.holding_id, b.holding_id)),
    },
  };
}
