// The dwelling type of one address by the spec's consensus rules: EP-Online (the newest valid label's
// building type) and the BAG footprints (wall contact with neighbouring panden) in parallel, each an
// independent vote; a failing source makes its vote 'onbeschikbaar', never the call. Pure rules live in
// woningtype-stemmen.ts and muren.ts.
import { z } from 'zod';
import { gather, type Sourced } from '@/lib/sources/gather';
import type { BronEntry } from '@/lib/sources/bron';
import { bagOgc, pandenInGebied, verblijfsobject } from '@/lib/sources/bag-ogc';
import { type BagPandContour, pandItemId } from '@/lib/sources/bag-ogc-convert';
import { energielabels, epOnline } from '@/lib/sources/ep-online';
import type { Energielabel } from '@/lib/sources/ep-online-convert';
import { ringContains } from '@/lib/sources/brk-kadastrale-kaart-convert';
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { coordinatenSchema } from '@/lib/sources/pdok-locatieserver-convert';
import { puntUitRd } from '@/lib/geo/rd';
import { amsterdamDag } from '@/lib/kalender';
import { zonderPunt } from '@/lib/adres/zonder-punt';
import { adresKort, adresKortSchema } from './adres';
import { type Extent, MIN_MUURLENGTE_M, MUUR_TOLERANTIE_M, extentBinnen, extentOf, oppervlakte, zwaartepunt } from './muren';
import {
  WONINGTYPEN,
  type ContourAfleiding,
  type ContourStem,
  type LabelStem,
  consensus,
  contourAfleiding,
  contourZonderStem,
  labelStem,
} from './woningtype-stemmen';

/** Time budget of the parallel EP-Online and BAG calls. */
export const WONINGTYPE_BUDGET_MS = 5000;
/** Half the side (metres) of the first search box around the address point. */
export const ZOEKSTRAAL_M = 40;
/**
 * The address's footprint plus this margin (metres) must lie inside the searched box, so that neighbours and
 * the neighbours' own neighbours (for hoekwoning vs 2-onder-1-kap) are seen; otherwise a second search is
 * made around the footprint itself (large panden).
 */
export const BUURMARGE_M = 20;

const woningtypeEnum = z.enum(WONINGTYPEN);
const statusEnum = z.enum(['ok', 'geen_gegevens', 'onbeschikbaar']).describe('ok = stem uitgebracht; geen_gegevens = de bron kent niets bruikbaars; onbeschikbaar = de bron faalde of is niet bevraagd');

const labelStemSchema = z.object({
  bron: z.literal('energielabel'),
  status: statusEnum,
  woningtype: woningtypeEnum.nullable(),
  details: z.object({
    gebouwtype: z.string().nullable().describe('Gebouwtype van het label zoals EP-Online het schrijft'),
    gebouwsubtype: z.string().nullable(),
    energieklasse: z.string().nullable(),
    registratiedatum: z.iso.date().nullable(),
    // format also on the nullable itself: the API Design Rules want it on a *_datum property, not inside anyOf
    geldig_tot_datum: z.iso.date().nullable().meta({ format: 'date', description: 'Laatste geldigheidsdag van het energielabel (JJJJ-MM-DD)' }),
    aantal_labels: z.number().int(),
    toelichting: z.string(),
  }),
});
const contourStemSchema = z.object({
  bron: z.literal('pandcontouren'),
  status: statusEnum,
  woningtype: woningtypeEnum.nullable(),
  details: z.object({
    regel: z.string().nullable().describe('De toegepaste regel'),
    aantal_buren: z.number().int().nullable().describe('Buurpanden met gedeelde muur die meetellen'),
    verenigbaar_met: z.array(woningtypeEnum).describe('Woningtypen die de regel toelaat (één buur: hoekwoning of 2-onder-1-kap)'),
    toelichting: z.string(),
  }),
});

const pandUitvoer = z.object({
  bag_pand_id: z.string().nullable(),
  status: z.string().nullable(),
  aantal_verblijfsobjecten: z.number().int().nullable(),
  gebruiksdoelen: z.array(z.string()),
  footprint_m2: z.number().describe('Oppervlakte van de pandcontour (bovenaanzicht) in m²'),
  zwaartepunt: coordinatenSchema.nullable(),
});

