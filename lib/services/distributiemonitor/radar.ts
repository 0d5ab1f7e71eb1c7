// GET /v1/distributiemonitor/radar: consolidators (hoofdholdingen by vestigingen gained in 12 months),
// target signalling (independent vestigingen with the strongest takeover signals, a points model) and
// market movement (entries, exits, takeovers, moves per month), optionally as of a date; with the rolling
// 12-month totals per version, so the dashboard's radar view needs this one answer (issue 22).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { radarVan } from '@/lib/monitor/berekening-cache';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { DOELWIT_SIGNALEN } from '@/lib/monitor/metrics/radar';
import type { KengetalNaam } from '@/lib/monitor/metrics/kengetallen';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorVersies, peildatumParam, PREFIX, versieOp, zichtbareVersies } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

/** The key figures of the rolling 12-month movement (lib/monitor/metrics/kengetallen.ts). */
export const RADAR_VOORTSCHRIJDEND = ['nieuw_12m', 'beeindigd_12m', 'overnames_12m', 'verhuisd_12m'] as const satisfies readonly KengetalNaam[];

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
    periode: z.object({ begindatum: z.iso.date(), einddatum: z.iso.date(), maanden: z.number().int() }),
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
    marktbeweging: z.array(z.object({ maand: z.string(), aantal_nieuw: z.number().int(), aantal_beeindigd: z.number().int(), aantal_overgenomen: z.number().int(), aantal_verhuisd: z.number().int() })),
    voortschrijdend: z
      .array(
        z.object({
          versie_id: z.number().int(),
          peildatum: z.iso.date(),
          ...Object.fromEntries(RADAR_VOORTSCHRIJDEND.map((k) => [k, z.number().nullable()])),
        }),
      )
      .describe(
        `De voortschrijdende 12-maandstotalen (${RADAR_VOORTSCHRIJDEND.join(', ')}) in elke datasetversie die u mag zien tot en met de gekozen, ` +
          'oudste eerst: dezelfde waarden als de reeks van die kengetallen in /metrieken',
      ),
    dekking: dekkingSchema,
  }),
  onderdeel: 'radar',
  async handle({ query, ctx }) {
    const versies = await monitorVersies();
    const v = versieOp(versies, query.peildatum, ctx.toegang);
    const [uitkomst, m] = await Promise.all([radarVan(getDb(), v, versies), cachedMarkt(getDb(), v)]);
    const voortschrijdend = zichtbareVersies(versies, ctx.toegang)
      .filter((x) => x.id <= v.id)
      .map((x) => ({ versie_id: x.id, peildatum: x.peildatum, ...Object.fromEntries(RADAR_VOORTSCHRIJDEND.map((k) => [k, x.kengetallen[k] ?? null])) }));
    return { data: { ...uitkomst, voortschrijdend, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(v, ctx.startedAt) };
  },
});
