import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE, PgliteLockedError, acquirePgliteLock, isPostgresUrl, resolvePgliteDir } from './pglite.mjs';

const dirs: string[] = [];
const tmp = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'nlods-lock-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const procStart = (pid: number) => {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
};
const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
const writeLock = (dir: string, holder: object) => fs.writeFileSync(path.join(dir, LOCK_FILE), JSON.stringify(holder));

describe('isPostgresUrl / resolvePgliteDir', () => {
  it('recognises only postgres:// and postgresql:// URLs', () => {
    expect(isPostgresUrl('postgres://u@h/db')).toBe(true);
    expect(isPostgresUrl('postgresql://u@h:5433/db?schema=x')).toBe(true);
    expect(isPostgresUrl('file:./dev.db')).toBe(false);
    expect(isPostgresUrl('')).toBe(false);
    expect(isPostgresUrl(undefined)).toBe(false);
  });

  it('defaults to ./data/pglite and honours PGLITE_DIR', () => {
    const saved = process.env.PGLITE_DIR;
    try {
      delete process.env.PGLITE_DIR;
      expect(resolvePgliteDir()).toBe(path.resolve('data', 'pglite'));
      process.env.PGLITE_DIR = '/tmp/x-pglite';
      expect(resolvePgliteDir()).toBe('/tmp/x-pglite');
      expect(resolvePgliteDir('rel')).toBe(path.resolve('rel'));
    } finally {
      if (saved === undefined) delete process.env.PGLITE_DIR;
      else process.env.PGLITE_DIR = saved;
    }
  });
});

describe('acquirePgliteLock', () => {
  it('writes pid and start time, and removes the lock on release', () => {
    const dir = tmp();
    const release = acquirePgliteLock(dir);
    const holder = JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8'));
    expect(holder.pid).toBe(process.pid);
    expect(typeof holder.gestart).toBe('string');
    release();
    expect(fs.existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    acquirePgliteLock(dir)(); // free again
  });

  it('refuses a second open in the same process', () => {
    const dir = tmp();
    const release = acquirePgliteLock(dir);
    try {
      expect(() => acquirePgliteLock(dir)).toThrow(/already held by this process/);
    } finally {
      release();
    }
  });

  it('refuses a directory held by another live process, naming its pid in Dutch and English', async () => {
    const dir = tmp();
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)'], { stdio: 'ignore' });
    try {
      await new Promise((r) => setTimeout(r, 100));
      writeLock(dir, { pid: child.pid, procStart: procStart(child.pid!), gestart: '2026-01-01T00:00:00.000Z' });
      let err: unknown;
      try {
        acquirePgliteLock(dir);
      } catch (e) {
        err = e;
      }
      expect(err).toBeInstanceOf(PgliteLockedError);
      const e = err as PgliteLockedError;
      expect(e.code).toBe('PGLITE_LOCKED');
      expect(e.pid).toBe(child.pid);
      expect(e.message).toContain(`al geopend door proces ${child.pid}`);
      expect(e.message).toContain(`already open in process ${child.pid}`);
      expect(e.message).toMatch(/PostgreSQL/);
      // The lock of the live process is left alone.
      expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(child.pid);
    } finally {
      child.kill('SIGKILL');
    }
  });

  it('takes over the lock of a dead process', () => {
    const dir = tmp();
    writeLock(dir, { pid: deadPid(), procStart: '1', gestart: '2026-01-01T00:00:00.000Z' });
    const release = acquirePgliteLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse)', () => {
    const dir = tmp();
    writeLock(dir, { pid: 1, procStart: 'not-the-start-of-pid-1', gestart: '2020-01-01T00:00:00.000Z' });
    const release = acquirePgliteLock(dir);
    expect(JSON.parse(fs.readFileSync(path.join(dir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    release();
  });

  it('takes over an unreadable lock file', () => {
    const dir = tmp();
    fs.writeFileSync(path.join(dir, LOCK_FILE), 'garbage');
    acquirePgliteLock(dir)();
  });
});
