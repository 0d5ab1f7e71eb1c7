// Every composed operation (one that reads several upstream sources per request) with each of its declared
// sources stalled in turn, against the replay server: the answer is 200 with exactly that source
// 'onbeschikbaar' in bronnen and every other source 'ok', or the declared 502 naming exactly that source when
// nothing is left to answer without it. The table of sources comes from the operation declarations
// (lib/api/registry.ts): an operation that declares a new source is tested with it stalled without a line
// here, and a new composed operation fails the first test until it has an example request below.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from './registry';
import { route } from './route';
import type { Operation } from './operation';
import type { BronEntry } from '@/lib/sources/bron';
import { clearLuchtmeetnetCatalogus } from '@/lib/sources/luchtmeetnet';
import { metReplay } from '@/test/upstream/met-replay';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { sourceById } from '@/lib/sources/registry';
import { fixtureText } from '@/test/fixtures/energy/fixtures';

/** Per-source time budget while a source is stalled: each test waits for it once (its operations run in parallel). */
const BUDGET_MS = 1000;
/** Per-source time budget while the examples are answered (and cached) without a fault. */
const WARM_BUDGET_MS = 15_000;

metReplay({
  // The keyed sources are asked only with a key; the replay server does not check it.
  env: { BRON_TIMEOUT_MS: String(WARM_BUDGET_MS), EP_ONLINE_API_KEY: 'replay-test', BAG_API_KEY: 'replay-test' },
  naElkeTest: () => clearLuchtmeetnetCatalogus(),
});
/** A second replay server for the stalled source: its URL differs, so its answers are not in the cache. */
let stil: ReplayServer;
beforeAll(async () => {
  stil = await startReplayServer();
});
afterAll(() => stil.close());

/** APIs whose operations declare several sources but read imported collections, not the sources per request. */
const COLLECTIE_APIS: Record<string, string> = {
  distributiemonitor: 'leest de geïmporteerde AFM-, GLEIF- en DNB-collecties uit de database',
  finreg: 'leest het geïmporteerde DNB-register uit de database',
};

interface Voorbeeld {
  /** Request URL (path and query) and the route parameters of the example. */
  url: string;
  params?: Record<string, string>;
  /** A POST body (application/xml). */
  xml?: string;
  /**
   * Sources without which nothing is left to answer: stalled, the operation answers its declared 502 naming
   * that source. Every other declared source fails alone.
   */
  vereist: string[];
  /** Sources that are asked only with the answer of another: stalled source → the sources not asked then. */
  volgtUit?: Record<string, string[]>;
}

const ADRES = { postcode: '3012BR', huisnummer: '42' };
const MAATWERKADVIES = fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml');

