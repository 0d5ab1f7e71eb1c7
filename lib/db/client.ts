// The service's database: embedded PGlite by default (data dir $PGLITE_DIR or ./data/pglite), a
// PostgreSQL server when DATABASE_URL is a postgres:// or postgresql:// URL. Nothing is opened at
// import time (`next build` imports route modules); the first query opens the database.
//
// The first query applies pending migrations (lib/db/migrate-on-open.ts). PGlite allows one process
// per data directory: opening it takes a lock file there, and a second process gets a clear error
// (PgliteLockedError, code PGLITE_LOCKED) and must go through the running server. PGlite runs in a
// worker thread by default (PGLITE_WORKER=uit: in the main thread).
import type { PGlite } from '@electric-sql/pglite';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from '../generated/prisma/client';
import { migratePgliteOnOpen, migratePostgresOnOpen } from './migrate-on-open';
import { log } from '../log';
import { isPostgresUrl, openPGlite, pgliteAdapterFactory, resolvePgliteDir } from './pglite.mjs';
import { openPGliteWorker, pgliteWorkerEnabled } from './pglite-proxy.mjs';

export type DatabaseKind = 'pglite' | 'postgresql';

interface DbState {
  prisma?: PrismaClient;
  kind?: DatabaseKind;
  // Embedded only: the open PGlite and its adapter factory, created on the first query.
  embedded?: Promise<{ db: PGlite; close: () => Promise<void>; factory: SqlMigrationAwareDriverAdapterFactory }>;
  // PostgreSQL only: a small pg pool for raw driver work next to Prisma (COPY), created on first use.
  rawPool?: import('pg').Pool;
}

// Kept on globalThis: one database per process, also across dev reloads and separate bundles.
const g = globalThis as typeof globalThis & { __nlodsDb?: DbState };
const state = (): DbState => (g.__nlodsDb ??= {});

/** Which backend this process uses: DATABASE_URL postgres(ql):// selects PostgreSQL, else PGlite. */
export function databaseKind(): DatabaseKind {
  const url = process.env.DATABASE_URL;
  if (!url) return 'pglite';
  if (isPostgresUrl(url)) return 'postgresql';
  throw new Error(
    'DATABASE_URL moet met postgres:// of postgresql:// beginnen, of leeg zijn voor de ingebouwde PGlite-database. / ' +
      'DATABASE_URL must start with postgres:// or postgresql://, or be unset for the embedded PGlite database.',
  );
}

function openEmbedded(s: DbState) {
  s.embedded ??= (async () => {
    const dir = resolvePgliteDir();
    // In a worker thread (lib/db/pglite-proxy.mjs) unless PGLITE_WORKER=uit: the database's CPU work
    // then runs on another core than Next.js. Falls back to in-process when the worker cannot start.
    const { db, close } = pgliteWorkerEnabled() ? await openPGliteWorker(dir, { log }) : await openPGlite(dir);
    try {
      await migratePgliteOnOpen(db);
      return { db, close, factory: await pgliteAdapterFactory(db) };
    } catch (e) {
      await close();
      throw e;
    }
  })().catch((e) => {
    s.embedded = undefined; // a later query tries again (e.g. after the other process stopped)
    throw e;
  });
  return s.embedded;
}

// Adapter factory that opens PGlite only when Prisma connects (on the first query).
function lazyPgliteFactory(s: DbState): SqlMigrationAwareDriverAdapterFactory {
  return {
    provider: 'postgres',
    adapterName: '@electric-sql/pglite',
    connect: async (): Promise<SqlDriverAdapter> => (await openEmbedded(s)).factory.connect(),
    connectToShadowDb: async (): Promise<SqlDriverAdapter> => (await openEmbedded(s)).factory.connectToShadowDb(),
  };
}

// PostgreSQL: PrismaPg's pool connects on the first query, after pending migrations are applied.
function pgFactory(url: string): SqlMigrationAwareDriverAdapterFactory {
  const schema = new URL(url).searchParams.get('schema') ?? undefined;
  const inner = new PrismaPg({ connectionString: url }, schema ? { schema } : undefined);
  let migrated: Promise<void> | undefined;
  const ready = () =>
    (migrated ??= migratePostgresOnOpen(url).catch((e) => {
      migrated = undefined;
      throw e;
    }));
  return {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    connect: async () => {
      await ready();
      return inner.connect();
    },
    connectToShadowDb: () => inner.connectToShadowDb(),
  };
}

/** The process-wide PrismaClient; cheap to call, the database is opened on the first query. */
export function getDb(): PrismaClient {
  const s = state();
  if (s.prisma) return s.prisma;
  const kind = databaseKind();
  const adapter = kind === 'postgresql' ? pgFactory(process.env.DATABASE_URL!) : lazyPgliteFactory(s);
  s.kind = kind;
  s.prisma = new PrismaClient({ adapter });
  return s.prisma;
}

/** Opens the database now (and migrates embedded PGlite); throws the original error, e.g. PgliteLockedError. */
export async function openDb(): Promise<PrismaClient> {
  const db = getDb();
  const s = state();
  if (s.kind === 'pglite') await openEmbedded(s);
  await db.$queryRaw`SELECT 1`;
  return db;
}

/** Raw driver access to the database behind `db` (bulk loads with COPY; lib/db/raw-copy.ts). */
export type RawDatabase = { kind: 'pglite'; pglite: PGlite } | { kind: 'postgresql'; pool: import('pg').Pool };

/**
 * The open PGlite or a pg pool on the same PostgreSQL database as `db`, when `db` is this process's
 * client from getDb(); null for any other client (tests' own clients, transactions), which then
 * keeps using Prisma.
 */
export async function rawDatabase(db: unknown): Promise<RawDatabase | null> {
  const s = state();
  if (!s.prisma || db !== s.prisma) return null;
  if (s.kind === 'pglite') return { kind: 'pglite', pglite: (await openEmbedded(s)).db };
  if (!s.rawPool) {
    const url = new URL(process.env.DATABASE_URL!);
    const schema = url.searchParams.get('schema');
    url.searchParams.delete('schema');
    if (schema !== null && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(schema)) throw new Error(`DATABASE_URL: ongeldig schema ${schema}`);
    const { Pool } = (await import('pg')).default;
    const pool = new Pool({ connectionString: url.toString(), max: 2, idleTimeoutMillis: 5000, allowExitOnIdle: true, options: schema ? `-c search_path=${schema}` : undefined });
    pool.on('error', () => undefined); // an idle connection dropped by the server: the pool replaces it
    s.rawPool = pool;
  }
  return { kind: 'postgresql', pool: s.rawPool };
}

/** Disconnects Prisma and closes PGlite (releasing its lock); the next getDb() starts afresh. */
export async function closeDb(): Promise<void> {
  const s = state();
  const { prisma, embedded, rawPool } = s;
  g.__nlodsDb = {};
  try {
    await rawPool?.end().catch(() => undefined);
    await prisma?.$disconnect();
  } finally {
    const open = await embedded?.catch(() => undefined);
    await open?.close();
  }
}
