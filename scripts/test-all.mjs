#!/usr/bin/env node
// The ONE test command (`npm test`, and `.ci/run` in CI). It runs every suite and ends with one plain line
//
//     N passed, N failed, N skipped
//
// summed over all suites, and exits non-zero on any failure or when any suite could not run.
//
// Usage:
//   node scripts/test-all.mjs                      everything (what CI runs)
//   node scripts/test-all.mjs --only unit          one suite: unit | integration | e2e
//   node scripts/test-all.mjs --only unit,e2e      several (or repeat --only)
//   node scripts/test-all.mjs --no-build           reuse the existing .next build (developers)
//   node scripts/test-all.mjs --no-install         never run apt-get or npm ci; report what is missing
//   node scripts/test-all.mjs --klok +365d,-365d   the chosen suites once per clock (see Clocks below)
//
// Steps, in order:
//   1. system packages the suites need (Debian): chromium (e2e), postgresql (integration on PostgreSQL),
//      poppler-utils (pdfinfo/pdftoppm, integration), faketime (libfaketime: suites on a shifted clock). Missing
//      ones are installed with apt-get when running as root with apt-get available (one `apt-get update`, then
//      `apt-get install -y --no-install-recommends`);
//      otherwise the suites that need them are reported as not run (and counted as failed).
//   2. node_modules: `npm ci` (or `npm install` without a lock file) when it is missing.
//   3. `next build` (integration and e2e run against the built app).
//   4. unit: vitest with vitest.config.ts.
//   5. integration twice: vitest with vitest.integration.config.ts, first on the embedded database
//      (DB_BACKEND=pglite), then on a private PostgreSQL cluster (scripts/pg-cluster.mjs; DB_BACKEND=postgresql,
//      DATABASE_URL=<its url>); the cluster is stopped afterwards whatever happens.
//   6. e2e: Playwright (playwright.config.ts) with Debian's Chromium.
//
// Clocks: no test may depend on today's date, so suites can also run with the system clock shifted: every
// process of the suite (test runner, servers, Chromium, the PostgreSQL cluster) gets libfaketime (Debian's
// faketime package) with FAKETIME=<shift>, e.g. +365d or -365d ('nu' is the real clock). Without --klok every
// suite runs three times: on the real clock, a year ahead and a year back (what CI runs). With --klok the
// chosen suites run once per clock listed.
//
// Counting: vitest and Playwright each write a JSON report, from which passed/failed/skipped are read. A suite
// that fails without a failed test in its report (crash, failed import, web server that does not start,
// non-zero exit) counts at least 1 failure; a suite that could not run at all (missing config, missing
// system package, failed build) counts 1 failure. Reports are kept in $TMPDIR/nl-open-data-tests-*/.
//
// Environment: TEST_SUITE_TIMEOUT_MS (per suite and for the build; default 1800000 = 30 min),
// CHROMIUM_PATH (default /usr/bin/chromium).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SUITES = ['unit', 'integration', 'e2e'];
const SUITE_TIMEOUT_MS = Number(process.env.TEST_SUITE_TIMEOUT_MS) > 0 ? Number(process.env.TEST_SUITE_TIMEOUT_MS) : 30 * 60_000;
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

/** Parses the command line; exits with usage on anything unknown. */
function parseArgs(argv) {
  const opts = { only: new Set(), build: true, install: true, klokken: null };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--only' || arg.startsWith('--only=')) {
      const value = arg === '--only' ? argv[++i] : arg.slice('--only='.length);
      for (const name of String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
        if (!SUITES.includes(name)) usage(`unknown suite "${name}"`);
        opts.only.add(name);
      }
      if (!value) usage('--only needs a suite name');
    } else if (arg === '--klok' || arg.startsWith('--klok=')) {
      const value = arg === '--klok' ? argv[++i] : arg.slice('--klok='.length);
      const klokken = String(value ?? '').split(',').map((s) => s.trim()).filter(Boolean);
      for (const k of klokken) if (!KLOK.test(k)) usage(`--klok "${k}": use nu or a shift such as +365d, -365d, +12h`);
      if (!klokken.length) usage('--klok needs a clock (nu, +365d, -365d, ...)');
      opts.klokken = [...new Set([...(opts.klokken ?? []), ...klokken])]; // repeated --klok adds up, like --only
    } else if (arg === '--no-build') opts.build = false;
    else if (arg === '--no-install') opts.install = false;
    else if (arg === '-h' || arg === '--help') usage();
    else usage(`unknown argument "${arg}"`);
  }
  if (opts.only.size === 0) SUITES.forEach((s) => opts.only.add(s));
  return opts;
}

