// Reading the Kerncijfers wijken en buurten tables of CBS. Measure keys carry a position suffix that
// changes between editions (AantalInwoners_5, GemiddeldeWOZWaardeVanWoningen_39 in 85984NED), so the keys
// are found by their Title in DataProperties, and amounts are scaled by their Unit ("x 1 000 euro").
// Pure functions; I/O is in cbs-kerncijfers.ts.
import { z } from 'zod';
import type { DataProperty, TypedRow } from './cbs-statline';
import { cbsGetal, cbsTekst, euroSchaal, keyStem, snake } from './cbs-maten';

/** The Titles (as CBS writes them) of the measures we read. */
export const KERNCIJFER_TITELS = {
  inwoners: 'Aantal inwoners',
  gemiddelde_woz_waarde: 'Gemiddelde WOZ-waarde van woningen',
} as const;

export interface Maat {
  key: string;
  unit: string | null;
}

export type KerncijferMaten = Record<keyof typeof KERNCIJFER_TITELS, Maat | null>;

export const buurtKerncijfersSchema = z.object({
  code: z.string(),
  inwoners: z.number().nullable(),
  /** In euro (CBS publishes it in thousands); null when unknown, also when the unit is. */
  gemiddelde_woz_waarde: z.number().nullable(),
  peiljaar: z.number().int(),
});
export type BuurtKerncijfers = z.infer<typeof buurtKerncijfersSchema>;

/**
 * The measures we read, found by Title among the Topics of a table (or, for an entry without Title, by its
 * key, which CBS builds from the title: AantalInwoners_5); null for a measure the table lacks.
 */
export function kerncijferMaten(props: DataProperty[]): KerncijferMaten {
  const byTitle = (title: string): Maat | null => {
    const want = normalise(title);
    const matches = (d: DataProperty) =>
      d.Title?.trim() ? normalise(d.Title) === want : snake(keyStem(d.Key as string)) === snake(title);
    const p = props.find((d) => d.Type === 'Topic' && typeof d.Key === 'string' && d.Key.trim() !== '' && matches(d));
    return p ? { key: (p.Key as string).trim(), unit: p.Unit?.trim() || null } : null;
  };
  return { inwoners: byTitle(KERNCIJFER_TITELS.inwoners), gemiddelde_woz_waarde: byTitle(KERNCIJFER_TITELS.gemiddelde_woz_waarde) };
}

/** The figures of one region from its TypedDataSet row; shielded or missing values stay null. */
export function toBuurtKerncijfers(row: TypedRow, maten: KerncijferMaten, code: string, peiljaar: number): BuurtKerncijfers {
  const value = (m: Maat | null): number | null => {
    return m ? cbsGetal(row[m.key]) : null;
  };
  const woz = value(maten.gemiddelde_woz_waarde);
  const factor = euroSchaal(maten.gemiddelde_woz_waarde?.unit ?? null);
  return {
    code,
    inwoners: value(maten.inwoners),
    gemiddelde_woz_waarde: woz !== null && factor !== null ? Math.round(woz * factor) : null,
    peiljaar,
  };
}

/**
 * The row of a region in a TypedDataSet answer (region keys are right-padded upstream). The call filters on
 * the region, so a single row without a region key is that region's row.
 */
export function rijVan(rows: TypedRow[], code: string): TypedRow | null {
  const eigen = rows.find((r) => typeof r.WijkenEnBuurten === 'string' && r.WijkenEnBuurten.trim() === code);
  if (eigen) return eigen;
  return rows.length === 1 && cbsTekst(rows[0].WijkenEnBuurten) === null ? rows[0] : null;
}

function normalise(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, ' ');
}
