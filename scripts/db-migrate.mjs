#!/usr/bin/env node
// Prisma migrations without internet and without the native schema-engine binary, for both backends.
// Adapted from the team's reference script prisma-wasm-migrate.mjs: it drives Prisma's WASM schema
// engine (@prisma/schema-engine-wasm, same build as node_modules/prisma/build/schema_engine_bg.wasm)
// through Prisma driver adapters. Relies on Prisma internals: pin @prisma/* exactly, re-check on upgrade.
//
//   node scripts/db-migrate.mjs deploy            apply prisma/migrations to the database in force
//   node scripts/db-migrate.mjs status            applied / pending / failed migrations (exit 1 if not up to date)
//   node scripts/db-migrate.mjs create <name>     new migration from schema changes (like migrate dev --create-only)
//   node scripts/db-migrate.mjs create <name> --empty   empty migration for hand-written SQL
//
// The database in force: DATABASE_URL when it is a postgres:// or postgresql:// URL, else embedded PGlite
// in $PGLITE_DIR or ./data/pglite (created on first use). `create` needs no database: it replays the
// migrations on a throwaway in-memory PGlite with pg_trgm.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { lockSession } from '../lib/db/once.mjs';
import { isPostgresUrl, openPGlite, pgliteAdapterFactory, resolvePgliteDir } from '../lib/db/pglite.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCHEMA_FILE = path.join(ROOT, 'prisma', 'schema.prisma');
const MIGRATIONS_DIR = path.join(ROOT, 'prisma', 'migrations');
const LOCKFILE = 'migration_lock.toml';
const FILTERS = { externalTables: [], externalEnums: [] };
const require = createRequire(import.meta.url);

// Same DDL as Prisma's native engine; the WASM engine fails with P1014 when the table is missing.
const MIGRATIONS_TABLE_DDL = `CREATE TABLE IF NOT EXISTS "_prisma_migrations" ("id" VARCHAR(36) PRIMARY KEY NOT NULL, "checksum" VARCHAR(64) NOT NULL, "finished_at" TIMESTAMPTZ, "migration_name" VARCHAR(255) NOT NULL, "logs" TEXT, "rolled_back_at" TIMESTAMPTZ, "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(), "applied_steps_count" INTEGER NOT NULL DEFAULT 0);`;

function migrationFolders() {
  if (!fs.existsSync(MIGRATIONS_DIR)) return [];
  return fs
    .readdirSync(MIGRATIONS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && fs.existsSync(path.join(MIGRATIONS_DIR, d.name, 'migration.sql')))
    .map((d) => d.name)
    .sort();
}

function migrationsList() {
  const lock = path.join(MIGRATIONS_DIR, LOCKFILE);
  return {
    baseDir: MIGRATIONS_DIR,
    lockfile: { path: LOCKFILE, content: fs.existsSync(lock) ? fs.readFileSync(lock, 'utf8') : null },
    shadowDbInitScript: '',
    migrationDirectories: migrationFolders().map((d) => ({
      path: d,
      migrationFile: {
        path: 'migration.sql',
        content: { tag: 'ok', value: fs.readFileSync(path.join(MIGRATIONS_DIR, d, 'migration.sql'), 'utf8') },
      },
    })),
  };
}

const checksum = (name) =>
  crypto.createHash('sha256').update(fs.readFileSync(path.join(MIGRATIONS_DIR, name, 'migration.sql'))).digest('hex');

// ---- databases -------------------------------------------------------------------------------

function pgConfig(url) {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 5432),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || 'postgres',
  };
}

const describePg = (url) => {
  const c = pgConfig(url);
  return `PostgreSQL ${c.host}:${c.port}/${c.database}`;
};

// Two fixes for @prisma/adapter-pg 7.10 when the schema engine drives it (same as in the CLI shim):
// - executeScript splits scripts on every ";" (breaks $$ bodies, literals, comments): send the
//   script whole instead (simple query protocol, one implicit transaction);
// - the engine's catalog queries return pg_catalog types that the adapter refuses
//   ("Column type 'char' could not be deserialized"): present them as text / int8.
function patchPgAdapter(adapter) {
  adapter.executeScript = async (script) => {
    try {
      await adapter.client.query(script);
    } catch (e) {
      adapter.onError(e);
    }
  };
  const TEXT = new Set([18, 19, 22, 24, 30, 194, 2205, 2206, 3734, 3769, 1033]);
  const INT8 = new Set([26, 28, 29]);
  const TEXT_ARRAY = new Set([1002, 1003, 1006, 1013, 1008, 1034]);
  const INT8_ARRAY = new Set([1028, 1011, 1012]);
  const str = (v) => (v == null ? v : Array.isArray(v) ? v.map(str) : String(v));
  const io = adapter.performIO.bind(adapter);
  adapter.performIO = async (q) => {
    const r = await io(q);
    r.fields?.forEach((fd, i) => {
      const t = fd.dataTypeID;
      const to = TEXT.has(t) ? 25 : INT8.has(t) ? 20 : TEXT_ARRAY.has(t) ? 1009 : INT8_ARRAY.has(t) ? 1016 : null;
      if (to === null) return;
      fd.dataTypeID = to;
      for (const row of r.rows) row[i] = str(row[i]);
    });
    return r;
  };
  return adapter;
}

