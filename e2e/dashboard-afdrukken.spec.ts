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

// Printed on A4 (issue 22 review): the radar's two columns squeezed its tables so headers broke per letter
// ("S/c/o/r/e") and a legend was cut. On paper the page is one column: at the width of an A4 page's printable
// area (210 mm minus the 12 mm margins of @page, at 96 px per inch) no header cell is narrower than its longest
// word and no word of a header or a cell is broken over two lines.
test('the radar printed on A4 keeps its table headers and names whole', async ({ page }, testInfo) => {
  const watched = await openWeergave(page, '/dashboard/radar');
  await expect(page.getByTestId('grafiek-voortschrijdend')).toBeVisible();
  const a4Breedte = Math.floor(((210 - 2 * 12) / 25.4) * 96);
  await page.setViewportSize({ width: a4Breedte, height: 1100 });
  await page.emulateMedia({ media: 'print' });
  await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
  const gevouwen = page.locator('.dash-inhoud details');
  const aantal = await gevouwen.count();
  expect(aantal, 'the radar has folded tables').toBeGreaterThan(1);
  for (let i = 0; i < aantal; i++) await expect(gevouwen.nth(i).locator('table')).toBeVisible();

  const gebroken = await page.evaluate(() => {
    const fouten: string[] = [];
    for (const cel of document.querySelectorAll<HTMLElement>('.dash-inhoud table th, .dash-inhoud table td')) {
      if (cel.getClientRects().length === 0) continue; // not shown
      const stijl = getComputedStyle(cel);
      const binnen = cel.getBoundingClientRect().width - parseFloat(stijl.paddingLeft) - parseFloat(stijl.paddingRight);
      const loop = document.createTreeWalker(cel, NodeFilter.SHOW_TEXT);
      for (let n = loop.nextNode(); n; n = loop.nextNode()) {
        const t = n.textContent ?? '';
        for (const m of t.matchAll(/[^\s\u00ad\u200b]+/g)) {
          const r = document.createRange();
          r.setStart(n, m.index);
          r.setEnd(n, m.index + m[0].length);
          const regels = new Set([...r.getClientRects()].filter((x) => x.width > 0).map((x) => Math.round(x.top)));
          const breedte = r.getBoundingClientRect().width;
          if (regels.size > 1) fouten.push(`"${m[0]}" broken over ${regels.size} lines in ${cel.tagName}`);
          else if (cel.tagName === 'TH' && breedte > binnen + 1) fouten.push(`header "${m[0]}" (${Math.round(breedte)} px) wider than its cell (${Math.round(binnen)} px)`);
        }
      }
    }
    return fouten;
  });
  expect(gebroken, 'words broken or wider than their header cell at A4 width').toEqual([]);

  // The legends fit on the page.
  const buiten = await page.evaluate(() =>
    [...document.querySelectorAll('.recharts-legend-item, .legenda li')]
      .filter((el) => el.getClientRects().length > 0)
      .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
      .map((el) => el.textContent),
  );
  expect(buiten, 'legend entries beyond the printed width').toEqual([]);

  await schermafdruk(page, testInfo, 'dashboard-radar-a4');
  // The page as Chromium prints it on A4, kept as an artefact (printing runs the print events itself).
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  await testInfo.attach('dashboard-radar-a4.pdf', { body: pdf, contentType: 'application/pdf' });
  await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
  await page.emulateMedia({ media: 'screen' });
  await netjes(page, watched, 'radar A4 print');
});
