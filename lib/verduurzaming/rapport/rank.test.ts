// Ranking of measures: best target label first; ties by target index, then investment; unknowns last.
import { describe, expect, it } from 'vitest';
import { rankMaatregelen } from './rank';
import { maatregel } from './testdata';

describe('rankMaatregelen', () => {
  it('puts the best target label first and numbers the ranks from 1', () => {
    const ranked = rankMaatregelen(
      [maatregel('dak', 'C', 230, 5000), maatregel('pakket', 'A+', 100, null), maatregel('spouw', 'D', 270, 2400), maatregel('wp', 'A', 150, 9000)],
      'E',
    );
    expect(ranked.map((m) => [m.rang, m.omschrijving, m.labelstappen])).toEqual([
      [1, 'pakket', 5],
      [2, 'wp', 4],
      [3, 'dak', 2],
      [4, 'spouw', 1],
    ]);
  });

  it('breaks a tie on label by the lower target index, then by the lower investment', () => {
    const ranked = rankMaatregelen(
      [maatregel('duur', 'B', 170, 9000), maatregel('goedkoop', 'B', 170, 3000), maatregel('lager', 'B', 165, 99000), maatregel('onbekend', 'B', 170, null)],
      null,
    );
    expect(ranked.map((m) => m.omschrijving)).toEqual(['lager', 'goedkoop', 'duur', 'onbekend']);
    expect(ranked.every((m) => m.labelstappen === null)).toBe(true);
  });

  it('sorts measures without target label or index last and keeps the file order among equals', () => {
    const ranked = rankMaatregelen(
      [maatregel('zonder label 1', null, 120, null), maatregel('C zonder index', 'C', null, null), maatregel('C', 'C', 240, null), maatregel('zonder label 2', null, 120, null)],
      'G',
    );
    expect(ranked.map((m) => m.omschrijving)).toEqual(['C', 'C zonder index', 'zonder label 1', 'zonder label 2']);
    expect(ranked[2].labelstappen).toBeNull();
  });

  it('returns an empty list for a file without measures', () => {
    expect(rankMaatregelen([], 'D')).toEqual([]);
  });
});
