// The dwelling-type consensus of the spec, as pure functions: (1) the energy label's building type is one
// vote; (2) the building footprints give an independent vote from wall contact with neighbouring panden
// (0 vrijstaand, 1 hoekwoning or 2-onder-1-kap, 2+ tussenwoning; several objects in the pand appartement);
// (3) when the votes differ both are returned and there is no consensus value.
import type { Energielabel } from '@/lib/sources/ep-online-convert';
import {
  type Contour,
  type Extent,
  MIN_MUURLENGTE_M,
  MUUR_TOLERANTIE_M,
  extentBinnen,
  extentOf,
  gedeeldeMuurLengte,
} from './muren';

export const WONINGTYPEN = ['tussenwoning', 'hoekwoning', 'vrijstaand', '2-onder-1-kap', 'appartement'] as const;
export type Woningtype = (typeof WONINGTYPEN)[number];

// ---------------------------------------------------------------------------------------------------
// Vote 1: the energy label

/**
 * EP-Online's Gebouwtype (and, only when that says nothing, Gebouwsubtype) to the spec's five values. Rules
 * are tried in order on the lower-cased text with spaces and dashes normalised; the first match wins.
 *
 * | pattern (in Gebouwtype)                                    | examples                                   | woningtype    |
 * |------------------------------------------------------------|--------------------------------------------|---------------|
 * | appartement, maisonnette, galerij, portiek, flat, boven-/benedenwoning, etage | Appartement, Maisonnette, Galerijwoning | appartement |
 * | 2 onder 1 kap, twee onder een kap, 2/1 kap, halfvrijstaand | 2 onder 1 kap, Twee-onder-een-kapwoning    | 2-onder-1-kap |
 * | vrijstaand                                                 | Vrijstaande woning                         | vrijstaand    |
 * | hoek, eindwoning, kopwoning                                | Rijwoning hoek, Hoekwoning                 | hoekwoning    |
 * | tussen                                                     | Rijwoning tussen, Tussenwoning             | tussenwoning  |
 *
 * Anything else (Woonboot, Woonwagen, Geschakelde woning, a bare "Rijwoning" without subtype) gives no vote.
 * Gebouwsubtype is only read when Gebouwtype matches nothing: for an apartment it describes the position in
 * the block (Tussenmidden, Hoekvloer) and must not turn an Appartement into a tussenwoning.
 */
export const LABEL_REGELS: { patroon: RegExp; woningtype: Woningtype }[] = [
  { patroon: /appartement|maisonnette|galerij|portiek|flat|bovenwoning|benedenwoning|etage/, woningtype: 'appartement' },
  { patroon: /2 onder 1 kap|twee onder een kap|2\/1 kap|half ?vrijstaand/, woningtype: '2-onder-1-kap' },
  { patroon: /vrijstaand/, woningtype: 'vrijstaand' },
  { patroon: /hoek|eindwoning|kopwoning/, woningtype: 'hoekwoning' },
  { patroon: /tussen/, woningtype: 'tussenwoning' },
];

/** The woningtype of an EP-Online building type and subtype; null when the table above has no rule for it. */
export function woningtypeUitLabel(gebouwtype: string | null, gebouwsubtype: string | null = null): Woningtype | null {
  return regelVoor(gebouwtype) ?? regelVoor(gebouwsubtype);
}

function regelVoor(text: string | null): Woningtype | null {
  if (!text) return null;
  const t = text.toLowerCase().replace(/[-_]+/g, ' ').replace(/\s+/g, ' ').replace(/onder (een|1) ?kap/, 'onder $1 kap').trim();
  return LABEL_REGELS.find((r) => r.patroon.test(t))?.woningtype ?? null;
}

export type StemStatus = 'ok' | 'geen_gegevens' | 'onbeschikbaar';

export interface LabelStem {
  bron: 'energielabel';
  status: StemStatus;
  woningtype: Woningtype | null;
  details: {
    gebouwtype: string | null;
    gebouwsubtype: string | null;
    energieklasse: string | null;
    registratiedatum: string | null;
    geldig_tot_datum: string | null;
    aantal_labels: number;
    toelichting: string;
  };
}

/**
 * The label vote: the newest valid label (geldig_tot absent or not before `vandaag`, YYYY-MM-DD) counts.
 * `labels` newest first as ep-online-convert gives them; null when EP-Online was not asked (no key) or failed.
 */
