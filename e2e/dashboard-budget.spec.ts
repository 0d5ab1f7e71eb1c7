// The free preview's request budget in the dashboard (issue 22): what is left is shown when it runs low, and
// once it is used up one notice says how many minutes until the window ends with a working link to /sleutel,
// with no red box and no retry button per panel. The standard e2e server lifts the limits (every page load
// comes from one address), the limit is per tier and the server does not trust a client's X-Forwarded-For,
// so a separate address cannot get a budget of its own there: this file starts its OWN server on a
// throw-away PGlite directory (the generated sample, two months) with the free preview's real limit of 60,
// and uses it up with plain requests from the same address as the browser.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { M, schermafdruk } from './dashboard-helpers';

const root = path.resolve(__dirname, '..');
const LIMIET = 60;
/** A cheap monitor request to spend budget with. */
const VERZOEK = `${M}/versies`;

let server: ChildProcess | null = null;
let tmp = '';
let base = '';
const serverLog: string[] = [];

/** Every BRON_<NAAM>_URL the source modules declare (as playwright.config.ts finds them). */
function bronVariabelen(): string[] {
  const namen = new Set<string>();
  const loop = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'generated') loop(p);
      } else if (/\.(ts|tsx|mjs|js)$/.test(e.name)) {
        for (const m of fs.readFileSync(p, 'utf8').matchAll(/\bBRON_[A-Z0-9_]+_URL\b/g)) namen.add(m[0]);
      }
    }
  };
  loop(path.join(root, 'lib'));
  loop(path.join(root, 'jobs'));
  return [...namen];
}

function draai(cmd: string, args: string[], env: NodeJS.ProcessEnv, wat: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let uit = '';
    p.stdout.on('data', (d) => (uit += String(d)));
    p.stderr.on('data', (d) => (uit += String(d)));
    p.on('error', reject);
    p.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`${wat} ended with ${code}:\n${uit.slice(-4000)}`))));
  });
}

async function wachtOp(url: string, ms: number): Promise<void> {
  const eind = Date.now() + ms;
  while (Date.now() < eind) {
    if (server?.exitCode !== null && server?.exitCode !== undefined) throw new Error(`server stopped (${server.exitCode}):\n${serverLog.join('').slice(-4000)}`);
    try {
      if ((await fetch(url)).status === 200) return;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} did not answer within ${ms} ms:\n${serverLog.join('').slice(-4000)}`);
}

async function stopServer(): Promise<void> {
  const p = server;
  server = null;
  if (!p || p.exitCode !== null || p.pid === undefined) return;
  const weg = new Promise((r) => p.once('exit', r));
  try {
    process.kill(-p.pid, 'SIGTERM'); // its own process group: next's workers stop with it
  } catch {
    /* gone */
  }
  const op = await Promise.race([weg.then(() => true), new Promise((r) => setTimeout(() => r(false), 10_000))]);
  if (!op) {
    try {
      process.kill(-p.pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
}

interface Stand {
  status: number;
  resterend: number;
  reset: number;
  retryAfter: number | null;
}

async function verzoek(request: APIRequestContext): Promise<Stand> {
  const r = await request.get(`${base}${VERZOEK}`);
  const h = r.headers();
  return { status: r.status(), resterend: Number(h['ratelimit-remaining']), reset: Number(h['ratelimit-reset']), retryAfter: h['retry-after'] ? Number(h['retry-after']) : null };
}

/**
 * Spends the budget until `rest` requests are left (0: until the API answers 429). A window about to end
 * (the hour turns during the test) is waited out first, so what is spent stays spent while the test looks.
 */
async function besteedTot(request: APIRequestContext, rest: number): Promise<Stand> {
  let s = await verzoek(request);
  if (s.reset < 120) {
    await expect.poll(async () => (s = await verzoek(request)).reset, { timeout: 150_000, intervals: [5_000] }).toBeGreaterThanOrEqual(120);
  }
  for (let i = 0; i <= LIMIET + 1; i++) {
    if (rest === 0 ? s.status === 429 : s.resterend <= rest) return s;
    s = await verzoek(request);
  }
  throw new Error(`the budget did not run out: ${JSON.stringify(s)}`);
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const { freePort } = (await import(pathToFileURL(path.join(root, 'scripts/free-port.mjs')).href)) as { freePort: () => Promise<number> };
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'nl-open-data-e2e-budget-'));
  const replay = `http://127.0.0.1:${Number(process.env.E2E_REPLAY_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1)}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...Object.fromEntries(bronVariabelen().map((n) => [n, `${replay}/${n.replace(/^BRON_/, '').replace(/_URL$/, '').toLowerCase().replace(/_/g, '-')}`])),
    VOORBEELDDATA: 'aan',
    VOORBEELDDATA_MAANDEN: '2',
    EP_ONLINE_API_KEY: 'replay-e2e',
    BRON_TIMEOUT_MS: '2000',
    PGLITE_DIR: path.join(tmp, 'pglite'),
    DB_BACKEND: 'pglite',
    DATABASE_URL: '',
    NEXT_TELEMETRY_DISABLED: '1',
    CHECKPOINT_DISABLE: '1',
    JOBS: 'uit',
    BRON_CONTROLE_INTERVAL_S: '0',
    // The free preview's own limit (the spec's 60); the other operations stay unlimited.
    RATE_LIMIT_PREVIEW: String(LIMIET),
    RATE_LIMIT_OVERIG: '1000000',
  };
  delete env.TRUST_PROXY_HOPS;
  await draai('npx', ['tsx', 'scripts/load-sample.ts'], env, 'load-sample');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn('node', ['scripts/serve.mjs', '-p', String(port), '-H', '127.0.0.1'], { cwd: root, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (d) => serverLog.push(String(d)));
  server.stderr!.on('data', (d) => serverLog.push(String(d)));
  await wachtOp(`${base}/`, 120_000);
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await stopServer();
  if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
});

