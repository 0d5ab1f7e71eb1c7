import { describe, expect, it } from 'vitest';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from './tolerance';

const answer = { type: 'FeatureCollection', features: [{ id: 1, properties: { naam: 'A', nr: 2 }, geometry: { coordinates: [5, 52] } }, { id: 2, properties: { naam: 'B', extra: { x: 1 } } }] };

describe('tolerance variants', () => {
  it('lists every field path once, arrays as the union of their elements', () => {
    expect(fieldPaths(answer)).toEqual([
      'type', 'features', 'features[].id', 'features[].properties', 'features[].properties.naam', 'features[].properties.nr',
      'features[].geometry', 'features[].geometry.coordinates', 'features[].properties.extra', 'features[].properties.extra.x',
    ]);
    expect(fieldPaths(answer, { under: 'features[].properties' })).toEqual(['features[].properties.naam', 'features[].properties.nr', 'features[].properties.extra', 'features[].properties.extra.x']);
  });

  it('removes a field from every element an [] reaches, leaving the original alone', () => {
    const zonder = withoutField(answer, 'features[].properties.naam');
    expect(zonder.features.map((f) => 'naam' in f.properties)).toEqual([false, false]);
    expect(answer.features[0].properties.naam).toBe('A');
    expect(withoutField([[{ a: 1, b: 2 }]], '[][].a')).toEqual([[{ b: 2 }]]);
  });

  it('changes keys, order, numbers and adds fields', () => {
    expect(upperCaseKeys({ a: { b: 1 } })).toEqual({ A: { B: 1 } });
    expect(Object.keys(reversedKeys({ a: 1, b: 2 }))).toEqual(['b', 'a']);
    expect(numbersAsStrings(answer).features[0]).toMatchObject({ id: '1', properties: { nr: '2' }, geometry: { coordinates: [5, 52] } });
    expect(withExtraFields({ a: [{ b: 1 }] })).toMatchObject({ veld_dat_niemand_kent: 'x', a: [{ b: 1, veld_dat_niemand_kent: 'x' }] });
  });

  it('finds "" and "onbekend" where null belongs', () => {
    expect(unknownsNotNull({ a: '', b: [{ c: 'Onbekend' }], d: null, e: 'x' })).toEqual(['a', 'b[0].c']);
  });
});
