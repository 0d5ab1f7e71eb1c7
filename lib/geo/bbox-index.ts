// Nearest-within-radius over records with a WGS84 geometry (bridge openings, traffic measures): a bounding box
// per record, kept in one typed array, rules out records far from the point before the exact distance (turf)
// is computed. Pure functions.
import { distance } from 'geokdbush';
import pointToLineDistance from '@turf/point-to-line-distance';
import { lineString, point } from '@turf/helpers';
import type { Geometrie } from './geojson';
import type { Wgs84 } from './rd';

/** [minLon, minLat, maxLon, maxLat] of every record in one array (NaN for a record without geometry). */
export function bboxen(items: readonly { geometrie: Geometrie | null }[]): Float64Array {
  const bbox = new Float64Array(items.length * 4).fill(NaN);
  items.forEach((m, i) => {
    if (!m.geometrie) return;
    let [a, b, c, d] = [Infinity, Infinity, -Infinity, -Infinity];
    for (const [lon, lat] of posities(m.geometrie)) {
      a = Math.min(a, lon);
      b = Math.min(b, lat);
      c = Math.max(c, lon);
      d = Math.max(d, lat);
    }
    bbox.set([a, b, c, d], i * 4);
  });
  return bbox;
}

/** The records within radiusM metres of a point, with their exact distance (unsorted). */
export function* binnenStraal<T extends { geometrie: Geometrie | null }>(
  items: readonly T[],
  bbox: Float64Array,
  p: Wgs84,
  radiusM: number,
  overslaan?: (item: T) => boolean,
): Generator<{ item: T; afstand: number }> {
  const dLat = radiusM / 111_320;
  const dLon = radiusM / (111_320 * Math.max(0.01, Math.cos((p.lat * Math.PI) / 180)));
  for (let i = 0; i < items.length; i++) {
    const m = items[i];
    if (!m.geometrie || overslaan?.(m)) continue;
    const o = i * 4;
    if (p.lon < bbox[o] - dLon || p.lon > bbox[o + 2] + dLon || p.lat < bbox[o + 1] - dLat || p.lat > bbox[o + 3] + dLat) continue;
    const afstand = afstandTot(p, m.geometrie);
    if (afstand <= radiusM) yield { item: m, afstand };
  }
}

/** Straight-line distance in metres from a point to a geometry (line: nearest point on it). */
export function afstandTot(p: Wgs84, g: Geometrie): number {
  const pt = point([p.lon, p.lat]);
  switch (g.type) {
    case 'Point':
      return distance(p.lon, p.lat, g.coordinates[0], g.coordinates[1]) * 1000;
    case 'MultiPoint':
      return Math.min(...g.coordinates.map((c) => distance(p.lon, p.lat, c[0], c[1]) * 1000));
    case 'LineString':
      return pointToLineDistance(pt, lineString(g.coordinates), { units: 'meters' });
    case 'MultiLineString':
      return Math.min(...g.coordinates.map((l) => pointToLineDistance(pt, lineString(l), { units: 'meters' })));
    default:
      return Infinity;
  }
}

export function posities(g: Geometrie): number[][] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    default:
      return [];
  }
}
