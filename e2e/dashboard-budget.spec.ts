// The free preview's request budget in the dashboard (issue 22): what is left is shown when it runs low, and
// once it is used up one notice says how many minutes until the window ends with a working link to /sleutel,
// with no red box and no retry button per panel. The standard e2e server lifts the limits (every page load
// comes from one address), the limit is per tier and the server does not trust a client's X-Forwarded-For,
// so a separate address cannot get a budget of its own there: this file starts its OWN server on a
// throw-away PGlite directory (the generated sample, two months) with the free preview's real limit of 60,
// and uses it up with plain requests from the same address as the browser.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { M, schermafdruk } from './dashboard-helpers';
import { startEigenServer, type EigenServer } from './eigen-server';

const LIMIET = 60;
/** A cheap monitor request to spend budget with. */
const VERZOEK = `${M}/versies`;

let server: EigenServer | null = null;
let base = '';

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
  // The free preview's own limit (the spec's 60); the other operations stay unlimited.
  server = await startEigenServer({ naam: 'budget', maanden: 2, previewLimiet: LIMIET });
  base = server.base;
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server?.stop();
  server = null;
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
