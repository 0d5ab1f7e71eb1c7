// A call that its total budget ends somewhere in the middle of a real feed (headers arrived, the body being
// read and parsed) settles at once: data or a timeout naming the source. Before bodyChunks raced each read
// against the budget's signal, a budget of 40 or 100 ms left the gzip feed's read pending for good (Node 20),
// and every later caller of the feed waited on that refresh.
import { clearSourceCache } from './fetch';
import { describe, expect, it } from 'vitest';
import { metReplay } from '@/test/upstream/met-replay';
import { brugopeningenFeed } from './ndw-brugopeningen';

metReplay({ bronnen: ['ndw-brugopeningen'] });

describe('a total budget ending mid-body', () => {
  it.each([20, 40, 60, 100, 150, 250])('with %i ms the feed call settles (data or a timeout)', { timeout: 20_000 }, async (ms) => {
    process.env.BRON_TIMEOUT_MS = String(ms);
    try {
      clearSourceCache();
      const uit = await brugopeningenFeed().then(
        () => 'data',
        (e: unknown) => e,
      );
      if (uit !== 'data') expect(uit).toMatchObject({ kind: 'timeout', sourceId: 'ndw-brugopeningen' });
    } finally {
      process.env.BRON_TIMEOUT_MS = '3000';
    }
  });
});
