// GET /v1/distributiemonitor/radar: consolidators (hoofdholdingen by vestigingen gained in 12 months),
// target signalling (independent vestigingen with the strongest takeover signals, a points model) and
// market movement (entries, exits, takeovers, moves per month), optionally as of a date.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { radarVan } from '@/lib/monitor/berekening-cache';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { DOELWIT_SIGNALEN } from '@/lib/monitor/metrics/radar';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorVersies, peildatumParam, PREFIX, versieOp } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

export const monitorRadar = operation({
  id: 'distributiemonitor-radar',
  path: `${PREFIX}/radar`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Overzicht van consolidatoren, signalering van overnamedoelen en marktbeweging',
  description:
    'consolidatoren: hoofdholdings naar vestigingen gewonnen (wijzigingen overgenomen) in de 12 maanden tot de peildatum; doelwitten: zelfstandige ' +
    `actieve vestigingen met de hoogste puntenscore (${DOELWIT_SIGNALEN.map((s) => `${s.signaal} ${s.punten}`).join(', ')}); marktbeweging: nieuw, ` +
    'beëindigd, overgenomen en verhuisd per maand. De nulmeting (eerste versie) telt niet als beweging. Formules op /methodiek.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam }) },
  statuses: [200, 400, 503],
  response: z.object({
    periode: z.object({ van: z.string(), tot: z.string(), maanden: z.number().int() }),
    consolidatoren: z.array(
      z.object({
        hoofdholding_id: z.string(),
        naam: z.string(),
        gewonnen: z.number().int(),
        verloren: z.number().int(),
        netto: z.number().int(),
        vestigingen_nu: z.number().int().describe('Actieve vestigingen van de hoofdholding op de peildatum (dezelfde telling als /hoofdholdings)'),
        sector_rang: z.number().int().nullable(),
      }),
    ),
    doelwitten: z.array(
      z.object({
        vestiging_id: z.string(),
        naam: z.string(),
        plaats: z.string().nullable(),
        score: z.number(),
        signalen: z.array(z.object({ signaal: z.string(), punten: z.number() })),
      }),
    ),
    marktbeweging: z.array(z.object({ maand: z.string(), nieuw: z.number().int(), beeindigd: z.number().int(), overgenomen: z.number().int(), verhuisd: z.number().int() })),
    dekking: dekkingSchema,
  }),
  onderdeel: 'radar',
  async handle({ query, ctx }) {
    const versies = await monitorVersies();
    const v = versieOp(versies, query.peildatum, ctx.toegang);
    const [uitkomst, m] = await Promise.all([radarVan(getDb(), v, versies), cachedMarkt(getDb(), v)]);
    return { data: { ...uitkomst, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(v, ctx.startedAt) };
  },
});
