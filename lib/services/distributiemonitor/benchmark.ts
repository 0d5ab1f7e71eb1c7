// GET /v1/distributiemonitor/benchmark: the distribution of a peer group (segment by product breadth
// and/or place) per metric, and the percentile position of one vestiging in it.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { textParam } from '@/lib/api/params';
import { BENCHMARK_METRIEKEN, benchmark, SEGMENT_REGEL, SEGMENTEN } from '@/lib/monitor/metrics/benchmark';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorMarkt, nietGevonden, peildatumParam, PREFIX } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

const verdeling = z.object({
  n: z.number().int(),
  min: z.number().nullable(),
  p10: z.number().nullable(),
  p25: z.number().nullable(),
  p50: z.number().nullable(),
  p75: z.number().nullable(),
  p90: z.number().nullable(),
  max: z.number().nullable(),
});

const segment = z.enum(SEGMENTEN as [string, ...string[]]);

export const monitorBenchmark = operation({
  id: 'distributiemonitor-benchmark',
  path: `${PREFIX}/benchmark`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Verdeling binnen de peergroep en eigen percentielpositie van een vestiging',
  description:
    `Peergroep: actieve vestigingen, gefilterd op segment en/of plaats. ${SEGMENT_REGEL} Metrieken: ${BENCHMARK_METRIEKEN.map((m) => m.metriek).join(', ')}. ` +
    'Met vestiging_id ook haar eigen waarde en percentielpositie (aandeel peers met een lagere waarde plus de helft van de gelijke, × 100).',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      peergroep_seg: segment.optional().describe('Segment naar productbreedte: q1_smal, q2, q3 of q4_breed').meta({ examples: ['q2'] }),
      peergroep_regio: textParam(1, 100, 'Plaatsnaam (hoofdletterongevoelig, exact)').optional().meta({ examples: ['Delft'] }),
      vestiging_id: z.string().regex(/^V[A-Z2-7]{10}$/, { message: "vestiging_id is 'V' gevolgd door 10 tekens" }).optional().describe('Vestiging waarvan de positie wordt getoond').meta({ examples: ['V222RCH7SAL'] }),
      peildatum: peildatumParam,
    }),
  },
  statuses: [200, 400, 404, 503],
  response: z.object({
    peildatum: z.iso.date().describe('Peildatum van de datasetversie (JJJJ-MM-DD)'),
    peergroep: z.object({ segment: segment.nullable(), plaats: z.string().nullable().describe('De plaats uit peergroep_regio; null zonder'), n: z.number().int() }),
    segmentgrenzen: z
      .object({ q1_smal: z.number().int().nullable(), q2: z.number().int().nullable(), q3: z.number().int().nullable() })
      .describe('Bovengrenzen c1..c3 van de segmenten (productbreedte) over de hele actieve markt: t/m q1_smal is q1_smal, t/m q2 is q2, t/m q3 is q3, daarboven q4_breed; null zonder actieve vestigingen'),
    vestiging: z
      .object({
        vestiging_id: z.string(),
        naam: z.string(),
        plaats: z.string().nullable(),
        actief: z.boolean(),
        segment: segment.nullable().describe('Segment van de vestiging naar productbreedte'),
      })
      .nullable()
      .describe('De gevraagde vestiging (vestiging_id); null zonder vestiging_id'),
    metrieken: z.array(
      z.object({ metriek: z.string(), beschrijving: z.string(), verdeling, eigen: z.object({ waarde: z.number().nullable(), percentiel: z.number().nullable() }).optional() }),
    ),
    dekking: dekkingSchema,
  }),
  onderdeel: 'benchmark',
  async handle({ query, ctx }) {
    const m = await monitorMarkt(ctx.toegang, query.peildatum);
    const b = benchmark({
      vestigingen: m.vestigingen,
      peildatum: m.versie.peildatum,
      peergroep_seg: query.peergroep_seg as (typeof SEGMENTEN)[number] | undefined,
      peergroep_regio: query.peergroep_regio,
      vestiging_id: query.vestiging_id,
    });
    if (!b) throw nietGevonden('Vestiging', query.vestiging_id!, m);
    return { data: { ...b, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(m.versie, ctx.startedAt) };
  },
});
