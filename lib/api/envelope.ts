// The standard response envelope of the spec: api, versie, onderdeel, gegenereerd_op, duur_ms,
// bronnen and data. Only the route wrapper builds it.
import { z } from 'zod';
import type { Operation, OperationResult, RequestContext } from './operation';
import { API_VERSION } from './version';
import { bronEntrySchema } from '@/lib/sources/bron';

/** Schema of the envelope around a payload schema (used for the OpenAPI document). */
export function envelopeSchema(data: z.ZodType = z.record(z.string(), z.unknown()).describe('De gegevens van het antwoord: een object, met per operatie zijn eigen velden')) {
  return z.object({
    api: z.string().describe('Naam van de API'),
    versie: z.string().describe('Versie van de API'),
    onderdeel: z.string().describe('Beantwoord onderdeel of entiteit'),
    gegenereerd_op: z.iso.datetime().describe('Tijdstip van genereren (ISO 8601, UTC)'),
    duur_ms: z.number().int().nonnegative().describe('Verwerkingsduur in milliseconden'),
    bronnen: z.array(bronEntrySchema).describe('Per bron: herkomst, licentie, attributie, duur en status'),
    data: data,
  });
}

export type Envelope = z.infer<ReturnType<typeof envelopeSchema>>;

/** Wraps a handler result in the envelope, with the elapsed time as an integer. */
export function envelope(op: Operation, result: OperationResult, ctx: RequestContext): Envelope {
  return {
    api: op.api,
    versie: API_VERSION,
    onderdeel: result.onderdeel ?? op.onderdeel,
    gegenereerd_op: new Date().toISOString(),
    duur_ms: Math.max(0, Math.round(performance.now() - ctx.startedAt)),
    bronnen: result.bronnen,
    data: result.data,
  };
}