async function pgAdapterFactory(url) {
  const { PrismaPg } = await import('@prisma/adapter-pg');
  const schema = new URL(url).searchParams.get('schema') ?? undefined;
  // Discrete fields, not connectionString: a connectionString would override the shadow DB's name.
  const factory = new PrismaPg(pgConfig(url), { schema });
  // The engine does not dispose its connections (a pg pool would keep the process alive for 10 s):
  // withEngine() calls disposeAll() when it is done.
  const open = new Set();
  const tracked = (adapter) => {
    const dispose = adapter.dispose.bind(adapter);
    let done;
    adapter.dispose = () => (done ??= (open.delete(adapter), dispose()));
    open.add(adapter);
    return adapter;
  };
  factory.disposeAll = () => Promise.allSettled([...open].map((a) => a.dispose()));
  const connect = factory.connect.bind(factory);
  factory.connect = async () => tracked(patchPgAdapter(await connect()));
  factory.connectToShadowDb = async () => {
    const admin = await connect();
    const name = `prisma_migrate_shadow_db_${crypto.randomUUID()}`;
    await admin.executeScript(`CREATE DATABASE "${name}"`);
    const shadow = patchPgAdapter(await new PrismaPg({ ...pgConfig(url), database: name }, { schema }).connect());
    const release = shadow.dispose.bind(shadow);
    shadow.dispose = async () => {
      await release();
      await admin.executeScript(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.dispose();
    };
    return tracked(shadow);
  };
  return factory;
}

// Opens the target: { label, query(sql) -> rows, factory(), close() }.
async function openTarget({ dataDir, url, pglite } = {}) {
  if (pglite) {
    return {
      label: 'PGlite (open)',
      query: async (sql) => (await pglite.query(sql)).rows,
      factory: () => pgliteAdapterFactory(pglite),
      close: async () => {},
    };
  }
  url ??= isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : undefined;
  if (url && !dataDir) {
    if (!isPostgresUrl(url)) throw new Error('db-migrate: url must start with postgres:// or postgresql://');
    const pg = (await import('pg')).default;
    const client = new pg.Client(pgConfig(url));
    await client.connect();
    const schema = new URL(url).searchParams.get('schema');
    if (schema) await client.query(`SET search_path TO "${schema.replace(/"/g, '""')}"`);
    // Serialises deploys of several instances: the advisory lock 'db-migrate' (lib/db/once.mjs) on this
    // session, which stays open while the engine applies the migrations on its own connections.
    let unlock;
    return {
      label: describePg(url),
      query: async (sql) => (await client.query(sql)).rows,
      factory: () => pgAdapterFactory(url),
      lock: async () => {
        unlock = await lockSession(client, 'db-migrate');
      },
      unlock: () => unlock?.(),
      close: () => client.end(),
    };
  }
  const dir = resolvePgliteDir(dataDir);
  const { db, close } = await openPGlite(dir);
  return {
    label: `PGlite ${dir.startsWith(process.cwd() + path.sep) ? path.relative(process.cwd(), dir) : dir}`,
    query: async (sql) => (await db.query(sql)).rows,
    factory: () => pgliteAdapterFactory(db),
    close,
  };
}

// Migration rows in the database, without the schema engine. null when the table does not exist.
async function readHistory(query) {
  try {
    return await query(
      'SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations" ORDER BY started_at',
    );
  } catch (e) {
    if (e?.code === '42P01') return null; // undefined_table
    throw e;
  }
}

function compare(history, folders) {
  const rows = history ?? [];
  const applied = new Set(rows.filter((r) => r.finished_at && !r.rolled_back_at).map((r) => r.migration_name));
  const failed = rows.filter((r) => !r.finished_at && !r.rolled_back_at).map((r) => r.migration_name);
  const pending = folders.filter((f) => !applied.has(f) && !failed.includes(f));
  const missingLocally = [...applied].filter((n) => !folders.includes(n));
  const edited = rows
    .filter((r) => r.finished_at && !r.rolled_back_at && folders.includes(r.migration_name))
    .filter((r) => r.checksum !== checksum(r.migration_name))
    .map((r) => r.migration_name);
  return { applied: [...applied], failed, pending, missingLocally, edited };
}

// ---- WASM schema engine (loaded only when there is work to do) --------------------------------

let wasmReady;
// Timers the engine started. It leaves a 10 s timer behind after applying migrations, which would keep
// a script (or a child process that opened the database) alive: they are cleared once it is freed.
const engineTimers = new Set();
let enginesActive = 0;

function loadSchemaEngine() {
  wasmReady ??= (async () => {
    const bg = await import('@prisma/schema-engine-wasm/schema_engine_bg');
    const glue = require.resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const wasm = fs.readFileSync(path.join(path.dirname(glue), 'schema_engine_bg.wasm'));
    const imports = { ...bg };
    for (const name of Object.keys(bg).filter((n) => n.startsWith('__wbg_setTimeout_'))) {
      imports[name] = (fn, ms) => {
        const t = bg[name](() => {
          engineTimers.delete(t);
          fn();
        }, ms);
        engineTimers.add(t);
        return t;
      };
    }
    const { instance } = await WebAssembly.instantiate(wasm, { './schema_engine_bg.js': imports });
    bg.__wbg_set_wasm(instance.exports);
    instance.exports.__wbindgen_start?.();
    return bg;
  })();
  return wasmReady;
}

async function withEngine(factory, fn) {
  const bg = await loadSchemaEngine();
  const { bindMigrationAwareSqlAdapterFactory } = await import('@prisma/driver-adapter-utils');
  const bound = bindMigrationAwareSqlAdapterFactory(factory);
  const schema = fs.readFileSync(SCHEMA_FILE, 'utf8');
  const logger = (m) => process.env.DEBUG_SCHEMA_ENGINE && process.stderr.write(String(m).trimEnd() + '\n');
  enginesActive++;
  let engine;
  try {
    engine = await bg.SchemaEngine.new({ datamodels: [['prisma/schema.prisma', schema]] }, logger, bound);
    return await fn(engine, schema);
  } catch (e) {
    // Errors raised inside the driver adapter surface as "External error id#N": inline them.
    const msg = String(e?.message ?? e).replace(/External error id#(\d+)/g, (m, id) => {
      const rec = bound.errorRegistry?.consumeError?.(Number(id));
      return rec ? `${m}: ${rec.error?.originalMessage ?? rec.error?.message ?? JSON.stringify(rec.error)}` : m;
    });
    throw Object.assign(new Error(msg), { code: e?.code, cause: e });
  } finally {
    engine?.free?.();
    await factory.disposeAll?.();
    if (--enginesActive === 0) {
      for (const t of engineTimers) clearTimeout(t);
      engineTimers.clear();
    }
  }
}

