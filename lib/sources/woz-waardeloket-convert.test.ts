// Conversion of WOZ-waardeloket answers: two recorded real answers (Baambrugse Zuwe 141D Vinkeveen with
// nine reference years; Anjerstraat 5 Hoogeveen without values) in test/upstream/fixtures/woz-waardeloket.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { nieuwsteWozWaarde, padded, toWozObject, wozAnswerSchema } from './woz-waardeloket-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'woz-waardeloket');
const answer = (file: string) => wozAnswerSchema.parse(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')));

describe('toWozObject', () => {
  it('re-pads the numeric ids of the recorded Vinkeveen answer and sorts the values newest first', () => {
    const object = toWozObject(answer('wozwaarde-0736200000104061-baambrugse-zuwe-141d.json'));
    expect(object).toMatchObject({
      wozobjectnummer: '073600001066',
      gemeentecode: '0736',
      grondoppervlakte_m2: 9905,
      adresseerbaarobject_id: '0736010000104061',
      nummeraanduiding_id: '0736200000104061',
      pand_ids: ['0736100000216431'],
      kadastrale_objecten: [
        { aanduiding: 'VKV00-A-3744', kadastrale_gemeente_code: 'VKV00', sectie: 'A', perceelnummer: 3744 },
        { aanduiding: 'VKV00-A-4112', kadastrale_gemeente_code: 'VKV00', sectie: 'A', perceelnummer: 4112 },
      ],
    });
    expect(object.waarden).toHaveLength(9);
    expect(object.waarden[0]).toEqual({ peildatum: '2022-01-01', waarde: 16342000 });
    expect(object.waarden[8]).toEqual({ peildatum: '2014-01-01', waarde: 2237000 });
    expect(nieuwsteWozWaarde(object)).toEqual({ waarde: 16342000, peildatum: '2022-01-01' });
  });

  it('gives no newest value for the recorded Hoogeveen answer with an empty wozWaarden list', () => {
    const object = toWozObject(answer('wozwaarde-anjerstraat-5-hoogeveen-datahuys.json'));
    expect(object).toMatchObject({
      gemeentecode: '0118',
      nummeraanduiding_id: null,
      adresseerbaarobject_id: '0118010900087577',
      pand_ids: ['0118100001200409'],
      waarden: [],
    });
    expect(nieuwsteWozWaarde(object)).toBeNull();
  });

  it('picks the highest peildatum whatever the order, and skips entries without value', () => {
    const object = toWozObject(
      wozAnswerSchema.parse({
        wozObject: null,
        wozWaarden: [
          { peildatum: '2023-01-01', vastgesteldeWaarde: 300000 },
          { peildatum: '2025-01-01', vastgesteldeWaarde: null },
          { peildatum: '2024-01-01', vastgesteldeWaarde: 320000 },
        ],
      }),
    );
    expect(nieuwsteWozWaarde(object)).toEqual({ waarde: 320000, peildatum: '2024-01-01' });
  });

  it('rejects an answer without wozObject (not a WOZ answer)', () => {
    expect(wozAnswerSchema.safeParse({ status: 404, error: 'Not Found' }).success).toBe(false);
  });
});

describe('padded', () => {
  it.each([
    [736, 4, '0736'],
    [363, 4, '0363'],
    [736200000104061, 16, '0736200000104061'],
    ['0599200000508415', 16, '0599200000508415'],
    [null, 16, null],
  ])('%s to %i digits is %s', (value, length, expected) => {
    expect(padded(value, length)).toBe(expected);
  });
});
