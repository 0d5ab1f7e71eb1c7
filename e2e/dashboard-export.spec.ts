// Export for keyed users (issue 22): with a standard key signed in on /sleutel, every view of the dashboard
// offers a Download menu on every table (CSV) and chart (PNG, SVG, and the CSV of its figures), and every one
// of them gives a file: the CSV parses with the table's header and row count, the SVG parses and carries the
// chart's title and its own texts, the PNG has the PNG signature and a size. The anonymous visitor sees no
// export. The menus work from the keyboard and are not printed.
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { netjes, openWeergave, schermafdruk, sleutelOnthouden, standaardSleutel } from './dashboard-helpers';

test.use({ reducedMotion: 'reduce' });

const VIEWS = ['/dashboard', '/dashboard/metrieken', '/dashboard/radar', '/dashboard/netwerk', '/dashboard/holdings', '/dashboard/benchmark', '/dashboard/kansmodel', '/dashboard/hypotheek', '/dashboard/versies', '/dashboard/volglijst'];

const PNG_HANDTEKENING = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const tekst = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Clicks `knop` and returns the downloaded file's name and bytes; the file is kept under test-results/ as an artefact. */
async function downloaden(page: Page, knop: Locator): Promise<{ naam: string; inhoud: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent('download'), knop.click()]);
  const pad = await download.path();
  expect(pad, 'the download finished').toBeTruthy();
  await download.saveAs(test.info().outputPath('downloads', download.suggestedFilename()));
  return { naam: download.suggestedFilename(), inhoud: await readFile(pad!) };
}

