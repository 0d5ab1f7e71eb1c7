// GET /v1/addrreg/adressen: free-text search in the PDOK Locatieserver, answered as standardised objects.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam, textParam } from '@/lib/api/params';
import { LOCATIESERVER_MAX_START, free } from '@/lib/sources/pdok-locatieserver';
import { locatieSchema } from '@/lib/sources/pdok-locatieserver-convert';

const adressenData = z.object({
  aantal: z.number().int().describe('Totaal aantal treffers in de Locatieserver (numFound)'),
  start: z.number().int().describe('Index van het eerste teruggegeven resultaat'),
  rows: z.number().int().describe('Gevraagd aantal resultaten'),
  adressen: z
    .array(locatieSchema)
    .describe('Gestandaardiseerde objecten, beste eerst; meestal adressen, maar ook postcodes, straten (weg), woonplaatsen en gemeenten'),
});

export const addrregAdressen = operation({
  id: 'addrreg-adressen',
  path: '/v1/addrreg/adressen',
  api: 'addrreg',
  bronType: 'bron-api',
  summary: 'Adressen en andere locaties zoeken in de PDOK Locatieserver',
  description:
    'Vrij zoeken op adres, postcode, straat, woonplaats of gemeente. Elk resultaat is een gestandaardiseerd object: ' +
    'snake_case, gemeentecode met GM-voorvoegsel, BAG-ids, gekoppelde percelen en coördinaten in WGS84 en RD; null betekent onbekend. ' +
    `start is begrensd op ${LOCATIESERVER_MAX_START}, het maximum van de Locatieserver.`,
  sources: ['pdok-locatieserver'],
  params: {
    query: z.object({
      q: textParam(2, 200, 'Zoekterm, minimaal 2 tekens, bijvoorbeeld "Europalaan 93 Utrecht"').meta({ examples: ['Bolstraat 1 Utrecht'] }),
      rows: intParam(1, 50, 'Aantal resultaten (1-50)').default(8).meta({ examples: [8] }),
      start: intParam(0, LOCATIESERVER_MAX_START, `Index van het eerste resultaat (0-${LOCATIESERVER_MAX_START})`).default(0).meta({ examples: [0] }),
    }),
  },
  statuses: [200, 400, 502],
  response: adressenData,
  onderdeel: 'adressen',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const result = await free(query.q, query.rows, query.start, ctx.signal);
    return {
      data: { aantal: result.data.aantal, start: result.data.start, rows: query.rows, adressen: result.data.items },
      bronnen: result.bronnen,
    };
  },
});
