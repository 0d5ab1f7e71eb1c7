// GET /v1/distributiemonitor: the status of the distribution monitor. Always 200: before the first
// dataset_versie it says what is missing; after, the newest version, its sources and the operations.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { cachedVersies } from '@/lib/monitor/markt-cache';
import { ownServiceBron } from '@/lib/sources/bron';
import { MONITOR_LINKS } from './links';
import { API, MONITOR_BRONNEN, monitorBronnen, PREFIX } from './markt';
import { versieItem, versieSchema } from './versies';
import { OP_DATASET_VERSIE } from './versie-cache';

export const monitorStatus = operation({
  id: 'distributiemonitor-status',
  path: PREFIX,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Status van de distributiemonitor',
  description:
    'status beschikbaar: er is een datasetversie (de nieuwste staat erbij); wacht_op_import: nog geen versie, omdat het AFM-register (fsp) nog ' +
    'niet is geïmporteerd. De monitor wordt herberekend na elke publicatie van fsp, lei of finreg.',
  sources: MONITOR_BRONNEN,
  statuses: [200],
  response: z.object({
    status: z.enum(['beschikbaar', 'wacht_op_import']),
    toelichting: z.string(),
    nieuwste_versie: versieSchema.nullable(),
    aantal_versies: z.number().int(),
    operaties: z.array(z.object({ pad: z.string(), titel: z.string() })),
  }),
  onderdeel: 'status',
  async handle({ ctx }) {
    const versies = await cachedVersies(getDb());
    const nieuwste = versies[versies.length - 1];
    if (!nieuwste) {
      return {
        data: {
          status: 'wacht_op_import',
          toelichting: 'Nog geen datasetversie: importeer het AFM-register (npm run import -- fsp) of start met voorbeelddata (npm start op een lege database).',
          nieuwste_versie: null,
          aantal_versies: 0,
          operaties: MONITOR_LINKS,
        },
        bronnen: [ownServiceBron('Distributiemonitor')],
      };
    }
    return {
      data: {
        status: 'beschikbaar',
        toelichting: nieuwste.voorbeeld
          ? 'De monitor draait op gegenereerde VOORBEELDDATA, niet op officiële exports.'
          : 'De monitor is afgeleid van de gepubliceerde registers (AFM, GLEIF, DNB).',
        nieuwste_versie: versieItem(nieuwste, versies.length === 1),
        aantal_versies: versies.length,
        operaties: MONITOR_LINKS,
      },
      bronnen: monitorBronnen(nieuwste, ctx.startedAt),
    };
  },
});
