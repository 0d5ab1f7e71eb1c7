// PDOK Locatieserver v3.1: search, type-ahead and look-up of Dutch addresses, postcodes, streets,
// places and municipalities (BAG and related registers). Keyless; the API rejects unknown parameters,
// so only documented ones are sent (q, rows, start for free/suggest; id for lookup).
import { source } from './source';
import { fetchSource, type SourceResponse } from './fetch';
import { checkShape } from './drift';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { Problem } from '@/lib/api/problems';
import { log } from '@/lib/log';
import {
  type Locatie,
  type ReverseTreffer,
  type SolrAnswer,
  type Suggestie,
  solrAnswerSchema,
  toLocatie,
  binnenAfstand,
  toReverseTreffer,
  toSuggestie,
} from './pdok-locatieserver-convert';

export const pdokLocatieserver = source({
  id: 'pdok-locatieserver',
  titel: 'PDOK Locatieserver',
  envVar: 'BRON_PDOK_LOCATIESERVER_URL',
  defaultBaseUrl: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1',
  licentie: 'CC0 1.0 (BAG en afgeleide gegevens)',
  attributie: 'Bron: PDOK Locatieserver (Kadaster, Basisregistratie Adressen en Gebouwen)',
  documentatie: 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/ui/',
  // No cache by default: a search index answers fast and a user expects what is registered now (and a
  // failure to show as one). Composed operations that must cache (24 h) pass ttlMs per call.
  ttlMs: 0,
  // Type-ahead users wait for it: fail within 3 s rather than the default 5 s.
  timeoutMs: 3000,
});

/** Upstream maxima from its OpenAPI document: rows at most 100, start at most 10 000. */
export const LOCATIESERVER_MAX_ROWS = 100;
export const LOCATIESERVER_MAX_START = 10_000;

export interface Zoekresultaat<T> {
  /** Total number of matches upstream (numFound). */
  aantal: number;
  start: number;
  items: T[];
}

/** Type-ahead suggestions for a partial search text. */
export async function suggest(q: string, rows: number, signal?: AbortSignal): Promise<Sourced<Zoekresultaat<Suggestie>>> {
  const answer = await search('/suggest', { q, rows }, signal);
  const alle = answer.body.response.docs.map(toSuggestie);
  const items = alle.filter((s): s is Suggestie => s !== null).slice(0, rows);
  // Only a document with neither id nor weergavenaam is left out (nothing to show or look up): never silently.
  if (items.length < Math.min(rows, alle.length)) log('warn', 'locatieserver_suggestie_zonder_id', { weggelaten: alle.length - alle.filter(Boolean).length });
  return { data: { aantal: answer.body.response.numFound, start: answer.body.response.start, items }, bronnen: [answer.bron] };
}

/** Free-text search returning full, standardised location objects. */
export async function free(q: string, rows: number, start: number, signal?: AbortSignal): Promise<Sourced<Zoekresultaat<Locatie>>> {
  const answer = await search('/free', { q, rows, start }, signal);
  const items = answer.body.response.docs.map(toLocatie).slice(0, rows);
  return { data: { aantal: answer.body.response.numFound, start: answer.body.response.start, items }, bronnen: [answer.bron] };
}

/** One object by its Locatieserver id (adr-…, pcd-…, weg-…); data is null when the id is unknown. */
export async function lookup(id: string, signal?: AbortSignal): Promise<Sourced<Locatie | null>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/lookup', { query: { id }, signal });
  const body = readAnswer(res, res.body);
  const doc = body.response.numFound > 0 ? body.response.docs[0] : undefined;
  return { data: doc ? toLocatie(doc) : null, bronnen: [res.bron] };
}

/** Fields asked of the reverse geocoder for addresses (its default fl is only id, type, weergavenaam, score, afstand). */
export const REVERSE_VELDEN = [
  'id', 'type', 'weergavenaam', 'bron', 'afstand', 'score',
  'straatnaam', 'huisnummer', 'huisletter', 'huisnummertoevoeging', 'huis_nlt', 'postcode',
  'woonplaatsnaam', 'woonplaatscode', 'gemeentecode', 'gemeentenaam', 'provinciecode', 'provincienaam', 'provincieafkorting',
  'wijkcode', 'wijknaam', 'buurtcode', 'buurtnaam', 'waterschapscode', 'waterschapsnaam',
  'nummeraanduiding_id', 'adresseerbaarobject_id', 'openbareruimte_id', 'gekoppeld_perceel', 'gekoppeld_appartement',
  'centroide_ll', 'centroide_rd',
].join(' ');

/**
 * Reverse geocoding (`/reverse?lat=…&lon=…&type=adres&distance=…&rows=…&fl=…`): the addresses nearest to a
 * WGS84 point within `distanceM` metres, nearest first (the Locatieserver sorts by distance). An empty list
 * when none lies within the distance. Cached `ttlMs` (addresses change rarely; default one hour).
 */
export async function reverse(
  punt: { lon: number; lat: number },
  opties: { distanceM: number; rows: number; ttlMs?: number },
  signal?: AbortSignal,
): Promise<Sourced<Zoekresultaat<ReverseTreffer>>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/reverse', {
    query: { lat: punt.lat, lon: punt.lon, type: 'adres', distance: opties.distanceM, rows: opties.rows, fl: REVERSE_VELDEN },
    ttlMs: opties.ttlMs ?? 60 * 60 * 1000,
    signal,
  });
  const body = readAnswer(res, res.body);
  const items = binnenAfstand(body.response.docs.map(toReverseTreffer), opties.distanceM).slice(0, opties.rows);
  return { data: { aantal: body.response.numFound, start: body.response.start, items }, bronnen: [res.bron] };
}

/**
 * A free/suggest call. The search text goes to Solr as is, so a text Solr cannot parse (for example an
 * unbalanced quote) comes back as HTTP 400: that is the caller's input, answered as a 400 problem, not as
 * a failing source. The body is read as text because such errors may be text/plain.
 */
async function search(path: '/free' | '/suggest', query: Record<string, string | number>, signal?: AbortSignal) {
  const res = await fetchSource<string>(pdokLocatieserver, path, { query, accept: 'text', acceptStatuses: [400], signal });
  if (res.status === 400) {
    throw new Problem('invalid_parameter', {
      detail: `De Locatieserver kon de zoekterm niet verwerken: ${upstreamMessage(res.body)}`,
      invalidParams: [{ name: 'q', in: 'query', reason: 'zoekterm niet verwerkbaar door de Locatieserver' }],
    });
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(res.body);
  } catch {
    throw unreadableAnswer(res.bron);
  }
  return { body: readAnswer(res, parsed), bron: res.bron };
}

function readAnswer(res: SourceResponse<unknown>, body: unknown): SolrAnswer {
  // The text is parsed anew on every call, cached or not: its shape is counted once per fetch (not per reuse).
  const parsed = res.bron.cache ? solrAnswerSchema.safeParse(body) : checkShape(pdokLocatieserver, solrAnswerSchema, body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return parsed.data;
}


/** The readable part of an upstream 400 body (Solr error JSON or plain text), short and without markup. */
function upstreamMessage(body: string): string {
  let msg = body;
  try {
    const json = JSON.parse(body) as { error?: { msg?: unknown } };
    if (typeof json.error?.msg === 'string') msg = json.error.msg;
  } catch {
    // plain text body
  }
  msg = msg.replace(/^org\.apache\.solr\.\S+:\s*/, '').replace(/<[^>]*>/g, '').trim();
  return msg.length > 200 ? `${msg.slice(0, 200)}…` : msg || 'onbekende fout';
}
