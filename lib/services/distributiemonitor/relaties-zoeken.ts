// GET /v1/distributiemonitor/relaties/zoeken: entities (LEI entities in consolidation relationships and
// the organisations of the vestigingen) by part of the name, or exactly by KvK number or LEI, with their
// outgoing (to parents) and incoming (from children) relation counts; CSV for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam, textParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { cachedRelatieGraaf } from '@/lib/monitor/relatie-cache';
import { zoekRelaties } from '@/lib/monitor/relaties';
import { API, MONITOR_BRONNEN, dekking, dekkingSchema, monitorBronnen, monitorCsv, monitorFormaat, monitorMarkt, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

export const relatieEntiteitSchema = z.object({
  instelling_id: z.string().describe('LEI, of het KvK-nummer van een organisatie zonder LEI'),
  naam: z.string(),
  lei: z.string().nullable(),
  kvk_nummer: z.string().nullable(),
  uitgaand: z.number().int().describe('Relaties naar moeders: deze entiteit wordt door hen geconsolideerd'),
  inkomend: z.number().int().describe('Relaties van dochters: zij worden door deze entiteit geconsolideerd'),
  aantal_vestigingen_actief: z.number().int().describe('Actieve vestigingen van deze organisatie zelf'),
}).meta({ id: 'RelatieEntiteit' });

export const monitorRelatiesZoeken = operation({
  id: 'distributiemonitor-relaties-zoeken',
  path: `${PREFIX}/relaties/zoeken`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Entiteiten zoeken op naam of KvK-nummer met aantallen uitgaande en inkomende relaties',
  description:
    'q zoekt hoofdletterongevoelig in de naam (bevat), of exact op KvK-nummer of LEI. Relaties: GLEIF-consolidatierelaties die op de peildatum ' +
    'van de nieuwste datasetversie gelden. Meest verbonden entiteiten eerst. CSV (standard en enterprise): één regel per entiteit met dezelfde kolommen.',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      q: textParam(2, 200, 'Deel van de naam, of een KvK-nummer of LEI; minimaal 2 tekens').meta({ examples: ['Jansen'] }),
      rijen: intParam(1, 500, 'Aantal resultaten (1-500)').default(50).meta({ examples: [10] }),
      formaat: monitorFormaat,
    }),
  },
  statuses: [200, 400, 403, 503],
  response: z.object({ totaal: z.number().int(), entiteiten: z.array(relatieEntiteitSchema), dekking: dekkingSchema }),
  onderdeel: 'relaties',
  async handle({ query, request, ctx }) {
    const m = await monitorMarkt(ctx.toegang);
    const g = await cachedRelatieGraaf(getDb(), m.versie);
    const gevonden = zoekRelaties(g, query.q, query.rijen);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: gevonden.entiteiten, kolommen: Object.keys(relatieEntiteitSchema.shape), bestand: `relaties-${m.versie.peildatum}`, bronnen: monitorBronnen(m.versie, ctx.startedAt) });
    if (csv) return csv;
    return { data: { ...gevonden, dekking: dekking(m, null) }, bronnen: monitorBronnen(m.versie, ctx.startedAt) };
  },
});
