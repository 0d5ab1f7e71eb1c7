// `npm run probe` (scripts/probe.ts): calls every source once at its configured URL with a known request
// and says per source ok, drift (unknown or missing fields, named) or mislukt (why). The requests are ones the
// replay server has recordings for (test/upstream/fixtures), so CI runs the same probe against it. JSON
// answers are checked against the adapter's own expected schema (lib/sources/drift.ts), or without one
// against the recorded format; XML documents (Rechtspraak, BWB, NDW emissiezones, the RVO page) go through
// the adapter itself, which reports its drift (Buienradar too: its service reads the feed tolerantly); of the large streamed feeds (NDW) only the first records are
// read and checked against the recorded feed; downloads (registers) are only asked for their headers.
import { z } from 'zod';
import { fetchSource, sourceUrl } from './fetch';
import { checkKnownFields, checkShape, onSourceDrift, XmlDrift, type DriftEvent } from './drift';
import { XmlRecordStream } from './xml-records';
import { jsonArrayElements } from './json-elements';
import { uitspraak } from './rechtspraak';
import { regeling } from './bwb-repository';
import { milieuzones } from './ndw-emissiezones';
import { subsidieBedragen } from './rvo-isde';
import { SourceError } from './source-error';
import { type SourceDef, baseUrl, timeoutMs } from './source';
import { sources } from './registry';
import { ogcFeatureCollectionSchema } from './bag-ogc-convert';
import { stationsPaginaSchema } from './luchtmeetnet-convert';
import { dataPropertySchema } from './cbs-statline';
import { ckanEnvelopeSchema, ckanSearchResultSchema } from './data-overheid-convert';
import { epOnlineAnswerSchema } from './ep-online-convert';
import { wozAnswerSchema } from './woz-waardeloket-convert';
import { buienradarProbe } from './buienradar';
import { solrAnswerSchema } from './pdok-locatieserver-convert';
import { ibAdressenAnswerSchema } from './bag-individuele-bevragingen-convert';

export interface ProbeRequest {
  /** Path under the source's base URL ('' = the base URL itself). */
  path: string;
  query?: Record<string, string>;
  /**
   * json: parsed and checked against `schema` (without one: against the recorded format); text: read whole;
   * kop: only the status and headers (downloads); stroom: the first PROBE_RECORDS records of a streamed feed
   * (`records`: XML element names; without: the elements of a JSON array) checked against the recorded feed;
   * adapter: the adapter's own call (`call`), whose drift events are reported.
   */
  soort: 'json' | 'text' | 'kop' | 'stroom' | 'adapter';
  schema?: z.ZodType;
  records?: readonly string[];
  call?: (signal: AbortSignal) => Promise<unknown>;
  /** The adapter call asks the upstream past the answer cache (so the health check, lib/db/bron-controle.ts, may use it as is). */
  fresh?: boolean;
  headers?: Record<string, string>;
}

const OGC = ogcFeatureCollectionSchema;
/** Records of a streamed feed read and checked by the probe (the rest is not downloaded). */
export const PROBE_RECORDS = 50;

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
  'ndw-emissiezones': { path: '/emissiezones.xml.gz', soort: 'adapter', call: (signal) => milieuzones(signal) },
  woningsite: { path: '/zoeken/koop', query: { selected_area: '["3012br"]' }, soort: 'text' },
  luchtmeetnet: { path: '/stations', query: { page: '1' }, soort: 'json', schema: stationsPaginaSchema },
  'rce-monumenten': { path: '/collections/rce_inspire_points/items', query: { f: 'json' }, soort: 'json', schema: OGC },
  'rvo-isde': { path: '/woningeigenaren', soort: 'adapter', call: (signal) => subsidieBedragen(signal) },
  rechtspraak: { path: '/uitspraken/content', query: { id: 'ECLI:NL:RBAMS:2010:BO3979' }, soort: 'adapter', call: (signal) => uitspraak('ECLI:NL:RBAMS:2010:BO3979', signal) },
  'bwb-repository': { path: '/BWBR0002458/manifest.xml', soort: 'adapter', call: (signal) => regeling('BWBR0002458', signal) },
  'ndw-meetlocaties': { path: '/measurement_current.xml.gz', soort: 'stroom', records: ['measurementSiteRecord'] },
  'ndw-reistijden': { path: '/traveltime.xml.gz', soort: 'stroom', records: ['siteMeasurements'] },
  'ndw-verkeersmaatregelen': { path: '/tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz', soort: 'stroom', records: ['situation'] },
  'bag-individuele-bevragingen': {
    path: '/adressenuitgebreid',
    query: { postcode: '1082GB', huisnummer: '43', huisnummertoevoeging: '2' },
    soort: 'json',
    schema: ibAdressenAnswerSchema,
    headers: { Accept: 'application/hal+json' },
  },
  bgt: { path: '/collections/pand/items', query: { f: 'json' }, soort: 'json', schema: OGC },
  'ndw-brugopeningen': { path: '/brugopeningen.xml.gz', soort: 'stroom', records: ['situation'] },
  'ndw-srti': { path: '/veiligheidsgerelateerde_berichten_srti.xml.gz', soort: 'stroom', records: ['situation'] },
  'ndw-laadpunten': { path: '/charging_point_locations_ocpi.json.gz', soort: 'stroom' },
  gbfs: { path: '/ovfiets/gbfs.json', soort: 'json' },
  // Read as the service reads it (lib/sources/buienradar.ts): a station without name or position is drift, not a failure.
  buienradar: { path: '/2.0/feed/json', soort: 'adapter', fresh: true, call: (signal) => buienradarProbe(signal) },
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

