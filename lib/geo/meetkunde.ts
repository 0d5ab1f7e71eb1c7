// Plane geometry on GeoJSON geometries in a metric system (RD, EPSG:28992): reading an upstream geometry
// safely, the distance from a point to a geometry (0 inside a polygon), and the area centroid of a
// polygon. RD is a conformal projection with a scale error under 0.01% in the Netherlands, so distances
// in RD metres are distances on the ground to well within a centimetre per hundred metres. Pure functions.
import type { Geometrie, Positie } from './geojson';

export type Xy = [number, number];

/** An upstream GeoJSON geometry as our type (2D positions; z dropped); null when it is not valid GeoJSON. */
export function leesGeometrie(value: unknown): Geometrie | null {
  if (!value || typeof value !== 'object') return null;
  const { type, coordinates, geometries } = value as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  switch (type) {
    case 'Point': {
      const p = positie(coordinates);
      return p ? { type, coordinates: p } : null;
    }
    case 'MultiPoint':
    case 'LineString': {
      const ps = posities(coordinates, type === 'LineString' ? 2 : 1);
      return ps ? { type, coordinates: ps } : null;
    }
    case 'MultiLineString':
    case 'Polygon': {
      const rs = lijst(coordinates, (r) => posities(r, type === 'Polygon' ? 4 : 2));
      return rs ? { type, coordinates: rs } : null;
    }
    case 'MultiPolygon': {
      const ps = lijst(coordinates, (poly) => lijst(poly, (r) => posities(r, 4)));
      return ps ? { type, coordinates: ps } : null;
    }
    case 'GeometryCollection': {
      const gs = lijst(geometries, leesGeometrie);
      return gs ? { type, geometries: gs } : null;
    }
    default:
      return null;
  }
}

/** Distance from a point to a geometry in the units of the coordinates; 0 on or inside a polygon. */
export function afstandTot(p: Xy, g: Geometrie): number {
  switch (g.type) {
    case 'Point':
      return Math.hypot(p[0] - g.coordinates[0], p[1] - g.coordinates[1]);
    case 'MultiPoint':
      return Math.min(...g.coordinates.map((c) => Math.hypot(p[0] - c[0], p[1] - c[1])));
    case 'LineString':
      return afstandTotLijn(p, g.coordinates);
    case 'MultiLineString':
      return Math.min(...g.coordinates.map((l) => afstandTotLijn(p, l)));
    case 'Polygon':
      return afstandTotVlak(p, g.coordinates);
    case 'MultiPolygon':
      return Math.min(...g.coordinates.map((poly) => afstandTotVlak(p, poly)));
    case 'GeometryCollection':
      return g.geometries.length ? Math.min(...g.geometries.map((x) => afstandTot(p, x))) : Infinity;
  }
}

/** Distance from a point to a polyline (its nearest segment). */
export function afstandTotLijn(p: Xy, lijn: Positie[]): number {
  if (lijn.length === 1) return Math.hypot(p[0] - lijn[0][0], p[1] - lijn[0][1]);
  let min = Infinity;
  for (let i = 1; i < lijn.length; i++) min = Math.min(min, afstandTotSegment(p, lijn[i - 1], lijn[i]));
  return min;
}

/** Distance from a point to the segment a-b. */
export function afstandTotSegment(p: Xy, a: Positie, b: Positie): number {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  const len2 = dx * dx + dy * dy;
  const t = len2 === 0 ? 0 : Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len2));
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** Distance to a polygon (outer ring plus holes): 0 inside, else the distance to the nearest ring. */
export function afstandTotVlak(p: Xy, ringen: Positie[][]): number {
  if (ringen.length === 0) return Infinity;
  if (binnenVlak(p, ringen)) return 0;
  return Math.min(...ringen.map((r) => afstandTotLijn(p, r)));
}

