// The error catalogue page that problem documents point at with `type: "/problemen#<code>"`.
import { expect, test } from '@playwright/test';

test('every error code has a row with its status and Dutch title, addressable by anchor', async ({ page }) => {
  const response = await page.goto('/problemen#not_found');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Foutcodes');

  const notFound = page.locator('tr#not_found');
  await expect(notFound).toContainText('404');
  await expect(notFound).toContainText('Niet gevonden');
  await expect(page.locator('tr#invalid_parameter')).toContainText('400');
  await expect(page.locator('tr#rate_limited')).toContainText('429');
  await expect(page.locator('tr#source_unavailable')).toContainText('502');
});

test('the type of a real problem document resolves to a row on the page', async ({ page, request }) => {
  const problem = await request.get('/v1/bestaat-niet');
  expect(problem.status()).toBe(404);
  expect(problem.headers()['content-type']).toContain('application/problem+json');
  const body = (await problem.json()) as { type: string; errorCode: string };
  expect(body.type).toBe(`/problemen#${body.errorCode}`);

  await page.goto(body.type);
  await expect(page.locator(`tr#${body.errorCode}`)).toBeVisible();
});
