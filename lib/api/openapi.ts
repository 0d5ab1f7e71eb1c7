// Generates the OpenAPI 3.1 document from the operation declarations: every parameter with its bounds,
// default and enum, every declared status, the request body schemas, the envelope and problem schemas, and
// the shared shapes as named component schemas (a zod schema with .meta({ id }) becomes
// components/schemas/<id>, referenced by $ref wherever it occurs).
import { z } from 'zod';
import type { Operation } from './operation';
import { problemCatalogue } from './problems';
import { envelopeSchema } from './envelope';
import { API_TITLE, API_VERSION } from './version';
import { apiDescriptions } from './apis';
import { cacheControlText, dependsOnKey, revalidatable, varyOf } from './cache';
import { CHANGELOG_PATH, deprecationText } from './deprecation';
import { voorbeeldVan } from './voorbeelden';
import { LINK_HEADER_OPENAPI, schemaPages } from './paging';
import { answerableStatuses, derivedStatuses } from './statuses';

type JsonSchema = Record<string, unknown>;

/** Prefix of every operation path; the OpenAPI server URL. */
export const API_BASE_PATH = '/v1';

const STATUS_TEXT: Record<number, string> = {
  200: 'Gelukt',
  304: 'Niet gewijzigd: het antwoord met deze ETag (If-None-Match) geldt nog; zonder body',
  400: 'Ongeldig verzoek: de problem-details noemen elke ongeldige parameter (invalid_params)',
  401: 'Niet geautoriseerd',
  403: 'Niet beschikbaar in dit abonnement',
  404: 'Niet gevonden',
  422: 'Inhoud niet verwerkbaar',
  429: 'Te veel verzoeken',
  500: 'Onverwachte fout; instance bevat het verzoek-id om te melden',
  502: 'Een onderliggende bron faalde; detail noemt de bron',
  503: 'Bron of import niet beschikbaar; detail noemt de bron',
};

/**
 * zod writes the safe-integer range as bounds of every `.int()` (minimum -9007199254740991, maximum
 * 9007199254740991): no bound a client needs, noise in the document and in generated code. They are left out;
 * a bound the declaration sets itself (`.min(1)`, `.nonnegative()`) stays.
 */
function withoutSafeIntegerBounds(ctx: { jsonSchema: JsonSchema }): void {
  const s = ctx.jsonSchema;
  if (s.minimum === Number.MIN_SAFE_INTEGER) delete s.minimum;
  if (s.maximum === Number.MAX_SAFE_INTEGER) delete s.maximum;
}

/** The options of every zod → JSON Schema conversion of the document. */
function conversion(io: 'input' | 'output') {
  return { io, unrepresentable: 'any', target: 'draft-2020-12', override: withoutSafeIntegerBounds } as const;
}

/** Converts a zod schema to a JSON Schema usable inside OpenAPI 3.1 (output side, no $schema). */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const out = z.toJSONSchema(schema, conversion('output')) as JsonSchema;
  delete out.$schema;
  return out;
}

const COMPONENT_PREFIX = '#/components/schemas/';

/**
 * The named schemas of one document. convert() turns a zod schema into JSON Schema; every schema in it that
 * carries an id (.meta({ id })) is emitted once under components/schemas and referenced by $ref. Two
 * different shapes under one name are a declaration error.
 */
export class SchemaComponents {
  readonly named: Record<string, JsonSchema> = {};

  convert(schema: z.ZodType, io: 'input' | 'output' = 'output'): JsonSchema {
    const out = z.toJSONSchema(schema, conversion(io)) as JsonSchema;
    delete out.$schema;
    const defs = (out.$defs ?? {}) as Record<string, JsonSchema>;
    delete out.$defs;
    for (const [name, def] of Object.entries(defs)) this.add(name, toComponentRefs(def) as JsonSchema);
    return toComponentRefs(out) as JsonSchema;
  }

  add(name: string, def: JsonSchema): void {
    if (!/^[A-Z][A-Za-z0-9]*$/.test(name)) throw new Error(`schema ${name}: a component name is PascalCase (zod .meta({ id }))`);
    const previous = this.named[name];
    if (previous && JSON.stringify(previous) !== JSON.stringify(def)) throw new Error(`schema ${name}: two different shapes carry this id`);
    this.named[name] = def;
  }
}

/** Rewrites zod's local references (#/$defs/X) to the document's components. */
function toComponentRefs(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toComponentRefs);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, k === '$ref' && typeof v === 'string' && v.startsWith('#/$defs/') ? COMPONENT_PREFIX + v.slice('#/$defs/'.length) : toComponentRefs(v)]),
  );
}

/**
 * True when an operation can answer CSV: it declares the shared query parameter `formaat` and that accepts
 * csv (lib/api/csv.ts wilCsv then also honours Accept: text/csv).
 */
