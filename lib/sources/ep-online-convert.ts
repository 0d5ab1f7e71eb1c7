// Conversion of EP-Online (RVO) v5 answers: PandEnergielabel/AdresseerbaarObject/{vboId} returns a JSON
// array of label records with PascalCase keys (Energieklasse, Registratiedatum, Geldig_tot, Berekeningstype,
// Gebouwtype, ...). Dates come as "2026-02-04T15:31:59.943" or "2025-11-17"; we answer ISO dates.
// Pure functions; I/O is in ep-online.ts.
import { z } from 'zod';
import { LABEL_CLASSES, type LabelKlasse } from '@/lib/verduurzaming/types';
import { str } from './values';

/** One label record as far as we read it; other members are ignored. */
const labelRecordSchema = z.looseObject({
  Energieklasse: z.string().nullable().optional(),
  Registratiedatum: z.string().nullable().optional(),
  Opnamedatum: z.string().nullable().optional(),
  Geldig_tot: z.string().nullable().optional(),
  Berekeningstype: z.string().nullable().optional(),
  Gebouwtype: z.string().nullable().optional(),
  Gebouwsubtype: z.string().nullable().optional(),
  Gebouwklasse: z.string().nullable().optional(),
  BAGVerblijfsobjectID: z.union([z.string(), z.number()]).nullable().optional(),
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

/** Every record with a recognised energy class, newest registration first. */
export function toEnergielabels(answer: EpOnlineAnswer): Energielabel[] {
  return answer
    .map((r) => {
      const klasse = labelKlasseOf(r.Energieklasse);
      if (!klasse) return null;
      return {
        klasse,
        registratiedatum: isoDate(r.Registratiedatum),
        geldig_tot: isoDate(r.Geldig_tot),
        berekeningstype: str(r.Berekeningstype),
        gebouwtype: str(r.Gebouwtype),
        gebouwsubtype: str(r.Gebouwsubtype),
        opnamedatum: isoDate(r.Opnamedatum),
        sortKey: str(r.Registratiedatum) ?? '',
      };
    })
    .filter((l): l is Energielabel & { sortKey: string } => l !== null)
    .sort((a, b) => b.sortKey.localeCompare(a.sortKey))
    .map(({ sortKey: _sortKey, ...label }) => label);
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

