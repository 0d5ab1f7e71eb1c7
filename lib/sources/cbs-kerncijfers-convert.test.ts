// Kerncijfers wijken en buurten: measure keys from the recorded 85984NED DataProperties (real, 172
// entries) and rows in the TypedDataSet format (demo fixtures in test/upstream/fixtures/cbs-statline).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { dataPropertySchema, type DataProperty } from './cbs-statline';
import { euroSchaal } from './cbs-maten';
import { kerncijferMaten, rijVan, toBuurtKerncijfers } from './cbs-kerncijfers-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'cbs-statline');
const read = (file: string) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as { value: unknown[] };
const props: DataProperty[] = read('85984NED-DataProperties.json').value.map((p) => dataPropertySchema.parse(p));

describe('kerncijferMaten', () => {
  it('finds the suffixed keys of the 2024 edition by Title, with their units', () => {
    expect(props).toHaveLength(172);
    expect(kerncijferMaten(props)).toEqual({
      inwoners: { key: 'AantalInwoners_5', unit: 'aantal' },
      gemiddelde_woz_waarde: { key: 'GemiddeldeWOZWaardeVanWoningen_39', unit: 'x 1 000 euro' },
    });
  });

  it('follows a renumbered edition and reports a measure the table lacks as null', () => {
    const other: DataProperty[] = [
      { ID: 1, Type: 'Topic', Key: 'AantalInwoners_6', Title: 'Aantal  inwoners ', Unit: 'aantal' },
      { ID: 2, Type: 'TopicGroup', Key: '', Title: 'Gemiddelde WOZ-waarde van woningen' },
    ];
    expect(kerncijferMaten(other)).toEqual({ inwoners: { key: 'AantalInwoners_6', unit: 'aantal' }, gemiddelde_woz_waarde: null });
  });
});

describe('toBuurtKerncijfers', () => {
  const maten = kerncijferMaten(props);

  it('reads the demo row of buurt Cool and scales the WOZ average to euros', () => {
    const rows = read('85984NED-TypedDataSet-BU05990112.json').value as Record<string, string | number | null>[];
    const row = rijVan(rows, 'BU05990112');
    expect(row).not.toBeNull();
    expect(toBuurtKerncijfers(row!, maten, 'BU05990112', 2024)).toEqual({
      code: 'BU05990112',
      inwoners: 4915,
      gemiddelde_woz_waarde: 318000,
      peiljaar: 2024,
    });
  });

  it('keeps shielded values null and finds padded region keys', () => {
    const row = rijVan([{ WijkenEnBuurten: 'BU03630000  ', AantalInwoners_5: null, GemiddeldeWOZWaardeVanWoningen_39: null }], 'BU03630000');
    expect(toBuurtKerncijfers(row!, maten, 'BU03630000', 2024)).toEqual({
      code: 'BU03630000',
      inwoners: null,
      gemiddelde_woz_waarde: null,
      peiljaar: 2024,
    });
  });

  it('finds no row for a buurt the edition lacks', () => {
    expect(rijVan(read('85984NED-TypedDataSet-geen-rij.json').value as never[], 'BU05990112')).toBeNull();
  });
});

describe('euroSchaal on the units of the Kerncijfers tables', () => {
  it.each([
    ['x 1 000 euro', 1000],
    ['euro', 1],
    ['x 1.000 euro', 1000],
    ['aantal', null],
    [null, null],
  ])('%s -> %s', (unit, expected) => {
    expect(euroSchaal(unit)).toBe(expected);
  });
});
