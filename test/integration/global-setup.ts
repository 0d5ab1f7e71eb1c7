// Starts the replay upstream and the built app (`next start`) pointed at it, once for the whole
// integration run, and hands their URLs to the tests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { startReplayServer, type ReplayServer } from '../upstream/server';
import { sources } from '../../lib/sources/registry';
import { freePort } from '../../scripts/free-port.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    appUrl: string;
    replayUrl: string;
    dbBackend: string;
    serverLog: string;
    pgliteDir: string;
  }
}

let app: ChildProcess | undefined;
let replay: ReplayServer | undefined;
let tmpDir: string | undefined;

async function waitFor(url: string, child: ChildProcess, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start ended with code ${child.exitCode}`);
    try {
      const r = await fetch(url);
      if (r.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`app did not answer on ${url} within ${ms} ms`);
}

export default async function setup(project: TestProject) {
  const root = path.resolve(__dirname, '../..');
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) {
    throw new Error('No production build found: run `npx next build` first (npm test does this).');
  }
  replay = await startReplayServer();
  const port = await freePort();
  tmpDir = fs.mkdtempSync(path.join(os.tmpdir(), 'nlod-it-'));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    NEXT_TELEMETRY_DISABLED: '1',
    BRON_TIMEOUT_MS: '1500',
    JOBS: 'uit', // no scheduled register imports in the server under test
    BRON_CONTROLE_INTERVAL_S: '0', // no background source health check next to the suites' injected faults
    // The suites send hundreds of requests from one address; the limits themselves are tested in lib/access.
    RATE_LIMIT_PREVIEW: '1000000',
    RATE_LIMIT_OVERIG: '1000000',
    // Dataset downloads go to the replay server on 127.0.0.1, which the address check refuses otherwise.
    DATASET_LOKAAL: 'aan',
  };
  for (const s of sources) env[s.envVar] = replay.sourceUrl(s.id);
  for (const s of sources) if (s.keyEnvVar) env[s.keyEnvVar] = 'replay-test'; // reaches only the replay server
  const usePg = /^postgres(ql)?:\/\//.test(process.env.DATABASE_URL ?? '');
  if (!usePg) {
    delete env.DATABASE_URL;
    env.PGLITE_DIR = path.join(tmpDir, 'pglite');
  }

  const logStream = fs.createWriteStream(path.join(tmpDir, 'server.log'));
  app = spawn(process.execPath, [path.join(root, 'scripts/serve.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  app.stdout?.pipe(logStream);
  app.stderr?.pipe(logStream);

  const appUrl = `http://127.0.0.1:${port}`;
  await waitFor(`${appUrl}/v1/openapi.json`, app, 60_000);
  project.provide('appUrl', appUrl);
  project.provide('replayUrl', replay.url);
  project.provide('dbBackend', usePg ? 'postgresql' : 'pglite');
  project.provide('serverLog', path.join(tmpDir, 'server.log'));
  project.provide('pgliteDir', usePg ? '' : path.join(tmpDir, 'pglite'));

  return async () => {
    if (app && app.exitCode === null) {
      app.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 500));
      if (app.exitCode === null) app.kill('SIGKILL');
    }
    await replay?.close();
    if (tmpDir && !process.env.KEEP_TEST_DIRS) fs.rmSync(tmpDir, { recursive: true, force: true });
  };
}
