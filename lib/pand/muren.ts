// Shared walls between building footprints (BAG pand contours in RD, metres). Two footprints share a wall
// where boundary segments of both lie (nearly) on top of each other: roughly parallel and within
// MUUR_TOLERANTIE_M of each other. The shared length is measured along the first footprint's boundary, with
// overlapping stretches counted once. Pure functions on hand-made or BAG footprints; no I/O.

/** An [x, y] position in RD (metres). */
export type Positie = [number, number];
/** A closed ring (first position repeated at the end, as GeoJSON writes it; an open ring is closed here). */
export type Ring = Positie[];
/** Every ring of a footprint: outer rings and holes of a Polygon or MultiPolygon. */
export type Contour = Ring[];
/** [minX, minY, maxX, maxY] in RD. */
export type Extent = [number, number, number, number];

/**
 * Two boundary segments within this distance (metres) count as one wall. BAG contours of neighbouring
 * houses are measured separately and often lie a few centimetres apart or overlap; 0.3 m absorbs that
 * and the thickness of a drawing line, yet separates houses with a real gap (a passage, a path).
 */
export const MUUR_TOLERANTIE_M = 0.3;
/**
 * A neighbour counts only with at least this much shared wall (metres): touching at a corner point, or a
 * few centimetres of overlapping front walls, is not wall contact.
 */
export const MIN_MUURLENGTE_M = 1.0;
/** Segments that differ more than this many degrees in direction are not one wall. */
export const MAX_HOEK_GRADEN = 10;

const EPS = 1e-9;

/** The length (metres) of a's boundary that lies on b's boundary within the tolerance. */
export function gedeeldeMuurLengte(a: Contour, b: Contour, tolerantie = MUUR_TOLERANTIE_M): number {
  if (!extentsNear(extentOf(a), extentOf(b), tolerantie)) return 0;
  const segmentenB = segmentsOf(b);
  let total = 0;
  for (const [p, q] of segmentsOf(a)) {
    const len = Math.hypot(q[0] - p[0], q[1] - p[1]);
    if (len < EPS) continue;
    const intervals: [number, number][] = [];
    for (const t of segmentenB) {
      const iv = overlapOnSegment(p, q, len, t, tolerantie);
      if (iv) intervals.push(iv);
    }
    total += mergedLength(intervals);
  }
  return total;
}

/**
 * The stretch [from, to] (metres along p→q) where segment t lies within the tolerance of p→q, when t is
 * roughly parallel to it; null when there is none.
 */
function overlapOnSegment(p: Positie, q: Positie, len: number, [r0, r1]: [Positie, Positie], tol: number): [number, number] | null {
  const ux = (q[0] - p[0]) / len;
  const uy = (q[1] - p[1]) / len;
  const tlen = Math.hypot(r1[0] - r0[0], r1[1] - r0[1]);
  if (tlen < EPS) return null;
  // Direction check, either way round: |sin| of the angle between the two segments.
  const sin = Math.abs(ux * (r1[1] - r0[1]) - uy * (r1[0] - r0[0])) / tlen;
  if (sin > Math.sin((MAX_HOEK_GRADEN * Math.PI) / 180)) return null;
  // Position of t's ends along p→q (a) and across it (d).
  let a0 = (r0[0] - p[0]) * ux + (r0[1] - p[1]) * uy;
  let a1 = (r1[0] - p[0]) * ux + (r1[1] - p[1]) * uy;
  let d0 = -(r0[0] - p[0]) * uy + (r0[1] - p[1]) * ux;
  let d1 = -(r1[0] - p[0]) * uy + (r1[1] - p[1]) * ux;
  if (a0 > a1) [a0, a1, d0, d1] = [a1, a0, d1, d0];
  if (a1 - a0 < EPS) return null;
  let lo = Math.max(0, a0);
  let hi = Math.min(len, a1);
  if (hi - lo < EPS) return null;
  // d is linear in a; keep the part where |d| <= tol.
  const slope = (d1 - d0) / (a1 - a0);
  const dAt = (a: number) => d0 + slope * (a - a0);
  if (Math.abs(slope) < EPS) return Math.abs(dAt(lo)) <= tol ? [lo, hi] : null;
  const aPlus = a0 + (tol - d0) / slope;
  const aMin = a0 + (-tol - d0) / slope;
  lo = Math.max(lo, Math.min(aPlus, aMin));
  hi = Math.min(hi, Math.max(aPlus, aMin));
  return hi - lo > EPS ? [lo, hi] : null;
}

