// Test helper: run a describe block against a fresh embedded database (a temporary PGlite directory) or a
// private PostgreSQL cluster, restoring the environment afterwards. Used by every test that needs a real
// database in-process (registers, operations, the Prisma CLI).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll } from 'vitest';
import { closeDb } from '@/lib/db/client';

const root = fileURLToPath(new URL('../..', import.meta.url));
const SLOW = 120_000;

interface PgCluster {
  url: string;
  stop: () => Promise<void>;
}
const pgCluster = (await import(/* @vite-ignore */ pathToFileURL(path.join(root, 'scripts/pg-cluster.mjs')).href)) as {
  postgresBinaries: () => unknown;
  startCluster: (o: { port: number; dir?: string }) => Promise<PgCluster>;
};

/** Why PostgreSQL tests cannot run here (binaries missing), or null when they can. */
export const postgresMissing: string | null = (() => {
  try {
    pgCluster.postgresBinaries();
    return null;
  } catch (e) {
    return (e as Error).message;
  }
})();

/** Starts a private PostgreSQL cluster on a free port. */
export const startPostgres = (dir?: string): Promise<PgCluster> => pgCluster.startCluster({ port: 0, dir });

/**
 * Inside a describe: before all tests point the process at a fresh database of this kind (LOG_LEVEL
 * silent), after all close it, stop the cluster and restore the environment. `dir()` is the temp folder.
 */
export function useTestDatabase(kind: 'pglite' | 'postgresql', prefix: string): { dir: () => string } {
  const saved = { PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL };
  let tmp = '';
  let stop: () => Promise<void> = async () => {};

  beforeAll(async () => {
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    process.env.LOG_LEVEL = 'silent';
    if (kind === 'pglite') {
      process.env.PGLITE_DIR = path.join(tmp, 'pglite');
      process.env.DATABASE_URL = '';
    } else {
      const cluster = await startPostgres();
      process.env.DATABASE_URL = cluster.url;
      stop = () => cluster.stop();
    }
  }, SLOW);

  afterAll(async () => {
    await closeDb();
    await stop();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }, SLOW);

  return { dir: () => tmp };
}

/**
 * Runs `npm run import -- <args>` as a user would and kills it with SIGKILL as soon as its progress on
 * stderr matches `progress` (so halfway through writing); resolves once the process is gone.
 */
export async function killImportHalfway(args: string[], progress: RegExp): Promise<void> {
  const { spawn } = await import('node:child_process');
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts/import.ts'), ...args], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let err = '';
  const exited = new Promise((r) => child.once('exit', r));
  await new Promise<void>((resolve, reject) => {
    child.stderr.on('data', (d) => {
      err += String(d);
      if (progress.test(err)) {
        child.kill('SIGKILL');
        resolve();
      }
    });
    child.on('exit', () => reject(new Error(`import ended before it could be killed: ${err}`)));
  });
  await exited;
}
