// The consolidation radar: who buys (consolidatoren), who may be bought (doelwitten, a points score) and
// the market's monthly movement. Pure: the state and the wijziging rows in, plain objects out.
import { minMaanden } from '@/lib/kalender';
import { rankHoofdholdingen } from '../derive/holdings';
import { aantalVestigingenActief, type TelbareVestiging } from '../derive/telling';
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';
import { holdingNaam } from '../holding-naam';
import {
  alsVestiging,
  beweging,
  byId,
  overname,
  periode,
  plaatsSleutel,
  tel,
  vestigingRijen,
  type Periode,
} from './common';

export const RADAR_STANDAARD = { maanden: 12, top: 10 } as const;

/** Thresholds of the target signals. */
export const DOELWIT_DREMPELS = {
  /** A licence at least this old: an owner nearer to succession. */
  vergunningsjaren: 15,
  /** At most this many advised products: a narrow office, easy to fold into a broader one. */
  max_producten: 2,
} as const;

export type DoelwitSignaal = 'vergunning_15_jaar_of_ouder' | 'smalle_productbreedte' | 'enige_vestiging' | 'consolidatieregio' | 'hypotheekvergunning';

/** The points model of the targets: score = the sum of the points of the signals that hold. */
export const DOELWIT_SIGNALEN: readonly { signaal: DoelwitSignaal; punten: number; uitleg: string }[] = [
  { signaal: 'vergunning_15_jaar_of_ouder', punten: 3, uitleg: `De vroegste adviesvergunning is op de peildatum minstens ${DOELWIT_DREMPELS.vergunningsjaren} jaar oud (sinds ≤ peildatum − ${DOELWIT_DREMPELS.vergunningsjaren} jaar).` },
  { signaal: 'smalle_productbreedte', punten: 2, uitleg: `De vestiging adviseert of bemiddelt in hoogstens ${DOELWIT_DREMPELS.max_producten} producten.` },
  { signaal: 'enige_vestiging', punten: 2, uitleg: 'De vestiging is de enige actieve vestiging van haar KvK-nummer (eenmanszaak of klein kantoor).' },
  { signaal: 'consolidatieregio', punten: 2, uitleg: 'In dezelfde plaats is in de periode minstens één vestiging overgenomen door een hoofdholding.' },
  { signaal: 'hypotheekvergunning', punten: 1, uitleg: 'De vestiging adviseert of bemiddelt in hypothecair krediet (het segment waarin het meest wordt overgenomen).' },
];
const PUNTEN = new Map(DOELWIT_SIGNALEN.map((s) => [s.signaal, s.punten]));

export interface RadarInput {
  vestigingen: readonly MarktVestiging[];
  holdings: readonly MarktHolding[];
  wijzigingen: readonly WijzigingRij[];
  versies: readonly VersieInfo[];
  peildatum: string;
  /** Length of the window in months (default 12). */
  maanden?: number;
  /** Length of the consolidatoren and doelwitten lists (default 10). */
  top?: number;
}

export interface Consolidator {
  hoofdholding_id: string;
  naam: string;
  gewonnen: number;
  verloren: number;
  netto: number;
  /** Number of vestiging_ids of the hoofdholding in the current state (the basis of sector_rang); 0 when it is gone. */
  vestigingen_nu: number;
  /** null when it is no longer a hoofdholding in the current state. */
  sector_rang: number | null;
}

export interface Doelwit {
  vestiging_id: string;
  naam: string;
  plaats: string | null;
  score: number;
  signalen: { signaal: DoelwitSignaal; punten: number }[];
}

export interface MarktbewegingMaand {
  maand: string;
  aantal_nieuw: number;
  aantal_beeindigd: number;
  aantal_overgenomen: number;
  aantal_verhuisd: number;
}

export interface Radar {
  /** The window: rows dated after `van` and on or before `tot`. */
  periode: { begindatum: string; einddatum: string; maanden: number };
  consolidatoren: Consolidator[];
  doelwitten: Doelwit[];
  marktbeweging: MarktbewegingMaand[];
}

/** Gains and losses per hoofdholding from the 'overgenomen' vestiging rows in the window. */
export function overnamesPerHoofdholding(rijen: readonly WijzigingRij[], p: Periode): Map<string, { gewonnen: number; verloren: number }> {
  const out = new Map<string, { gewonnen: number; verloren: number }>();
  const get = (id: string) => out.get(id) ?? out.set(id, { gewonnen: 0, verloren: 0 }).get(id)!;
  for (const w of vestigingRijen(rijen, p, 'overgenomen')) {
    const o = overname(w);
    if (o.naar) get(o.naar).gewonnen++;
    if (o.van) get(o.van).verloren++;
  }
  return out;
}

/** Places (lower case) where a hoofdholding took over a vestiging in the window, with the number of takeovers. */
export function consolidatiePlaatsen(rijen: readonly WijzigingRij[], p: Periode): Map<string, number> {
  const plaatsen: string[] = [];
  for (const w of vestigingRijen(rijen, p, 'overgenomen')) {
    const o = overname(w);
    const k = plaatsSleutel(o.plaats);
    if (o.naar && k) plaatsen.push(k);
  }
  return tel(plaatsen);
}

