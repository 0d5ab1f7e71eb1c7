// The API reference: Scalar, served from this origin, renders /v1/openapi.json without reaching the internet.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

interface OpenApi {
  servers?: { url: string }[];
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
}

test('the reference renders the OpenAPI document and lists its operations', async ({ page, request }) => {
  const spec = (await (await request.get('/v1/openapi.json')).json()) as OpenApi;
  // Paths are relative to the server URL (/v1), or absolute when the document has no server prefix.
  const pathKey = Object.keys(spec.paths).find((p) => p === '/v1/addrreg/suggest' || p === '/addrreg/suggest');
  const suggest = pathKey ? spec.paths[pathKey].get : undefined;
  expect(suggest?.summary, 'the OpenAPI document declares GET /v1/addrreg/suggest').toBeTruthy();

  const watched = watchPage(page);
  const response = await page.goto('/referentie');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/API-referentie/);

  // Scalar has rendered the document: its title, and the operation's summary (sidebar and content).
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Nederlandse publieke data, één standaard' }).first()).toBeVisible();
  await expect(page.getByText(suggest!.summary!).first()).toBeVisible();

  // Choosing the operation in the sidebar shows it with its method and path, and puts it in the address bar.
  await page.getByRole('link', { name: suggest!.summary! }).first().click();
  await expect(page).toHaveURL(/#.*\/addrreg\/suggest/);
  await expect(page.getByText(pathKey!).first()).toBeVisible();

  await page.waitForLoadState('networkidle');
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
  expect(watched.consoleErrors, 'console errors on the reference page').toEqual([]);
});

test('the Scalar bundle is served from this origin with a long cache lifetime', async ({ request }) => {
  const res = await request.get('/referentie/scalar.js?v=test');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
  expect(res.headers()['cache-control']).toContain('max-age=31536000');
  expect((await res.body()).byteLength).toBeGreaterThan(1_000_000);
});

test('the reference also renders after in-app navigation from the home page and back', async ({ page }) => {
  const watched = watchPage(page);
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: 'API-referentie' }).first().click();
  await expect(page).toHaveURL(/\/referentie$/);
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/\/addrreg\/suggest/).first()).toBeAttached();

  await page.getByRole('banner').getByRole('link', { name: 'Foutcodes' }).click();
  await expect(page).toHaveURL(/\/problemen$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Foutcodes' })).toBeVisible();
  await expect(page.locator('.scalar-api-reference')).toHaveCount(0);
  await expect(page.locator('body')).not.toHaveClass(/dark-mode|light-mode/);
  expect(watched.consoleErrors).toEqual([]);
});
