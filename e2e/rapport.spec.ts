// The report uploader as an advisor uses it: upload an energy XML file, check what was recognised, pick
// an address from the suggestions, get the ranked report and download the one-page PDF (checked with
// pdfinfo and rendered to PNG with pdftoppm as a test artifact). Sources answer from the replay server.
// On a phone (390 px) a long file name must not widen the page and the measures table must fit.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

const energy = path.join(__dirname, '..', 'test', 'fixtures', 'energy');

test('upload a maatwerkadvies, get the ranked report and a one-page A4 PDF', async ({ page }, testInfo) => {
  const watched = watchPage(page);
  await page.goto('/verduurzaming/rapport');
  await page.getByTestId('xml-bestand').setInputFiles(path.join(energy, 's04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));

  const herkend = page.getByTestId('nulmeting');
  await expect(herkend).toContainText('ep-online-maatwerkadvies-v2.0');
  await expect(herkend.getByLabel('energielabel E').first()).toBeVisible();
  await expect(herkend).toContainText('EP2 318,45'); // Dutch decimals, as the rest of the page
  // What was read and what was not, in words (no field paths, no "5 velden, 4 niet").
  await expect(herkend.getByTestId('gelezen')).toContainText('Uit het bestand gelezen: energielabel');
  await expect(herkend.getByTestId('gelezen')).toContainText('Niet in het bestand: postcode');
  await expect(herkend).not.toContainText('adres.');
  await expect(herkend).toContainText('15 juli 2026'); // the recording date in words

  // Address suggestions fill the fields.
  await page.getByLabel('Zoek een adres').fill('Damrak 1');
  await page.getByRole('option').getByRole('button', { name: 'Damrak 1, 1012LG Amsterdam' }).click();
  await expect(page.locator('input[name=postcode]')).toHaveValue('1012LG');
  await expect(page.locator('input[name=huisnummer]')).toHaveValue('1');

  // The demo apartment of the replayed registers.
  await page.locator('input[name=postcode]').fill('3012BR');
  await page.locator('input[name=huisnummer]').fill('42');
  await page.locator('input[name=toevoeging]').fill('A');
  await page.getByRole('button', { name: 'Rapport maken' }).click();
  const rapport = page.getByTestId('rapport');
  await expect(rapport).toContainText('Witte de Withstraat 42A');
  await expect(rapport.locator('tbody tr')).toHaveCount(3);
  await expect(rapport.locator('tbody tr').first()).toContainText('A++');
  // Measures by their description, never the file's element names (Step1..Step3).
  await expect(rapport.locator('tbody tr').first()).toContainText('Stap 3 van het maatwerkadvies');
  await expect(rapport.locator('tbody')).not.toContainText('Step');
  await expect(rapport.locator('tbody tr').nth(1)).toContainText('138,72');
  await expect(rapport.getByTestId('stappenplan')).toContainText('omvat volgens het bestand: gevelisolatie');
  // One date format (words, as the signals already wrote them), no API paths, the methodology by title.
  await expect(rapport).toContainText('peildatum 1 januari 2025');
  await expect(rapport).not.toContainText(/\b\d{4}-\d{2}-\d{2}\b/);
  await expect(rapport).not.toContainText('/v1/');
  await expect(rapport.getByRole('link', { name: 'Methodiek van de verduurzamingslaag' })).toHaveAttribute('href', '/v1/verduurzaming/methodiek');

  await page.getByRole('button', { name: 'PDF maken' }).click();
  const link = page.getByTestId('pdf-download');
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('verduurzamingsrapport-3012BR-42A.pdf'); // 42 A keeps its letter
  const pdf = testInfo.outputPath('verduurzamingsrapport.pdf');
  await download.saveAs(pdf);

  const text = spawnSync('pdftotext', [pdf, '-'], { encoding: 'utf8' }).stdout.replace(/\s+/g, ' ');
  expect(text).toContain('Doel EP2 68,05'); // the same precision as the table
  expect(text).not.toMatch(/Maatregel \d+ uit het bestand/);
  expect(text).toMatch(/‘Methodiek van de verduurzamingslaag’ \(http:\/\/[^)]+\/v1\/verduurzaming\/methodiek\)/);
  const info = spawnSync('pdfinfo', [pdf], { encoding: 'utf8' });
  expect(info.stdout).toMatch(/Pages:\s+1\n/);
  expect(info.stdout).toMatch(/Page size:\s+595\.\d+ x 841\.\d+ pts \(A4\)/);
  const png = spawnSync('pdftoppm', ['-png', '-r', '80', '-singlefile', pdf, testInfo.outputPath('verduurzamingsrapport')]);
  expect(png.status).toBe(0);
  expect(fs.statSync(testInfo.outputPath('verduurzamingsrapport.png')).size).toBeGreaterThan(20_000);
  await testInfo.attach('rapport-pagina', { path: testInfo.outputPath('verduurzamingsrapport.png'), contentType: 'image/png' });
  await page.screenshot({ path: testInfo.outputPath('uploader.png'), fullPage: true });

  expect(watched.consoleErrors).toEqual([]);
  expect(watched.externalRequests).toEqual([]);
});

test('a file that is not an energy file gets the API problem as a clear message', async ({ page }) => {
  await page.goto('/verduurzaming/rapport');
  await page.getByTestId('xml-bestand').setInputFiles(path.join(energy, 'bad', 'not-energy.xml'));
  const alert = page.locator('.probleem[role=alert]');
  await expect(alert).toContainText('Bestand niet gelezen');
  await expect(alert).toContainText('Geen energiegegevens herkend');
  await expect(page.getByRole('button', { name: 'Rapport maken' })).toBeDisabled();
});

test('a used-up limit is the same notice as on the dashboard: minutes, a link to /sleutel, no seconds', async ({ page }) => {
  // The limit itself is tested in lib/access; here the page's answer to its 429.
  await page.route('**/v1/verduurzaming/nulmeting', (route) =>
    route.fulfill({
      status: 429,
      headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Retry-After': '2993' },
      body: JSON.stringify({ type: '/problemen#rate_limited', title: 'Te veel verzoeken', status: 429, detail: 'Limiet van 3600 verzoeken per uur bereikt; probeer het over 2993 seconden opnieuw.', errorCode: 'rate_limited' }),
    }),
  );
  await page.goto('/verduurzaming/rapport');
  await page.getByTestId('xml-bestand').setInputFiles(path.join(energy, 's04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
  const op = page.getByTestId('budget-op');
  await expect(op).toHaveText('Bestand niet gelezen: Te veel verzoeken. Over 50 minuten kunt u verder, of vraag een gratis sleutel aan op /sleutel.');
  await expect(op.getByRole('link', { name: '/sleutel' })).toHaveAttribute('href', '/sleutel');
  await expect(op.getByRole('button')).toHaveCount(0);
  await expect(page.locator('.probleem')).toHaveCount(0);
  await op.getByRole('link', { name: '/sleutel' }).click();
  await expect(page).toHaveURL(/\/sleutel$/);
});

test.describe('on a phone (390 x 844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a long file name does not widen the page and the measures table fits', async ({ page }, testInfo) => {
    const watched = watchPage(page);
    await page.goto('/verduurzaming/rapport');
    const naam = `maatwerkadvies_${'Witte-de-Withstraat_42A_Rotterdam_'.repeat(4)}definitief_v2.xml`;
    await page.getByTestId('xml-bestand').setInputFiles({
      name: naam,
      mimeType: 'application/xml',
      buffer: fs.readFileSync(path.join(energy, 's04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml')),
    });
    await expect(page.getByTestId('nulmeting')).toContainText('ep-online-maatwerkadvies-v2.0');
    await expect(page.getByText(naam)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.locator('input[name=postcode]').fill('3012BR');
    await page.locator('input[name=huisnummer]').fill('42');
    await page.locator('input[name=toevoeging]').fill('A');
    await page.getByRole('button', { name: 'Rapport maken' }).click();
    const rapport = page.getByTestId('rapport');
    await expect(rapport.locator('tbody tr')).toHaveCount(3);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // The table fits its box (no hidden columns to scroll to) and its last column is on screen.
    const houder = rapport.locator('.tabel-houder');
    const [scroll, client] = await houder.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client);
    const laatste = await rapport.locator('thead th').last().boundingBox();
    expect(laatste && laatste.x + laatste.width).toBeLessThanOrEqual(390);
    await page.screenshot({ path: testInfo.outputPath('uploader-390.png'), fullPage: true });
    expect(watched.consoleErrors).toEqual([]);
  });
});
