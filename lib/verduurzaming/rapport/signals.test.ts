// Signals: insulation that build year and label suggest but the file does not list, insulation probably
// added already, and differences between the file and the registers (address, registered label).
import { describe, expect, it } from 'vitest';
import { vergelijkAdres } from './adres';
import { categorieenVan } from './categorie';
import { openCategorieen, signalen, SIGNAALREGELS } from './signals';
import { maatregel, nulmetingFixture, pandFixture } from './testdata';
import type { LabelKlasse, Nulmeting, Pand } from '../types';

const GEVRAAGD = { postcode: '3511AB', huisnummer: 12 };

function run(n: Nulmeting, p: Pand, huidig: LabelKlasse | null = n.energieklasse, gevraagd = GEVRAAGD) {
  return signalen({ nulmeting: n, pand: p, adres: vergelijkAdres(n.adres, gevraagd), huidigLabel: huidig });
}
const codes = (list: { code: string }[]) => list.map((s) => s.code);

describe('signalen', () => {
  it('gives none for the sample: 1968, label E, and the file lists wall, roof, floor and glazing', () => {
    expect(run(nulmetingFixture(), pandFixture())).toEqual([]);
  });

  it('flags wall, roof, floor and glazing for a 1968 house with label F whose file lists only a heat pump', () => {
    const n = nulmetingFixture({ energieklasse: 'F', maatregelen: [maatregel('Hybride warmtepomp', 'D', 280, 6000)] });
    const out = run(n, pandFixture({ energielabel: { waarde: null, bron: 'ep-online', status: 'onbeschikbaar' } }));
    expect(codes(out)).toEqual([
      'spouwmuurisolatie_niet_in_bestand',
      'dakisolatie_niet_in_bestand',
      'vloerisolatie_niet_in_bestand',
      'isolatieglas_niet_in_bestand',
    ]);
    expect(out[0].tekst).toContain('bouwjaar 1968');
    expect(out[0].tekst).toContain('label F');
    expect(out[0].bron).toMatch(/^https:\/\/www\.milieucentraal\.nl\//);
    expect(openCategorieen(out)).toEqual(['gevel', 'dak', 'vloer', 'glas']);
  });

  it.each([
    // [build year, label, expected codes] — thresholds: cavity wall 1920-1975 and D or worse; roof/floor before 1992 and C or worse; glazing D or worse
    [1919, 'D', ['dakisolatie_niet_in_bestand', 'vloerisolatie_niet_in_bestand', 'isolatieglas_niet_in_bestand']],
    [1975, 'D', ['spouwmuurisolatie_niet_in_bestand', 'dakisolatie_niet_in_bestand', 'vloerisolatie_niet_in_bestand', 'isolatieglas_niet_in_bestand']],
    [1976, 'D', ['dakisolatie_niet_in_bestand', 'vloerisolatie_niet_in_bestand', 'isolatieglas_niet_in_bestand']],
    [1985, 'C', ['dakisolatie_niet_in_bestand', 'vloerisolatie_niet_in_bestand']],
    [1992, 'G', []],
  ] as const)('build year %i with label %s and no insulation in the file', (bouwjaar, label, expected) => {
    const n = nulmetingFixture({ energieklasse: label, maatregelen: [] });
    const p = pandFixture({ bouwjaar: { waarde: bouwjaar, bron: 'bag-ogc', status: 'ok' }, energielabel: { waarde: null, bron: 'ep-online', status: 'ok' } });
    expect(codes(run(n, p)).filter((c) => c.endsWith('_niet_in_bestand'))).toEqual(expected);
  });

  it("counts what a maatwerkadvies step plan changes (its summary) as named: Step1..Step3 alone name nothing", () => {
    const stappen = [maatregel('Step1', 'C', 231.1, 8450), maatregel('Step2', 'A', 138.72, 24300), maatregel('Step3', 'A++', 68.05, 16800)];
    const zonder = nulmetingFixture({ maatregelen: stappen });
    expect(codes(run(zonder, pandFixture()))).toEqual(expect.arrayContaining(['spouwmuurisolatie_niet_in_bestand', 'dakisolatie_niet_in_bestand']));
    const met = nulmetingFixture({ maatregelen: stappen, stappenplan_inhoud: ['gevelisolatie', 'dakisolatie', 'vloerisolatie', 'isolatieglas', 'zonnepanelen'] });
    expect(run(met, pandFixture())).toEqual([]);
  });

  it('says insulation was probably added when a house from before 1975 has label B and the file lists none', () => {
    const n = nulmetingFixture({ energieklasse: 'B', maatregelen: [maatregel('Zonnepanelen', 'A', 150, 4000)] });
    const p = pandFixture({ energielabel: { waarde: null, bron: 'ep-online', status: 'ok' } });
    const out = run(n, p);
    expect(codes(out)).toEqual(['na_isolatie_vermoedelijk_uitgevoerd']);
    expect(out[0].soort).toBe('vermoedelijk_uitgevoerd');
  });

  it('reports a different address in the file, and a registered label that differs from the file', () => {
    const n = nulmetingFixture({ adres: { postcode: '3511 AB', huisnummer: 14, huisletter: null, toevoeging: null, bag_verblijfsobject_id: null } });
    const reg = pandFixture().energielabel as NonNullable<Pand['energielabel']>;
    const out = run(n, pandFixture({ energielabel: { waarde: { ...reg, klasse: 'C' }, bron: 'ep-online', status: 'ok' } }));
    expect(codes(out)).toEqual(['adres_wijkt_af', 'label_wijkt_af_van_registratie']);
    expect(out[0].tekst).toContain('3511AB 14');
    expect(out[0].tekst).toContain('3511AB 12');
    expect(out[1].tekst).toBe('EP-Online noemt label C (geregistreerd 20 maart 2025); het bestand noemt E.');
  });

  it('says so when the file has no measures or the build year is unknown', () => {
    const out = run(nulmetingFixture({ maatregelen: null }), pandFixture({ bouwjaar: { waarde: null, bron: 'bag-ogc', status: 'onbeschikbaar' } }));
    expect(codes(out)).toEqual(['geen_maatregelen_in_bestand', 'bouwjaar_onbekend']);
  });

  it('documents every code it can emit, with a threshold text', () => {
    for (const r of SIGNAALREGELS) expect(r.regel.length).toBeGreaterThan(20);
    expect(new Set(SIGNAALREGELS.map((r) => r.code)).size).toBe(SIGNAALREGELS.length);
  });
});

describe('vergelijkAdres', () => {
  const bestand = (postcode: string | null, huisnummer: number | null, huisletter: string | null = null, toevoeging: string | null = null) => ({
    postcode,
    huisnummer,
    huisletter,
    toevoeging,
    bag_verblijfsobject_id: null,
  });
  it.each([
    [bestand('3511 ab', 12), { postcode: '3511AB', huisnummer: 12 }, 'ja'],
    [bestand('3511AB', 12, 'A', '2'), { postcode: '3511AB', huisnummer: 12, toevoeging: 'a-2' }, 'ja'],
    [bestand('3511AB', 12, 'A'), { postcode: '3511AB', huisnummer: 12 }, 'nee'],
    [bestand('3511AC', 12), { postcode: '3511AB', huisnummer: 12 }, 'nee'],
    [bestand(null, null), { postcode: '3511AB', huisnummer: 12 }, 'onbekend'],
    [{ ...bestand(null, null), bag_verblijfsobject_id: '0392010000087312' }, { postcode: '3511AB', huisnummer: 12, verblijfsobjectId: '0392010000087312' }, 'ja'],
    [{ ...bestand(null, null), bag_verblijfsobject_id: '0392010000087312' }, { postcode: '3511AB', huisnummer: 12, verblijfsobjectId: '0344010000012345' }, 'nee'],
  ] as const)('%j against %j: %s', (b, g, expected) => {
    expect(vergelijkAdres(b, g).overeenkomst).toBe(expected);
  });
});

describe('categorieenVan', () => {
  it.each([
    ['Spouwmuurisolatie', ['gevel']],
    ['Dakisolatie met glaswol', ['dak']],
    ['Isolatie van dak, gevel en vloer met hybride warmtepomp', ['hybride_warmtepomp', 'gevel', 'dak', 'vloer']],
    ['Zonnepanelen op het dak', ['zonnepanelen']],
    ['Lucht/water-warmtepomp', ['warmtepomp']],
    ['Stap 3: maatregelpakket', ['overig']],
  ])('%s', (tekst, expected) => {
    expect(categorieenVan(tekst)).toEqual(expected);
  });
});
