// Conversion of BAG OGC API Features (v2) answers to this service's conventions: a verblijfsobject
// (oppervlakte, gebruiksdoelen, status, links to its panden) and a pand (bouwjaar, status). Property names
// are snake_case as PDOK serves them (recorded feature in test/upstream/fixtures/bag-ogc); the link from a
// verblijfsobject to its pand is the `pand.href` list of item URLs. Pure functions; I/O is in bag-ogc.ts.
import { z } from 'zod';
import { str, num, int, lowerKeys } from './values';

/** One GeoJSON feature of an OGC API collection (properties kept open). */
export const ogcFeatureSchema = z.looseObject({
  type: z.literal('Feature'),
  id: z.union([z.string(), z.number()]).optional(),
  properties: z.record(z.string(), z.unknown()).nullable(),
  geometry: z.unknown().optional(),
  bbox: z.unknown().optional(),
});
export type OgcFeature = z.infer<typeof ogcFeatureSchema>;

/** The items answer of an OGC API collection: a FeatureCollection (GoKoala adds links, numberReturned). */
export const ogcFeatureCollectionSchema = z.looseObject({
  type: z.literal('FeatureCollection'),
  features: z.array(ogcFeatureSchema),
  // Known GoKoala members the adapters do not read (listed so format drift does not count them as unknown).
  links: z.unknown().optional(),
  numberReturned: z.unknown().optional(),
  numberMatched: z.unknown().optional(),
  timeStamp: z.unknown().optional(),
  name: z.unknown().optional(),
  crs: z.unknown().optional(),
  bbox: z.unknown().optional(),
});

export const verblijfsobjectSchema = z.object({
  identificatie: z.string().describe('BAG-verblijfsobject (16 cijfers)'),
  oppervlakte_m2: z.number().nullable().describe('Gebruiksoppervlakte in m² (NEN 2580)'),
  gebruiksdoelen: z.array(z.string()).nullable().describe('Gebruiksdoelen, bijvoorbeeld woonfunctie; null als de bron ze niet gaf'),
  status: z.string().nullable().describe('Status, bijvoorbeeld Verblijfsobject in gebruik'),
  pand_links: z.array(z.string()).nullable().describe('URL’s van de panden waarin het object ligt (pand.href); null als de bron ze niet gaf'),
});
export type Verblijfsobject = z.infer<typeof verblijfsobjectSchema>;

export const bagPandSchema = z.object({
  identificatie: z.string().nullable().describe('BAG-pand (16 cijfers)'),
  bouwjaar: z.number().int().nullable().describe('Oorspronkelijk bouwjaar'),
  status: z.string().nullable().describe('Status, bijvoorbeeld Pand in gebruik'),
  aantal_verblijfsobjecten: z.number().int().nullable(),
});
export type BagPand = z.infer<typeof bagPandSchema>;

/** The feature's properties with their keys in lower case (an upstream may write Identificatie or STATUS). */
function props(feature: OgcFeature): Record<string, unknown> {
  return lowerKeys(feature.properties) ?? {};
}

/**
 * The BAG id of a feature: `identificatie`, else the id at the end of its `rdf_seealso` link
 * (http://bag.basisregistraties.overheid.nl/bag/id/{soort}/{id}).
 */
function featureId(p: Record<string, unknown>, soort: 'verblijfsobject' | 'pand'): string | null {
  const link = str(p.rdf_seealso);
  const uitLink = link ? new RegExp(`/${soort}/(\\d{16})/?$`).exec(link)?.[1] : undefined;
  return bagId(p.identificatie) ?? bagId(uitLink);
}

/**
 * A verblijfsobject feature as our object; null when it has neither an identificatie nor an rdf_seealso
 * link (the adapter looks a verblijfsobject up by its id: one without cannot be told apart).
 * A verblijfsobject has at least one gebruiksdoel and lies in at least one pand, so a missing list is
 * unknown (null), not empty.
 */
export function toVerblijfsobject(feature: OgcFeature): Verblijfsobject | null {
  const p = props(feature);
  const identificatie = featureId(p, 'verblijfsobject');
  if (!identificatie) return null;
  const doelen = gebruiksdoelenOf(p.gebruiksdoel);
  const links = linksOf(p['pand.href']);
  return {
    identificatie,
    oppervlakte_m2: num(p.oppervlakte),
    gebruiksdoelen: doelen.length > 0 ? doelen : null,
    status: str(p.status),
    pand_links: links.length > 0 ? links : null,
  };
}

