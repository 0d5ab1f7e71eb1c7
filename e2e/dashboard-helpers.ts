// Shared steps of the dashboard's browser tests: open a view and wait until its data is there, keep a
// full-page screenshot of it as a test artifact (test-results/, not committed), and the checks every view
// must pass (no console errors, nothing leaving the machine).
import { expect, type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { watchPage } from './helpers';

/** The distribution monitor's API. */
export const M = '/v1/distributiemonitor';

/** The `data` of a monitor answer that must be 200; `pad` is relative to M. */
export async function monitorData<T>(request: APIRequestContext, pad: string): Promise<T> {
  const r = await request.get(`${M}${pad}`);
  expect(r.status(), pad).toBe(200);
  return ((await r.json()) as { data: T }).data;
}

/**
 * The sample's versions as the free preview sees them (newest first) and the first date it may ask for.
 * The server under test generates its sample market up to today, so every date a test names is derived from
 * these: a test that writes a date of its own rots with the calendar (the suite also runs a year ahead and a
 * year back, see scripts/test-all.mjs).
 */
export async function zichtbareVersies(request: APIRequestContext) {
  return monitorData<{ versies: { versie_id: number; peildatum: string }[]; historie_vanaf: string | null }>(request, '/versies');
}

/** The calendar date `n` days after `datum` (YYYY-MM-DD; n may be negative). */
export function dagenVerder(datum: string, n: number): string {
  const dag = new Date(`${datum}T00:00:00Z`);
  dag.setUTCDate(dag.getUTCDate() + n);
  return dag.toISOString().slice(0, 10);
}

/** The month of a date as the dashboard writes it ("mei 2026"). */
export function maandTekst(datum: string): string {
  return new Date(`${datum}T00:00:00Z`).toLocaleDateString('nl-NL', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

/** Opens `pad` and waits until no panel is loading any more. */
export async function openWeergave(page: Page, pad: string) {
  const watched = watchPage(page);
  const response = await page.goto(pad);
  expect(response?.status(), pad).toBe(200);
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  return watched;
}

/** A full-page screenshot of the current view, attached to the report and kept under test-results/. */
export async function schermafdruk(page: Page, testInfo: TestInfo, naam: string) {
  const pad = testInfo.outputPath(`${naam}.png`);
  // From the top: the sticky site header would otherwise sit in the middle of a full-page picture.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: pad, fullPage: true });
  await testInfo.attach(naam, { path: pad, contentType: 'image/png' });
}

/** The end of every view test: no console errors, no requests to other hosts. */
export async function netjes(page: Page, watched: ReturnType<typeof watchPage>, wat: string) {
  await page.waitForLoadState('networkidle');
  expect(watched.consoleErrors, `console errors: ${wat}`).toEqual([]);
  expect(watched.externalRequests, `requests that leave this machine: ${wat}`).toEqual([]);
}

/** A standard key, requested as a user does (POST /v1/toegang/aanvragen); `base` for a spec's own server. */
export async function standaardSleutel(request: APIRequestContext, naam: string, base = ''): Promise<string> {
  const r = await request.post(`${base}/v1/toegang/aanvragen`, {
    data: { naam, email: 'e2e@example.org', gebruik: `Browsertest: ${naam}`, tier: 'standard' },
  });
  expect(r.status(), 'key request').toBe(200);
  return ((await r.json()) as { data: { sleutel: string } }).data.sleutel;
}

/** Signs a standard key in on the key page, as a user does; returns what the page watched (openWeergave). */
export async function sleutelOnthouden(page: Page, sleutel: string, base = '') {
  const watched = await openWeergave(page, `${base}/sleutel`);
  const sectie = page.locator('section', { has: page.getByRole('heading', { name: 'Ik heb al een sleutel' }) });
  await sectie.getByLabel('Uw API-sleutel').fill(sleutel);
  await sectie.getByRole('button', { name: 'Controleren en onthouden' }).click();
  await expect(sectie.getByTestId('sleutel-tier')).toHaveText('standard');
  return watched;
}
