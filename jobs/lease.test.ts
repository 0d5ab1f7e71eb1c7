// The job lease on real databases: a fresh PGlite directory (two holders, expiry, renewal, release) and,
// when PostgreSQL is installed, a private cluster where concurrent acquirers race and exactly one wins.
import { PrismaPg } from '@prisma/adapter-pg';
import { describe, expect, it } from 'vitest';
import { getDb, openDb } from '@/lib/db/client';
import { PrismaClient } from '@/lib/generated/prisma/client';
import { postgresMissing, useTestDatabase } from '@/test/db/test-database';
import { acquireLease, keepLeaseAlive, newHolderId, processHolderId, readLease, releaseLease, renewLease } from './lease';

const SLOW = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('holder ids', () => {
  it('are hostname:pid:random, one per process by default', () => {
    const a = newHolderId();
    expect(a).toMatch(new RegExp(`^[^:]+:${process.pid}:[0-9a-f]{8}$`));
    expect(newHolderId()).not.toBe(a);
    expect(processHolderId()).toBe(processHolderId());
  });
});

function basics(kind: 'pglite' | 'postgresql') {
  describe.skipIf(kind === 'postgresql' && !!postgresMissing)(`job lease on ${kind}`, () => {
    useTestDatabase(kind, 'nlods-lease-');

    it('a second holder fails while the first holds the lease; the holder itself may take it again', { timeout: SLOW }, async () => {
      const db = await openDb();
      const a = await acquireLease(db, 'job-a', 'host:1:aaaa', 60_000);
      expect(a).toMatchObject({ jobId: 'job-a', houder: 'host:1:aaaa' });
      expect(a!.verlooptOp.getTime()).toBeGreaterThan(Date.now() + 50_000);
      expect(await acquireLease(db, 'job-a', 'host:2:bbbb', 60_000)).toBeNull();
      expect(await acquireLease(db, 'job-a', 'host:1:aaaa', 60_000)).not.toBeNull();
      // Another job's lease is independent.
      expect(await acquireLease(db, 'job-b', 'host:2:bbbb', 60_000)).not.toBeNull();
      expect(await readLease(db, 'job-a')).toMatchObject({ houder: 'host:1:aaaa', verlopen: false });
    });

    it('another holder succeeds once the lease has expired', { timeout: SLOW }, async () => {
      const db = getDb();
      expect(await acquireLease(db, 'job-c', 'host:1:aaaa', 300)).not.toBeNull();
      expect(await acquireLease(db, 'job-c', 'host:2:bbbb', 60_000)).toBeNull();
      await sleep(450);
      expect(await readLease(db, 'job-c')).toMatchObject({ houder: 'host:1:aaaa', verlopen: true });
      expect(await acquireLease(db, 'job-c', 'host:2:bbbb', 60_000)).toMatchObject({ houder: 'host:2:bbbb' });
      // The former holder cannot renew or release what it lost.
      expect(await renewLease(db, 'job-c', 'host:1:aaaa', 60_000)).toBeNull();
      expect(await releaseLease(db, 'job-c', 'host:1:aaaa')).toBe(false);
      expect(await readLease(db, 'job-c')).toMatchObject({ houder: 'host:2:bbbb' });
    });

    it('renewing extends the lease so it does not expire while the job runs', { timeout: SLOW }, async () => {
      const db = getDb();
      const lease = (await acquireLease(db, 'job-d', 'host:1:aaaa', 400))!;
      const first = lease.verlooptOp.getTime();
      await sleep(200);
      const renewed = await renewLease(db, 'job-d', 'host:1:aaaa', 400);
      expect(renewed!.getTime()).toBeGreaterThan(first + 100);
      // Kept alive by the timer past several TTLs: nobody else gets it.
      const keeper = keepLeaseAlive(db, lease, { ttlMs: 400, everyMs: 100, onLost: () => expect.unreachable('lease lost') });
      try {
        for (let i = 0; i < 5; i++) {
          await sleep(200);
          expect(await acquireLease(db, 'job-d', 'host:2:bbbb', 60_000)).toBeNull();
        }
      } finally {
        keeper.stop();
      }
      expect(lease.verlooptOp.getTime()).toBeGreaterThan(first + 500);
    });

    it('the keeper reports a lease taken over by another holder', { timeout: SLOW }, async () => {
      const db = getDb();
      const lease = (await acquireLease(db, 'job-e', 'host:1:aaaa', 150))!;
      await sleep(250);
      expect(await acquireLease(db, 'job-e', 'host:2:bbbb', 60_000)).not.toBeNull();
      const lost = await new Promise<Error>((resolve) => {
        const k = keepLeaseAlive(db, lease, { ttlMs: 150, everyMs: 50, onLost: (e) => (k.stop(), resolve(e)) });
      });
      expect(lost.message).toMatch(/kwijt/);
    });

    it('releasing frees the lease at once for another holder', { timeout: SLOW }, async () => {
      const db = getDb();
      expect(await acquireLease(db, 'job-f', 'host:1:aaaa', 60_000)).not.toBeNull();
      expect(await releaseLease(db, 'job-f', 'host:1:aaaa')).toBe(true);
      expect(await readLease(db, 'job-f')).toBeNull();
      expect(await acquireLease(db, 'job-f', 'host:2:bbbb', 60_000)).not.toBeNull();
    });
  });
}

basics('pglite');
basics('postgresql');

describe.skipIf(!!postgresMissing)('job lease race on PostgreSQL', () => {
  useTestDatabase('postgresql', 'nlods-lease-race-');

  // Separate clients (each its own connection pool), as separate worker processes would have.
  async function clients(n: number): Promise<PrismaClient[]> {
    await openDb(); // applies the migrations
    const url = process.env.DATABASE_URL!;
    return Array.from({ length: n }, () => new PrismaClient({ adapter: new PrismaPg({ connectionString: url }) }));
  }

  it('of 8 concurrent acquirers exactly one wins, for a new lease and for an expired one', { timeout: SLOW }, async () => {
    const cs = await clients(8);
    try {
      await Promise.all(cs.map((c) => c.$queryRaw`SELECT 1`)); // connected, so the acquires start together
      for (const [jobId, ttl] of [['race-new', 60_000], ['race-expired', 60_000]] as const) {
        if (jobId === 'race-expired') {
          await acquireLease(cs[0], jobId, 'host:0:old', 1);
          await sleep(20);
        }
        for (let round = 0; round < 5; round++) {
          const results = await Promise.all(cs.map((c, i) => acquireLease(c, jobId, `host:${i + 1}:r${round}`, ttl)));
          const winners = results.filter((r) => r !== null);
          expect(winners, `${jobId} round ${round}`).toHaveLength(1);
          expect((await readLease(cs[0], jobId))!.houder).toBe(winners[0]!.houder);
          // Next round: the lease expires at once so all race again.
          await cs[0].$executeRaw`UPDATE job_lease SET verloopt_op = now() - interval '1 second' WHERE job_id = ${jobId}`;
        }
      }
    } finally {
      await Promise.all(cs.map((c) => c.$disconnect()));
    }
  });
});
