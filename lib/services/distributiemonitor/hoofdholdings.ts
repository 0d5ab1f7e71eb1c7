// GET /v1/distributiemonitor/hoofdholdings: the ranking of the hoofdholdingen (tops of ownership chains) by
// number of vestigingen, up to sector_rang_max, optionally as of a date.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam } from '@/lib/api/params';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorMarkt, peildatumParam, PREFIX } from './markt';

export const hoofdholdingSchema = z.object({
  hoofdholding_id: z.string().describe('LEI van de hoofdholding'),
  naam: z.string(),
  holding_ids: z.array(z.string()).describe('De tussenholdings eronder'),
  vestiging_ids: z.array(z.string()),
  sector_rang: z.number().int().describe('1 = meeste vestigingen; gelijke aantallen op naam, dan id'),
  aantal_vestigingen: z.number().int(),
  aandeel_pct: z.number().describe('Aandeel in alle actieve vestigingen, in procenten'),
});

export const monitorHoofdholdings = operation({
  id: 'distributiemonitor-hoofdholdings',
  path: `${PREFIX}/hoofdholdings`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Ranglijst van hoofdholdings, filterbaar op maximale sector_rang',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      sector_rang_max: intParam(1, 100000, 'Alleen hoofdholdings met sector_rang tot en met deze waarde (vanaf 1)').optional(),
      peildatum: peildatumParam,
    }),
  },
  statuses: [200, 400, 503],
  response: z.object({ totaal: z.number().int(), hoofdholdings: z.array(hoofdholdingSchema), dekking: dekkingSchema }),
  onderdeel: 'hoofdholdings',
  async handle({ query, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const actief = m.versie.aantallen.vestigingen_actief ?? m.vestigingen.filter((v) => v.actief).length;
    const max = query.sector_rang_max ?? Number.MAX_SAFE_INTEGER;
    const lijst = m.hoofdholdingen
      .filter((h) => h.sector_rang <= max)
      .map((h) => ({
        ...h,
        aantal_vestigingen: h.vestiging_ids.length,
        aandeel_pct: actief === 0 ? 0 : Math.round((1000 * h.vestiging_ids.filter((id) => m.vestiging.get(id)?.actief).length) / actief) / 10,
      }));
    return {
      data: { totaal: m.hoofdholdingen.length, hoofdholdings: lijst, dekking: dekking(m, query.peildatum ?? null) },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
