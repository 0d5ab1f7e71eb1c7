// Tolerance of the generic CBS StatLine OData v3 reading (issue 21 item 1): dimension category lists,
// TableInfos and TypedDataSet rows, on the fixtures in test/upstream/fixtures/cbs-statline (80137ned and
// kwb-85984NED-TableInfos are REAL recordings; the 85592NED lists and the KWB demo rows are `opgebouwd`; see its
// MANIFEST.md). Each field removed in turn, extra fields, numbers as strings, keys in reversed order. The
// measures themselves (DataProperties) are in cbs-maten-tolerant.test.ts. Keys in upper case are not tried:
// OData property names are case-sensitive identifiers of the table's $metadata (see that file).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, withExtraFields, withoutField } from '@/test/tolerance';
import { dataPropertiesSchema, dimensionCategoriesSchema, dimensionCategorySchema, tableInfoSchema, toTableInfo, typedRows, type TableInfo, type TypedRow } from './cbs-statline';
import { cbsMaten, cbsTekst, maatWaarde } from './cbs-maten';

const body = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'cbs-statline', file), 'utf8'));

describe.each(['80137ned-Perioden.json', '85592NED-Perioden.json', '85592NED-Btw.json', 'kwb-85984NED-WijkenEnBuurten-demo.json'])(
  'dimension categories in %s',
  (file) => {
    const answer = body(file);
    const lees = (a: { value: unknown }) => dimensionCategoriesSchema.parse(a.value);
    const volledig = lees(answer);
    const velden = fieldPaths(answer, { under: 'value' });
    /** The Key is how rows and filters name a category: without it none can be addressed (left out, explicitly). */
    const GELEZEN = ['value[].Key', 'value[].Title'];
    // Description and Status are passed on as they are (the energy prices read Status); the rest is not read.
    const DOORGEGEVEN = ['value[].Description', 'value[].Status', 'value[].CategoryGroupID', 'value[].DetailRegionCode'];

    it('reads every category; every field is known to this test', () => {
      expect(volledig).toHaveLength(answer.value.length);
      expect(velden.filter((v) => !GELEZEN.includes(v) && !DOORGEGEVEN.includes(v))).toEqual([]);
    });

    it.each(velden)('without %s: every category (none without Key), the field absent', (veld) => {
      const uit = lees(withoutField(answer, veld));
      if (veld === 'value[].Key') return expect(uit).toEqual([]);
      expect(uit).toHaveLength(volledig.length);
      for (const c of uit) expect(dimensionCategorySchema.safeParse(c).success).toBe(true);
      const eigenschap = veld.slice('value[].'.length);
      expect(uit).toEqual(volledig.map(({ [eigenschap]: _weg, ...rest }) => rest));
    });

    it('with extra fields, numbers as strings and keys in reversed order: the same keys and titles', () => {
      const kern = (l: { Key: string; Title?: string | null }[]) => l.map((c) => [c.Key, c.Title]);
      expect(kern(lees(withExtraFields(answer)))).toEqual(kern(volledig));
      expect(kern(lees(numbersAsStrings(answer)))).toEqual(kern(volledig));
      expect(lees(reversedKeys(answer))).toEqual(volledig);
    });

    it('a category with every field removed is left out (no Key); the others stay', () => {
      expect(lees({ value: [...answer.value, {}] })).toEqual(volledig);
    });
  },
);

