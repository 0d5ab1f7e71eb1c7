// Applies pending migrations when the server first opens its database, so a fresh machine (or a
// bare `next start`) works even if nothing ran `npm run db:migrate`. Cheap when nothing is pending:
// it compares the folder names in prisma/migrations with _prisma_migrations, and only then loads the
// WASM schema engine (scripts/db-migrate.mjs, imported at run time so it stays out of the Next.js
// bundle). On PostgreSQL concurrent instances are serialised by an advisory lock. Set
// DB_MIGRATE_ON_OPEN=0 to leave migrating to `npm run db:migrate` only.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { log } from '../log';

// Paths are relative to the working directory: the repository root for `npm start`, dev and tests.
const root = () => process.cwd();

function migrationFolders(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(dir, d.name, 'migration.sql')))
    .map((d) => d.name);
}

async function appliedMigrations(db: PGlite): Promise<Set<string> | null> {
  try {
    const r = await db.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
      'SELECT migration_name, finished_at, rolled_back_at FROM "_prisma_migrations"',
    );
    if (r.rows.some((m) => !m.finished_at && !m.rolled_back_at)) return null; // a failed one: let deploy report it
    return new Set(r.rows.filter((m) => m.finished_at && !m.rolled_back_at).map((m) => m.migration_name));
  } catch (e) {
    if ((e as { code?: string }).code === '42P01') return new Set(); // no migrations table yet
    throw e;
  }
}

interface Migrator {
  deployMigrations: (o: { pglite?: PGlite; url?: string; quiet: boolean }) => Promise<{ applied: string[]; ms: number }>;
}

async function migrator(): Promise<Migrator> {
  const script = pathToFileURL(path.join(root(), 'scripts', 'db-migrate.mjs')).href;
  return (await import(/* webpackIgnore: true */ /* turbopackIgnore: true */ /* @vite-ignore */ script)) as Migrator;
}

/** Migrates an open embedded database if prisma/migrations has folders it has not applied. */
export async function migratePgliteOnOpen(db: PGlite): Promise<void> {
  if (process.env.DB_MIGRATE_ON_OPEN === '0') return;
  const dir = path.join(root(), 'prisma', 'migrations');
  const folders = migrationFolders(dir);
  if (!folders.length) {
    log('warn', 'db_migraties_niet_gevonden', { map: dir });
    return;
  }
  const applied = await appliedMigrations(db);
  if (applied && folders.every((f) => applied.has(f))) return;

  const r = await (await migrator()).deployMigrations({ pglite: db, quiet: true });
  log('info', 'db_migraties_toegepast', { aantal: r.applied.length, migraties: r.applied, ms: r.ms });
}

/** Migrates a PostgreSQL database (DATABASE_URL) before the server's first query, if anything is pending. */
export async function migratePostgresOnOpen(url: string): Promise<void> {
  if (process.env.DB_MIGRATE_ON_OPEN === '0') return;
  if (!migrationFolders(path.join(root(), 'prisma', 'migrations')).length) return;
  const r = await (await migrator()).deployMigrations({ url, quiet: true });
  if (r.applied.length) log('info', 'db_migraties_toegepast', { aantal: r.applied.length, migraties: r.applied, ms: r.ms });
}
