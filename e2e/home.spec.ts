// The home page: title, what the service offers and the way on to the reference, dashboard and uploader.
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

test('the home page says what the service is and links onward', async ({ page }) => {
  const watched = watchPage(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Nederlandse publieke data, één standaard');
  await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nederlandse publieke data, één standaard');

  const main = page.getByRole('main');
  for (const domain of ['Statistiek', 'Adressen en gebouwen', 'Kadaster', 'Energielabels en verduurzaming']) {
    await expect(main.getByRole('heading', { name: domain })).toBeVisible();
  }
  await expect(main.getByRole('link', { name: 'API-referentie' }).first()).toHaveAttribute('href', '/referentie');
  await expect(main.getByRole('link', { name: /Dashboard distributiemonitor/ })).toHaveAttribute('href', '/dashboard');
  await expect(main.getByRole('link', { name: /Verduurzamingsrapport uploaden/ })).toHaveAttribute(
    'href',
    '/verduurzaming/rapport',
  );
  await expect(main.getByRole('link', { name: /OpenAPI-document/ }).first()).toHaveAttribute('href', '/v1/openapi.json');
  await expect(main.getByRole('link', { name: /Catalogus/ }).first()).toHaveAttribute('href', '/v1/bronnen');

  // Every family and application says how much of it is live, derived from the declared operations.
  const badges = main.getByTestId('voortgang');
  await expect(badges).toHaveCount(9);
  for (const text of await badges.allTextContents()) expect(text).toMatch(/^(live|in ontwikkeling|\d+ van \d+ operaties live)$/);
  await expect(main.getByRole('listitem').filter({ hasText: 'Adressen en gebouwen' }).getByTestId('voortgang')).not.toHaveText('in ontwikkeling');

  await page.waitForLoadState('networkidle');
  expect(watched.consoleErrors, 'console errors on the home page').toEqual([]);
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});

test('the dashboard and the report uploader are reachable from the home page', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('main').getByRole('link', { name: /Dashboard distributiemonitor/ }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard distributiemonitor');
  await expect(page.getByTestId('overzicht')).toBeVisible();
  await page.getByRole('link', { name: 'Publieke data NL' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.getByRole('main').getByRole('link', { name: /Verduurzamingsrapport uploaden/ }).click();
  await expect(page).toHaveURL(/\/verduurzaming\/rapport$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verduurzamingsrapport uploaden');
  await expect(page.getByTestId('xml-bestand')).toBeAttached();
});

test('an unknown page path answers a Dutch 404 page', async ({ page }) => {
  const response = await page.goto('/deze-pagina-bestaat-niet');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await expect(page.getByRole('link', { name: 'Naar de startpagina' })).toHaveAttribute('href', '/');
});