/** Whether the point lies inside the outer ring and outside every hole (even-odd rule). */
export function binnenVlak(p: Xy, ringen: Positie[][]): boolean {
  return ringen.length > 0 && binnenRing(p, ringen[0]) && !ringen.slice(1).some((h) => binnenRing(p, h));
}

/** Even-odd ray casting over one ring. */
export function binnenRing([x, y]: Xy, ring: Positie[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i];
    const [xj, yj] = ring[j];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Area (absolute) and centroid of one ring by the shoelace formula; null for a degenerate ring. */
function ringZwaartepunt(ring: Positie[]): { area: number; c: Xy } | null {
  // Relative to the first vertex, so RD's large coordinates lose no precision.
  const [ox, oy] = ring[0];
  let a2 = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const x0 = ring[j][0] - ox;
    const y0 = ring[j][1] - oy;
    const x1 = ring[i][0] - ox;
    const y1 = ring[i][1] - oy;
    const cross = x0 * y1 - x1 * y0;
    a2 += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (a2 === 0) return null;
  return { area: Math.abs(a2 / 2), c: [ox + cx / (3 * a2), oy + cy / (3 * a2)] };
}

/** Area of a Polygon or MultiPolygon (holes subtracted); 0 for other types. */
export function oppervlakte(g: Geometrie): number {
  const polys: Positie[][][] = g.type === 'Polygon' ? [g.coordinates] : g.type === 'MultiPolygon' ? g.coordinates : [];
  let sum = 0;
  for (const poly of polys) poly.forEach((r, i) => (sum += (i === 0 ? 1 : -1) * (ringZwaartepunt(r)?.area ?? 0)));
  return sum;
}

/**
 * The centroid: area-weighted for a Polygon or MultiPolygon (holes subtracted), the point itself for a
 * Point, otherwise (lines, degenerate polygons) the mean of the vertices. Null for an empty collection.
 */
export function zwaartepunt(g: Geometrie): Xy | null {
  if (g.type === 'Point') return [g.coordinates[0], g.coordinates[1]];
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') {
    const polys: Positie[][][] = g.type === 'Polygon' ? [g.coordinates] : (g.coordinates as Positie[][][]);
    let area = 0;
    let sx = 0;
    let sy = 0;
    for (const poly of polys) {
      poly.forEach((r, i) => {
        const z = ringZwaartepunt(r);
        if (!z) return;
        const w = i === 0 ? z.area : -z.area;
        area += w;
        sx += w * z.c[0];
        sy += w * z.c[1];
      });
    }
    if (area > 0) return [sx / area, sy / area];
  }
  const all = hoekpunten(g);
  if (all.length === 0) return null;
  return [all.reduce((s, p) => s + p[0], 0) / all.length, all.reduce((s, p) => s + p[1], 0) / all.length];
}

/** Every position of a geometry. */
export function hoekpunten(g: Geometrie): Positie[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return ([] as Positie[]).concat(...g.coordinates);
    case 'MultiPolygon':
      return ([] as Positie[]).concat(...g.coordinates.map((poly) => ([] as Positie[]).concat(...poly)));
    case 'GeometryCollection':
      return g.geometries.flatMap(hoekpunten);
  }
}

function positie(v: unknown): Positie | null {
  return Array.isArray(v) && v.length >= 2 && Number.isFinite(v[0]) && Number.isFinite(v[1]) ? [v[0] as number, v[1] as number] : null;
}

function posities(v: unknown, min: number): Positie[] | null {
  const ps = lijst(v, positie);
  return ps && ps.length >= min ? ps : null;
}

/** Every element read by f; null when the value is not a non-empty array or an element is invalid. */
function lijst<T>(v: unknown, f: (x: unknown) => T | null): T[] | null {
  if (!Array.isArray(v) || v.length === 0) return null;
  const out: T[] = [];
  for (const x of v) {
    const r = f(x);
    if (r === null) return null;
    out.push(r);
  }
  return out;
}
