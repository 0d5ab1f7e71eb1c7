// Conversion of the CBS energy-tariff table into the newest all-in prices. Runs on the built 85592NED
// fixture (test/upstream/fixtures/cbs-statline), on the same table with renumbered keys, and on the
// structure of the older table 84672NED with its published January 2022 values.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPropertySchema, dimensionCategorySchema, type DataProperty, type DimensionCategory, type TypedRow } from '@/lib/sources/cbs-statline';
import {
  classifyTitle,
  convertPrijzen,
  energiePrijzenSchema,
  findMeasures,
  findTimeDimension,
  findVatDimension,
  newestMonths,
  peilmaandOf,
  pickInclVat,
  selectKeys,
} from './prijzen-convert';

const dir = path.join(__dirname, '..', '..', '..', 'test', 'upstream', 'fixtures', 'cbs-statline');
const read = (file: string) => (JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { value: unknown[] }).value;
const props: DataProperty[] = read('85592NED-DataProperties.json').map((p) => dataPropertySchema.parse(p));
const btw: DimensionCategory[] = read('85592NED-Btw.json').map((c) => dimensionCategorySchema.parse(c));
const perioden: DimensionCategory[] = read('85592NED-Perioden.json').map((c) => dimensionCategorySchema.parse(c));
const rows = read('85592NED-TypedDataSet-inclusief-btw-2025MM07-09.json') as TypedRow[];

function convert(p: DataProperty[], r: TypedRow[], periods = perioden) {
  return convertPrijzen({
    tabel: '85592NED',
    rows: r,
    measures: findMeasures(p),
    timeDimension: findTimeDimension(p) as string,
    vat: { dimension: findVatDimension(p) as string, key: 'A048944' },
    periods,
  });
}

describe('convertPrijzen on the 85592NED fixture', () => {
  it('gives the newest month, September 2025, with all-in prices incl. VAT and their components', () => {
    const result = convert(props, rows);
    expect(result).toEqual({
      peilmaand: '2025-09',
      periode_code: '2025MM09',
      voorlopig: true,
      btw: 'inclusief',
      tabel: '85592NED',
      aardgas: {
        all_in_per_m3: 1.35467,
        eenheid: 'euro per m3',
        componenten: { variabel_leveringstarief: 0.6551, opslag_duurzame_energie: 0, energiebelasting: 0.69957 },
        variabel_leveringstarief_dynamisch: null,
        vaste_tarieven: { vast_leveringstarief_per_jaar: 85.2, transporttarief_per_jaar: 251.37, vermindering_energiebelasting_per_jaar: null },
        cbs_sleutels: {
          transporttarief: 'Transporttarief_1',
          vast_leveringstarief: 'VastLeveringstariefVasteEnVar_2',
          variabel_leveringstarief: 'VariabelLeveringstariefContractprijs_3',
          opslag_duurzame_energie: 'OpslagDuurzameEnergieODE_5',
          energiebelasting: 'Energiebelasting_6',
        },
      },
      elektriciteit: {
        all_in_per_kwh: 0.28156,
        eenheid: 'euro per kWh',
        componenten: { variabel_leveringstarief: 0.1587, opslag_duurzame_energie: 0, energiebelasting: 0.12286 },
        variabel_leveringstarief_dynamisch: 0.1302,
        vaste_tarieven: { vast_leveringstarief_per_jaar: 99.48, transporttarief_per_jaar: 396.94, vermindering_energiebelasting_per_jaar: -635.19 },
        cbs_sleutels: {
          transporttarief: 'Transporttarief_7',
          vast_leveringstarief: 'VastLeveringstariefVasteEnVar_8',
          variabel_leveringstarief: 'VariabelLeveringstariefContractprijs_9',
          variabel_leveringstarief_dynamisch: 'VariabelLeveringstariefDynamisch_12',
          opslag_duurzame_energie: 'OpslagDuurzameEnergieODE_13',
          energiebelasting: 'Energiebelasting_14',
          vermindering_energiebelasting: 'VerminderingEnergiebelasting_15',
        },
      },
    });
    expect(energiePrijzenSchema.safeParse(result).success).toBe(true);
  });

  it('still converts when the next edition renumbers every key suffix', () => {
    const renumber = (key: string) => key.replace(/_(\d+)$/, (_, n: string) => `_${Number(n) + 20}`);
    const props2 = props.map((p) => (p.Type === 'Topic' && p.Key ? { ...p, Key: renumber(p.Key) } : p));
    const rows2 = rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [renumber(k), v])));
    const result = convert(props2, rows2);
    expect(result?.aardgas.all_in_per_m3).toBe(1.35467);
    expect(result?.elektriciteit.all_in_per_kwh).toBe(0.28156);
    expect(result?.elektriciteit.componenten.energiebelasting).toBe(0.12286);
    expect(result?.elektriciteit.cbs_sleutels.energiebelasting).toBe('Energiebelasting_34');
    expect(result?.aardgas.cbs_sleutels.energiebelasting).toBe('Energiebelasting_26');
  });

  it('falls back to the month before when the newest month lacks the energy tax', () => {
    const incomplete = rows.map((r) => (r.Perioden === '2025MM09' ? { ...r, Energiebelasting_14: null } : r));
    const result = convert(props, incomplete);
    expect(result?.peilmaand).toBe('2025-08');
    expect(result?.voorlopig).toBe(false);
    expect(result?.elektriciteit.all_in_per_kwh).toBe(0.28266);
  });

  it('ignores rows of the VAT-exclusive category', () => {
    const excl: TypedRow = { ...rows[2], Btw: 'A048945', Perioden: '2025MM10', VariabelLeveringstariefContractprijs_9: 0.01 };
    expect(convert(props, [...rows, excl])?.peilmaand).toBe('2025-09');
  });

  it('returns null when no month has both carriers complete', () => {
    expect(convert(props, rows.map((r) => ({ ...r, VariabelLeveringstariefContractprijs_3: null })))).toBeNull();
    expect(convert(props, [])).toBeNull();
  });

  it('reports voorlopig as null when the period list does not say', () => {
    expect(convert(props, rows, [])?.voorlopig).toBeNull();
  });
});

