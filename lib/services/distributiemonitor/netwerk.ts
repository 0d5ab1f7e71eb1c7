// GET /v1/distributiemonitor/relaties/netwerk: force-graph data (nodes and links) of the busiest ownership
// structures and samenwerkingsverbanden as at 31 December of `jaar` (the newest version on or before that
// day), capped at max_nodes. Built once per (version, max_nodes) and cached: versions never change.
import { LRUCache } from 'lru-cache';
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam } from '@/lib/api/params';
import { getDb } from '@/lib/db/client';
import { buildNetwerk, type Netwerk } from '@/lib/monitor/derive/netwerk';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { perProces } from '@/lib/per-proces';
import { readSamenwerkingsverbanden, versieSleutel } from '@/lib/monitor/store';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorVersies, peildatumParam, PREFIX, versieOp } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

export const MAX_NODES = { min: 10, max: 500, standaard: 90 };
/** The earliest year asked for; the registers' licence dates go back to the 1990s, the monitor's versions are newer. */
export const EERSTE_JAAR = 2000;
/** Networks considered for the graph: far more than max_nodes can ever show. */
const VERBANDEN = 500;

const grafen = perProces('netwerken', () => new LRUCache<string, Promise<Netwerk>>({ max: 64 }));

export const monitorNetwerk = operation({
  id: 'distributiemonitor-relaties-netwerk',
  path: `${PREFIX}/relaties/netwerk`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Graafgegevens (knopen en verbindingen) van de drukste structuren per jaar',
  description:
    'Knopen: hoofdholdings, tussenholdings, vestigingen en samenwerkingsverbanden; verbindingen: eigendom (van eigenaar naar onderdeel) en ' +
    'samenwerking (van verband naar vestiging). De drukste structuren eerst (naar aantal actieve vestigingen) tot max_nodes; een structuur die ' +
    'niet meer heel past komt er deels in en afgekapt wordt true. grootte = aantal actieve vestigingen eronder (1 voor een vestiging); groep = id van de ' +
    'hoofdholding of het samenwerkingsverband, voor de kleur. Ids zijn stabiel over versies (LEI, vestiging_id, samenwerkingsverband_id). ' +
    'grootte telt dezelfde actieve vestigingen als aantal_vestigingen_actief van /hoofdholdings. ' +
    'De stand is die van de nieuwste datasetversie op of vóór 31 december van jaar, of op of vóór peildatum (met beide: de vroegste van de twee).',
  sources: MONITOR_BRONNEN,
  params: {
    query: z.object({
      jaar: intParam(
        EERSTE_JAAR,
        2100,
        `Jaar (${EERSTE_JAAR}-2100): de graaf zoals op 31 december van dat jaar (de nieuwste datasetversie op of vóór die dag, zoals bij peildatum); standaard het jaar van de nieuwste datasetversie`,
      )
        .optional().meta({ examples: [2026] }),
      peildatum: peildatumParam,
      max_nodes: intParam(MAX_NODES.min, MAX_NODES.max, `Maximaal aantal knopen (${MAX_NODES.min}-${MAX_NODES.max})`).default(MAX_NODES.standaard).meta({ examples: [50] }),
    }),
  },
  statuses: [200, 400, 403, 503],
  response: z.object({
    jaar: z.number().int(),
    nodes: z.array(
      z.object({
        id: z.string(),
        naam: z.string(),
        type: z.enum(['hoofdholding', 'tussenholding', 'vestiging', 'samenwerkingsverband']),
        grootte: z.number().int(),
        groep: z.string(),
      }),
    ),
    verbindingen: z.array(z.object({ source: z.string(), target: z.string(), type: z.enum(['eigendom', 'samenwerking']) })),
    afgekapt: z.boolean(),
    totaal_structuren: z.number().int(),
    dekking: dekkingSchema,
  }),
  onderdeel: 'netwerk',
  async handle({ query, ctx }) {
    // Without jaar or peildatum: the newest version and its year (the data's clock, not the calendar's).
    const versies = await monitorVersies();
    const jaarEinde = query.jaar === undefined ? undefined : `${query.jaar}-12-31`;
    const peildatum = [jaarEinde, query.peildatum].filter((d): d is string => !!d).sort()[0];
    const versie = versieOp(versies, peildatum, ctx.toegang, peildatum === query.peildatum ? 'peildatum' : 'jaar');
    const jaar = peildatum ? Number(peildatum.slice(0, 4)) : Number(versie.peildatum.slice(0, 4));
    const key = `${versieSleutel(versie)}:${query.max_nodes}`;
    let graaf = grafen.get(key);
    if (!graaf) {
      graaf = (async () => {
        const m = await cachedMarkt(getDb(), versie);
        const verbanden = await readSamenwerkingsverbanden(getDb(), versie.id, VERBANDEN);
        return buildNetwerk(m.vestigingen, m.holdings, { maxNodes: query.max_nodes, samenwerkingsverbanden: verbanden });
      })();
      grafen.set(key, graaf);
      graaf.catch(() => grafen.delete(key));
    }
    const g = await graaf;
    const m = await cachedMarkt(getDb(), versie);
    return {
      data: { jaar, ...g, dekking: dekking(m, peildatum ?? null) },
      bronnen: monitorBronnen(versie, ctx.startedAt),
    };
  },
});
