// BRK Kadastrale kaart through the PDOK OGC API Features: the cadastral parcel under a point. We ask for
// the parcels intersecting a 2 m box around the point, in RD both ways (bbox-crs and crs = EPSG:28992,
// the storage CRS), and keep the one whose geometry contains the point. Keyless; cached 24 hours.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { type Perceel, perceelOnderPunt } from './brk-kadastrale-kaart-convert';

const DAY = 24 * 60 * 60 * 1000;
export const RD_CRS = 'http://www.opengis.net/def/crs/EPSG/0/28992';
/** Half the side of the search box in metres: small, so only the parcels around the point come back. */
const HALF_BOX_M = 1;

export const brkKadastraleKaart = source({
  id: 'brk-kadastrale-kaart',
  titel: 'Kadastrale kaart (BRK), OGC API Features',
  envVar: 'BRON_BRK_KADASTRALE_KAART_URL',
  defaultBaseUrl: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1',
  licentie: 'CC BY 4.0',
  attributie: 'Bron: Kadaster, Kadastrale kaart (via PDOK)',
  documentatie: 'https://api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1',
  ttlMs: DAY,
});

/** The bbox parameter (RD, millimetre precision) of the search box around a point. */
export function bboxRond(rd: { x: number; y: number }): string {
  return [rd.x - HALF_BOX_M, rd.y - HALF_BOX_M, rd.x + HALF_BOX_M, rd.y + HALF_BOX_M].map((v) => v.toFixed(3)).join(',');
}

/** The parcel that contains an RD point; data is null when no returned parcel contains it. */
export async function perceelOpPunt(rd: { x: number; y: number }, signal?: AbortSignal): Promise<Sourced<Perceel | null>> {
  const res = await fetchSource<unknown>(brkKadastraleKaart, '/collections/perceel/items', {
    query: { bbox: bboxRond(rd), 'bbox-crs': RD_CRS, crs: RD_CRS, limit: 10, f: 'json' },
    signal,
  });
  const parsed = ogcFeatureCollectionSchema.safeParse(res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: perceelOnderPunt(parsed.data.features, [rd.x, rd.y]), bronnen: [res.bron] };
}
