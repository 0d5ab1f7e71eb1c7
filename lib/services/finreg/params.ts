// The query and path parameters particular to the finreg operations: the sub-register code (one of the
// 15 in lib/registers/finreg/deelregisters.ts, case-insensitive, answered in upper case) and the DNB relatienummer.
import { z } from 'zod';
import { DEELREGISTERS, DEELREGISTER_CODES } from '@/lib/registers/finreg/deelregisters';

// The allowed codes come from the one list in deelregisters.ts (the 15 Dutch registers of DNB's register list).
const CODES = DEELREGISTER_CODES as [string, ...string[]];

export const deelregisterParam = z
  .string()
  .transform((s) => s.trim().toUpperCase())
  .pipe(z.enum(CODES, { message: `onbekend deelregister; toegestaan: ${CODES.join(', ')}` }))
  .describe(`Code van het deelregister (hoofdletterongevoelig): ${DEELREGISTERS.map((d) => `${d.code} (${d.omschrijving})`).join(', ')}`)
  .meta({ examples: ['WFTAF'] });

export const relatienummerParam = z
  .string()
  .regex(/^[A-Za-z0-9]{1,32}$/, { message: 'relatienummer is 1 tot 32 letters of cijfers' })
  .describe('Relatienummer bij DNB (1-32 letters of cijfers), bijvoorbeeld F0001')
  .meta({ examples: ['R110899'] });

export const statusParam = z.enum(['geldig', 'beëindigd']).describe('geldig (geen einddatum of einddatum op/na de peildatum) of beëindigd').meta({ examples: ['geldig'] });
