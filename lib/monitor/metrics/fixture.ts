// A hand-made small market for the metric tests, small enough to work every expected value out on paper.
//
// Peildatum 2026-11-01. Versions on the 1st of every month from 2025-09-01 (the first: baseline) to
// 2026-11-01. Three hoofdholdingen: H1 Alfa Groep (with tussenholding T1), H2 Beta Holding, H3 Gamma Beheer.
//
// | id  | naam                    | kvk | plaats     | top | producten | hypotheek              | sinds      |
// |-----|-------------------------|-----|------------|-----|-----------|------------------------|------------|
// | V01 | Alfa Amsterdam          | 100 | Amsterdam  | H1  | 4         | adviseren, bemiddelen  | 2000-03-01 |
// | V02 | Alfa Utrecht            | 100 | Utrecht    | H1  | 3         | adviseren              | 2005-06-01 |
// | V03 | Noord Advies            | 103 | Groningen  | H1¹ | 2         | adviseren, bemiddelen  | 1998-01-15 |
// | V04 | Zuid Financieel         | 104 | Utrecht    | H1  | 1         | bemiddelen             | 2019-09-01 |
// | V05 | Beta Rotterdam          | 200 | Rotterdam  | H2  | 5         | adviseren              | 2003-01-01 |
// | V06 | De Vries Hypotheken     | 106 | Rotterdam  | H2  | 2         | adviseren, bemiddelen  | 2010-02-01 |
// | V07 | Gamma Den Haag          | 300 | Den Haag   | H3  | 1         | –                      | 2018-05-01 |
// | V08 | Bakker Advies           | 108 | Utrecht    | –   | 2         | adviseren              | 2001-04-01 |
// | V09 | Jansen & Zn             | 109 | Amsterdam  | –   | 5         | adviseren, bemiddelen  | 2015-01-01 |
// | V10 | Jansen & Zn Amstelveen  | 109 | Amstelveen | –   | 3         | –                      | 2015-01-01 |
// | V11 | Smit Verzekeringen      | 111 | Groningen  | –   | 1         | –                      | 2026-02-01 |
// | V12 | Oud Kantoor (inactive)  | 112 | Haarlem    | –   | 0         | – (had adviseren)      | 1995-01-01, einde 2026-04-15 |
// | V13 | Kaya Hypotheekadvies    | 113 | Ergensdorp | –   | 1         | bemiddelen             | 2023-05-01 |
// ¹ through tussenholding T1.
//
// Changes (vestiging rows unless stated):
// - 2025-09-01 (version 1, eerste): 'nieuw' for every entity then present: the baseline, never movement.
// - 2025-10-01: V13 nieuw.
// - 2025-11-01: V07 overgenomen, independent → H3 (exactly 12 months before the peildatum: outside the 12-month window).
// - 2026-01-01: V05 gewijzigd (not movement in the radar).
// - 2026-02-01: V11 nieuw.
// - 2026-03-01: V03 overgenomen, independent → H1 (via T1); holding T1 nieuw.
// - 2026-05-01: V12 beëindigd.
// - 2026-06-01: V04 overgenomen, independent → H1.
// - 2026-07-01: V14 (old address of V09) verhuisd to V09: two rows, V14 with nieuw null and V09 with both.
// - 2026-09-01: V06 overgenomen, H3 → H2.
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';

export const PEIL = '2026-11-01';

const HYP = 'Hypothecair krediet';
const SCH = 'Schadeverzekeringen';
const LEV = 'Levensverzekeringen';
const CON = 'Consumptief krediet';
const PEN = 'Pensioenverzekeringen';
const INK = 'Inkomensverzekeringen';

const v = (
  id: string,
  naam: string,
  kvk: string,
  plaats: string,
  top: string | null,
  producten: string[],
  hypotheek: string[],
  sinds: string,
  extra: Partial<MarktVestiging> = {},
): MarktVestiging => ({
  vestiging_id: id,
  naam,
  kvk_nummer: kvk,
  postcode: null,
  huisnummer: null,
  plaats,
  actief: true,
  instelling_id: `i${kvk}`,
  producten: [...producten].sort(),
  hypotheek_diensten: hypotheek,
  sinds,
  einde: null,
  handelsnamen: [],
  klachteninstituut: null,
  lei: top ? `LEI${kvk}` : null,
  koppeling: top ? { gleif: { methode: 'kvk', zekerheid: 1 }, dnb: null } : { gleif: null, dnb: null },
  holding_id: top,
  hoofdholding_id: top,
  ...extra,
});