export function labelStem(labels: Energielabel[] | null, vandaag: string, reden: 'geen_sleutel' | 'bron_faalde' | null = null): LabelStem {
  const leeg = { gebouwtype: null, gebouwsubtype: null, energieklasse: null, registratiedatum: null, geldig_tot_datum: null };
  if (labels === null) {
    const toelichting =
      reden === 'geen_sleutel'
        ? 'EP-Online is niet bevraagd: er is geen API-sleutel ingesteld (EP_ONLINE_API_KEY). De pandcontouren beslissen alleen.'
        : 'EP-Online gaf geen antwoord; zie bronnen. De pandcontouren beslissen alleen.';
    return { bron: 'energielabel', status: 'onbeschikbaar', woningtype: null, details: { ...leeg, aantal_labels: 0, toelichting } };
  }
  const geldig = labels.find((l) => l.geldig_tot === null || l.geldig_tot >= vandaag);
  if (!geldig) {
    const toelichting =
      labels.length === 0
        ? 'Voor dit verblijfsobject is geen energielabel geregistreerd.'
        : `Er zijn ${labels.length} label(s) geregistreerd, maar geen is nog geldig; alleen het nieuwste geldige label telt.`;
    return { bron: 'energielabel', status: 'geen_gegevens', woningtype: null, details: { ...leeg, aantal_labels: labels.length, toelichting } };
  }
  const woningtype = woningtypeUitLabel(geldig.gebouwtype, geldig.gebouwsubtype ?? null);
  const details = {
    gebouwtype: geldig.gebouwtype,
    gebouwsubtype: geldig.gebouwsubtype ?? null,
    energieklasse: geldig.klasse,
    registratiedatum: geldig.registratiedatum,
    geldig_tot_datum: geldig.geldig_tot,
    aantal_labels: labels.length,
  };
  if (!woningtype) {
    return {
      bron: 'energielabel',
      status: 'geen_gegevens',
      woningtype: null,
      details: { ...details, toelichting: `Het gebouwtype "${geldig.gebouwtype ?? '(leeg)'}" van het nieuwste geldige label valt buiten de vijf woningtypen.` },
    };
  }
  return {
    bron: 'energielabel',
    status: 'ok',
    woningtype,
    details: { ...details, toelichting: `Gebouwtype "${geldig.gebouwtype}" van het nieuwste geldige label (geregistreerd ${geldig.registratiedatum ?? 'onbekend'}).` },
  };
}

// ---------------------------------------------------------------------------------------------------
// Vote 2: the building footprints

/** One BAG pand with its footprint in RD, as the contour vote needs it. */
export interface PandContour {
  /** The OGC API item id (the link target of a verblijfsobject's pand.href). */
  item_id: string | null;
  bag_pand_id: string | null;
  status: string | null;
  aantal_verblijfsobjecten: number | null;
  gebruiksdoelen: string[];
  contour: Contour;
}

/** Panden with these statuses do not stand (yet, any more) and are never neighbours. */
export const NIET_STAAND = ['Pand gesloopt', 'Niet gerealiseerd pand', 'Pand ten onrechte opgevoerd', 'Bouwvergunning verleend', 'Sloopvergunning verleend'];

export interface Buur {
  bag_pand_id: string | null;
  gedeelde_muur_m: number;
  aantal_verblijfsobjecten: number | null;
  /** false for an outbuilding without verblijfsobject (garage, shed): listed, not counted. */
  telt_mee: boolean;
  /** The neighbour's own counted neighbours (ours included); null when the neighbour is not counted. */
  aantal_buren_van_buur: number | null;
  /** false when part of the neighbour's surroundings lay outside the searched area. */
  buren_van_buur_volledig: boolean | null;
  contour: Contour;
}

export interface ContourStem {
  bron: 'pandcontouren';
  status: StemStatus;
  woningtype: Woningtype | null;
  details: {
    regel: string | null;
    aantal_buren: number | null;
    /** The values rule 2 allows for this count: two for one neighbour, else one. */
    verenigbaar_met: Woningtype[];
    toelichting: string;
  };
}

export interface ContourAfleiding {
  stem: ContourStem;
  eigen_panden: PandContour[];
  aantal_verblijfsobjecten: number | null;
  buren: Buur[];
}