/** The body of a response as text chunks, gunzipped when it starts with the gzip magic bytes. */
async function* textOf(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const reader = body.getReader();
  const first = await reader.read();
  if (first.done) return;
  const rest = new ReadableStream<Uint8Array>({
    start(c) {
      c.enqueue(first.value);
    },
    async pull(c) {
      const r = await reader.read();
      if (r.done) c.close();
      else c.enqueue(r.value);
    },
    cancel: (why) => reader.cancel(why),
  });
  const gz = first.value[0] === 0x1f && first.value[1] === 0x8b;
  const bytes = gz ? rest.pipeThrough(new DecompressionStream('gzip') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>) : rest;
  const r = bytes.getReader();
  const decoder = new TextDecoder('utf-8');
  try {
    for (;;) {
      const { done, value } = await r.read();
      if (done) {
        const tail = decoder.decode();
        if (tail) yield tail;
        return;
      }
      const text = decoder.decode(value, { stream: true });
      if (text) yield text;
    }
  } finally {
    await r.cancel().catch(() => {});
  }
}

/** Reads the first PROBE_RECORDS records of a streamed feed and checks them (drift events go to the listeners). */
async function probeStream(def: SourceDef, target: string, request: ProbeRequest): Promise<string | null> {
  const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs(def)), headers: request.headers, redirect: 'follow' });
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    return `HTTP ${res.status}`;
  }
  let n = 0;
  if (!request.records) {
    const reported = new Set<string>();
    for await (const el of jsonArrayElements(textOf(res.body))) {
      checkKnownFields(def, el, 'data[]', reported);
      if (++n >= PROBE_RECORDS) break;
    }
    return n ? null : 'geen elementen';
  }
  const drift = new XmlDrift(def);
  const stream = new XmlRecordStream({ records: request.records, onRecord: (r) => (n++, drift.record(r)) });
  let whole = true;
  for await (const chunk of textOf(res.body)) {
    stream.write(chunk);
    if (n >= PROBE_RECORDS) {
      whole = false;
      break;
    }
  }
  if (whole) stream.close();
  return n ? null : `geen ${request.records.join('/')}`;
}

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
  const names = (soort: string) => [...new Set(drift.filter((e) => e.soort === soort).map((e) => e.veld))];
  const driftOrOk = () => {
    const parts = [
      names('onbekend').length ? `onbekend: ${names('onbekend').slice(0, 8).join(', ')}` : '',
      names('ontbrekend').length ? `ontbrekend: ${names('ontbrekend').slice(0, 8).join(', ')}` : '',
      names('conversie').length ? `conversie: ${names('conversie').slice(0, 8).join(', ')}` : '',
    ].filter(Boolean);
    return parts.length ? done('drift', parts.join('; ')) : done('ok');
  };
  try {
    if (request.soort === 'adapter') {
      if (!request.call) return done('mislukt', 'geen aanroep bij de proefvraag (lib/sources/probe.ts)');
      const data = await request.call(AbortSignal.timeout(timeoutMs(def)));
      const inner = (data as { data?: unknown } | null)?.data;
      if (data === null || inner === null) return done('mislukt', 'niet gevonden');
      return driftOrOk();
    }
    if (request.soort === 'stroom') {
      const target = request.path ? sourceUrl(def, request.path, request.query) : withQuery(url, request.query);
      const why = await probeStream(def, target, request);
      return why ? done('mislukt', why) : driftOrOk();
    }
    if (request.soort === 'kop') {
      // Feeds and downloads: only the status line and headers; the body is cancelled.
      const target = request.path ? sourceUrl(def, request.path, request.query) : withQuery(url, request.query);
      const res = await fetch(target, { signal: AbortSignal.timeout(timeoutMs(def)), headers: request.headers, redirect: 'follow' });
      await res.body?.cancel().catch(() => {});
      return res.ok ? done('ok') : done('mislukt', `HTTP ${res.status}`);
    }
    const res = await fetchSource<unknown>(def, request.path, { query: request.query, accept: request.soort, fresh: true, headers: request.headers });
    if (request.soort === 'text') return typeof res.body === 'string' && res.body.length > 0 ? done('ok') : done('mislukt', 'leeg antwoord');
    if (!request.schema) {
      if (res.body === null || typeof res.body !== 'object') return done('mislukt', 'geen JSON-object');
      checkKnownFields(def, res.body);
      return driftOrOk();
    }
    const parsed = checkShape(def, request.schema, res.body);
    if (!parsed.success) return done('mislukt', `onleesbaar: ${names('conversie').concat(names('ontbrekend')).slice(0, 5).join(', ') || 'vorm wijkt af'}`);
    return driftOrOk();
  } catch (err) {
    return done('mislukt', describeFailure(err));
  } finally {
    stop();
  }
}

/** The ids among `ids` that are no registered source (a typo in `--bron`). */
export function unknownSourceIds(ids: readonly string[]): string[] {
  return ids.filter((id) => !sources.some((s) => s.id === id));
}

/** Points every source at a replay server (test/upstream/server.ts serves source X under <url>/X) and gives keyed sources a stand-in key. */
export function useReplayServer(url: string, env: NodeJS.ProcessEnv = process.env): void {
  const base = url.replace(/\/+$/, '');
  for (const s of sources) env[s.envVar] = `${base}/${s.id}`;
  for (const s of sources) if (s.keyEnvVar) env[s.keyEnvVar] ??= 'replay-probe';
}

/** Probes every registered source (a few at a time), in registry order. Unknown ids throw (check with unknownSourceIds first). */
export async function probeAll(ids?: readonly string[]): Promise<ProbeResult[]> {
  const unknown = ids ? unknownSourceIds(ids) : [];
  if (unknown.length) throw new Error(`onbekende bron: ${unknown.join(', ')}`);
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
