// The dashboard's banner states the free preview's hourly limit as the API reports it (issue 22 review: it said
// "60 verzoeken per uur" while the server allowed 10). Its own server with a preview limit of 10.
import { expect, test } from '@playwright/test';
import { startEigenServer, type EigenServer } from './eigen-server';

const LIMIET = 10;
let server: EigenServer | null = null;

test.beforeAll(async () => {
  test.setTimeout(300_000);
  server = await startEigenServer({ naam: 'banner-limiet', maanden: 2, previewLimiet: LIMIET });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server?.stop();
  server = null;
});

test('the free-preview banner names the limit the server reported', async ({ page }) => {
  await page.goto(`${server!.base}/dashboard`);
  const status = page.getByTestId('sleutel-status');
  await expect(status).toContainText('Zonder sleutel');
  await expect(status).toContainText(`(laatste jaar, ${LIMIET} verzoeken per uur)`);
  await expect(status).not.toContainText('60 verzoeken per uur');
});
