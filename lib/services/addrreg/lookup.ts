// GET /v1/addrreg/lookup: one object of the PDOK Locatieserver by its id, fully normalised.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { lookup } from '@/lib/sources/pdok-locatieserver';
import { locatieSchema } from '@/lib/sources/pdok-locatieserver-convert';

/** Locatieserver ids: a three-letter type prefix (adr, pcd, weg, wpl, gem, …) and 32 hexadecimal characters. */
export const locatieserverId = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z]{3}-[0-9a-f]{32}$/, {
    message: 'id is een Locatieserver-id: drie letters, een streepje en 32 hexadecimale tekens, bijvoorbeeld adr-bf54db721969487ed33ba84d9973c702',
  })
  .describe('Id uit de Locatieserver (bijvoorbeeld uit /v1/addrreg/suggest), zoals adr-bf54db721969487ed33ba84d9973c702');

export const addrregLookup = operation({
  id: 'addrreg-lookup',
  path: '/v1/addrreg/lookup',
  api: 'addrreg',
  bronType: 'bron-api',
  summary: 'Eén adres of andere locatie opvragen met een Locatieserver-id',
  description:
    'Geeft het volledig genormaliseerde object bij een id uit /v1/addrreg/suggest of /v1/addrreg/adressen: adresdelen, ' +
    'gemeente, provincie, wijk- en buurtcode, BAG-ids, gekoppelde percelen en coördinaten in WGS84 en RD. 404 als de Locatieserver het id niet kent.',
  sources: ['pdok-locatieserver'],
  params: { query: z.object({ id: locatieserverId.meta({ examples: ['adr-bf54db721969487ed33ba84d9973c702'] }) }) },
  statuses: [200, 400, 404, 502],
  response: locatieSchema,
  onderdeel: 'lookup',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const result = await lookup(query.id, ctx.signal);
    if (!result.data) {
      throw new Problem('not_found', { detail: `De Locatieserver kent geen object met id ${query.id}.` });
    }
    return { data: result.data, bronnen: result.bronnen };
  },
});
