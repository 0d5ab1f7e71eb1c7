// Printing a chart view prints its figures too (issue 22, print-friendly pages): the tables folded behind
// "Toon de cijfers als tabel" open just before the browser prints and close again afterwards, except the one
// the reader had opened. The browser's own print dialog cannot be driven headless, so the test does what it
// does around printing: print media plus the beforeprint and afterprint events.
import { expect, test } from '@playwright/test';
import { netjes, openWeergave, schermafdruk } from './dashboard-helpers';

test('a chart view prints its folded tables open and folds them again afterwards', async ({ page }, testInfo) => {
  const watched = await openWeergave(page, '/dashboard/radar');
  const tabellen = page.locator('.dash-inhoud details');
  await expect(page.getByTestId('grafiek-voortschrijdend')).toBeVisible();
  const aantal = await tabellen.count();
  expect(aantal, 'the radar has folded tables').toBeGreaterThan(1);
  // The reader opened the first one.
  await tabellen.first().locator('summary').click();
  await expect(tabellen.first()).toHaveAttribute('open', '');
  for (let i = 1; i < aantal; i++) await expect(tabellen.nth(i)).not.toHaveAttribute('open');

  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  for (let i = 0; i < aantal; i++) {
    await expect(tabellen.nth(i)).toHaveAttribute('open', '');
    await expect(tabellen.nth(i).locator('table')).toBeVisible();
  }
  await schermafdruk(page, testInfo, 'dashboard-radar-afdruk');

  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await expect(tabellen.first()).toHaveAttribute('open', '');
  for (let i = 1; i < aantal; i++) await expect(tabellen.nth(i)).not.toHaveAttribute('open');
  await netjes(page, watched, 'radar print');
});
