#!/usr/bin/env node
// `npm start`: builds the app when the build is missing or older than the sources, applies database
// migrations (embedded PGlite under ./data by default, or DATABASE_URL), loads a small GENERATED sample
// into every collection register that was never published (labelled as sample data in every answer;
// VOORBEELDDATA=uit skips it), then serves on PORT (3000).
//
// First, before anything slow: the port must be free and the data directory usable (and not held by another
// process). Either failing is one line naming PORT or PGLITE_DIR and exit code 1, in about a second
// (scripts/startcontrole.mjs).
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { acquirePgliteLock, isPostgresUrl, resolvePgliteDir } from '../lib/db/pglite.mjs';
import { buildIsCurrent } from './build-actueel.mjs';
import { controleerDataMap, databaseMelding, eisVrijePoort, stopMet } from './startcontrole.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
// MALLOC_MMAP_THRESHOLD_: glibc serves large buffers (the register imports' COPY batches) with mmap and
// gives them back, instead of keeping them in fragmented heaps (docs/configuratie.md; -150 MB peak RSS in
// the full LEI import).
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1', MALLOC_MMAP_THRESHOLD_: process.env.MALLOC_MMAP_THRESHOLD_ ?? '262144' };

const port = await eisVrijePoort('PORT', '3000');
const postgresUrl = isPostgresUrl(process.env.DATABASE_URL) ? process.env.DATABASE_URL : null;
const dataDir = postgresUrl ? null : resolvePgliteDir();
if (dataDir) {
  const melding = controleerDataMap(dataDir);
  if (melding) stopMet(melding);
  // Held by another live process (a running server or import)? Taken and given back at once, only to ask.
  try {
    acquirePgliteLock(dataDir)();
  } catch (err) {
    stopMet(databaseMelding(err, { dir: dataDir }));
  }
}

if (!buildIsCurrent()) {
  console.log('» next build (eerste start of gewijzigde bronbestanden) …');
  const r = spawnSync(process.execPath, [nextBin, 'build'], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// The collection registers (lib/registers/sample.ts SAMPLE_REGISTERS): read with the migration, so the
// sample loader (a tsx process) only starts when one of them was never published. With them: whether the
// distribution monitor has a version (a database from before the monitor gets its first one at start).
const REGISTERS = ['lei', 'charity', 'finreg', 'fsp'];
let published = new Set(REGISTERS);
let monitorVersies = 1;
const { deployMigrations } = await import('./db-migrate.mjs');
try {
  const r = await deployMigrations({
    after: (query) => query('SELECT register, (SELECT count(*)::int FROM dataset_versie) AS versies FROM register_versie'),
  });
  published = new Set(r.after.map((row) => row.register));
  monitorVersies = r.after[0]?.versies ?? 0;
} catch (err) {
  // A clear sentence, not a stack trace: e.g. the embedded database is held by another running server.
  stopMet(databaseMelding(err, { dir: dataDir, url: postgresUrl }));
}

// Before the server starts (the embedded database admits one process at a time): the first-start work
// (scripts/load-sample.ts) when a register was never published or the monitor has no version. It decides
// again under a database lock what is left to do, so replicas started together on one PostgreSQL database
// do it once (lib/db/once.mjs): the read above only saves starting a tsx process on every later start.
const sampleNeeded = process.env.VOORBEELDDATA !== 'uit' && REGISTERS.some((r) => !published.has(r));
if (sampleNeeded || (published.has('fsp') && monitorVersies === 0)) {
  const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const r = spawnSync(process.execPath, [tsx, path.join(root, 'scripts', 'load-sample.ts')], { cwd: root, env, stdio: 'inherit' });
  if (r.status !== 0) console.error(sampleNeeded ? '» verder zonder voorbeelddata (zie de melding hierboven)' : '» verder zonder herberekening (zie de melding hierboven)');
}

console.log(`» API en pagina's op http://localhost:${port} (database: ${postgresUrl ? 'PostgreSQL' : `ingebed, ${path.relative(root, dataDir) || dataDir}`})`);
// scripts/serve.mjs: next's request handler behind a server that sets X-Forwarded-For from the connection.
const child = spawn(process.execPath, [path.join(root, 'scripts', 'serve.mjs'), '-p', String(port)], { cwd: root, env, stdio: 'inherit' });
for (const sig of ['SIGINT', 'SIGTERM']) process.on(sig, () => child.kill(sig));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
