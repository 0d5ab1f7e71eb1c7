// Tolerance of the reading of a CBS table's measures (issue 21 item 1): DataProperties answers
// (test/upstream/fixtures/cbs-statline: 85984NED and 80137ned are REAL recordings, 85592NED is `opgebouwd`; see
// its MANIFEST.md) read through dataPropertiesSchema and cbsMaten, with each field of the entries removed in
// turn, extra fields, numbers as strings and keys in reversed order. No measure is lost unless it has no Key
// (then no row can be read for it: left out explicitly). Derived: ID from the entry's position, Type from
// odata.type, the title from the key (CBS builds keys from titles), decimals 0 for an integer column; names
// stay unique when the groups that tell repeated stems apart are unknown. Keys in upper case are not tried:
// OData property names are case-sensitive identifiers of the table's $metadata (the service names them in
// $select and $filter), so an answer with other-case names would be another API, not a variant of this one.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, withExtraFields, withoutField } from '@/test/tolerance';
import { dataPropertiesSchema, dataPropertySchema } from './cbs-statline';
import { cbsMaten, keyStem, snake, titelUitKey, type CbsMaat } from './cbs-maten';

const body = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'cbs-statline', file), 'utf8'));
const lees = (answer: { value: unknown }) => {
  const props = dataPropertiesSchema.parse(answer.value);
  return { props, maten: cbsMaten(props) };
};

/** Names as they are when no group can tell repeated stems apart: the stem, or the key when the stem repeats. */
function namenZonderGroepen(maten: CbsMaat[]): string[] {
  const stems = maten.map((m) => snake(keyStem(m.key)));
  return maten.map((m, i) => (stems.filter((s) => s === stems[i]).length > 1 ? snake(m.key) : stems[i]));
}

/** What the measures are when one field of every entry is missing: the full reading with these changes. */
const ZONDER: Record<string, (maten: CbsMaat[], datatype: (m: CbsMaat) => unknown) => CbsMaat[]> = {
  'value[].odata.type': (m) => m, // Type is there
  'value[].ID': (m) => m, // the position in the list (CBS numbers the entries in order)
  'value[].Type': (m) => m, // from odata.type
  'value[].Key': () => [], // no measure can be read from a row without its key: left out, explicitly
  // Groups unknown: groep empty, repeated stems named after their key.
  'value[].ParentID': (m) => {
    const namen = namenZonderGroepen(m);
    return m.map((x, i) => ({ ...x, groep: [], naam: namen[i] }));
  },
  // Titles from the keys; the groups lose their titles too, so as without ParentID.
  'value[].Title': (m) => {
    const namen = namenZonderGroepen(m);
    return m.map((x, i) => ({ ...x, titel: titelUitKey(x.key), groep: [], naam: namen[i] }));
  },
  // Unit unknown: no scaling, no unit, and only a text column is descriptive; nothing else is summed.
  'value[].Unit': (m, datatype) => m.map((x) => ({ ...x, eenheid: null, factor: 1, soort: datatype(x) === 'String' ? 'beschrijvend' : 'relatief' })),
  // Decimals of an integer (Long) column are 0; of a Double column unknown, and a count with unknown decimals relatief.
  'value[].Decimals': (m, datatype) =>
    m.map((x) =>
      datatype(x) === 'Long' ? x : { ...x, decimalen: null, soort: x.soort === 'absoluut' && x.eenheid === 'aantal' ? 'relatief' : x.soort },
    ),
  'value[].Datatype': (m) => m, // every text column has a descriptive unit (naam, omschrijving, code)
};
/** Fields of the entries the service does not read. */
const ONGEBRUIKT = new Set(['value[].Position', 'value[].Description', 'value[].MapYear', 'value[].Default', 'value[].PresentationType', 'value[].ReleasePolicy']);

const FIXTURES = ['85984NED-DataProperties.json', '80137ned-DataProperties.json', '85592NED-DataProperties.json'];

describe.each(FIXTURES)('%s', (file) => {
  const answer = body(file);
  const { props, maten } = lees(answer);
  const velden = fieldPaths(answer, { under: 'value' });

  it('reads every entry and every measure; the table covers every field (none unknown to this test)', () => {
    expect(props).toHaveLength(answer.value.length);
    expect(maten.length).toBeGreaterThan(0);
    expect(new Set(maten.map((m) => m.naam)).size).toBe(maten.length);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: every entry, the measures with the derived values', (veld) => {
    const uit = lees(withoutField(answer, veld));
    expect(uit.props).toHaveLength(answer.value.length);
    for (const p of uit.props) expect(dataPropertySchema.safeParse(p).success).toBe(true);
    expect(uit.props.map((p) => [p.ID, p.Type])).toEqual(props.map((p) => [p.ID, p.Type]));
    const datatype = (m: CbsMaat) => props.find((p) => p.Key === m.key)?.Datatype;
    expect(uit.maten).toEqual((ZONDER[veld] ?? ((m) => m))(structuredClone(maten), datatype));
    expect(new Set(uit.maten.map((m) => m.naam)).size).toBe(uit.maten.length);
    expect(unknownsNotNull(uit.maten)).toEqual([]);
  });

  it('with extra fields, numbers as strings and keys in reversed order: the same measures', () => {
    expect(lees(withExtraFields(answer)).maten).toEqual(maten);
    expect(lees(numbersAsStrings(answer)).maten).toEqual(maten);
    expect(lees(reversedKeys(answer)).maten).toEqual(maten);
  });

  it('an entry with every field removed is left out explicitly (its kind is unknown); the others stay', () => {
    const value = [...answer.value, {}];
    const uit = lees({ value });
    expect(uit.props).toHaveLength(answer.value.length);
    expect(uit.maten).toEqual(maten);
    // With only its kind left, an entry is kept, and unknown is null or absent, never "" or "onbekend".
    const alleenSoort = lees({ value: [{ 'odata.type': 'Cbs.OData.Topic', Key: 'Nieuw_99' }] }).maten;
    expect(alleenSoort).toEqual([{ naam: 'nieuw', key: 'Nieuw_99', titel: 'Nieuw', eenheid: null, soort: 'relatief', factor: 1, decimalen: null, groep: [] }]);
    expect(unknownsNotNull(alleenSoort)).toEqual([]);
  });
});

describe('derived values', () => {
  it('titles from keys', () => {
    expect(titelUitKey('AantalInwoners_5')).toBe('Aantal inwoners');
    expect(titelUitKey('GemiddeldeWOZWaardeVanWoningen_39')).toBe('Gemiddelde woz waarde van woningen');
  });

  it('the real 80137ned without ParentID: the repeated stems Totaal, Werknemers, Zelfstandigen named by their keys', () => {
    const { maten } = lees(withoutField(body('80137ned-DataProperties.json'), 'value[].ParentID'));
    expect(maten.map((m) => m.naam)).toEqual(expect.arrayContaining(['totaal_1', 'totaal_4', 'totaal_7', 'totaal_10', 'werknemers_2', 'zelfstandigen_3']));
  });

  it('Type from odata.type and ID from the position', () => {
    const [eerste] = dataPropertiesSchema.parse([{ 'odata.type': 'Cbs.OData.TopicGroup', Key: '', Title: 'Groep' }]);
    expect(eerste).toMatchObject({ ID: 0, Type: 'TopicGroup' });
  });
});
