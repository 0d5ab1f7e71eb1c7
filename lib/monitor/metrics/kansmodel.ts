// The takeover-probability model: a transparent logistic model with fixed, published weights, so anyone
// can recompute a score by hand from /methodiek. p = 1 / (1 + e^−(b0 + Σ wᵢ·xᵢ)). Every factor xᵢ is
// scaled to [0, 1] with a fixed rule (not z-scores): a score then means the same in every version and
// does not move when the rest of the market does. The weights are expert-set, not fitted: there is no
// labelled history of takeovers yet to fit them on.
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';
import { holdingNaam } from '../holding-naam';
import { beweging, byId, jarenTussen, periode, plaatsSleutel, rond, type Periode } from './common';
import { consolidatiePlaatsen, overnamesPerHoofdholding } from './radar';

export type KansFactor =
  | 'vergunningsleeftijd'
  | 'productbreedte'
  | 'organisatie_omvang'
  | 'regionale_consolidatiedruk'
  | 'recente_overnames'
  | 'hypotheeksegment';

/** Scaling caps of the factors (the value at which x reaches 1). */
export const KANS_SCHAAL = {
  vergunningsjaren: 30,
  producten: 8,
  /** Extra vestigingen above the first: 1 vestiging → 0, 10 or more → 1. */
  extra_vestigingen: 9,
  overnames_in_plaats: 3,
  gewonnen: 3,
} as const;

export const INTERCEPT = -0.5;
export const KANS_DREMPEL_KANDIDAAT = 0.6;
/** Window of 'recent' gains and regional pressure, in months. */
export const KANS_MAANDEN = 12;

export interface Gewicht {
  naam: KansFactor;
  gewicht: number;
  uitleg: string;
  schaalformule: string;
}

export const GEWICHTEN: readonly Gewicht[] = [
  {
    naam: 'vergunningsleeftijd',
    gewicht: 1.5,
    uitleg: 'Een oude vergunning wijst op een eigenaar die dichter bij opvolging staat.',
    schaalformule: `x = min(jaren sinds de vroegste adviesvergunning van de entiteit / ${KANS_SCHAAL.vergunningsjaren}, 1); jaren = dagen / 365,25`,
  },
  {
    naam: 'productbreedte',
    gewicht: -1.5,
    uitleg: 'Een breed kantoor is minder afhankelijk van één markt en wordt minder vaak ingelijfd.',
    schaalformule: `x = min(aantal verschillende geadviseerde producten over de actieve vestigingen / ${KANS_SCHAAL.producten}, 1)`,
  },
  {
    naam: 'organisatie_omvang',
    gewicht: -2.0,
    uitleg: 'Grotere organisaties worden zelden in hun geheel overgenomen.',
    schaalformule: `x = min((aantal actieve vestigingen − 1) / ${KANS_SCHAAL.extra_vestigingen}, 1); voor een zelfstandige organisatie de vestigingen van het KvK-nummer, voor een hoofdholding die eronder`,
  },
  {
    naam: 'regionale_consolidatiedruk',
    gewicht: 1.0,
    uitleg: 'Waar al wordt overgenomen, zoeken kopers verder in dezelfde plaats.',
    schaalformule: `x = min(overnames in de laatste ${KANS_MAANDEN} maanden in de plaats van de entiteit met de meeste overnames / ${KANS_SCHAAL.overnames_in_plaats}, 1)`,
  },
  {
    naam: 'recente_overnames',
    gewicht: -3.0,
    uitleg: 'Wie zelf vestigingen overneemt, is koper en geen doelwit.',
    schaalformule: `x = min(vestigingen overgenomen door de entiteit in de laatste ${KANS_MAANDEN} maanden / ${KANS_SCHAAL.gewonnen}, 1)`,
  },
  {
    naam: 'hypotheeksegment',
    gewicht: 0.5,
    uitleg: 'In het hypotheeksegment wordt het meest overgenomen.',
    schaalformule: 'x = 1 als een actieve vestiging van de entiteit adviseert of bemiddelt in hypothecair krediet, anders 0',
  },
];

export type Richting = 'zelf_consolidierend' | 'overname_kandidaat' | 'monitoring';

export interface KansRegel {
  entiteit_type: 'organisatie' | 'hoofdholding';
  /** KvK number for an independent organisation, the LEI for a hoofdholding. */
  entiteit_id: string;
  naam: string;
  kans: number;
  richting: Richting;
  bijdragen: { factor: KansFactor; waarde: number; bijdrage: number }[];
}

export interface Kansmodel {
  gewichten: readonly Gewicht[];
  intercept: number;
  top: KansRegel[];
}

export interface KansmodelInput {
  vestigingen: readonly MarktVestiging[];
  holdings: readonly MarktHolding[];
  wijzigingen: readonly WijzigingRij[];
  versies: readonly VersieInfo[];
  peildatum: string;
  /** Length of the list (default 20). */
  top?: number;
}

export const logistiek = (z: number): number => 1 / (1 + Math.exp(-z));

interface Entiteit {
  entiteit_type: KansRegel['entiteit_type'];
  entiteit_id: string;
  naam: string;
  vestigingen: MarktVestiging[];
  gewonnen: number;
}

