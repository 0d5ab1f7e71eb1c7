// Browser tests (e2e/*.spec.ts) against the BUILT app (`next build` first; scripts/test-all.mjs does it).
// Debian's Chromium (/usr/bin/chromium, `apt-get install chromium`; never `npx playwright install`).
// The web server gets a throw-away PGlite directory and every BRON_*_URL pointed at a closed local port,
// so no page ever reaches the internet. Port: E2E_PORT (default 3100).
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { PREVIEW_MAANDEN } from './lib/access/tiers';

const root = __dirname;
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

// A fresh embedded database per run, one directory per port (reused, so direct runs leave no litter).
// Workers load this file again: the runner sets the variable first and they inherit it.
if (!process.env.E2E_PGLITE_DIR) {
  const dir = path.join(os.tmpdir(), `nl-open-data-e2e-${port}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  process.env.E2E_PGLITE_DIR = dir;
}

/** Every BRON_<NAAM>_URL that the source modules declare, found by scanning lib/ and jobs/. */
function sourceUrlVariables(): string[] {
  const names = new Set<string>();
  const walk = (dir: string) => {
    let entries: string[];
    try {
      entries = readdirSync(dir);
    } catch {
      return;
    }
    for (const entry of entries) {
      const file = path.join(dir, entry);
      if (statSync(file).isDirectory()) {
        if (entry !== 'node_modules' && entry !== 'generated') walk(file);
      } else if (/\.(ts|tsx|mjs|js)$/.test(entry)) {
        for (const m of readFileSync(file, 'utf8').matchAll(/\bBRON_[A-Z0-9_]+_URL\b/g)) names.add(m[0]);
      }
    }
  };
  walk(path.join(root, 'lib'));
  walk(path.join(root, 'jobs'));
  return [...names].sort();
}

// Every source points at the local replay server (recorded or documented-format answers, labelled as such
// in bronnen), so pages can be used end to end and still nothing leaves this machine.
const replayPort = Number(process.env.E2E_REPLAY_PORT ?? port + 1);
const replayUrl = `http://127.0.0.1:${replayPort}`;
const replaySources = Object.fromEntries(
  sourceUrlVariables().map((name) => [name, `${replayUrl}/${name.replace(/^BRON_/, '').replace(/_URL$/, '').toLowerCase().replace(/_/g, '-')}`]),
);

const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  outputDir: './test-results',
  fullyParallel: true,
  forbidOnly: !!process.env.CI,
  retries: 0,
  workers: process.env.CI ? 1 : 2,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  // scripts/test-all.mjs adds the JSON reporter (--reporter=list,json) to count the results.
  reporter: 'list',
  use: {
    baseURL,
    locale: 'nl-NL',
    timezoneId: 'Europe/Amsterdam',
    screenshot: 'only-on-failure',
    trace: 'off',
    video: 'off',
    serviceWorkers: 'block',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: chromiumArgs,
        },
      },
    },
  ],
  webServer: [
  {
    command: 'npx tsx test/upstream/cli.ts',
    url: `${replayUrl}/__health`,
    cwd: root,
    reuseExistingServer: false,
    timeout: 30_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: { REPLAY_PORT: String(replayPort) },
  },
  {
    // As `npm start` does on a fresh machine: the generated sample market first (scripts/load-sample.ts, offline,
    // labelled as sample data; the embedded database admits one process, so before the server), then the
    // production server. PREVIEW_MAANDEN + 2 monthly versions, so the oldest lies beyond the free preview's year
    // and the history gate can be shown (e2e/sleutel.spec.ts); about 35 s.
    command: `npx tsx scripts/load-sample.ts && node scripts/serve.mjs -p ${port} -H 127.0.0.1`,
    url: `${baseURL}/`,
    cwd: root,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      ...replaySources,
      VOORBEELDDATA: 'aan', // whatever the caller's environment says
      VOORBEELDDATA_MAANDEN: String(PREVIEW_MAANDEN + 2),
      EP_ONLINE_API_KEY: 'replay-e2e', // reaches only the replay server
      BRON_TIMEOUT_MS: '2000',
      PGLITE_DIR: process.env.E2E_PGLITE_DIR,
      DB_BACKEND: 'pglite',
      DATABASE_URL: '', // empty: the embedded database, never a server from the caller's environment
      NEXT_TELEMETRY_DISABLED: '1',
      CHECKPOINT_DISABLE: '1',
      JOBS: 'uit', // no scheduled register imports in the server under test
      // No background source health check: it would record outcomes of its own next to the faults other
      // tests inject; e2e/status.spec.ts makes its own calls.
      BRON_CONTROLE_INTERVAL_S: '0',
      // Every page load calls the API from one address; the limits themselves are tested in lib/access.
      RATE_LIMIT_PREVIEW: '1000000',
      RATE_LIMIT_OVERIG: '1000000',
      RATE_LIMIT_AANVRAGEN: '1000', // several specs request a key, all from this one address
    },
  },
  ],
});
