// The Kadastrale kaart's objects as its source module gives them to the address, dossier and context answers:
// each with afstand_m, its distance to the asked point (0 when the point lies in it).
import type { z } from 'zod';
import { afstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';

/** The schema of a Kadastrale kaart object with its distance to the point. */
export const metAfstand = <T extends z.ZodRawShape>(item: z.ZodObject<T>) => item.extend({ afstand_m: afstandSchema });
