// The pure region logic: code nesting, deviations from the national figures, trend with fallback
// detection, ranking, comparison, house-price deltas and the monitoring hash.
import { describe, expect, it } from 'vitest';
import { gemeenteVan, niveauOnder, niveauVan, prefixBinnen, wijkVan } from './codes';
import { grootsteAfwijkingen, procentVerschil, vergelijkLandelijk } from './afwijking';
import { bouwTrend, type TrendJaar } from './trend';
import { rangschik } from './top';
import { vergelijkRegios } from './vergelijk';
import { prijsReeks } from './woningprijzen';
import { bronHash, canoniekeJson } from './hash';
import { kenmerkNaam, type Kerncijfers, type Kenmerk } from './kerncijfers';
import { tabelVoorJaar } from '@/lib/sources/cbs-kwb';

const k = (naam: string, waarde: number | null, soort: Kenmerk['soort'] = 'relatief'): Kenmerk => ({ naam, titel: naam, eenheid: null, soort, groep: null, waarde });
const regio = (code: string, kenmerken: Kenmerk[], jaar = 2024, tabel = '85984NED'): Kerncijfers => ({
  code,
  naam: code,
  niveau: niveauVan(code),
  gemeente_naam: null,
  jaar,
  tabel,
  kenmerken,
  beschrijvend: {},
});

describe('region codes', () => {
  it('derive level, municipality and wijk, also for alphanumeric codes', () => {
    expect(niveauVan('BU0363AF08')).toBe('buurt');
    expect(gemeenteVan('BU0363AF08')).toBe('GM0363');
    expect(wijkVan('BU0363AF08')).toBe('WK0363AF');
    expect(gemeenteVan('WK011801')).toBe('GM0118');
    expect(niveauVan('NL00')).toBe('land');
  });
  it('find the prefix of a level within an area, and refuse a higher level', () => {
    expect(prefixBinnen('GM0363', 'buurt')).toBe('BU0363');
    expect(prefixBinnen('WK0363AF', 'buurt')).toBe('BU0363AF');
    expect(prefixBinnen('GM0363', 'gemeente')).toBe('GM0363');
    expect(prefixBinnen('BU03630000', 'wijk')).toBeNull();
    expect(niveauOnder('GM0118')).toBe('wijk');
    expect(niveauOnder('WK011801')).toBe('buurt');
    expect(niveauOnder('BU01180105')).toBeNull();
  });
});

describe('vergelijkLandelijk', () => {
  const gm = regio('GM0118', [k('aantal_inwoners', 48200, 'absoluut'), k('koopwoningen', 66), k('woz', 280000), k('leeg', null), k('nul', 5)]);
  const nl = regio('NL00', [k('aantal_inwoners', 17942942, 'absoluut'), k('koopwoningen', 57), k('woz', 340000), k('leeg', 10), k('nul', 0)]);
  const r = vergelijkLandelijk(gm, nl);

  it('gives afwijking_pct for comparable figures only, and keeps totals apart with a share', () => {
    expect(r.vergelijkbaar.map((a) => [a.naam, a.afwijking_pct])).toEqual([
      ['koopwoningen', 15.8],
      ['woz', -17.6],
      ['leeg', null],
      ['nul', null],
    ]);
    expect(r.absolute_totalen).toEqual([{ naam: 'aantal_inwoners', titel: 'aantal_inwoners', eenheid: null, waarde_regio: 48200, waarde_landelijk: 17942942, aandeel_pct: 0.269 }]);
  });
  it('picks the largest deviations per direction', () => {
    const g = grootsteAfwijkingen(r.vergelijkbaar, 5);
    expect(g.hoger.map((a) => a.naam)).toEqual(['koopwoningen']);
    expect(g.lager.map((a) => a.naam)).toEqual(['woz']);
  });
  it('computes percentage differences against the absolute base', () => {
    expect(procentVerschil(-5, -10)).toBe(50);
    expect(procentVerschil(3, null)).toBeNull();
  });
});

