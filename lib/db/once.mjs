// "Once for the whole database": work that one process does for everybody (the migrations, the sample
// load at first start, a monitor recompute) must run once however many processes start together on one
// database (replicas of `npm start` on one PostgreSQL server, docs/database.md "Meer processen").
// Plain JavaScript so that `node scripts/*.mjs` can use it without a build.
//
// PostgreSQL: a session-level advisory lock, pg_advisory_lock(hashtext('nl-open-data-service:<taak>')).
// An advisory lock belongs to the SESSION (connection) that took it, so it is taken on a dedicated pg
// client opened for the purpose, not through the pooled Prisma client: a pooled query may run on any
// connection, and an unlock on another connection than the lock's is a no-op. (An interactive Prisma
// transaction with pg_advisory_xact_lock would hold one pool connection and be bound by the transaction
// timeout for the whole task; the task itself — the sample load, with its own transactions and COPY —
// runs on the pool next to it.) When the process dies, its connection closes and the lock is released.
//
// PGlite: the data directory admits one process at a time (lib/db/pglite.mjs acquirePgliteLock), so
// another process can never be in the critical section; PGlite's pg_advisory_lock would not help either
// (it has one session, in which advisory locks are re-entrant). A mutex in this process suffices.
//
// Callers re-check inside the lock whether the work is still to do (the second one finds it done).

import { isPostgresUrl } from './pglite.mjs';

const PREFIX = 'nl-open-data-service:';

/** The SQL expression of a task's lock key (a stable int4 per task name). */
export function lockKeySql(task) {
  if (!/^[a-z0-9][a-z0-9:_-]*$/.test(task)) throw new Error(`once: ongeldige taaknaam ${JSON.stringify(task)}`);
  return `hashtext('${PREFIX}${task}')`;
}

/**
 * Takes `task`'s advisory lock on an open pg session (`client.query`). wait: blocks until it is free;
 * otherwise returns null at once when another session holds it. Returns the release function.
 */
export async function lockSession(client, task, { wait = true } = {}) {
  const key = lockKeySql(task);
  if (wait) await client.query(`SELECT pg_advisory_lock(${key})`);
  else {
    const r = await client.query(`SELECT pg_try_advisory_lock(${key}) AS ok`);
    if (!r.rows[0]?.ok) return null;
  }
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    await client.query(`SELECT pg_advisory_unlock(${key})`);
  };
}

// Per task, the tail of the queue of this process's callers (PGlite, and callers in one process on PostgreSQL).
const local = new Map();

// Resolves with the release function once it is this caller's turn; null when not waiting and it is taken.
async function localTurn(task, wait) {
  const busy = local.get(task);
  if (busy && !wait) return null;
  let release;
  const mine = new Promise((r) => (release = r));
  const tail = (busy ?? Promise.resolve()).then(() => mine);
  local.set(task, tail);
  await busy;
  return () => {
    if (local.get(task) === tail) local.delete(task);
    release();
  };
}

/**
 * Runs `fn` as the only holder of `task` for the whole database: `{ ran: true, value }`. wait (default):
 * a second caller waits for the first to finish, then runs (and should find its work done); wait: false:
 * a second caller does not run and gets `{ ran: false }` at once.
 * url: a postgres:// URL (default DATABASE_URL when it is one); otherwise the embedded database.
 * onWait: called once when another process (session) holds the lock and this caller waits for it.
 */
export async function onceForDatabase(task, fn, { url, wait = true, onWait } = {}) {
  lockKeySql(task); // validates the name before anything is opened
  const turn = await localTurn(task, wait);
  if (!turn) return { ran: false };
  try {
    url ??= isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
    if (!url) return { ran: true, value: await fn() };
    const pg = (await import('pg')).default;
    // Same connection settings as the app's client (lib/db/client.ts: connectionString, so sslmode etc. apply).
    const client = new pg.Client({ connectionString: url, application_name: 'nlods-once' });
    // A dropped connection (server restart) ends the session and so the lock: say so, do not crash.
    let lost = null;
    client.on('error', (e) => {
      lost = e;
      console.warn(`once: de verbinding die '${task}' vergrendelt is verbroken (${e.message}); de vergrendeling is vervallen`);
    });
    await client.connect();
    try {
      let release = await lockSession(client, task, { wait: false });
      if (!release && wait) {
        onWait?.();
        release = await lockSession(client, task, { wait: true });
      }
      if (!release) return { ran: false };
      try {
        return { ran: true, value: await fn() };
      } finally {
        if (!lost) await release().catch(() => undefined);
      }
    } finally {
      await client.end().catch(() => undefined);
    }
  } finally {
    turn();
  }
}
