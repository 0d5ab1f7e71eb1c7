// Conversion of BAG OGC API v2 features: the recorded raw verblijfsobject feature (Sittard), the recorded
// property excerpts (WoonLens, Witte de Withstraat 42A Rotterdam) and the demo fixtures built from them.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bagId,
  gebruiksdoelenOf,
  ogcFeatureCollectionSchema,
  ogcFeatureSchema,
  pandItemId,
  toBagPand,
  toBagPandContour,
  toVerblijfsobject,
} from './bag-ogc-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'bag-ogc');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
const asFeature = (properties: unknown) => ogcFeatureSchema.parse({ type: 'Feature', properties });

describe('toVerblijfsobject', () => {
  it('reads the recorded raw feature from api.pdok.nl (Steenweg 32A, Sittard)', () => {
    const feature = ogcFeatureSchema.parse(read('sample-verblijfsobject-feature-sittard.json'));
    expect(toVerblijfsobject(feature)).toEqual({
      identificatie: '0000010000057469',
      oppervlakte_m2: 72,
      gebruiksdoelen: ['woonfunctie'],
      status: 'Verblijfsobject ingetrokken',
      pand_links: ['https://api.pdok.nl/kadaster/bag/ogc/v2/collections/pand/items/4c396a25-0e16-586f-a298-3252f8795942'],
    });
  });

  it('splits the comma-separated gebruiksdoel of the recorded excerpt (Witte de Withstraat 42A)', () => {
    const vbo = toVerblijfsobject(asFeature(read('sample-woonlens-verblijfsobject-properties-excerpt.json')));
    expect(vbo).toEqual({
      identificatie: '0599010000295420',
      oppervlakte_m2: 62,
      gebruiksdoelen: ['onderwijsfunctie', 'woonfunctie'],
      status: 'Verblijfsobject in gebruik',
      pand_links: ['https://api.pdok.nl/kadaster/bag/ogc/v2/collections/pand/items/1a55ae8d-1fa9-5cc4-85e7-fda7f1e626d2'],
    });
  });

  it('reads the demo items answer (FeatureCollection in the GoKoala envelope)', () => {
    const coll = ogcFeatureCollectionSchema.parse(read('verblijfsobject-0736010000104061.json'));
    expect(coll.features.map(toVerblijfsobject)).toEqual([
      expect.objectContaining({ identificatie: '0736010000104061', oppervlakte_m2: 214, gebruiksdoelen: ['woonfunctie'] }),
    ]);
  });

  it('is null for a feature without identificatie', () => {
    expect(toVerblijfsobject(asFeature({ oppervlakte: 50 }))).toBeNull();
  });
});

describe('toBagPand', () => {
  it('reads bouwjaar, status and object count of the recorded pand excerpt', () => {
    expect(toBagPand(asFeature(read('sample-woonlens-pand-properties-excerpt.json')))).toEqual({
      identificatie: '0599100000691863',
      bouwjaar: 1873,
      status: 'Pand in gebruik',
      aantal_verblijfsobjecten: 4,
    });
  });

  it('reads the demo pand item (a single Feature)', () => {
    expect(toBagPand(ogcFeatureSchema.parse(read('pand-0118100001200409.json')))).toMatchObject({ bouwjaar: 1968, status: 'Pand in gebruik' });
  });

  it('leaves an absent bouwjaar null', () => {
    expect(toBagPand(asFeature({ identificatie: '0599100000691863' })).bouwjaar).toBeNull();
  });
});

describe('helpers', () => {
  it('takes the item id from a pand.href link', () => {
    expect(pandItemId('https://api.pdok.nl/kadaster/bag/ogc/v2/collections/pand/items/4c396a25-0e16-586f-a298-3252f8795942')).toBe(
      '4c396a25-0e16-586f-a298-3252f8795942',
    );
    expect(pandItemId('https://api.pdok.nl/kadaster/bag/ogc/v2/collections/pand/items/abc?f=json')).toBe('abc');
    expect(pandItemId('https://example.org/collections/verblijfsobject/items/abc')).toBeNull();
  });

  it('re-pads numeric BAG ids to 16 digits', () => {
    expect(bagId(599010000295420)).toBe('0599010000295420');
    expect(bagId('0599010000295420')).toBe('0599010000295420');
    expect(bagId('abc')).toBeNull();
  });

  it('splits and trims gebruiksdoelen, dropping empty parts', () => {
    expect(gebruiksdoelenOf('winkelfunctie, woonfunctie,')).toEqual(['winkelfunctie', 'woonfunctie']);
    expect(gebruiksdoelenOf(['woonfunctie'])).toEqual(['woonfunctie']);
    expect(gebruiksdoelenOf(null)).toEqual([]);
  });
});

describe('toBagPandContour', () => {
  it('reads every pand of the RD box answer around Anjerstraat 5 with its footprint in RD', () => {
    const fc = ogcFeatureCollectionSchema.parse(read('panden-bbox-anjerstraat-5.json'));
    const panden = fc.features.map(toBagPandContour);
    expect(panden).toHaveLength(10);
    const eigen = panden.find((p) => p?.bag_pand_id === '0118100001200409');
    expect(eigen).toEqual({
      item_id: '6d5912aa-f1d0-5dd5-9f76-584ee424cf9d',
      bag_pand_id: '0118100001200409',
      status: 'Pand in gebruik',
      aantal_verblijfsobjecten: 1,
      gebruiksdoelen: ['woonfunctie'],
      contour: [
        [
          [228176.86, 527658.62],
          [228182.86, 527658.62],
          [228182.86, 527668.22],
          [228176.86, 527668.22],
          [228176.86, 527658.62],
        ],
      ],
      ring_rollen: ['buiten'],
    });
    // An outbuilding: no verblijfsobject, no gebruiksdoel.
    expect(panden.find((p) => p?.bag_pand_id === '0118100001200415')).toMatchObject({ aantal_verblijfsobjecten: 0, gebruiksdoelen: [] });
  });

  it('reads a MultiPolygon with a hole (outer rings and holes marked) and refuses other geometry', () => {
    const ring = (x: number) => [[x, 0], [x + 10, 0], [x + 10, 10], [x, 10], [x, 0]];
    const hole = [[2, 2], [4, 2], [4, 4], [2, 4], [2, 2]];
    const multi = ogcFeatureSchema.parse({
      type: 'Feature',
      id: 'abc',
      properties: { identificatie: 363100012345678, aantal_verblijfsobjecten: '3' },
      geometry: { type: 'MultiPolygon', coordinates: [[ring(0), hole], [ring(20)]] },
    });
    expect(toBagPandContour(multi)).toMatchObject({ item_id: 'abc', bag_pand_id: '0363100012345678', aantal_verblijfsobjecten: 3, ring_rollen: ['buiten', 'gat', 'buiten'] });
    const point = ogcFeatureSchema.parse({ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } });
    expect(toBagPandContour(point)).toBeNull();
    const broken = ogcFeatureSchema.parse({ type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [[[0, 0], ['x', 1]]] } });
    expect(toBagPandContour(broken)).toBeNull();
  });
});