function mergedLength(intervals: [number, number][]): number {
  if (intervals.length === 0) return 0;
  intervals.sort((x, y) => x[0] - y[0]);
  let total = 0;
  let [curLo, curHi] = intervals[0];
  for (const [lo, hi] of intervals.slice(1)) {
    if (lo <= curHi) curHi = Math.max(curHi, hi);
    else {
      total += curHi - curLo;
      [curLo, curHi] = [lo, hi];
    }
  }
  return total + (curHi - curLo);
}

function segmentsOf(contour: Contour): [Positie, Positie][] {
  const out: [Positie, Positie][] = [];
  for (const ring of contour) {
    if (ring.length < 2) continue;
    const closed = samePos(ring[0], ring[ring.length - 1]) ? ring : [...ring, ring[0]];
    for (let i = 0; i + 1 < closed.length; i++) out.push([closed[i], closed[i + 1]]);
  }
  return out;
}

/** The bounding box of a footprint; [Infinity, …] for an empty one. */
export function extentOf(contour: Contour): Extent {
  const e: Extent = [Infinity, Infinity, -Infinity, -Infinity];
  for (const ring of contour)
    for (const [x, y] of ring) {
      e[0] = Math.min(e[0], x);
      e[1] = Math.min(e[1], y);
      e[2] = Math.max(e[2], x);
      e[3] = Math.max(e[3], y);
    }
  return e;
}

/** Whether extent `inner`, grown by `marge`, lies entirely inside `outer`. */
export function extentBinnen(inner: Extent, outer: Extent, marge = 0): boolean {
  return inner[0] - marge >= outer[0] && inner[1] - marge >= outer[1] && inner[2] + marge <= outer[2] && inner[3] + marge <= outer[3];
}

function extentsNear(a: Extent, b: Extent, tol: number): boolean {
  return a[0] <= b[2] + tol && b[0] <= a[2] + tol && a[1] <= b[3] + tol && b[1] <= a[3] + tol;
}

/** The area (m²) of a footprint: outer rings minus holes (shoelace; GeoJSON ring order is not relied on). */
export function oppervlakte(contour: Contour, ringRollen: ('buiten' | 'gat')[] = []): number {
  let total = 0;
  contour.forEach((ring, i) => {
    const a = Math.abs(signedArea(ring));
    total += ringRollen[i] === 'gat' ? -a : a;
  });
  return total;
}

/** The centroid of the outer rings' area (RD); null for an empty or degenerate footprint. */
export function zwaartepunt(contour: Contour, ringRollen: ('buiten' | 'gat')[] = []): { x: number; y: number } | null {
  let sa = 0;
  let sx = 0;
  let sy = 0;
  contour.forEach((ring, i) => {
    if (ringRollen[i] === 'gat') return;
    if (ring.length < 3) return;
    // Relative to the ring's first position (RD numbers are large), each ring made counter-clockwise.
    const [ox, oy] = ring[0];
    let ra = 0;
    let rx = 0;
    let ry = 0;
    for (let k = 0; k < ring.length; k++) {
      const [x0, y0] = [ring[k][0] - ox, ring[k][1] - oy];
      const next = ring[(k + 1) % ring.length];
      const [x1, y1] = [next[0] - ox, next[1] - oy];
      const c = x0 * y1 - x1 * y0;
      ra += c;
      rx += (x0 + x1) * c;
      ry += (y0 + y1) * c;
    }
    const sign = ra < 0 ? -1 : 1;
    sa += sign * ra;
    sx += sign * (rx + ox * 3 * ra);
    sy += sign * (ry + oy * 3 * ra);
  });
  if (Math.abs(sa) < EPS) return null;
  return { x: sx / (3 * sa), y: sy / (3 * sa) };
}

function signedArea(ring: Ring): number {
  let s = 0;
  for (let i = 0; i < ring.length; i++) {
    const [x0, y0] = ring[i];
    const [x1, y1] = ring[(i + 1) % ring.length];
    s += x0 * y1 - x1 * y0;
  }
  return s / 2;
}

function samePos(a: Positie | undefined, b: Positie | undefined): boolean {
  return !!a && !!b && a[0] === b[0] && a[1] === b[1];
}