describe('convertPrijzen on the structure of the older table 84672NED', () => {
  // Titles, units and January 2022 values (incl. VAT) as published on cbs.nl/nl-nl/cijfers/detail/84672NED;
  // keys per the 11 measures of that table (VastLeveringstarief_2 and VariabelLeveringstarief_3 seen in client code).
  const group = (id: number, title: string): DataProperty => ({ ID: id, Position: null, ParentID: null, Type: 'TopicGroup', Key: '', Title: title });
  const topic = (id: number, parent: number, key: string, title: string, unit: string): DataProperty => ({
    ID: id, Position: id, ParentID: parent, Type: 'Topic', Key: key, Title: title, Unit: unit,
  });
  const oldProps: DataProperty[] = [
    { ID: 0, Position: 0, ParentID: null, Type: 'Dimension', Key: 'Btw', Title: 'Btw' },
    { ID: 1, Position: 1, ParentID: null, Type: 'TimeDimension', Key: 'Perioden', Title: 'Perioden' },
    group(2, 'Aardgas'),
    topic(3, 2, 'Transporttarief_1', 'Transporttarief', 'Euro/jaar'),
    topic(4, 2, 'VastLeveringstarief_2', 'Vast leveringstarief', 'Euro/jaar'),
    topic(5, 2, 'VariabelLeveringstarief_3', 'Variabel leveringstarief', 'Euro/m3'),
    topic(6, 2, 'OpslagDuurzameEnergieODE_4', 'Opslag duurzame energie (ODE)', 'Euro/m3'),
    topic(7, 2, 'Energiebelasting_5', 'Energiebelasting', 'Euro/m3'),
    group(8, 'Elektriciteit'),
    topic(9, 8, 'Transporttarief_6', 'Transporttarief', 'Euro/jaar'),
    topic(10, 8, 'VastLeveringstarief_7', 'Vast leveringstarief', 'Euro/jaar'),
    topic(11, 8, 'VariabelLeveringstarief_8', 'Variabel leveringstarief', 'Euro/kWh'),
    topic(12, 8, 'OpslagDuurzameEnergieODE_9', 'Opslag duurzame energie (ODE)', 'Euro/kWh'),
    topic(13, 8, 'Energiebelasting_10', 'Energiebelasting', 'Euro/kWh'),
    topic(14, 8, 'VerminderingEnergiebelasting_11', 'Vermindering energiebelasting', 'Euro/jaar'),
  ];
  const jan2022: TypedRow = {
    Btw: 'A048944', Perioden: '2022MM01',
    Transporttarief_1: 191.32, VastLeveringstarief_2: 72.74, VariabelLeveringstarief_3: 1.1956, OpslagDuurzameEnergieODE_4: 0.10467, Energiebelasting_5: 0.4395,
    Transporttarief_6: 267.12, VastLeveringstarief_7: 72.55, VariabelLeveringstarief_8: 0.3169, OpslagDuurzameEnergieODE_9: 0.03691, Energiebelasting_10: 0.04452,
    VerminderingEnergiebelasting_11: -824.77,
  };
  const year2022: TypedRow = { ...jan2022, Perioden: '2022JJ00', VariabelLeveringstarief_3: 1.7824 };

  it('adds the ODE that was still levied in 2022 and skips the year average', () => {
    const result = convertPrijzen({
      tabel: '84672NED', rows: [year2022, jan2022], measures: findMeasures(oldProps), timeDimension: 'Perioden',
      vat: { dimension: 'Btw', key: 'A048944' }, periods: [],
    });
    expect(result?.peilmaand).toBe('2022-01');
    expect(result?.aardgas.all_in_per_m3).toBe(1.73977);
    expect(result?.aardgas.componenten.opslag_duurzame_energie).toBe(0.10467);
    expect(result?.elektriciteit.all_in_per_kwh).toBe(0.39833);
    expect(result?.elektriciteit.vaste_tarieven).toEqual({
      vast_leveringstarief_per_jaar: 72.55, transporttarief_per_jaar: 267.12, vermindering_energiebelasting_per_jaar: -824.77,
    });
  });
});