/** One example request per composed operation; the sources to stall come from the operation's declaration. */
const VOORBEELDEN: Record<string, Voorbeeld> = {
  adres: { url: '/v1/adres/3012BR/42', params: ADRES, vereist: ['pdok-locatieserver'] },
  'adres-context': { url: '/v1/adres/3012BR/42/context', params: ADRES, vereist: ['pdok-locatieserver'] },
  // The nearest stations are the answer: without Luchtmeetnet there is nothing left.
  'adres-lucht': { url: '/v1/adres/3012BR/42/lucht', params: ADRES, vereist: ['pdok-locatieserver', 'luchtmeetnet'] },
  // The national subsidies are the answer, for an address that must exist.
  'adres-subsidies': { url: '/v1/adres/3012BR/42/subsidies', params: ADRES, vereist: ['pdok-locatieserver', 'rvo-isde'] },
  'pand-dossier': { url: '/v1/pand/3012BR/42/dossier', params: ADRES, vereist: ['pdok-locatieserver'] },
  'pand-waarde-indicatie': { url: '/v1/pand/3012BR/42/waarde-indicatie', params: ADRES, vereist: ['pdok-locatieserver'] },
  'pand-woz': { url: '/v1/pand/3012BR/42/woz', params: ADRES, vereist: ['pdok-locatieserver'] },
  'pand-woningtype': { url: '/v1/pand/3012BR/42/woningtype?toevoeging=A', params: ADRES, vereist: ['pdok-locatieserver'] },
  'monitoring-pand': { url: '/v1/monitoring/pand/3012BR/42', params: ADRES, vereist: ['pdok-locatieserver'] },
  'verduurzaming-pand': { url: '/v1/verduurzaming/pand/3012BR/42?toevoeging=A', params: ADRES, vereist: ['pdok-locatieserver'] },
  'verduurzaming-rapport': { url: '/v1/verduurzaming/rapport?postcode=3012BR&huisnummer=42&toevoeging=A', xml: MAATWERKADVIES, vereist: ['pdok-locatieserver'] },
  'verduurzaming-rapport-pdf': { url: '/v1/verduurzaming/rapport.pdf?postcode=3012BR&huisnummer=42&toevoeging=A', xml: MAATWERKADVIES, vereist: ['pdok-locatieserver'] },
  // A travel time needs its measuring point and the point its travel time.
  'punt-reistijden': { url: '/v1/punt/4.47756318/51.9155987/reistijden', params: { lon: '4.47756318', lat: '51.9155987' }, vereist: ['ndw-meetlocaties', 'ndw-reistijden'] },
  // Without the nearest address there are no buurt, wijk and monuments at the address: only the cadastral layers.
  'punt-context': {
    url: '/v1/punt/4.4776/51.9156/context',
    params: { lon: '4.4776', lat: '51.9156' },
    vereist: [],
    volgtUit: { 'pdok-locatieserver': ['cbs-statline', 'rce-monumenten'] },
  },
  'punt-brugopeningen': { url: '/v1/punt/4.9523/52.2342/brugopeningen', params: { lon: '4.9523', lat: '52.2342' }, vereist: [] },
  'punt-voorzieningen': { url: '/v1/punt/4.47756318/51.9155987/voorzieningen', params: { lon: '4.47756318', lat: '51.9155987' }, vereist: [] },
  // The profile is made of the core figures; the datasets of the municipality are one part of it.
  'regio-profiel': { url: '/v1/regio/GM0118', params: { code: 'GM0118' }, vereist: ['cbs-statline'] },
  // A chain, not parts: the catalogue names the CBS table that is then queried.
  'dataset-query': { url: '/v1/datasets/cbs-kerncijfers-wijken-en-buurten-2024/query', params: { id: 'cbs-kerncijfers-wijken-en-buurten-2024' }, vereist: ['data-overheid', 'cbs-statline'] },
};

const samengesteld = operations.filter((o) => o.status === 'live' && o.sources.length > 1 && !(o.api in COLLECTIE_APIS));
const byId = new Map(samengesteld.map((o) => [o.id, o]));
const binary = (o: Operation) => o.produces !== undefined && o.produces !== 'application/json';

interface Antwoord {
  status: number;
  body: { bronnen?: BronEntry[]; bron?: string; errorCode?: string; detail?: string; extra?: unknown } & Record<string, unknown>;
}

async function vraag(op: Operation): Promise<Antwoord> {
  const v = VOORBEELDEN[op.id];
  const request = new Request(`http://localhost${v.url}`, v.xml ? { method: 'POST', headers: { 'content-type': 'application/xml' }, body: v.xml } : undefined);
  const res = await route(op)[op.method](request, { params: Promise.resolve(v.params ?? {}) });
  if (res.status === 200 && binary(op)) return { status: 200, body: {} };
  return { status: res.status, body: (await res.json()) as Antwoord['body'] };
}