describe('bouwTrend', () => {
  const jaar = (gevraagd: number, tabel: string, j: number, terugval: boolean, waarde: number | null): TrendJaar => ({
    gevraagd_jaar: gevraagd,
    tabel,
    jaar: j,
    terugval,
    kerncijfers: regio('GM0118', [k('aantal_inwoners', waarde, 'absoluut')], j, tabel),
  });

  it('lists every year once with deltas and reports fallback years instead of repeating them', () => {
    const t = bouwTrend([
      jaar(2022, 'T22', 2022, false, 100),
      jaar(2023, 'T23', 2023, false, 110),
      jaar(2024, 'T24', 2024, false, 99),
      tabelJaar(2025, 'T24', 2024),
      tabelJaar(2026, 'T24', 2024),
    ]);
    expect(t.jaren).toEqual([
      { jaar: 2022, tabel: 'T22' },
      { jaar: 2023, tabel: 'T23' },
      { jaar: 2024, tabel: 'T24' },
    ]);
    expect(t.kenmerken[0].reeks).toEqual([
      { jaar: 2022, waarde: 100, delta: null, delta_pct: null },
      { jaar: 2023, waarde: 110, delta: 10, delta_pct: 10 },
      { jaar: 2024, waarde: 99, delta: -11, delta_pct: -10 },
    ]);
    expect(t.overgeslagen.map((o) => [o.jaar, o.tabel])).toEqual([
      [2025, 'T24'],
      [2026, 'T24'],
    ]);
    expect(t.overgeslagen[0].reden).toMatch(/valt terug op T24 \(2024\)/);

    function tabelJaar(gevraagd: number, tabel: string, j: number): TrendJaar {
      return jaar(gevraagd, tabel, j, true, 99);
    }
  });

  it('detects a table whose TableInfos period is a year already listed', () => {
    const t = bouwTrend([jaar(2023, 'A', 2023, false, 1), jaar(2024, 'B', 2023, false, 2)]);
    expect(t.jaren).toEqual([{ jaar: 2023, tabel: 'A' }]);
    expect(t.overgeslagen).toEqual([{ jaar: 2024, tabel: 'B', reden: 'tabel B beslaat volgens het CBS het jaar 2023, dat al in de reeks staat (A)' }]);
  });

  it('skips years in which the region did not exist, and limits to the asked characteristics', () => {
    const without: TrendJaar = { gevraagd_jaar: 2022, tabel: 'T22', jaar: 2022, terugval: false, kerncijfers: null };
    const t = bouwTrend([without, jaar(2023, 'T23', 2023, false, 5)], ['aantal_inwoners', 'bestaat_niet']);
    expect(t.jaren).toEqual([{ jaar: 2023, tabel: 'T23' }]);
    expect(t.overgeslagen[0].reden).toMatch(/komt niet voor in T22/);
    expect(t.kenmerken.map((m) => m.naam)).toEqual(['aantal_inwoners']);
  });
});

describe('tabelVoorJaar', () => {
  it('uses the own table of a year, else falls back to the nearest older edition', () => {
    expect(tabelVoorJaar(2024)).toEqual({ gevraagd_jaar: 2024, tabel: '85984NED', jaar: 2024, terugval: false });
    expect(tabelVoorJaar(2026)).toEqual({ gevraagd_jaar: 2026, tabel: '85984NED', jaar: 2024, terugval: true });
    expect(tabelVoorJaar(2020)?.tabel).toBe('84799NED');
    expect(tabelVoorJaar(2010)).toBeNull();
  });
});

describe('rangschik', () => {
  const regios = [
    { code: 'BU2', naam: 'b', waarde: 10 },
    { code: 'BU1', naam: 'a', waarde: 10 },
    { code: 'BU3', naam: 'c', waarde: null },
    { code: 'BU4', naam: 'd', waarde: 30 },
  ];
  it('ranks highest first, ties by code, and counts regions without a value', () => {
    expect(rangschik(regios, 2, 'hoogste')).toEqual({
      top: [
        { rang: 1, code: 'BU4', naam: 'd', waarde: 30 },
        { rang: 2, code: 'BU1', naam: 'a', waarde: 10 },
      ],
      zonder_waarde: 1,
    });
    expect(rangschik(regios, 1, 'laagste').top[0].code).toBe('BU1');
  });
});

describe('vergelijkRegios', () => {
  it('gives absolute and percentage differences for shared characteristics', () => {
    const a = regio('BU01180105', [k('koopwoningen', 57), k('aantal_inwoners', 1340, 'absoluut'), k('alleen_a', 1)]);
    const b = regio('GM0118', [k('koopwoningen', 66), k('aantal_inwoners', 48200, 'absoluut')]);
    expect(vergelijkRegios(a, b).map((v) => [v.naam, v.verschil, v.verschil_pct])).toEqual([
      ['koopwoningen', -9, -13.6],
      ['aantal_inwoners', -46860, -97.2],
    ]);
  });
});

describe('prijsReeks', () => {
  it('keeps the last years with deltas against the year before, also across the cut', () => {
    const r = prijsReeks(
      [
        { jaar: 2023, prijs: 420000 },
        { jaar: 2021, prijs: 386000 },
        { jaar: 2022, prijs: 429000 },
        { jaar: 2024, prijs: null },
      ],
      2,
    );
    expect(r).toEqual([
      { jaar: 2023, gemiddelde_verkoopprijs: 420000, delta: -9000, delta_pct: -2.1 },
      { jaar: 2024, gemiddelde_verkoopprijs: null, delta: null, delta_pct: null },
    ]);
  });
});

describe('monitoring hash', () => {
  it('is the same for the same data in any key order, and changes with any value', () => {
    const a = { b: [1, 2, { y: null, x: 'é' }], a: 1.5 };
    const b = { a: 1.5, b: [1, 2, { x: 'é', y: null }] };
    expect(canoniekeJson(a)).toBe('{"a":1.5,"b":[1,2,{"x":"é","y":null}]}');
    expect(bronHash(a)).toBe(bronHash(b));
    expect(bronHash(a)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(bronHash({ ...b, a: 1.50001 })).not.toBe(bronHash(a));
    expect(bronHash({ a: 1.5, b: [2, 1, { x: 'é', y: null }] })).not.toBe(bronHash(a));
    expect(bronHash({ a: 1 })).toBe('sha256:015abd7f5cc57a2dd94b7590f04ad8084273905ee33ec5cebeae62276a97f862');
  });
});

describe('kenmerkNaam', () => {
  it('maps the short names and passes stable names', () => {
    expect(kenmerkNaam('inwoners')).toBe('aantal_inwoners');
    expect(kenmerkNaam(' WOZ ')).toBe('gemiddelde_woz_waarde_van_woningen');
    expect(kenmerkNaam('koopwoningen')).toBe('koopwoningen');
  });
});
