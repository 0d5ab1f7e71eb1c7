import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The database is replaced by a fake that records the parameterised upserts.
const calls: { sql: string; values: unknown[] }[] = [];
let failWrites = false;
let rows: Record<string, unknown>[] = [];
vi.mock('./client', () => ({
  getDb: () => ({
    $executeRaw: async (strings: TemplateStringsArray, ...values: unknown[]) => {
      if (failWrites) throw new Error('database down');
      // Only the totals (bron_status); the hourly and drift tables are tested on a real database (source-status.test.ts).
      if (strings.join('?').includes('INTO bron_status')) calls.push({ sql: strings.join('?'), values });
      return 1;
    },
    bronStatus: { findMany: async () => rows },
  }),
}));

const { FLUSH_INTERVAL_MS, flushSourceHealth, getSourceHealth, recordSourceOutcome } = await import('./source-health');

const at = (iso: string) => new Date(iso);
const ok = (bron: string, tijd: string) => ({ bron, ok: true, foutsoort: null, duurMs: 3, tijd: at(tijd) });
const fout = (bron: string, soort: string, tijd: string) => ({ bron, ok: false, foutsoort: soort, duurMs: 3, tijd: at(tijd) });

beforeEach(async () => {
  failWrites = false;
  rows = [];
  await flushSourceHealth();
  calls.length = 0;
  process.env.LOG_LEVEL = 'silent';
});
afterEach(() => {
  vi.useRealTimers();
  delete process.env.LOG_LEVEL;
});

describe('recordSourceOutcome + flushSourceHealth', () => {
  it('writes one parameterised upsert per source with summed counts and the latest times', async () => {
    recordSourceOutcome(ok('kvk', '2026-01-01T10:00:00Z'));
    recordSourceOutcome(ok('kvk', '2026-01-01T09:00:00Z'));
    recordSourceOutcome(fout('kvk', 'timeout', '2026-01-01T11:00:00Z'));
    recordSourceOutcome(fout('kvk', 'http_500', '2026-01-01T08:00:00Z'));
    recordSourceOutcome(fout('bag', 'netwerk', '2026-01-02T00:00:00Z'));
    await flushSourceHealth();

    expect(calls).toHaveLength(2);
    const kvk = calls.find((c) => c.values[0] === 'kvk')!;
    expect(kvk.sql).toMatch(/INSERT INTO bron_status/);
    expect(kvk.sql).toMatch(/ON CONFLICT \(bron\) DO UPDATE/);
    // bron, laatst_ok, laatste_fout, laatste_foutsoort, aantal_ok, aantal_fout
    expect(kvk.values).toEqual(['kvk', at('2026-01-01T10:00:00Z'), at('2026-01-01T11:00:00Z'), 'timeout', 2, 2]);
    const bag = calls.find((c) => c.values[0] === 'bag')!;
    expect(bag.values).toEqual(['bag', null, at('2026-01-02T00:00:00Z'), 'netwerk', 0, 1]);
    // Values travel as parameters, never inside the SQL text.
    expect(calls.every((c) => !c.sql.includes('kvk') && !c.sql.includes('timeout'))).toBe(true);
  });

  it('flushes by itself within the flush interval', async () => {
    vi.useFakeTimers();
    recordSourceOutcome(ok('rdw', '2026-01-01T00:00:00Z'));
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(FLUSH_INTERVAL_MS + 10);
    expect(calls.map((c) => c.values[0])).toEqual(['rdw']);
  });

  it('keeps the counts when the database fails and writes them on the next flush', async () => {
    failWrites = true;
    recordSourceOutcome(ok('kvk', '2026-01-01T00:00:00Z'));
    await expect(flushSourceHealth()).resolves.toBeUndefined();
    failWrites = false;
    recordSourceOutcome(ok('kvk', '2026-01-01T01:00:00Z'));
    await flushSourceHealth();
    expect(calls).toHaveLength(1);
    expect(calls[0].values.slice(4)).toEqual([2, 0]);
  });

  it('ignores outcomes without a source id and never throws', () => {
    expect(() => recordSourceOutcome({} as never)).not.toThrow();
    expect(() => recordSourceOutcome(null as never)).not.toThrow();
  });
});

describe('getSourceHealth', () => {
  it('returns ISO strings and numbers per source', async () => {
    rows = [
      {
        bron: 'kvk',
        laatst_ok: at('2026-01-01T10:00:00Z'),
        laatste_fout: null,
        laatste_foutsoort: null,
        aantal_ok: 5n,
        aantal_fout: 0n,
        bijgewerkt_op: at('2026-01-01T10:00:01Z'),
      },
    ];
    expect(await getSourceHealth()).toEqual({
      kvk: { laatst_ok: '2026-01-01T10:00:00.000Z', laatste_fout: null, laatste_foutsoort: null, aantal_ok: 5, aantal_fout: 0 },
    });
  });

  it('flushes pending outcomes before reading', async () => {
    recordSourceOutcome(ok('bag', '2026-01-01T00:00:00Z'));
    await getSourceHealth();
    expect(calls.map((c) => c.values[0])).toEqual(['bag']);
  });
});
