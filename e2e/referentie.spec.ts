// The API reference: Scalar, served from this origin, renders /v1/openapi.json without reaching the internet.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

interface OpenApi {
  paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
}

test('the reference renders the OpenAPI document and lists its operations', async ({ page, request }) => {
  const spec = (await (await request.get('/v1/openapi.json')).json()) as OpenApi;
  const suggest = spec.paths['/v1/addrreg/suggest']?.get;
  expect(suggest?.summary, 'the OpenAPI document declares GET /v1/addrreg/suggest').toBeTruthy();

  const watched = watchPage(page);
  const response = await page.goto('/referentie');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle(/API-referentie/);

  // Scalar has rendered: the document title, and the operation's summary in the sidebar and content.
  await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Nederlandse publieke data, één standaard' }).first()).toBeVisible();
  await expect(page.getByText(suggest!.summary!).first()).toBeAttached();

  // Open the operation through the sidebar search result of its path and see its path rendered.
  await page.goto(`/referentie#tag/addrreg/GET/v1/addrreg/suggest`);
  await expect(page.getByText('/v1/addrreg/suggest').first()).toBeVisible({ timeout: 20_000 });

  await page.waitForLoadState('networkidle');
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});

test('the Scalar bundle is served from this origin with a long cache lifetime', async ({ request }) => {
  const res = await request.get('/referentie/scalar.js?v=test', { headers: { 'Accept-Encoding': 'gzip' } });
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toContain('javascript');
  expect(res.headers()['cache-control']).toContain('max-age=31536000');
  expect((await res.body()).byteLength).toBeGreaterThan(1_000_000);
});