// ---- commands ---------------------------------------------------------------------------------

/** Applies pending migrations to PGlite (dataDir, or an open `pglite`) or PostgreSQL (url / DATABASE_URL). */
// `after(query)`: runs on the migrated database before it is closed (callers that need one more read,
// such as `npm start`, need not open the database a second time); its result is returned as `after`.
export async function deployMigrations({ dataDir, url, pglite, quiet = false, after } = {}) {
  const t0 = performance.now();
  const target = await openTarget({ dataDir, url, pglite });
  let appliedNow = [];
  try {
    const folders = migrationFolders();
    const todo = async () => {
      const state = compare(await readHistory(target.query), folders);
      return state.pending.length > 0 || state.failed.length > 0;
    };
    if (await todo()) {
      await target.lock?.();
      try {
        if (await todo()) {
          await target.query(MIGRATIONS_TABLE_DDL);
          const r = await withEngine(await target.factory(), (engine) =>
            engine.applyMigrations({ migrationsList: migrationsList(), filters: FILTERS }),
          );
          appliedNow = r.appliedMigrationNames;
        }
      } finally {
        await target.unlock?.();
      }
    }
    const ms = Math.round(performance.now() - t0);
    if (!quiet) {
      const what = appliedNow.length
        ? `${appliedNow.length} migratie(s) toegepast: ${appliedNow.join(', ')}`
        : `niets te doen, alle ${folders.length} migratie(s) al toegepast`;
      console.log(`db-migrate deploy: ${target.label}: ${what} in ${ms} ms`);
    }
    return { target: target.label, applied: appliedNow, total: folders.length, ms, after: after ? await after(target.query) : undefined };
  } finally {
    await target.close();
  }
}

