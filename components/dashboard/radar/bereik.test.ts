import { describe, expect, it } from 'vitest';
import { kiesBereik, maandenTussen, plusMaanden, radarPeildata, vanVoorPreset, versieMaanden, versiesTot, voegBewegingSamen, type BewegingMaand } from './bereik';

// Fourteen monthly versions as the sample market has them: 2025-10-22 … 2026-11-22.
const VERSIES = Array.from({ length: 14 }, (_, i) => ({ versie_id: i + 1, peildatum: `${plusMaanden('2025-10', i)}-22` }));
const MAANDEN = versieMaanden(VERSIES);

describe('month arithmetic', () => {
  it('adds and subtracts months across years', () => {
    expect(plusMaanden('2025-12', 1)).toBe('2026-01');
    expect(plusMaanden('2026-01', -1)).toBe('2025-12');
    expect(plusMaanden('2026-11', -11)).toBe('2025-12');
    expect(maandenTussen('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(maandenTussen('2026-02', '2026-01')).toEqual([]);
  });
});

describe('kiesBereik', () => {
  it('defaults to the 12 months ending with the newest month', () => {
    const b = kiesBereik(MAANDEN, '', '')!;
    expect([b.van, b.tot, b.maanden.length]).toEqual(['2025-12', '2026-11', 12]);
  });
  it('takes van and tot from the URL when versions lie there', () => {
    const b = kiesBereik(MAANDEN, '2026-03', '2026-06')!;
    expect(b.maanden).toEqual(['2026-03', '2026-04', '2026-05', '2026-06']);
  });
  it('ignores months without a version and a van after tot', () => {
    expect(kiesBereik(MAANDEN, '2024-01', '2030-01')).toMatchObject({ van: '2025-12', tot: '2026-11' });
    expect(kiesBereik(MAANDEN, '2026-08', '2026-06')).toMatchObject({ van: '2025-10', tot: '2026-06' });
  });
  it('does not start before the first month, and is null without months', () => {
    expect(kiesBereik(['2026-01', '2026-02'], '', '')).toMatchObject({ van: '2026-01', tot: '2026-02' });
    expect(kiesBereik([], '', '')).toBeNull();
  });
  it('presets count back from tot', () => {
    expect(vanVoorPreset(MAANDEN, '2026-11', 6)).toBe('2026-06');
    expect(vanVoorPreset(MAANDEN, '2026-03', 12)).toBe('2025-10');
    expect(vanVoorPreset(MAANDEN, '2026-11', null)).toBe('2025-10');
  });
});

describe('radarPeildata', () => {
  it('asks the newest answer (no peildatum) for the default range', () => {
    expect(radarPeildata(VERSIES, kiesBereik(MAANDEN, '', '')!, '')).toEqual([undefined]);
  });
  it('adds an older answer for a range longer than one window', () => {
    // 2025-10 … 2026-11: the newest covers 2025-12 … 2026-11, the version of 2025-11 the two before.
    expect(radarPeildata(VERSIES, kiesBereik(MAANDEN, '2025-10', '')!, '')).toEqual([undefined, '2025-11-22']);
  });
  it('ends at the version of tot when tot is not the newest month', () => {
    expect(radarPeildata(VERSIES, kiesBereik(MAANDEN, '2026-01', '2026-06')!, '')).toEqual(['2026-06-22']);
  });
  it('keeps the dashboard as-of date for the newest month it allows', () => {
    const zichtbaar = versieMaanden(versiesTot(VERSIES, '2026-01-15'));
    expect(zichtbaar[zichtbaar.length - 1]).toBe('2025-12');
    expect(radarPeildata(VERSIES, kiesBereik(zichtbaar, '', '')!, '2026-01-15')).toEqual(['2026-01-15']);
  });
  it('asks with the as-of date alone when no version lies before it (the API says why)', () => {
    expect(radarPeildata(VERSIES, { van: '2025-01', tot: '2025-01', maanden: ['2025-01'] }, '2025-01-10')).toEqual(['2025-01-10']);
  });
});

describe('voegBewegingSamen', () => {
  const m = (maand: string, n: number): BewegingMaand => ({ maand, aantal_nieuw: n, aantal_beeindigd: 0, aantal_overgenomen: 0, aantal_verhuisd: 0 });
  it('takes each month from the first answer that has it and keeps the range order', () => {
    const b = { van: '2025-11', tot: '2026-01', maanden: ['2025-11', '2025-12', '2026-01'] };
    const uit = voegBewegingSamen([[m('2025-12', 1), m('2026-01', 2)], [m('2025-11', 3), m('2025-12', 9)]], b);
    expect(uit.map((x) => [x.maand, x.aantal_nieuw])).toEqual([['2025-11', 3], ['2025-12', 1], ['2026-01', 2]]);
  });
  it('leaves out a month no answer covers', () => {
    const b = { van: '2025-11', tot: '2025-12', maanden: ['2025-11', '2025-12'] };
    expect(voegBewegingSamen([[m('2025-12', 1)]], b).map((x) => x.maand)).toEqual(['2025-12']);
  });
});
