// The fetch helper and gather against a real local HTTP server (the replay server with a temporary
// fixture set): caching, coalescing, labelling of replayed answers, and the failure classification.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { clearSourceCache, fetchSource } from './fetch';
import { gather } from './gather';
import { source, type SourceDef } from './source';
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
    fs.writeFileSync(path.join(dir, id, 'doc.xml'), `<?xml version="1.0"?>\n<!-- opgebouwd -->\n<ns:lijst xmlns:ns="urn:x">${'<ns:item>waarde</ns:item>'.repeat(40)}</ns:lijst>\n`);
    fs.writeFileSync(
      path.join(dir, id, 'routes.json'),
      JSON.stringify({
        source: id,
        routes: [
          { path: '/ding', file: 'a.json', kind: 'opgenomen' },
          { path: '/weg', file: 'leeg.json', kind: 'opgebouwd', status: 404 },
          { path: '/doc.xml', file: 'doc.xml', kind: 'opgebouwd', contentType: 'application/xml' },
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
  delete process.env.BRON_EERSTE_BYTE_MS;
  delete process.env.BRON_STILTE_MS;
});

/** Waits for a state (never for a fixed time): polls every few milliseconds until the check holds. */
async function until(check: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await check())) await new Promise((r) => setTimeout(r, 10));
}

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

  it('asks the upstream past a cached answer with fresh (the probe and the health check), and keeps nothing', async () => {
    await fetchSource(bron, '/ding', { query: { q: 'vers' } });
    const before = replay.hits('test-bron');
    const fresh = await fetchSource<{ antwoord: number }>(bron, '/ding', { query: { q: 'vers' }, fresh: true });
    expect(fresh.body.antwoord).toBe(42);
    expect(fresh.bron.cache).toBe(false);
    expect(replay.hits('test-bron') - before).toBe(1);
    replay.setFault('test-bron', { kind: 'http500' });
    await expect(fetchSource(bron, '/ding', { query: { q: 'vers' }, fresh: true })).rejects.toBeInstanceOf(SourceError);
    // The cached answer is still there for users (the fresh calls neither replaced nor removed it).
    expect((await fetchSource(bron, '/ding', { query: { q: 'vers' } })).bron.cache).toBe(true);
  });
});

describe('fetchSource budgets', () => {
  // A whole-download budget of a minute, as the large feeds have: the first-byte and idle budgets must end a
  // silent upstream long before it.
  const slow: SourceDef = { ...bron, timeoutMs: 60_000 };

  it('ends a call whose headers do not arrive within the first-byte budget as a timeout naming the source', async () => {
    process.env.BRON_EERSTE_BYTE_MS = '500';
    replay.setFault('test-bron', { kind: 'stil' });
    const started = performance.now();
    const err = await fetchSource(slow, '/ding', { query: { b: 1 } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ kind: 'timeout', sourceId: 'test-bron' });
    expect((err as SourceError).bron).toMatchObject({ bron: 'test-bron', status: 'onbeschikbaar', foutsoort: 'timeout' });
    expect(performance.now() - started).toBeLessThan(15_000); // seconds, not the minute of the whole budget
  });

  it('ends a call whose body falls silent for longer than the idle budget as a timeout', async () => {
    process.env.BRON_STILTE_MS = '500';
    replay.setFault('test-bron', { kind: 'stil-na-kop' });
    const started = performance.now();
    const err = await fetchSource(slow, '/ding', { query: { b: 2 } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'timeout', sourceId: 'test-bron' });
    expect(performance.now() - started).toBeLessThan(15_000);
  });

  it('declares the budgets on the source, with defaults of a few seconds', async () => {
    const { firstByteMs, idleMs } = await import('./source');
    expect(bron.firstByteMs).toBe(5000);
    expect(bron.idleMs).toBe(10_000);
    expect(firstByteMs(slow)).toBe(5000);
    expect(firstByteMs(bron)).toBe(800); // never more than the whole budget
    process.env.BRON_STILTE_MS = '250';
    expect(idleMs(slow)).toBe(250);
  });

  it('lets the operator turn expired answers off for every source, or change how long they may be served', async () => {
    const { maxStaleMs } = await import('./source');
    expect(maxStaleMs(bron)).toBe(24 * 3_600_000);
    try {
      process.env.BRON_MAX_VEROUDERD_MS = '600000';
      expect(maxStaleMs(bron)).toBe(600_000);
      process.env.BRON_MAX_VEROUDERD_MS = '0';
      expect(maxStaleMs(bron)).toBe(0);
      expect(maxStaleMs({ ...bron, maxStaleMs: 0 })).toBe(0);
    } finally {
      delete process.env.BRON_MAX_VEROUDERD_MS;
    }
  });
});