/** Compares prisma/migrations with the database in force (no schema engine needed). */
export async function migrationStatus({ dataDir, url, pglite } = {}) {
  const target = await openTarget({ dataDir, url, pglite });
  try {
    const folders = migrationFolders();
    return { target: target.label, total: folders.length, ...compare(await readHistory(target.query), folders) };
  } finally {
    await target.close();
  }
}

/** SQL that would bring the migration history up to schema.prisma; null when they already match. */
export async function pendingSchemaChanges() {
  const { db, close } = await openPGlite('memory://');
  try {
    // The WASM engine's createMigration cannot reach an adapter shadow DB; diff does (replaying the
    // migrations on the shadow database, which has pg_trgm).
    const list = migrationsList();
    const from = list.migrationDirectories.length ? { tag: 'migrations', ...list } : { tag: 'empty' };
    // The throwaway database is itself the shadow database (saves creating a second PGlite).
    const factory = await pgliteAdapterFactory(db);
    factory.connectToShadowDb = () => factory.connect();
    const sql = await withEngine(factory, async (engine, schema) => {
      const r = await engine.diff({
        from,
        to: { tag: 'schemaDatamodel', files: [{ path: 'prisma/schema.prisma', content: schema }] },
        script: true,
        exitCode: null,
        shadowDatabaseUrl: null,
        filters: FILTERS,
      });
      return r.stdout ?? '';
    });
    return !sql.trim() || /^-- This is an empty migration/.test(sql) ? null : sql;
  } finally {
    await close();
  }
}

/** Creates prisma/migrations/<timestamp>_<name>/migration.sql from the schema changes; returns its folder or null. */
export async function createMigration(name, { empty = false } = {}) {
  const slug = String(name ?? '').toLowerCase().replace(/[^a-z0-9_]+/g, '_').replace(/^_+|_+$/g, '');
  if (!slug) throw new Error('usage: node scripts/db-migrate.mjs create <name> [--empty]');
  let sql = await pendingSchemaChanges();
  if (!sql && !empty) return null;
  sql ??= '-- This is an empty migration.\n';
  const ts = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
  const dir = path.join(MIGRATIONS_DIR, `${ts}_${slug}`);
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, 'migration.sql'), sql.endsWith('\n') ? sql : sql + '\n');
  const lock = path.join(MIGRATIONS_DIR, LOCKFILE);
  if (!fs.existsSync(lock)) {
    fs.writeFileSync(
      lock,
      '# Please do not edit this file manually\n# It should be added in your version-control system (e.g., Git)\nprovider = "postgresql"\n',
    );
  }
  return dir;
}

async function main(argv) {
  const [cmd, ...rest] = argv;
  const t0 = performance.now();
  if (cmd === 'deploy') {
    await deployMigrations();
  } else if (cmd === 'status') {
    const s = await migrationStatus();
    const line = [
      `${s.applied.length}/${s.total} toegepast`,
      s.pending.length && `wachtend: ${s.pending.join(', ')}`,
      s.failed.length && `MISLUKT: ${s.failed.join(', ')}`,
      s.edited.length && `gewijzigd na toepassen: ${s.edited.join(', ')}`,
      s.missingLocally.length && `niet in prisma/migrations: ${s.missingLocally.join(', ')}`,
    ].filter(Boolean);
    console.log(`db-migrate status: ${s.target}: ${line.join('; ')}`);
    if (s.pending.length || s.failed.length) process.exitCode = 1;
  } else if (cmd === 'create') {
    const empty = rest.includes('--empty');
    const name = rest.find((a) => !a.startsWith('--'));
    const dir = await createMigration(name, { empty });
    const ms = Math.round(performance.now() - t0);
    console.log(
      dir
        ? `db-migrate create: ${path.relative(process.cwd(), dir)} aangemaakt in ${ms} ms (toepassen: npm run db:migrate)`
        : `db-migrate create: geen schemawijzigingen, geen migratie aangemaakt (${ms} ms)`,
    );
  } else {
    console.error('usage: node scripts/db-migrate.mjs deploy | status | create <name> [--empty]');
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`db-migrate: ${e?.message ?? e}`);
    process.exitCode = 1;
  });
}
