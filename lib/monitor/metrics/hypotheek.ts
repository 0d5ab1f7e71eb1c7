// The mortgage segment: vestigingen that advise on or intermediate in 'Hypothecair krediet'. Core counts
// per service, the stock per year, licence-age cohorts, the spread per gemeente per 10,000 households and
// the concentration (top-N share, HHI). Pure.
import type { MarktHolding, MarktVestiging, WijzigingRij } from '../derive/types';
import { holdingNaam } from '../holding-naam';
import { alsVestiging, byId, groep, hhi, jarenTussen, rond, tel } from './common';
import { HUISHOUDENS, HUISHOUDENS_BRON, type HuishoudensTabel } from './huishoudens';

/** The stock series starts here at the earliest, whatever older licences the register states. */
export const VOORRAAD_VANAF = 2000;
export const COHORTEN = [
  { cohort: '0-4', van: 0, tot: 5 },
  { cohort: '5-9', van: 5, tot: 10 },
  { cohort: '10-19', van: 10, tot: 20 },
  { cohort: '20+', van: 20, tot: Infinity },
] as const;
export const CONCENTRATIE_TOP = [5, 10] as const;

export interface HypotheekInput {
  vestigingen: readonly MarktVestiging[];
  holdings: readonly MarktHolding[];
  peildatum: string;
  /**
   * Ids of vestigingen with a mortgage service in any earlier record: an ended vestiging has
   * hypotheek_diensten empty in the state, so whether it was in the segment comes from its history
   * (store.ts readOoitHypotheek in the database, ooitHypotheekUit on rows).
   */
  ooitHypotheek?: Iterable<string>;
  /** Households table (default: the bundled CBS 2024 approximation). */
  huishoudens?: HuishoudensTabel;
}

export interface Hypotheek {
  peildatum: string;
  kern: { totaal: number; adviseren: number; bemiddelen: number; beide: number };
  voorraad: { jaar: number; peildatum: string; aantal: number }[];
  /** Segment vestigingen without a licence start: not in the stock series. */
  voorraad_zonder_sinds: number;
  cohorten: { cohort: string; aantal: number }[];
  spreiding: {
    brontabel: typeof HUISHOUDENS_BRON;
    gemeenten: { gemeente_naam: string; aantal_vestigingen: number; huishoudens: number | null; per_10000_huishoudens: number | null }[];
    dekking: { vestigingen_gekoppeld: number; vestigingen_onbekend: number; aandeel_gekoppeld_pct: number | null };
  };
  concentratie: {
    aantal_vestigingen: number;
    aantal_groepen: number;
    top5_pct: number | null;
    top10_pct: number | null;
    hhi: number;
    top: { hoofdholding_id: string; naam: string; aantal_vestigingen: number; aandeel_pct: number }[];
  };
}

const heeftHypotheek = (v: MarktVestiging | null) => !!v && v.hypotheek_diensten.length > 0;

/** The active vestigingen of the segment now. */
export const hypotheekActief = (vestigingen: readonly MarktVestiging[]) => vestigingen.filter((v) => v.actief && heeftHypotheek(v));

