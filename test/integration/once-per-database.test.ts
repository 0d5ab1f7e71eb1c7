// Two replicas of `npm start` started at the same moment on one fresh PostgreSQL database (the scale-out
// set-up of docs/database.md): what a process does once for the whole database — the migrations, the
// sample load, the monitor's versions — is done once. Before lib/db/once.mjs both loaded the sample and
// the monitor listed twelve dataset_versies, two per peildatum.
//
// Independent of the shared server of global-setup.ts: its own private PostgreSQL cluster and own ports.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildIsCurrent } from '../../scripts/build-actueel.mjs';
import { freePort } from '../../scripts/free-port.mjs';
import { postgresMissing, startPostgres } from '../db/test-database';

const root = path.resolve(__dirname, '../..');
const UP_MS = 240_000;

interface Replica {
  child: ChildProcess;
  url: string;
  out: string[];
}

function startReplica(port: number, env: NodeJS.ProcessEnv): Replica {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out: string[] = [];
  child.stdout!.on('data', (d) => out.push(String(d)));
  child.stderr!.on('data', (d) => out.push(String(d)));
  return { child, url: `http://127.0.0.1:${port}`, out };
}

/** Resolves when the replica answers its OpenAPI document; rejects when it exits first. */
async function up(r: Replica): Promise<void> {
  const deadline = Date.now() + UP_MS;
  while (Date.now() < deadline) {
    if (r.child.exitCode !== null) throw new Error(`npm start ended with code ${r.child.exitCode}:\n${r.out.join('')}`);
    try {
      if ((await fetch(`${r.url}/v1/openapi.json`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((res) => setTimeout(res, 250));
  }
  throw new Error(`npm start did not answer on ${r.url}:\n${r.out.join('')}`);
}

async function stop(r: Replica | undefined): Promise<void> {
  if (!r || r.child.exitCode !== null || r.child.signalCode !== null) return;
  const exited = new Promise((res) => r.child.once('exit', res));
  r.child.kill('SIGTERM');
  const hard = setTimeout(() => r.child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(hard);
}

describe.skipIf(postgresMissing)('two replicas of npm start on one fresh PostgreSQL database', () => {
  let cluster: { url: string; stop: () => Promise<void> } | undefined;
  let tmp = '';
  const replicas: Replica[] = [];

  beforeAll(async () => {
    // Both replicas would otherwise build at once in the same .next directory.
    if (!buildIsCurrent()) throw new Error('The production build is missing or older than the sources: run `npx next build` first (npm test does this).');
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-once-'));
    cluster = await startPostgres(); // its own directory (readable by the postgres user when run as root)
    const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: cluster.url, JOBS: 'uit', NEXT_TELEMETRY_DISABLED: '1', LOG_LEVEL: 'warn' };
    delete env.PGLITE_DIR;
    delete env.VOORBEELDDATA;
    delete env.VOORBEELDDATA_MAANDEN;
    const a = await freePort();
    let b = await freePort();
    while (b === a) b = await freePort();
    // At the same moment: neither has read the database before the other starts.
    replicas.push(startReplica(a, env), startReplica(b, env));
    await Promise.all(replicas.map(up));
  }, UP_MS + 60_000);

  afterAll(async () => {
    await Promise.all(replicas.map(stop));
    await cluster?.stop();
    if (tmp && !process.env.KEEP_TEST_DIRS) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('loads the sample once: each register published once per month, one monitor version per peildatum', { timeout: 60_000 }, async () => {
    const db = new pg.Client({ connectionString: cluster!.url });
    await db.connect();
    try {
      const imports = await db.query<{ register: string; n: number }>(
        'SELECT register, count(*)::int AS n FROM register_import WHERE voorbeeld GROUP BY register ORDER BY register',
      );
      // six monthly versions of fsp and lei, charity and finreg once (lib/registers/sample.ts)
      expect.soft(imports.rows).toEqual([
        { register: 'charity', n: 1 },
        { register: 'finreg', n: 1 },
        { register: 'fsp', n: 6 },
        { register: 'lei', n: 6 },
      ]);
      const versies = await db.query<{ n: number; peildata: number }>('SELECT count(*)::int AS n, count(DISTINCT peildatum)::int AS peildata FROM dataset_versie');
      expect.soft(versies.rows[0]).toEqual({ n: 6, peildata: 6 });
      const migraties = await db.query<{ n: number; dubbel: number }>(
        'SELECT count(*)::int AS n, (count(*) - count(DISTINCT migration_name))::int AS dubbel FROM "_prisma_migrations" WHERE finished_at IS NOT NULL',
      );
      expect(migraties.rows[0].dubbel).toBe(0);
      expect(migraties.rows[0].n).toBe(fs.readdirSync(path.join(root, 'prisma/migrations')).filter((d) => fs.existsSync(path.join(root, 'prisma/migrations', d, 'migration.sql'))).length);
    } finally {
      await db.end();
    }
    // One replica loaded the sample; the other waited for it and found it loaded.
    const loaded = replicas.filter((r) => /voorbeelddata \(gegenereerd, geen officiële export\) geladen/.test(r.out.join('')));
    expect(loaded, replicas.map((r) => r.out.join('')).join('\n----\n')).toHaveLength(1);
  });

  it('both replicas answer the same six monitor versions', { timeout: 60_000 }, async () => {
    for (const r of replicas) {
      const res = await fetch(`${r.url}/v1/distributiemonitor/versies`);
      expect(res.status).toBe(200);
      const body = (await res.json()) as { data: unknown };
      const list = Array.isArray(body.data) ? body.data : (body.data as { versies: unknown[] }).versies;
      expect(list).toHaveLength(6);
    }
  });
});
