// Reading the Kerncijfers wijken en buurten tables of CBS. Measure keys carry a position suffix that
// changes between editions (AantalInwoners_5, GemiddeldeWOZWaardeVanWoningen_39 in 85984NED), so the keys
// are found by their Title in DataProperties, and amounts are scaled by their Unit ("x 1 000 euro").
// Pure functions; I/O is in cbs-kerncijfers.ts.
import type { DataProperty, TypedRow } from './cbs-statline';
import { euroSchaal } from './cbs-maten';

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

export interface BuurtKerncijfers {
  code: string;
  inwoners: number | null;
  /** In euro (CBS publishes it in thousands). */
  gemiddelde_woz_waarde: number | null;
  peiljaar: number;
}

/** The measures we read, found by Title among the Topics of a table; null for a measure the table lacks. */
export function kerncijferMaten(props: DataProperty[]): KerncijferMaten {
  const byTitle = (title: string): Maat | null => {
    const want = normalise(title);
    const p = props.find((d) => d.Type === 'Topic' && typeof d.Key === 'string' && d.Key !== '' && normalise(d.Title ?? '') === want);
    return p ? { key: p.Key as string, unit: p.Unit?.trim() || null } : null;
  };
  return { inwoners: byTitle(KERNCIJFER_TITELS.inwoners), gemiddelde_woz_waarde: byTitle(KERNCIJFER_TITELS.gemiddelde_woz_waarde) };
}

/** The figures of one region from its TypedDataSet row; shielded or missing values stay null. */
export function toBuurtKerncijfers(row: TypedRow, maten: KerncijferMaten, code: string, peiljaar: number): BuurtKerncijfers {
  const value = (m: Maat | null): number | null => {
    const v = m ? row[m.key] : null;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
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

/** The row of a region in a TypedDataSet answer (region keys are right-padded upstream). */
export function rijVan(rows: TypedRow[], code: string): TypedRow | null {
  return rows.find((r) => typeof r.WijkenEnBuurten === 'string' && r.WijkenEnBuurten.trim() === code) ?? null;
}

function normalise(title: string): string {
  return title.trim().toLowerCase().replace(/\s+/g, ' ');
}
