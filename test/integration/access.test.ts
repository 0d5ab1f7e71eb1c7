// Access over real HTTP. Every answer carries the RateLimit headers. On PostgreSQL, the acceptance test of
// the shared limit: a key with a limit of 60 an hour (issued with the admin CLI beside the server), 200
// parallel requests spread over TWO server processes on the same database: exactly 60 get through.
// (The same exactness on PGlite, in one process as PGlite allows, is tested in lib/access/access.test.ts.)
// Webhooks across processes (on a database and server of their own): the import CLI publishes a version
// and queues its event, the server's delivery loop sends it, signed, to a local receiver.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { verifieerHandtekening } from '../../lib/access/webhooks/handtekening';
import { describe, expect, inject, it } from 'vitest';
import { freePort } from '../../scripts/free-port.mjs';
import { api } from './http';

const root = path.resolve(__dirname, '../..');

function cli(script: string, args: string[], env: Record<string, string> = {}) {
  return spawnSync(process.execPath, [path.join(root, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    timeout: 120_000,
  });
}

async function tweedeServer(env: Record<string, string> = {}): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env: { ...process.env, JOBS: 'uit', MONITOR_OPWARMEN: 'uit', LOG_LEVEL: 'warn', NEXT_TELEMETRY_DISABLED: '1', ...env },
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
    const uitgifte = cli('scripts/sleutels.ts', ['uitgeven', 'enterprise', 'Gelijktijdig', 'gelijk@example.org', '--limiet', '60']);
    expect(uitgifte.status, uitgifte.stderr).toBe(0);
    const sleutel = /nlod_e_[a-z2-7]{40}/.exec(uitgifte.stdout)?.[0];
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

  it.runIf(inject('dbBackend') === 'postgresql')('delivers the event of a version published by the import CLI from the server, signed', async () => {
    // A database of its own in the same cluster, and a server of its own on it: the import here must not
    // change what the other files see on the shared server (the registers test asserts 503 before any import).
    const eigen = new URL(process.env.DATABASE_URL!);
    const beheer = new pg.Client({ connectionString: eigen.toString() });
    await beheer.connect();
    const naam = `webhooks_${process.pid}_${Date.now()}`;
    await beheer.query(`CREATE DATABASE ${naam}`);
    await beheer.end();
    eigen.pathname = `/${naam}`;
    const env = { DATABASE_URL: eigen.toString(), WEBHOOK_LOKAAL: 'aan', WEBHOOK_INTERVAL_MS: '500' };
    const migratie = spawnSync(process.execPath, [path.join(root, 'scripts/db-migrate.mjs'), 'deploy'], { cwd: root, encoding: 'utf8', env: { ...process.env, ...env }, timeout: 120_000 });
    expect(migratie.status, migratie.stderr).toBe(0);
    const uitgifte = cli('scripts/sleutels.ts', ['uitgeven', 'enterprise', 'Webhooks', 'hooks@example.org'], env);
    expect(uitgifte.status, uitgifte.stderr).toBe(0);
    const sleutel = /nlod_e_[a-z2-7]{40}/.exec(uitgifte.stdout)![0];
    const ontvangen: { headers: http.IncomingHttpHeaders; body: string }[] = [];
    const ontvanger = http.createServer((req, res) => {
      const delen: Buffer[] = [];
      req.on('data', (c: Buffer) => delen.push(c));
      req.on('end', () => {
        ontvangen.push({ headers: req.headers, body: Buffer.concat(delen).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => ontvanger.listen(0, '127.0.0.1', r));
    const app = await tweedeServer(env);
    const vraag = async (pad: string, init: RequestInit = {}) => {
      const r = await fetch(`${app.url}${pad}`, init);
      return { status: r.status, body: (await r.json()) as any }; // eslint-disable-line @typescript-eslint/no-explicit-any
    };
    try {
      const url = `http://127.0.0.1:${(ontvanger.address() as AddressInfo).port}/hook`;
      const reg = await vraag('/v1/distributiemonitor/webhooks', {
        method: 'POST',
        headers: { 'X-Api-Key': sleutel, 'Content-Type': 'application/json' },
        body: JSON.stringify({ url, soorten: ['dataset_versie.gepubliceerd'] }),
      });
      expect(reg.status, JSON.stringify(reg.body)).toBe(200);
      const geheim = reg.body.data.geheim as string;
      // The import CLI beside the server publishes fsp; it recomputes the monitor and queues the event.
      const imp = cli('scripts/import.ts', ['fsp', '--file', path.join(root, 'test/fixtures/registers/afm/wfd-extern-register-3.0_structure_opgebouwd.zip'), '--peildatum', '2026-11-20'], env);
      expect(imp.status, imp.stderr).toBe(0);
      const versieId = Number(/datasetversie (\d+)/.exec(imp.stdout)?.[1]);
      expect(versieId).toBeGreaterThan(0);
      const deadline = Date.now() + 20_000;
      while (!ontvangen.some((o) => JSON.parse(o.body).data?.versie_id === versieId) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      const bericht = ontvangen.find((o) => JSON.parse(o.body).data?.versie_id === versieId);
      expect(bericht, 'geen levering binnen 20 s').toBeTruthy();
      expect(bericht!.headers['x-nlod-event']).toBe('dataset_versie.gepubliceerd');
      expect(verifieerHandtekening(geheim, bericht!.headers['x-nlod-signature'] as string, bericht!.body)).toBe(true);
      const log = await vraag(`/v1/distributiemonitor/webhooks/${reg.body.data.webhook_id}/leveringen`, { headers: { 'X-Api-Key': sleutel } });
      expect(log.body.data.leveringen[0]).toMatchObject({ soort: 'dataset_versie.gepubliceerd', status: 'afgeleverd', pogingen: 1, laatste_status: 204 });
    } finally {
      await new Promise((r) => ontvanger.close(r));
      const weg = new Promise((r) => app.child.once('exit', r));
      app.child.kill('SIGTERM');
      await Promise.race([weg, new Promise((r) => setTimeout(r, 6_000))]);
      if (app.child.exitCode === null) app.child.kill('SIGKILL');
    }
  }, 180_000);
});
