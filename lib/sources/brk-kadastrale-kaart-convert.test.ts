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

// ---- landreg objects ------------------------------------------------------------------------------------
import proj4 from 'proj4';
import '@/lib/geo/rd';
import { binnenVlak, oppervlakte, zwaartepunt, leesGeometrie } from '@/lib/geo/meetkunde';
import {
  binnenStraal,
  toBebouwing,
  toGrens,
  toKadastraalPerceel,
  toNummeraanduidingreeks,
  toOpenbareRuimteNaam,
} from './brk-kadastrale-kaart-convert';
import type { OgcFeature } from './bag-ogc-convert';

/** A recorded WFS feature (EPSG:3857) with its geometry projected to RD, as the OGC API is asked for it. */
function wfsInRd(file: string): OgcFeature {
  const f = structuredClone(features(file)[0]);
  const t = proj4('EPSG:3857', 'EPSG:28992');
  const g = f.geometry as { coordinates: number[][][] };
  g.coordinates = g.coordinates.map((ring) => ring.map((p) => t.forward(p)));
  return f;
}

describe('toKadastraalPerceel on the recorded WFS parcels (camelCase)', () => {
  it('reads Amersfoort A 4359: id, aanduiding, gemeente, size, and a centroid inside the real outline', () => {
    const f = wfsInRd('sample-wfs-perceel-amersfoort-AMF00-A-4359.json');
    const p = toKadastraalPerceel(f)!;
    expect(p).toMatchObject({
      identificatie: '25430435970000',
      kadastrale_aanduiding: 'AMF00 A 4359',
      kadastrale_gemeente_code: 'AMF00',
      kadastrale_gemeente: 'Amersfoort',
      sectie: 'A',
      perceelnummer: 4359,
      kadastrale_grootte_m2: 658,
      soort_grootte: 'Vastgesteld',
    });
    // The centroid lies in the parcel, about 6 m from the Kadaster's own label point (perceelnummerPlaatscoordinaat).
    const rd = p.centroide!.rd;
    expect(binnenVlak([rd.x, rd.y], (f.geometry as { coordinates: number[][][] }).coordinates)).toBe(true);
    expect(Math.hypot(rd.x - 156270.498, rd.y - 464148.289)).toBeLessThan(6.5);
    // In WGS84 it agrees with the spherical-Mercator inverse of the recorded vertices (5.40575, 52.16544) to ~1e-4°.
    expect(p.centroide!.wgs84.lon).toBeCloseTo(5.4057, 3);
    expect(p.centroide!.wgs84.lat).toBeCloseTo(52.1654, 3);
    // The map outline's area is within 3% of the registered size (641 m² against 658 m²).
    expect(oppervlakte(leesGeometrie(p.geometrie!.rd)!)).toBeCloseTo(641.1, 0);
    expect(p.geometrie!.wgs84.type).toBe('Polygon');
  });

  it('reads Lelystad R 168, whose outline area matches its registered 78 501 216 m² to within 10 m²', () => {
    const p = toKadastraalPerceel(wfsInRd('sample-wfs-perceel-lelystad-LLS00-R-168.json'))!;
    expect(p).toMatchObject({ identificatie: '89250016870000', kadastrale_aanduiding: 'LLS00 R 168', kadastrale_gemeente: 'Lelystad', kadastrale_grootte_m2: 78501216 });
    expect(Math.abs(oppervlakte(leesGeometrie(p.geometrie!.rd)!) - 78501216)).toBeLessThan(10);
  });

  it('needs an object identification, and leaves the aanduiding null when a part is missing', () => {
    expect(toKadastraalPerceel({ type: 'Feature', properties: { sectie: 'A' }, geometry: null })).toBeNull();
    expect(toKadastraalPerceel({ type: 'Feature', properties: { identificatie_lokaal_id: 123, sectie: 'A' }, geometry: null })).toMatchObject({
      identificatie: '123',
      kadastrale_aanduiding: null,
      centroide: null,
      geometrie: null,
    });
  });
});