/** The upstream sources of an answer's bronnen (own entries left out), failed ones and answered ones. */
function bronnenVan(body: Antwoord['body']): { failed: string[]; ok: string[] } {
  const upstream = (body.bronnen ?? []).filter((b) => b.bron !== 'eigen-dienst');
  const uniq = (l: string[]) => [...new Set(l)].sort();
  return { failed: uniq(upstream.filter((b) => b.status === 'onbeschikbaar').map((b) => b.bron)), ok: uniq(upstream.filter((b) => b.status === 'ok').map((b) => b.bron)) };
}

/** The sources a 502 problem names. */
function genoemd(body: Antwoord['body']): string[] {
  const lijst = (body as { bronnen?: unknown }).bronnen;
  return Array.isArray(lijst) ? [...(lijst as string[])].sort() : [body.bron as string];
}

describe('composed operations fail part by part and name the failing source', () => {
  it('has an example request for every composed operation, and only for those', () => {
    expect(Object.keys(VOORBEELDEN).sort()).toEqual(samengesteld.map((o) => o.id).sort());
    for (const o of samengesteld) {
      for (const v of VOORBEELDEN[o.id].vereist) expect(o.sources, `${o.id}: vereist ${v} is not a declared source`).toContain(v);
      if (VOORBEELDEN[o.id].vereist.length > 0) expect(o.statuses, `${o.id} fails with 502 without a required source`).toContain(502);
    }
  });

  // One test per declared source: every composed operation that declares it runs in parallel while it is stalled.
  const perBron = new Map<string, Operation[]>();
  for (const o of samengesteld) for (const s of o.sources) perBron.set(s, [...(perBron.get(s) ?? []), o]);

  it.each([...perBron.keys()].sort())('with %s stalled, names exactly that source in every operation that reads it', async (bron) => {
    const ops = perBron.get(bron)!;
    // 1. Every example answers with each declared source ok (so that stalling one is seen), within a generous
    //    budget: the answers are cached now, so that in step 2 only the stalled source is asked upstream and no
    //    other source can run out of its budget on a busy machine.
    process.env.BRON_TIMEOUT_MS = String(WARM_BUDGET_MS);
    for (const [o, a] of await Promise.all(ops.map(async (o) => [o, await vraag(o)] as const))) {
      expect(a.status, `${o.id}: ${JSON.stringify(a.body).slice(0, 400)}`).toBe(200);
      if (binary(o)) continue;
      const { failed, ok } = bronnenVan(a.body);
      expect(failed, o.id).toEqual([]);
      expect(ok, o.id).toEqual([...o.sources].sort());
    }
    // 2. The stalled source is asked at the second replay server (a URL not cached yet), which never answers.
    process.env.BRON_TIMEOUT_MS = String(BUDGET_MS);
    const def = sourceById(bron);
    const vorige = process.env[def.envVar];
    clearLuchtmeetnetCatalogus(); // the station catalogue is kept apart from the URL-keyed caches
    stil.setFault(bron, { kind: 'timeout' });
    process.env[def.envVar] = stil.sourceUrl(bron);
    try {
      for (const [o, a] of await Promise.all(ops.map(async (o) => [o, await vraag(o)] as const))) {
        const wat = `${o.id} with ${bron} stalled: ${JSON.stringify(a.body).slice(0, 400)}`;
        if (VOORBEELDEN[o.id].vereist.includes(bron)) {
          expect(a.status, wat).toBe(502);
          expect(genoemd(a.body), wat).toEqual([bron]);
          continue;
        }
        expect(a.status, wat).toBe(200);
        if (binary(o)) continue;
        const { failed, ok } = bronnenVan(a.body);
        expect(failed, wat).toEqual([bron]);
        // Every other source is still asked and listed as answering, unless it needs the stalled one's answer.
        const nietGevraagd = VOORBEELDEN[o.id].volgtUit?.[bron] ?? [];
        expect(ok, wat).toEqual(o.sources.filter((s) => s !== bron && !nietGevraagd.includes(s)).sort());
      }
    } finally {
      process.env[def.envVar] = vorige;
      stil.clearFaults();
    }
  }, 60_000);
});
