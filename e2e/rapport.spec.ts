// The report uploader as an advisor uses it: upload an energy XML file, check what was recognised, pick
// an address from the suggestions, get the ranked report and download the one-page PDF (checked with
// pdfinfo and rendered to PNG with pdftoppm as a test artifact). Sources answer from the replay server.
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
  await expect(herkend).toContainText('EP2 318.45');

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

  await page.getByRole('button', { name: 'PDF maken' }).click();
  const link = page.getByTestId('pdf-download');
  await expect(link).toBeVisible();
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('verduurzamingsrapport-3012BR-42.pdf');
  const pdf = testInfo.outputPath('verduurzamingsrapport.pdf');
  await download.saveAs(pdf);

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