/** The CSV of `tabel` (the button's or the figure's) has the table's header row and as many rows as its body. */
async function controleerCsv(naam: string, inhoud: Buffer, tabel: Locator, weergave: string) {
  expect(naam).toMatch(new RegExp(`^${weergave}-[a-z0-9-]+-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
  const koppen = (await tabel.locator('thead th').allTextContents()).map(tekst);
  const rijen = await tabel.locator('tbody tr').count();
  expect(inhoud.subarray(0, 3).toString('hex'), `${naam}: UTF-8 byte-order mark as the API's CSV`).toBe('efbbbf');
  const records = parse(inhoud.toString('utf8'), { bom: true, relax_column_count: false }) as string[][];
  // Compared without white space and soft hyphens (the file puts a space between the parts of a header, the
  // page may not) and without the "(%)" the file adds to a column of percentages.
  const zonderWit = (r: string[]) => r.map((s) => s.replace(/\(%\)$/, '').replace(/[\s\u00ad]+/g, ''));
  expect(zonderWit(records[0]), `${naam}: header`).toEqual(zonderWit(koppen));
  expect(records.length - 1, `${naam}: rows`).toBe(rijen);
}

/** The PNG: signature, and a width and height (IHDR) of more than 0; returns the width. */
function controleerPng(naam: string, inhoud: Buffer): number {
  expect(inhoud.subarray(0, 8).equals(PNG_HANDTEKENING), `${naam}: PNG signature`).toBe(true);
  const [breedte, hoogte] = [inhoud.readUInt32BE(16), inhoud.readUInt32BE(20)];
  expect(breedte, `${naam}: width`).toBeGreaterThan(0);
  expect(hoogte, `${naam}: height`).toBeGreaterThan(0);
  return breedte;
}

/** The SVG parses as an SVG document (DOMParser in the page) with xmlns and contains each of `teksten`. */
async function controleerSvg(page: Page, naam: string, inhoud: Buffer, teksten: string[], grafiek: boolean): Promise<number> {
  const uitkomst = await page.evaluate((svg) => {
    const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
    return {
      fout: doc.querySelector('parsererror')?.textContent ?? null,
      wortel: doc.documentElement.localName,
      ns: doc.documentElement.namespaceURI,
      breedte: Number(doc.documentElement.getAttribute('width')),
      tekst: (doc.documentElement.textContent ?? '').replace(/\s+/g, ' '),
      // The chart's own SVG inside the frame carries the page's font and the fills its CSS gave it, inline.
      letter: doc.querySelector('g > svg[style*="font-family"]') !== null,
      stijlen: doc.querySelectorAll('g > svg [style*="fill"]').length,
    };
  }, inhoud.toString('utf8'));
  expect(uitkomst.fout, `${naam}: parses`).toBeNull();
  expect(uitkomst.wortel).toBe('svg');
  expect(uitkomst.ns).toBe('http://www.w3.org/2000/svg');
  for (const t of teksten) expect(uitkomst.tekst, `${naam}: contains “${t}”`).toContain(t);
  if (grafiek) {
    expect(uitkomst.letter, `${naam}: font inlined`).toBe(true);
    expect(uitkomst.stijlen, `${naam}: fills inlined`).toBeGreaterThan(0);
  }
  return uitkomst.breedte;
}

/**
 * Triggers every export on the page and checks each file. Returns how many files of each kind came.
 * A menu with one button is a table's CSV (the table right after it); a menu with "Download" is a chart's.
 */
async function allesExporteren(page: Page, weergave: string): Promise<Record<'csv' | 'png' | 'svg', number>> {
  const geteld = { csv: 0, png: 0, svg: 0 };
  const menus = page.getByTestId('export-menu');
  const n = await menus.count();
  for (let i = 0; i < n; i++) {
    const menu = menus.nth(i);
    await menu.scrollIntoViewIfNeeded();
    const csvKnop = menu.getByRole('button', { name: 'Download CSV' });
    if ((await csvKnop.count()) === 1) {
      const { naam, inhoud } = await downloaden(page, csvKnop);
      await controleerCsv(naam, inhoud, menu.locator('xpath=following-sibling::table[1]'), weergave);
      geteld.csv++;
      continue;
    }
    const open = menu.getByRole('button', { name: 'Download', exact: true });
    await expect(open).toHaveAttribute('aria-expanded', 'false');
    const isGraaf = (await menu.locator('xpath=ancestor::*[@data-testid="netwerk"]').count()) > 0;
    const figuur = menu.locator('xpath=ancestor::figure[1]');
    // The texts the exported SVG must carry: its title (the figure's, or the menu's subject) and the chart's own.
    const onderwerp = (await open.getAttribute('title'))!;
    const titel = onderwerp.match(/‘(.*)’/)?.[1] ?? null;
    const eigen = isGraaf
      ? [tekst(await page.getByTestId('netwerk-structuren').locator('tbody tr th').first().textContent())]
      : [tekst(await figuur.locator('.recharts-wrapper > svg text').filter({ hasText: /\S/ }).first().textContent())];

    const keuzes = menu.getByRole('group');
    let pngBreedte = 0;
    let svgBreedte = 0;
    await open.click();
    await expect(keuzes).toBeVisible();
    const formaten = (await keuzes.getByRole('button').allTextContents()).map(tekst);
    expect(formaten.slice(0, 2), 'a chart: PNG and SVG').toEqual(['PNG', 'SVG']);
    for (const formaat of ['PNG', 'SVG', 'CSV'] as const) {
      const knop = keuzes.getByRole('button', { name: formaat, exact: true });
      if (!formaten.includes(formaat)) continue;
      // A download closes the menu: open it again for the next format.
      if ((await open.getAttribute('aria-expanded')) !== 'true') await open.click();
      const { naam, inhoud } = await downloaden(page, knop);
      expect(naam).toMatch(new RegExp(`^${weergave}-[a-z0-9-]+-\\d{4}-\\d{2}-\\d{2}\\.${formaat.toLowerCase()}$`));
      if (formaat === 'PNG') pngBreedte = controleerPng(naam, inhoud);
      else if (formaat === 'SVG') svgBreedte = await controleerSvg(page, naam, inhoud, [...(titel ? [titel] : []), ...eigen, 'Bron:'], !isGraaf);
      else await controleerCsv(naam, inhoud, figuur.locator('table'), weergave);
      geteld[formaat.toLowerCase() as 'csv' | 'png' | 'svg']++;
    }
    // The PNG is the SVG drawn at twice its size.
    expect(pngBreedte, 'PNG at 2x the SVG').toBe(svgBreedte * 2);
  }
  return geteld;
}

test('with a key every table and chart of every view downloads as CSV, PNG and SVG', async ({ page, request }) => {
  test.setTimeout(420_000);
  const sleutel = await standaardSleutel(request, 'Analist Export');
  const watched = await sleutelOnthouden(page, sleutel);

  const totaal: Record<string, Record<'csv' | 'png' | 'svg', number>> = {};
  const bezoek = async (pad: string, klaar?: () => Promise<void>) => {
    await openWeergave(page, pad);
    await expect(page.getByTestId('sleutel-status')).toContainText('standard');
    await klaar?.();
    const weergave = pad.split('?')[0].split('/')[2] ?? 'overzicht';
    const geteld = await allesExporteren(page, weergave);
    totaal[pad] = geteld;
    return geteld;
  };

  for (const pad of VIEWS) {
    if (pad === '/dashboard/netwerk') {
      await bezoek(pad, () => expect(page.getByTestId('netwerk-graaf')).toHaveAttribute('data-stil', 'ja', { timeout: 30_000 }));
    } else if (pad === '/dashboard/benchmark') {
      await bezoek(pad, () => expect(page.getByTestId('benchmark-tabel')).toBeVisible());
    } else {
      await bezoek(pad);
    }
  }
  // A holding's own view, and the kansmodel's table (its second way of showing the scores).
  await openWeergave(page, '/dashboard/holdings');
  const eersteHolding = page.getByTestId('holdings-tabel').locator('tbody tr th a').first();
  const holdingPad = new URL((await eersteHolding.getAttribute('href'))!, 'http://x').pathname;
  await bezoek(holdingPad, () => expect(page.getByTestId('vestigingen-tabel')).toBeAttached());
  await bezoek('/dashboard/kansmodel?weergave=tabel', () => expect(page.getByTestId('tabel-kansen')).toBeAttached());

  // Every table on every view had a CSV (a figure's table through the figure's menu), every chart a PNG and an SVG.
  const som = Object.values(totaal).reduce((s, g) => ({ csv: s.csv + g.csv, png: s.png + g.png, svg: s.svg + g.svg }), { csv: 0, png: 0, svg: 0 });
  console.log(`exports: ${JSON.stringify(som)} over ${Object.keys(totaal).length} pages`, JSON.stringify(totaal));
  for (const [pad, verwacht] of Object.entries({
    '/dashboard': { csv: 2 },
    '/dashboard/metrieken': { png: 16, svg: 16, csv: 16 },
    '/dashboard/radar': { png: 4, svg: 4, csv: 4 },
    '/dashboard/netwerk': { png: 1, svg: 1, csv: 1 },
    '/dashboard/holdings': { png: 1, svg: 1, csv: 1 },
    '/dashboard/kansmodel': { png: 3, svg: 3, csv: 1 },
    '/dashboard/versies': { png: 1, svg: 1 },
  })) {
    for (const [soort, n] of Object.entries(verwacht)) expect(totaal[pad][soort as 'csv'], `${pad}: ${soort}`).toBeGreaterThanOrEqual(n);
  }
  expect(totaal[holdingPad].csv, 'a holding: vestigingen and wijzigingen').toBeGreaterThanOrEqual(1);
  expect(totaal['/dashboard/benchmark'].png, 'benchmark: a chart per metric').toBeGreaterThanOrEqual(1);
  expect(totaal['/dashboard/kansmodel?weergave=tabel'].csv).toBeGreaterThanOrEqual(2);
  // Every table on the pages visited has a CSV: those of the figures through their menus, the others with their own button.
  await netjes(page, watched, 'export');
});

test('the Download menu works from the keyboard and is not printed', async ({ page, request }, testInfo) => {
  await sleutelOnthouden(page, await standaardSleutel(request, 'Analist Toetsenbord'));

  const watched = await openWeergave(page, '/dashboard/radar');
  const menu = page.getByTestId('grafiek-beweging').getByTestId('export-menu');
  const open = menu.getByRole('button', { name: 'Download', exact: true });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'PNG', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(menu.getByRole('button', { name: 'CSV', exact: true })).toBeFocused();
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
  expect(download.suggestedFilename()).toMatch(/^radar-marktbeweging-per-maand-\d{4}-\d{2}-\d{2}\.csv$/);
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await schermafdruk(page, testInfo, 'dashboard-radar-export-menu');
  await page.keyboard.press('Escape');
  await expect(open).toHaveAttribute('aria-expanded', 'false');
  await expect(open).toBeFocused();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('export-menu').first()).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await expect(page.getByTestId('export-menu').first()).toBeVisible();
  await netjes(page, watched, 'export met het toetsenbord');
});

test('the anonymous visitor sees no export on any view', async ({ page }) => {
  test.setTimeout(120_000);
  for (const pad of VIEWS) {
    const watched = await openWeergave(page, pad);
    await expect(page.getByTestId('sleutel-status')).toContainText('free preview');
    await expect(page.getByTestId('export-menu'), pad).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Download/ }), pad).toHaveCount(0);
    await netjes(page, watched, `anoniem ${pad}`);
  }
});
