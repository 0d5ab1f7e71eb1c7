// Types for lib/db/pglite.mjs.
import type { PGlite } from '@electric-sql/pglite';
import type { SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';

export declare const LOCK_FILE: string;
/** Default data directory: $PGLITE_DIR or ./data/pglite (relative to the working directory). */
export declare function resolvePgliteDir(dir?: string): string;
/** True when `url` selects a PostgreSQL server (postgres:// or postgresql://). */
export declare function isPostgresUrl(url: string | undefined | null): url is string;
/** Thrown when another live process holds the PGlite data directory. */
export declare class PgliteLockedError extends Error {
  constructor(dir: string, holder: { pid: number; gestart?: string });
  readonly code: 'PGLITE_LOCKED';
  readonly pid: number;
  readonly dir: string;
}
/** Takes the exclusive lock on a PGlite data directory; returns the release function. */
export declare function acquirePgliteLock(dir: string): () => void;
/** Creates a PGlite on a data directory (or memory://) with pg_trgm, WITHOUT taking the lock. */
export declare function createPGlite(dir: string): Promise<PGlite>;
/** Opens a PGlite data directory (or memory://) with pg_trgm, holding the lock until close(). */
export declare function openPGlite(dir: string): Promise<{ db: PGlite; close: () => Promise<void> }>;
/** Prisma driver adapter factory for an open PGlite: scripts awaited, shadow DB with pg_trgm. */
export declare function pgliteAdapterFactory(db: PGlite): Promise<SqlMigrationAwareDriverAdapterFactory>;