/** A clock: 'nu' (the real one) or a libfaketime shift: sign, number, optional unit (s, m, h, d, y). */
const KLOK = /^(nu|[+-]\d+[smhdy]?)$/;
/** The clocks each suite runs on without --klok. */
const STANDAARD_KLOKKEN = { unit: ['nu', '+365d', '-365d'], integration: ['nu', '+365d', '-365d'], e2e: ['nu', '+365d', '-365d'] };

/** The clocks suite `suite` runs on. */
function klokkenVoor(opts, suite) {
  return opts.klokken ?? STANDAARD_KLOKKEN[suite];
}

/** A suite's name with its clock, e.g. "e2e (chromium, klok +365d)". */
function metKlok(name, klok) {
  return klok === 'nu' ? name : name.replace(/\)$/, `, klok ${klok})`).replace(/^([^(]*)$/, `$1 (klok ${klok})`);
}

/** libfaketime's multi-threaded library (Debian: /usr/lib/<triplet>/faketime/), or null. */
function faketimeBibliotheek() {
  for (const base of ['/usr/lib', '/usr/local/lib', '/lib']) {
    let entries = [];
    try {
      entries = fs.readdirSync(base);
    } catch {
      continue;
    }
    for (const dir of ['', ...entries]) {
      const file = path.join(base, dir, 'faketime', 'libfaketimeMT.so.1');
      if (fs.existsSync(file)) return file;
    }
  }
  return null;
}

/**
 * The environment that shifts the clock of a process and all its children ({} for the real clock). The
 * monotonic clock is shifted too: Chromium hangs when only the wall clock moves.
 */
function klokEnv(klok) {
  if (klok === 'nu') return {};
  const lib = faketimeBibliotheek();
  if (!lib) throw new Error('libfaketime not found (apt-get install faketime)');
  return { LD_PRELOAD: [lib, process.env.LD_PRELOAD].filter(Boolean).join(':'), FAKETIME: klok };
}

const KLOK_EENHEID_MS = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000, y: 365 * 86_400_000 };

/**
 * Null when a process started with klokEnv(klok) really sees the shifted time, else why not. A preload
 * library that cannot be loaded only makes the loader warn: without this check the suite would run on the
 * real clock under the shifted clock's name.
 */
function klokFout(klok) {
  if (klok === 'nu') return null;
  let env;
  try {
    env = { ...process.env, ...klokEnv(klok) };
  } catch (error) {
    return error.message;
  }
  const [, teken, getal, eenheid = 's'] = /^([+-])(\d+)([smhdy]?)$/.exec(klok);
  const verwacht = (teken === '-' ? -1 : 1) * Number(getal) * KLOK_EENHEID_MS[eenheid];
  const r = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(Date.now()))'], { env, encoding: 'utf8', timeout: 30_000 });
  const gezien = Number(r.stdout) - Date.now();
  if (r.status !== 0 || !Number.isFinite(gezien)) return `a process on the shifted clock did not start (${String(r.stderr || r.error?.message || '').split('\n')[0]})`;
  if (Math.abs(gezien - verwacht) > 3_600_000) return `the clock moved ${Math.round(gezien / 3_600_000)} h instead of ${Math.round(verwacht / 3_600_000)} h`;
  return null;
}

function usage(error) {
  if (error) console.error(`test-all: ${error}`);
  console.error('usage: node scripts/test-all.mjs [--only unit|integration|e2e[,...]] [--klok nu|+365d|-365d[,...]] [--no-build] [--no-install]');
  process.exit(error ? 2 : 0);
}

// ---------------------------------------------------------------------------------------------------------
// Results

/** One line of the summary. kind 'step' lines (setup, build) carry no test counts unless they failed. */
const results = [];
const REPORT_PREFIX = 'nl-open-data-tests-';
removeOldReports();
const reportDir = fs.mkdtempSync(path.join(os.tmpdir(), REPORT_PREFIX));
let currentChild = null;
const cleanups = [];

