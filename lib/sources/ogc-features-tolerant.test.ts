// Tolerance of the shared OGC API Features envelope (issue 21 item 1), on a REAL-format GoKoala answer of
// the replay fixtures (brk-kadastrale-kaart, the page with a `next` link): numberMatched / numberReturned as
// strings or missing, links missing or not a list, member names in another case, extra members, keys in
// reversed order. The features and the cursor of the next page are read the same way each time.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { volgendeCursor } from './ogc-features';

const file = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'brk-kadastrale-kaart', 'bebouwing-rond-rotterdam-pagina-1.json');
const body = JSON.parse(fs.readFileSync(file, 'utf8'));
const features = ogcFeatureCollectionSchema.parse(body).features;
const cursor = volgendeCursor(body);

describe('the GoKoala envelope', () => {
  it('the recorded shape: features and the next cursor', () => {
    expect(features.length).toBeGreaterThan(0);
    expect(cursor).toBe('Dv4|NwYr1Q');
  });

  // Every envelope member except the two GeoJSON requires (type, features): each missing in turn.
  const leden = fieldPaths(body, { maxDepth: 0 }).filter((v) => v !== 'type' && v !== 'features');
  it.each(leden)('without %s: the same features', (veld) => {
    expect(ogcFeatureCollectionSchema.parse(withoutField(body, veld)).features).toEqual(features);
  });

  it('without links, or links that are not a list: no next page (null), the features as before', () => {
    expect(volgendeCursor(withoutField(body, 'links'))).toBeNull();
    expect(volgendeCursor({ ...body, links: 'https://api.pdok.nl/…?cursor=x' })).toBeNull();
    expect(volgendeCursor({ ...body, links: [{ rel: 'next' }] })).toBeNull();
    expect(ogcFeatureCollectionSchema.parse({ ...body, links: 'x' }).features).toEqual(features);
  });

  it('numberMatched and numberReturned as strings (or numbers) are accepted and not read', () => {
    const tekst = { ...body, numberMatched: '12', numberReturned: String(body.numberReturned) };
    expect(ogcFeatureCollectionSchema.parse(tekst).features).toEqual(features);
    expect(ogcFeatureCollectionSchema.parse(numbersAsStrings(body)).features.length).toBe(features.length);
  });

  it('with extra members, keys reversed, link members and rel in upper case: the same cursor', () => {
    expect(volgendeCursor(withExtraFields(body))).toBe(cursor);
    expect(volgendeCursor(reversedKeys(body))).toBe(cursor);
    const hoofdletters = { ...body, LINKS: body.links.map((l: Record<string, unknown>) => ({ REL: String(l.rel).toUpperCase(), HREF: l.href })) };
    delete hoofdletters.links;
    expect(volgendeCursor(hoofdletters)).toBe(cursor);
    expect(ogcFeatureCollectionSchema.parse(reversedKeys(body)).features.length).toBe(features.length);
  });
});
