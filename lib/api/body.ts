// Reading a request body safely: the declared content type only, and never more than the size cap
// (refused on Content-Length, or while streaming, before the whole body is buffered).
import type { z } from 'zod';
import { Problem, type InvalidParam } from './problems';
import { refusedText } from './params';
import { decodeUtf8Strict } from './utf8';

/** A body the handler reads as text (an uploaded XML file). */
export interface TextBodySpec {
  /** Accepted media types, without parameters (e.g. application/xml). */
  contentTypes: string[];
  /** Size cap in bytes. */
  maxBytes: number;
  /** Dutch description for the OpenAPI document. */
  description: string;
  schema?: undefined;
}

/**
 * A JSON body: the wrapper parses it and validates it against `schema` (the same schema the OpenAPI
 * document shows) and hands the handler the parsed object; `verwacht` says in the 400 problem what fits.
 */
export interface JsonBodySpec<S extends z.ZodType = z.ZodType> {
  contentTypes: ['application/json'];
  maxBytes: number;
  description: string;
  schema: S;
  verwacht: string;
}

export type BodySpec = TextBodySpec | JsonBodySpec;

/** What a handler gets as `body` for a declared body spec: the parsed object, the text, or null without a body. */
export type BodyOf<B> = B extends JsonBodySpec<infer S> ? z.output<S> : B extends TextBodySpec ? string : null;

/** Declares a JSON request body validated against `schema`. */
export function jsonBodySpec<S extends z.ZodType>(schema: S, spec: { maxBytes: number; description: string; verwacht: string }): JsonBodySpec<S> {
  return { contentTypes: ['application/json'], schema, ...spec };
}

/** The body as the handler gets it: a JSON body parsed and validated against its declared schema, other bodies as text. */
export async function requestBody(request: Request, spec: BodySpec): Promise<unknown> {
  const text = await readBody(request, spec);
  return spec.schema ? jsonBody(text, spec.schema, spec.verwacht) : text;
}

/** The body as text; throws a 400 problem for a wrong content type, an empty or oversize body, or invalid UTF-8. */
export async function readBody(request: Request, spec: BodySpec): Promise<string> {
  const type = (request.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!(spec.contentTypes as readonly string[]).includes(type)) {
    throw new Problem('bad_request', {
      detail: `Verwacht Content-Type ${spec.contentTypes.join(' of ')}${type ? `, niet ${type}` : ''}.`,
      invalidParams: [{ name: 'Content-Type', in: 'header', reason: `moet ${spec.contentTypes.join(' of ')} zijn` }],
    });
  }
  const tooLarge = () =>
    new Problem('payload_too_large', {
      detail: `De inhoud is groter dan ${formatBytes(spec.maxBytes)}; stuur een kleiner bestand.`,
      extra: { max_bytes: spec.maxBytes },
    });
  const declared = Number(request.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > spec.maxBytes) throw tooLarge();
  if (!request.body) throw new Problem('bad_request', { detail: 'De inhoud van het verzoek is leeg.' });

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > spec.maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge();
    }
    chunks.push(value);
  }
  if (size === 0) throw new Problem('bad_request', { detail: 'De inhoud van het verzoek is leeg.' });
  const bytes = Buffer.concat(chunks, size);
  return type.endsWith('xml') ? decodeXml(bytes) : decodeUtf8Strict(bytes);
}

/**
 * Decodes an XML document by its byte-order mark or the encoding in its XML declaration (for example
 * ISO-8859-1 or windows-1252 exports); UTF-8 otherwise. An unknown encoding name is a 400 problem, and so
 * is a byte sequence that is not UTF-8 in a document that declares UTF-8 or nothing (XML's default).
 */
export function decodeXml(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  const declared = /^(?:\uFEFF|\xEF\xBB\xBF)?\s*<\?xml[^>]*\bencoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(head)?.[1];
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(declared ?? 'utf-8');
  } catch {
    throw new Problem('bad_request', { detail: `Onbekende tekenset in de XML-declaratie: ${declared}.` });
  }
  if (decoder.encoding === 'utf-8') return decodeUtf8Strict(bytes, UTF8_HINT);
  return decoder.decode(bytes);
}

const UTF8_HINT = 'Sla het bestand op als UTF-8 of noem de tekenset in de XML-declaratie (bijvoorbeeld encoding="windows-1252").';

function formatBytes(n: number): string {
  return n % (1024 * 1024) === 0 ? `${n / (1024 * 1024)} MiB` : `${Math.round(n / 1024)} KiB`;
}

/**
 * A JSON body checked against `schema`: 400 bad_request when it is not JSON, 400 invalid_parameter naming
 * the fields (in: body) when it does not fit; `verwacht` says what fits.
 */
export function jsonBody<T extends z.ZodType>(body: string | null, schema: T, verwacht: string): z.infer<T> {
  let json: unknown;
  try {
    json = JSON.parse(body ?? '');
  } catch {
    throw new Problem('bad_request', { detail: `De inhoud is geen geldige JSON. Verwacht: ${verwacht}.` });
  }
  const refused = refusedStrings(json);
  if (refused.length > 0) {
    throw new Problem('invalid_parameter', {
      detail: `Ongeldig in de inhoud: ${[...new Set(refused.map((p) => p.name))].join(', ')}. Verwacht: ${verwacht}.`,
      invalidParams: refused,
    });
  }
  const r = schema.safeParse(json);
  if (!r.success) {
    const velden = [...new Set(r.error.issues.map((i) => String(i.path[0] ?? '(inhoud)')))];
    throw new Problem('invalid_parameter', {
      detail: `Ongeldig in de inhoud: ${velden.join(', ')}. Verwacht: ${verwacht}.`,
      invalidParams: r.error.issues.map((i) => ({ name: String(i.path[0] ?? '(inhoud)'), in: 'body' as const, reason: i.message })),
    });
  }
  return r.data;
}

/** Every string in a JSON value that the text rule (params.ts refusedText) refuses, named by its top-level field. */
function refusedStrings(json: unknown, field = '(inhoud)'): InvalidParam[] {
  if (typeof json === 'string') {
    const reason = refusedText(json, true);
    return reason ? [{ name: field, in: 'body', reason }] : [];
  }
  if (Array.isArray(json)) return json.flatMap((v) => refusedStrings(v, field));
  if (json !== null && typeof json === 'object') {
    const top = field === '(inhoud)';
    return Object.entries(json).flatMap(([k, v]) => refusedStrings(v, top ? k : field));
  }
  return [];
}
