// Benchmark of the dashboard's first view (`npm run bench:dashboard`; the target: "first view interactive in
// < 2 s on next start locally with the full-scale sample"):
//   1. loads the full-scale sample market (default 6 monthly versions; generated once, cached in
//      data/generated/) into a fresh embedded database (PGlite, the default backend), recomputing the
//      monitor after each month,
//   2. starts the production server (scripts/serve.mjs, as `npm start` does) and waits for its warm-up,
//   3. opens /dashboard in Debian's Chromium, each time in a FRESH browser context (no cache, no cookies: a
//      new visitor), and measures from navigation start until the overview shows the market's numbers.
//      That moment is interactive by construction: the overview is a client component that renders its
//      numbers only after React has hydrated and its query to /universum has answered. The time until
//      a click on the as-of date field responds is measured too.
// Options: --schaal vol|<factor> (default vol), --maanden N (default 6), --herhalingen N (default 10).
// Needs a build (`npx next build`). Figures go into docs/distributiemonitor.md (Dashboard, Performance).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { arg, log } from './args';
import { metBackend } from './backend';
import { quantile, startServer } from './http-load';
import { generatedMarket, laadMarkt } from './markt';

const root = path.resolve(__dirname, '..', '..');
const SCHAAL = arg('schaal', 'vol');
const MAANDEN = Number(arg('maanden', '6'));
const HERHALINGEN = Number(arg('herhalingen', '10'));
/** Wait after start (the server warms the newest version in the background). */
const OPWARMEN_MS = 5_000;

interface Meting {
  zichtbaar_ms: number;
  klik_ms: number;
  dom_content_loaded_ms: number;
}

async function main(): Promise<void> {
  const market = await generatedMarket(SCHAAL, MAANDEN);
  const uit = await metBackend('pglite', 'bench-dashboard-', async (dbEnv, dir) => {
    Object.assign(process.env, dbEnv, { LOG_LEVEL: 'silent', PGLITE_WORKER: 'uit' });
    const { getDb, closeDb } = await import('@/lib/db/client');
    await laadMarkt(getDb(), market, 'pglite');
    const { readDatasetVersies } = await import('@/lib/monitor/store');
    const nieuwste = (await readDatasetVersies(getDb())).pop()!;
    await closeDb();

    log('server …');
    const server = await startServer(dbEnv, path.join(dir, 'server.log'));
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
    const metingen: Meting[] = [];
    try {
      await new Promise((r) => setTimeout(r, OPWARMEN_MS));
      // One visit first (not counted): the server compiles nothing at run time, but its first render of a
      // route and its first /universum answer are a one-off per process, not what a visitor waits for later.
      for (let i = 0; i <= HERHALINGEN; i++) {
        const context = await browser.newContext({ locale: 'nl-NL', viewport: { width: 1280, height: 900 } });
        const page = await context.newPage();
        await page.goto(`${server.url}/dashboard`, { waitUntil: 'commit' });
        await page.getByTestId('overzicht').locator('.teller__getal').first().waitFor({ state: 'visible', timeout: 30_000 });
        const zichtbaar = await page.evaluate(() => performance.now());
        // Interactive: the as-of field takes a date and the URL follows (React's handler ran).
        await page.getByLabel('Stand op').fill(nieuwste.peildatum);
        await page.waitForURL(/peildatum=/);
        const klik = await page.evaluate(() => performance.now());
        const dcl = await page.evaluate(() => {
          const n = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
          return n.domContentLoadedEventEnd;
        });
        if (i > 0) metingen.push({ zichtbaar_ms: zichtbaar, klik_ms: klik, dom_content_loaded_ms: dcl });
        log(`bezoek ${i}${i === 0 ? ' (niet geteld)' : ''}: cijfers zichtbaar na ${zichtbaar.toFixed(0)} ms, veld reageert na ${klik.toFixed(0)} ms`);
        await context.close();
      }
    } finally {
      await browser.close();
      await server.stop();
    }
    return { metingen, vestigingen: nieuwste.aantallen.vestigingen, holdings: nieuwste.aantallen.holdings };
  });
  const z = uit.metingen.map((m) => m.zichtbaar_ms).sort((a, b) => a - b);
  const k = uit.metingen.map((m) => m.klik_ms).sort((a, b) => a - b);
  const d = uit.metingen.map((m) => m.dom_content_loaded_ms).sort((a, b) => a - b);
  const f = (n: number) => n.toFixed(0);
  fs.mkdirSync(path.join(root, 'data', 'bench'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'data', 'bench', 'dashboard.json'),
    JSON.stringify({ schaal: SCHAAL, maanden: MAANDEN, machine: `${os.cpus().length} cores, ${Math.round(os.totalmem() / 2 ** 30)} GiB`, datum: new Date().toISOString(), ...uit }, null, 2),
  );
  console.log(
    [
      '| measurement | figure | notes |',
      '|---|---|---|',
      `| /dashboard, first view with the market's numbers shown by the hydrated page (fresh browser context each, ${uit.metingen.length} visits; ${uit.vestigingen.toLocaleString('en')} vestigingen, ${uit.holdings.toLocaleString('en')} holdings, ${MAANDEN} versions) | p50 **${f(quantile(z, 0.5))} ms**, p95 **${f(quantile(z, 0.95))} ms** | target < 2,000 ms; DOMContentLoaded p50 ${f(quantile(d, 0.5))} ms |`,
      `| the same visits: the as-of field answered (typed date reached the URL) | p50 ${f(quantile(k, 0.5))} ms, p95 ${f(quantile(k, 0.95))} ms | |`,
    ].join('\n'),
  );
}

main().catch((e) => {
  console.error(`bench:dashboard mislukt: ${(e as Error).message}`);
  process.exit(1);
});
