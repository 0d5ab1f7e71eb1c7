// Conversion of EP-Online (RVO) v5 answers: PandEnergielabel/AdresseerbaarObject/{vboId} returns a JSON
// array of label records with PascalCase keys (Energieklasse, Registratiedatum, Geldig_tot, Berekeningstype,
// Gebouwtype, ...). Dates come as "2026-02-04T15:31:59.943" or "2025-11-17"; we answer ISO dates.
// Pure functions; I/O is in ep-online.ts.
// Tolerant of what the real upstream does (issue 21): keys in another case, numbers where text was expected,
// optional fields missing. Derived: Geldig_tot from Opnamedatum + 10 years (the legal validity of a label;
// every recorded record has exactly that), the order from Opnamedatum when Registratiedatum is missing.
// A record without a recognised energy class is not an energy label and is left out explicitly
// (`isLabel`); ep-online.ts counts it as conversion drift, so it is never lost silently.
import { z } from 'zod';
import { LABEL_CLASSES, type LabelKlasse } from '@/lib/verduurzaming/types';
import { str, lowerKeys } from './values';

/** A text member that may arrive as a number. */
const tekst = z.union([z.string(), z.number()]).nullable().optional();
/** One label record as far as we read it (keys as documented; the conversion also reads them in another case). */
const labelRecordSchema = z.looseObject({
  Energieklasse: tekst,
  Registratiedatum: tekst,
  Opnamedatum: tekst,
  Geldig_tot: tekst,
  Berekeningstype: tekst,
  Gebouwtype: tekst,
  Gebouwsubtype: tekst,
  Gebouwklasse: tekst,
  BAGVerblijfsobjectID: tekst,
});

/** The answer: a JSON array of label records. */
export const epOnlineAnswerSchema = z.array(labelRecordSchema);
export type EpOnlineAnswer = z.infer<typeof epOnlineAnswerSchema>;

export interface Energielabel {
  klasse: LabelKlasse;
  registratiedatum: string | null;
  geldig_tot: string | null;
  berekeningstype: string | null;
  gebouwtype: string | null;
  /** For apartments the position in the block (Tussenmidden, Hoekvloer, …); often null. */
  gebouwsubtype: string | null;
  opnamedatum: string | null;
}

/** Every record with a recognised energy class, newest registration (else survey) first. */
export function toEnergielabels(answer: EpOnlineAnswer): Energielabel[] {
  return answer
    .filter(isLabel)
    .map((raw) => {
      const r = lowerKeys(raw) ?? {};
      const opnamedatum = isoDate(r.opnamedatum);
      const registratiedatum = isoDate(r.registratiedatum);
      return {
        klasse: labelKlasseOf(r.energieklasse) as LabelKlasse,
        registratiedatum,
        geldig_tot: isoDate(r.geldig_tot) ?? tienJaarNa(opnamedatum),
        berekeningstype: str(r.berekeningstype),
        gebouwtype: str(r.gebouwtype),
        gebouwsubtype: str(r.gebouwsubtype),
        opnamedatum,
        sortKey: str(r.registratiedatum) ?? opnamedatum ?? '',
      };
    })
    .sort((a, b) => b.sortKey.localeCompare(a.sortKey))
    .map(({ sortKey: _sortKey, ...label }) => label);
}

/**
 * Whether a record is an energy label: it has a recognised energy class. A record without one cannot be
 * represented (the class is what a label is) and is left out; the caller counts it as conversion drift.
 */
export function isLabel(record: unknown): boolean {
  return labelKlasseOf(lowerKeys(record)?.energieklasse) !== null;
}

/** The newest registered label; null when there is none. */
export function nieuwsteLabel(labels: Energielabel[]): Energielabel | null {
  return labels[0] ?? null;
}

/** An energy class as EP-Online writes it ("A+++", " b ") as one of our classes; null when unknown. */
export function labelKlasseOf(value: unknown): LabelKlasse | null {
  if (typeof value !== 'string') return null;
  const v = value.replace(/\s+/g, '').toUpperCase();
  return (LABEL_CLASSES as readonly string[]).includes(v) ? (v as LabelKlasse) : null;
}

function isoDate(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(value.trim());
  return m ? m[1] : null;
}

/** The ISO date ten years after the given one (a label is valid ten years from its survey); null for null. */
export function tienJaarNa(iso: string | null): string | null {
  if (!iso) return null;
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + 10);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

