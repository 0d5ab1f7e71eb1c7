// HTTP caching and revalidation of operation answers (RFC 9110 section 13, RFC 9111), one rule for every
// operation, applied by the route wrapper: every 200 GET/HEAD answer with the JSON envelope or CSV carries an
// ETag and `Vary: Accept, Accept-Encoding` (plus the key headers where the answer depends on the tier), and a
// request whose If-None-Match matches gets 304 Not Modified without a body. Files made per caller (the PDF,
// the bulk export: operations that declare `produces`) get none of this.
//
// Two kinds of ETag:
// - an operation that declares `cache` (a CacheBasis: its answer is a function of a published version, the
//   URL and the caller's tier) gets an ETag derived BEFORE it runs, from the current version, the API version,
//   the tier, the representation and the path with query. A matching If-None-Match is answered 304 before the
//   rate limit counts the request: a revalidation costs nothing (as GitHub's API does); a miss reads the rate
//   limit once (it counts). These answers may be reused for PUBLISHED_MAX_AGE_S, also by shared caches (a CDN
//   in front serves repeat traffic), and for a year (`immutable`) where the URL names the version; only where
//   the key changes the answer (the monitor: dependsOnKey) a key holder's are kept privately and revalidated on
//   every use (KEYED_CACHE_CONTROL). Which operations declare which basis: the monitor's read operations
//   (dataset_versie, lib/services/distributiemonitor/versie-cache.ts) and the register operations of fsp,
//   finreg, lei and charity (their register_versie, lib/registers/common/version-cache.ts registerVersie).
// - every other operation gets an ETag of its content after it ran (the envelope without the fields that
//   differ on every answer, or the CSV bytes); its 304 counts like any request and Cache-Control stays what
//   the operation declares (maxAgeSeconds).
import { createHash } from 'node:crypto';
import type { Operation } from './operation';
import { API_VERSION } from './version';
import { CSV_CONTENT_TYPE, wilCsv } from './csv';
import { TIER_API } from '@/lib/access/toegang';

/**
 * Seconds a browser (or, without a key, a shared cache) may reuse an answer pinned to the published version
 * without asking. Such an answer changes only when an import publishes a new version (at most daily), so a
 * reload or a second tab within five minutes costs no request at all; after that the browser revalidates
 * with If-None-Match, which costs nothing either while the version is unchanged. Five minutes is how long a
 * viewer may keep seeing the previous version after a publication.
 */
export const PUBLISHED_MAX_AGE_S = 300;

/** Seconds a cache may keep an answer whose URL names the version it shows (it never changes): a year, `immutable`. */
export const PINNED_MAX_AGE_S = 31_536_000;

/** What a declared answer is a function of besides the URL and the tier: a published version, read before the operation runs. */
export interface CacheBasis {
  /** Its name in the documentation and the OpenAPI description (e.g. dataset_versie). */
  naam: string;
  /** A key of the version now published (changes with every publication); null while there is none. One cheap read. */
  huidigeVersie(): Promise<string | null>;
  /**
   * Whether this URL names the version it shows (a version id or a parameter that selects one), so its answer
   * never changes: `public, max-age=PINNED_MAX_AGE_S, immutable` (without a key where the key changes the answer).
   */
  vastgepind?(url: URL): boolean;
}

/** Whether an operation's 200 answers carry an ETag and answer 304: GET operations with the envelope or CSV (not files made per caller). */
export const revalidatable = (op: Pick<Operation, 'method' | 'produces'>): boolean => op.method === 'GET' && !op.produces;

/** Whether the answer depends on the caller's key (its tier or account), so caches must keep them apart. */
export const dependsOnKey = (op: Pick<Operation, 'api' | 'sleutelVerplicht'>): boolean => op.api === TIER_API || !!op.sleutelVerplicht;

/** The Vary header of a revalidatable answer: CSV is chosen by Accept, compression by Accept-Encoding, the tier by the key headers. */
export const varyOf = (op: Pick<Operation, 'api' | 'sleutelVerplicht'>): string =>
  dependsOnKey(op) ? 'Accept, Accept-Encoding, X-Api-Key, Authorization' : 'Accept, Accept-Encoding';

/**
 * Cache-Control of a pinned answer for a caller with a key: kept by the browser only, and revalidated before
 * every reuse (free: 304 before the rate limit). A key holder is told of a new version at once (alerts,
 * webhooks) and follows that to the version list: an answer kept for minutes would contradict the alert
 * (e2e/dashboard-alerts.spec.ts checks the new version is there after a reload). The free preview has no
 * alerts and the tight budget, so it keeps the five minutes without asking.
 */
export const KEYED_CACHE_CONTROL = 'private, no-cache';

/** Cache-Control of an answer pinned to the published version: shared caches may keep it only without a key. */
export const publishedCacheControl = (withKey: boolean): string => (withKey ? KEYED_CACHE_CONTROL : `public, max-age=${PUBLISHED_MAX_AGE_S}`);

/** Cache-Control of an answer whose URL names its version (CacheBasis.vastgepind). */
export const IMMUTABLE_CACHE_CONTROL = `public, max-age=${PINNED_MAX_AGE_S}, immutable`;

type Declared = Pick<Operation, 'api' | 'sleutelVerplicht' | 'cache' | 'maxAgeSeconds'>;

/**
 * The Cache-Control of an operation's 200 (and 304) for this URL and caller, from its declaration: with a cache
 * basis public (a CDN may serve repeat traffic), `immutable` for a year where the URL names the version, and
 * `private, no-cache` for a key holder where the key changes the answer (dependsOnKey: the monitor); without
 * one, what maxAgeSeconds says (no-store by default).
 */
