// An exported chart keeps what the page draws past its right edge (issue 22 review): in the Metrieken charts
// the last point and its "2026-11" axis label were cut off in the file. The downloaded SVG, shown on its own
// in the browser, must have every text and point of the chart inside its picture; its source line sets the
// sample-data label apart ("Voorbeelddata · Bron: …").
import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { netjes, openWeergave, sleutelOnthouden, standaardSleutel } from './dashboard-helpers';

test.use({ reducedMotion: 'reduce' });

test('an exported Metrieken chart keeps its last point and label inside the picture', async ({ page, request }) => {
  const watched = await sleutelOnthouden(page, await standaardSleutel(request, 'Analist Rand'));
  await openWeergave(page, '/dashboard/metrieken');
  await expect(page.getByTestId('sleutel-status')).toContainText('standard');
  const menu = page.getByTestId('export-menu').filter({ has: page.getByRole('button', { name: 'Download', exact: true }) }).first();
  await menu.scrollIntoViewIfNeeded();
  await menu.getByRole('button', { name: 'Download', exact: true }).click();
  const [download] = await Promise.all([page.waitForEvent('download'), menu.getByRole('group').getByRole('button', { name: 'SVG', exact: true }).click()]);
  const svg = await readFile((await download.path())!, 'utf8');

  // Drawn on its own (no page styles), every text and dot of the chart lies within the document's width.
  const buiten = await page.evaluate((bron) => {
    const houder = document.createElement('div');
    houder.style.cssText = 'position:absolute;left:0;top:0';
    houder.innerHTML = bron;
    document.body.appendChild(houder);
    const wortel = houder.querySelector('svg')!;
    const links = wortel.getBoundingClientRect().left;
    const breedte = Number(wortel.getAttribute('width'));
    const uit = [...wortel.querySelectorAll('g > svg text, g > svg circle')]
      .map((el) => ({ tekst: el.textContent ?? el.tagName, rechts: el.getBoundingClientRect().right - links }))
      .filter((x) => x.rechts > breedte)
      .map((x) => `${x.tekst} ends at ${Math.round(x.rechts)} of ${breedte}`);
    // The chart's own SVG clips at its view box: its texts and dots lie within it too.
    const binnen = wortel.querySelector('g > svg')!;
    const vak = binnen.getBoundingClientRect();
    for (const el of binnen.querySelectorAll('text, circle')) {
      const r = el.getBoundingClientRect();
      if (r.width > 0 && r.right > vak.right + 0.5) uit.push(`${el.textContent || el.tagName} beyond the chart's view box (${Math.round(r.right)} > ${Math.round(vak.right)})`);
    }
    houder.remove();
    return uit;
  }, svg);
  expect(buiten, 'texts or points cut off at the right').toEqual([]);
  if (svg.includes('Voorbeelddata')) expect(svg).toContain('Voorbeelddata · Bron:');
  expect(svg).not.toMatch(/Voorbeelddata Bron/);
  await netjes(page, watched, 'metrieken export');
});
