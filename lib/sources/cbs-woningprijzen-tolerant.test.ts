// Tolerance of the yearly house prices from CBS 83625NED (issue 21 item 1), on the `opgebouwd` TypedDataSet
// and DataProperties fixtures (test/upstream/fixtures/cbs-statline, see its MANIFEST.md; no real 83625NED
// answer was recorded): each field of the rows removed in turn, extra fields, numbers as strings, keys in
// reversed order. A missing price is null; a row without region or period is left out explicitly (it can be
// placed in neither series nor in time). Keys in upper case are not tried (OData property names are
// case-sensitive: see cbs-maten-tolerant.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, withExtraFields, withoutField } from '@/test/tolerance';
import { dataPropertiesSchema, typedRows } from './cbs-statline';
import { cbsMaten } from './cbs-maten';
import { prijzenPerJaar, prijzenPerJaarSchema, type PrijzenPerJaar } from './cbs-woningprijzen';

const body = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'cbs-statline', file), 'utf8'));
const rows = body('woningprijzen-83625NED-TypedDataSet-demo.json');
const props = body('woningprijzen-83625NED-DataProperties.json');

/** As woningprijzen() reads them: the measure by its stable name, then the two series. */
function lees(rowsAnswer: unknown, propsAnswer: { value: unknown }, gemeente: string): PrijzenPerJaar | null {
  const maat = cbsMaten(dataPropertiesSchema.parse(propsAnswer.value)).find((m) => m.naam === 'gemiddelde_verkoopprijs');
  return maat ? prijzenPerJaar(typedRows(rowsAnswer)!, maat.key, gemeente) : null;
}
const leeg: PrijzenPerJaar = { regio: [], landelijk: [] };

/** The series when one field of every row is missing. */
const ZONDER: Record<string, (p: PrijzenPerJaar) => PrijzenPerJaar> = {
  'value[].ID': (p) => p, // not read
  'value[].RegioS': () => leeg, // no row can be attributed to the municipality or the country: left out, explicitly
  'value[].Perioden': () => leeg, // no row can be placed in time: left out, explicitly
  'value[].GemiddeldeVerkoopprijs_1': (p) => ({
    regio: p.regio.map((x) => ({ ...x, prijs: null })),
    landelijk: p.landelijk.map((x) => ({ ...x, prijs: null })),
  }),
};

describe.each(['GM0118', 'GM0363'])('woningprijzen-83625NED-TypedDataSet-demo.json for %s', (gemeente) => {
  const volledig = lees(rows, props, gemeente)!;
  const velden = fieldPaths(rows, { under: 'value' });

  it('reads both series; the table covers every field of the rows', () => {
    expect(prijzenPerJaarSchema.safeParse(volledig).success).toBe(true);
    expect(volledig.regio.length).toBeGreaterThan(20);
    expect(volledig.landelijk.length).toBeGreaterThan(20);
    expect(velden.filter((v) => !(v in ZONDER))).toEqual([]);
  });

  it.each(velden)('without %s: every year kept that can be placed, with null for a missing price', (veld) => {
    const p = lees(withoutField(rows, veld), props, gemeente);
    expect(prijzenPerJaarSchema.safeParse(p).success).toBe(true);
    expect(p).toEqual(ZONDER[veld](structuredClone(volledig)));
  });

  it('with extra fields, numbers as strings, keys reversed: the same series', () => {
    expect(lees(withExtraFields(rows), props, gemeente)).toEqual(volledig);
    expect(lees(numbersAsStrings(rows), props, gemeente)).toEqual(volledig);
    expect(lees(reversedKeys(rows), props, gemeente)).toEqual(volledig);
  });

  it('a row with every field removed is left out (no region, no period); the others stay', () => {
    const p = lees({ ...rows, value: [...rows.value, {}] }, props, gemeente);
    expect(p).toEqual(volledig);
    expect(unknownsNotNull(p)).toEqual([]);
  });

  it('DataProperties without Title, Unit or ID: the measure is found by its key all the same', () => {
    for (const veld of ['value[].Title', 'value[].Unit', 'value[].ID']) expect(lees(rows, withoutField(props, veld), gemeente)).toEqual(volledig);
    // Without its Key no measure can be read: woningprijzen() answers that the source is unreadable.
    expect(lees(rows, withoutField(props, 'value[].Key'), gemeente)).toBeNull();
  });
});