describe('finding measures and dimensions', () => {
  it.each([
    ['Transporttarief', 'transporttarief'],
    ['Vast leveringstarief vaste en variabele contracten', 'vast_leveringstarief'],
    ['Vast leveringstarief', 'vast_leveringstarief'],
    ['Variabel leveringstarief contractprijs', 'variabel_leveringstarief'],
    ['Variabel leveringstarief', 'variabel_leveringstarief'],
    ['Variabel leveringstarief dynamische contracten', 'variabel_leveringstarief_dynamisch'],
    ['Opslag duurzame energie (ODE)', 'opslag_duurzame_energie'],
    ['Energiebelasting', 'energiebelasting'],
    ['Vermindering energiebelasting', 'vermindering_energiebelasting'],
    ['Aantal aansluitingen', null],
  ])('classifyTitle(%j) = %s', (title, expected) => {
    expect(classifyTitle(title)).toBe(expected);
  });

  it('ignores a topic whose unit contradicts its title (energy tax per year)', () => {
    const odd = props.map((p) => (p.Key === 'Energiebelasting_6' ? { ...p, Unit: 'Euro/jaar' } : p));
    expect(findMeasures(odd).aardgas.energiebelasting).toBeUndefined();
  });

  it('finds the VAT and time dimensions by type and title', () => {
    expect(findVatDimension(props)).toBe('Btw');
    expect(findTimeDimension(props)).toBe('Perioden');
  });

  it('selects only the dimensions and the measures it uses', () => {
    const keys = selectKeys(findMeasures(props), ['Btw', 'Perioden']);
    expect(keys.slice(0, 2)).toEqual(['Btw', 'Perioden']);
    expect(keys).toHaveLength(2 + 5 + 7);
  });

  it.each([
    [[{ Key: 'A048945', Title: 'Exclusief btw' }, { Key: 'A048944', Title: 'Inclusief btw' }], 'A048944'],
    [[{ Key: 'X1', Title: 'Incl. btw' }, { Key: 'X2', Title: 'Excl. btw' }], 'X1'],
    [[{ Key: 'X2', Title: 'Exclusief btw' }], null],
  ])('pickInclVat chooses by title: %j -> %s', (categories, expected) => {
    expect(pickInclVat(categories)?.Key ?? null).toBe(expected);
  });

  it('picks the VAT-inclusive category of the replayed Btw dimension', () => {
    expect(pickInclVat(btw)?.Key).toBe('A048944');
  });

  it('orders monthly periods newest first and skips year totals', () => {
    expect(newestMonths(perioden, 3).map((p) => p.Key)).toEqual(['2025MM09', '2025MM08', '2025MM07']);
    expect(newestMonths([{ Key: '2024JJ00' }, { Key: '2024MM12' }, { Key: '2025MM01' }], 5).map((p) => p.Key)).toEqual(['2025MM01', '2024MM12']);
  });

  it.each([
    ['2025MM09', '2025-09'],
    ['2025MM13', null],
    ['2024JJ00', null],
    ['2024KW01', null],
  ])('peilmaandOf(%s) = %s', (code, expected) => {
    expect(peilmaandOf(code)).toBe(expected);
  });
});
