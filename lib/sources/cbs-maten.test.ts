// Measure naming and value reading on recorded CBS answers: the real DataProperties of Kerncijfers wijken
// en buurten 2024 (85984NED) and of 80137ned, a real UntypedDataSet (padded strings) and TypedDataSet.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { euroSchaal, cbsGetal, cbsMaten, cbsTekst, keyStem, maatWaarde, snake, soortVan } from './cbs-maten';
import type { DataProperty } from './cbs-statline';

const read = (file: string) => JSON.parse(fs.readFileSync(path.resolve(__dirname, '..', '..', file), 'utf8')) as { value: Record<string, unknown>[] };
const kwb2024 = read('test/upstream/fixtures/cbs-statline/85984NED-DataProperties.json').value as unknown as DataProperty[];
const banen = read('test/fixtures/cbs/80137ned-DataProperties.json').value as unknown as DataProperty[];

describe('cbsMaten on the recorded DataProperties of 85984NED (KWB 2024)', () => {
  const maten = cbsMaten(kwb2024);
  const byName = new Map(maten.map((m) => [m.naam, m]));

  it('names every Topic once, without the position suffix', () => {
    expect(maten).toHaveLength(kwb2024.filter((p) => p.Type === 'Topic').length);
    expect(maten).toHaveLength(128);
    expect(new Set(maten.map((m) => m.naam)).size).toBe(maten.length);
    expect(byName.get('aantal_inwoners')).toMatchObject({ key: 'AantalInwoners_5', titel: 'Aantal inwoners', eenheid: 'aantal', soort: 'absoluut', factor: 1 });
    expect(byName.get('gemiddelde_woz_waarde_van_woningen')).toMatchObject({ key: 'GemiddeldeWOZWaardeVanWoningen_39', eenheid: 'euro', factor: 1000, soort: 'relatief' });
    expect(byName.get('bevolkingsdichtheid')).toMatchObject({ key: 'Bevolkingsdichtheid_34', eenheid: 'aantal inwoners per km²', soort: 'relatief' });
    expect(byName.get('personenautos_totaal')?.key).toBe('PersonenautoSTotaal_111');
    expect(byName.get('gemeentenaam')).toMatchObject({ key: 'Gemeentenaam_1', soort: 'beschrijvend' });
    expect(byName.get('oppervlakte_totaal')).toMatchObject({ eenheid: 'ha', soort: 'absoluut' });
  });

  it('tells apart stems that occur twice by their nearest distinguishing topic group', () => {
    expect(byName.get('gemiddelde_elektriciteitslevering_appartement')?.key).toBe('Appartement_54');
    expect(byName.get('gemiddeld_aardgasverbruik_appartement')?.key).toBe('Appartement_62');
    expect(byName.get('herkomstland_nederland')?.key).toBe('Nederland_17');
    expect(byName.get('geboren_in_nederland_nederland')?.key).toBe('Nederland_20');
    expect(byName.get('geboren_buiten_nederland_buiten_europa')?.key).toBe('BuitenEuropa_24');
  });

  it('gives keys that start with a digit the name of their group', () => {
    expect(byName.get('leeftijdsgroepen_0_tot_15_jaar')?.key).toBe('k_0Tot15Jaar_8');
    expect(byName.get('inkomen_van_personen_40_personen_met_laagste_inkomen')?.key).toBe('k_40PersonenMetLaagsteInkomen_84');
  });

  it('classifies an average published as "aantal" with a decimal as relative, not as a total', () => {
    expect(byName.get('gemiddelde_huishoudensgrootte')).toMatchObject({ eenheid: 'aantal', decimalen: 1, soort: 'relatief' });
    expect(byName.get('woningvoorraad')?.soort).toBe('absoluut');
    expect(byName.get('koopwoningen')).toMatchObject({ eenheid: '%', soort: 'relatief' });
  });
});

