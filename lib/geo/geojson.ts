// GeoJSON geometries in both coordinate systems: the API returns geometry as GeoJSON in WGS84 (RFC 7946)
// and the same geometry in RD (EPSG:28992). Conversion of every position of any geometry type. Pure.
import { naarRd, naarWgs84 } from './rd';

export type Positie = number[];
export type Geometrie =
  | { type: 'Point'; coordinates: Positie }
  | { type: 'MultiPoint' | 'LineString'; coordinates: Positie[] }
  | { type: 'MultiLineString' | 'Polygon'; coordinates: Positie[][] }
  | { type: 'MultiPolygon'; coordinates: Positie[][][] }
  | { type: 'GeometryCollection'; geometries: Geometrie[] };

/** The geometry with every position mapped. */
export function mapPosities(g: Geometrie, f: (p: Positie) => Positie): Geometrie {
  switch (g.type) {
    case 'Point':
      return { type: g.type, coordinates: f(g.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { type: g.type, coordinates: g.coordinates.map(f) };
    case 'MultiLineString':
    case 'Polygon':
      return { type: g.type, coordinates: g.coordinates.map((r) => r.map(f)) };
    case 'MultiPolygon':
      return { type: g.type, coordinates: g.coordinates.map((p) => p.map((r) => r.map(f))) };
    case 'GeometryCollection':
      return { type: g.type, geometries: g.geometries.map((x) => mapPosities(x, f)) };
  }
}

/** An RD geometry as GeoJSON in WGS84 plus the RD original. */
export function geometrieUitRd(rd: Geometrie): { wgs84: Geometrie; rd: Geometrie } {
  return { wgs84: mapPosities(rd, ([x, y]) => { const w = naarWgs84({ x, y }); return [w.lon, w.lat]; }), rd };
}

/** A WGS84 geometry plus its RD form. */
export function geometrieUitWgs84(wgs84: Geometrie): { wgs84: Geometrie; rd: Geometrie } {
  return { wgs84, rd: mapPosities(wgs84, ([lon, lat]) => { const r = naarRd({ lon, lat }); return [r.x, r.y]; }) };
}