export function hypotheek(input: HypotheekInput): Hypotheek {
  const { vestigingen, holdings, peildatum } = input;
  const tabel = input.huishoudens ?? HUISHOUDENS;
  const actief = hypotheekActief(vestigingen);

  // Core: a vestiging with both services counts under adviseren, bemiddelen and beide.
  const kern = { totaal: actief.length, adviseren: 0, bemiddelen: 0, beide: 0 };
  for (const v of actief) {
    const a = v.hypotheek_diensten.includes('adviseren');
    const b = v.hypotheek_diensten.includes('bemiddelen');
    if (a) kern.adviseren++;
    if (b) kern.bemiddelen++;
    if (a && b) kern.beide++;
  }

  // Stock: vestigingen of the state that have or had a mortgage service.
  const ooit = new Set(vestigingen.filter(heeftHypotheek).map((v) => v.vestiging_id));
  for (const id of input.ooitHypotheek ?? []) ooit.add(id);
  const segment = vestigingen.filter((v) => ooit.has(v.vestiging_id));
  const metSinds = segment.filter((v) => v.sinds);
  const peiljaar = Number(peildatum.slice(0, 4));
  const eersteJaar = Math.max(VOORRAAD_VANAF, Math.min(peiljaar, ...metSinds.map((v) => Number(v.sinds!.slice(0, 4)))));
  // Per year: started on or before the reference day and not ended before it; one sorted pass per bound.
  const starts = metSinds.map((v) => v.sinds!.slice(0, 10)).sort();
  // An end before the start (a register error) is read as ending on the start day, so no count goes negative.
  const eindes = metSinds.filter((v) => v.einde).map((v) => [v.einde!.slice(0, 10), v.sinds!.slice(0, 10)].sort()[1]).sort();
  const voorraad: Hypotheek['voorraad'] = [];
  let i = 0;
  let j = 0;
  for (let jaar = eersteJaar; jaar <= peiljaar; jaar++) {
    const dag = jaar === peiljaar ? peildatum : `${jaar}-12-31`;
    while (i < starts.length && starts[i] <= dag) i++;
    while (j < eindes.length && eindes[j] < dag) j++;
    voorraad.push({ jaar, peildatum: dag, aantal: i - j });
  }

  // Cohorts of the active segment by whole years of licence.
  const perCohort = new Map<string, number>(COHORTEN.map((c) => [c.cohort, 0]));
  let onbekendCohort = 0;
  for (const v of actief) {
    if (!v.sinds) {
      onbekendCohort++;
      continue;
    }
    const jaren = Math.floor(jarenTussen(v.sinds, peildatum));
    const c = COHORTEN.find((x) => jaren >= x.van && jaren < x.tot) ?? COHORTEN[0];
    perCohort.set(c.cohort, perCohort.get(c.cohort)! + 1);
  }
  const cohorten = [...perCohort.entries()].map(([cohort, aantal]) => ({ cohort, aantal }));
  if (onbekendCohort > 0) cohorten.push({ cohort: 'onbekend', aantal: onbekendCohort });

  // Spread per gemeente per 10,000 households.
  const perGemeente = tel(actief.map((v) => tabel.gemeenteVan(v.plaats) ?? ''));
  const onbekend = perGemeente.get('') ?? 0;
  perGemeente.delete('');
  const gemeenten: Hypotheek['spreiding']['gemeenten'] = [...perGemeente.entries()]
    .map(([gemeente, n]) => {
      const hh = tabel.huishoudens(gemeente);
      return { gemeente_naam: gemeente, aantal_vestigingen: n, huishoudens: hh, per_10000_huishoudens: hh ? rond((n * 10_000) / hh, 3) : null };
    })
    .sort((a, b) => (b.per_10000_huishoudens ?? -1) - (a.per_10000_huishoudens ?? -1) || a.gemeente_naam.localeCompare(b.gemeente_naam, 'nl'));
  if (onbekend > 0) gemeenten.push({ gemeente_naam: 'onbekend', aantal_vestigingen: onbekend, huishoudens: null, per_10000_huishoudens: null });

  // Concentration over the active segment: groups are hoofdholdingen and independent organisations (KvK).
  const perGroep = tel(actief.map(groep));
  const naam = new Map(holdings.map((h) => [h.holding_id, h.naam]));
  const hoofd = [...perGroep.entries()]
    .filter(([g]) => g.startsWith('hh:'))
    .map(([g, n]) => ({ hoofdholding_id: g.slice(3), vestigingen: n }))
    .sort((a, b) => b.vestigingen - a.vestigingen || byId(a.hoofdholding_id, b.hoofdholding_id));
  const n = actief.length;
  const aandeel = (k: number) => (n === 0 ? null : rond((100 * hoofd.slice(0, k).reduce((s, x) => s + x.vestigingen, 0)) / n, 2));

  return {
    peildatum,
    kern,
    voorraad,
    voorraad_zonder_sinds: segment.length - metSinds.length,
    cohorten,
    spreiding: {
      brontabel: HUISHOUDENS_BRON,
      gemeenten,
      dekking: {
        vestigingen_gekoppeld: n - onbekend,
        vestigingen_onbekend: onbekend,
        aandeel_gekoppeld_pct: n === 0 ? null : rond((100 * (n - onbekend)) / n, 2),
      },
    },
    concentratie: {
      aantal_vestigingen: n,
      aantal_groepen: perGroep.size,
      top5_pct: aandeel(CONCENTRATIE_TOP[0]),
      top10_pct: aandeel(CONCENTRATIE_TOP[1]),
      hhi: rond(hhi(perGroep.values()), 2),
      top: hoofd.slice(0, CONCENTRATIE_TOP[1]).map((h) => ({
        hoofdholding_id: h.hoofdholding_id,
        naam: holdingNaam(naam.get(h.hoofdholding_id), h.hoofdholding_id),
        aantal_vestigingen: h.vestigingen,
        aandeel_pct: rond((100 * h.vestigingen) / n, 2),
      })),
    },
  };
}

/** The ids of vestigingen with a mortgage service in any of `wijzigingen` (`oud` or `nieuw`). */
export function ooitHypotheekUit(wijzigingen: readonly WijzigingRij[]): Set<string> {
  const ids = new Set<string>();
  for (const w of wijzigingen) {
    if (w.entiteit_type === 'vestiging' && (heeftHypotheek(alsVestiging(w.oud)) || heeftHypotheek(alsVestiging(w.nieuw)))) ids.add(w.entiteit_id);
  }
  return ids;
}
