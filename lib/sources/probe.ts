// `npm run probe` (scripts/probe.ts): calls every source once at its configured URL with a known request
// and says per source ok, drift (unknown or missing fields, named) or mislukt (why). The requests are ones the
// replay server has recordings for (test/upstream/fixtures), so CI runs the same probe against it. JSON
// answers are checked against the adapter's own expected schema (lib/sources/drift.ts); feeds and
// downloads (NDW, registers) are only asked for their headers, never downloaded whole.
import { z } from 'zod';
import { fetchSource, sourceUrl } from './fetch';
import { checkShape, onSourceDrift, type DriftEvent } from './drift';
import { SourceError } from './source-error';
import { type SourceDef, baseUrl, timeoutMs } from './source';
import { sources } from './registry';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { stationsPaginaSchema } from './luchtmeetnet-convert';
import { dataPropertySchema } from './cbs-statline';
import { ckanEnvelopeSchema, ckanSearchResultSchema } from './data-overheid-convert';
import { epOnlineAnswerSchema } from './ep-online-convert';
import { wozAnswerSchema } from './woz-waardeloket-convert';
import { buienradarFeedSchema } from './buienradar-convert';
import { solrAnswerSchema } from './pdok-locatieserver-convert';
import { ibAdressenAnswerSchema } from './bag-individuele-bevragingen-convert';

export interface ProbeRequest {
  /** Path under the source's base URL ('' = the base URL itself). */
  path: string;
  query?: Record<string, string>;
  /** json: parsed and checked against `schema`; text: read whole; kop: only the status and headers (feeds, downloads). */
  soort: 'json' | 'text' | 'kop';
  schema?: z.ZodType;
  headers?: Record<string, string>;
}

const OGC = ogcFeatureCollectionSchema;

/** One known request per source id; registry.test-style check in probe.test.ts: every source has one. */
export const PROBES: Record<string, ProbeRequest> = {
  'pdok-locatieserver': { path: '/free', query: { q: '*:*', fq: 'postcode:3012BR AND huisnummer:42', rows: '1' }, soort: 'json', schema: solrAnswerSchema },
  'cbs-statline': { path: '/85592NED/DataProperties', query: { $format: 'json' }, soort: 'json', schema: z.looseObject({ value: z.array(dataPropertySchema) }) },
  'bag-ogc': { path: '/collections/verblijfsobject/items', query: { identificatie: '0599010000295420', f: 'json' }, soort: 'json', schema: OGC },
  'woz-waardeloket': { path: '/wozwaarde/nummeraanduiding/0599200000508415', soort: 'json', schema: wozAnswerSchema },
  'ep-online': { path: '/PandEnergielabel/AdresseerbaarObject/0599010000295420', soort: 'json', schema: epOnlineAnswerSchema },
  'brk-kadastrale-kaart': { path: '/collections/perceel/items', query: { bbox: '92415.615,436735.768,92417.615,436737.768', f: 'json' }, soort: 'json', schema: OGC },
  'gleif-golden-copy': { path: '/latest', soort: 'kop' },
  'belastingdienst-anbi': { path: '/anbi.zip', soort: 'kop' },
  'afm-register': { path: '', query: { fdregister: '1' }, soort: 'kop' },
  'dnb-register': { path: '/WFTDG', soort: 'kop' },
  'dnb-api': { path: '/api/publicregister/Registers', soort: 'json' },
  'data-overheid': {
    path: '/package_search',
    query: { q: 'Hoogeveen', start: '2', rows: '2' },
    soort: 'json',
    schema: ckanEnvelopeSchema.extend({ result: ckanSearchResultSchema }),
  },
  'ndw-emissiezones': { path: '/emissiezones.xml.gz', soort: 'kop' },
  woningsite: { path: '/zoeken/koop', query: { selected_area: '["3012br"]' }, soort: 'text' },
  luchtmeetnet: { path: '/stations', query: { page: '1' }, soort: 'json', schema: stationsPaginaSchema },
  'rce-monumenten': { path: '/collections/rce_inspire_points/items', query: { f: 'json' }, soort: 'json', schema: OGC },
  'rvo-isde': { path: '/woningeigenaren', soort: 'text' },
  rechtspraak: { path: '/uitspraken/content', query: { id: 'ECLI:NL:RBAMS:2010:BO3979' }, soort: 'text' },
  'bwb-repository': { path: '/BWBR0002458/manifest.xml', soort: 'text' },
  'ndw-meetlocaties': { path: '/measurement_current.xml.gz', soort: 'kop' },
  'ndw-reistijden': { path: '/traveltime.xml.gz', soort: 'kop' },
  'ndw-verkeersmaatregelen': { path: '/tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', soort: 'kop' },
  'bag-individuele-bevragingen': {
    path: '/adressenuitgebreid',
    query: { postcode: '1082GB', huisnummer: '43', huisnummertoevoeging: '2' },
    soort: 'json',
    schema: ibAdressenAnswerSchema,
    headers: { Accept: 'application/hal+json' },
  },
  bgt: { path: '/collections/pand/items', query: { f: 'json' }, soort: 'json', schema: OGC },
  'ndw-brugopeningen': { path: '/brugopeningen.xml.gz', soort: 'kop' },
  'ndw-srti': { path: '/veiligheidsgerelateerde_berichten_srti.xml.gz', soort: 'kop' },
  'ndw-laadpunten': { path: '/charging_point_locations_ocpi.json.gz', soort: 'kop' },
  gbfs: { path: '/ovfiets/gbfs.json', soort: 'json' },
  buienradar: { path: '/2.0/feed/json', soort: 'json', schema: buienradarFeedSchema },
};