function factoren(e: Entiteit, druk: Map<string, number>, peildatum: string): Record<KansFactor, number> {
  let oudste: string | null = null;
  const producten = new Set<string>();
  let hyp = 0;
  let maxDruk = 0;
  for (const v of e.vestigingen) {
    if (v.sinds && (!oudste || v.sinds < oudste)) oudste = v.sinds;
    for (const p of v.producten) producten.add(p);
    if (v.hypotheek_diensten.length > 0) hyp = 1;
    const k = plaatsSleutel(v.plaats);
    if (k) maxDruk = Math.max(maxDruk, druk.get(k) ?? 0);
  }
  // No stated licence start: age 0 (no evidence of an older firm).
  const jaren = oudste ? Math.max(0, jarenTussen(oudste, peildatum)) : 0;
  return {
    vergunningsleeftijd: Math.min(jaren / KANS_SCHAAL.vergunningsjaren, 1),
    productbreedte: Math.min(producten.size / KANS_SCHAAL.producten, 1),
    organisatie_omvang: Math.min((e.vestigingen.length - 1) / KANS_SCHAAL.extra_vestigingen, 1),
    regionale_consolidatiedruk: Math.min(maxDruk / KANS_SCHAAL.overnames_in_plaats, 1),
    recente_overnames: Math.min(e.gewonnen / KANS_SCHAAL.gewonnen, 1),
    hypotheeksegment: hyp,
  };
}

function entiteiten(vestigingen: readonly MarktVestiging[], holdings: readonly MarktHolding[], rijen: readonly WijzigingRij[], p: Periode): Entiteit[] {
  const winst = overnamesPerHoofdholding(rijen, p);
  const actief = [...vestigingen].filter((v) => v.actief).sort((a, b) => byId(a.vestiging_id, b.vestiging_id));
  // An independent organisation can itself own offices (its LEI is then a hoofdholding): its gains count too.
  const hoofdViaKvk = new Map<string, string>();
  for (const h of holdings) if (h.type === 'hoofdholding' && h.kvk_nummer && !hoofdViaKvk.has(h.kvk_nummer)) hoofdViaKvk.set(h.kvk_nummer, h.holding_id);

  const org = new Map<string, MarktVestiging[]>();
  const hoofd = new Map<string, MarktVestiging[]>();
  for (const v of actief) {
    const [m, k] = v.hoofdholding_id ? [hoofd, v.hoofdholding_id] : [org, v.kvk_nummer];
    const l = m.get(k);
    if (l) l.push(v);
    else m.set(k, [v]);
  }
  const out: Entiteit[] = [];
  for (const [kvk, vs] of org) {
    const hh = hoofdViaKvk.get(kvk);
    // Name of the organisation: its vestiging with the lowest id (deterministic).
    out.push({ entiteit_type: 'organisatie', entiteit_id: kvk, naam: vs[0].naam, vestigingen: vs, gewonnen: hh ? (winst.get(hh)?.gewonnen ?? 0) : 0 });
  }
  for (const h of holdings) {
    if (h.type !== 'hoofdholding') continue;
    const vs = hoofd.get(h.holding_id);
    // A hoofdholding without active vestigingen is not in the market any more.
    if (!vs) continue;
    out.push({ entiteit_type: 'hoofdholding', entiteit_id: h.holding_id, naam: holdingNaam(h.naam, h.holding_id), vestigingen: vs, gewonnen: winst.get(h.holding_id)?.gewonnen ?? 0 });
  }
  return out;
}

export function kansmodel(input: KansmodelInput): Kansmodel {
  const p = periode(input.peildatum, KANS_MAANDEN);
  const rijen = beweging(input.wijzigingen, input.versies);
  const druk = consolidatiePlaatsen(rijen, p);
  const scored = entiteiten(input.vestigingen, input.holdings, rijen, p).map((e) => {
    const x = factoren(e, druk, input.peildatum);
    const bijdragen = GEWICHTEN.map((g) => ({ factor: g.naam, waarde: x[g.naam], bijdrage: g.gewicht * x[g.naam] }));
    const kans = logistiek(INTERCEPT + bijdragen.reduce((s, b) => s + b.bijdrage, 0));
    const richting: Richting =
      e.gewonnen > 0 ? 'zelf_consolidierend' : e.entiteit_type === 'organisatie' && kans >= KANS_DREMPEL_KANDIDAAT ? 'overname_kandidaat' : 'monitoring';
    return { e, kans, richting, bijdragen };
  });
  scored.sort((a, b) => b.kans - a.kans || byId(a.e.entiteit_id, b.e.entiteit_id));
  return {
    gewichten: GEWICHTEN,
    intercept: INTERCEPT,
    top: scored.slice(0, input.top ?? 20).map(({ e, kans, richting, bijdragen }) => ({
      entiteit_type: e.entiteit_type,
      entiteit_id: e.entiteit_id,
      naam: e.naam,
      kans: rond(kans, 4),
      richting,
      bijdragen: bijdragen.map((b) => ({ factor: b.factor, waarde: rond(b.waarde, 4), bijdrage: rond(b.bijdrage, 4) })),
    })),
  };
}
