// Conversion of EP-Online v5 answers: the recorded authenticated answer for verblijfsobject
// 0599010000295420 (Witte de Withstraat 42A, Rotterdam) and the recorded Kwadijkerpark 45 record.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { epOnlineAnswerSchema, labelKlasseOf, nieuwsteLabel, toEnergielabels } from './ep-online-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'ep-online');
const read = (file: string): unknown => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));

describe('toEnergielabels', () => {
  it('reads the recorded answer for 0599010000295420 as one label with ISO dates', () => {
    const labels = toEnergielabels(epOnlineAnswerSchema.parse(read('adresseerbaarobject-0599010000295420-woonlens.json')));
    expect(labels).toEqual([
      {
        klasse: 'B',
        registratiedatum: '2026-02-04',
        geldig_tot: '2036-01-14',
        berekeningstype: null,
        gebouwtype: 'Appartement',
        gebouwsubtype: 'Tussenmidden',
        opnamedatum: '2026-01-14',
      },
    ]);
  });

  it('reads the recorded Kwadijkerpark 45 record (A+++, NTA 8800:2024, no Gebouwtype)', () => {
    const [label] = toEnergielabels(epOnlineAnswerSchema.parse([read('sample-record-kwadijkerpark-45-excerpt.json')]));
    expect(label).toEqual({
      klasse: 'A+++',
      registratiedatum: '2025-11-17',
      geldig_tot: '2035-10-22',
      berekeningstype: 'NTA 8800:2024',
      gebouwtype: null,
      gebouwsubtype: null,
      opnamedatum: '2025-10-22',
    });
  });

  it('puts the newest registration first (demo answer with a 2016 and a 2025 label)', () => {
    const labels = toEnergielabels(epOnlineAnswerSchema.parse(read('adresseerbaarobject-0118010900087577-anjerstraat-5.json')));
    expect(labels.map((l) => [l.klasse, l.registratiedatum])).toEqual([
      ['C', '2025-05-20'],
      ['E', '2016-03-09'],
    ]);
    expect(nieuwsteLabel(labels)?.gebouwtype).toBe('Rijwoning tussen');
  });

  it('skips records without a recognised class; an empty answer has no newest label', () => {
    expect(toEnergielabels([{ Energieklasse: 'Z', Registratiedatum: '2024-01-01' }])).toEqual([]);
    expect(nieuwsteLabel(toEnergielabels([]))).toBeNull();
  });

  it('does not take the recorded 401 problem body for a label list', () => {
    expect(epOnlineAnswerSchema.safeParse(read('sample-401-unauthorized-woonlens.json')).success).toBe(false);
  });
});

describe('labelKlasseOf', () => {
  it.each([
    ['A+++', 'A+++'],
    [' b ', 'B'],
    ['a++++', 'A++++'],
    ['H', null],
    [null, null],
  ])('%s -> %s', (input, expected) => {
    expect(labelKlasseOf(input)).toBe(expected);
  });
});
