// Plane geometry on hand-made geometries with distances that can be worked out by hand.
import { describe, expect, it } from 'vitest';
import { afstandTot, afstandTotSegment, binnenVlak, leesGeometrie, oppervlakte, zwaartepunt } from './meetkunde';
import type { Geometrie } from './geojson';

// A 10 x 10 square at RD (100000, 400000) with a 2 x 2 hole in the middle.
const X = 100000;
const Y = 400000;
const sq = (x0: number, y0: number, s: number) => [[x0, y0], [x0 + s, y0], [x0 + s, y0 + s], [x0, y0 + s], [x0, y0]];
const vierkant: Geometrie = { type: 'Polygon', coordinates: [sq(X, Y, 10), sq(X + 4, Y + 4, 2)] };

describe('afstandTot', () => {
  it.each([
    ['inside the square', [X + 1, Y + 1], 0],
    ['on its edge', [X + 10, Y + 5], 0],
    ['in the hole: distance to the hole edge', [X + 5, Y + 5], 1],
    ['east of it', [X + 13, Y + 5], 3],
    ['diagonally off a corner (3-4-5)', [X + 13, Y + 14], 5],
  ] as const)('a point %s', (_l, p, d) => {
    expect(afstandTot([p[0], p[1]], vierkant)).toBeCloseTo(d, 9);
  });

  it('measures to the nearest segment of a line, and past its ends to the end point', () => {
    const lijn: Geometrie = { type: 'LineString', coordinates: [[0, 0], [10, 0], [10, 10]] };
    expect(afstandTot([5, 3], lijn)).toBe(3);
    expect(afstandTot([13, 5], lijn)).toBe(3);
    expect(afstandTot([-3, -4], lijn)).toBe(5);
  });

  it('takes the nearest part of multi-geometries and collections', () => {
    const multi: Geometrie = { type: 'MultiPolygon', coordinates: [[sq(0, 0, 1)], [sq(100, 0, 1)]] };
    expect(afstandTot([104, 0.5], multi)).toBe(3);
    expect(afstandTot([100.5, 0.5], multi)).toBe(0);
    const punten: Geometrie = { type: 'MultiPoint', coordinates: [[0, 0], [6, 8]] };
    expect(afstandTot([6, 0], punten)).toBe(6);
    const gc: Geometrie = { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [0, 10] }, punten] };
    expect(afstandTot([0, 9], gc)).toBe(1);
  });

  it('treats a zero-length segment as a point', () => {
    expect(afstandTotSegment([3, 4], [0, 0], [0, 0])).toBe(5);
  });
});

describe('zwaartepunt and oppervlakte', () => {
  it('gives the centre and area of a square with a centred hole', () => {
    expect(zwaartepunt(vierkant)).toEqual([X + 5, Y + 5]);
    expect(oppervlakte(vierkant)).toBe(96);
  });

  it('weights by area and subtracts an off-centre hole', () => {
    // 4 x 2 rectangle (area 8, centre 2,1) minus a 1 x 1 hole at (3..4, 0..1) (centre 3.5, 0.5):
    // (8·2 − 1·3.5) / 7 = 1.7857…, (8·1 − 1·0.5) / 7 = 1.0714…
    const g: Geometrie = { type: 'Polygon', coordinates: [[[0, 0], [4, 0], [4, 2], [0, 2], [0, 0]], sq(3, 0, 1)] };
    const [cx, cy] = zwaartepunt(g)!;
    expect(cx).toBeCloseTo(12.5 / 7, 9);
    expect(cy).toBeCloseTo(7.5 / 7, 9);
  });

  it('does not depend on ring orientation, and averages the vertices of a line', () => {
    const cw: Geometrie = { type: 'Polygon', coordinates: [[[0, 0], [0, 2], [2, 2], [2, 0], [0, 0]]] };
    expect(zwaartepunt(cw)).toEqual([1, 1]);
    expect(oppervlakte(cw)).toBe(4);
    expect(zwaartepunt({ type: 'LineString', coordinates: [[0, 0], [4, 2]] })).toEqual([2, 1]);
  });
});

describe('binnenVlak', () => {
  it('is false in a hole and outside', () => {
    expect(binnenVlak([X + 1, Y + 1], [sq(X, Y, 10), sq(X + 4, Y + 4, 2)])).toBe(true);
    expect(binnenVlak([X + 5, Y + 5], [sq(X, Y, 10), sq(X + 4, Y + 4, 2)])).toBe(false);
    expect(binnenVlak([X - 1, Y], [sq(X, Y, 10)])).toBe(false);
  });
});

describe('leesGeometrie', () => {
  it('reads valid GeoJSON and drops z', () => {
    expect(leesGeometrie({ type: 'Point', coordinates: [1, 2, 3] })).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(leesGeometrie({ type: 'MultiPolygon', coordinates: [[sq(0, 0, 1)]] })).toEqual({ type: 'MultiPolygon', coordinates: [[sq(0, 0, 1)]] });
  });

  it.each([
    ['no type', { coordinates: [1, 2] }],
    ['a text position', { type: 'Point', coordinates: ['1', 2] }],
    ['a ring of three positions', { type: 'Polygon', coordinates: [[[0, 0], [1, 0], [0, 0]]] }],
    ['a one-point line', { type: 'LineString', coordinates: [[0, 0]] }],
    ['an empty collection', { type: 'GeometryCollection', geometries: [] }],
    ['null', null],
  ])('refuses %s', (_l, g) => {
    expect(leesGeometrie(g)).toBeNull();
  });
});
