// Tolerance of the EP-Online conversion (issue 21 item 1) on variants of the recorded answers
// (test/upstream/fixtures/ep-online, see its MANIFEST.md): each field of the label records removed in turn,
// extra fields, numbers as strings, keys in upper case and in reversed order. Derived: geldig_tot from
// Opnamedatum + 10 years, the order from Opnamedatum when Registratiedatum is missing. A record without
// Energieklasse is not a label and is left out explicitly (isLabel; ep-online.ts counts it as drift).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LABEL_CLASSES } from '@/lib/verduurzaming/types';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { type Energielabel, epOnlineAnswerSchema, isLabel, tienJaarNa, toEnergielabels } from './ep-online-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'ep-online');
const read = (file: string): unknown[] => {
  const body = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  return Array.isArray(body) ? body : [body];
};
const convert = (body: unknown) => toEnergielabels(epOnlineAnswerSchema.parse(body));

/** The output schema of one label (the Energielabel interface as zod). */
const labelSchema = z.object({
  klasse: z.enum(LABEL_CLASSES),
  registratiedatum: z.string().nullable(),
  geldig_tot: z.string().nullable(),
  berekeningstype: z.string().nullable(),
  gebouwtype: z.string().nullable(),
  gebouwsubtype: z.string().nullable(),
  opnamedatum: z.string().nullable(),
}) satisfies z.ZodType<Energielabel>;

/** What the conversion gives when one field is missing from every record: the full conversion with these changes. */
const ZONDER: Record<string, (labels: Energielabel[]) => Energielabel[]> = {
  // Not a label without its class: every record is left out (explicitly, see isLabel).
  Energieklasse: () => [],
  Registratiedatum: (ls) => ls.map((l) => ({ ...l, registratiedatum: null })), // order then from Opnamedatum: the same here
  Opnamedatum: (ls) => ls.map((l) => ({ ...l, opnamedatum: null })),
  Geldig_tot: (ls) => ls, // Opnamedatum + 10 years
  Berekeningstype: (ls) => ls.map((l) => ({ ...l, berekeningstype: null })),
  Gebouwtype: (ls) => ls.map((l) => ({ ...l, gebouwtype: null })),
  Gebouwsubtype: (ls) => ls.map((l) => ({ ...l, gebouwsubtype: null })),
};
/** Fields of the records the service does not read: removing them changes nothing. */
const ONGEBRUIKT = new Set([
  'Soort_opname', 'Status', 'Gebouwklasse', 'BAGVerblijfsobjectID', 'BAGPandIDs', 'Postcode', 'Huisnummer', 'Huisletter', 'Bouwjaar',
  'Gebruiksoppervlakte_thermische_zone', 'Energiebehoefte', 'PrimaireFossieleEnergie', 'Aandeel_hernieuwbare_energie',
  'BerekendeCO2Emissie', 'BerekendeEnergieverbruik', 'Certificaathouder',
]);

// Real: the WoonLens answer and the Kwadijkerpark record; built in the real shape: two records (Anjerstraat 5),
// one with Huisletter (Baambrugse Zuwe 141D).
const FIXTURES = [
  'adresseerbaarobject-0599010000295420-woonlens.json',
  'sample-record-kwadijkerpark-45-excerpt.json',
  'adresseerbaarobject-0118010900087577-anjerstraat-5.json',
  'adresseerbaarobject-0736010000104061-baambrugse-zuwe-141d.json',
];

describe.each(FIXTURES)('the label records of %s', (file) => {
  const body = read(file);
  const volledig = convert(body);
  const velden = fieldPaths(body, { under: '[]' }).map((p) => p.slice(3)).filter((p) => !p.includes('.') && !p.includes('[]'));

  it('has labels, and reads every field of the records (none unknown to this test)', () => {
    expect(volledig.length).toBe(body.length);
    expect(velden.filter((v) => !(v in ZONDER) && !ONGEBRUIKT.has(v))).toEqual([]);
  });

  it.each(velden)('without %s: every label kept, with the derived values', (veld) => {
    const labels = convert(withoutField(body, `[].${veld}`));
    expect(z.array(labelSchema).safeParse(labels).success).toBe(true);
    expect(labels).toEqual((ZONDER[veld] ?? ((ls) => ls))(structuredClone(volledig)));
  });

  it('without Geldig_tot: ten years after Opnamedatum (the recorded value itself)', () => {
    const labels = convert(withoutField(body, '[].Geldig_tot'));
    for (const l of labels) expect(l.geldig_tot).toBe(tienJaarNa(l.opnamedatum));
    expect(labels.map((l) => l.geldig_tot)).toEqual(volledig.map((l) => l.geldig_tot));
  });

  it('without Energieklasse: left out explicitly, as isLabel says', () => {
    const zonder = withoutField(body, '[].Energieklasse') as unknown[];
    expect(zonder.some(isLabel)).toBe(false);
    expect(body.every(isLabel)).toBe(true);
  });

  it('with extra fields, numbers as strings, keys in upper case or in reversed order: the same labels', () => {
    expect(convert(withExtraFields(body))).toEqual(volledig);
    expect(convert(numbersAsStrings(body))).toEqual(volledig);
    expect(convert(upperCaseKeys(body))).toEqual(volledig);
    expect(convert(reversedKeys(body))).toEqual(volledig);
  });

  it('with every field but the class removed: a label of nulls, never "" or "onbekend"', () => {
    const kaal = body.map((r) => ({ Energieklasse: (r as { Energieklasse: string }).Energieklasse }));
    const labels = convert(kaal);
    expect(labels).toHaveLength(body.length);
    expect(z.array(labelSchema).safeParse(labels).success).toBe(true);
    for (const l of labels) expect(l).toEqual({ klasse: l.klasse, registratiedatum: null, geldig_tot: null, berekeningstype: null, gebouwtype: null, gebouwsubtype: null, opnamedatum: null });
    expect(unknownsNotNull(labels)).toEqual([]);
    expect(convert(body.map(() => ({})))).toEqual([]);
  });
});

describe('the order of the labels', () => {
  it('newest registration first, and by Opnamedatum when Registratiedatum is missing', () => {
    const body = read('adresseerbaarobject-0118010900087577-anjerstraat-5.json');
    expect(convert(withoutField(body, '[].Registratiedatum')).map((l) => l.klasse)).toEqual(['C', 'E']);
    expect(convert([...body].reverse()).map((l) => l.klasse)).toEqual(['C', 'E']);
  });

  it('tienJaarNa: ten years on (a leap day rolls over to 1 March)', () => {
    expect(tienJaarNa('2026-01-14')).toBe('2036-01-14');
    expect(tienJaarNa('2024-02-29')).toBe('2034-03-01');
    expect(tienJaarNa(null)).toBeNull();
  });
});
