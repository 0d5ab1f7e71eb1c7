// GET /v1/punt/{lon}/{lat}/bgt: the eight BGT collections around a point, asked in parallel (buildings with
// their BAG pand link, road parts, water parts, vegetation, functional areas, street-name labels, street
// furniture, bridging parts). Per collection the n nearest current objects within the radius, with their
// characteristics and distance but without geometry. A failing collection is null and 'onbeschikbaar' in
// bronnen; only when all eight fail the answer is a 502 naming the BGT.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN, radius } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import { type Punt, inNederlandRd, puntUitWgs84 } from '@/lib/geo/rd';
import { gather, type GatherCall } from '@/lib/sources/gather';
import { sourceErrorFromBronnen } from '@/lib/sources/source-error';
import { bgt, bgtObjectenRond } from '@/lib/sources/bgt';
import { BGT_COLLECTIES, BGT_COLLECTIE_KEYS, BGT_ITEM_SCHEMAS, type BgtCollectie } from '@/lib/sources/bgt-convert';
import type { Rond } from '@/lib/sources/ogc-features';
import { MAX_OBJECTEN } from '@/lib/sources/ogc-features';

/** Time budget of the eight parallel questions together (each may read several pages). */
export const BGT_BUDGET_MS = 8000;

const puntSchema = z.object({
  wgs84: z.object({ lon: z.number(), lat: z.number() }),
  rd: z.object({ x: z.number(), y: z.number() }),
});

const TITELS: Record<BgtCollectie, string> = {
  pandvlakken: 'panden (BGT-pandvlakken, met koppeling naar het BAG-pand)',
  wegdelen: 'wegdelen',
  waterdelen: 'waterdelen',
  begroeiing: 'begroeide terreindelen',
  functionele_gebieden: 'functionele gebieden',
  straatnamen: 'straatnaamlabels (openbareruimtelabels)',
  straatmeubilair: 'straatmeubilair',
  overbruggingen: 'overbruggingsdelen',
};

function collectieSchema(key: BgtCollectie) {
  return z
    .object({
      collectie: z.literal(BGT_COLLECTIES[key]).describe('Id van de collectie in de OGC API van de BGT'),
      aantal_binnen_straal: z.number().int().describe(`Aantal actuele objecten binnen de straal (ten hoogste ${MAX_OBJECTEN})`),
      afgekapt: z.boolean().describe('true als er meer objecten binnen de straal kunnen liggen dan geteld'),
      objecten: z.array(BGT_ITEM_SCHEMAS[key]).describe('De n dichtstbijzijnde objecten, dichtstbijzijnde eerst, zonder geometrie'),
    })
    .nullable()
    .describe(`BGT ${TITELS[key]}; null als deze collectie niet antwoordde (zie bronnen)`);
}

const collectiesSchema = z.object(
  Object.fromEntries(BGT_COLLECTIE_KEYS.map((k) => [k, collectieSchema(k)])) as Record<BgtCollectie, ReturnType<typeof collectieSchema>>,
);

export interface BgtCollectieAntwoord {
  collectie: string;
  aantal_binnen_straal: number;
  afgekapt: boolean;
  objecten: object[];
}

/** One collection's part of the answer: the n nearest of the objects within the radius. */
export function collectieAntwoord(key: BgtCollectie, rond: Rond<object>, n: number): BgtCollectieAntwoord {
  return {
    collectie: BGT_COLLECTIES[key],
    aantal_binnen_straal: rond.objecten.length,
    afgekapt: rond.afgekapt,
    objecten: rond.objecten.slice(0, n),
  };
}

/** The point in WGS84 and RD; a 400 naming lon and lat when it lies outside the RD domain of the Netherlands. */
function puntInNederland(p: { lon: number; lat: number }): Punt {
  const punt = puntUitWgs84(p);
  if (!inNederlandRd(punt.rd)) {
    const reason = 'het punt ligt buiten Nederland (buiten het bereik van de Rijksdriehoeksmeting); de BGT dekt alleen Nederland';
    throw new Problem('invalid_parameter', {
      detail: `Het punt (${p.lon}, ${p.lat}) ligt buiten Nederland.`,
      invalidParams: [
        { name: 'lon', in: 'path', reason },
        { name: 'lat', in: 'path', reason },
      ],
    });
  }
  return punt;
}

export const puntBgt = operation({
  id: 'punt-bgt',
  path: '/v1/punt/{lon}/{lat}/bgt',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Acht BGT-collecties tegelijk rond een punt (panden, wegdelen, water, begroeiing, ...), zonder geometrie',
  description:
    'Vraagt acht collecties van de Basisregistratie Grootschalige Topografie (PDOK OGC API) tegelijk binnen `radius` meter van het punt: ' +
    'panden (met bag_pand_id), wegdelen, waterdelen, begroeide terreindelen, functionele gebieden, straatnaamlabels, straatmeubilair en ' +
    'overbruggingsdelen. Per collectie de `n` dichtstbijzijnde actuele objecten (afstand in RD-meters tot de geometrie, 0 als het punt erin ' +
    'ligt) met hun kenmerken (identificatie, status, type, functie, fysiek voorkomen, relatieve hoogteligging, ...), zonder geometrie. Een ' +
    'collectie die niet antwoordt is null en staat als onbeschikbaar in bronnen; 502 alleen als alle acht falen. Een punt buiten Nederland ' +
    'geeft 400.',
  sources: ['bgt'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(5, 500, 50), n: nearestN(1, 25, 5) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: puntSchema.describe('Het gevraagde punt in WGS84 en RD'),
    radius_m: z.number().int().describe('Zoekstraal in meters'),
    n: z.number().int().describe('Ten hoogste zoveel objecten per collectie'),
    collecties: collectiesSchema.describe('Per collectie de dichtstbijzijnde objecten; null als de collectie niet antwoordde'),
    onbeschikbaar: z.array(z.string()).describe('Collecties (sleutels van collecties) die niet antwoordden'),
  }),
  onderdeel: 'bgt',
  maxAgeSeconds: 3600,
  async handle({ path, query, ctx }) {
    const punt = puntInNederland({ lon: path.lon, lat: path.lat });
    const calls = Object.fromEntries(
      BGT_COLLECTIE_KEYS.map((key) => [
        key,
        { source: bgt, run: (signal: AbortSignal) => bgtObjectenRond(key, punt.rd, query.radius, signal) } satisfies GatherCall<Rond<object>>,
      ]),
    ) as Record<BgtCollectie, GatherCall<Rond<object>>>;
    const { results, bronnen } = await gather(calls, { budgetMs: BGT_BUDGET_MS, signal: ctx.signal });
    const onbeschikbaar = BGT_COLLECTIE_KEYS.filter((k) => results[k] === null);
    if (onbeschikbaar.length === BGT_COLLECTIE_KEYS.length) {
      throw sourceErrorFromBronnen(bronnen);
    }
    const collecties = Object.fromEntries(
      BGT_COLLECTIE_KEYS.map((k) => [k, results[k] === null ? null : collectieAntwoord(k, results[k] as Rond<object>, query.n)]),
    );
    return { data: { punt, radius_m: query.radius, n: query.n, collecties, onbeschikbaar }, bronnen };
  },
});