describe.each([
  ['kwb-85984NED-TableInfos.json', '85984NED'],
  ['80137ned-TableInfos.json', '80137ned'],
])('TableInfos in %s', (file, tabel) => {
  const answer = body(file);
  const lees = (a: { value: unknown[] }): TableInfo => toTableInfo(tableInfoSchema.parse(a.value[0]), tabel);
  const volledig = lees(answer);
  const velden = fieldPaths(answer, { under: 'value' });
  const ZONDER: Record<string, (t: TableInfo) => void> = {
    'value[].Identifier': () => {}, // the table asked for
    'value[].Title': (t) => (t.Title = null),
    'value[].ShortTitle': (t) => (t.ShortTitle = null),
    'value[].Period': (t) => (t.Period = null),
    'value[].Modified': (t) => (t.Modified = null),
    'value[].Frequency': (t) => (t.Frequency = null),
  };

  it.each(velden)('without %s: the table info with null for that field', (veld) => {
    const verwacht = structuredClone(volledig);
    ZONDER[veld]?.(verwacht);
    expect(lees(withoutField(answer, veld))).toEqual(verwacht);
  });

  it('the identifier is the table asked for when the answer names none', () => {
    expect(lees(withoutField(answer, 'value[].Identifier')).Identifier).toBe(tabel);
  });

  it('with extra fields, numbers as strings, keys reversed: the same; with every field removed: nulls', () => {
    expect(lees(withExtraFields(answer))).toEqual(volledig);
    expect(lees(numbersAsStrings(answer))).toEqual(volledig);
    expect(lees(reversedKeys(answer))).toEqual(volledig);
    const leeg = lees({ value: [{}] });
    expect(leeg).toEqual({ Identifier: tabel, Title: null, ShortTitle: null, Period: null, Modified: null, Frequency: null });
    expect(unknownsNotNull(leeg)).toEqual([]);
  });
});

describe.each([
  ['80137ned-TypedDataSet-eerste-20.json', '80137ned-DataProperties.json'],
  ['kwb-85984NED-TypedDataSet-demo.json', '85984NED-DataProperties.json'],
])('TypedDataSet rows in %s', (file, propsFile) => {
  const answer = body(file);
  const props = dataPropertiesSchema.parse(body(propsFile).value);
  const maten = cbsMaten(props);
  const dimensies = props.filter((p) => /Dimension$|GeoDetail$/.test(p.Type)).map((p) => p.Key as string);
  /** What the services read from a row: the dimension codes and the value of every measure. */
  const waarden = (rows: TypedRow[]) =>
    rows.map((r) => ({
      ...Object.fromEntries(dimensies.map((d) => [d, cbsTekst(r[d])])),
      ...Object.fromEntries(maten.map((m) => [m.key, maatWaarde(r, m)])),
    }));
  const volledig = typedRows(answer)!;
  const velden = fieldPaths(answer, { under: 'value' });

  it('every field of the rows is a column that DataProperties declares (or the row number ID, not read)', () => {
    const kolommen = new Set([...dimensies, ...maten.map((m) => m.key), 'ID']);
    expect(velden.filter((v) => !kolommen.has(v.slice('value[].'.length)))).toEqual([]);
    expect(volledig).toHaveLength(answer.value.length);
  });

  it.each(velden)('without %s: every row, that column null', (veld) => {
    const rows = typedRows(withoutField(answer, veld));
    expect(rows).toHaveLength(volledig.length);
    const kolom = veld.slice('value[].'.length);
    expect(waarden(rows!)).toEqual(waarden(volledig).map((r) => (kolom in r ? { ...r, [kolom]: null } : r)));
  });

  it('with extra fields, numbers as strings, keys reversed: the same values', () => {
    for (const variant of [withExtraFields(answer), numbersAsStrings(answer), reversedKeys(answer)]) {
      const rows = typedRows(variant);
      expect(rows).toHaveLength(volledig.length);
      expect(waarden(rows!)).toEqual(waarden(volledig));
    }
  });

  it('a row with every field removed stays, as a row of nulls', () => {
    const rows = typedRows({ ...answer, value: [...answer.value, {}] })!;
    expect(rows).toHaveLength(volledig.length + 1);
    const laatste = waarden(rows).at(-1)!;
    expect(Object.values(laatste).every((v) => v === null)).toBe(true);
    expect(unknownsNotNull(waarden(rows))).toEqual([]);
  });
});
