// Conversion of WOZ-waardeloket answers (/wozwaarde/nummeraanduiding/{id}). The loket returns BAG ids
// and the gemeentecode as JSON numbers, so leading zeros are lost (736010000104061, gemeentecode 736):
// they are re-padded to 16 and 4 digits here, the wozobjectnummer to 12. Pure functions; I/O is in woz-waardeloket.ts.
import { z } from 'zod';

const idValue = z.union([z.number(), z.string()]).nullable().optional();

/** The answer as far as we read it (wozObject must be present); other members are ignored. */
export const wozAnswerSchema = z.looseObject({
  wozObject: z
    .looseObject({
      wozobjectnummer: idValue,
      gemeentecode: idValue,
      grondoppervlakte: z.number().nullable().optional(),
      adresseerbaarobjectid: idValue,
      nummeraanduidingid: idValue,
    })
    .nullable(),
  wozWaarden: z
    .array(z.looseObject({ peildatum: z.string().nullable().optional(), vastgesteldeWaarde: z.number().nullable().optional() }))
    .nullable()
    .optional(),
  panden: z.array(z.looseObject({ bagpandidentificatie: idValue })).nullable().optional(),
  kadastraleObjecten: z
    .array(
      z.looseObject({
        kadastraleGemeenteCode: z.string().nullable().optional(),
        kadastraleSectie: z.string().nullable().optional(),
        kadastraalPerceelNummer: z.union([z.string(), z.number()]).nullable().optional(),
      }),
    )
    .nullable()
    .optional(),
});
export type WozAnswer = z.infer<typeof wozAnswerSchema>;

export const wozWaardeSchema = z.object({
  waarde: z.number().describe('Vastgestelde WOZ-waarde in euro'),
  peildatum: z.string().describe('Waardepeildatum (ISO-datum, 1 januari)'),
});
export type WozWaarde = z.infer<typeof wozWaardeSchema>;

export interface KadastraalObject {
  aanduiding: string;
  kadastrale_gemeente_code: string;
  sectie: string;
  perceelnummer: string;
}

export interface WozObject {
  wozobjectnummer: string | null;
  gemeentecode: string | null;
  grondoppervlakte_m2: number | null;
  adresseerbaarobject_id: string | null;
  nummeraanduiding_id: string | null;
  pand_ids: string[];
  /** The cadastral parcels of the object, e.g. VKV00-A-3744 (gemeentecode-sectie-perceelnummer). */
  kadastrale_objecten: KadastraalObject[];
  /** All established values, newest first. */
  waarden: WozWaarde[];
}

/** The WOZ object of an answer with padded ids and its values sorted newest first. */
export function toWozObject(answer: WozAnswer): WozObject {
  const o = answer.wozObject ?? {};
  const waarden = (answer.wozWaarden ?? [])
    .map((w) => ({ peildatum: isoDate(w.peildatum), waarde: w.vastgesteldeWaarde }))
    .filter((w): w is WozWaarde => w.peildatum !== null && typeof w.waarde === 'number' && Number.isFinite(w.waarde))
    .sort((a, b) => b.peildatum.localeCompare(a.peildatum));
  return {
    // The WOZ-objectnummer is 12 digits: the 4-digit gemeentecode and an 8-digit number (073600001066).
    wozobjectnummer: padded(o.wozobjectnummer, 12),
    gemeentecode: padded(o.gemeentecode, 4),
    grondoppervlakte_m2: typeof o.grondoppervlakte === 'number' ? o.grondoppervlakte : null,
    adresseerbaarobject_id: padded(o.adresseerbaarobjectid, 16),
    nummeraanduiding_id: padded(o.nummeraanduidingid, 16),
    pand_ids: (answer.panden ?? []).map((p) => padded(p.bagpandidentificatie, 16)).filter((p): p is string => p !== null),
    kadastrale_objecten: (answer.kadastraleObjecten ?? []).map(toKadastraalObject).filter((k): k is KadastraalObject => k !== null),
    waarden,
  };
}

/** One kadastraalObject of the answer; null when a part of the designation is missing. */
function toKadastraalObject(k: { kadastraleGemeenteCode?: string | null; kadastraleSectie?: string | null; kadastraalPerceelNummer?: string | number | null }): KadastraalObject | null {
  const gemeente = k.kadastraleGemeenteCode?.trim();
  const sectie = k.kadastraleSectie?.trim();
  const nummer = digits(k.kadastraalPerceelNummer);
  if (!gemeente || !sectie || !nummer) return null;
  return { aanduiding: `${gemeente}-${sectie}-${nummer}`, kadastrale_gemeente_code: gemeente, sectie, perceelnummer: nummer };
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
