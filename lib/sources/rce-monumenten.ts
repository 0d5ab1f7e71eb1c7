// Rijksmonumenten of the RCE through the PDOK OGC API Features "Beschermde Gebieden - Cultuurhistorie"
// (INSPIRE harmonised; collections rce_inspire_points and rce_inspire_polygons; property names assumed,
// see rce-monumenten-convert.ts). We ask in RD both ways (bbox-crs and crs EPSG:28992), like the BRK
// client. Keyless, CC0; cached 24 hours (the register changes by decision, not by the hour).
// The RCE SPARQL endpoint (api.linkeddata.cultureelerfgoed.nl) has richer texts but no spatial filter we
// could rely on without a recording; the OGC API answers a bbox question in one call.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { ogcFeatureCollectionSchema, type OgcFeature } from './bag-ogc-convert';
import { RD_CRS } from './brk-kadastrale-kaart';
import type { Rd } from '@/lib/geo/rd';
import { type MonumentOpAdres, type MonumentRond, monumentenBinnen, monumentenOpPunt } from './rce-monumenten-convert';
import { checkOgc } from './ogc-features';

const DAY = 24 * 60 * 60 * 1000;
export const PUNTEN = 'rce_inspire_points';
export const CONTOUREN = 'rce_inspire_polygons';
/** A monument point this close to the address point counts as "at the address" (metres). */
export const OP_ADRES_M = 5;
/** Items per call; PDOK OGC APIs allow up to 1000. Larger radii are capped by the callers' bounds. */
const LIMIT = 1000;

export const rceMonumenten = source({
  id: 'rce-monumenten',
  titel: 'Rijksmonumenten (RCE), PDOK OGC API Beschermde Gebieden - Cultuurhistorie',
  envVar: 'BRON_RCE_MONUMENTEN_URL',
  defaultBaseUrl: 'https://api.pdok.nl/rce/beschermde-gebieden-cultuurhistorie/ogc/v1',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Rijksdienst voor het Cultureel Erfgoed (RCE), via PDOK',
  documentatie: 'https://api.pdok.nl/rce/beschermde-gebieden-cultuurhistorie/ogc/v1',
  ttlMs: DAY,
});

/** The bbox parameter (RD, millimetres) of a square around a point. */
export function bboxRd(rd: Rd, halfM: number): string {
  return [rd.x - halfM, rd.y - halfM, rd.x + halfM, rd.y + halfM].map((v) => v.toFixed(3)).join(',');
}

async function items(collectie: string, rd: Rd, halfM: number, signal?: AbortSignal): Promise<Sourced<OgcFeature[]>> {
  const res = await fetchSource<unknown>(rceMonumenten, `/collections/${collectie}/items`, {
    query: { bbox: bboxRd(rd, halfM), 'bbox-crs': RD_CRS, crs: RD_CRS, limit: LIMIT, f: 'json' },
    signal,
  });
  const parsed = checkOgc(rceMonumenten, collectie, ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: parsed.data.features, bronnen: [res.bron] };
}

/** Rijksmonumenten whose point lies within radiusM metres of an RD point, nearest first, with afstand_m. */
export async function monumentenRond(rd: Rd, radiusM: number, signal?: AbortSignal): Promise<Sourced<MonumentRond[]>> {
  if (!(radiusM > 0 && radiusM <= 5000)) throw new Error(`radius out of range: ${radiusM}`);
  const r = await items(PUNTEN, rd, radiusM, signal);
  return { data: monumentenBinnen(r.data, rd, radiusM), bronnen: r.bronnen };
}

/**
 * The rijksmonumenten at an address point: a monument contour containing the point, or a monument point
 * within OP_ADRES_M metres. Two calls in parallel (contours, points); one bronnen entry per call.
 */
export async function monumentOpAdres(rd: Rd, signal?: AbortSignal): Promise<Sourced<MonumentOpAdres[]>> {
  const [contouren, punten] = await Promise.all([items(CONTOUREN, rd, 1, signal), items(PUNTEN, rd, OP_ADRES_M, signal)]);
  return {
    data: monumentenOpPunt(contouren.data, punten.data, rd, OP_ADRES_M),
    bronnen: [...contouren.bronnen, ...punten.bronnen],
  };
}