export function offersCsv(op: Operation): boolean {
  const formaat = op.params?.query?.shape.formaat as z.ZodType | undefined;
  return formaat !== undefined && formaat.safeParse('csv').success;
}

type Env = Record<string, string | undefined>;

/** The server's public address for absolute links in the description: API_PUBLIEKE_URL, else this machine's port. */
export function publicBaseUrl(env: Env = process.env): string {
  return (env.API_PUBLIEKE_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
}

/** The contact of the description: configurable, by default the reference page of this server. */
export function contact(env: Env = process.env): JsonSchema {
  return {
    name: env.API_CONTACT_NAAM || `Beheer van ${API_TITLE}`,
    url: env.API_CONTACT_URL || `${publicBaseUrl(env)}/referentie`,
    // No address is true for every installation; .invalid (RFC 2606) says so instead of looking real.
    email: env.API_CONTACT_EMAIL || 'beheer@api-contact-email-niet-ingesteld.invalid',
  };
}

/**
 * The schema of an operation's `data`: a named schema as its $ref, otherwise named after the operation
 * (regio-profiel -> RegioProfielData), so that every operation's answer has a named type in a generated client.
 */
function dataSchema(op: Operation, response: z.ZodType, schemas: SchemaComponents): JsonSchema {
  const converted = schemas.convert(response);
  if (converted.$ref || converted.type !== 'object') return converted;
  const name = `${op.id.replace(/(^|-)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase())}Data`;
  schemas.add(name, converted);
  return { $ref: COMPONENT_PREFIX + name };
}

/** True when a parameter schema accepts an absent value (optional or with a default). */
export function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

/** The OpenAPI parameter objects of an operation (also used by the /v1/bronnen catalogue). */
export function parameters(op: Operation): JsonSchema[] {
  const list: JsonSchema[] = [];
  for (const where of ['path', 'query'] as const) {
    const shape = op.params?.[where]?.shape ?? {};
    for (const [name, schema] of Object.entries(shape) as [string, z.ZodType][]) {
      const js = jsonSchema(schema);
      const description = (js.description as string | undefined) ?? schema.description;
      delete js.description;
      list.push({
        name,
        in: where,
        required: where === 'path' ? true : !isOptional(schema),
        ...(description ? { description } : {}),
        schema: js,
      });
    }
  }
  return list;
}

const versionHeader = {
  'API-Version': { $ref: '#/components/headers/API-Version' },
  'X-Request-Id': { $ref: '#/components/headers/X-Request-Id' },
  'RateLimit-Limit': { $ref: '#/components/headers/RateLimit-Limit' },
  'RateLimit-Remaining': { $ref: '#/components/headers/RateLimit-Remaining' },
  'RateLimit-Reset': { $ref: '#/components/headers/RateLimit-Reset' },
};

/** What a revalidatable 200 carries for caches (lib/api/cache.ts), and a 304 repeats. */
const cacheHeaderRefs = {
  ETag: { $ref: '#/components/headers/ETag' },
  'Cache-Control': { $ref: '#/components/headers/Cache-Control' },
  Vary: { $ref: '#/components/headers/Vary' },
};

/** The 304 of a revalidatable operation: free before the rate limit for a declared cache basis, counted otherwise. */
function notModified(op: Operation): JsonSchema {
  const how = op.cache
    ? `De ETag volgt de gepubliceerde ${op.cache.naam}, ${dependsOnKey(op) ? 'de tier en ' : ''}de URL; deze 304 telt niet mee voor de limiet (RateLimit-* zeggen wat er over is).`
    : 'De ETag volgt de inhoud; deze 304 telt mee voor de limiet.';
  return { description: `${STATUS_TEXT[304]}. ${how} Vary: ${varyOf(op)}.`, headers: { ...versionHeader, ...cacheHeaderRefs } };
}

/** Statuses the wrapper can answer on any operation besides the declared ones (unknown parameters, rate limit, bugs). */
const WRAPPER_STATUSES = [400, 429, 500];
/** And on the distribution monitor's (a bad key; history beyond the free tier). */
const MONITOR_STATUSES = [401, 403];
const MONITOR_API = 'distributiemonitor';

function responses(op: Operation, schemas: SchemaComponents): JsonSchema {
  const out: JsonSchema = {};
  const extra = op.api === MONITOR_API ? [...WRAPPER_STATUSES, ...MONITOR_STATUSES] : WRAPPER_STATUSES;
  const cached = revalidatable(op);
  const derived = new Map(derivedStatuses(op).map((d) => [d.status, d.reden]));
  for (const status of [...new Set([...answerableStatuses(op), ...extra, ...(cached ? [304] : [])])].sort()) {
    if (status === 304) {
      out['304'] = notModified(op);
    } else if (status === 200 && op.produces) {
      out['200'] = {
        description: `${STATUS_TEXT[200]}: ${op.produces}, zonder envelop`,
        headers: versionHeader,
        content: { [op.produces]: { schema: { type: 'string', format: 'binary' } } },
      };
    } else if (status === 200) {
      const example = voorbeeldVan(op.id); // a real answer from the demo (npm run openapi:voorbeelden)
      out['200'] = {
        description: `${STATUS_TEXT[200]} (Cache-Control: ${cacheControlText(op)})`,
        headers: { ...versionHeader, ...cacheHeaderRefs, ...(op.response && schemaPages(jsonSchema(op.response)) ? { Link: { $ref: '#/components/headers/Link' } } : {}) },
        content: {
          'application/json': {
            schema: {
              allOf: [
                { $ref: `${COMPONENT_PREFIX}Envelope` },
                { type: 'object', required: ['data'], properties: { data: op.response ? dataSchema(op, op.response, schemas) : {} } },
              ],
            },
            ...(example === undefined ? {} : { example }),
          },
          ...(offersCsv(op) ? { 'text/csv': { schema: { type: 'string', description: CSV_TEXT } } } : {}),
        },
      };
    } else {
      out[String(status)] = {
        description: `${STATUS_TEXT[status] ?? 'Fout'}${derived.has(status) ? ` (${derived.get(status)})` : ''}`,
        headers: status === 429 ? { ...versionHeader, 'Retry-After': { $ref: '#/components/headers/Retry-After' } } : versionHeader,
        content: { 'application/problem+json': { schema: { $ref: '#/components/schemas/Problem' } } },
      };
    }
  }
  return out;
}

const CSV_TEXT =
  'Met formaat=csv of Accept: text/csv: de rijen van data als text/csv; charset=utf-8 (RFC 4180, UTF-8 met BOM, een kopregel met de veldnamen, ' +
  'dan één regel per rij; geneste waarden als JSON in de cel). Zonder envelop: de bronvermelding staat in de JSON-variant van dezelfde vraag.';

const problemSchema: JsonSchema = {
  type: 'object',
  description: 'RFC 7807 problem-details; titel in het Nederlands, machineleesbare errorCode.',
  required: ['type', 'title', 'status', 'detail', 'errorCode', 'instance'],
  properties: {
    type: { type: 'string', description: 'Verwijzing naar de uitleg van de foutcode (/problemen#<errorCode>)' },
    title: { type: 'string' },
    status: { type: 'integer' },
    detail: { type: 'string' },
    errorCode: { type: 'string', enum: Object.keys(problemCatalogue) },
    instance: { type: 'string', description: 'urn:uuid van het verzoek; ook in header X-Request-Id en in het serverlog' },
    bron: { type: 'string', description: 'Bij 502/503: de bron die faalde (de eerste, als er meer faalden)' },
    bronnen: { type: 'array', items: { type: 'string' }, description: 'Bij 502 van een samengestelde operatie waarvan meer bronnen faalden: elke bron die faalde' },
    invalid_params: {
      type: 'array',
      description: 'Bij 400: elke ongeldige parameter',
      items: {
        type: 'object',
        required: ['name', 'in', 'reason'],
        properties: { name: { type: 'string' }, in: { type: 'string', enum: ['path', 'query', 'header', 'body'] }, reason: { type: 'string' } },
      },
    },
  },
};

/** The whole OpenAPI document for a list of operations. */
export function buildOpenApi(ops: Operation[]): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  const schemas = new SchemaComponents();
  const envelope = schemas.convert(envelopeSchema());
  envelope.required = [...new Set([...((envelope.required as string[] | undefined) ?? []), 'data'])];
  for (const op of ops) {
    const params = parameters(op);
    // Paths are relative to the server URL /v1, which carries the major version (API Design Rules).
    const key = op.path.slice(API_BASE_PATH.length);
    paths[key] ??= {};
    paths[key][op.method.toLowerCase()] = {
      operationId: op.id,
      summary: op.summary,
      ...(op.description || op.deprecated ? { description: [op.deprecated ? deprecationText(op.deprecated) : '', op.description ?? ''].filter(Boolean).join(' ') } : {}),
      ...(op.deprecated ? { deprecated: true } : {}),
      tags: [op.api],
      ...(params.length || revalidatable(op) ? { parameters: [...params, ...(revalidatable(op) ? [{ $ref: '#/components/parameters/If-None-Match' }] : [])] } : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              description: `${op.body.description} Hoogstens ${op.body.maxBytes} bytes.`,
              content: Object.fromEntries(op.body.contentTypes.map((t) => [t, { schema: op.body?.schema ? schemas.convert(op.body.schema, 'input') : { type: 'string' } }])),
            },
          }
        : {}),
      responses: responses(op, schemas),
      // The monitor can be tried without a key (free_preview); a key unlocks the standard or enterprise tier.
      // An account's own data (watch lists, alerts, webhooks, the key itself) needs a key. The rest is open.
      security: op.sleutelVerplicht ? [{ apiKey: [] }, { bearer: [] }] : op.api === MONITOR_API ? [{}, { apiKey: [] }, { bearer: [] }] : [],
      'x-bron-type': op.bronType,
      'x-bronnen': op.sources,
    };
  }
  const tags = [...new Set(ops.map((o) => o.api))].sort().map((name) => ({ name, description: apiDescriptions[name] ?? name }));
  return {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: API_VERSION,
      description:
        'Eén standaard voor Nederlandse publieke bronnen: statistiek, adressen en gebouwen, kadaster, verkeer en milieu, wet- en regelgeving, financiële en ANBI-registers, energielabels. Elk antwoord gebruikt dezelfde envelop (api, versie, onderdeel, gegenereerd_op, duur_ms, bronnen, data); elke fout is een RFC 7807 problem-document. ' +
        `Wijzigingen van de API staan in de changelog (${CHANGELOG_PATH}); een verouderde operatie is gemarkeerd (deprecated) en haar antwoorden dragen de headers Deprecation, Sunset en Link. ` +
        'Lijsten die ook CSV geven (formaat=csv of Accept: text/csv) declareren beide mediatypen; een gegenereerde client kiest JSON, bij openapi-fetch met createClient<paths, `application/${string}json`>().',
      contact: contact(),
      license: { name: 'EUPL-1.2', identifier: 'EUPL-1.2' },
    },
    externalDocs: { description: 'Changelog van de API (Keep a Changelog)', url: `${publicBaseUrl()}${CHANGELOG_PATH}` },
    servers: [{ url: API_BASE_PATH, description: 'Deze server, versie 1' }],
    tags,
    paths,
    components: {
      schemas: { ...sorted(schemas.named), Envelope: envelope, Problem: problemSchema },
      parameters: {
        'If-None-Match': {
          name: 'If-None-Match',
          in: 'header',
          required: false,
          // No example: the reference (Scalar) copies a parameter's example into its request and every code sample,
          // and a made-up validator there is worse than none. The value is the ETag header of an earlier answer.
          description: 'ETag(s) van een eerder antwoord (of *), zoals de header ETag die gaf; komt het overeen, dan volgt 304 zonder body (RFC 9110, zwakke vergelijking).',
          schema: { type: 'string' },
        },
      },
      headers: {
        'API-Version': { description: 'Volledige versie van de API', schema: { type: 'string', example: API_VERSION } },
        'X-Request-Id': { description: 'Id van het verzoek (ook in instance van problem-details)', schema: { type: 'string' } },
        'RateLimit-Limit': { description: 'Verzoeken per uur in het huidige venster (per sleutel, of per IP-adres zonder sleutel)', schema: { type: 'integer' } },
        'RateLimit-Remaining': { description: 'Verzoeken die in dit venster nog over zijn', schema: { type: 'integer' } },
        'RateLimit-Reset': { description: 'Seconden tot het venster opnieuw begint', schema: { type: 'integer' } },
        'Retry-After': { description: 'Seconden tot een nieuw verzoek weer kan (bij 429)', schema: { type: 'integer' } },
        ETag: { description: 'Validator van dit antwoord; stuur hem terug in If-None-Match (zwak W/"…" bij JSON, sterk bij CSV zolang het niet gecomprimeerd is)', schema: { type: 'string' } },
        'Cache-Control': { description: 'Hoe lang een browser of cache het antwoord zonder vragen mag hergebruiken (no-store: niet bewaren)', schema: { type: 'string' } },
        Link: LINK_HEADER_OPENAPI,
        Vary: { description: 'Verzoekkoppen waarvan het antwoord afhangt: Accept (CSV), Accept-Encoding en, waar de tier telt, X-Api-Key en Authorization', schema: { type: 'string' } },
      },
      securitySchemes: {
        apiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'API-sleutel (nlod_s_… of nlod_e_…), aan te vragen op /sleutel. Zonder sleutel: free_preview.',
        },
        bearer: { type: 'http', scheme: 'bearer', description: 'Dezelfde API-sleutel als Authorization: Bearer <sleutel>.' },
      },
    },
  };
}

function sorted(o: Record<string, JsonSchema>): Record<string, JsonSchema> {
  return Object.fromEntries(Object.entries(o).sort(([a], [b]) => a.localeCompare(b)));
}
