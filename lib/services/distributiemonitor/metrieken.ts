// The sixteen key-figure operations of the distribution monitor (the spec names sixteen metric endpoints
// without paths): GET /v1/distributiemonitor/metrieken/{naam in kebab case}, one declared operation per key figure of
// lib/monitor/metrics/kengetallen.ts, each answering its value as of a date and its series over every
// dataset_versie (computed once per version at recompute). Plus the index /metrieken with all sixteen.
// CSV for standard and up: the series (one line per version), the index (one line per key figure).
import { z } from 'zod';
import { operation, type Operation } from '@/lib/api/operation';
import { KENGETALLEN, type Kengetal } from '@/lib/monitor/metrics/kengetallen';
import { getDb } from '@/lib/db/client';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorCsv, monitorFormaat, monitorVersies, peildatumParam, PREFIX, versieOp, zichtbareVersies } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

const reeksPunt = z.object({ versie_id: z.number().int(), peildatum: z.iso.date(), waarde: z.number().nullable() }).meta({ id: 'MetriekPunt' });
const metriekSchema = z.object({
  naam: z.string(),
  titel: z.string(),
  eenheid: z.string(),
  formule: z.string(),
  invoer: z.array(z.string()),
  uitleg: z.string().describe('Wat het kengetal zegt, in gewone taal'),
  schaal: z
    .object({
      min: z.number().nullable(),
      max: z.number().nullable(),
      banden: z.array(z.object({ ondergrens: z.number(), bovengrens: z.number().nullable(), label: z.string() }).meta({ id: 'Leesband' })).describe('De gebruikelijke leesbanden (HHI), anders leeg'),
    })
    .describe('Het bereik van het kengetal (null = onbegrensd) en zijn leesbanden')
    .meta({ id: 'MetriekSchaal' }),
  waarde: z.number().nullable().describe('De waarde in de gekozen versie (null als die versie het kengetal niet kent)'),
  reeks: z.array(reeksPunt).describe('De waarde in elke datasetversie tot en met de gekozen, oudste eerst'),
}).meta({ id: 'Metriek' });

/** The path of a key figure: its naam in kebab case (paths are kebab case; the naam stays snake case in data). */
export const metriekSegment = (naam: string) => naam.replace(/_/g, '-');
const pad = (k: Kengetal) => `${PREFIX}/metrieken/${metriekSegment(k.naam)}`;

/** A key figure's value in each of the given versions, oldest first as the list gives them. */
function reeksVan(k: Kengetal, versies: readonly { id: number; peildatum: string; kengetallen: Record<string, number> }[]) {
  return versies.map((x) => ({ versie_id: x.id, peildatum: x.peildatum, waarde: x.kengetallen[k.naam] ?? null }));
}

function metriekOperation(k: Kengetal): Operation {
  return operation({
    id: `distributiemonitor-metriek-${k.naam.replace(/_/g, '-')}`,
    path: pad(k),
    api: API,
    cache: OP_DATASET_VERSIE,
    bronType: 'eigen-dienst',
    summary: `Kengetal: ${k.titel}`,
    description:
      `${k.formule} Eenheid: ${k.eenheid}. Met peildatum de waarde zoals op die datum; reeks geeft de waarde per datasetversie. ` +
      'CSV (standard en enterprise): de reeks, één regel per versie met naam, versie_id, peildatum en waarde.',
    sources: MONITOR_BRONNEN,
    params: { query: z.object({ peildatum: peildatumParam, formaat: monitorFormaat }) },
    statuses: [200, 400, 403, 503],
    response: metriekSchema.extend({ dekking: dekkingSchema }).meta({ id: 'MetriekMetDekking' }),
    onderdeel: 'metriek',
    async handle({ query, request, ctx }) {
      const versies = await monitorVersies();
      const v = versieOp(versies, query.peildatum, ctx.toegang);
      const reeks = reeksVan(k, zichtbareVersies(versies, ctx.toegang).filter((x) => x.id <= v.id));
      const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: reeks.map((p) => ({ naam: k.naam, ...p })), kolommen: ['naam', 'versie_id', 'peildatum', 'waarde'], bestand: `${k.naam}-${v.peildatum}`, bronnen: monitorBronnen(v, ctx.startedAt) });
      if (csv) return csv;
      const m = await cachedMarkt(getDb(), v);
      return {
        data: {
          ...k,
          waarde: v.kengetallen[k.naam] ?? null,
          reeks,
          dekking: dekking(m, query.peildatum ?? null),
        },
        bronnen: monitorBronnen(v, ctx.startedAt),
      };
    },
  });
}

/** naam → its operation. */
export const monitorMetriekOperaties = new Map<string, Operation>(KENGETALLEN.map((k) => [k.naam, metriekOperation(k)]));

/** The operation of one key figure by its naam (for its route file). */
export function monitorMetriek(naam: string): Operation {
  const op = monitorMetriekOperaties.get(naam);
  if (!op) throw new Error(`onbekend kengetal: ${naam}`);
  return op;
}

export const monitorMetrieken = operation({
  id: 'distributiemonitor-metrieken',
  path: `${PREFIX}/metrieken`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'De zestien kengetallen van de distributiemonitor met hun waarde, reeks en pad',
  description:
    'Per kengetal formule, eenheid, schaal, uitleg, de waarde in de gekozen versie en de reeks over de datasetversies tot en met die versie (dezelfde als die van zijn eigen operatie). ' +
    'Elk kengetal heeft een eigen operatie onder /metrieken/ plus zijn naam met streepjes (pad in data.metrieken[].pad). ' +
    'CSV (standard en enterprise): één regel per kengetal met naam, titel, eenheid, waarde, pad, formule en invoer (JSON-lijst).',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam, formaat: monitorFormaat }) },
  statuses: [200, 400, 403, 503],
  response: z.object({ metrieken: z.array(metriekSchema.extend({ pad: z.string() })), dekking: dekkingSchema }),
  onderdeel: 'metrieken',
  async handle({ query, request, ctx }) {
    const versies = await monitorVersies();
    const v = versieOp(versies, query.peildatum, ctx.toegang);
    const zichtbaar = zichtbareVersies(versies, ctx.toegang).filter((x) => x.id <= v.id);
    const metrieken = KENGETALLEN.map((k) => ({ ...k, waarde: v.kengetallen[k.naam] ?? null, reeks: reeksVan(k, zichtbaar), pad: pad(k) }));
    const csv = monitorCsv(request, { formaat: query.formaat, toegang: ctx.toegang, rijen: metrieken, kolommen: ['naam', 'titel', 'eenheid', 'waarde', 'pad', 'formule', 'invoer'], bestand: `metrieken-${v.peildatum}`, bronnen: monitorBronnen(v, ctx.startedAt) });
    if (csv) return csv;
    const m = await cachedMarkt(getDb(), v);
    return {
      data: { metrieken, dekking: dekking(m, query.peildatum ?? null) },
      bronnen: monitorBronnen(v, ctx.startedAt),
    };
  },
});
