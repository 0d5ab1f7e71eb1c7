// The metrics view: every key figure of the monitor (GET /metrieken, one request) with its value, its series
// over the dataset versions as a chart, its formula, unit and scale (HHI with its bands), its source and an
// explanation; and the kansmodel's table, labelled as a score, readable at 1440 px.
import { expect, test } from '@playwright/test';
import type { Metriek } from '../components/dashboard/metrieken/metrieken';
import { M, monitorData, netjes, openWeergave, schermafdruk } from './dashboard-helpers';

test('every metric appears with its formula, unit, scale, source, explanation and a chart', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const { metrieken } = await monitorData<{ metrieken: Metriek[] }>(request, '/metrieken');
  expect(metrieken.length).toBe(16);
  // The page asks the API once for all of them, not once per metric.
  const vragen: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.startsWith(`${M}/metrieken`)) vragen.push(r.url());
  });
  await page.setViewportSize({ width: 1440, height: 900 });
  const watched = await openWeergave(page, '/dashboard/metrieken');
  const view = page.getByTestId('metrieken');
  await expect(page.getByRole('navigation', { name: 'Weergaven van het dashboard' }).getByRole('link', { name: 'Metrieken' })).toBeVisible();
  await expect(view.getByTestId('bronregel').first()).toContainText('Voorbeelddata');

  for (const m of metrieken) {
    const kaart = view.getByTestId(`metriek-${m.naam}`);
    await expect(kaart.getByRole('heading', { name: m.titel })).toBeVisible();
    await expect(kaart.getByTestId('metriek-formule')).toHaveText(m.formule);
    await expect(kaart.getByTestId('metriek-eenheid')).toContainText(m.eenheid);
    await expect(kaart.getByTestId('metriek-bron')).toHaveText(m.invoer.join('; '));
    await expect(kaart).toContainText(m.uitleg);
    // The chart: one line over the versions, with a dot per version that has a value.
    const grafiek = kaart.getByTestId('metriek-grafiek');
    await expect(grafiek.locator('svg.recharts-surface')).toBeVisible();
    await expect(grafiek.locator('.recharts-line-dot')).toHaveCount(m.reeks.filter((p) => p.waarde !== null).length);
    if (m.reeks.length > 1) await expect(grafiek.locator('.recharts-line-curve')).toHaveCount(1);
  }

  // HHI: its scale and the usual bands, and the band its value is in.
  const hhi = metrieken.find((m) => m.naam === 'hhi')!;
  const hhiKaart = view.getByTestId('metriek-hhi');
  await expect(hhiKaart.getByTestId('metriek-eenheid')).toContainText('0–10.000');
  await expect(hhiKaart.getByTestId('metriek-eenheid')).toContainText('niet geconcentreerd < 1.500, matig geconcentreerd 1.500–2.500, sterk geconcentreerd > 2.500');
  const band = hhi.schaal.banden.find((b) => hhi.waarde !== null && hhi.waarde >= b.ondergrens && (b.bovengrens === null || hhi.waarde < b.bovengrens))!;
  await expect(hhiKaart.getByTestId('metriek-band')).toHaveText(band.label);
  await schermafdruk(page, testInfo, 'dashboard-metrieken');
  expect(vragen, 'one request for the whole view').toHaveLength(1);

  // A phone: no horizontal scroll.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  await schermafdruk(page, testInfo, 'dashboard-metrieken-telefoon');
  await netjes(page, watched, 'metrieken');
});

test('the kansmodel is labelled as a score and its table is not clipped at 1440 px', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const watched = await openWeergave(page, '/dashboard/kansmodel?weergave=tabel');
  const view = page.getByTestId('kansmodel');
  await expect(view.getByRole('heading', { name: 'Consolidatiescore (0–100)' })).toBeVisible();
  await expect(view.getByTestId('score-uitleg')).toContainText('geen gekalibreerde kans');
  await expect(view.getByTestId('tabel-kansen').locator('thead')).toContainText('Score');
  await expect(view.getByTestId('tabel-kansen').locator('thead')).not.toContainText('%');
  const houder = view.getByTestId('kans-tabel-houder');
  await expect(houder.locator('tbody tr').first()).toBeVisible();
  const maat = await houder.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(maat.scroll, `table ${maat.scroll} px wide in a ${maat.client} px container`).toBeLessThanOrEqual(maat.client);
  await schermafdruk(page, testInfo, 'dashboard-kansmodel-tabel-1440');
  await netjes(page, watched, 'kansmodel table');
});