/** `rijen`: movement rows (baseline removed, see `beweging`). */
export function consolidatoren(
  holdings: readonly MarktHolding[],
  rijen: readonly WijzigingRij[],
  p: Periode,
  top: number,
  /** All rows, the baseline included: only read for the names of hoofdholdingen that are gone. */
  alleRijen: readonly WijzigingRij[] = rijen,
  /** The version's vestigingen by id: rank and vestigingen_nu count the active ones (derive/telling), as every view does. */
  vestiging?: ReadonlyMap<string, TelbareVestiging>,
): Consolidator[] {
  const rang = new Map(rankHoofdholdingen(holdings, vestiging).map((h) => [h.hoofdholding_id, h]));
  // A consolidator that has since been absorbed keeps the name its rows gave it (rows in id order: the latest wins).
  const naamUitRijen = new Map<string, string>();
  for (const w of alleRijen) {
    if (w.entiteit_type === 'hoofdholding' && w.nieuw && 'holding_id' in w.nieuw) naamUitRijen.set(w.entiteit_id, w.nieuw.naam);
  }
  return [...overnamesPerHoofdholding(rijen, p).entries()]
    .filter(([, t]) => t.gewonnen > 0)
    .map(([id, t]) => {
      const h = rang.get(id);
      return {
        hoofdholding_id: id,
        naam: holdingNaam(h?.naam ?? naamUitRijen.get(id), id),
        gewonnen: t.gewonnen,
        verloren: t.verloren,
        netto: t.gewonnen - t.verloren,
        vestigingen_nu: h ? (vestiging ? aantalVestigingenActief(h.vestiging_ids, vestiging) : h.vestiging_ids.length) : 0,
        sector_rang: h?.sector_rang ?? null,
      };
    })
    .sort((a, b) => b.gewonnen - a.gewonnen || b.netto - a.netto || byId(a.hoofdholding_id, b.hoofdholding_id))
    .slice(0, top);
}

/** `rijen`: movement rows (baseline removed, see `beweging`). */
export function doelwitten(
  vestigingen: readonly MarktVestiging[],
  rijen: readonly WijzigingRij[],
  p: Periode,
  peildatum: string,
  top: number,
): Doelwit[] {
  const actief = vestigingen.filter((v) => v.actief);
  const perKvk = tel(actief.map((v) => v.kvk_nummer));
  const regio = consolidatiePlaatsen(rijen, p);
  const oudGrens = minMaanden(peildatum, DOELWIT_DREMPELS.vergunningsjaren * 12);
  const out: Doelwit[] = [];
  for (const v of actief) {
    if (v.hoofdholding_id) continue;
    const signalen: Doelwit['signalen'] = [];
    const add = (s: DoelwitSignaal) => signalen.push({ signaal: s, punten: PUNTEN.get(s)! });
    if (v.sinds && v.sinds.slice(0, 10) <= oudGrens) add('vergunning_15_jaar_of_ouder');
    if (v.producten.length <= DOELWIT_DREMPELS.max_producten) add('smalle_productbreedte');
    if (perKvk.get(v.kvk_nummer) === 1) add('enige_vestiging');
    const k = plaatsSleutel(v.plaats);
    if (k && regio.has(k)) add('consolidatieregio');
    if (v.hypotheek_diensten.length > 0) add('hypotheekvergunning');
    const score = signalen.reduce((s, x) => s + x.punten, 0);
    // Only offices with at least one signal: a zero score says nothing.
    if (score > 0) out.push({ vestiging_id: v.vestiging_id, naam: v.naam, plaats: v.plaats, score, signalen });
  }
  return out.sort((a, b) => b.score - a.score || byId(a.vestiging_id, b.vestiging_id)).slice(0, top);
}

/**
 * Vestiging rows per calendar month: the `maanden` months ending with the peildatum's month, rows dated
 * up to the peildatum. A move is two rows (old id with nieuw null, new id with both): only the second counts.
 */
export function marktbeweging(rijen: readonly WijzigingRij[], peildatum: string, maanden: number): MarktbewegingMaand[] {
  const eerste = minMaanden(`${peildatum.slice(0, 7)}-01`, maanden - 1).slice(0, 7);
  const out = new Map<string, MarktbewegingMaand>();
  for (let i = maanden - 1; i >= 0; i--) {
    const m = minMaanden(`${peildatum.slice(0, 7)}-01`, i).slice(0, 7);
    out.set(m, { maand: m, aantal_nieuw: 0, aantal_beeindigd: 0, aantal_overgenomen: 0, aantal_verhuisd: 0 });
  }
  for (const w of rijen) {
    if (w.entiteit_type !== 'vestiging') continue;
    const m = w.datum.slice(0, 7);
    if (m < eerste || w.datum.slice(0, 10) > peildatum) continue;
    const t = out.get(m);
    if (!t) continue;
    if (w.wijziging_type === 'nieuw') t.aantal_nieuw++;
    else if (w.wijziging_type === 'beëindigd') t.aantal_beeindigd++;
    else if (w.wijziging_type === 'overgenomen') t.aantal_overgenomen++;
    else if (w.wijziging_type === 'verhuisd' && alsVestiging(w.nieuw)) t.aantal_verhuisd++;
  }
  return [...out.values()];
}

export function radar(input: RadarInput): Radar {
  const maanden = input.maanden ?? RADAR_STANDAARD.maanden;
  const top = input.top ?? RADAR_STANDAARD.top;
  const p = periode(input.peildatum, maanden);
  const rijen = beweging(input.wijzigingen, input.versies);
  return {
    periode: { begindatum: p.van, einddatum: p.tot, maanden },
    consolidatoren: consolidatoren(input.holdings, rijen, p, top, input.wijzigingen, new Map(input.vestigingen.map((v) => [v.vestiging_id, v]))),
    doelwitten: doelwitten(input.vestigingen, rijen, p, input.peildatum, top),
    marktbeweging: marktbeweging(rijen, input.peildatum, maanden),
  };
}
