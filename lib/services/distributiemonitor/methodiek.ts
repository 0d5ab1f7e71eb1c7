// GET /v1/distributiemonitor/methodiek: the full registry of the monitor: the derivation and versioning
// rules, and per metric its formula, inputs, weights or points, parameters, source and limitations.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { AFLEIDING } from '@/lib/monitor/afleiding';
import { methodiek } from '@/lib/monitor/metrics/methodiek';
import { ownServiceBron } from '@/lib/sources/bron';
import { huishoudensBronSchema } from './hypotheek';
import { kansGewichtSchema } from './kansmodel';
import { API, MONITOR_BRONNEN, PREFIX } from './markt';

/** One metric of the registry (MethodiekItem): every metric has id to beperkingen; the rest where it applies. */
const methodiekItemSchema = z
  .object({
    id: z.string().describe('Vaste id: radar.consolidatoren, kansmodel, hypotheek.voorraad, kengetal.hhi, ...'),
    titel: z.string(),
    formule: z.string(),
    invoer: z.array(z.string()).describe('De gegevens waaruit de metriek berekend wordt'),
    eenheid: z.string().optional(),
    gewichten: z.array(kansGewichtSchema).optional().describe('Bij het kansmodel: de factoren met hun vaste gewichten'),
    intercept: z.number().optional(),
    signalen: z
      .array(z.object({ signaal: z.string(), punten: z.number(), uitleg: z.string() }))
      .optional()
      .describe('Bij een puntensignalering: de signalen met hun punten'),
    parameterwaarden: z.record(z.string(), z.union([z.number(), z.string()])).optional().describe('Vaste parameters van de berekening, op naam'),
    brontabel: huishoudensBronSchema.optional().describe('De meegeleverde tabel waarop de metriek rust'),
    beperkingen: z.array(z.string()),
  })
  .meta({ id: 'MethodiekMetriek' });

export const monitorMethodiek = operation({
  id: 'distributiemonitor-methodiek',
  path: `${PREFIX}/methodiek`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Volledig register van de metrieken van de distributiemonitor',
  description: 'afleidingsregels: hoe vestigingen, holdings, samenwerkingsverbanden, versies en as-of-antwoorden tot stand komen; metrieken: per metriek formule, invoer, gewichten of punten en beperkingen.',
  sources: MONITOR_BRONNEN,
  statuses: [200],
  response: z.object({
    afleidingsregels: z.array(z.object({ id: z.string(), titel: z.string(), regel: z.string(), bronnen: z.array(z.string()) })),
    metrieken: z.array(methodiekItemSchema),
  }),
  onderdeel: 'methodiek',
  maxAgeSeconds: 3600,
  async handle() {
    return { data: { afleidingsregels: AFLEIDING, metrieken: methodiek() }, bronnen: [ownServiceBron('Distributiemonitor: methodiek')] };
  },
});