describe('fetchSource truncated bodies', () => {
  it('reads a closed XML document as text', async () => {
    const r = await fetchSource<string>(bron, '/doc.xml', { accept: 'text' });
    expect(r.body).toContain('</ns:lijst>');
  });

  it.each([
    ['afgekapt', '/ding', 'json', 'onleesbaar'], // half a JSON document with a matching Content-Length
    ['afgekapt', '/doc.xml', 'text', 'onleesbaar'], // an XML document whose root is not closed
    ['kort', '/ding', 'json', 'onvolledig'], // fewer bytes than Content-Length, then the connection closed
    ['kort', '/doc.xml', 'text', 'onvolledig'],
  ] as const)('refuses a %s body of %s (%s) as %s, never as data', async (fault, pad, accept, kind) => {
    replay.setFault('test-bron', { kind: fault });
    const err = await fetchSource(bron, pad, { accept, query: { t: fault } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SourceError);
    expect(err).toMatchObject({ kind, sourceId: 'test-bron' });
    expect((err as SourceError).bron).toMatchObject({ status: 'onbeschikbaar', foutsoort: kind });
  });
});

describe('fetchSource stale while revalidate', () => {
  const first = () => fetchSource<{ antwoord: number }>(bron, '/ding', { query: { swr: 1 }, ttlMs: 1 });

  it('serves the expired answer, marked verouderd, while a refresh hangs and after it failed; fresh again once the source answers', async () => {
    const warm = await first();
    await new Promise((r) => setTimeout(r, 5)); // past the 1 ms TTL
    replay.setFault('test-bron', { kind: 'stil' });
    const before = replay.hits('test-bron');
    const trigger = first(); // starts the refresh and waits for it (at most the first-byte budget)
    await until(() => replay.hits('test-bron') > before);

    const during = await first();
    expect(during.body.antwoord).toBe(42);
    expect(during.bron).toMatchObject({ bron: 'test-bron', status: 'ok', cache: true, verouderd: true, opgehaald_op: warm.bron.opgehaald_op, foutsoort: null });
    expect(replay.hits('test-bron') - before).toBe(1); // no second call while the refresh is under way

    const failed = await trigger; // the refresh failed: the starter gets the expired answer too
    expect(failed.bron).toMatchObject({ status: 'ok', verouderd: true });

    const after = await first(); // at once, while a new refresh runs in the background
    expect(after.bron.verouderd).toBe(true);

    replay.clearFaults();
    await until(async () => !(await first()).bron.verouderd);
    const fresh = await first();
    expect(fresh.bron.verouderd).toBeUndefined();
    expect(fresh.bron.opgehaald_op! > warm.bron.opgehaald_op!).toBe(true);
  });

  it('gives the caller that started the refresh the expired answer when its own wait ends first', async () => {
    await first();
    await new Promise((r) => setTimeout(r, 5));
    replay.setFault('test-bron', { kind: 'stil' });
    // A composed operation's part whose budget (here 100 ms) ends before the source's first-byte budget.
    const r = await fetchSource<{ antwoord: number }>(bron, '/ding', { query: { swr: 1 }, ttlMs: 1, signal: AbortSignal.timeout(100) });
    expect(r.body.antwoord).toBe(42);
    expect(r.bron).toMatchObject({ status: 'ok', cache: true, verouderd: true });
  });

  it('never serves an expired answer of a source that allows none (maxStaleMs 0)', async () => {
    const strict: SourceDef = { ...bron, maxStaleMs: 0 };
    await fetchSource(strict, '/ding', { query: { swr: 2 }, ttlMs: 1 });
    await new Promise((r) => setTimeout(r, 5));
    replay.setFault('test-bron', { kind: 'http500' });
    const err = await fetchSource(strict, '/ding', { query: { swr: 2 }, ttlMs: 1 }).catch((e: unknown) => e);
    expect(err).toMatchObject({ kind: 'http', httpStatus: 500 });
  });
});

describe('fetchSource shared refreshes', () => {
  it('one caller giving up does not fail the others waiting on the same call, nor count as a failure of the source', async () => {
    replay.setFault('test-bron', { kind: 'latency', ms: 400 });
    const ongeduldig = fetchSource(bron, '/ding', { query: { gedeeld: 1 }, signal: AbortSignal.timeout(50) }).catch((e: unknown) => e);
    const geduldig = fetchSource<{ antwoord: number }>(bron, '/ding', { query: { gedeeld: 1 } });
    // The impatient caller gets a timeout naming the source; the patient one the answer of the same call.
    expect(await ongeduldig).toMatchObject({ kind: 'timeout', sourceId: 'test-bron' });
    const r = await geduldig;
    expect(r.body.antwoord).toBe(42);
    expect(r.bron).toMatchObject({ status: 'ok', cache: false });
    expect(replay.hits('test-bron')).toBeGreaterThan(0);
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
    // The silent source's own budget (10 s) is far beyond the gather budget: only the budget can end it soon.
    const traag = { ...other, timeoutMs: 10_000 };
    const { results, bronnen } = await gather({ a: call(bron, 'g2'), b: call(traag, 'g2') }, { budgetMs: 500 });
    const took = performance.now() - started;
    expect(results.a).toBe(42);
    expect(results.b).toBeNull();
    expect(bronnen[1]).toMatchObject({ bron: 'andere-bron', status: 'onbeschikbaar', foutsoort: 'timeout' });
    expect(took).toBeLessThan(5_000);
  });
});