const r2 = (v: number) => Math.round(v * 100) / 100;

/** The neighbours of the footprints `eigen` among `kandidaten`: every stand-ing pand with shared wall >= the minimum. */
export function burenVan(eigen: PandContour[], kandidaten: PandContour[], zoekgebied: Extent): Buur[] {
  const eigenIds = new Set(eigen.map(sleutel));
  const staand = kandidaten.filter((p) => !eigenIds.has(sleutel(p)) && !NIET_STAAND.includes(p.status ?? ''));
  const telt = (p: PandContour) => p.aantal_verblijfsobjecten !== 0;
  const buren: Buur[] = [];
  for (const p of staand) {
    const lengte = Math.max(...eigen.map((e) => gedeeldeMuurLengte(e.contour, p.contour)));
    if (lengte < MIN_MUURLENGTE_M) continue;
    let aantalVanBuur: number | null = null;
    let volledig: boolean | null = null;
    if (telt(p)) {
      // The neighbour's own neighbours: every other counted standing pand in the area, our panden included.
      const rest = [...eigen, ...staand.filter((o) => o !== p && telt(o))];
      aantalVanBuur = rest.filter((o) => gedeeldeMuurLengte(p.contour, o.contour) >= MIN_MUURLENGTE_M).length;
      volledig = extentBinnen(extentOf(p.contour), zoekgebied, MUUR_TOLERANTIE_M);
    }
    buren.push({
      bag_pand_id: p.bag_pand_id,
      gedeelde_muur_m: r2(lengte),
      aantal_verblijfsobjecten: p.aantal_verblijfsobjecten,
      telt_mee: telt(p),
      aantal_buren_van_buur: aantalVanBuur,
      buren_van_buur_volledig: volledig,
      contour: p.contour,
    });
  }
  return buren.sort((a, b) => b.gedeelde_muur_m - a.gedeelde_muur_m);
}

/**
 * The footprint vote for the address's panden `eigen` among all panden found in `zoekgebied`:
 * - several verblijfsobjecten in a pand of the address (BAG aantal_verblijfsobjecten >= 2): appartement;
 * - otherwise the number of counted neighbours (shared wall >= MIN_MUURLENGTE_M, not an outbuilding without
 *   verblijfsobject): 0 vrijstaand, 2+ tussenwoning, 1 hoekwoning or 2-onder-1-kap, split by the
 *   neighbour: when it has no other neighbour than us the two form a pair (2-onder-1-kap), else we are the
 *   end of a row (hoekwoning).
 */
export function contourAfleiding(eigen: PandContour[], kandidaten: PandContour[], zoekgebied: Extent): ContourAfleiding {
  if (eigen.length === 0) {
    return {
      stem: stem('geen_gegevens', null, null, null, [], 'Het pand van het adres is niet gevonden in de BAG.'),
      eigen_panden: [],
      aantal_verblijfsobjecten: null,
      buren: [],
    };
  }
  const counts = eigen.map((p) => p.aantal_verblijfsobjecten).filter((n): n is number => n !== null);
  const aantalVbo = counts.length > 0 ? Math.max(...counts) : null;
  const buren = burenVan(eigen, kandidaten, zoekgebied);
  const geteld = buren.filter((b) => b.telt_mee);
  const n = geteld.length;
  const base = { eigen_panden: eigen, aantal_verblijfsobjecten: aantalVbo, buren };

  if (aantalVbo !== null && aantalVbo >= 2) {
    return {
      ...base,
      stem: stem('ok', 'appartement', 'meerdere objecten in het pand → appartement', n, ['appartement'], `Het pand telt ${aantalVbo} verblijfsobjecten (BAG).`),
    };
  }
  const bijgebouwen = buren.length - n;
  const noot = bijgebouwen > 0 ? ` ${bijgebouwen} aangebouwd(e) bijgebouw(en) zonder verblijfsobject telt/tellen niet mee.` : '';
  const vboNoot = aantalVbo === null ? ' Het aantal verblijfsobjecten in het pand is onbekend; gerekend als één.' : '';
  if (n === 0) return { ...base, stem: stem('ok', 'vrijstaand', '0 buren met gedeelde muur → vrijstaand', 0, ['vrijstaand'], `Geen muurcontact met een buurpand.${noot}${vboNoot}`) };
  if (n >= 2) {
    return { ...base, stem: stem('ok', 'tussenwoning', '2 of meer buren met gedeelde muur → tussenwoning', n, ['tussenwoning'], `Muurcontact met ${n} buurpanden.${noot}${vboNoot}`) };
  }
  const buur = geteld[0];
  const paar = buur.aantal_buren_van_buur === 1;
  const onvolledig = buur.buren_van_buur_volledig === false ? ' Het buurpand reikt buiten het doorzochte gebied; zijn overige buren zijn mogelijk niet allemaal gezien.' : '';
  const toelichting = paar
    ? `Muurcontact met één buurpand (${buur.bag_pand_id ?? 'zonder id'}), dat zelf geen andere buren heeft: samen één twee-onder-een-kap.${noot}${vboNoot}${onvolledig}`
    : `Muurcontact met één buurpand (${buur.bag_pand_id ?? 'zonder id'}), dat zelf ${buur.aantal_buren_van_buur} buren heeft: eind van een rij.${noot}${vboNoot}${onvolledig}`;
  return {
    ...base,
    stem: stem(
      'ok',
      paar ? '2-onder-1-kap' : 'hoekwoning',
      `1 buur met gedeelde muur → hoekwoning of 2-onder-1-kap; de buur heeft ${paar ? 'geen andere buren → 2-onder-1-kap' : 'zelf meer buren → hoekwoning'}`,
      1,
      ['hoekwoning', '2-onder-1-kap'],
      toelichting,
    ),
  };
}

