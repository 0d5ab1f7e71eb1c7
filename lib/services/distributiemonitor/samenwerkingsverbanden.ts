// GET /v1/distributiemonitor/samenwerkingsverbanden: networks without capital tie (franchise formulas,
// purchasing groups): the top 20 by size plus the total count, optionally as of a date; CSV for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { REGEL } from '@/lib/monitor/derive/samenwerking';
import { KOLOMMEN } from '@/lib/monitor/export';
import { readSamenwerkingsverbanden } from '@/lib/monitor/store';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorMarkt, peildatumParam, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

/** How many networks the answer lists (the spec: top 20 by size). */
const TOP = 20;

export const samenwerkingSchema = z.object({
  samenwerkingsverband_id: z.string().describe("Stabiel id: 'S' + 10 tekens, afgeleid van de gedeelde sleutel"),
  naam: z.string().describe('De meest gedeelde handelsnaam'),
  soort: z.enum(['handelsnaam', 'klachteninstituut', 'beide']),
  sleutels: z.array(z.string()),
  vestiging_ids: z.array(z.string()),
  kvk_nummers: z.array(z.string()),
  aantal_vestigingen: z.number().int(),
  aantal_organisaties: z.number().int(),
  plaatsen: z.array(z.string()),
});

export const monitorSamenwerkingsverbanden = operation({
  id: 'distributiemonitor-samenwerkingsverbanden',
  path: `${PREFIX}/samenwerkingsverbanden`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Netwerken zonder kapitaalband (franchise, inkoopgroepen): top 20 naar omvang plus totaal aantal',
  description: `${REGEL} CSV (standard en enterprise): de top 20, één regel per samenwerkingsverband met dezelfde kolommen; lijsten als JSON. Alle samenwerkingsverbanden: de bulkexport (enterprise).`,
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam, formaat: monitorFormaat }) },
  statuses: [200, 400, 403, 503],
  response: z.object({ totaal: z.number().int(), top: z.array(samenwerkingSchema), regel: z.string(), dekking: dekkingSchema }),
  onderdeel: 'samenwerkingsverbanden',
  async handle({ query, request, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const top = await readSamenwerkingsverbanden(getDb(), m.versie.id, TOP);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: top, kolommen: KOLOMMEN.samenwerkingsverbanden, bestand: `samenwerkingsverbanden-${m.versie.peildatum}`, bronnen: monitorBronnen(m.versie, ctx.startedAt) });
    if (csv) return csv;
    const totaal = m.versie.aantallen.samenwerkingsverbanden ?? top.length;
    return { data: { totaal, top, regel: REGEL, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(m.versie, ctx.startedAt) };
  },
});
