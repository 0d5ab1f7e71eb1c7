// "Once for the whole database" (lib/db/once.mjs): two callers of one task never run it at the same time;
// a waiting caller runs after the first, a non-waiting one is told it did not run. On PostgreSQL also
// across sessions (what separate processes are): a task held by another connection is waited for.
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { lockKeySql, lockSession, onceForDatabase } from './once.mjs';
import { useTestDatabase } from '@/test/db/test-database';

const SLOW = 120_000;

/** A promise with its resolve function. */
function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

/** Yields to the event loop a few times, so that a caller that would (wrongly) get in has had its turn. */
async function settle() {
  for (let i = 0; i < 20; i++) await new Promise((r) => setImmediate(r));
}

describe('lockKeySql', () => {
  it('accepts plain task names only (they are put into SQL)', () => {
    expect(lockKeySql('voorbeelddata')).toBe("hashtext('nl-open-data-service:voorbeelddata')");
    expect(() => lockKeySql("x'); DROP TABLE t; --")).toThrow(/ongeldige taaknaam/);
  });
});

describe.each(['pglite', 'postgresql'] as const)('onceForDatabase on %s', (kind) => {
  useTestDatabase(kind, 'nlods-once-');

  it('runs two concurrent waiting callers one after the other, and a non-waiting one not at all', { timeout: SLOW }, async () => {
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const first = gate();
    const entered = gate();
    const task = (name: string, hold?: Promise<void>) => async () => {
      active++;
      maxActive = Math.max(maxActive, active);
      log.push(`${name} in`);
      if (hold) {
        entered.open();
        await hold;
      }
      log.push(`${name} uit`);
      active--;
      return name;
    };
    const a = onceForDatabase('test-serieel', task('a', first.p));
    await entered.p;
    const b = onceForDatabase('test-serieel', task('b'));
    const c = await onceForDatabase('test-serieel', task('c'), { wait: false });
    expect(c).toEqual({ ran: false });
    await settle();
    expect(log).toEqual(['a in']);
    first.open();
    expect(await a).toEqual({ ran: true, value: 'a' });
    expect(await b).toEqual({ ran: true, value: 'b' });
    expect(log).toEqual(['a in', 'a uit', 'b in', 'b uit']);
    expect(maxActive).toBe(1);
    // free again afterwards, also after a task that threw
    await expect(onceForDatabase('test-serieel', async () => Promise.reject(new Error('stuk')))).rejects.toThrow('stuk');
    expect(await onceForDatabase('test-serieel', async () => 'weer', { wait: false })).toEqual({ ran: true, value: 'weer' });
  });

  it('keeps different tasks apart', { timeout: SLOW }, async () => {
    const hold = gate();
    const entered = gate();
    const a = onceForDatabase('test-taak-a', async () => {
      entered.open();
      await hold.p;
    });
    await entered.p;
    expect(await onceForDatabase('test-taak-b', async () => 'b', { wait: false })).toEqual({ ran: true, value: 'b' });
    hold.open();
    await a;
  });

  it.runIf(kind === 'postgresql')('waits for a task held by another session (another process) and runs after it', { timeout: SLOW }, async () => {
    const u = new URL(process.env.DATABASE_URL!);
    const other = new pg.Client({ host: u.hostname, port: Number(u.port), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) });
    await other.connect();
    try {
      const release = await lockSession(other, 'test-sessie');
      expect(release).not.toBeNull();
      expect(await onceForDatabase('test-sessie', async () => 'mag niet', { wait: false })).toEqual({ ran: false });

      let waited = false;
      let ran = false;
      const mine = onceForDatabase('test-sessie', async () => (ran = true), { onWait: () => (waited = true) });
      // Wait for the state: this process's session is queued for the advisory lock.
      const waiting = async () =>
        (
          await other.query(
            "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted " +
              `AND objid::bigint = (${lockKeySql('test-sessie')}::bigint & 4294967295) ` +
              'AND database = (SELECT oid FROM pg_database WHERE datname = current_database())',
          )
        ).rows[0].n as number;
      while ((await waiting()) === 0) await new Promise((r) => setTimeout(r, 20));
      expect(waited).toBe(true);
      expect(ran).toBe(false);
      await release!();
      expect(await mine).toEqual({ ran: true, value: true });
      // and gave it back: the other session gets it at once
      const again = await lockSession(other, 'test-sessie', { wait: false });
      expect(again).not.toBeNull();
      await again!();
    } finally {
      await other.end();
    }
  });
});