export const woningtypeSchema = z.object({
  adres: adresKortSchema,
  woningtype: woningtypeEnum.nullable().describe('Consensus; null als de stemmen verschillen of er geen stem is'),
  overeenstemming: z.boolean().describe('true als de uitgebrachte stemmen overeenstemmen (ook bij één stem); false bij verschil of zonder stem'),
  aantal_stemmen: z.number().int(),
  toelichting: z.string(),
  stemmen: z.array(z.discriminatedUnion('bron', [labelStemSchema, contourStemSchema])).describe('Altijd beide stemmen: energielabel en pandcontouren'),
  afleiding: z
    .object({
      panden: z.array(pandUitvoer).describe('De BAG-panden van het adres'),
      aantal_verblijfsobjecten: z.number().int().nullable().describe('Verblijfsobjecten in het pand (BAG); 2 of meer → appartement'),
      buren: z.array(
        pandUitvoer.pick({ bag_pand_id: true, aantal_verblijfsobjecten: true, zwaartepunt: true }).extend({
          gedeelde_muur_m: z.number().describe('Lengte van de gedeelde muur in meters'),
          telt_mee: z.boolean().describe('false voor een aangebouwd bijgebouw zonder verblijfsobject'),
          aantal_buren_van_buur: z.number().int().nullable(),
          buren_van_buur_volledig: z.boolean().nullable(),
        }),
      ),
      muur_tolerantie_m: z.number(),
      min_muurlengte_m: z.number(),
      zoekgebied_rd: z.array(z.number()).describe('Doorzocht gebied [minX, minY, maxX, maxY] in RD (EPSG:28992)'),
      aantal_panden_in_zoekgebied: z.number().int(),
      afgekapt: z.boolean().describe('true als de BAG meer panden in het zoekgebied had dan er gelezen zijn'),
    })
    .nullable()
    .describe('Afleiding uit de pandcontouren; null als de BAG niet gelezen kon worden'),
});
export type WoningtypeUitvoer = z.infer<typeof woningtypeSchema>;

interface BagUitkomst {
  /** null: the verblijfsobject is unknown in the BAG or the address has no point. */
  eigen: BagPandContour[] | null;
  kandidaten: BagPandContour[];
  gebied: Extent;
  afgekapt: boolean;
}

/** The dwelling type of a resolved address (both votes, consensus and derivation). */
export async function woningtypeVoor(adres: Locatie, signal?: AbortSignal, vandaag = amsterdamDag(new Date())): Promise<Sourced<WoningtypeUitvoer>> {
  const vboId = adres.adresseerbaarobject_id && /^\d{16}$/.test(adres.adresseerbaarobject_id) ? adres.adresseerbaarobject_id : null;
  const rd = adres.coordinaten.rd;
  const { results, bronnen } = await gather(
    {
      ep: { source: epOnline, run: async (s) => (vboId ? wrap(await energielabels(vboId, s)) : { data: { labels: [] as Energielabel[] | null }, bronnen: [] }) },
      // Without a coordinate the footprints are not asked: BAG 'onbeschikbaar' in bronnen (geen_coordinaat).
      bag: { source: bagOgc, run: async (s) => (vboId && !rd ? zonderPunt(bagOgc) : bagUitkomst(vboId, rd, s)) },
    },
    { budgetMs: WONINGTYPE_BUDGET_MS, signal },
  );

  const label: LabelStem =
    results.ep === null ? labelStem(null, vandaag, 'bron_faalde') : labelStem(results.ep.labels, vandaag, results.ep.labels === null ? 'geen_sleutel' : null);
  let contour: ContourStem;
  let afleiding: WoningtypeUitvoer['afleiding'] = null;
  if (results.bag === null && vboId && !rd) {
    contour = contourZonderStem('onbeschikbaar', 'Het adres heeft geen coördinaat, dus zijn de pandcontouren niet gevraagd (bronnen: geen_coordinaat). Het energielabel beslist alleen.');
  } else if (results.bag === null) {
    contour = contourZonderStem('onbeschikbaar', 'De BAG (pandcontouren) gaf geen antwoord; zie bronnen. Het energielabel beslist alleen.');
  } else if (results.bag.eigen === null) {
    contour = contourZonderStem('geen_gegevens', 'Het verblijfsobject of zijn pand staat niet in de BAG (of het adres heeft geen punt).');
  } else {
    const a = contourAfleiding(results.bag.eigen, results.bag.kandidaten, results.bag.gebied);
    contour = a.stem;
    afleiding = afleidingUit(a, results.bag);
  }
  const c = consensus(label, contour);
  return {
    data: {
      adres: adresKort(adres),
      woningtype: c.woningtype,
      overeenstemming: c.overeenstemming,
      aantal_stemmen: c.aantal_stemmen,
      toelichting: c.toelichting,
      stemmen: [label, contour],
      afleiding,
    },
    bronnen,
  };
}

