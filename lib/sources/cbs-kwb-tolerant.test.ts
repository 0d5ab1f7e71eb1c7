// Tolerance of the KWB edition metadata and region names (issue 21 item 1): the REAL TableInfos and
// DataProperties of 85984NED and the `opgebouwd` region list (test/upstream/fixtures/cbs-statline, see its
// MANIFEST.md), each field removed in turn, extra fields, numbers as strings, keys in reversed order. Derived:
// the year from the table list when the TableInfos have no Period, a region's name from its code when it has
// no Title. The measures themselves are tested in cbs-maten-tolerant.test.ts, the rows in
// cbs-statline-tolerant.test.ts. Keys in upper case are not tried (OData property names are case-sensitive).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, withExtraFields, withoutField } from '@/test/tolerance';
import { dataPropertiesSchema, dimensionCategoriesSchema, tableInfoSchema, toTableInfo } from './cbs-statline';
import { toKwbEditie, toRegioNamen, type KwbEditie, type RegioNaam } from './cbs-kwb';

const body = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'cbs-statline', file), 'utf8'));
const TABEL = '85984NED';
const info = body('kwb-85984NED-TableInfos.json');
const props = dataPropertiesSchema.parse(body('85984NED-DataProperties.json').value);

describe('kwb-85984NED-TableInfos.json (real): the edition', () => {
  const lees = (a: { value: unknown[] }): KwbEditie => toKwbEditie(TABEL, toTableInfo(tableInfoSchema.parse(a.value[0]), TABEL), props);
  const volledig = lees(info);
  const ZONDER: Record<string, (e: KwbEditie) => void> = {
    'value[].Period': () => {}, // the year this code base lists the table under (2024, the same)
    'value[].Title': (e) => (e.titel = null),
    'value[].Modified': (e) => (e.gewijzigd_op = null),
    'value[].Identifier': () => {}, // the table asked for
  };
  const ONGEBRUIKT = new Set(
    ['ID', 'ShortTitle', 'Summary', 'ReasonDelivery', 'ExplanatoryText', 'Language', 'Catalog', 'Frequency', 'ShortDescription', 'Description',
      'DefaultPresentation', 'DefaultSelection', 'GraphTypes', 'OutputStatus', 'Source', 'MetaDataModified', 'SearchPriority'].map((k) => `value[].${k}`),
  );
  const velden = fieldPaths(info, { under: 'value' });

  it('reads the edition; the table covers every field', () => {
    expect(volledig).toMatchObject({ tabel: TABEL, jaar: 2024, verwacht_jaar: 2024 });
    expect(volledig.titel).toBeTruthy();
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s', (veld) => {
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(lees(withoutField(info, veld))).toEqual(verwacht);
  });

  it('the year without Period is the one the table is listed under', () => {
    expect(lees(withoutField(info, 'value[].Period')).jaar).toBe(2024);
  });

  it('with extra fields, numbers as strings, keys reversed: the same; with every field removed: nulls where unknown', () => {
    expect(lees(withExtraFields(info))).toEqual(volledig);
    expect(lees(numbersAsStrings(info))).toEqual(volledig);
    expect(lees(reversedKeys(info))).toEqual(volledig);
    const leeg = lees({ value: [{}] });
    expect(leeg).toMatchObject({ tabel: TABEL, jaar: 2024, titel: null, gewijzigd_op: null });
    expect(unknownsNotNull({ ...leeg, maten: [] })).toEqual([]);
  });
});

describe('kwb-85984NED-WijkenEnBuurten-demo.json: region names', () => {
  const regios = body('kwb-85984NED-WijkenEnBuurten-demo.json');
  const PREFIXES = ['NL00', 'GM0118', 'WK0118', 'BU0118'];
  const lees = (a: { value: unknown }): RegioNaam[] => toRegioNamen(dimensionCategoriesSchema.parse(a.value), PREFIXES);
  const volledig = lees(regios);
  const ZONDER: Record<string, (r: RegioNaam[]) => RegioNaam[]> = {
    'value[].Key': () => [], // a region without its code cannot be addressed: left out, explicitly
    'value[].Title': (r) => r.map((x) => ({ ...x, naam: x.code })), // the code names the region
  };
  const ONGEBRUIKT = new Set(['value[].Description', 'value[].DetailRegionCode']);
  const velden = fieldPaths(regios, { under: 'value' });

  it('reads the regions; the table covers every field', () => {
    expect(volledig.length).toBeGreaterThan(20);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s', (veld) => {
    expect(lees(withoutField(regios, veld))).toEqual((ZONDER[veld] ?? ((r) => r))(structuredClone(volledig)));
  });

  it('with extra fields, numbers as strings, keys reversed: the same; a category with every field removed is left out (no code)', () => {
    expect(lees(withExtraFields(regios))).toEqual(volledig);
    expect(lees(numbersAsStrings(regios))).toEqual(volledig);
    expect(lees(reversedKeys(regios))).toEqual(volledig);
    expect(lees({ value: [...regios.value, {}] })).toEqual(volledig);
    expect(unknownsNotNull(lees(withoutField(regios, 'value[].Title')))).toEqual([]);
  });
});
