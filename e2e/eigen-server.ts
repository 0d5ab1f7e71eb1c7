// A server of its own for the browser tests that cannot use the standard e2e server (playwright.config.ts):
// the free preview's real limit (its budget is per address and the standard server lifts it), or a second
// process on the same database (the embedded PGlite admits one). Started as `npm start` does on a fresh
// machine: a throw-away database (PGlite in a temporary directory, or a PostgreSQL server the caller started,
// migrated first), the generated sample market, then scripts/serve.mjs on a free port, with every source at
// the run's local replay server so nothing leaves this machine. One copy of this for every such spec (issue 24).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(__dirname, '..');

/** Every BRON_<NAAM>_URL the source modules declare (as playwright.config.ts finds them). */
export function bronVariabelen(): string[] {
  const namen = new Set<string>();
  const loop = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'generated') loop(p);
      } else if (/\.(ts|tsx|mjs|js)$/.test(e.name)) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\bBRON_[A-Z0-9_]+_URL\b/g)) namen.add(m[0]);
      }
    }
  };
  loop(path.join(root, 'lib'));
  loop(path.join(root, 'jobs'));
  return [...namen];
}

/** Runs a command in the project root; resolves with its output, rejects with it on a non-zero exit. */
export function draai(cmd: string, args: string[], env: NodeJS.ProcessEnv, wat: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let uit = '';
    p.stdout.on('data', (d) => (uit += String(d)));
    p.stderr.on('data', (d) => (uit += String(d)));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve(uit) : reject(new Error(`${wat} ended with ${code}:\n${uit.slice(-4000)}`))));
  });
}

/** A free TCP port on this machine (scripts/free-port.mjs). */
export async function vrijePoort(): Promise<number> {
  const { freePort } = (await import(pathToFileURL(path.join(root, 'scripts/free-port.mjs')).href)) as { freePort: () => Promise<number> };
  return freePort();
}

export interface EigenServerOpties {
  /** Part of the temporary directory's name (nl-open-data-e2e-<naam>-…). */
  naam: string;
  /** Monthly versions of the generated sample (VOORBEELDDATA_MAANDEN). */
  maanden: number;
  /** The free preview's hourly limit on the monitor; default lifted, as on the standard e2e server. */
  previewLimiet?: number;
  /**
   * A database server instead of the embedded PGlite (e.g. scripts/pg-cluster.mjs), started in the temporary
   * directory; it is migrated before the sample is loaded and stopped after the server.
   */
  database?: (tmp: string) => Promise<{ url: string; stop: () => Promise<void> }>;
}

export interface EigenServer {
  base: string;
  /** The server's environment (for CLI commands beside it, such as an import). */
  env: NodeJS.ProcessEnv;
  /** The temporary directory (removed by stop). */
  tmp: string;
  /** Stops the server (its whole process group), then the database, and removes the temporary directory. */
  stop: () => Promise<void>;
}

/** Starts a server of its own and resolves once its home page answers 200 (call it in a beforeAll of 300 s). */
export async function startEigenServer(o: EigenServerOpties): Promise<EigenServer> {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `nl-open-data-e2e-${o.naam}-`));
  const replay = `http://127.0.0.1:${Number(process.env.E2E_REPLAY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1)}`;
  let database: { url: string; stop: () => Promise<void> } | null = null;
  let server: ChildProcess | null = null;
  const serverLog: string[] = [];

  const stop = async () => {
    const p = server;
    server = null;
    if (p && p.exitCode === null && p.pid !== undefined) {
      const weg = new Promise((r) => p.once('exit', r));
      try {
        process.kill(-p.pid, 'SIGTERM'); // its own process group: next's workers stop with it
      } catch {
        /* gone */
      }
      const op = await Promise.race([weg.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
      if (!op) {
        try {
          process.kill(-p.pid, 'SIGKILL');
        } catch {
          /* gone */
        }
      }
    }
    const db = database;
    database = null;
    if (db) await db.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  };

  try {
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      // Every source at the run's local replay server (as playwright.config.ts): nothing leaves this machine.
      ...Object.fromEntries(bronVariabelen().map((n) => [n, `${replay}/${n.replace(/^BRON_/, '').replace(/_URL$/, '').toLowerCase().replace(/_/g, '-')}`])),
      VOORBEELDDATA: 'aan',
      VOORBEELDDATA_MAANDEN: String(o.maanden),
      EP_ONLINE_API_KEY: 'replay-e2e',
      BRON_TIMEOUT_MS: '2000',
      NEXT_TELEMETRY_DISABLED: '1',
      CHECKPOINT_DISABLE: '1',
      JOBS: 'uit',
      BRON_CONTROLE_INTERVAL_S: '0', // no background source check in the server under test (playwright.config.ts)
      RATE_LIMIT_PREVIEW: String(o.previewLimiet ?? 1_000_000),
      RATE_LIMIT_OVERIG: '1000000',
      RATE_LIMIT_AANVRAGEN: '1000',
    };
    // The browser and this process are one address: a proxy setting from the caller's environment would not fit.
    delete env.TRUST_PROXY_HOPS;
    if (o.database) {
      fs.chmodSync(tmp, 0o755); // the postgres user (when we are root) must reach the data directory below it
      database = await o.database(tmp);
      env.DATABASE_URL = database.url;
      delete env.PGLITE_DIR;
      await draai('node', ['scripts/db-migrate.mjs', 'deploy'], env, 'db-migrate deploy');
    } else {
      Object.assign(env, { PGLITE_DIR: path.join(tmp, 'pglite'), DB_BACKEND: 'pglite', DATABASE_URL: '' });
    }
    await draai('npx', ['tsx', 'scripts/load-sample.ts'], env, 'load-sample');

    const port = await vrijePoort();
    const base = `http://127.0.0.1:${port}`;
    const p = spawn('node', ['scripts/serve.mjs', '-p', String(port), '-H', '127.0.0.1'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server = p;
    p.stdout!.on('data', (d) => serverLog.push(String(d)));
    p.stderr!.on('data', (d) => serverLog.push(String(d)));

    // Until the home page answers (the server may take a while on a busy machine; it may also stop).
    const eind = Date.now() + 120_000;
    for (;;) {
      if (p.exitCode !== null) throw new Error(`server stopped (${p.exitCode}):\n${serverLog.join('').slice(-4000)}`);
      try {
        if ((await fetch(`${base}/`)).status === 200) break;
      } catch {
        /* not listening yet */
      }
      if (Date.now() > eind) throw new Error(`${base}/ did not answer within 120 s:\n${serverLog.join('').slice(-4000)}`);
      await new Promise((r) => setTimeout(r, 500));
    }
    return { base, env, tmp, stop };
  } catch (e) {
    await stop();
    throw e;
  }
}