/** The verblijfsobject's panden and every pand around them, in RD. */
async function bagUitkomst(vboId: string | null, rd: { x: number; y: number } | null, signal: AbortSignal): Promise<Sourced<BagUitkomst>> {
  const leeg = (bronnen: BronEntry[]): Sourced<BagUitkomst> => ({ data: { eigen: null, kandidaten: [], gebied: [0, 0, 0, 0], afgekapt: false }, bronnen });
  if (!vboId || !rd) return leeg([]);
  const vbo = await verblijfsobject(vboId, signal);
  const bronnen = [...vbo.bronnen];
  if (!vbo.data) return leeg(bronnen);
  const itemIds = new Set((vbo.data.pand_links ?? []).map(pandItemId).filter((id): id is string => id !== null));

  let gebied: Extent = [rd.x - ZOEKSTRAAL_M, rd.y - ZOEKSTRAAL_M, rd.x + ZOEKSTRAAL_M, rd.y + ZOEKSTRAAL_M];
  let found = await pandenInGebied(gebied, signal);
  bronnen.push(...found.bronnen);
  let eigen = eigenPanden(found.data.panden, itemIds, rd);
  if (eigen.length > 0) {
    const e = extentOf(eigen.flatMap((p) => p.contour));
    if (!extentBinnen(e, gebied, BUURMARGE_M)) {
      // A large pand: search again around its whole footprint.
      gebied = [e[0] - ZOEKSTRAAL_M, e[1] - ZOEKSTRAAL_M, e[2] + ZOEKSTRAAL_M, e[3] + ZOEKSTRAAL_M];
      found = await pandenInGebied(gebied, signal);
      bronnen.push(...found.bronnen);
      eigen = eigenPanden(found.data.panden, itemIds, rd);
    }
  }
  if (eigen.length === 0) return leeg(bronnen);
  return { data: { eigen, kandidaten: found.data.panden, gebied, afgekapt: found.data.afgekapt }, bronnen };
}

/** The panden of the verblijfsobject: by its pand links, else the pand whose footprint contains the point. */
function eigenPanden(panden: BagPandContour[], itemIds: Set<string>, rd: { x: number; y: number }): BagPandContour[] {
  const byLink = panden.filter((p) => p.item_id !== null && itemIds.has(p.item_id));
  if (byLink.length > 0) return byLink;
  return panden.filter((p) => p.contour.some((ring, i) => p.ring_rollen[i] === 'buiten' && ringContains(ring, [rd.x, rd.y])));
}

function afleidingUit(a: ContourAfleiding, bag: BagUitkomst): NonNullable<WoningtypeUitvoer['afleiding']> {
  const punt = (p: BagPandContour | { contour: [number, number][][]; ring_rollen?: ('buiten' | 'gat')[] }) => {
    const z = zwaartepunt(p.contour, 'ring_rollen' in p ? p.ring_rollen : []);
    return z ? puntUitRd(z) : null;
  };
  const byId = new Map(bag.kandidaten.map((p) => [p.bag_pand_id, p]));
  return {
    panden: (a.eigen_panden as BagPandContour[]).map((p) => ({
      bag_pand_id: p.bag_pand_id,
      status: p.status,
      aantal_verblijfsobjecten: p.aantal_verblijfsobjecten,
      gebruiksdoelen: p.gebruiksdoelen,
      footprint_m2: Math.round(oppervlakte(p.contour, p.ring_rollen) * 10) / 10,
      zwaartepunt: punt(p),
    })),
    aantal_verblijfsobjecten: a.aantal_verblijfsobjecten,
    buren: a.buren.map((b) => ({
      bag_pand_id: b.bag_pand_id,
      aantal_verblijfsobjecten: b.aantal_verblijfsobjecten,
      zwaartepunt: punt(byId.get(b.bag_pand_id) ?? { contour: b.contour }),
      gedeelde_muur_m: b.gedeelde_muur_m,
      telt_mee: b.telt_mee,
      aantal_buren_van_buur: b.aantal_buren_van_buur,
      buren_van_buur_volledig: b.buren_van_buur_volledig,
    })),
    muur_tolerantie_m: MUUR_TOLERANTIE_M,
    min_muurlengte_m: MIN_MUURLENGTE_M,
    zoekgebied_rd: bag.gebied.map((v) => Math.round(v * 1000) / 1000),
    aantal_panden_in_zoekgebied: bag.kandidaten.length,
    afgekapt: bag.afgekapt,
  };
}

function wrap(answer: Sourced<Energielabel[] | null>): Sourced<{ labels: Energielabel[] | null }> {
  return { data: { labels: answer.data }, bronnen: answer.bronnen };
}
