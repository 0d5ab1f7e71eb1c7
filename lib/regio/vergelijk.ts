// Two regions side by side (levels may differ): per characteristic both values, the absolute difference
// (regio - met) and the percentage difference relative to `met`. Pure function.
import { z } from 'zod';
import type { Kerncijfers } from './kerncijfers';
import { procentVerschil, round } from './afwijking';

export const verschilSchema = z.object({
  naam: z.string(),
  titel: z.string(),
  eenheid: z.string().nullable(),
  soort: z.enum(['absoluut', 'relatief']),
  waarde_regio: z.number().nullable().describe('Waarde van de regio'),
  waarde_met: z.number().nullable().describe('Waarde van de regio uit met'),
  verschil: z.number().nullable().describe('waarde_regio - waarde_met'),
  verschil_pct: z.number().nullable().describe('(waarde_regio - waarde_met) / |waarde_met| x 100, op 1 decimaal'),
});
export type Verschil = z.infer<typeof verschilSchema>;

export function vergelijkRegios(a: Kerncijfers, b: Kerncijfers): Verschil[] {
  const other = new Map(b.kenmerken.map((k) => [k.naam, k.waarde]));
  return a.kenmerken
    .filter((k) => other.has(k.naam))
    .map((k) => {
      const met = other.get(k.naam) ?? null;
      return {
        naam: k.naam,
        titel: k.titel,
        eenheid: k.eenheid,
        soort: k.soort,
        waarde_regio: k.waarde,
        waarde_met: met,
        verschil: k.waarde !== null && met !== null ? round(k.waarde - met, 3) : null,
        verschil_pct: procentVerschil(k.waarde, met),
      };
    });
}
