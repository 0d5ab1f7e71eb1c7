// The scenario method with hand-checked numbers. Sample: 118 m2, EP2 310 (label E), WOZ € 385.000, CBS
// prices of 2025-09 (gas € 1,35467/m3, electricity € 0,28156/kWh). Constants: 9,769 kWh per m3 gas,
// primary factor electricity 1,45, boiler 90%, SCOP 3,5, 1,78 kg CO2/m3, 0,30 kg CO2/kWh, 4,35% over 10 years.
import { describe, expect, it } from 'vitest';
import { maandlast } from './annuiteit';
import { aannameRegel, aannames } from './aannames';
import { rankMaatregelen } from './rank';
import { berekenBesparing, schatInvestering, scenarios, splitsBesparing, stappenplanCumulatief, uitgangspunt, type Scenario } from './scenarios';
import { nulmetingFixture, pandFixture, PRIJZEN_2025_09 } from './testdata';
import type { Nulmeting, Pand } from '../types';

function run(n: Nulmeting = nulmetingFixture(), p: Pand = pandFixture(), prijzen = PRIJZEN_2025_09, open: Parameters<typeof scenarios>[0]['openCategorieen'] = []) {
  const u = uitgangspunt(n, p);
  return scenarios({ uitgangspunt: u, gerangschikt: rankMaatregelen(n.maatregelen ?? [], u.huidig_label), prijzen, openCategorieen: open });
}
const byId = (list: Scenario[], id: Scenario['id']) => list.find((s) => s.id === id) as Scenario;

describe('maandlast (annuity)', () => {
  it("matches the Warmtefonds's own example: € 15.000 over 10 years at 4,35% is € 153,80 a month", () => {
    expect(maandlast(15000, 0.0435, 10)).toBeCloseTo(153.8, 1);
  });
  it('divides evenly at 0% (households under € 60.000 income) and is 0 for nothing borrowed', () => {
    expect(maandlast(12000, 0, 10)).toBe(100);
    expect(maandlast(0, 0.0435, 10)).toBe(0);
  });
  it('is higher for a shorter term and a higher rate', () => {
    expect(maandlast(10000, 0.0435, 7)).toBeGreaterThan(maandlast(10000, 0.0435, 10));
    expect(maandlast(10000, 0.05, 10)).toBeGreaterThan(maandlast(10000, 0.0435, 10));
  });
});

describe('splitsBesparing', () => {
  it('turns 10.000 kWh primary into gas for insulation: 10.000 / 9,769 = 1.023,6 m3', () => {
    const s = splitsBesparing(10000, ['gevel']);
    expect(s.aardgas_m3).toBeCloseTo(1023.65, 1);
    expect(s.elektriciteit_kwh).toBe(0);
  });
  it('turns it into electricity for solar panels: 10.000 / 1,45 = 6.896,6 kWh', () => {
    expect(splitsBesparing(10000, ['zonnepanelen']).elektriciteit_kwh).toBeCloseTo(6896.55, 1);
  });
  it('moves heat from boiler to heat pump: heat = 10.000 / (1/0,9 - 1,45/3,5) = 14.350,8 kWh', () => {
    const s = splitsBesparing(10000, ['hybride_warmtepomp']);
    const warmte = 10000 / (1 / 0.9 - 1.45 / 3.5);
    expect(warmte).toBeCloseTo(14350.8, 1);
    expect(s.aardgas_m3).toBeCloseTo(warmte / 0.9 / 9.769, 6); // 1.632,2 m3 less gas
    expect(s.elektriciteit_kwh).toBeCloseTo(-warmte / 3.5, 6); // 4.100,2 kWh more electricity
  });
  it('splits evenly over the kinds present, not over the number of measures', () => {
    const s = splitsBesparing(10000, ['gevel', 'dak', 'zonnepanelen']);
    expect(s.aardgas_m3).toBeCloseTo(5000 / 9.769, 6);
    expect(s.elektriciteit_kwh).toBeCloseTo(5000 / 1.45, 6);
  });
});

describe('berekenBesparing', () => {
  it('prices and converts to CO2: 100 m2 from EP2 300 to 200 with insulation', () => {
    const b = berekenBesparing(300, 200, 100, ['gevel'], PRIJZEN_2025_09);
    expect(b).toEqual({ primair_kwh: 10000, aardgas_m3: 1024, elektriciteit_kwh: 0, euro_per_jaar: 1387, co2_kg_per_jaar: 1822 });
  });
  it('leaves the euro amount empty without prices but still gives energy and CO2', () => {
    const b = berekenBesparing(300, 200, 100, ['gevel'], null);
    expect(b.euro_per_jaar).toBeNull();
    expect(b.co2_kg_per_jaar).toBe(1822);
  });
});

