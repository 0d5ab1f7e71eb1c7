// Benchmark of the LEI register import (lib/registers/lei/import.ts) on PGlite or PostgreSQL.
//   npx tsx scripts/bench/import-lei.ts --file GOLDEN.xml.zip [--rr RR.xml.zip] [--backend pglite|postgresql]
// pglite: a fresh data directory in a temp folder; postgresql: a private throwaway cluster
// (scripts/pg-cluster.mjs). Prints records/s (records read from both files per second of the whole
// import, publish included), total time, the peak RSS of this process, and sqlMs: the time spent
// in the bulk load itself (COPY/INSERT round trips of BulkWriter), so the framework's own cost
// (unzip, XML split/parse, mapping, encoding) is the difference.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { bulkLoadStats } from '@/lib/registers/common/bulk-insert';

export interface LeiBenchOptions {
  file: string;
  rr?: string;
  backend: 'pglite' | 'postgresql';
  /** Print progress and the result (default true when run as a script). */
  verbose?: boolean;
}

export interface LeiBenchResult {
  recordsPerSec: number;
  ms: number;
  peakRssMb: number;
  sqlMs: number;
  /** Records read (Level 1 + RR) and rows stored. */
  records: number;
  rows: number;
  backend: 'pglite' | 'postgresql';
  bulkMode: string;
  /** Wall time per import phase (ms). */
  fasen: { entiteiten: number; relaties: number; publiceren: number };
  /** Parsed in a worker thread (else on the main thread). */
  parseWorker: boolean;
}

const root = path.resolve(__dirname, '..', '..');

/** Runs one import of `file` (+ `rr`) into a fresh database of the chosen backend and measures it. */
export async function benchLeiImport(opts: LeiBenchOptions): Promise<LeiBenchResult> {
  const saved = { PGLITE_DIR: process.env.PGLITE_DIR, DATABASE_URL: process.env.DATABASE_URL, LOG_LEVEL: process.env.LOG_LEVEL, PGLITE_WORKER: process.env.PGLITE_WORKER };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-lei-'));
  let stopCluster = async () => {};
  process.env.LOG_LEVEL = 'silent';
  // As `npm run import` does: PGlite in this thread unless PGLITE_WORKER is set (scripts/import.ts).
  process.env.PGLITE_WORKER ??= 'uit';
  if (opts.backend === 'postgresql') {
    const pgc = (await import(pathToFileURL(path.join(root, 'scripts/pg-cluster.mjs')).href)) as {
      startCluster: (o: { port: number }) => Promise<{ url: string; stop: () => Promise<void> }>;
    };
    const cluster = await pgc.startCluster({ port: 0 });
    process.env.DATABASE_URL = cluster.url;
    stopCluster = cluster.stop;
  } else {
    process.env.DATABASE_URL = '';
    process.env.PGLITE_DIR = path.join(tmp, 'pglite');
    // Created and migrated by a separate process, as for an import into an existing database: the
    // WASM schema engine that migrating loads would otherwise stay in this process's memory.
    const migrated = spawnSync(process.execPath, [path.join(root, 'scripts/db-migrate.mjs'), 'deploy'], { cwd: root, env: process.env, encoding: 'utf8' });
    if (migrated.status !== 0) throw new Error(`db-migrate deploy: ${migrated.stderr || migrated.stdout}`);
  }
  const { closeDb, openDb } = await import('@/lib/db/client');
  const { importLei } = await import('@/lib/registers/lei/import');
  let peak = process.memoryUsage().rss;
  const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 25);
  try {
    const db = await openDb(); // migrations are not part of the import
    peak = process.memoryUsage().rss;
    bulkLoadStats.ms = 0;
    bulkLoadStats.rows = 0;
    const t0 = performance.now();
    const r = await importLei({
      file: opts.file,
      rr: opts.rr,
      db,
      onProgress: opts.verbose
        ? (p) => process.stderr.write(`\r${p.fase} ${p.gelezen} gelezen ${p.opgeslagen} opgeslagen rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB   `)
        : undefined,
      progressEvery: 20_000,
    });
    const ms = performance.now() - t0;
    peak = Math.max(peak, process.memoryUsage().rss);
    if (opts.verbose) process.stderr.write('\n');
    const records = (r.aantallen.gelezen_lei2 ?? 0) + (r.aantallen.gelezen_rr ?? 0);
    return {
      recordsPerSec: Math.round(records / (ms / 1000)),
      ms: Math.round(ms),
      peakRssMb: Math.round(peak / 2 ** 20),
      sqlMs: Math.round(bulkLoadStats.ms),
      records,
      rows: (r.aantallen.entiteiten ?? 0) + (r.aantallen.relaties ?? 0),
      backend: opts.backend,
      bulkMode: bulkLoadStats.mode ?? 'none',
      fasen: r.fasen,
      parseWorker: r.parseWorker,
    };
  } finally {
    clearInterval(sample);
    await closeDb();
    await stopCluster();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

function arg(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  return i >= 0 ? argv[i + 1] : undefined;
}

async function main(argv: string[]) {
  const file = arg(argv, '--file');
  const backend = (arg(argv, '--backend') ?? 'pglite') as LeiBenchOptions['backend'];
  if (!file || (backend !== 'pglite' && backend !== 'postgresql')) {
    console.error('usage: npx tsx scripts/bench/import-lei.ts --file GOLDEN.xml[.zip] [--rr RR.xml[.zip]] [--backend pglite|postgresql]');
    process.exitCode = 2;
    return;
  }
  const r = await benchLeiImport({ file, rr: arg(argv, '--rr'), backend, verbose: !argv.includes('--quiet') });
  const maxRss = process.resourceUsage().maxRSS / 1024;
  console.log(
    `lei import on ${r.backend} (${r.bulkMode}, parse ${r.parseWorker ? 'in worker' : 'on main thread'}): ${r.records} records read, ${r.rows} rows stored in ${(r.ms / 1000).toFixed(1)} s = ` +
      `${r.recordsPerSec} records/s (${Math.round(r.rows / (r.ms / 1000))} rows/s); peak RSS ${r.peakRssMb} MB ` +
      `(process max ${Math.round(maxRss)} MB); bare SQL load ${(r.sqlMs / 1000).toFixed(1)} s (${Math.round((100 * r.sqlMs) / r.ms)}%); ` +
      `phases: entities ${(r.fasen.entiteiten / 1000).toFixed(1)} s, relationships ${(r.fasen.relaties / 1000).toFixed(1)} s, publish ${(r.fasen.publiceren / 1000).toFixed(1)} s`,
  );
  console.log(JSON.stringify(r));
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(__filename)) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
