// GET /v1/distributiemonitor/relaties/{instelling_id}: the structure around one entity (by LEI, KvK number
// or vestiging_id): its parents (moeders) upwards and its subordinate undertakings (dochters) downwards,
// recursively, cycle-safe.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { cachedRelatieGraaf } from '@/lib/monitor/relatie-cache';
import { MAX_KNOPEN, relatieStructuur } from '@/lib/monitor/relaties';
import { API, MONITOR_BRONNEN, dekking, dekkingSchema, monitorBronnen, monitorMarkt, nietGevonden, PREFIX } from './markt';
import { relatieEntiteitSchema } from './relaties-zoeken';
import { OP_DATASET_VERSIE } from './versie-cache';

// Recursive: relaties are knopen of the same shape (one named schema that refers to itself). The array is
// made once, so that the export finds one cycle through the named schema and names nothing else.
const knoop = z.object({
  instelling_id: z.string(),
  naam: z.string(),
  lei: z.string().nullable(),
  kvk_nummer: z.string().nullable(),
  relatie: z.string().nullable().describe('Het GLEIF-relatietype, bijvoorbeeld IS_DIRECTLY_CONSOLIDATED_BY'),
  aantal_vestigingen_actief: z.number().int(),
  get relaties(): z.ZodArray<typeof knoop> {
    return relaties;
  },
  herhaling: z.boolean().describe('Al eerder in deze boom getoond (kring of gedeelde moeder): niet nogmaals uitgeklapt'),
}).meta({ id: 'RelatieKnoop' });
const relaties = z.array(knoop).describe('Moeders (in moeders) of dochters (in dochters) met dezelfde vorm, recursief');

export const monitorRelaties = operation({
  id: 'distributiemonitor-relaties',
  path: `${PREFIX}/relaties/{instelling_id}`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Structuur rond één entiteit: moeder- en dochterondernemingen, recursief',
  description:
    `instelling_id is een LEI, een KvK-nummer of een vestiging_id. moeders: de entiteiten die deze consolideren, met hun moeders; dochters: de ` +
    `entiteiten die deze consolideert, met hun dochters. Kringen worden één keer gevolgd (herhaling), de diepte is begrensd op 32 en het antwoord op ` +
    `${MAX_KNOPEN} knopen (afgekapt).`,
  sources: MONITOR_BRONNEN,
  params: {
    path: z.object({
      instelling_id: z
        .string()
        .regex(/^([A-Z0-9]{20}|[0-9]{8}|V[A-Z2-7]{10})$/, { message: 'instelling_id is een LEI (20 tekens), KvK-nummer (8 cijfers) of vestiging_id (V + 10 tekens)' })
        .describe('LEI, KvK-nummer of vestiging_id')
        .meta({ examples: ['984500VY88P750000184'] }),
    }),
  },
  statuses: [200, 400, 404, 503],
  response: z.object({ entiteit: relatieEntiteitSchema, moeders: z.array(knoop), dochters: z.array(knoop), afgekapt: z.boolean(), dekking: dekkingSchema }),
  onderdeel: 'relaties',
  async handle({ path, ctx }) {
    const m = await monitorMarkt(ctx.toegang);
    const s = relatieStructuur(await cachedRelatieGraaf(getDb(), m.versie), path.instelling_id);
    if (!s) throw nietGevonden('Instelling', path.instelling_id, m);
    return { data: { ...s, dekking: dekking(m, null) }, bronnen: monitorBronnen(m.versie, ctx.startedAt) };
  },
});
