// The background source health check (lib/db/bron-controle.ts): processes competing for the lease in the
// database run the check once per interval, on both backends; against the replay server a fault injected
// with no user request turns that source gestoord after one check run, and the check bypasses the cache.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db/test-database';
import { metReplay } from '@/test/upstream/met-replay';
import { bronnenStatus } from '@/lib/services/catalogus/bron-status';
import { fetchSource } from '@/lib/sources/fetch';
import { onSourceOutcome } from '@/lib/sources/outcomes';
import { sourceById } from '@/lib/sources/registry';
import { PROBES } from '@/lib/sources/probe';
import { checkIntervalS, checkRequest, checkSources, claimCheckLease, runCheckRound } from './bron-controle';
import { flushSourceHealth, recordSourceOutcome } from './source-health';
import { getDb } from './client';

const SLOW = 120_000;

describe('BRON_CONTROLE_INTERVAL_S', () => {
  it('defaults to 300 s, 0 switches the check off', () => {
    expect(checkIntervalS({})).toBe(300);
    expect(checkIntervalS({ BRON_CONTROLE_INTERVAL_S: '' })).toBe(300);
    expect(checkIntervalS({ BRON_CONTROLE_INTERVAL_S: '20' })).toBe(20);
    expect(checkIntervalS({ BRON_CONTROLE_INTERVAL_S: '0' })).toBe(0);
    // JOBS=uit (no scheduled work in this server) switches the default off; an explicit interval still counts.
    expect(checkIntervalS({ JOBS: 'uit' })).toBe(0);
    expect(checkIntervalS({ JOBS: 'uit', BRON_CONTROLE_INTERVAL_S: '20' })).toBe(20);
  });

  it('asks adapter sources (cached calls) only for status and headers, the others their probe request', () => {
    expect(checkRequest('rechtspraak')).toMatchObject({ soort: 'kop', path: PROBES.rechtspraak.path });
    expect(checkRequest('luchtmeetnet')).toBe(PROBES.luchtmeetnet);
  });
});

describe.each(['pglite', 'postgresql'] as const)('the check lease on %s', (kind) => {
  useTestDatabase(kind, `nlods-broncontrole-${kind}-`);

  it('lets one of several competing processes run the check, once per interval', async () => {
    await getDb().$queryRaw`SELECT 1`;
    const interval = 300_000;
    const t0 = new Date('2030-01-01T00:00:00Z'); // any instant: the lease compares the times it is given
    let runs = 0;
    const check = async () => {
      runs++;
      return true;
    };
    const runners = ['proces-a', 'proces-b', 'proces-c', 'proces-d'];
    const round = (now: Date) => Promise.all(runners.map((r) => runCheckRound(r, interval, { now, check })));

    const first = await round(t0);
    expect(first.filter((r) => r === true)).toHaveLength(1);
    expect(runs).toBe(1);
    // Later in the same interval: nobody runs it again.
    expect((await round(new Date(t0.getTime() + interval / 2))).every((r) => r === null)).toBe(true);
    expect(runs).toBe(1);
    // The next interval: once again, whoever comes first.
    expect((await round(new Date(t0.getTime() + interval))).filter((r) => r === true)).toHaveLength(1);
    expect(runs).toBe(2);
    // Sequential claims in the following interval: the first one wins, the second one skips.
    const t2 = new Date(t0.getTime() + 2 * interval + 5);
    expect(await claimCheckLease('proces-c', interval, t2)).toBe(true);
    expect(await claimCheckLease('proces-a', interval, t2)).toBe(false);
    const rows = await getDb().bronControle.findMany();
    expect(rows).toHaveLength(1);
    expect(rows[0].houder).toBe('proces-c');
  }, SLOW);
});

describe('the check against the replay server', () => {
  useTestDatabase('pglite', 'nlods-broncontrole-replay-');
  const r = metReplay({ env: { EP_ONLINE_API_KEY: 'replay-test', BAG_API_KEY: 'replay-test', DNB_API_KEY: 'replay-test' } });
  // In the server instrumentation.ts subscribes the recorder; here the test does.
  let stop: () => void = () => {};
  beforeAll(() => {
    stop = onSourceOutcome(recordSourceOutcome);
    return () => stop();
  });
  afterEach(() => r.replay().clearFaults());

  // One of each kind of request: JSON through fetchSource, a streamed NDW feed, a download's headers, an adapter page.
  const ids = ['luchtmeetnet', 'ndw-brugopeningen', 'gleif-golden-copy', 'rechtspraak'];

  it('turns a failing source gestoord after one run, with no user request, past a cached answer', async () => {
    await getDb().$queryRaw`SELECT 1`;
    // A user request is answered and cached (24 h for Luchtmeetnet stations is long enough to matter).
    const luchtmeetnet = sourceById('luchtmeetnet');
    await fetchSource(luchtmeetnet, PROBES.luchtmeetnet.path, { query: PROBES.luchtmeetnet.query });
    const healthy = await checkSources(ids);
    expect(Object.fromEntries(healthy.map((x) => [x.bron, x.uitkomst]))).toEqual(Object.fromEntries(ids.map((id) => [id, 'ok'])));
    let status = await bronnenStatus();
    for (const id of ids) expect(status.bronnen.find((b) => b.bron === id)?.status, id).toBe('ok');

    for (const id of ids) r.replay().setFault(id, { kind: 'http500' });
    // The cached user answer is still served: a user request alone would not notice.
    const cached = await fetchSource(luchtmeetnet, PROBES.luchtmeetnet.path, { query: PROBES.luchtmeetnet.query });
    expect(cached.status).toBe(200);

    const failing = await checkSources(ids);
    expect(Object.fromEntries(failing.map((x) => [x.bron, x.uitkomst]))).toEqual(Object.fromEntries(ids.map((id) => [id, 'mislukt'])));
    await flushSourceHealth();
    status = await bronnenStatus();
    for (const id of ids) {
      const row = status.bronnen.find((b) => b.bron === id)!;
      expect(row.status, id).toBe('gestoord');
      expect(row.laatste_fout?.soort, id).toBe('http_500');
    }
  }, SLOW);

  it('records exactly one outcome per checked source', async () => {
    const seen: string[] = [];
    const off = onSourceOutcome((o) => seen.push(o.bron));
    try {
      await checkSources(ids);
    } finally {
      off();
    }
    expect(seen.sort()).toEqual([...ids].sort());
  }, SLOW);

  it('skips keyed sources without a key', async () => {
    const saved = process.env.EP_ONLINE_API_KEY;
    delete process.env.EP_ONLINE_API_KEY;
    const seen: string[] = [];
    const off = onSourceOutcome((o) => seen.push(o.bron));
    try {
      const [res] = await checkSources(['ep-online']);
      expect(res.uitkomst).toBe('overgeslagen');
      expect(seen).toEqual([]);
    } finally {
      off();
      process.env.EP_ONLINE_API_KEY = saved;
    }
  }, SLOW);
});
