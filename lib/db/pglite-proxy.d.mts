// Types for lib/db/pglite-proxy.mjs.
import type { PGlite } from '@electric-sql/pglite';

/** False when PGLITE_WORKER is uit/off/0/false/nee/no: PGlite then runs in the server's main thread. */
export declare function pgliteWorkerEnabled(env?: Record<string, string | undefined>): boolean;
/** The worker script: by absolute path from the working directory (the repo root in all entry points). */
export declare function pgliteWorkerScript(): string;

/**
 * PGlite-compatible client of a PGlite running in a worker thread: query, sql, exec, transaction
 * (tx.query/sql/exec/rollback/closed), close, closed, parsers. Not supported: listen, the query
 * options serializers and onNotice, and the rest of PGlite's API (dumpDataDir, describeQuery, ...).
 */
export declare class PGliteWorkerProxy {
  static start(dir: string, options?: { onFatal?: (e: unknown) => void; script?: string }): Promise<PGliteWorkerProxy>;
  readonly dataDir: string;
  readonly closed: boolean;
  readonly ready: boolean;
  readonly waitReady: Promise<void>;
  parsers: PGlite['parsers'];
  query: PGlite['query'];
  sql: PGlite['sql'];
  exec: PGlite['exec'];
  transaction: PGlite['transaction'];
  close(): Promise<void>;
}

type LogFn = (level: 'info' | 'warn' | 'error', event: string, fields?: Record<string, unknown>) => void;

/**
 * Opens a PGlite data directory (or memory://) in a worker thread, holding the lock (in this thread)
 * until close(). When the worker cannot start, opens it in-process instead (openPGlite) and says so
 * through `log`. A held lock (PgliteLockedError) is thrown as is. `worker` tells which one it is.
 * `db` is typed as PGlite: the proxy has the part of its surface the server uses.
 */
export declare function openPGliteWorker(
  dir: string,
  options?: { log?: LogFn; /** tests: another worker script */ script?: string },
): Promise<{ db: PGlite; close: () => Promise<void>; worker: boolean }>;