export const VESTIGINGEN: MarktVestiging[] = [
  v('V01', 'Alfa Amsterdam', '100', 'Amsterdam', 'H1', [CON, HYP, LEV, SCH], ['adviseren', 'bemiddelen'], '2000-03-01'),
  v('V02', 'Alfa Utrecht', '100', 'Utrecht', 'H1', [HYP, LEV, SCH], ['adviseren'], '2005-06-01'),
  v('V03', 'Noord Advies', '103', 'Groningen', 'H1', [HYP, SCH], ['adviseren', 'bemiddelen'], '1998-01-15', { holding_id: 'T1' }),
  v('V04', 'Zuid Financieel', '104', 'Utrecht', 'H1', [HYP], ['bemiddelen'], '2019-09-01'),
  v('V05', 'Beta Rotterdam', '200', 'Rotterdam', 'H2', [HYP, INK, LEV, PEN, SCH], ['adviseren'], '2003-01-01'),
  v('V06', 'De Vries Hypotheken', '106', 'Rotterdam', 'H2', [CON, HYP], ['adviseren', 'bemiddelen'], '2010-02-01'),
  v('V07', 'Gamma Den Haag', '300', 'Den Haag', 'H3', [SCH], [], '2018-05-01'),
  v('V08', 'Bakker Advies', '108', 'Utrecht', null, [HYP, SCH], ['adviseren'], '2001-04-01'),
  v('V09', 'Jansen & Zn', '109', 'Amsterdam', null, [CON, HYP, LEV, PEN, SCH], ['adviseren', 'bemiddelen'], '2015-01-01'),
  v('V10', 'Jansen & Zn Amstelveen', '109', 'Amstelveen', null, [LEV, PEN, SCH], [], '2015-01-01'),
  v('V11', 'Smit Verzekeringen', '111', 'Groningen', null, [SCH], [], '2026-02-01'),
  v('V12', 'Oud Kantoor', '112', 'Haarlem', null, [], [], '1995-01-01', { actief: false, einde: '2026-04-15' }),
  v('V13', 'Kaya Hypotheekadvies', '113', 'Ergensdorp', null, [HYP], ['bemiddelen'], '2023-05-01'),
];

const h = (id: string, naam: string, top: string, vs: string[], moeder: string | null = null): MarktHolding => ({
  holding_id: id,
  naam,
  vestiging_ids: vs,
  hoofdholding_id: top,
  type: id === top ? 'hoofdholding' : 'tussenholding',
  moeder_id: moeder,
  kvk_nummer: null,
});

export const HOLDINGS: MarktHolding[] = [
  h('H1', 'Alfa Groep', 'H1', ['V01', 'V02', 'V03', 'V04']),
  h('H2', 'Beta Holding', 'H2', ['V05', 'V06']),
  h('H3', 'Gamma Beheer', 'H3', ['V07']),
  h('T1', 'Alfa Regio Noord', 'H1', ['V03'], 'H1'),
];

const MAANDEN = [
  '2025-09-01', '2025-10-01', '2025-11-01', '2025-12-01', '2026-01-01', '2026-02-01', '2026-03-01', '2026-04-01',
  '2026-05-01', '2026-06-01', '2026-07-01', '2026-08-01', '2026-09-01', '2026-10-01', '2026-11-01',
];
export const VERSIES: VersieInfo[] = MAANDEN.map((peildatum, i) => ({ id: i + 1, peildatum, eerste: i === 0 }));
const versieVan = (datum: string) => MAANDEN.indexOf(datum) + 1;

const vest = (id: string): MarktVestiging => VESTIGINGEN.find((x) => x.vestiging_id === id)!;
const hold = (id: string): MarktHolding => HOLDINGS.find((x) => x.holding_id === id)!;
const zelfstandig = (x: MarktVestiging): MarktVestiging => ({ ...x, lei: null, holding_id: null, hoofdholding_id: null });