/** No footprint vote: the BAG failed ('onbeschikbaar') or does not know the address's pand ('geen_gegevens'). */
export function contourZonderStem(status: 'onbeschikbaar' | 'geen_gegevens', toelichting: string): ContourStem {
  return stem(status, null, null, null, [], toelichting);
}

function stem(status: StemStatus, woningtype: Woningtype | null, regel: string | null, aantal: number | null, verenigbaar: Woningtype[], toelichting: string): ContourStem {
  return { bron: 'pandcontouren', status, woningtype, details: { regel, aantal_buren: aantal, verenigbaar_met: verenigbaar, toelichting } };
}

function sleutel(p: PandContour): string {
  return p.item_id ?? p.bag_pand_id ?? JSON.stringify(p.contour[0]?.[0] ?? null);
}

// ---------------------------------------------------------------------------------------------------
// Rule 3: consensus

export interface Consensus {
  woningtype: Woningtype | null;
  overeenstemming: boolean;
  aantal_stemmen: number;
  toelichting: string;
}

/**
 * The consensus of the cast votes (a vote with woningtype null is not cast). One vote decides alone. Two
 * votes agree when they are equal, or when the label's value is one the footprint rule allows (one
 * neighbour: hoekwoning or 2-onder-1-kap): then the label's more specific value is the answer.
 */
export function consensus(label: LabelStem, contour: ContourStem): Consensus {
  const l = label.woningtype;
  const c = contour.woningtype;
  if (l === null && c === null) return { woningtype: null, overeenstemming: false, aantal_stemmen: 0, toelichting: 'Geen enkele stem: het woningtype is onbekend.' };
  if (l === null) return { woningtype: c, overeenstemming: true, aantal_stemmen: 1, toelichting: 'Alleen de pandcontouren stemmen.' };
  if (c === null) return { woningtype: l, overeenstemming: true, aantal_stemmen: 1, toelichting: 'Alleen het energielabel stemt.' };
  if (l === c) return { woningtype: l, overeenstemming: true, aantal_stemmen: 2, toelichting: 'Energielabel en pandcontouren stemmen overeen.' };
  if (contour.details.verenigbaar_met.includes(l)) {
    return {
      woningtype: l,
      overeenstemming: true,
      aantal_stemmen: 2,
      toelichting: `De pandcontouren laten ${contour.details.verenigbaar_met.join(' of ')} toe; het energielabel kiest ${l}.`,
    };
  }
  return {
    woningtype: null,
    overeenstemming: false,
    aantal_stemmen: 2,
    toelichting: `De stemmen verschillen: energielabel ${l}, pandcontouren ${c}. Beide staan in stemmen.`,
  };
}
