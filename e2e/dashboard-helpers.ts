// Shared steps of the dashboard's browser tests: open a view and wait until its data is there, keep a
// full-page screenshot of it as a test artifact (test-results/, not committed), and the checks every view
// must pass (no console errors, nothing leaving the machine).
import { expect, type Page, type TestInfo } from '@playwright/test';
import { watchPage } from './helpers';

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
