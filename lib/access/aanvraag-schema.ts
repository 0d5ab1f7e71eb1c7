// The key request's fields and bounds (pure: also loaded in the browser by the key page's form, so its
// checks and the server's are the same numbers). POST /v1/toegang/aanvragen validates with aanvraagSchema.
import { z } from 'zod';

/** Lengths after trimming (the e-mail address: as sent). */
export const AANVRAAG_LENGTES = {
  naam: { min: 2, max: 200 },
  email: { max: 254 },
  organisatie: { max: 200 },
  gebruik: { min: 10, max: 2000 },
} as const;

const L = AANVRAAG_LENGTES;

export const aanvraagSchema = z.object({
  naam: z.string().trim().min(L.naam.min).max(L.naam.max),
  email: z.email().max(L.email.max),
  organisatie: z.string().trim().max(L.organisatie.max).optional(),
  gebruik: z.string().trim().min(L.gebruik.min).max(L.gebruik.max),
  tier: z.enum(['standard', 'enterprise']),
});
