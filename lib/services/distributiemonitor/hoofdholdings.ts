// GET /v1/distributiemonitor/hoofdholdings: the ranking of the hoofdholdingen (tops of ownership chains) by
// number of vestigingen, up to sector_rang_max, optionally as of a date; CSV for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam } from '@/lib/api/params';
import { hoofdholdingRijen, KOLOMMEN } from '@/lib/monitor/export';
import { HOLDING_ZONDER_NAAM } from '@/lib/monitor/holding-naam';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorMarkt, peildatumParam, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

export const hoofdholdingSchema = z.object({
  hoofdholding_id: z.string().describe('LEI van de hoofdholding'),
  naam: z.string().describe(`Naam uit GLEIF; "${HOLDING_ZONDER_NAAM}" als GLEIF er geen geeft (de LEI staat in hoofdholding_id)`),
  holding_ids: z.array(z.string()).describe('De tussenholdings eronder'),
  vestiging_ids: z.array(z.string()),
  sector_rang: z.number().int().describe('1 = meeste actieve vestigingen; gelijke aantallen op naam, dan id'),
  aantal_vestigingen: z.number().int().describe('Alle vestiging_ids, ook beëindigde (ooit)'),
  aantal_vestigingen_actief: z.number().int().describe('Actieve vestigingen op de peildatum: de telling van de rang, het aandeel en elke weergave (ook /netwerk en /structuur)'),
  aandeel_pct: z.number().describe('aantal_vestigingen_actief als aandeel van alle actieve vestigingen, in procenten'),
}).meta({ id: 'Hoofdholding' });

export const monitorHoofdholdings = operation({
  id: 'distributiemonitor-hoofdholdings',
  path: `${PREFIX}/hoofdholdings`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Ranglijst van hoofdholdings, filterbaar op maximale sector_rang',
  description: 'Op sector_rang. CSV (standard en enterprise): één regel per hoofdholding met dezelfde kolommen; holding_ids en vestiging_ids als JSON-lijst.',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      sector_rang_max: intParam(1, 100000, 'Alleen hoofdholdings met sector_rang tot en met deze waarde (vanaf 1)').optional().meta({ examples: [5] }),
      peildatum: peildatumParam,
      formaat: monitorFormaat,
    }),
  },
  statuses: [200, 400, 403, 503],
  response: z.object({ totaal: z.number().int(), hoofdholdings: z.array(hoofdholdingSchema), dekking: dekkingSchema }),
  onderdeel: 'hoofdholdings',
  async handle({ query, request, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const max = query.sector_rang_max ?? Number.MAX_SAFE_INTEGER;
    const lijst = hoofdholdingRijen(m).filter((h) => h.sector_rang <= max);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: lijst, kolommen: KOLOMMEN.hoofdholdingen, bestand: `hoofdholdings-${m.versie.peildatum}`, bronnen: monitorBronnen(m.versie, ctx.startedAt) });
    if (csv) return csv;
    return {
      data: { totaal: m.hoofdholdingen.length, hoofdholdings: lijst, dekking: dekking(m, query.peildatum ?? null) },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
