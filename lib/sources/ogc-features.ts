// Generic parts of PDOK's OGC API Features (GoKoala) shared by the adapters that ask "which objects of a
// collection lie within a radius of a point": the RD bbox of the circle, the `next` cursor of a page, and
// the paged question itself. Always in RD both ways (bbox-crs and crs = EPSG:28992), distances in RD metres.
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import type { SourceDef } from './source';
import type { BronEntry } from './bron';
import { unreadableAnswer } from './source-error';
import { type OgcFeature, ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { type MetAfstand, binnenStraal } from './brk-kadastrale-kaart-convert';
import type { z } from 'zod';
import { checkFeatureProperties, checkShape } from './drift';
import { lowerKeys, str } from './values';

export const RD_CRS = 'http://www.opengis.net/def/crs/EPSG/0/28992';

/**
 * Parses an OGC API Features answer of a collection with the expected schema (checkShape: format drift of
 * the envelope) and counts drift of the feature `properties` (an open record in the schema) against the
 * property names of the collection's recordings (checkFeatureProperties). `collection` is the collection
 * id, or an items path (`/collections/<id>/items…`) it is taken from.
 */
export function checkOgc<S extends z.ZodType>(source: SourceDef, collection: string, schema: S, body: unknown): ReturnType<S['safeParse']> {
  const parsed = checkShape(source, schema, body);
  checkFeatureProperties(source, /^\/collections\/([^/]+)/.exec(collection)?.[1] ?? collection, body);
  return parsed;
}

/** At most this many objects within the radius are returned by default (the rest: afgekapt). */
export const MAX_OBJECTEN = 200;
/** Features per page asked of the OGC API (GoKoala's maximum is 1000). */
export const PAGINA_GROOTTE = 200;
/** At most this many pages are read (following `next` cursors) per question. */
export const MAX_PAGINAS = 5;

/** Objects within a radius, nearest first, and whether the list was cut off. */
export interface Rond<T> {
  objecten: MetAfstand<T>[];
  /** True when more objects may lie within the radius than returned (cap reached or pages left unread). */
  afgekapt: boolean;
}

/** The bbox parameter (RD, millimetres) of the square around a circle of radiusM around the point. */
export function bboxStraal(rd: { x: number; y: number }, radiusM: number): string {
  return [rd.x - radiusM, rd.y - radiusM, rd.x + radiusM, rd.y + radiusM].map((v) => v.toFixed(3)).join(',');
}

/**
 * The `cursor` of a GoKoala `next` link; null when there is none (no links, links not a list, no next link).
 * Member names and the rel are read in any case. Only the cursor is taken, never the host.
 */
export function volgendeCursor(body: unknown): string | null {
  const links = lowerKeys(body)?.links;
  if (!Array.isArray(links)) return null;
  const next = links.map(lowerKeys).find((l) => str(l?.rel)?.toLowerCase() === 'next');
  const href = str(next?.href);
  if (!href) return null;
  try {
    return new URL(href, 'https://x.invalid/').searchParams.get('cursor');
  } catch {
    return null;
  }
}

export interface OgcRondOpties {
  /** Cap of objects within the radius (default MAX_OBJECTEN). */
  max?: number;
  /** Features per page (default PAGINA_GROOTTE). */
  paginaGrootte?: number;
  /** At most this many pages (default MAX_PAGINAS). */
  paginas?: number;
  /** Extra query parameters (e.g. a datetime), sent on every page. */
  query?: Record<string, string>;
}

/**
 * The objects of one collection (`collectionPath`, e.g. `/collections/pand/items`) of an OGC API source
 * within radiusM metres of an RD point: the API is asked for the bbox of the circle, page by page (the
 * `next` link's cursor against our own base URL), until no page is left, the cap of objects within the
 * radius is reached or MAX_PAGINAS pages were read. Distances in RD metres; nearest first.
 */
export async function ogcObjectenRond<T extends object>(
  source: SourceDef,
  collectionPath: string,
  rd: { x: number; y: number },
  radiusM: number,
  convert: (f: OgcFeature) => T | null,
  signal?: AbortSignal,
  opties: OgcRondOpties = {},
): Promise<Sourced<Rond<T>>> {
  const max = opties.max ?? MAX_OBJECTEN;
  const bronnen: BronEntry[] = [];
  const gevonden: MetAfstand<T>[] = [];
  let cursor: string | null = null;
  let pagina = 0;
  do {
    const res = await fetchSource<unknown>(source, collectionPath, {
      query: {
        ...opties.query,
        bbox: bboxStraal(rd, radiusM),
        'bbox-crs': RD_CRS,
        crs: RD_CRS,
        limit: opties.paginaGrootte ?? PAGINA_GROOTTE,
        f: 'json',
        cursor: cursor ?? undefined,
      },
      signal,
    });
    bronnen.push(res.bron);
    const parsed = checkOgc(source, collectionPath, ogcFeatureCollectionSchema, res.body);
    if (!parsed.success) throw unreadableAnswer(res.bron);
    gevonden.push(...binnenStraal(parsed.data.features, [rd.x, rd.y], radiusM, convert));
    cursor = volgendeCursor(res.body);
    pagina++;
  } while (cursor && gevonden.length < max && pagina < (opties.paginas ?? MAX_PAGINAS));
  const objecten = gevonden.sort((a, b) => a.afstand_m - b.afstand_m);
  return { data: { objecten: objecten.slice(0, max), afgekapt: objecten.length > max || cursor !== null }, bronnen };
}
