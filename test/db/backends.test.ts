// The same database checks on both backends: a fresh PGlite directory and a private PostgreSQL
// cluster (scripts/pg-cluster.mjs). The PostgreSQL half is skipped only when PostgreSQL is not
// installed (scripts/test-all.mjs installs it first: apt-get install -y postgresql).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeDb, databaseKind, getDb } from '@/lib/db/client';
import { LOCK_FILE } from '@/lib/db/pglite.mjs';
import { flushSourceHealth, getSourceHealth, recordSourceOutcome } from '@/lib/db/source-health';

const root = fileURLToPath(new URL('../..', import.meta.url));
const load = (rel: string) => import(/* @vite-ignore */ pathToFileURL(path.join(root, rel)).href);
const { deployMigrations, migrationStatus } = await load('scripts/db-migrate.mjs');
const { postgresBinaries, startCluster } = await load('scripts/pg-cluster.mjs');

const SLOW = 120_000;
const pgMissing = (() => {
  try {
    postgresBinaries();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
})();
if (pgMissing) console.warn(`test/db/backends: PostgreSQL half SKIPPED: ${pgMissing}`);

// Runs test/db/fixtures/open-db.mts in a separate node process, as a second process would.
function openInChild(env: Record<string, string>) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'test/db/fixtures/open-db.mts')], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: SLOW,
  });
  return { status: r.status, out: r.stdout.trim(), err: r.stderr.trim() };
}

interface Backend {
  kind: 'pglite' | 'postgresql';
  target: { dataDir?: string; url?: string };
  env: Record<string, string>;
  fresh: () => Promise<{ target: { dataDir?: string; url?: string }; env: Record<string, string> }>;
  stop: () => Promise<void>;
}

async function pgliteBackend(): Promise<Backend> {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-db-test-'));
  const dir = path.join(base, 'pglite');
  return {
    kind: 'pglite',
    target: { dataDir: dir },
    env: { PGLITE_DIR: dir, DATABASE_URL: '' },
    fresh: async () => {
      const d = path.join(base, 'fresh');
      return { target: { dataDir: d }, env: { PGLITE_DIR: d, DATABASE_URL: '' } };
    },
    stop: async () => fs.rmSync(base, { recursive: true, force: true }),
  };
}

async function postgresBackend(): Promise<Backend> {
  const cluster = await startCluster({ port: 0 });
  return {
    kind: 'postgresql',
    target: { url: cluster.url },
    env: { DATABASE_URL: cluster.url },
    fresh: async () => {
      const admin = new pg.Client({ connectionString: cluster.url });
      await admin.connect();
      await admin.query('CREATE DATABASE fresh');
      await admin.end();
      const url = cluster.url.replace(/\/[^/]+$/, '/fresh');
      return { target: { url }, env: { DATABASE_URL: url } };
    },
    stop: () => cluster.stop(),
  };
}