describe('the other map objects, snake_case (OGC API) and camelCase (WFS aliases)', () => {
  const lijn = { type: 'LineString', coordinates: [[155000, 463000], [155010, 463000]] };
  const punt = { type: 'Point', coordinates: [155000, 463000] };

  it('reads a boundary both ways', () => {
    const verwacht = { identificatie: '1', type_grens: 'Definitieve grens', kwaliteit: 'B', perceel_links_id: '25430435970000', perceel_rechts_id: '25430436070000' };
    const snake = toGrens({
      type: 'Feature',
      geometry: lijn,
      properties: {
        identificatie_lokaal_id: '1',
        type_grens_waarde: 'Definitieve grens',
        classificatie_kwaliteit_waarde: 'B',
        perceel_links_identificatie_lokaal_id: '25430435970000',
        perceel_rechts_identificatie_lokaal_id: '25430436070000',
      },
    });
    const camel = toGrens({
      type: 'Feature',
      geometry: lijn,
      properties: {
        identificatieLokaalID: '1',
        typeGrensWaarde: 'Definitieve grens',
        ClassificatieKwaliteitCode: 'B',
        perceelLinksIdentificatieLokaalID: '25430435970000',
        perceelRechtsIdentificatieLokaalID: '25430436070000',
      },
    });
    expect(snake).toMatchObject(verwacht);
    expect(camel).toMatchObject(verwacht);
    expect(snake.geometrie!.rd).toEqual(lijn);
    expect(snake.geometrie!.wgs84.type).toBe('LineString');
  });

  it('reads a building with its BAG pand id (zero-padded when it came as a number)', () => {
    expect(toBebouwing({ type: 'Feature', geometry: null, properties: { identificatie_lokaal_id: 'G0307.x', identificatie_bag_pnd: '0307100000333887', bgt_status: 'bestaand' } })).toEqual({
      identificatie: 'G0307.x',
      bag_pand_id: '0307100000333887',
      status_bgt: 'bestaand',
      geometrie: null,
    });
    expect(toBebouwing({ type: 'Feature', geometry: null, properties: { identificatieBAGPND: 307100000333887, 'bgt-status': 'bestaand' } })).toMatchObject({
      bag_pand_id: '0307100000333887',
      status_bgt: 'bestaand',
    });
  });

  it('reads a street-name label, and keeps one without a text (naam null)', () => {
    expect(
      toOpenbareRuimteNaam({ type: 'Feature', geometry: punt, properties: { tekst: 'Damrak', openbareRuimteType: 'Weg', identificatieBAGOPR: '0363300000003186', hoek: 12.5 } }),
    ).toMatchObject({ naam: 'Damrak', type: 'Weg', bag_openbare_ruimte_id: '0363300000003186', hoek: 12.5 });
    expect(toOpenbareRuimteNaam({ type: 'Feature', geometry: punt, properties: { tekst: ' ' } })).toMatchObject({ naam: null });
  });

  it('reads a house-number range: lowest and highest vbo, one id when they are the same', () => {
    expect(
      toNummeraanduidingreeks({
        type: 'Feature',
        geometry: punt,
        properties: { tekst: '42A-42D', bag_vbo_laagste_huisnummer: '0599010000295420', bag_vbo_hoogste_huisnummer: '0599010000295423', bebouwing_id: 'G0599.a' },
      }),
    ).toMatchObject({ label: '42A-42D', 'vbo-ids': ['0599010000295420', '0599010000295423'], bebouwing_id: 'G0599.a' });
    expect(
      toNummeraanduidingreeks({
        type: 'Feature',
        geometry: punt,
        properties: { tekst: '5', identificatie_BAGVBOLaagsteHuisnummer: '0118010900087577', identificatie_BAGVBOHoogsteHuisnummer: '0118010900087577', bebouwingID: 'G0118.b' },
      }),
    ).toMatchObject({ label: '5', 'vbo-ids': ['0118010900087577'], bebouwing_id: 'G0118.b' });
  });
});

describe('binnenStraal', () => {
  const f = (id: string, geometry: unknown): OgcFeature => ({ type: 'Feature', properties: { tekst: id }, geometry });
  const P: Punt = [155000, 463000];
  const lijst = [
    f('ver', { type: 'Point', coordinates: [155030, 463040] }), // 50 m: on the radius, kept
    f('buiten', { type: 'Point', coordinates: [155030, 463040.01] }), // just beyond
    f('vlak', { type: 'Polygon', coordinates: [[[154990, 462990], [155010, 462990], [155010, 463010], [154990, 463010], [154990, 462990]]] }), // contains P
    f('lijn', { type: 'LineString', coordinates: [[154980, 463012.3456], [155020, 463012.3456]] }), // 12.3456 m
    f('kapot', { type: 'Point', coordinates: ['x', 1] }),
    f('geen', null),
  ];

  it('keeps what lies within the radius, nearest first, with the distance to the centimetre', () => {
    const r = binnenStraal(lijst, P, 50, toOpenbareRuimteNaam);
    expect(r.map((o) => [o.naam, o.afstand_m])).toEqual([['vlak', 0], ['lijn', 12.35], ['ver', 50]]);
  });

  it('drops features that convert to null', () => {
    // A parcel with neither an object identification nor a kadastrale aanduiding converts to null.
    expect(binnenStraal([f('', { type: 'Point', coordinates: P })], P, 50, toKadastraalPerceel)).toEqual([]);
  });
});
