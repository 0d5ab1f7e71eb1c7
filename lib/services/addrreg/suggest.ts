// GET /v1/addrreg/suggest: type-ahead suggestions {id, weergavenaam, type} from the PDOK Locatieserver.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam, textParam } from '@/lib/api/params';
import { suggest } from '@/lib/sources/pdok-locatieserver';
import { suggestieSchema } from '@/lib/sources/pdok-locatieserver-convert';

const suggestData = z.object({
  aantal: z.number().int().describe('Totaal aantal treffers in de Locatieserver (numFound)'),
  suggesties: z.array(suggestieSchema).describe('Suggesties, beste eerst; hoogstens rows'),
});

export const addrregSuggest = operation({
  id: 'addrreg-suggest',
  path: '/v1/addrreg/suggest',
  api: 'addrreg',
  bronType: 'bron-api',
  summary: 'Suggesties tijdens het typen voor adressen, postcodes, straten en plaatsen',
  description:
    'Geeft suggesties {id, weergavenaam, type} uit de PDOK Locatieserver voor een (gedeeltelijke) zoekterm. ' +
    'Het id is te gebruiken in /v1/addrreg/lookup. Als de Locatieserver faalt, volgt een 502-probleem dat de bron noemt.',
  sources: ['pdok-locatieserver'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm, minimaal 2 tekens, bijvoorbeeld "damrak 1 amst"').meta({ examples: ['Damrak'] }),
      rows: intParam(1, 25, 'Aantal suggesties (1-25)').default(6).meta({ examples: [6] }),
    }),
  },
  // The spec lists 200 and 400; 502 is declared too because a failing upstream is answered as a 502 problem.
  statuses: [200, 400, 502],
  response: suggestData,
  onderdeel: 'suggest',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const result = await suggest(query.q, query.rows, ctx.signal);
    return { data: { aantal: result.data.aantal, suggesties: result.data.items }, bronnen: result.bronnen };
  },
});
