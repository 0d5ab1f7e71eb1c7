// The fetch helper and gather against a real local HTTP server (the replay server with a temporary
// fixture set): caching, coalescing, labelling of replayed answers, and the failure classification.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { clearSourceCache, fetchSource } from './fetch';
import { gather } from './gather';
import { source } from './source';
import { SourceError } from './source-error';

const bron = source({
  id: 'test-bron',
  titel: 'Testbron',
  envVar: 'BRON_TEST_BRON_URL',
  defaultBaseUrl: 'https://voorbeeld.invalid/api',
  licentie: 'CC0 1.0',
  attributie: 'Bron: test',
  documentatie: 'https://voorbeeld.invalid',
  ttlMs: 60_000,
  timeoutMs: 800,
});
const other = { ...bron, id: 'andere-bron', titel: 'Andere bron', envVar: 'BRON_ANDERE_BRON_URL' };

let replay: ReplayServer;
beforeAll(async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-'));
  for (const id of ['test-bron', 'andere-bron']) {
    fs.mkdirSync(path.join(dir, id));
    fs.writeFileSync(path.join(dir, id, 'a.json'), JSON.stringify({ antwoord: 42, lijst: [1, 2, 3] }));
    fs.writeFileSync(path.join(dir, id, 'leeg.json'), JSON.stringify({ fout: 'niet gevonden' }));
    fs.writeFileSync(
      path.join(dir, id, 'routes.json'),
      JSON.stringify({
        source: id,
        routes: [
          { path: '/ding', file: 'a.json', kind: 'opgenomen' },
          { path: '/weg', file: 'leeg.json', kind: 'opgebouwd', status: 404 },
        ],
      }),
    );
  }
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_TEST_BRON_URL = replay.sourceUrl('test-bron');
  process.env.BRON_ANDERE_BRON_URL = replay.sourceUrl('andere-bron');
});
afterAll(async () => {
  await replay.close();
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

describe('fetchSource', () => {
  it('parses JSON, labels a replayed answer and serves the second call from cache', async () => {
    const before = replay.hits('test-bron');
    const first = await fetchSource<{ antwoord: number }>(bron, '/ding', { query: { q: 'x' } });
    expect(first.body.antwoord).toBe(42);
    expect(first.bron).toMatchObject({ bron: 'test-bron', status: 'ok', cache: false, foutsoort: null });
    expect(first.bron.opname).toMatchObject({ bestand: 'test-bron/a.json', soort: 'opgenomen' });
    expect(first.bron.url).toBe(replay.sourceUrl('test-bron') + '/ding');
    const second = await fetchSource(bron, '/ding', { query: { q: 'x' } });
    expect(second.bron.cache).toBe(true);
    expect(replay.hits('test-bron') - before).toBe(1);
  });

  it('coalesces identical concurrent calls into one upstream request', async () => {
    const before = replay.hits('test-bron');
    const all = await Promise.all(Array.from({ length: 5 }, () => fetchSource(bron, '/ding', { query: { q: 'samen' } })));
    expect(all.every((r) => (r.body as { antwoord: number }).antwoord === 42)).toBe(true);
    expect(replay.hits('test-bron') - before).toBe(1);
  });

  it('hands accepted non-2xx statuses to the caller and caches them like answers', async () => {
    const before = replay.hits('test-bron');
    const r = await fetchSource(bron, '/weg', { acceptStatuses: [404] });
    expect(r.status).toBe(404);
    expect(r.bron.opname?.soort).toBe('opgebouwd');
    const again = await fetchSource(bron, '/weg', { acceptStatuses: [404] });
    expect(again.status).toBe(404);
    expect(again.bron.cache).toBe(true);
    expect(replay.hits('test-bron') - before).toBe(1);
  });

  it('sends the API key of a keyed source in its own header', async () => {
    const keyed = { ...bron, keyEnvVar: 'TEST_BRON_SLEUTEL', keyHeader: 'Authorization' };
    process.env.TEST_BRON_SLEUTEL = 'geheim';
    const seen: Headers[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (async (url: RequestInfo | URL, init?: RequestInit) => {
      seen.push(new Headers(init?.headers));
      return realFetch(url, init);
    }) as typeof fetch;
    try {
      await fetchSource(keyed, '/ding', { query: { k: 1 } });
    } finally {
      globalThis.fetch = realFetch;
      delete process.env.TEST_BRON_SLEUTEL;
    }
    expect(seen[0].get('authorization')).toBe('geheim');
    expect(seen[0].has('x-api-key')).toBe(false);
  });

  const faults: [string, string, string][] = [
    ['http500', 'http', 'http_500'],
    ['malformed', 'onleesbaar', 'onleesbaar'],
    ['reset', 'netwerk', 'netwerk'],
    ['timeout', 'timeout', 'timeout'],
  ];
  it.each(faults)('classifies fault %s as %s', async (fault, kind, code) => {
    replay.setFault('test-bron', { kind: fault as 'http500' });
    const started = performance.now();
    const err = await fetchSource(bron, '/ding', { query: { f: fault } }).catch((e) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err.kind).toBe(kind);
    expect(err.bron).toMatchObject({ bron: 'test-bron', status: 'onbeschikbaar', foutsoort: code });
    expect(performance.now() - started).toBeLessThan(800 + 400);
  });

  it('retries a network failure once', async () => {
    replay.setFault('test-bron', { kind: 'reset' });
    const before = replay.hits('test-bron');
    await fetchSource(bron, '/ding', { query: { r: 1 } }).catch(() => undefined);
    expect(replay.hits('test-bron') - before).toBe(2);
  });

  it('does not retry an HTTP 500', async () => {
    replay.setFault('test-bron', { kind: 'http500' });
    const before = replay.hits('test-bron');
    await fetchSource(bron, '/ding', { query: { r: 2 } }).catch(() => undefined);
    expect(replay.hits('test-bron') - before).toBe(1);
  });
});

describe('gather', () => {
  const call = (def: typeof bron, q: string) => ({
    source: def,
    run: async (signal: AbortSignal) => {
      const r = await fetchSource<{ antwoord: number }>(def, '/ding', { query: { q }, signal });
      return { data: r.body.antwoord, bronnen: [r.bron] };
    },
  });

  it('returns null and an onbeschikbaar entry for a failing sub-source, data for the rest', async () => {
    replay.setFault('andere-bron', { kind: 'http500' });
    const { results, bronnen } = await gather({ a: call(bron, 'g1'), b: call(other, 'g1') }, { budgetMs: 2000 });
    expect(results).toEqual({ a: 42, b: null });
    expect(bronnen.map((b) => [b.bron, b.status])).toEqual([
      ['test-bron', 'ok'],
      ['andere-bron', 'onbeschikbaar'],
    ]);
  });

  it('runs calls in parallel and ends slow ones at the budget', async () => {
    replay.setFault('test-bron', { kind: 'latency', ms: 300 });
    replay.setFault('andere-bron', { kind: 'timeout' });
    const started = performance.now();
    const { results, bronnen } = await gather({ a: call(bron, 'g2'), b: call(other, 'g2') }, { budgetMs: 500 });
    const took = performance.now() - started;
    expect(results.a).toBe(42);
    expect(results.b).toBeNull();
    expect(bronnen[1]).toMatchObject({ bron: 'andere-bron', status: 'onbeschikbaar', foutsoort: 'timeout' });
    expect(took).toBeLessThan(800);
  });
});