function backendSuite(kind: Backend['kind'], make: () => Promise<Backend>) {
  describe.skipIf(kind === 'postgresql' && !!pgMissing)(`database on ${kind}`, () => {
    let b: Backend;
    const saved = { PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: process.env.DATABASE_URL };

    beforeAll(async () => {
      b = await make();
      Object.assign(process.env, b.env);
    }, SLOW);

    afterAll(async () => {
      await closeDb();
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete process.env[k];
        else process.env[k] = v;
      }
      await b?.stop();
    }, SLOW);

    it('applies the migrations, and a second deploy changes nothing', { timeout: SLOW }, async () => {
      // On PostgreSQL two deploys at once (replicas starting together): one applies, the other waits for its
      // lock (lib/db/once.mjs) and finds nothing to do. PGlite admits one process per directory.
      const deploys = await Promise.all((kind === 'postgresql' ? [1, 2] : [1]).map(() => deployMigrations({ ...b.target, quiet: true })));
      const first = deploys.find((d) => d.applied.length > 0)!;
      expect(deploys.filter((d) => d.applied.length > 0)).toHaveLength(1);
      expect(first.total).toBeGreaterThan(0);
      expect(first.applied).toHaveLength(first.total);
      const second = await deployMigrations({ ...b.target, quiet: true });
      expect(second.applied).toEqual([]);
      const status = await migrationStatus(b.target);
      expect(status).toMatchObject({ pending: [], failed: [], edited: [], missingLocally: [] });
      expect(status.applied).toHaveLength(first.total);
    });

    it('has pg_trgm', { timeout: SLOW }, async () => {
      expect(databaseKind()).toBe(kind);
      const db = getDb();
      const ext = await db.$queryRaw<{ extname: string }[]>`SELECT extname FROM pg_extension`;
      expect(ext.map((e) => e.extname)).toContain('pg_trgm');
      const [{ s }] = await db.$queryRaw<{ s: number }[]>`SELECT similarity('amsterdam', 'amsterdm')::float8 AS s`;
      expect(s).toBeGreaterThan(0.5);
    });

    it('records source outcomes and reads them back with correct counts', { timeout: SLOW }, async () => {
      const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 0, m));
      for (let i = 0; i < 3; i++) recordSourceOutcome({ bron: 'test-a', ok: true, foutsoort: null, duurMs: 1, tijd: t(i) });
      recordSourceOutcome({ bron: 'test-a', ok: false, foutsoort: 'timeout', duurMs: 1, tijd: t(10) });
      recordSourceOutcome({ bron: 'test-b', ok: false, foutsoort: 'http_503', duurMs: 1, tijd: t(5) });
      await flushSourceHealth();
      // A second batch goes through the upsert's update path.
      recordSourceOutcome({ bron: 'test-a', ok: true, foutsoort: null, duurMs: 1, tijd: t(20) });
      recordSourceOutcome({ bron: 'test-a', ok: false, foutsoort: 'http_500', duurMs: 1, tijd: t(15) });
      await flushSourceHealth();

      const health = await getSourceHealth();
      expect(health['test-a']).toEqual({
        laatst_ok: t(20).toISOString(),
        laatste_fout: t(15).toISOString(),
        laatste_foutsoort: 'http_500',
        aantal_ok: 4,
        aantal_fout: 2,
      });
      expect(health['test-b']).toEqual({
        laatst_ok: null,
        laatste_fout: t(5).toISOString(),
        laatste_foutsoort: 'http_503',
        aantal_ok: 0,
        aantal_fout: 1,
      });
    });

    it('migrates a fresh database when the server opens it', { timeout: SLOW }, async () => {
      const fresh = await b.fresh();
      const r = openInChild(fresh.env);
      expect(r.err).toBe('');
      expect(r.out).toContain(`open ${kind}`);
      expect(r.status).toBe(0);
      const status = await migrationStatus(fresh.target);
      expect(status.pending).toEqual([]);
      expect(status.applied.length).toBe(status.total);
    });

    if (kind === 'pglite') {
      it('refuses a second process on the same PGlite directory with a clear message', { timeout: SLOW }, async () => {
        await getDb().$queryRaw`SELECT 1`; // this process holds the directory
        const r = openInChild(b.env);
        expect(r.status).toBe(1);
        expect(r.err).toContain('PGLITE_LOCKED');
        expect(r.err).toContain(`al geopend door proces ${process.pid}`);
        expect(r.err).toContain(`already open in process ${process.pid}`);

        const cli = spawnSync(process.execPath, [path.join(root, 'scripts/db-migrate.mjs'), 'status'], {
          cwd: root,
          env: { ...process.env, ...b.env },
          encoding: 'utf8',
        });
        expect(cli.status).toBe(1);
        expect(cli.stderr).toContain(`already open in process ${process.pid}`);
      });

      it('takes over the stale lock of a process that died', { timeout: SLOW }, async () => {
        await closeDb();
        const lock = path.join(b.target.dataDir!, LOCK_FILE);
        expect(fs.existsSync(lock)).toBe(false);
        const dead = spawnSync(process.execPath, ['-e', '0']).pid;
        fs.writeFileSync(lock, JSON.stringify({ pid: dead, procStart: '1', gestart: '2026-01-01T00:00:00.000Z' }));
        const r = openInChild(b.env);
        expect(r.err).toBe('');
        expect(r.out).toContain('open pglite');
        expect(fs.existsSync(lock)).toBe(false); // the child released it on close
      });
    }
  });
}

backendSuite('pglite', pgliteBackend);
backendSuite('postgresql', postgresBackend);
