#!/usr/bin/env node
// A private, throwaway PostgreSQL cluster for tests (never the system cluster).
//
//   node scripts/pg-cluster.mjs start [--port 5433] [--dir D]   prints the postgres:// URL
//   node scripts/pg-cluster.mjs stop  [--port 5433] [--dir D]
//
// Needs the PostgreSQL server binaries (Debian: apt-get install -y postgresql). As root the cluster
// runs as the `postgres` user (initdb refuses root), so its directory is chowned to that user.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from './free-port.mjs';

const DB_NAME = 'nlods';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function findBin(name) {
  for (const d of (process.env.PATH ?? '').split(path.delimiter)) {
    if (d && fs.existsSync(path.join(d, name))) return path.join(d, name);
  }
  const base = '/usr/lib/postgresql';
  if (fs.existsSync(base)) {
    const versions = fs.readdirSync(base).sort((a, b) => Number(b) - Number(a));
    for (const v of versions) if (fs.existsSync(path.join(base, v, 'bin', name))) return path.join(base, v, 'bin', name);
  }
  return null;
}

/** Paths of initdb and pg_ctl; throws with the install command when PostgreSQL is missing. */
export function postgresBinaries() {
  const initdb = findBin('initdb');
  const pgCtl = findBin('pg_ctl');
  if (!initdb || !pgCtl) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl) not found. Install them with: apt-get install -y postgresql',
    );
  }
  return { initdb, pgCtl };
}

// Runs a PostgreSQL tool, as the postgres user when we are root; `env` adds to the environment (the server
// started by `pg_ctl start` inherits it, e.g. a shifted clock for the tests).
function run(bin, args, cwd, env = {}) {
  const [cmd, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  try {
    return execFileSync(cmd, argv, { cwd, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: withoutFaketimeShared({ ...process.env, ...env }) });
  } catch (e) {
    throw new Error(`${path.basename(bin)} ${args[0] ?? ''} failed: ${(e.stderr || e.stdout || e.message).trim()}`);
  }
}

/**
 * The environment without FAKETIME_SHARED. libfaketime in this process (a test run under `--klok`) names its
 * shared semaphore and memory there, owned by root; a PostgreSQL tool run as the postgres user that inherits
 * it cannot open them ("sem_open failed ... Permission denied": initdb fails). Without it, the tool's own
 * libfaketime keeps the same shifted clock (LD_PRELOAD and FAKETIME stay) on state of its own.
 */
export function withoutFaketimeShared(environment) {
  const e = { ...environment };
  delete e.FAKETIME_SHARED;
  if (isRoot && e.LD_PRELOAD?.includes('faketime')) removeStaleFaketimeState();
  return e;
}

/**
 * libfaketime names its state after the pid of the process that creates it (/dev/shm/sem.faketime_sem_<pid>,
 * faketime_shm_<pid>, mode 0600) and leaves it behind when that process is killed. A tool run as the postgres
 * user whose pid matches such a leftover of root cannot create its own ("recreation attempts failed"), so the
 * leftovers of processes that are gone are removed first.
 */
function removeStaleFaketimeState(dir = '/dev/shm') {
  let names = [];
  try {
    names = fs.readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const m = /^(?:sem\.faketime_sem|faketime_shm)_(\d+)$/.exec(name);
    if (m && !alive(Number(m[1]))) fs.rmSync(path.join(dir, name), { force: true });
  }
}

function chownToPostgres(dir) {
  if (!isRoot) return;
  execFileSync('chown', ['-R', 'postgres:postgres', dir]);
  fs.chmodSync(dir, 0o700);
}

function postmasterPid(dir) {
  try {
    return Number(fs.readFileSync(path.join(dir, 'postmaster.pid'), 'utf8').split('\n')[0]) || null;
  } catch {
    return null;
  }
}

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return e.code === 'EPERM';
  }
}

/** Stops the cluster in `dir` and waits until its postmaster is really gone. */
export async function stopCluster(dir) {
  const pid = postmasterPid(dir);
  if (!pid) return;
  const { pgCtl } = postgresBinaries();
  try {
    run(pgCtl, ['stop', '-D', dir, '-m', 'fast', '-w', '-t', '30'], dir);
  } catch {
    /* checked below */
  }
  for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  if (alive(pid)) {
    process.kill(pid, 'SIGKILL');
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * Starts a private cluster on 127.0.0.1 (port 0 = any free port); returns its URL and stop(). `env` is added
 * to the server's environment (scripts/test-all.mjs passes libfaketime's variables for a shifted clock).
 */
export async function startCluster({ port = 5433, dir, fast = true, env = {} } = {}) {
  const { initdb, pgCtl } = postgresBinaries();
  const temporary = !dir;
  dir = dir ? path.resolve(dir) : fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-pg-'));
  if (!port) port = await freePort();
  fs.mkdirSync(dir, { recursive: true });
  chownToPostgres(dir);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) {
    run(initdb, ['-D', dir, '--auth=trust', '-U', 'postgres', '-E', 'UTF8', '--no-locale'], dir);
  }
  if (postmasterPid(dir) && alive(postmasterPid(dir))) await stopCluster(dir);
  // -k: the Unix socket lives in the cluster dir; -l: server output to a file (not our pipes).
  const opts = [`-p ${port}`, '-c listen_addresses=127.0.0.1', `-k ${dir}`];
  if (fast) opts.push('-c fsync=off', '-c synchronous_commit=off', '-c full_page_writes=off');
  run(pgCtl, ['start', '-D', dir, '-o', opts.join(' '), '-l', path.join(dir, 'server.log'), '-w', '-t', '60'], dir, env);

  const url = `postgresql://postgres@127.0.0.1:${port}/${DB_NAME}`;
  try {
    const pg = (await import('pg')).default;
    const admin = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres' });
    await admin.connect();
    try {
      const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [DB_NAME]);
      if (!rowCount) await admin.query(`CREATE DATABASE ${DB_NAME}`);
    } finally {
      await admin.end();
    }
  } catch (e) {
    await stopCluster(dir);
    throw e;
  }
  let stopped;
  const stop = () =>
    (stopped ??= (async () => {
      await stopCluster(dir);
      if (temporary) fs.rmSync(dir, { recursive: true, force: true });
    })());
  return { url, port, dir, stop };
}

async function main(argv) {
  const [cmd] = argv;
  const opt = (name) => {
    const i = argv.indexOf(name);
    return i >= 0 ? argv[i + 1] : undefined;
  };
  const port = Number(opt('--port') ?? 5433);
  const dir = path.resolve(opt('--dir') ?? path.join(os.tmpdir(), `nlods-pg-${port}`));
  if (cmd === 'start') {
    const { url } = await startCluster({ port, dir });
    console.log(url);
  } else if (cmd === 'stop') {
    await stopCluster(dir);
    console.log(`pg-cluster: stopped ${dir}`);
  } else {
    console.error('usage: node scripts/pg-cluster.mjs start|stop [--port N] [--dir D]');
    process.exitCode = 2;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href) {
  main(process.argv.slice(2)).catch((e) => {
    console.error(`pg-cluster: ${e.message}`);
    process.exit(1);
  });
}
