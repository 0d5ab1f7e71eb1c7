// Ranking the wijken or buurten of an area on one characteristic: rang 1 is the highest (or, with richting
// laagste, the lowest) value; regions without a value are left out and counted. Ties share no rank: they are
// ordered by code so the ranking is stable. Pure function.
import { z } from 'zod';

export const topRegelSchema = z.object({
  rang: z.number().int().min(1),
  code: z.string(),
  naam: z.string().nullable(),
  waarde: z.number(),
}).meta({ id: 'TopRegel' });
export type TopRegel = z.infer<typeof topRegelSchema>;

export function rangschik(
  regios: readonly { code: string; naam: string | null; waarde: number | null }[],
  n: number,
  richting: 'hoogste' | 'laagste',
): { top: TopRegel[]; zonder_waarde: number } {
  const known = regios.filter((r): r is { code: string; naam: string | null; waarde: number } => r.waarde !== null);
  const sign = richting === 'hoogste' ? -1 : 1;
  const sorted = [...known].sort((a, b) => sign * (a.waarde - b.waarde) || a.code.localeCompare(b.code));
  return {
    top: sorted.slice(0, n).map((r, i) => ({ rang: i + 1, code: r.code, naam: r.naam, waarde: r.waarde })),
    zonder_waarde: regios.length - known.length,
  };
}
