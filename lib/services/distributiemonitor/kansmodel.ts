// GET /v1/distributiemonitor/kansmodel: the top 20 consolidation-probability scores of a transparent
// logistic model with its public weights, and per entity the direction and each factor's contribution;
// CSV (one line per entity, two columns per factor) for standard and up.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { kansmodelVan } from '@/lib/monitor/berekening-cache';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { GEWICHTEN, type KansFactor, type KansRegel } from '@/lib/monitor/metrics/kansmodel';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorVersies, peildatumParam, PREFIX, versieOp } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

const kansFactor = z.enum(GEWICHTEN.map((g) => g.naam) as [KansFactor, ...KansFactor[]]);

/** CSV columns: the entity, then per factor (in the order of the weights) its scaled value and its contribution. */
const KANS_KOLOMMEN = ['entiteit_type', 'entiteit_id', 'naam', 'kans', 'richting', ...GEWICHTEN.flatMap((g) => [`${g.naam}_waarde`, `${g.naam}_bijdrage`])];

const kansCsvRij = (r: KansRegel) => ({ ...r, ...Object.fromEntries(r.bijdragen.flatMap((b) => [[`${b.factor}_waarde`, b.waarde], [`${b.factor}_bijdrage`, b.bijdrage]])) });

/** One factor of the model with its fixed weight (GEWICHTEN); also on /methodiek. */
export const kansGewichtSchema = z
  .object({
    naam: kansFactor.describe('De factor'),
    gewicht: z.number(),
    uitleg: z.string(),
    schaalformule: z.string().describe('Hoe de factor naar [0, 1] geschaald wordt'),
  })
  .meta({ id: 'KansGewicht' });

export const monitorKansmodel = operation({
  id: 'distributiemonitor-kansmodel',
  path: `${PREFIX}/kansmodel`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Top 20 consolidatiekansen met richting en publieke factorgewichten',
  description:
    'kans = 1 / (1 + e^-(intercept + Σ gewicht × factor)), factoren geschaald naar [0, 1]; gewichten en schaalformules staan in het antwoord en op /methodiek ' +
    '(vastgesteld, niet geschat). richting: zelf_consolidierend (won vestigingen in 12 maanden), overname_kandidaat (zelfstandig en kans ≥ 0,6), anders monitoring. ' +
    'CSV (standard en enterprise): de top 20, één regel per entiteit met entiteit_type, entiteit_id, naam, kans, richting en per factor ' +
    '<factor>_waarde (geschaald, 0-1) en <factor>_bijdrage (gewicht × waarde).',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam, formaat: monitorFormaat }) },
  statuses: [200, 400, 403, 503],
  response: z.object({
    gewichten: z.array(kansGewichtSchema),
    intercept: z.number(),
    top: z.array(
      z.object({
        entiteit_type: z.enum(['organisatie', 'hoofdholding']),
        entiteit_id: z.string().describe('KvK-nummer van een organisatie, LEI van een hoofdholding'),
        naam: z.string(),
        kans: z.number(),
        richting: z.enum(['overname_kandidaat', 'zelf_consolidierend', 'monitoring']),
        bijdragen: z.array(z.object({ factor: kansFactor, waarde: z.number(), bijdrage: z.number() })),
      }),
    ),
    dekking: dekkingSchema,
  }),
  onderdeel: 'kansmodel',
  async handle({ query, request, ctx }) {
    const versies = await monitorVersies();
    const v = versieOp(versies, query.peildatum, ctx.toegang);
    const [uitkomst, m] = await Promise.all([kansmodelVan(getDb(), v, versies), cachedMarkt(getDb(), v)]);
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: uitkomst.top.map(kansCsvRij), kolommen: KANS_KOLOMMEN, bestand: `kansmodel-${v.peildatum}`, bronnen: monitorBronnen(v, ctx.startedAt) });
    if (csv) return csv;
    return { data: { ...uitkomst, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(v, ctx.startedAt) };
  },
});
