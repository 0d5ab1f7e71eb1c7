// Average sale prices of existing owner-occupied homes (CBS 83625NED) as a yearly series with year-on-year
// deltas. Pure functions; the I/O is in lib/sources/cbs-woningprijzen.ts.
import { z } from 'zod';
import { procentVerschil, round } from './afwijking';

export const prijsPuntSchema = z.object({
  jaar: z.number().int(),
  gemiddelde_verkoopprijs: z.number().nullable().describe('Euro'),
  delta: z.number().nullable().describe('Verschil met het vorige jaar, euro'),
  delta_pct: z.number().nullable().describe('Verschil met het vorige jaar, procent (1 decimaal)'),
}).meta({ id: 'PrijsPunt' });
export type PrijsPunt = z.infer<typeof prijsPuntSchema>;

/** The last `jaren` years of a series (sorted by year), with deltas against the year before (also when that year falls outside). */
export function prijsReeks(punten: readonly { jaar: number; prijs: number | null }[], jaren: number): PrijsPunt[] {
  const sorted = [...punten].sort((a, b) => a.jaar - b.jaar);
  const full = sorted.map((p, i) => {
    const vorige = i > 0 && sorted[i - 1].jaar === p.jaar - 1 ? sorted[i - 1].prijs : null;
    return {
      jaar: p.jaar,
      gemiddelde_verkoopprijs: p.prijs,
      delta: p.prijs !== null && vorige !== null ? round(p.prijs - vorige, 2) : null,
      delta_pct: procentVerschil(p.prijs, vorige),
    };
  });
  return full.slice(Math.max(0, full.length - jaren));
}
