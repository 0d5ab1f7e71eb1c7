// Parcels and point-in-polygon: the two recorded WFS parcels (camelCase, EPSG:3857) and the demo OGC API
// answers (snake_case, RD) in test/upstream/fixtures/brk-kadastrale-kaart.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { geometryContains, perceelOnderPunt, ringContains, toPerceel, type Punt } from './brk-kadastrale-kaart-convert';
import { bboxRond } from './brk-kadastrale-kaart';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'brk-kadastrale-kaart');
const features = (file: string) => ogcFeatureCollectionSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'))).features;

describe('toPerceel on recorded WFS parcels', () => {
  it('reads Amersfoort A 4359 (658 m²)', () => {
    expect(toPerceel(features('sample-wfs-perceel-amersfoort-AMF00-A-4359.json')[0])).toEqual({
      identificatie: 'AMF00-A-4359',
      kadastrale_gemeente: 'Amersfoort',
      sectie: 'A',
      perceelnummer: 4359,
      grootte_m2: 658,
    });
  });

  it('reads Lelystad R 168', () => {
    expect(toPerceel(features('sample-wfs-perceel-lelystad-LLS00-R-168.json')[0])).toEqual({
      identificatie: 'LLS00-R-168',
      kadastrale_gemeente: 'Lelystad',
      sectie: 'R',
      perceelnummer: 168,
      grootte_m2: 78501216,
    });
  });
});

describe('perceelOnderPunt', () => {
  const amersfoort = features('sample-wfs-perceel-amersfoort-AMF00-A-4359.json');

  it('finds the recorded parcel for a point inside its polygon and nothing for a point outside', () => {
    const inside: Punt = [601763.0, 6830090.0];
    const outside: Punt = [601740.0, 6830120.0];
    expect(perceelOnderPunt(amersfoort, inside)?.identificatie).toBe('AMF00-A-4359');
    expect(perceelOnderPunt(amersfoort, outside)).toBeNull();
  });

  it('chooses, of two parcels around the Rotterdam demo point, the one containing it', () => {
    const fs2 = features('perceel-bbox-witte-de-withstraat-42a-rotterdam.json');
    expect(fs2).toHaveLength(2);
    expect(perceelOnderPunt(fs2, [92416.615, 436736.768])).toEqual({
      identificatie: 'RTD00-N-4102',
      kadastrale_gemeente: 'Rotterdam',
      sectie: 'N',
      perceelnummer: 4102,
      grootte_m2: 168,
    });
  });

  it('reads a MultiPolygon parcel (Vinkeveen demo)', () => {
    expect(perceelOnderPunt(features('perceel-bbox-baambrugse-zuwe-141d-vinkeveen.json'), [125290.372, 471881.499])?.identificatie).toBe(
      'VKV00-A-3744',
    );
  });
});

describe('geometryContains', () => {
  const square = [[0, 0], [10, 0], [10, 10], [0, 10], [0, 0]];
  const hole = [[4, 4], [6, 4], [6, 6], [4, 6], [4, 4]];

  it.each([
    ['inside', [5, 2], true],
    ['in the hole', [5, 5], false],
    ['outside', [11, 5], false],
  ] as const)('a point %s a polygon with a hole', (_label, punt, expected) => {
    expect(geometryContains({ type: 'Polygon', coordinates: [square, hole] }, [...punt] as Punt)).toBe(expected);
  });

  it('looks into every polygon of a MultiPolygon', () => {
    const far = square.map(([x, y]) => [x + 100, y]);
    expect(geometryContains({ type: 'MultiPolygon', coordinates: [[square], [far]] }, [105, 5])).toBe(true);
  });

  it('is false for points, malformed rings and missing geometry', () => {
    expect(geometryContains({ type: 'Point', coordinates: [5, 5] }, [5, 5])).toBe(false);
    expect(ringContains([[0, 0], ['x', 1], [1, 1]], [0.5, 0.5])).toBe(false);
    expect(geometryContains(null, [0, 0])).toBe(false);
  });
});

describe('bboxRond', () => {
  it('is a 2 m box around the RD point with millimetre precision', () => {
    expect(bboxRond({ x: 92416.615, y: 436736.768 })).toBe('92415.615,436735.768,92417.615,436737.768');
  });
});
