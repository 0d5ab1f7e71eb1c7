// GET /v1/distributiemonitor/holdings: every holding (an entity with a participation in vestigingen through
// LEI consolidation) with its vestigingen, its hoofdholding and its type, paged, optionally as of a date.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { registerPaging } from '@/lib/api/params';
import { holdingRij, KOLOMMEN } from '@/lib/monitor/export';
import { HOLDING_ZONDER_NAAM } from '@/lib/monitor/holding-naam';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorMarkt, pagina, paginaSchema, peildatumParam, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

export const holdingSchema = z.object({
  holding_id: z.string().describe('LEI van de holding'),
  naam: z.string().describe(`Naam uit GLEIF; "${HOLDING_ZONDER_NAAM}" als GLEIF er geen geeft (de LEI staat in holding_id)`),
  vestiging_ids: z.array(z.string()).describe('Alle vestigingen eronder (ook via tussenholdings)'),
  hoofdholding_id: z.string(),
  type: z.enum(['hoofdholding', 'tussenholding']),
  moeder_id: z.string().nullable().describe('De holding direct erboven; null voor een hoofdholding'),
  kvk_nummer: z.string().nullable(),
  aantal_vestigingen: z.number().int().describe('Alle vestiging_ids, ook beëindigde (ooit)'),
  aantal_vestigingen_actief: z.number().int().describe('Actieve vestigingen op de peildatum: de telling die elke weergave toont (zoals /hoofdholdings en /netwerk)'),
}).meta({ id: 'Holding' });

export const monitorHoldings = operation({
  id: 'distributiemonitor-holdings',
  path: `${PREFIX}/holdings`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Alle holdings met onderliggende vestigingen en dekking',
  description:
    'Elke entiteit boven een vestiging in een GLEIF-consolidatieketen (gekoppeld op KvK-nummer), met alle vestigingen eronder. ' +
    'Gesorteerd op aantal actieve vestigingen (aflopend), dan naam. dekking zegt hoeveel actieve vestigingen een LEI hebben en hoeveel onder een hoofdholding vallen.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam, ...registerPaging, formaat: monitorFormaat }) },
  statuses: [200, 400, 403, 503],
  response: z.object({
    ...paginaSchema,
    holdings: z.array(holdingSchema),
    dekking: dekkingSchema,
  }),
  onderdeel: 'holdings',
  async handle({ query, request, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const gesorteerd = m.holdings
      .map((h) => holdingRij(h, m.vestiging))
      .sort(
        (a, b) =>
          b.aantal_vestigingen_actief - a.aantal_vestigingen_actief || a.naam.localeCompare(b.naam, 'nl') || (a.holding_id < b.holding_id ? -1 : 1),
      );
    const { items: holdings, ...paging } = pagina(request, query, gesorteerd);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: holdings, kolommen: KOLOMMEN.holdings, bestand: `holdings-${m.versie.peildatum}-${query.start}`, bronnen: monitorBronnen(m.versie, ctx.startedAt) });
    if (csv) return csv;
    return {
      data: { ...paging, holdings, dekking: dekking(m, query.peildatum ?? null) },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
