// Builds the /v1/bronnen catalogue from the operation declarations, the source declarations, the
// spec's list of operations (roadmap) and the recorded reachability of each source.
import { z } from 'zod';
import type { Operation } from '@/lib/api/operation';
import { parameters } from '@/lib/api/openapi';
import { answerableStatuses } from '@/lib/api/statuses';
import { specOperations } from '@/lib/api/roadmap';
import { sources } from '@/lib/sources/registry';
import { baseUrl } from '@/lib/sources/source';
import { describeError, log } from '@/lib/log';
import type { BronGezondheid } from '@/lib/db/source-health';

const parameterSchema = z.object({
  naam: z.string(),
  in: z.enum(['path', 'query']),
  verplicht: z.boolean(),
  beschrijving: z.string().nullable(),
  schema: z.record(z.string(), z.unknown()).describe('JSON Schema: type, grenzen, standaardwaarde, enum, patroon'),
});

const bereikbaarheidSchema = z
  .object({
    laatste_succes: z.iso.datetime({ offset: true }).nullable().describe('Moment van de laatste geslaagde aanroep (zoals laatste_succes van /bronnen/status)'),
    laatste_fout_op: z.iso.datetime({ offset: true }).nullable().describe('Moment van de laatste mislukte aanroep'),
    laatste_foutsoort: z.string().nullable(),
    aantal_ok: z.number().int(),
    aantal_fout: z.number().int(),
  })
  .nullable()
  .describe('Waargenomen door deze dienst sinds de database bestaat; null als de bron nog niet is bevraagd');

export const catalogueSchema = z.object({
  operaties: z.array(
    z.object({
      id: z.string(),
      methode: z.enum(['GET', 'POST', 'DELETE']),
      pad: z.string(),
      api: z.string(),
      bron_type: z.enum(['eigen-dienst', 'collectiebron', 'bron-api']),
      samenvatting: z.string(),
      status: z.enum(['live', 'in ontwikkeling']),
      parameters: z.array(parameterSchema),
      statussen: z.array(z.number().int()),
      bronnen: z.array(z.string()).describe('Ids van de gebruikte bronnen (zie bronnen)'),
      licenties: z.array(z.string()).describe('Licenties van de gebruikte bronnen'),
    }),
  ),
  bronnen: z.array(
    z.object({
      id: z.string(),
      titel: z.string(),
      licentie: z.string(),
      attributie: z.string(),
      documentatie: z.string(),
      standaard_url: z.string().describe('Het echte publieke adres'),
      basis_url: z.string().describe('Het adres dat deze installatie gebruikt'),
      omgevingsvariabele: z.string().describe('Variabele die basis_url vervangt'),
      vervangen: z.boolean().describe('true als basis_url niet de echte bron is (replay-server of andere omgeving)'),
      sleutel_nodig: z.boolean(),
      sleutel_aanwezig: z.boolean(),
      gebruikt_door: z.array(z.string()),
      bereikbaarheid: bereikbaarheidSchema,
    }),
  ),
  roadmap: z.array(
    z.object({
      methode: z.enum(['GET', 'POST']),
      pad: z.string(),
      familie: z.string(),
      samenvatting: z.string(),
      bron_type: z.enum(['eigen-dienst', 'collectiebron', 'bron-api']),
      status: z.literal('in ontwikkeling'),
      issue: z.number().int(),
    }),
  ),
  totalen: z.object({ live: z.number().int(), in_ontwikkeling: z.number().int(), aantal_bronnen: z.number().int() }),
});

export type Catalogue = z.infer<typeof catalogueSchema>;

/** What the catalogue shows of a source's observed health: the last success is laatste_succes (as in /bronnen/status), the moment of the last failure laatste_fout_op. */
function bereikbaarheid(h: BronGezondheid | undefined): z.infer<typeof bereikbaarheidSchema> {
  if (!h) return null;
  const { laatste_fout, laatst_ok, ...rest } = h;
  return { ...rest, laatste_succes: laatst_ok, laatste_fout_op: laatste_fout };
}

async function sourceHealth(): Promise<Record<string, BronGezondheid>> {
  try {
    const { getSourceHealth } = await import('@/lib/db/source-health');
    return await getSourceHealth();
  } catch (err) {
    log('warn', 'bronstatus_onleesbaar', describeError(err));
    return {};
  }
}

/** The catalogue for a list of declared operations. */
export async function catalogue(ops: Operation[]): Promise<Catalogue> {
  const health = await sourceHealth();
  const declared = new Set(ops.map((o) => `${o.method} ${o.path}`));
  const licenceOf = (id: string) => sources.find((s) => s.id === id)?.licentie ?? 'onbekend';

  const operaties = ops.map((op) => ({
    id: op.id,
    methode: op.method,
    pad: op.path,
    api: op.api,
    bron_type: op.bronType,
    samenvatting: op.summary,
    status: op.status,
    parameters: parameters(op).map((p) => ({
      naam: p.name as string,
      in: p.in as 'path' | 'query',
      verplicht: p.required as boolean,
      beschrijving: (p.description as string | undefined) ?? null,
      schema: p.schema as Record<string, unknown>,
    })),
    statussen: answerableStatuses(op), // as the OpenAPI document: declared, and 502 where a live upstream is read
    bronnen: op.sources,
    licenties: [...new Set(op.sources.map(licenceOf))],
  }));

  const bronnen = sources.map((s) => ({
    id: s.id,
    titel: s.titel,
    licentie: s.licentie,
    attributie: s.attributie,
    documentatie: s.documentatie,
    standaard_url: s.defaultBaseUrl,
    basis_url: baseUrl(s),
    omgevingsvariabele: s.envVar,
    vervangen: baseUrl(s) !== s.defaultBaseUrl.replace(/\/+$/, ''),
    sleutel_nodig: Boolean(s.keyEnvVar),
    sleutel_aanwezig: Boolean(s.keyEnvVar && process.env[s.keyEnvVar]),
    gebruikt_door: ops.filter((o) => o.sources.includes(s.id)).map((o) => o.id),
    bereikbaarheid: bereikbaarheid(health[s.id]),
  }));

  const roadmap = specOperations
    .filter((e) => !declared.has(`${e.methode} ${e.pad}`))
    .map((e) => ({ ...e, status: 'in ontwikkeling' as const }));

  return {
    operaties,
    bronnen,
    roadmap,
    totalen: {
      live: operaties.filter((o) => o.status === 'live').length,
      in_ontwikkeling: roadmap.length + operaties.filter((o) => o.status !== 'live').length,
      aantal_bronnen: bronnen.length,
    },
  };
}