export function cacheControlOf(op: Declared, url: URL, withKey: boolean): string {
  if (!op.cache) return op.maxAgeSeconds ? `public, max-age=${op.maxAgeSeconds}` : 'no-store';
  if (withKey && dependsOnKey(op)) return KEYED_CACHE_CONTROL;
  return op.cache.vastgepind?.(url) ? IMMUTABLE_CACHE_CONTROL : publishedCacheControl(false);
}

/** The same rule in words, for the OpenAPI description of the 200. */
export function cacheControlText(op: Declared): string {
  if (!op.cache) return op.maxAgeSeconds ? `public, max-age=${op.maxAgeSeconds}` : 'no-store';
  const pinned = op.cache.vastgepind ? ` (${IMMUTABLE_CACHE_CONTROL} waar de URL de versie noemt)` : '';
  const keyed = dependsOnKey(op) ? `; ${KEYED_CACHE_CONTROL} met een sleutel` : ', ook met een sleutel';
  return `${publishedCacheControl(false)}${pinned} zonder sleutel${keyed}`;
}

const digest = (...parts: (string | Uint8Array)[]): string => {
  const h = createHash('sha256');
  for (const p of parts) h.update(p).update('\u0000');
  return h.digest('base64url').slice(0, 27);
};

/**
 * The ETag of an answer pinned to version `versie`: weak, because the envelope's gegenereerd_op and duur_ms
 * differ between two answers with the same content. `csv`: the representation Accept chose (formaat is in the query).
 */
export function versionEtag(p: { basis: string; versie: string | null; tier: string; url: URL; csv: boolean }): string {
  return `W/"v.${digest(p.basis, p.versie ?? '-', API_VERSION, p.tier, p.csv ? 'csv' : 'json', p.url.pathname, p.url.search)}"`;
}

/** Envelope fields that differ on every answer with the same content; per source, its timing and whether it came from the cache. */
function stable(envelope: Record<string, unknown>): unknown {
  const { gegenereerd_op: _g, duur_ms: _d, bronnen, ...rest } = envelope;
  const bron = Array.isArray(bronnen) ? bronnen.map((b) => (b && typeof b === 'object' ? { ...b, duur_ms: undefined, cache: undefined } : b)) : bronnen;
  return { ...rest, bronnen: bron };
}

/** The ETag of a JSON envelope: weak (same content, not the same bytes: see stable()). */
export function envelopeEtag(envelope: object): string {
  return `W/"${digest(JSON.stringify(stable(envelope as Record<string, unknown>)))}"`;
}

/** The ETag of a file answer made the same way every time (CSV): strong, from its bytes. */
export function bytesEtag(body: Uint8Array): string {
  return `"${digest(body)}"`;
}

/** Whether a binary answer is a representation of the list (CSV), which is revalidated like JSON. */
export const isCsv = (contentType: string): boolean => contentType === CSV_CONTENT_TYPE;

/**
 * The entity tags of an If-None-Match value: '*', or the opaque tags listed (without W/: If-None-Match uses
 * weak comparison). null when the value is malformed: then the condition is ignored and the full answer given.
 */
export function parseIfNoneMatch(value: string): '*' | string[] | null {
  const v = value.trim();
  if (v === '*') return '*';
  const tags: string[] = [];
  let i = 0;
  const space = () => {
    while (i < v.length && (v[i] === ' ' || v[i] === '\t')) i++;
  };
  while (i < v.length) {
    space();
    if (v[i] === ',') {
      i++;
      continue;
    }
    if (v.startsWith('W/', i)) i += 2;
    if (v[i] !== '"') return null;
    const end = v.indexOf('"', i + 1);
    if (end < 0) return null;
    const opaque = v.slice(i + 1, end);
    // etagc: %x21 / %x23-7E / obs-text (no controls, spaces or quotes).
    if (!/^[\x21\x23-\x7e\x80-\xff]*$/.test(opaque)) return null;
    tags.push(opaque);
    i = end + 1;
    space();
    if (i < v.length && v[i] !== ',') return null;
  }
  return tags.length > 0 ? tags : null;
}

/** The opaque part of an entity tag (W/ and quotes removed). */
const opaqueOf = (etag: string): string => etag.replace(/^W\//, '').replace(/^"|"$/g, '');

/**
 * Whether If-None-Match (the raw header, or null) matches `etag` by weak comparison (RFC 9110 13.1.2).
 * `*` matches any current representation: only after the operation has answered 200 (`star: true`), never
 * before it ran (it might answer 404).
 */
export function ifNoneMatchHits(header: string | null, etag: string, { star }: { star: boolean }): boolean {
  if (header === null) return false;
  const tags = parseIfNoneMatch(header);
  if (tags === null) return false;
  if (tags === '*') return star;
  const mine = opaqueOf(etag);
  return tags.includes(mine);
}

/** The headers that make an answer revalidatable, which a 304 repeats. */
export function cacheHeaders(etag: string, cacheControl: string, vary: string): Record<string, string> {
  return { ETag: etag, 'Cache-Control': cacheControl, Vary: vary };
}

/**
 * The ETag of `request`'s answer from an operation declaring a cache basis, for a caller of `tier` (before the
 * operation runs). The tier is part of it only where it changes the answer (dependsOnKey).
 */
export async function pinnedEtag(op: Pick<Operation, 'api' | 'sleutelVerplicht'> & { cache: CacheBasis }, request: Request, url: URL, tier: string): Promise<string> {
  const versie = await op.cache.huidigeVersie();
  return versionEtag({ basis: op.cache.naam, versie, tier: dependsOnKey(op) ? tier : 'elke', url, csv: wilCsv(request, undefined) });
}
