// GET /v1/distributiemonitor/methodiek: the full registry of the monitor: the derivation and versioning
// rules, and per metric its formula, inputs, weights or points, parameters, source and limitations.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { AFLEIDING } from '@/lib/monitor/afleiding';
import { methodiek } from '@/lib/monitor/metrics/methodiek';
import { ownServiceBron } from '@/lib/sources/bron';
import { API, MONITOR_BRONNEN, PREFIX } from './markt';

export const monitorMethodiek = operation({
  id: 'distributiemonitor-methodiek',
  path: `${PREFIX}/methodiek`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Volledig register van de metrieken van de distributiemonitor',
  description: 'afleiding: hoe vestigingen, holdings, samenwerkingsverbanden, versies en as-of-antwoorden tot stand komen; metrieken: per metriek formule, invoer, gewichten of punten en beperkingen.',
  sources: MONITOR_BRONNEN,
  statuses: [200],
  response: z.object({
    afleiding: z.array(z.object({ id: z.string(), titel: z.string(), regel: z.string(), bronnen: z.array(z.string()) })),
    metrieken: z.array(z.record(z.string(), z.unknown()).describe('id, titel, formule, invoer, eenheid, gewichten, intercept, punten, parameters, bron, beperkingen')),
  }),
  onderdeel: 'methodiek',
  maxAgeSeconds: 3600,
  async handle() {
    return { data: { afleiding: AFLEIDING, metrieken: methodiek() }, bronnen: [ownServiceBron('Distributiemonitor: methodiek')] };
  },
});