/** A pand feature as our object. The OGC API calls the original year of construction `bouwjaar`. */
export function toBagPand(feature: OgcFeature): BagPand {
  const p = props(feature);
  const bouwjaar = int(p.bouwjaar ?? p.oorspronkelijk_bouwjaar ?? p.oorspronkelijkbouwjaar);
  return {
    identificatie: featureId(p, 'pand'),
    bouwjaar,
    status: str(p.status),
    aantal_verblijfsobjecten: int(p.aantal_verblijfsobjecten),
  };
}

/** The item id at the end of a pand.href URL (…/collections/pand/items/{id}); null when it is not such a link. */
export function pandItemId(href: string): string | null {
  const m = /\/collections\/pand\/items\/([A-Za-z0-9-]+)\/?(?:[?#].*)?$/.exec(href);
  return m ? m[1] : null;
}

/** The gebruiksdoel property as a list: PDOK writes several as one comma-separated string. */
export function gebruiksdoelenOf(value: unknown): string[] {
  const parts = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return parts.map((v) => (typeof v === 'string' ? v.trim() : '')).filter((v) => v !== '');
}

/** A BAG id as 16 digits (zero-padded when a source gives it as a number). */
export function bagId(value: unknown): string | null {
  const s = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,16}$/.test(s) ? s.padStart(16, '0') : null;
}

function linksOf(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((v): v is string => typeof v === 'string' && v.trim() !== '').map((v) => v.trim());
}




/** A pand with its footprint (all rings of its Polygon/MultiPolygon, in the CRS that was asked: RD here). */
export interface BagPandContour {
  /** The OGC API item id: the target of a verblijfsobject's pand.href link. */
  item_id: string | null;
  bag_pand_id: string | null;
  status: string | null;
  aantal_verblijfsobjecten: number | null;
  gebruiksdoelen: string[];
  /** Outer rings and holes, as [x, y] positions. */
  contour: [number, number][][];
  /** Per ring of `contour`: an outer ring or a hole. */
  ring_rollen: ('buiten' | 'gat')[];
}

/** A pand feature with its footprint; null when the geometry is not a (Multi)Polygon of numbers. */
export function toBagPandContour(feature: OgcFeature): BagPandContour | null {
  const p = props(feature);
  const rings = polygonRings(feature.geometry);
  if (!rings) return null;
  return {
    item_id: str(feature.id) ?? selfItemId(feature),
    bag_pand_id: featureId(p, 'pand'),
    status: str(p.status),
    aantal_verblijfsobjecten: int(p.aantal_verblijfsobjecten),
    gebruiksdoelen: gebruiksdoelenOf(p.gebruiksdoel),
    contour: rings.map((r) => r.ring),
    ring_rollen: rings.map((r) => r.rol),
  };
}

/** The item id at the end of the feature's own `self` link (…/items/{id}?f=json), when it has one. */
function selfItemId(feature: OgcFeature): string | null {
  const links = (feature as { links?: unknown }).links;
  if (!Array.isArray(links)) return null;
  const self = links.find((l) => l && typeof l === 'object' && (l as { rel?: unknown }).rel === 'self') as { href?: unknown } | undefined;
  const href = str(self?.href);
  return href ? (/\/items\/([A-Za-z0-9-]+)\/?(?:[?#].*)?$/.exec(href)?.[1] ?? null) : null;
}

function polygonRings(geometry: unknown): { ring: [number, number][]; rol: 'buiten' | 'gat' }[] | null {
  if (!geometry || typeof geometry !== 'object') return null;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  const polygons = type === 'Polygon' ? [coordinates] : type === 'MultiPolygon' && Array.isArray(coordinates) ? coordinates : null;
  if (!polygons) return null;
  const out: { ring: [number, number][]; rol: 'buiten' | 'gat' }[] = [];
  for (const poly of polygons) {
    if (!Array.isArray(poly)) return null;
    for (const [i, ring] of poly.entries()) {
      if (!Array.isArray(ring)) return null;
      const positions = ring.map((pos) => (Array.isArray(pos) && typeof pos[0] === 'number' && typeof pos[1] === 'number' ? ([pos[0], pos[1]] as [number, number]) : null));
      if (positions.some((pos) => pos === null) || positions.length < 4) return null;
      out.push({ ring: positions as [number, number][], rol: i === 0 ? 'buiten' : 'gat' });
    }
  }
  return out.length > 0 ? out : null;
}