export interface ProbeResult {
  bron: string;
  uitkomst: 'ok' | 'drift' | 'mislukt' | 'overgeslagen';
  /** Why (failure kind, drift fields, missing key); empty when ok. */
  reden: string;
  url: string;
  vervangen: boolean;
  duurMs: number;
}

const withQuery = (url: string, query: Record<string, string> = {}) => {
  const u = new URL(url);
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v);
  return u.toString();
};

const describeFailure = (err: unknown) =>
  err instanceof SourceError ? `${err.bron.foutsoort ?? err.kind}${err.httpStatus ? `, HTTP ${err.httpStatus}` : ''}` : err instanceof Error ? err.message : String(err);

/** Probes one source with its known request. Never throws. */
export async function probeSource(def: SourceDef, request: ProbeRequest | undefined = PROBES[def.id]): Promise<ProbeResult> {
  const url = baseUrl(def);
  const base = { bron: def.id, url, vervangen: url !== def.defaultBaseUrl.replace(/\/+$/, '') };
  const start = performance.now();
  const done = (uitkomst: ProbeResult['uitkomst'], reden = '') => ({ ...base, uitkomst, reden, duurMs: Math.round(performance.now() - start) });
  if (!request) return done('mislukt', 'geen proefvraag bekend (lib/sources/probe.ts)');
  if (def.keyEnvVar && !process.env[def.keyEnvVar]?.trim()) return done('overgeslagen', `geen sleutel in ${def.keyEnvVar}`);
  const drift: DriftEvent[] = [];
  const stop = onSourceDrift((e) => e.bron === def.id && drift.push(e));
  try {
    if (request.soort === 'kop') {
      // Feeds and downloads: only the status line and headers; the body is cancelled.
      const target = request.path ? sourceUrl(def, request.path, request.query) : withQuery(url, request.query);
      const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs(def)), headers: request.headers, redirect: 'follow' });
      await res.body?.cancel().catch(() => {});
      return res.ok ? done('ok') : done('mislukt', `HTTP ${res.status}`);
    }
    const res = await fetchSource<unknown>(def, request.path, { query: request.query, accept: request.soort, ttlMs: 0, headers: request.headers });
    if (request.soort === 'text') return typeof res.body === 'string' && res.body.length > 0 ? done('ok') : done('mislukt', 'leeg antwoord');
    if (!request.schema) return res.body !== null && typeof res.body === 'object' ? done('ok') : done('mislukt', 'geen JSON-object');
    const parsed = checkShape(def, request.schema, res.body);
    const names = (soort: string) => [...new Set(drift.filter((e) => e.soort === soort).map((e) => e.veld))];
    if (!parsed.success) return done('mislukt', `onleesbaar: ${names('conversie').concat(names('ontbrekend')).slice(0, 5).join(', ') || 'vorm wijkt af'}`);
    const parts = [
      names('onbekend').length ? `onbekend: ${names('onbekend').slice(0, 8).join(', ')}` : '',
      names('ontbrekend').length ? `ontbrekend: ${names('ontbrekend').slice(0, 8).join(', ')}` : '',
    ].filter(Boolean);
    return parts.length ? done('drift', parts.join('; ')) : done('ok');
  } catch (err) {
    return done('mislukt', describeFailure(err));
  } finally {
    stop();
  }
}

/** Probes every registered source (a few at a time), in registry order. */
export async function probeAll(ids?: readonly string[]): Promise<ProbeResult[]> {
  const todo = sources.filter((s) => !ids || ids.includes(s.id));
  const out: ProbeResult[] = new Array(todo.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < todo.length) {
        const i = next++;
        out[i] = await probeSource(todo[i]);
      }
    }),
  );
  return out;
}

/** One line per source: "bron  ok", "bron  drift (…)", "bron  mislukt (…)", with "[vervangen: url]" for replacement URLs. */
export function probeLine(r: ProbeResult, width = 28): string {
  const label = r.reden ? `${r.uitkomst} (${r.reden})` : r.uitkomst;
  return `${r.bron.padEnd(width)} ${label}${r.vervangen ? `  [vervangen: ${r.url}]` : ''}`;
}
