// Tolerance of the buurt figures from CBS Kerncijfers wijken en buurten (issue 21 item 1): the REAL 85984NED
// DataProperties and the `opgebouwd` TypedDataSet rows of the three demo buurten (test/upstream/fixtures/
// cbs-statline, see its MANIFEST.md), each field removed in turn, extra fields, numbers as strings, keys in
// reversed order. Derived: a measure without Title is found by its key (CBS builds keys from titles); the one
// row of an answer filtered on the buurt is that buurt's row, also without its region key. Keys in upper case
// are not tried (OData property names are case-sensitive: see cbs-maten-tolerant.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, withExtraFields, withoutField } from '@/test/tolerance';
import { dataPropertiesSchema, typedRows } from './cbs-statline';
import { buurtKerncijfersSchema, kerncijferMaten, rijVan, toBuurtKerncijfers, type BuurtKerncijfers } from './cbs-kerncijfers-convert';

const body = (file: string) => JSON.parse(fs.readFileSync(path.join(FIXTURES_DIR, 'cbs-statline', file), 'utf8'));
const propsAnswer = body('85984NED-DataProperties.json');
const PEILJAAR = 2024;

/** As buurtKerncijfers() reads them: the measures from DataProperties, the buurt's row from the rows. */
function lees(rowsAnswer: unknown, props: unknown, code: string): BuurtKerncijfers | null {
  const maten = kerncijferMaten(dataPropertiesSchema.parse((props as { value: unknown }).value));
  const row = rijVan(typedRows(rowsAnswer)!, code);
  return row ? toBuurtKerncijfers(row, maten, code, PEILJAAR) : null;
}

/** A row without one field: the full figures with these changes. */
const ZONDER: Record<string, (b: BuurtKerncijfers) => void> = {
  'value[].WijkenEnBuurten': () => {}, // the call filtered on this buurt: the one row is its row
  'value[].AantalInwoners_5': (b) => (b.inwoners = null),
  'value[].GemiddeldeWOZWaardeVanWoningen_39': (b) => (b.gemiddelde_woz_waarde = null),
};

describe.each(['BU05990112', 'BU01180105', 'BU07360207'])('85984NED-TypedDataSet-%s.json', (code) => {
  const rows = body(`85984NED-TypedDataSet-${code}.json`);
  const volledig = lees(rows, propsAnswer, code)!;
  const velden = fieldPaths(rows, { under: 'value' });

  it('reads the buurt; the table covers every field of the row', () => {
    expect(buurtKerncijfersSchema.safeParse(volledig).success).toBe(true);
    expect(volledig.inwoners).not.toBeNull();
    expect(velden.filter((v) => !(v in ZONDER))).toEqual([]);
  });

  it.each(velden)('without %s: the buurt, with null for that figure', (veld) => {
    const b = lees(withoutField(rows, veld), propsAnswer, code);
    expect(buurtKerncijfersSchema.safeParse(b).success).toBe(true);
    const verwacht = structuredClone(volledig);
    ZONDER[veld](verwacht);
    expect(b).toEqual(verwacht);
  });

  it('with extra fields, numbers as strings, keys reversed: the same figures', () => {
    expect(lees(withExtraFields(rows), propsAnswer, code)).toEqual(volledig);
    expect(lees(numbersAsStrings(rows), propsAnswer, code)).toEqual(volledig);
    expect(lees(reversedKeys(rows), propsAnswer, code)).toEqual(volledig);
  });

  it('with every field of the row removed: the buurt with null figures, never "" or "onbekend"', () => {
    const b = lees({ value: [{}] }, propsAnswer, code);
    expect(b).toEqual({ code, inwoners: null, gemiddelde_woz_waarde: null, peiljaar: PEILJAAR });
    expect(unknownsNotNull(b)).toEqual([]);
  });

  it('a row of another buurt is not taken for this one', () => {
    expect(lees({ value: [{ WijkenEnBuurten: 'BU99999999', AantalInwoners_5: 1 }] }, propsAnswer, code)).toBeNull();
  });
});

describe('85984NED-DataProperties.json (real): each field of the entries removed in turn', () => {
  const code = 'BU05990112';
  const rows = body(`85984NED-TypedDataSet-${code}.json`);
  const volledig = lees(rows, propsAnswer, code)!;
  const ZONDER_PROPS: Record<string, (b: BuurtKerncijfers) => void> = {
    'value[].Key': (b) => Object.assign(b, { inwoners: null, gemiddelde_woz_waarde: null }), // no measure can be read
    // The scale of the WOZ value ("x 1 000 euro") is unknown: the amount in euros is too.
    'value[].Unit': (b) => (b.gemiddelde_woz_waarde = null),
  };
  // Title: the measure is found by its key; Type: from odata.type; ID: the position; the rest is not read.

  it.each(fieldPaths(propsAnswer, { under: 'value' }))('without %s', (veld) => {
    const verwacht = structuredClone(volledig);
    ZONDER_PROPS[veld]?.(verwacht);
    expect(lees(rows, withoutField(propsAnswer, veld), code)).toEqual(verwacht);
  });

  it('finds the measures by key when the titles are missing', () => {
    const props = dataPropertiesSchema.parse(withoutField(propsAnswer, 'value[].Title').value);
    expect(kerncijferMaten(props)).toEqual({
      inwoners: { key: 'AantalInwoners_5', unit: 'aantal' },
      gemiddelde_woz_waarde: { key: 'GemiddeldeWOZWaardeVanWoningen_39', unit: 'x 1 000 euro' },
    });
  });

  it('with extra fields, numbers as strings, keys reversed: the same figures', () => {
    for (const variant of [withExtraFields(propsAnswer), numbersAsStrings(propsAnswer), reversedKeys(propsAnswer)]) {
      expect(lees(rows, variant, code)).toEqual(volledig);
    }
  });
});