/** V09 at its old address (the id before the move). */
const V14: MarktVestiging = { ...vest('V09'), vestiging_id: 'V14', postcode: '1011 AA' };

let nr = 0;
const rij = (datum: string, w: Omit<WijzigingRij, 'wijziging_id' | 'versie_id' | 'datum' | 'velden'> & { velden?: string[] }): WijzigingRij => ({
  wijziging_id: ++nr,
  versie_id: versieVan(datum),
  datum,
  velden: [],
  ...w,
});
const nieuwV = (datum: string, x: MarktVestiging) => rij(datum, { entiteit_type: 'vestiging', entiteit_id: x.vestiging_id, wijziging_type: 'nieuw', oud: null, nieuw: x });

const BASIS = '2025-09-01';
export const WIJZIGINGEN: WijzigingRij[] = [
  // Baseline: the market as first seen (V03, V04, V07 still independent, V06 under H3, V09 at its old address).
  ...['V01', 'V02', 'V05', 'V08', 'V10'].map((id) => nieuwV(BASIS, vest(id))),
  nieuwV(BASIS, zelfstandig(vest('V03'))),
  nieuwV(BASIS, zelfstandig(vest('V04'))),
  nieuwV(BASIS, zelfstandig(vest('V07'))),
  nieuwV(BASIS, { ...vest('V06'), hoofdholding_id: 'H3', holding_id: 'H3' }),
  nieuwV(BASIS, V14),
  nieuwV(BASIS, { ...vest('V12'), actief: true, einde: null, producten: [HYP], hypotheek_diensten: ['adviseren'] }),
  ...['H1', 'H2', 'H3'].map((id) => rij(BASIS, { entiteit_type: 'hoofdholding', entiteit_id: id, wijziging_type: 'nieuw', oud: null, nieuw: hold(id) })),

  nieuwV('2025-10-01', vest('V13')),
  rij('2025-11-01', { entiteit_type: 'vestiging', entiteit_id: 'V07', wijziging_type: 'overgenomen', oud: zelfstandig(vest('V07')), nieuw: vest('V07') }),
  rij('2026-01-01', { entiteit_type: 'vestiging', entiteit_id: 'V05', wijziging_type: 'gewijzigd', oud: { ...vest('V05'), producten: [HYP] }, nieuw: vest('V05'), velden: ['producten'] }),
  nieuwV('2026-02-01', vest('V11')),
  rij('2026-03-01', { entiteit_type: 'vestiging', entiteit_id: 'V03', wijziging_type: 'overgenomen', oud: zelfstandig(vest('V03')), nieuw: vest('V03') }),
  rij('2026-03-01', { entiteit_type: 'holding', entiteit_id: 'T1', wijziging_type: 'nieuw', oud: null, nieuw: hold('T1') }),
  rij('2026-05-01', {
    entiteit_type: 'vestiging',
    entiteit_id: 'V12',
    wijziging_type: 'beëindigd',
    oud: { ...vest('V12'), actief: true, einde: null, producten: [HYP], hypotheek_diensten: ['adviseren'] },
    nieuw: vest('V12'),
  }),
  rij('2026-06-01', { entiteit_type: 'vestiging', entiteit_id: 'V04', wijziging_type: 'overgenomen', oud: zelfstandig(vest('V04')), nieuw: vest('V04') }),
  rij('2026-07-01', { entiteit_type: 'vestiging', entiteit_id: 'V14', wijziging_type: 'verhuisd', oud: V14, nieuw: null }),
  rij('2026-07-01', { entiteit_type: 'vestiging', entiteit_id: 'V09', wijziging_type: 'verhuisd', oud: V14, nieuw: vest('V09') }),
  rij('2026-09-01', {
    entiteit_type: 'vestiging',
    entiteit_id: 'V06',
    wijziging_type: 'overgenomen',
    oud: { ...vest('V06'), hoofdholding_id: 'H3', holding_id: 'H3' },
    nieuw: vest('V06'),
  }),
];
