// The short description of a region that heads every region answer.
import { z } from 'zod';
import type { Kerncijfers } from '@/lib/regio/kerncijfers';
import { gemeenteVan } from '@/lib/regio/codes';

export const regioKopSchema = z.object({
  code: z.string(),
  naam: z.string().nullable(),
  niveau: z.enum(['gemeente', 'wijk', 'buurt', 'land']),
  gemeente: z.object({ code: z.string(), naam: z.string().nullable() }).nullable().describe('De gemeente waarin de regio ligt'),
}).meta({ id: 'RegioKop' });
export type RegioKop = z.infer<typeof regioKopSchema>;

export function regioKop(k: Kerncijfers): RegioKop {
  return {
    code: k.code,
    naam: k.naam,
    niveau: k.niveau,
    gemeente: k.niveau === 'land' ? null : { code: gemeenteVan(k.code), naam: k.gemeente_naam },
  };
}
