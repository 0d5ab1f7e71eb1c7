// Access over real HTTP. Every answer carries the RateLimit headers. On PostgreSQL, the acceptance test of
// the shared limit: a key with a limit of 60 an hour (issued with the admin CLI beside the server), 200
// parallel requests spread over TWO server processes on the same database: exactly 60 get through.
// (The same exactness on PGlite, in one process as PGlite allows, is tested in lib/access/access.test.ts.)
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { api } from './http';

const root = path.resolve(__dirname, '../..');

async function tweedeServer(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, JOBS: 'uit', MONITOR_OPWARMEN: 'uit', LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`tweede server stopte met ${child.exitCode}`);
    try {
      if ((await fetch(`${url}/v1/openapi.json`)).ok) return { url, child };
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('tweede server antwoordde niet');
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('access over HTTP', () => {
  it('puts the RateLimit headers on every answer', async () => {
    for (const p of ['/v1/bronnen', '/v1/distributiemonitor', '/v1/distributiemonitor/relaties/zoeken?q=x']) {
      const r = await api(p);
      expect(r.headers.get('RateLimit-Limit'), p).toMatch(/^\d+$/);
      expect(r.headers.get('RateLimit-Remaining'), p).toMatch(/^\d+$/);
      expect(Number(r.headers.get('RateLimit-Reset')), p).toBeGreaterThan(0);
    }
  });

  it.runIf(inject('dbBackend') === 'postgresql')('lets exactly 60 of 200 parallel requests through, spread over two server processes', async () => {
    const cli = spawnSync(
      process.execPath,
      [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'scripts/sleutels.ts', 'uitgeven', 'enterprise', 'Gelijktijdig', 'gelijk@example.org', '--limiet', '60'],
      { cwd: root, encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'warn' }, timeout: 120_000 },
    );
    expect(cli.status, cli.stderr).toBe(0);
    const sleutel = /nlod_e_[a-z2-7]{40}/.exec(cli.stdout)?.[0];
    expect(sleutel).toBeTruthy();
    const tweede = await tweedeServer();
    try {
      const bases = [inject('appUrl'), tweede.url];
      const statussen = await Promise.all(
        Array.from({ length: 200 }, async (_, i) => {
          const r = await fetch(`${bases[i % 2]}/v1/distributiemonitor/versies`, { headers: { 'X-Api-Key': sleutel! } });
          await r.arrayBuffer();
          return r.status;
        }),
      );
      expect(statussen.filter((s) => s !== 429)).toHaveLength(60);
      expect(statussen.filter((s) => s === 429)).toHaveLength(140);
    } finally {
      const weg = new Promise((r) => tweede.child.once('exit', r));
      tweede.child.kill('SIGTERM');
      await Promise.race([weg, new Promise((r) => setTimeout(r, 6_000))]);
      if (tweede.child.exitCode === null) tweede.child.kill('SIGKILL');
    }
  }, 180_000);
});
