// The declaration of one API operation: data (path, parameters, statuses, sources) plus a handler.
// Routes, validation, envelope, OpenAPI, the /v1/bronnen catalogue and the conformance tests are all
// derived from these declarations (see lib/api/registry.ts).
import type { z } from 'zod';
import type { BronEntry } from '@/lib/sources/bron';
import type { BodyOf, BodySpec } from './body';
import type { Toegang } from '@/lib/access/toegang';
import type { CacheBasis } from './cache';
import { checkDeprecation, type Deprecation } from './deprecation';
import { RESERVED_PARAMETER_NAMES } from './params';

export type BronType = 'eigen-dienst' | 'collectiebron' | 'bron-api';
export type OperationStatus = 'live' | 'in ontwikkeling';
export type HttpMethod = 'GET' | 'POST' | 'DELETE';

type ParamShape = z.ZodObject<z.ZodRawShape>;

/** What a handler gets: parsed parameters, the raw request, and the request context. */
export interface HandlerInput<P, Q, B = string | null> {
  path: P;
  query: Q;
  /**
   * The request body of an operation that declares `body` (size-capped, content type checked): a JSON body
   * parsed and validated against its declared schema, a text body (XML upload) as text; null without a body.
   */
  body: B;
  request: Request;
  ctx: RequestContext;
}

export interface RequestContext {
  requestId: string;
  startedAt: number;
  /** Aborted when the client goes away; pass on to upstream calls. */
  signal: AbortSignal;
  /** The caller's tier and key (lib/access/toegang.ts); free_preview without a key. */
  toegang: Toegang;
}

/** What a handler returns: the part answered, the payload and the sources it used. */
export interface OperationResult {
  onderdeel?: string;
  data: unknown;
  bronnen: BronEntry[];
}

/** A binary answer without envelope (the PDF report); errors stay problem+json. */
export interface BinaryResult {
  /** bijlage: a download (Content-Disposition: attachment: exports); otherwise shown inline (a PDF). */
  binary: { body: Uint8Array; contentType: string; filename: string; bijlage?: boolean };
  /** The sources of a CSV answer (as the envelope's bronnen): its peildatum, bron_url and attribution go in headers (lib/api/csv.ts csvHerkomst). */
  bronnen?: BronEntry[];
}

export interface OperationSpec<P extends ParamShape, Q extends ParamShape, B extends BodySpec | undefined = undefined> {
  /** Stable id, kebab-case, unique (also the OpenAPI operationId). */
  id: string;
  method?: HttpMethod;
  /** Path as in the spec, with {name} for path parameters. */
  path: string;
  /** Name of the API (envelope field `api`), for example addrreg. */
  api: string;
  bronType: BronType;
  summary: string;
  description?: string;
  /** live, or 'in ontwikkeling' while the spec's operation is not built yet. */
  status?: OperationStatus;
  /** Upstream source ids (lib/sources/registry.ts) this operation reads. */
  sources: string[];
  params?: { path?: P; query?: Q };
  /** Request body (POST operations): accepted types, size cap and, for JSON, the schema the wrapper validates it against. */
  body?: B;
  /** Media type of a 200 answer when it is not the JSON envelope (e.g. application/pdf). */
  produces?: string;
  /** Declared statuses, as in the spec (200 plus errors). */
  statuses: number[];
  /** Schema of `data` in a 200 answer (documentation; the handler is trusted to follow it). */
  response?: z.ZodType;
  /** Default `onderdeel` of the envelope. */
  onderdeel: string;
  /** Cache-Control max-age in seconds for a 200 answer (0 = no-store). */
  maxAgeSeconds?: number;
  /**
   * The answer is a function of this published version, the URL and the caller's tier (never of the account):
   * its ETag is derived before the operation runs, a matching If-None-Match is answered 304 without counting
   * against the rate limit, and browsers may reuse it for a few minutes (lib/api/cache.ts). Instead of maxAgeSeconds.
   */
  cache?: CacheBasis;
  /** Only with an API key (an account's data: watch lists, alerts, webhooks, the key itself); OpenAPI security. */
  sleutelVerplicht?: boolean;
  /**
   * The operation is deprecated (lib/api/deprecation.ts): OpenAPI `deprecated: true` with the dates, and every
   * answer carries Deprecation (RFC 9745), Sunset (RFC 8594) and Link rel="successor-version"/"deprecation".
   */
  deprecated?: Deprecation;
  handle(input: HandlerInput<z.infer<P>, z.infer<Q>, BodyOf<B>>): Promise<OperationResult | BinaryResult>;
}

export type Operation = OperationSpec<ParamShape, ParamShape, BodySpec | undefined> & {
  method: HttpMethod;
  status: OperationStatus;
};

/** Declares an operation; fills defaults and checks that path parameters match the path template. */
export function operation<P extends ParamShape, Q extends ParamShape, B extends BodySpec | undefined = undefined>(spec: OperationSpec<P, Q, B>): Operation {
  const inTemplate = [...spec.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
  const declared = Object.keys(spec.params?.path?.shape ?? {}).sort();
  if (inTemplate.join(',') !== declared.join(',')) {
    throw new Error(`operation ${spec.id}: path parameters ${declared.join(',')} do not match ${spec.path}`);
  }
  const names = [...declared, ...Object.keys(spec.params?.query?.shape ?? {})];
  const reserved = names.filter((n) => RESERVED_PARAMETER_NAMES.includes(n));
  if (reserved.length > 0) throw new Error(`operation ${spec.id}: parameter name ${reserved.join(', ')} is reserved`);
  if (!spec.statuses.includes(200)) throw new Error(`operation ${spec.id}: 200 must be declared`);
  if (spec.deprecated) checkDeprecation(spec.id, spec.deprecated);
  if (spec.cache) {
    // A version-derived answer is the same for everyone of a tier: never an account's data, a file made per caller or a POST.
    const why = spec.sleutelVerplicht ? 'an account\'s data' : spec.produces ? 'a file' : (spec.method ?? 'GET') !== 'GET' ? 'not a GET' : spec.maxAgeSeconds !== undefined ? 'maxAgeSeconds too' : null;
    if (why) throw new Error(`operation ${spec.id}: cache ${spec.cache.naam} with ${why}`);
  }
  return { method: 'GET', status: 'live', ...spec } as unknown as Operation;
}