/** Deletes report directories of earlier runs that are more than a day old. */
function removeOldReports() {
  try {
    for (const name of fs.readdirSync(os.tmpdir())) {
      if (!name.startsWith(REPORT_PREFIX)) continue;
      const dir = path.join(os.tmpdir(), name);
      if (Date.now() - fs.statSync(dir).mtimeMs > 24 * 3600_000) fs.rmSync(dir, { recursive: true, force: true });
    }
  } catch {
    // best effort
  }
}

function record(result) {
  results.push({ passed: 0, failed: 0, skipped: 0, note: '', ms: 0, ...result });
}

function banner(text) {
  console.log(`\n━━━ ${text} ${'━'.repeat(Math.max(3, 96 - text.length))}`);
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

// ---------------------------------------------------------------------------------------------------------
// Processes

/**
 * Runs a command in its own process group with stdin closed and its output piped to the console. Waits
 * until the output pipes close too (worker processes of the command may still be writing when it exits),
 * at most 10 s after the exit; then stops what is left of the group. Resolves with
 * { code, signal, timedOut, ms }; never rejects (a spawn error becomes a non-zero code).
 */
function run(cmd, args, { env = {}, timeoutMs = SUITE_TIMEOUT_MS, cwd = root } = {}) {
  const started = Date.now();
  const colour = process.stdout.isTTY && !process.env.NO_COLOR ? { FORCE_COLOR: process.env.FORCE_COLOR ?? '1' } : {};
  return new Promise((resolve) => {
    if (finishing) {
      resolve({ code: 130, signal: null, timedOut: false, ms: 0 }); // interrupted: start nothing new
      return;
    }
    let child;
    try {
      child = spawn(cmd, args, {
        cwd,
        env: { ...process.env, ...colour, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      console.error(`test-all: cannot start ${cmd}: ${error.message}`);
      resolve({ code: 127, signal: null, timedOut: false, ms: Date.now() - started });
      return;
    }
    currentChild = child;
    child.stdout.pipe(process.stdout, { end: false });
    child.stderr.pipe(process.stderr, { end: false });
    let timedOut = false;
    let exit = null;
    let graceTimer = null;
    const timer = setTimeout(() => {
      timedOut = true;
      console.error(`test-all: ${cmd} ${args.join(' ')} ran longer than ${seconds(timeoutMs)}; stopping it`);
      killGroup(child);
    }, timeoutMs);
    let settled = false;
    const done = (code, signal) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      clearTimeout(graceTimer);
      if (currentChild === child) currentChild = null;
      resolve({ code: code ?? (signal ? 128 : 127), signal, timedOut, ms: Date.now() - started });
    };
    child.on('error', (error) => {
      console.error(`test-all: cannot start ${cmd}: ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      exit = { code, signal };
      graceTimer = setTimeout(() => {
        console.error(`test-all: processes left behind by ${path.basename(cmd)} still hold its output; stopping them`);
        killGroup(child);
        child.stdout.destroy();
        child.stderr.destroy();
        done(code, signal);
      }, 10_000);
    });
    child.on('close', (code, signal) => done(exit?.code ?? code, exit?.signal ?? signal));
  });
}

/** Stops a child's whole process group: SIGTERM, then SIGKILL after 10 s. */
function killGroup(child) {
  if (!child?.pid) return;
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    return;
  }
  setTimeout(() => {
    try {
      process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }, 10_000).unref();
}

/** A binary from node_modules/.bin (the project's pinned version; no npx lookup, no prompt). */
function bin(name) {
  return path.join(root, 'node_modules', '.bin', name);
}

function commandExists(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------------
// 1. System packages

/** The Debian packages each suite needs, with how to tell that they are present. */
const systemPackages = [
  {
    pkg: 'chromium',
    suites: ['e2e'],
    present: () => fs.existsSync(CHROMIUM),
    what: `${CHROMIUM} (browser tests)`,
  },
  {
    pkg: 'postgresql',
    // The e2e alert test runs two server processes on one PostgreSQL database.
    suites: ['integration (postgresql)', 'e2e'],
    present: () =>
      commandExists('initdb') ||
      (fs.existsSync('/usr/lib/postgresql') &&
        fs.readdirSync('/usr/lib/postgresql').some((v) => fs.existsSync(`/usr/lib/postgresql/${v}/bin/initdb`))),
    what: 'initdb/pg_ctl (integration suite on PostgreSQL, e2e alert test)',
  },
  {
    pkg: 'faketime',
    // Only suites on a shifted clock need it (see Clocks above).
    suites: ['klok'],
    present: () => faketimeBibliotheek() !== null,
    what: 'libfaketime (the suites on a shifted clock: a year ahead and a year back)',
  },
  {
    pkg: 'poppler-utils',
    suites: ['integration (pglite)', 'integration (postgresql)'],
    present: () => commandExists('pdfinfo') && commandExists('pdftoppm'),
    what: 'pdfinfo/pdftoppm (PDF checks of the integration suite)',
  },
];

/** Suite name -> reason it cannot run, for packages that are still missing after this step. */
const missingFor = new Map();

/** Installs missing Debian packages when allowed and possible; records what stays missing. */
async function ensureSystemPackages(opts) {
  const wantedSuites = new Set();
  if (opts.only.has('integration')) ['integration (pglite)', 'integration (postgresql)'].forEach((s) => wantedSuites.add(s));
  if (opts.only.has('e2e')) wantedSuites.add('e2e');
  if ([...opts.only].some((suite) => klokkenVoor(opts, suite).some((k) => k !== 'nu'))) wantedSuites.add('klok');
  const needed = systemPackages.filter((p) => p.suites.some((s) => wantedSuites.has(s)));
  let missing = needed.filter((p) => !p.present());
  const toInstall = missing.map((p) => p.pkg);
  const started = Date.now();
  if (missing.length === 0) {
    record({ name: 'system packages', kind: 'step', status: 'ok', note: needed.length ? needed.map((p) => p.pkg).join(', ') + ' present' : 'none needed', ms: 0 });
    return;
  }
  banner(`System packages: ${missing.map((p) => p.pkg).join(' ')} missing`);
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const canApt = isRoot && commandExists('apt-get') && opts.install;
  if (canApt) {
    const env = { DEBIAN_FRONTEND: 'noninteractive' };
    const update = await run('apt-get', ['update'], { env, timeoutMs: 10 * 60_000 });
    if (update.code !== 0) console.error('test-all: apt-get update failed; trying the install anyway');
    await run('apt-get', ['install', '-y', '--no-install-recommends', ...missing.map((p) => p.pkg)], { env, timeoutMs: 20 * 60_000 });
    missing = missing.filter((p) => !p.present());
  } else {
    const why = !opts.install ? '--no-install given' : !isRoot ? 'not running as root' : 'apt-get not available';
    console.error(`test-all: cannot install system packages (${why}).`);
  }
  if (missing.length === 0) {
    record({ name: 'system packages', kind: 'step', status: 'ok', note: `installed ${toInstall.join(', ')}`, ms: Date.now() - started });
    return;
  }
  console.error(`test-all: please install: sudo apt-get install -y --no-install-recommends ${missing.map((p) => p.pkg).join(' ')}`);
  for (const p of missing) {
    console.error(`test-all:   ${p.pkg}: provides ${p.what}`);
    for (const suite of p.suites) {
      const prev = missingFor.get(suite);
      missingFor.set(suite, prev ? `${prev}, ${p.pkg}` : p.pkg);
    }
  }
  record({ name: 'system packages', kind: 'step', status: 'warn', note: `missing: ${missing.map((p) => p.pkg).join(', ')}`, ms: Date.now() - started });
}

// ---------------------------------------------------------------------------------------------------------
// 2. Node dependencies

async function ensureNodeModules(opts) {
  const needed = ['next', 'vitest', 'playwright'];
  const missing = needed.filter((name) => !fs.existsSync(bin(name)));
  if (missing.length === 0) {
    record({ name: 'node_modules', kind: 'step', status: 'ok', note: 'present' });
    return true;
  }
  if (!opts.install) {
    record({ name: 'node_modules', kind: 'step', status: 'failed', failed: 1, note: `missing ${missing.join(', ')} (--no-install given): run npm ci` });
    return false;
  }
  const lock = fs.existsSync(path.join(root, 'package-lock.json'));
  banner(lock ? 'npm ci' : 'npm install');
  const r = await run('npm', lock ? ['ci'] : ['install'], {
    env: { PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' },
    timeoutMs: 20 * 60_000,
  });
  const ok = r.code === 0 && needed.every((name) => fs.existsSync(bin(name)));
  record({ name: 'node_modules', kind: 'step', status: ok ? 'ok' : 'failed', failed: ok ? 0 : 1, note: ok ? (lock ? 'npm ci' : 'npm install') : `npm ${lock ? 'ci' : 'install'} failed (exit ${r.code})`, ms: r.ms });
  return ok;
}

// ---------------------------------------------------------------------------------------------------------
// 3. Build

async function build(opts) {
  if (!opts.build) {
    const present = fs.existsSync(path.join(root, '.next', 'BUILD_ID'));
    record({ name: 'next build', kind: 'step', status: present ? 'ok' : 'failed', failed: present ? 0 : 1, note: present ? 'skipped (--no-build): using the existing .next' : '--no-build given but there is no .next build' });
    return present;
  }
  banner('next build');
  const r = await run(bin('next'), ['build'], { env: { NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1' } });
  const ok = r.code === 0;
  record({ name: 'next build', kind: 'step', status: ok ? 'ok' : 'failed', failed: ok ? 0 : 1, note: ok ? '' : r.timedOut ? 'timed out' : `exit ${r.code}`, ms: r.ms });
  return ok;
}

// ---------------------------------------------------------------------------------------------------------
// 4./5. Vitest suites

/** Counts from a vitest JSON report; a crash or non-zero exit without failed tests still counts 1 failure. */
function countVitest(report, r) {
  if (!report) {
    return { passed: 0, failed: 1, skipped: 0, note: r.timedOut ? 'timed out before reporting' : `no JSON report (exit ${r.code})` };
  }
  const passed = report.numPassedTests ?? 0;
  let failed = report.numFailedTests ?? 0;
  const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  const notes = [];
  // A test file that fails to load has no failed test in it: count the file.
  const brokenFiles = (report.testResults ?? []).filter(
    (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed'),
  );
  if (brokenFiles.length) {
    failed += brokenFiles.length;
    notes.push(`${brokenFiles.length} test file(s) failed outside a test: ${brokenFiles.map((f) => path.relative(root, f.name)).join(', ')}`);
  }
  if ((report.numTotalTests ?? 0) === 0 && brokenFiles.length === 0) notes.push('no tests found');
  if (r.timedOut) notes.push('timed out');
  if (r.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exit ${r.code} without a failed test (unhandled error or no tests?)`);
  }
  const failures = [];
  for (const file of report.testResults ?? []) {
    for (const a of file.assertionResults ?? []) {
      if (a.status !== 'failed') continue;
      failures.push(`${path.relative(root, file.name)} › ${a.fullName ?? a.title}: ${firstLine(a.failureMessages?.[0])}`);
    }
  }
  return { passed, failed, skipped, note: notes.join('; '), failures };
}

/** The first non-empty line of an error message, without terminal colours, at most 200 characters. */
function firstLine(message) {
  const line = String(message ?? '')
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim())
    .find(Boolean);
  return (line ?? '(no message)').slice(0, 200);
}

/** Runs vitest with one config and records its counts under `name`. */
async function runVitest(name, config, env = {}) {
  const file = path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  fs.rmSync(file, { force: true });
  banner(`${name}: vitest run -c ${config}`);
  const r = await run(
    bin('vitest'),
    ['run', '--config', config, '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    // A larger heap for vitest's main process: with the whole unit suite it ran out of the default 4 GB while
    // writing the JSON report after every test had passed (CI of 2026-11-28).
    { env: { NEXT_TELEMETRY_DISABLED: '1', CHECKPOINT_DISABLE: '1', VITE_CONFIG_NATIVE_IGNORE_WARNING: 'true', NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --max-old-space-size=12288`.trim(), ...env } },
  );
  const counts = countVitest(readJson(file), r);
  record({ name, kind: 'suite', status: counts.failed ? 'failed' : 'ok', ...counts, ms: r.ms });
}

/** Records suite `name` as not run when its clock cannot be shifted here; true when it can run. */
function klokKlaar(name, klok) {
  if (klok === 'nu') return true;
  const waarom = missingFor.has('klok') ? `missing system package ${missingFor.get('klok')}` : klokFout(klok);
  if (!waarom) return true;
  console.error(`test-all: ${name} NOT RUN: ${waarom}`);
  record({ name, kind: 'suite', status: 'not-run', failed: 1, note: `clock not shifted: ${waarom}` });
  return false;
}

async function unitSuite(opts) {
  for (const klok of klokkenVoor(opts, 'unit')) {
    const name = metKlok('unit', klok);
    if (klokKlaar(name, klok)) await runVitest(name, 'vitest.config.ts', klokEnv(klok));
  }
}

const INTEGRATION_CONFIG = 'vitest.integration.config.ts';

async function integrationSuites(opts, buildOk) {
  for (const klok of klokkenVoor(opts, 'integration')) await integrationOpKlok(buildOk, klok);
}

async function integrationOpKlok(buildOk, klok) {
  const names = ['integration (pglite)', 'integration (postgresql)'].map((n) => metKlok(n, klok));
  const backends = ['integration (pglite)', 'integration (postgresql)'];
  if (!names.map((n) => klokKlaar(n, klok)).every(Boolean)) return;
  const klokVars = klokEnv(klok);
  if (!fs.existsSync(path.join(root, INTEGRATION_CONFIG))) {
    console.error(`\ntest-all: WARNING ${INTEGRATION_CONFIG} does not exist: the integration suite is NOT RUN (counted as failed).`);
    for (const name of names) record({ name, kind: 'suite', status: 'not-run', failed: 1, note: `${INTEGRATION_CONFIG} missing` });
    return;
  }
  if (!buildOk) {
    for (const name of names) record({ name, kind: 'suite', status: 'not-run', failed: 1, note: 'no build' });
    return;
  }

  // On the embedded database: never a server URL from the caller's environment.
  if (missingFor.has(backends[0])) {
    record({ name: names[0], kind: 'suite', status: 'not-run', failed: 1, note: `missing system package ${missingFor.get(backends[0])}` });
  } else {
    const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nl-open-data-it-pglite-'));
    cleanups.push(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
    await runVitest(names[0], INTEGRATION_CONFIG, { DB_BACKEND: 'pglite', DATABASE_URL: '', PGLITE_DIR: pgliteDir, ...klokVars });
  }

  // On a private PostgreSQL cluster (on the same clock), stopped whatever happens.
  if (missingFor.has(backends[1])) {
    record({ name: names[1], kind: 'suite', status: 'not-run', failed: 1, note: `missing system package ${missingFor.get(backends[1])}` });
    return;
  }
  await withPostgresCluster(names[1], klokVars, async (url) => {
    await runVitest(names[1], INTEGRATION_CONFIG, { DB_BACKEND: 'postgresql', DATABASE_URL: url, ...klokVars });
  });
}

/** Starts a private cluster with scripts/pg-cluster.mjs (its server processes get `env`), runs `fn(url)`, and always stops the cluster. */
async function withPostgresCluster(name, env, fn) {
  const started = Date.now();
  let cluster;
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'nl-open-data-pg-'));
  fs.chmodSync(base, 0o755); // the postgres user must reach the data directory below it
  try {
    banner(`${name}: starting a private PostgreSQL cluster`);
    const mod = await import(pathToFileURL(path.join(root, 'scripts', 'pg-cluster.mjs')).href);
    if (typeof mod.startCluster !== 'function') throw new Error('scripts/pg-cluster.mjs does not export startCluster');
    const port = await freePort();
    cluster = await mod.startCluster({ port, dir: path.join(base, 'data'), env });
    if (!cluster?.url) throw new Error('startCluster returned no url');
    console.log(`test-all: PostgreSQL cluster on port ${port} (${path.join(base, 'data')})`);
    cleanups.push(() => stopCluster(cluster));
  } catch (error) {
    console.error(`test-all: could not start a PostgreSQL cluster: ${error?.stack ?? error}`);
    record({ name, kind: 'suite', status: 'not-run', failed: 1, note: `PostgreSQL cluster did not start (${String(error?.message ?? error).split('\n')[0]})`, ms: Date.now() - started });
    await stopCluster(cluster);
    fs.rmSync(base, { recursive: true, force: true });
    return;
  }
  try {
    await fn(cluster.url);
  } finally {
    await stopCluster(cluster);
    fs.rmSync(base, { recursive: true, force: true });
  }
}

/** Stops a cluster once, waiting at most 60 s. */
async function stopCluster(cluster) {
  if (!cluster || cluster.stopped) return;
  cluster.stopped = true;
  try {
    await Promise.race([
      Promise.resolve(cluster.stop?.()),
      new Promise((_, reject) => setTimeout(() => reject(new Error('stop() took longer than 60 s')), 60_000).unref()),
    ]);
    console.log('test-all: PostgreSQL cluster stopped');
  } catch (error) {
    console.error(`test-all: stopping the PostgreSQL cluster failed: ${error?.message ?? error}`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// 6. Playwright

/** Counts from a Playwright JSON report; errors outside tests (web server, config) count as failures. */
function countPlaywright(report, r) {
  if (!report?.stats) {
    return { passed: 0, failed: 1, skipped: 0, note: r.timedOut ? 'timed out before reporting' : `no JSON report (exit ${r.code})` };
  }
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  const notes = [];
  let failed = unexpected;
  const errors = report.errors ?? [];
  if (errors.length) {
    failed += errors.length;
    notes.push(`${errors.length} error(s) outside tests: ${errors.map((e) => String(e.message ?? '').split('\n')[0]).join(' | ').slice(0, 300)}`);
  }
  if (flaky) notes.push(`${flaky} flaky (passed on retry)`);
  if (expected + unexpected + flaky + skipped === 0 && errors.length === 0) notes.push('no tests found');
  if (r.timedOut) notes.push('timed out');
  if (r.code !== 0 && failed === 0) {
    failed = 1;
    notes.push(`exit ${r.code} without a failed test`);
  }
  return { passed: expected + flaky, failed, skipped, note: notes.join('; '), failures: playwrightFailures(report.suites ?? []), flaky: playwrightFlaky(report.suites ?? []) };
}

/** Every spec of a Playwright report, depth first. */
function playwrightSpecs(suites) {
  return suites.flatMap((suite) => [...(suite.specs ?? []), ...playwrightSpecs(suite.suites ?? [])]);
}

/** `file:line › title` of every test that failed first and passed on a retry (counted as passed, named). */
function playwrightFlaky(suites) {
  return playwrightSpecs(suites)
    .filter((spec) => (spec.tests ?? []).some((t) => t.status === 'flaky'))
    .map((spec) => {
      const error = (spec.tests ?? []).flatMap((t) => t.results ?? []).map((res) => res.error?.message).find(Boolean);
      return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
    });
}

/** `file:line › title: first error line` for every test of a Playwright report that did not end as expected. */
function playwrightFailures(suites) {
  return playwrightSpecs(suites)
    .filter((spec) => spec.ok === false)
    .map((spec) => {
      const results = (spec.tests ?? []).flatMap((t) => t.results ?? []);
      const error = results.map((res) => res.error?.message ?? res.errors?.[0]?.message).find(Boolean);
      return `${spec.file}:${spec.line} › ${spec.title}: ${firstLine(error)}`;
    });
}

async function e2eSuite(opts, buildOk) {
  for (const klok of klokkenVoor(opts, 'e2e')) await e2eOpKlok(buildOk, klok);
}

async function e2eOpKlok(buildOk, klok) {
  const name = metKlok('e2e (chromium)', klok);
  if (!klokKlaar(name, klok)) return;
  if (missingFor.has('e2e')) {
    record({ name, kind: 'suite', status: 'not-run', failed: 1, note: `missing system package ${missingFor.get('e2e')}` });
    return;
  }
  if (!buildOk) {
    record({ name, kind: 'suite', status: 'not-run', failed: 1, note: 'no build' });
    return;
  }
  const file = path.join(reportDir, `${name.replace(/[^a-z0-9]+/gi, '-')}.json`);
  const pgliteDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nl-open-data-e2e-'));
  cleanups.push(() => fs.rmSync(pgliteDir, { recursive: true, force: true }));
  const port = await freePort();
  banner(`${name}: playwright test (port ${port})`);
  // One retry: a test that fails and then passes is counted as passed but named under "Flaky" in the summary
  // (a shared CI machine can starve one test of CPU); a test that fails twice fails the run.
  const r = await run(bin('playwright'), ['test', '--reporter=list,json', '--retries=1'], {
    env: {
      PLAYWRIGHT_JSON_OUTPUT_FILE: file,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      E2E_PORT: String(port),
      E2E_PGLITE_DIR: pgliteDir,
      NEXT_TELEMETRY_DISABLED: '1',
      CHECKPOINT_DISABLE: '1',
      ...klokEnv(klok),
    },
  });
  const counts = countPlaywright(readJson(file), r);
  record({ name, kind: 'suite', status: counts.failed ? 'failed' : 'ok', ...counts, ms: r.ms });
}

// ---------------------------------------------------------------------------------------------------------
// Summary

/** Prints one line per step and suite, then the final `N passed, N failed, N skipped` line (always last). */
function printSummary(totalMs) {
  const width = Math.max(...results.map((r) => r.name.length), 10) + 2;
  const lines = ['', `━━━ Summary (${seconds(totalMs)}; reports in ${reportDir}) ${'━'.repeat(20)}`];
  for (const r of results) {
    let text;
    if (r.kind === 'step') {
      text = r.status === 'failed' ? `FAILED (counted as ${r.failed} failed)` : r.status === 'warn' ? 'WARNING' : 'ok';
    } else if (r.status === 'not-run') {
      text = `NOT RUN (counted as ${r.failed} failed)`;
    } else {
      text = `${r.passed} passed, ${r.failed} failed, ${r.skipped} skipped`;
    }
    const time = r.ms ? `  [${seconds(r.ms)}]` : '';
    const note = r.note ? `  ${r.note}` : '';
    lines.push(`${r.name.padEnd(width)}${text}${time}${note}`);
  }
  // The failing tests by name, so that the last lines of a CI log say what failed (at most 20 per suite).
  for (const r of results) {
    if (!r.failures?.length) continue;
    lines.push('', `Failed in ${r.name}:`);
    for (const f of r.failures.slice(0, 20)) lines.push(`  ✘ ${f}`);
    if (r.failures.length > 20) lines.push(`  … and ${r.failures.length - 20} more (see the report)`);
  }
  for (const r of results) {
    if (!r.flaky?.length) continue;
    lines.push('', `Flaky in ${r.name} (failed, then passed on the retry; counted as passed, to be fixed):`);
    for (const f of r.flaky) lines.push(`  ~ ${f}`);
  }
  lines.push('');
  const sum = (key) => results.reduce((n, r) => n + (r[key] || 0), 0);
  lines.push(`${sum('passed')} passed, ${sum('failed')} failed, ${sum('skipped')} skipped`);
  process.stdout.write(lines.join('\n') + '\n');
  return sum('failed');
}

async function runCleanups() {
  while (cleanups.length) {
    const fn = cleanups.pop();
    try {
      await fn();
    } catch (error) {
      console.error(`test-all: cleanup failed: ${error?.message ?? error}`);
    }
  }
}

let finishing = false;
async function finish(startedAt, forcedCode) {
  if (finishing) return;
  finishing = true;
  await runCleanups();
  const failed = printSummary(Date.now() - startedAt);
  process.exit(forcedCode ?? (failed > 0 ? 1 : 0));
}

async function main() {
  const startedAt = Date.now();
  const opts = parseArgs(process.argv.slice(2));
  const onSignal = (signal) => {
    console.error(`\ntest-all: ${signal} received; stopping`);
    if (currentChild) killGroup(currentChild);
    record({ name: 'interrupted', kind: 'step', status: 'failed', failed: 1, note: signal });
    finish(startedAt, 130);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  console.log(`test-all: suites ${[...opts.only].map((suite) => `${suite} [klok ${klokkenVoor(opts, suite).join(', ')}]`).join(', ')}${opts.build ? '' : ' (no build)'}; reports in ${reportDir}`);
  try {
    const needsBuild = opts.only.has('integration') || opts.only.has('e2e');
    await ensureSystemPackages(opts);
    const depsOk = await ensureNodeModules(opts);
    if (!depsOk) {
      for (const s of opts.only) record({ name: s, kind: 'suite', status: 'not-run', failed: 1, note: 'node_modules missing' });
    } else {
      const buildOk = needsBuild ? await build(opts) : false;
      if (opts.only.has('unit')) await unitSuite(opts);
      if (opts.only.has('integration')) await integrationSuites(opts, buildOk);
      if (opts.only.has('e2e')) await e2eSuite(opts, buildOk);
    }
  } catch (error) {
    console.error(`test-all: internal error: ${error?.stack ?? error}`);
    record({ name: 'test-all', kind: 'step', status: 'failed', failed: 1, note: `internal error: ${error?.message ?? error}` });
  }
  await finish(startedAt);
}

main();