test('the dashboard shows what is left of the free preview when it runs low', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  // Radar asks a handful of requests: with 14 left it ends at or below a quarter of 60 and above 0.
  await besteedTot(request, 14);
  await page.goto(`${base}/dashboard/radar`);
  const rest = page.getByTestId('budget-rest');
  await expect(rest).toHaveText(new RegExp(`^Nog \\d+ van ${LIMIET} verzoeken dit uur$`));
  // The page may still be asking (each answer lowers the count): text and tooltip are read from one render.
  await page.waitForLoadState('networkidle');
  const { tekst, titel } = await rest.evaluate((el) => ({ tekst: el.textContent ?? '', titel: el.getAttribute('title') ?? '' }));
  const n = Number(tekst.match(/^Nog (\d+) van/)![1]);
  expect(n).toBeGreaterThan(0);
  expect(n).toBeLessThanOrEqual(LIMIET / 4);
  expect(titel).toMatch(new RegExp(`^Nog ${n} van ${LIMIET} verzoeken dit uur; over \\d+ minu(ut|ten) begint een nieuw uur\\.$`));
  await expect(page.getByTestId('sleutel-status')).toHaveAttribute('title', /verzoeken dit uur/);
  await expect(page.getByTestId('budget-op')).toHaveCount(0);
  await schermafdruk(page, testInfo, 'budget-laag');
});

test('a used-up budget is one notice with minutes and a link to /sleutel, no red boxes, no retry', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const op = await besteedTot(request, 0);
  expect(op.retryAfter, 'the 429 says when to try again').not.toBeNull();
  const minuten = Math.max(1, Math.ceil(op.retryAfter! / 60));

  // Radar and Overzicht (/dashboard).
  for (const view of ['/radar', '']) {
    await page.goto(`${base}/dashboard${view}`);
    const melding = page.getByTestId('budget-op');
    await expect(melding).toHaveCount(1);
    await expect(melding).toContainText(`De gratis proefperiode van ${LIMIET} verzoeken per uur is op.`);
    const tekst = (await melding.textContent()) ?? '';
    const m = tekst.match(/Over (\d+) minu(?:ut|ten) kunt u verder, of vraag een gratis sleutel aan op \/sleutel\./);
    expect(m, tekst).not.toBeNull();
    // Rounded up from the Retry-After seen just before (the page's own 429 came a little later).
    expect(Number(m![1])).toBeLessThanOrEqual(minuten);
    expect(Number(m![1])).toBeGreaterThanOrEqual(minuten - 1);
    await expect(melding.getByRole('link', { name: '/sleutel' })).toHaveAttribute('href', '/sleutel');
    // The panels that could not load say so quietly; none is a red problem box or offers a retry.
    await expect(page.getByTestId('wacht-op-budget').first()).toBeVisible();
    await expect(page.getByTestId('laden')).toHaveCount(0);
    await expect(page.getByTestId('fout')).toHaveCount(0);
    await expect(page.locator('.probleem')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Opnieuw proberen' })).toHaveCount(0);
    // No panel is titled after another view (Radar's used to say "Versies").
    if (view === '/radar') await expect(page.getByTestId('wacht-op-budget').first()).toContainText(/^Radar: /);
    await schermafdruk(page, testInfo, `budget-op${view.replace('/', '-') || '-overzicht'}`);
  }

  await page.getByTestId('budget-op').getByRole('link', { name: '/sleutel' }).click();
  await expect(page).toHaveURL(/\/sleutel$/);
});
