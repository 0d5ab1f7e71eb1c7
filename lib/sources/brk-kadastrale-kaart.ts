// BRK Kadastrale kaart through the PDOK OGC API Features: the cadastral parcel under a point (a 2 m box
// around it, keeping the parcel whose geometry contains the point), the map objects within a radius of a
// point (parcels, boundaries, buildings, street names, house-number ranges), and one parcel by its object
// identification. Always in RD both ways (bbox-crs and crs = EPSG:28992, the storage CRS). Keyless; cached
// 24 hours.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import {
  type Bebouwing,
  type Grens,
  type KadastraalPerceel,
  type Nummeraanduidingreeks,
  type OpenbareRuimteNaam,
  type Perceel,
  perceelOnderPunt,
  toBebouwing,
  toGrens,
  toKadastraalPerceel,
  toNummeraanduidingreeks,
  toOpenbareRuimteNaam,
} from './brk-kadastrale-kaart-convert';
import type { OgcFeature } from './bag-ogc-convert';
import { RD_CRS, type Rond, checkOgc, ogcObjectenRond } from './ogc-features';

const DAY = 24 * 60 * 60 * 1000;
export { RD_CRS };
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
  const parsed = checkOgc(brkKadastraleKaart, 'perceel', ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: perceelOnderPunt(parsed.data.features, [rd.x, rd.y]), bronnen: [res.bron] };
}

/**
 * The collection ids of the OGC API, in this one place. `perceel` is established (PDOK's schema page and
 * third-party code calling it); `kadastrale_grens` and `openbareruimtelabel` are the names of PDOK's
 * geopackage tables behind the same dataset; `bebouwing` and `nummeraanduidingreeks` follow the layer names
 * (the tables are `pand` and `pand_nummeraanduiding`). Not verified against the live collections list.
 */
export const BRK_COLLECTIES = {
  perceel: 'perceel',
  grens: 'kadastrale_grens',
  bebouwing: 'bebouwing',
  openbareRuimteNaam: 'openbareruimtelabel',
  nummeraanduidingreeks: 'nummeraanduidingreeks',
} as const;
export type BrkCollectie = keyof typeof BRK_COLLECTIES;

export { MAX_OBJECTEN, PAGINA_GROOTTE, MAX_PAGINAS, bboxStraal, volgendeCursor, type Rond } from './ogc-features';

/**
 * The objects of one collection within radiusM metres of an RD point, nearest first (the generic paged
 * question of lib/sources/ogc-features.ts against this source).
 */
export function objectenRond<T extends object>(
  collectie: BrkCollectie,
  rd: { x: number; y: number },
  radiusM: number,
  convert: (f: OgcFeature) => T | null,
  signal?: AbortSignal,
  opties: { max?: number; paginaGrootte?: number; paginas?: number } = {},
): Promise<Sourced<Rond<T>>> {
  return ogcObjectenRond(brkKadastraleKaart, `/collections/${BRK_COLLECTIES[collectie]}/items`, rd, radiusM, convert, signal, opties);
}

/** Cadastral parcels within radiusM metres of an RD point, nearest first. */
export function percelenRond(rd: { x: number; y: number }, radiusM: number, signal?: AbortSignal): Promise<Sourced<Rond<KadastraalPerceel>>> {
  return objectenRond('perceel', rd, radiusM, toKadastraalPerceel, signal);
}

/**
 * What lies at an address point: the parcel and the buildings whose geometry contains the point (distance 0).
 * One page of the 2 x 2 m box is read: no more than a handful of objects can touch it.
 */
export async function kadastraalPerceelOpPunt(rd: { x: number; y: number }, signal?: AbortSignal): Promise<Sourced<KadastraalPerceel | null>> {
  const r = await objectenRond('perceel', rd, OP_PUNT_M, toKadastraalPerceel, signal, { paginas: 1 });
  return { data: r.data.objecten.find((o) => o.afstand_m === 0) ?? null, bronnen: r.bronnen };
}

/** The buildings containing an address point (see kadastraalPerceelOpPunt). */
export async function bebouwingOpPunt(rd: { x: number; y: number }, signal?: AbortSignal): Promise<Sourced<Bebouwing[]>> {
  const r = await objectenRond('bebouwing', rd, OP_PUNT_M, toBebouwing, signal, { paginas: 1 });
  return { data: r.data.objecten.filter((o) => o.afstand_m === 0), bronnen: r.bronnen };
}

/** Half the side of the box asked for an address point, in metres. */
const OP_PUNT_M = 1;

/** Parcel boundaries within radiusM metres of an RD point, nearest first. */
export function grenzenRond(rd: { x: number; y: number }, radiusM: number, signal?: AbortSignal): Promise<Sourced<Rond<Grens>>> {
  return objectenRond('grens', rd, radiusM, toGrens, signal);
}

/** Buildings (BGT panden with their BAG pand id) within radiusM metres of an RD point, nearest first. */
export function bebouwingRond(rd: { x: number; y: number }, radiusM: number, signal?: AbortSignal): Promise<Sourced<Rond<Bebouwing>>> {
  return objectenRond('bebouwing', rd, radiusM, toBebouwing, signal);
}

/** Street and water name labels within radiusM metres of an RD point, nearest first. */
export function openbareRuimteNamenRond(
  rd: { x: number; y: number },
  radiusM: number,
  signal?: AbortSignal,
): Promise<Sourced<Rond<OpenbareRuimteNaam>>> {
  return objectenRond('openbareRuimteNaam', rd, radiusM, toOpenbareRuimteNaam, signal);
}

/** House-number range labels within radiusM metres of an RD point, nearest first. */
export function nummeraanduidingreeksenRond(
  rd: { x: number; y: number },
  radiusM: number,
  signal?: AbortSignal,
): Promise<Sourced<Rond<Nummeraanduidingreeks>>> {
  return objectenRond('nummeraanduidingreeks', rd, radiusM, toNummeraanduidingreeks, signal);
}

/** A kadastrale objectidentificatie as the API accepts it: digits only, at most 15. */
export const OBJECT_ID_PATROON = /^[0-9]{1,15}$/;

/**
 * One parcel by its object identification, through the OGC API queryable `identificatie_lokaal_id`; data
 * is null when the collection answers without that parcel. Only a feature with exactly that id counts, so
 * an upstream that ignored the filter cannot give a wrong parcel.
 */
export async function perceelMetId(identificatie: string, signal?: AbortSignal): Promise<Sourced<KadastraalPerceel | null>> {
  const res = await fetchSource<unknown>(brkKadastraleKaart, `/collections/${BRK_COLLECTIES.perceel}/items`, {
    query: { identificatie_lokaal_id: identificatie, crs: RD_CRS, limit: 10, f: 'json' },
    signal,
  });
  const parsed = checkOgc(brkKadastraleKaart, BRK_COLLECTIES.perceel, ogcFeatureCollectionSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const found = parsed.data.features.map(toKadastraalPerceel).find((p) => p?.identificatie === identificatie) ?? null;
  return { data: found, bronnen: [res.bron] };
}