describe('cbsMaten on the recorded DataProperties of 80137ned', () => {
  it('names the four Totaal_ measures after their topic groups', () => {
    const maten = cbsMaten(banen);
    expect(maten.map((m) => m.naam)).toEqual([
      'gemiddeld_aantal_banen_totaal',
      'gemiddeld_aantal_banen_werknemers',
      'gemiddeld_aantal_banen_zelfstandigen',
      'arbeidsvolume_in_arbeidsjaren_totaal',
      'arbeidsvolume_in_arbeidsjaren_werknemers',
      'arbeidsvolume_in_arbeidsjaren_zelfstandigen',
      'arbeidsvolume_in_gewerkte_uren_totaal',
      'arbeidsvolume_in_gewerkte_uren_werknemers',
      'arbeidsvolume_in_gewerkte_uren_zelfstandigen',
      'beloning_van_werknemers_loonkosten_totaal',
      'per_arbeidsjaar',
      'per_gewerkt_uur',
    ]);
    const loonkosten = maten.find((m) => m.key === 'Totaal_10');
    expect(loonkosten).toMatchObject({ eenheid: 'euro', factor: 1_000_000_000 });
  });
});

describe('reading values', () => {
  it('reads the padded strings of the recorded UntypedDataSet of 83599NED', () => {
    const rows = read('test/fixtures/cbs/83599NED-UntypedDataSet-uittreksel.json').value;
    expect(rows[0].OpenstaandeVacatures_1).toBe('   135.5');
    expect(cbsGetal(rows[0].OpenstaandeVacatures_1)).toBe(135.5);
    expect(cbsTekst(rows[0].RegioS)).toBe('NL01');
    expect(cbsGetal(rows[9].OpenstaandeVacatures_1)).toBe(1);
    expect(cbsTekst(rows[9].RegioS)).toBe('PV23');
  });

  it('reads the numbers of the recorded TypedDataSet of 80137ned and scales units', () => {
    const rows = read('test/fixtures/cbs/80137ned-TypedDataSet-eerste-12.json').value;
    const maten = cbsMaten(banen);
    const perUur = maten.find((m) => m.key === 'PerGewerktUur_12')!;
    const perJaar = maten.find((m) => m.key === 'PerArbeidsjaar_11')!;
    expect(perUur).toMatchObject({ eenheid: 'euro', factor: 1 });
    expect(perJaar).toMatchObject({ eenheid: 'euro', factor: 1000 });
    expect(maatWaarde(rows[0], perUur)).toBe(23.1);
    expect(maatWaarde(rows[0], perJaar)).toBe(38800);
    expect(cbsTekst(rows[0].Persoonskenmerken)).toBe('1');
  });

  it('treats "." and missing values as null', () => {
    expect(cbsGetal('       .')).toBeNull();
    expect(cbsGetal('')).toBeNull();
    expect(cbsGetal(null)).toBeNull();
    expect(cbsGetal(undefined)).toBeNull();
    expect(cbsGetal('  -12.5 ')).toBe(-12.5);
    expect(cbsTekst('       .')).toBeNull();
    expect(cbsTekst('Gemeente  ')).toBe('Gemeente');
  });
});

describe('key helpers', () => {
  it.each([
    ['GemiddeldeWOZWaardeVanWoningen', 'gemiddelde_woz_waarde_van_woningen'],
    ['GIHandelEnHoreca', 'gi_handel_en_horeca'],
    ['0Tot15Jaar', '0_tot_15_jaar'],
    ['HavoVwoMbo24', 'havo_vwo_mbo_24'],
    ['WmoClientenRelatief', 'wmo_clienten_relatief'],
    ['Wmo-cliënten', 'wmo_clienten'],
  ])('snake(%s) = %s', (input, want) => expect(snake(input)).toBe(want));

  it('strips suffix and k_ prefix', () => {
    expect(keyStem('AantalInwoners_5')).toBe('AantalInwoners');
    expect(keyStem('AantalInwoners_35')).toBe('AantalInwoners');
    expect(keyStem('k_65JaarOfOuder_12')).toBe('65JaarOfOuder');
  });

  it.each([
    ['x 1 000 euro', 1000],
    ['1 000 euro', 1000],
    ['mln euro', 1_000_000],
    ['mld euro', 1_000_000_000],
    ['euro', 1],
    ['Euro/kWh', null],
    ['aantal', null],
  ])('euroSchaal(%s) = %s', (unit, want) => expect(euroSchaal(unit)).toBe(want));

  it('classifies units', () => {
    expect(soortVan('naam', 0, 'String')).toBe('beschrijvend');
    expect(soortVan('per 1 000 inwoners', 0, 'Long')).toBe('relatief');
    expect(soortVan('aantal', 0, 'Long')).toBe('absoluut');
  });
});
