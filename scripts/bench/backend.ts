// The two database backends of the benchmarks: a throw-away PGlite directory or a private PostgreSQL
// cluster, each measured in a child process of its own (the parent only collects the JSON line it prints).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '..', '..');
export type Backend = 'pglite' | 'postgresql';

/** Runs `fn` with the environment of a fresh database of `backend` and a temp dir; cleans both up after. */
export async function metBackend<T>(backend: Backend, prefix: string, fn: (dbEnv: Record<string, string>, dir: string) => Promise<T>): Promise<T> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  let stop = async () => {};
  try {
    let dbEnv: Record<string, string> = { DATABASE_URL: '', PGLITE_DIR: path.join(dir, 'pglite') };
    if (backend === 'postgresql') {
      const pgc = (await import(pathToFileURL(path.join(root, 'scripts/pg-cluster.mjs')).href)) as {
        startCluster: (o: { port: number }) => Promise<{ url: string; stop: () => Promise<void> }>;
      };
      const cluster = await pgc.startCluster({ port: 0 });
      stop = cluster.stop;
      dbEnv = { DATABASE_URL: cluster.url };
    }
    return await fn(dbEnv, dir);
  } finally {
    await stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Runs `script` with `args` in a child process and parses the JSON of its last stdout line. */
export function kindResultaat<T>(script: string, args: string[], wat: string): T {
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    maxBuffer: 1 << 24,
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) throw new Error(`${wat} mislukte`);
  return JSON.parse(line) as T;
}
