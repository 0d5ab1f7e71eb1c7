// What the five landreg operations "around a point" share: the parameters (lon, lat, radius 5-2000 m,
// default 50), the check that the point lies in the RD domain of the Netherlands, and the answer's shape
// (the point in both systems, the radius, the count, whether the list was cut off, the objects nearest
// first, each with afstand_m).
import { z } from 'zod';
import { lat, lon, radius } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { type Punt, inNederlandRd, puntUitWgs84 } from '@/lib/geo/rd';
import { afstandSchema, puntSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { MAX_OBJECTEN, type Rond } from '@/lib/sources/brk-kadastrale-kaart';
import type { Sourced } from '@/lib/sources/gather';
import type { OperationResult } from '@/lib/api/operation';

export const rondQuery = z.object({ lon, lat, radius: radius(5, 2000, 50) });
export type RondQuery = z.infer<typeof rondQuery>;

/** The point in WGS84 and RD; a 400 naming lon and lat when it lies outside the RD domain of the Netherlands. */
export function puntInNederland(q: { lon: number; lat: number }): Punt {
  const punt = puntUitWgs84({ lon: q.lon, lat: q.lat });
  if (!inNederlandRd(punt.rd)) {
    const reason = 'het punt ligt buiten Nederland (buiten het bereik van de Rijksdriehoeksmeting); de kadastrale kaart dekt alleen Nederland';
    throw new Problem('invalid_parameter', {
      detail: `Het punt (${q.lon}, ${q.lat}) ligt buiten Nederland.`,
      invalidParams: [
        { name: 'lon', in: 'query', reason },
        { name: 'lat', in: 'query', reason },
      ],
    });
  }
  return punt;
}

/** The response schema of an operation listing objects of one kind around a point (each with afstand_m, added unless the item has it). */
export function rondResponse<K extends string>(key: K, item: z.ZodObject<z.ZodRawShape>, wat: string) {
  return z.object({
    punt: puntSchema.describe('Het gevraagde punt in WGS84 en RD'),
    radius_m: z.number().int().describe('Zoekstraal in meters'),
    aantal: z.number().int().describe(`Aantal ${wat} in het antwoord`),
    afgekapt: z.boolean().describe(`true als er meer ${wat} binnen de straal kunnen liggen dan teruggegeven (ten hoogste ${MAX_OBJECTEN})`),
    [key]: z.array('afstand_m' in item.shape ? item : item.extend({ afstand_m: afstandSchema })).describe(`${wat} binnen de straal, dichtstbijzijnde eerst`),
  } as { punt: typeof puntSchema; radius_m: z.ZodNumber; aantal: z.ZodNumber; afgekapt: z.ZodBoolean } & Record<K, z.ZodArray<z.ZodObject<z.ZodRawShape>>>);
}

/** Runs one "around a point" question and shapes the answer. */
export async function rondAntwoord<T>(
  key: string,
  query: RondQuery,
  vraag: (rd: Punt['rd'], radiusM: number) => Promise<Sourced<Rond<T>>>,
): Promise<OperationResult> {
  const punt = puntInNederland(query);
  const res = await vraag(punt.rd, query.radius);
  return {
    data: {
      punt,
      radius_m: query.radius,
      aantal: res.data.objecten.length,
      afgekapt: res.data.afgekapt,
      [key]: res.data.objecten,
    },
    bronnen: res.bronnen,
  };
}
