// Basisregistratie Adressen en Gebouwen through the PDOK OGC API Features v2: a verblijfsobject by its
// identificatie and the panden it lies in (by the pand.href links it carries, or by identificatie).
// Keyless; answers are cached 24 hours (the spec's "live property data cached 24 hours").
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import {
  type BagPand,
  type BagPandContour,
  type Verblijfsobject,
  ogcFeatureCollectionSchema,
  ogcFeatureSchema,
  pandItemId,
  toBagPand,
  toBagPandContour,
  toVerblijfsobject,
} from './bag-ogc-convert';
import { checkOgc } from './ogc-features';

const DAY = 24 * 60 * 60 * 1000;

export const bagOgc = source({
  id: 'bag-ogc',
  titel: 'Basisregistratie Adressen en Gebouwen (BAG), OGC API Features',
  envVar: 'BRON_BAG_OGC_URL',
  defaultBaseUrl: 'https://api.pdok.nl/kadaster/bag/ogc/v2',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Kadaster, Basisregistratie Adressen en Gebouwen (via PDOK)',
  documentatie: 'https://api.pdok.nl/kadaster/bag/ogc/v2',
  ttlMs: DAY,
});

/** The verblijfsobject with this 16-digit identificatie; data is null when the BAG has none. */
export async function verblijfsobject(identificatie: string, signal?: AbortSignal): Promise<Sourced<Verblijfsobject | null>> {
  const res = await fetchSource<unknown>(bagOgc, '/collections/verblijfsobject/items', {
    query: { identificatie, f: 'json' },
    signal,
  });
  const parsed = checkOgc(bagOgc, 'verblijfsobject', ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const found = parsed.data.features.map(toVerblijfsobject).find((v) => v?.identificatie === identificatie) ?? null;
  return { data: found, bronnen: [res.bron] };
}

/** The pand behind one pand.href link of a verblijfsobject; data is null when the item does not exist. */
export async function pandByLink(href: string, signal?: AbortSignal): Promise<Sourced<BagPand | null>> {
  const itemId = pandItemId(href);
  if (!itemId) return { data: null, bronnen: [] };
  const res = await fetchSource<unknown>(bagOgc, `/collections/pand/items/${encodeURIComponent(itemId)}`, {
    query: { f: 'json' },
    acceptStatuses: [404],
    signal,
  });
  if (res.status === 404) return { data: null, bronnen: [res.bron] };
  const parsed = checkOgc(bagOgc, 'pand', ogcFeatureSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: toBagPand(parsed.data), bronnen: [res.bron] };
}

/** The pand with this 16-digit identificatie; data is null when the BAG has none. */
export async function pand(identificatie: string, signal?: AbortSignal): Promise<Sourced<BagPand | null>> {
  const res = await fetchSource<unknown>(bagOgc, '/collections/pand/items', { query: { identificatie, f: 'json' }, signal });
  const parsed = checkOgc(bagOgc, 'pand', ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const found = parsed.data.features.map(toBagPand).find((p) => p.identificatie === identificatie) ?? null;
  return { data: found, bronnen: [res.bron] };
}

/** The OGC API's CRS URI of RD New (EPSG:28992), the BAG's storage CRS. */
export const RD_CRS_URI = 'http://www.opengis.net/def/crs/EPSG/0/28992';
/** At most this many panden are read for one search area (one page; GoKoala allows up to 1000). */
export const PANDEN_LIMIT = 500;

/**
 * The panden whose footprint intersects an RD box [minX, minY, maxX, maxY], with their geometry in RD
 * (bbox-crs and crs EPSG:28992). `afgekapt` is true when the answer has a next page (more than the limit).
 */
export async function pandenInGebied(
  gebied: [number, number, number, number],
  signal?: AbortSignal,
): Promise<Sourced<{ panden: BagPandContour[]; afgekapt: boolean }>> {
  const res = await fetchSource<unknown>(bagOgc, '/collections/pand/items', {
    query: { bbox: gebied.map((v) => v.toFixed(3)).join(','), 'bbox-crs': RD_CRS_URI, crs: RD_CRS_URI, limit: PANDEN_LIMIT, f: 'json' },
    signal,
  });
  const parsed = checkOgc(bagOgc, 'pand', ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const panden = parsed.data.features.map(toBagPandContour).filter((p): p is BagPandContour => p !== null);
  const links = (res.body as { links?: { rel?: unknown }[] }).links;
  const afgekapt = Array.isArray(links) && links.some((l) => l?.rel === 'next');
  return { data: { panden, afgekapt }, bronnen: [res.bron] };
}
