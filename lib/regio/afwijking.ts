// A region against the national figures (the NL00 row of the same edition). Comparable figures (percentages,
// averages, densities, per inhabitant) get afwijking_pct = (regio - landelijk) / |landelijk| x 100; absolute
// totals (counts, hectares) cannot be compared that way and are kept apart with the region's share of the
// national total. Pure functions.
import { z } from 'zod';
import type { Kerncijfers } from './kerncijfers';

export const afwijkingSchema = z.object({
  naam: z.string(),
  titel: z.string(),
  eenheid: z.string().nullable(),
  waarde_regio: z.number().nullable().describe('Waarde van de regio'),
  waarde_landelijk: z.number().nullable().describe('Waarde van Nederland (NL00) in dezelfde tabel'),
  afwijking_pct: z.number().nullable().describe('(waarde_regio - waarde_landelijk) / |waarde_landelijk| x 100, op 1 decimaal; null als een van beide ontbreekt of landelijk 0 is'),
}).meta({ id: 'AfwijkingLandelijk' });
export type Afwijking = z.infer<typeof afwijkingSchema>;

export const totaalSchema = z.object({
  naam: z.string(),
  titel: z.string(),
  eenheid: z.string().nullable(),
  waarde_regio: z.number().nullable().describe('Waarde van de regio'),
  waarde_landelijk: z.number().nullable().describe('Waarde van Nederland (NL00) in dezelfde tabel'),
  aandeel_pct: z.number().nullable().describe('Aandeel van de regio in het landelijke totaal, in procenten (3 decimalen)'),
}).meta({ id: 'TotaalLandelijk' });
export type Totaal = z.infer<typeof totaalSchema>;

export interface Landelijk {
  vergelijkbaar: Afwijking[];
  absolute_totalen: Totaal[];
}

/** Every figure of the region next to the national one. */
export function vergelijkLandelijk(regio: Kerncijfers, land: Kerncijfers): Landelijk {
  const nl = new Map(land.kenmerken.map((k) => [k.naam, k.waarde]));
  const vergelijkbaar: Afwijking[] = [];
  const absolute_totalen: Totaal[] = [];
  for (const k of regio.kenmerken) {
    const landelijk = nl.get(k.naam) ?? null;
    if (k.soort === 'relatief') {
      vergelijkbaar.push({ naam: k.naam, titel: k.titel, eenheid: k.eenheid, waarde_regio: k.waarde, waarde_landelijk: landelijk, afwijking_pct: procentVerschil(k.waarde, landelijk) });
    } else {
      const aandeel = k.waarde !== null && landelijk ? round((k.waarde / landelijk) * 100, 3) : null;
      absolute_totalen.push({ naam: k.naam, titel: k.titel, eenheid: k.eenheid, waarde_regio: k.waarde, waarde_landelijk: landelijk, aandeel_pct: aandeel });
    }
  }
  return { vergelijkbaar, absolute_totalen };
}

/** The n largest deviations above and below the national figure (ties by name, for a stable order). */
export function grootsteAfwijkingen(list: readonly Afwijking[], n: number): { hoger: Afwijking[]; lager: Afwijking[] } {
  const known = list.filter((a): a is Afwijking & { afwijking_pct: number } => a.afwijking_pct !== null);
  const byName = (a: Afwijking, b: Afwijking) => a.naam.localeCompare(b.naam);
  return {
    hoger: known.filter((a) => a.afwijking_pct > 0).sort((a, b) => b.afwijking_pct - a.afwijking_pct || byName(a, b)).slice(0, n),
    lager: known.filter((a) => a.afwijking_pct < 0).sort((a, b) => a.afwijking_pct - b.afwijking_pct || byName(a, b)).slice(0, n),
  };
}

/** (a - b) / |b| x 100 on one decimal; null when either is missing or b is 0. */
export function procentVerschil(a: number | null, b: number | null): number | null {
  if (a === null || b === null || b === 0) return null;
  return round(((a - b) / Math.abs(b)) * 100, 1);
}

export function round(value: number, decimals: number): number {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
}