describe('schatInvestering', () => {
  it('uses the published unit prices: wall 0,5 × 118 m2 × € 26,70, heat pump € 5.500', () => {
    const i = schatInvestering(['gevel', 'hybride_warmtepomp'], 118);
    expect(i).toEqual({
      bedrag: Math.round(0.5 * 118 * 26.7 + 5500),
      herkomst: 'kentallen',
      onvolledig: false,
      kentallen: ['prijs_spouwmuurisolatie', 'oppervlakte_gevel', 'prijs_hybride_warmtepomp'],
    });
  });
  it('is a lower bound when a part has no reference price, and unknown when none has', () => {
    expect(schatInvestering(['dak', 'ventilatie'], 118)).toMatchObject({ bedrag: 4600, onvolledig: true });
    expect(schatInvestering(['ventilatie'], 118)).toMatchObject({ bedrag: null, herkomst: 'onbekend' });
    expect(schatInvestering(['vloer'], null)).toMatchObject({ bedrag: null, herkomst: 'onbekend' });
  });
});

describe('scenarios of the sample report', () => {
  const list = run();

  it('are always the three titles in order', () => {
    expect(list.map((s) => s.titel)).toEqual(['Eerste stap', 'Tot label A', 'Tot het beste doel']);
  });

  it('Eerste stap: cavity wall (D, EP2 270, € 2.400 from the file)', () => {
    const s = byId(list, 'eerste_stap');
    expect(s).toMatchObject({ status: 'berekend', herkomst: 'bestand', omschrijving: 'Spouwmuurisolatie', doel_label: 'D', doel_ep2: 270, doel_ep2_geschat: false });
    expect(s.investering).toMatchObject({ bedrag: 2400, herkomst: 'bestand' });
    // (310 - 270) × 118 = 4.720 kWh; / 9,769 = 483,2 m3; × 1,35467 = € 654,52; × 1,78 = 860 kg
    expect(s.besparing).toEqual({ primair_kwh: 4720, aardgas_m3: 483, elektriciteit_kwh: 0, euro_per_jaar: 655, co2_kg_per_jaar: 860 });
    expect(s.financiering).toEqual({ maandlast: 24.6, rente: 0.0435, looptijd_jaar: 10, boven_max_leensom: false });
    expect(s.netto_per_maand).toBeCloseTo(655 / 12 - 24.6, 2); // € 29,98 a month left over
    expect(s.aandeel_woz_pct).toBe(0.6); // 2.400 / 385.000
  });

  it('Tot label A: the package with hybrid heat pump, half insulation (gas) and half heat pump', () => {
    const s = byId(list, 'tot_label_a');
    expect(s).toMatchObject({ doel_label: 'A', doel_ep2: 150, maatregel_rang: 2, categorieen: ['hybride_warmtepomp', 'gevel', 'dak', 'vloer'] });
    // 160 × 118 = 18.880 kWh: 9.440 as gas (966,3 m3) and 9.440 via the heat pump (1.540,8 m3 less gas, 3.870,6 kWh more power)
    expect(s.besparing).toEqual({ primair_kwh: 18880, aardgas_m3: 2507, elektriciteit_kwh: -3871, euro_per_jaar: 2307, co2_kg_per_jaar: 3302 });
    expect(s.financiering?.maandlast).toBeCloseTo(215.28, 2);
    expect(s.aandeel_woz_pct).toBe(5.5);
  });

  it('Tot het beste doel: heat pump and solar panels to A+, investment from the reference values', () => {
    const s = byId(list, 'beste_doel');
    expect(s).toMatchObject({ doel_label: 'A+', doel_ep2: 100, maatregel_rang: 1 });
    expect(s.investering).toEqual({
      bedrag: 9400,
      herkomst: 'kentallen',
      onvolledig: false,
      kentallen: ['prijs_hybride_warmtepomp', 'prijs_zonnepanelen'],
    });
    expect(s.besparing).toEqual({ primair_kwh: 24780, aardgas_m3: 2022, elektriciteit_kwh: 3465, euro_per_jaar: 3715, co2_kg_per_jaar: 4639 });
    expect(s.financiering?.maandlast).toBeCloseTo(96.36, 2);
  });
});

