// Opening the embedded PGlite database, shared by the server (lib/db/client.ts) and the scripts
// (scripts/db-migrate.mjs). Plain JavaScript so that `node scripts/*.mjs` can use it without a build.
//
// PGlite allows ONE process per data directory (two processes silently lose writes), so every open
// takes an exclusive lock file in the data directory (pid + process start time). Every open loads
// pg_trgm, and so does the shadow database used for migrations.
import fs from 'node:fs';
import path from 'node:path';

export const LOCK_FILE = 'pglite.lock';

/** Default data directory: $PGLITE_DIR or ./data/pglite (relative to the working directory). */
export function resolvePgliteDir(dir) {
  return path.resolve(/* turbopackIgnore: true */ dir ?? process.env.PGLITE_DIR ?? path.join('data', 'pglite'));
}

/** True when `url` selects a PostgreSQL server (postgres:// or postgresql://). */
export function isPostgresUrl(url) {
  return typeof url === 'string' && /^postgres(ql)?:\/\//i.test(url);
}

/** Thrown when another live process holds the PGlite data directory. */
export class PgliteLockedError extends Error {
  constructor(dir, holder) {
    const since = (word) => (holder.gestart ? ` (${word} ${holder.gestart})` : '');
    super(
      `De PGlite-database in ${dir} is al geopend door proces ${holder.pid}${since('sinds')}. ` +
        'Een tweede proces mag deze map niet openen: gebruik de draaiende server (de API), ' +
        'of zet DATABASE_URL naar een PostgreSQL-server. / ' +
        `The PGlite database in ${dir} is already open in process ${holder.pid}${since('since')}. ` +
        'A second process must not open it: go through the running server (the API), ' +
        'or set DATABASE_URL to a PostgreSQL server.',
    );
    this.name = 'PgliteLockedError';
    this.code = 'PGLITE_LOCKED';
    this.pid = holder.pid;
    this.dir = dir;
  }
}

// Start time of a process in clock ticks since boot (/proc/<pid>/stat field 22), or null off Linux.
function procStart(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0], start: fields[19] };
  } catch {
    return null;
  }
}

function isAlive(holder) {
  if (!Number.isInteger(holder?.pid) || holder.pid <= 0) return false;
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if (e.code !== 'EPERM') return false;
  }
  const p = procStart(holder.pid);
  if (p && p.state === 'Z') return false;
  // Same pid, other process (pid reuse after a crash or in a new container): stale.
  if (p && holder.procStart && p.start !== holder.procStart) return false;
  return true;
}

function readHolder(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const me = () => ({
  pid: process.pid,
  procStart: procStart(process.pid)?.start ?? null,
  gestart: new Date(Date.now() - process.uptime() * 1000).toISOString(),
});

/** Takes the exclusive lock on a PGlite data directory; returns the release function. */
export function acquirePgliteLock(dir) {
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, LOCK_FILE);
  const mine = me();
  const body = JSON.stringify(mine) + '\n';
  for (let attempt = 0; attempt < 5; attempt++) {
    try {
      fs.writeFileSync(file, body, { flag: 'wx' });
      // Read back: guards against two processes taking over the same stale lock at once.
      if (readHolder(file)?.pid !== mine.pid) continue;
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        if (readHolder(file)?.pid === mine.pid) fs.rmSync(file, { force: true });
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
    }
    const holder = readHolder(file);
    // An unreadable lock may be half-written by a process that is creating it right now.
    if (holder === null && attempt === 0) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
      continue;
    }
    if (holder && holder.pid === mine.pid && holder.procStart === mine.procStart) {
      throw new Error(`PGlite lock in ${dir} is already held by this process: open it once (getDb()).`);
    }
    if (holder && isAlive(holder)) throw new PgliteLockedError(dir, holder);
    fs.rmSync(file, { force: true }); // stale: its process is gone
  }
  throw new Error(`Could not take the PGlite lock ${file}`);
}

// PGlite's WASM memory never shrinks, and its shared buffers are touched at start: 128 MB (the default)
// took ~75 MB more resident memory than 32 MB, and filled up with index pages during the register
// imports. Reads beyond the buffers come from the OS page cache. PGLITE_SHARED_BUFFERS overrides it.
const SHARED_BUFFERS = '32MB';

/** PGlite start parameters: its defaults plus the memory settings above. */
function pgliteStartParams(PGlite) {
  const sharedBuffers = process.env.PGLITE_SHARED_BUFFERS || SHARED_BUFFERS;
  if (!/^\d+(kB|MB|GB)?$/.test(sharedBuffers)) throw new Error(`PGLITE_SHARED_BUFFERS: ongeldige waarde ${sharedBuffers}`);
  return [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffers}`];
}

/** Creates a PGlite on a data directory (or memory://) with pg_trgm, WITHOUT taking the lock. */
export async function createPGlite(dir) {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return PGlite.create(dir, { extensions: { pg_trgm }, startParams: pgliteStartParams(PGlite) });
}

/** Opens a PGlite data directory (or memory://) with pg_trgm, holding the lock until close(). */
export async function openPGlite(dir) {
  const memory = dir.startsWith('memory://');
  const release = memory ? () => {} : acquirePgliteLock(dir);
  try {
    const db = await createPGlite(dir);
    let closing;
    const close = () =>
      (closing ??= (async () => {
        try {
          if (!db.closed) await db.close();
        } finally {
          release();
        }
      })());
    return { db, close };
  } catch (e) {
    release();
    throw e;
  }
}

/** Prisma driver adapter factory for an open PGlite: scripts awaited, shadow DB with pg_trgm. */
export async function pgliteAdapterFactory(db) {
  const { PrismaPGlite } = await import('pglite-prisma-adapter');
  const fixScripts = (adapter, client) => {
    // pglite-prisma-adapter 0.7.2 does not await exec(): a failing migration would look applied.
    adapter.executeScript = async (script) => {
      try {
        await client.exec(script);
      } catch (e) {
        adapter.onError(e);
      }
    };
    return adapter;
  };
  const factory = new PrismaPGlite(db);
  const connect = factory.connect.bind(factory);
  factory.connect = async () => fixScripts(await connect(), db);
  factory.connectToShadowDb = async () => {
    const shadow = await openPGlite('memory://');
    const adapter = fixScripts(await new PrismaPGlite(shadow.db).connect(), shadow.db);
    adapter.dispose = () => shadow.close();
    return adapter;
  };
  return factory;
}
