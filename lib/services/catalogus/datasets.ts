// GET /v1/catalogus/datasets: search in all open datasets of data.overheid.nl (CKAN package_search), with
// the URI-valued DCAT-AP-DONL fields answered as {uri, label} and a query_url for datasets this service can query.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { rowsPaging, textParam } from '@/lib/api/params';
import { zoekDatasets } from '@/lib/sources/data-overheid';
import { datasetZoekresultaatSchema } from '@/lib/sources/data-overheid-convert';

export const catalogusDatasets = operation({
  id: 'catalogus-datasets',
  path: '/v1/catalogus/datasets',
  api: 'catalogus',
  bronType: 'bron-api',
  summary: 'Zoeken in alle open datasets van de nationale catalogus (data.overheid.nl)',
  description:
    'Zoekt in de datasets van data.overheid.nl (CKAN package_search). q gaat ongewijzigd naar de zoekmachine van de catalogus ' +
    '(woorden, "exacte zinsdelen", AND/OR). instantie filtert op de verantwoordelijke instantie of de uitgever (DCAT-AP-DONL authority of publisher): ' +
    'geef de OWMS-URI, of de naam zoals die in instantie.label van een zoekresultaat staat, bijvoorbeeld "Hoogeveen (gemeente)". ' +
    'Zonder q en instantie komen alle datasets, laatst gewijzigd eerst. Velden met een URI in de catalogus (instantie, thema’s, licentie) ' +
    'komen als {uri, label}. query_url wijst naar /v1/datasets/{naam}/query als minstens één bestand bevraagbaar is (CSV, JSON, GeoJSON of een CBS-tabel). ' +
    'Zoekresultaten worden 10 minuten bewaard.',
  sources: ['data-overheid'],
  params: {
    query: z.object({
      q: textParam(1, 200, 'Zoekterm(en) in titel, beschrijving en trefwoorden, bijvoorbeeld "afval Hoogeveen"').optional().meta({ examples: ['Hoogeveen'] }),
      instantie: textParam(2, 300, 'Verantwoordelijke instantie: OWMS-URI of naam zoals in instantie.label, bijvoorbeeld "Hoogeveen (gemeente)"')
        .optional()
        .meta({ examples: ['Hoogeveen (gemeente)'] }),
      ...rowsPaging(100, 10),
    }),
  },
  statuses: [200, 400, 502],
  response: datasetZoekresultaatSchema,
  onderdeel: 'datasets',
  maxAgeSeconds: 600,
  async handle({ query, ctx }) {
    const result = await zoekDatasets({ q: query.q, instantie: query.instantie, rows: query.rows, start: query.start, signal: ctx.signal });
    return { data: result.data, bronnen: result.bronnen };
  },
});