describe('scenarios without usable measures in the file', () => {
  it('use standard packages: one class up with the open insulation, to label A, and A plus solar panels', () => {
    const list = run(nulmetingFixture({ maatregelen: null }), pandFixture(), PRIJZEN_2025_09, ['gevel', 'vloer']);
    const [eerste, totA, beste] = list;
    expect(eerste).toMatchObject({ herkomst: 'standaardpakket', doel_label: 'D', doel_ep2: 290, doel_ep2_geschat: true, categorieen: ['gevel', 'vloer'] });
    expect(eerste.investering.bedrag).toBe(Math.round(0.5 * 118 * 26.7 + 0.5 * 118 * 35));
    expect(totA).toMatchObject({ herkomst: 'standaardpakket', doel_label: 'A', doel_ep2: 160 });
    expect(totA.investering).toMatchObject({
      bedrag: Math.round(0.5 * 118 * 26.7 + 4600 + 0.5 * 118 * 35 + 0.18 * 118 * 182 + 5500),
      herkomst: 'kentallen',
    });
    // solar panels: 3.800 kWh × 1,45 / 118 m2 = 46,7 kWh/m2 below label A's bound of 160
    expect(beste.doel_ep2).toBeCloseTo(160 - (3800 * 1.45) / 118, 1);
    expect(beste.doel_label).toBe('A');
  });

  it('offer a hybrid heat pump as first step when no insulation is open', () => {
    const [eerste] = run(nulmetingFixture({ maatregelen: [] }));
    expect(eerste).toMatchObject({ omschrijving: 'Hybride warmtepomp (standaardpakket)', categorieen: ['hybride_warmtepomp'] });
  });

  it('say label A is reached already for a home with A+, and add only solar panels as best goal', () => {
    const list = run(nulmetingFixture({ energieklasse: 'A+', energie_index_of_ep2: { soort: 'EP2', waarde: 90 }, maatregelen: [] }));
    expect(list[1]).toMatchObject({ status: 'al_bereikt', titel: 'Tot label A' });
    expect(list[2]).toMatchObject({ status: 'berekend', categorieen: ['zonnepanelen'], doel_label: 'A+++' }); // 90 - 46,7 = 43,3
  });

  it('are not computed when neither the file nor the register knows the current label', () => {
    const list = run(
      nulmetingFixture({ energieklasse: null, energie_index_of_ep2: null }),
      pandFixture({ energielabel: { waarde: null, bron: 'ep-online', status: 'onbeschikbaar' } }),
    );
    expect(list.map((s) => s.status)).toEqual(['niet_te_berekenen', 'niet_te_berekenen', 'niet_te_berekenen']);
  });
});

describe('uitgangspunt', () => {
  it('estimates EP2 as the middle of the class when the file gives an energy index instead', () => {
    const u = uitgangspunt(nulmetingFixture({ energieklasse: 'C', energie_index_of_ep2: { soort: 'EI', waarde: 1.6 } }), pandFixture());
    expect(u).toMatchObject({ huidig_label: 'C', huidig_ep2: 220, huidig_ep2_herkomst: 'midden_van_label', index_soort: 'EI' });
  });
  it('takes the registered label when the file has none', () => {
    const u = uitgangspunt(nulmetingFixture({ energieklasse: null, energie_index_of_ep2: null }), pandFixture());
    expect(u).toMatchObject({ huidig_label: 'E', huidig_label_herkomst: 'ep-online', huidig_ep2: 312.5 });
  });
});

describe('aannames', () => {
  it('prints every assumption of the sample in one line, with the values used', () => {
    const u = uitgangspunt(nulmetingFixture(), pandFixture());
    const line = aannameRegel(aannames(u, PRIJZEN_2025_09));
    expect(line).toBe(
      'Aannames: ΔEP2 × 118 m² · EP2 nu 310 (bestand) · doel zonder EP2: bovengrens klasse · gas 9,77 kWh/m³, stroom fp 1,45 · ' +
        'WP SCOP 3,5, ketel 90% · € 1,35/m³ en € 0,28/kWh (CBS september 2025) · lening 4,35%, 10 jr · CO₂ 1,78 kg/m³, 0,30 kg/kWh · ' +
        'kentallen incl. btw, excl. subsidie · WOZ-peildatum 1 januari 2025',
    );
    expect(line).not.toContain('\n');
  });
});

describe('stappenplanCumulatief', () => {
  const stap = (n: number, label: 'C' | 'A' | 'A++', investering: number | null, rang: number) => ({
    omschrijving: `Step${n}`,
    naam: `Stap ${n} van het maatwerkadvies`,
    doel_label: label,
    doel_index: null,
    investering,
    rang,
    labelstappen: null,
  });
  it('adds the investments of the earlier steps: the label of step N holds after steps 1..N', () => {
    const uit = stappenplanCumulatief([stap(3, 'A++', 16800, 1), stap(2, 'A', 24300, 2), stap(1, 'C', 8450, 3)]);
    expect(uit.map((m) => [m.omschrijving, m.naam, m.investering])).toEqual([
      ['Step3', 'Stap 1 t/m 3 van het maatwerkadvies', 49550],
      ['Step2', 'Stap 1 t/m 2 van het maatwerkadvies', 32750],
      ['Step1', 'Stap 1 van het maatwerkadvies', 8450],
    ]);
  });
  it("names the way to the last step by the plan's content from the file's summary", () => {
    const uit = stappenplanCumulatief([stap(3, 'A++', 16800, 1), stap(2, 'A', 24300, 2), stap(1, 'C', 8450, 3)], ['gevelisolatie', 'zonnepanelen']);
    expect(uit.map((m) => m.naam)).toEqual([
      'Stap 1 t/m 3 van het maatwerkadvies: gevelisolatie, zonnepanelen',
      'Stap 1 t/m 2 van het maatwerkadvies',
      'Stap 1 van het maatwerkadvies',
    ]);
  });
  it('leaves other measures alone and gives null when a step has no amount', () => {
    expect(stappenplanCumulatief([{ ...stap(1, 'C', 1, 1), omschrijving: 'Spouwmuurisolatie' }, stap(2, 'A', 2, 2)])[0].investering).toBe(1);
    expect(stappenplanCumulatief([stap(1, 'C', null, 2), stap(2, 'A', 5, 1)])[1].investering).toBeNull();
  });
});
