// Conversion of WOZ-waardeloket answers (/wozwaarde/nummeraanduiding/{id}). The loket returns BAG ids
// and the gemeentecode as JSON numbers, so leading zeros are lost (736010000104061, gemeentecode 736):
// they are re-padded to 16 and 4 digits here, the wozobjectnummer to 12. Pure functions; I/O is in woz-waardeloket.ts.
// Tolerant of what the real upstream does (issue 21): keys in another case, numbers sent as strings, optional
// members missing. Derived: the gemeentecode from the wozobjectnummer (its first four digits), the
// adresseerbaarobject id from ontleendeAdresseerbareObjecten (or verbondenAdresseerbareObjecten) when that
// lists exactly one. A kadastraal object missing a part keeps the parts it has (aanduiding null). Left out
// explicitly (isWozWaarde, the caller counts them as conversion drift): a value without amount or without
// peildatum (an amount that cannot be placed in time is not a WOZ value), and a pand without id.
import { z } from 'zod';
import { lowerKeys, num, str } from './values';

const idValue = z.union([z.number(), z.string()]).nullable().optional();

/** A WOZ answer names at least one of these members (keys in any case); the loket's 404 body names none. */
const WOZ_MEMBERS = ['wozobject', 'wozwaarden', 'panden', 'kadastraleobjecten'];

/** The answer as far as we read it (documented keys; the conversion also reads them in another case). */
export const wozAnswerSchema = z
  .looseObject({
    wozObject: z
      .looseObject({
        wozobjectnummer: idValue,
        gemeentecode: idValue,
        grondoppervlakte: idValue,
        adresseerbaarobjectid: idValue,
        nummeraanduidingid: idValue,
      })
      .nullable()
      .optional(),
    wozWaarden: z.array(z.looseObject({ peildatum: z.string().nullable().optional(), vastgesteldeWaarde: idValue })).nullable().optional(),
    panden: z.array(z.looseObject({ bagpandidentificatie: idValue })).nullable().optional(),
    kadastraleObjecten: z
      .array(
        z.looseObject({
          kadastraleGemeenteCode: z.string().nullable().optional(),
          kadastraleSectie: z.string().nullable().optional(),
          kadastraalPerceelNummer: idValue,
        }),
      )
      .nullable()
      .optional(),
  })
  .refine((a) => Object.keys(a).some((k) => WOZ_MEMBERS.includes(k.toLowerCase())), 'geen WOZ-antwoord');
export type WozAnswer = z.infer<typeof wozAnswerSchema>;

export const wozWaardeSchema = z.object({
  waarde: z.number().describe('Vastgestelde WOZ-waarde in euro'),
  peildatum: z.iso.date().describe('Waardepeildatum (ISO-datum, 1 januari)'),
});
export type WozWaarde = z.infer<typeof wozWaardeSchema>;

export const kadastraalObjectSchema = z.object({
  aanduiding: z.string().nullable().describe('gemeentecode-sectie-perceelnummer, bijvoorbeeld VKV00-A-3744; null als een deel ontbreekt'),
  kadastrale_gemeente_code: z.string().nullable(),
  sectie: z.string().nullable(),
  perceelnummer: z.number().int().nullable().describe('Perceelnummer (een getal, zoals bij de Kadastrale kaart)'),
}).meta({ id: 'WozKadastraalObject' });
/** A cadastral parcel of the object, e.g. VKV00-A-3744 (gemeentecode-sectie-perceelnummer). */
export type KadastraalObject = z.infer<typeof kadastraalObjectSchema>;

/** The converted WOZ object (null for unknown). */
export const wozObjectSchema = z.object({
  wozobjectnummer: z.string().nullable(),
  gemeentecode: z.string().nullable(),
  grondoppervlakte_m2: z.number().nullable(),
  adresseerbaarobject_id: z.string().nullable(),
  nummeraanduiding_id: z.string().nullable(),
  pand_ids: z.array(z.string()),
  kadastrale_objecten: z.array(kadastraalObjectSchema),
  /** All established values, newest first. */
  waarden: z.array(wozWaardeSchema),
});
export type WozObject = z.infer<typeof wozObjectSchema>;

const list = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value) ? value.map((v) => lowerKeys(v)).filter((v): v is Record<string, unknown> => v !== null) : [];

/** The WOZ object of an answer with padded ids and its values sorted newest first. */
export function toWozObject(answer: WozAnswer | Record<string, unknown>): WozObject {
  const a = lowerKeys(answer) ?? {};
  const o = lowerKeys(a.wozobject) ?? {};
  const waarden = list(a.wozwaarden)
    .filter(isWozWaarde)
    .map((w) => ({ peildatum: isoDate(w.peildatum) as string, waarde: num(w.vastgesteldewaarde) as number }))
    .sort((x, y) => y.peildatum.localeCompare(x.peildatum));
  // The WOZ-objectnummer is 12 digits: the 4-digit gemeentecode and an 8-digit number (073600001066).
  const wozobjectnummer = padded(o.wozobjectnummer, 12);
  const enig = (v: unknown) => (Array.isArray(v) && v.length === 1 ? v[0] : null);
  return {
    wozobjectnummer,
    gemeentecode: padded(o.gemeentecode, 4) ?? (wozobjectnummer?.length === 12 ? wozobjectnummer.slice(0, 4) : null),
    grondoppervlakte_m2: num(o.grondoppervlakte),
    adresseerbaarobject_id: padded(o.adresseerbaarobjectid ?? enig(o.ontleendeadresseerbareobjecten) ?? enig(o.verbondenadresseerbareobjecten), 16),
    nummeraanduiding_id: padded(o.nummeraanduidingid, 16),
    pand_ids: list(a.panden).map((p) => padded(p.bagpandidentificatie, 16)).filter((p): p is string => p !== null),
    kadastrale_objecten: list(a.kadastraleobjecten).map(toKadastraalObject),
    waarden,
  };
}

/** A wozWaarden entry that is a value: an amount and the peildatum it belongs to (keys in any case). */
export function isWozWaarde(entry: unknown): boolean {
  const w = lowerKeys(entry);
  return w !== null && isoDate(w.peildatum) !== null && num(w.vastgesteldewaarde) !== null;
}

/** One kadastraalObject of the answer; a missing part is null, and so is the designation then. */
function toKadastraalObject(k: Record<string, unknown>): KadastraalObject {
  const gemeente = str(k.kadastralegemeentecode);
  const sectie = str(k.kadastralesectie);
  const nummer = digits(k.kadastraalperceelnummer);
  return {
    aanduiding: gemeente && sectie && nummer ? `${gemeente}-${sectie}-${nummer}` : null,
    kadastrale_gemeente_code: gemeente,
    sectie,
    perceelnummer: nummer === null ? null : Number(nummer),
  };
}

/** The newest established value (highest peildatum); null when the loket lists none. */
export function nieuwsteWozWaarde(object: WozObject): WozWaarde | null {
  return object.waarden[0] ?? null;
}

/** A numeric id as a string of at least `length` digits (leading zeros restored); null when absent. */
export function padded(value: unknown, length: number): string | null {
  const s = digits(value);
  return s === null ? null : s.padStart(length, '0');
}

function digits(value: unknown): string | null {
  const s = typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d+$/.test(s) ? s : null;
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return m ? m[1] : null;
}
