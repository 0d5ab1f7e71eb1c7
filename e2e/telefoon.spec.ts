// The site on a phone (390 × 844): every page fits the width (no horizontal page scroll; wide tables scroll in
// their own container), the header's "Menu" reaches every top-level page, Back undoes the last filter choice,
// and the print stylesheet leaves the navigation out. A screenshot of every page at 390 and at 1440 px wide is
// kept as a test artefact (test-results/, attached to the report).
import { expect, test, type Page } from '@playwright/test';
import { WEERGAVEN } from '../components/dashboard/weergaven';
import { HOOFDPAGINAS } from '../components/site/site-nav';
import { monitorData, netjes, openWeergave, schermafdruk, zichtbareVersies } from './dashboard-helpers';
import { watchPage } from './helpers';

const TELEFOON = { width: 390, height: 844 };
const BREED = { width: 1440, height: 900 };

const PAGINAS = ['/', ...WEERGAVEN.map((w) => w.pad), '/status', '/sleutel', '/problemen', '/referentie', '/verduurzaming/rapport'];

/** Waits until the page's content is there: the dashboard's panels loaded, the reference rendered. */
async function geladen(page: Page, pad: string) {
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  if (pad === '/referentie') await expect(page.locator('.scalar-app').first()).toBeVisible({ timeout: 20_000 });
  await page.waitForLoadState('networkidle');
}

/** The page fits the window's width (polled: charts follow a resize on their next ResizeObserver round). */
async function pastInBreedte(page: Page, breedte: number, pad: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `no horizontal scroll on ${pad} at ${breedte} px` })
    .toBeLessThanOrEqual(breedte);
}

const naam = (pad: string) => (pad === '/' ? 'home' : pad.slice(1).replace(/\//g, '-'));

for (const pad of PAGINAS) {
  test(`${pad} fits a phone of 390 px without horizontal scroll`, async ({ page }, testInfo) => {
    test.setTimeout(60_000);
    await page.setViewportSize(TELEFOON);
    const watched = watchPage(page);
    const antwoord = await page.goto(pad);
    expect(antwoord?.status(), pad).toBe(200);
    await geladen(page, pad);
    await pastInBreedte(page, TELEFOON.width, pad);
    // The tables under the charts too (opened): a wide one scrolls in its own container, not the page.
    await page.evaluate(() => document.querySelectorAll('main details').forEach((d) => ((d as HTMLDetailsElement).open = true)));
    await pastInBreedte(page, TELEFOON.width, pad);
    await schermafdruk(page, testInfo, `${naam(pad)}-390`);

    await page.setViewportSize(BREED);
    await geladen(page, pad);
    await pastInBreedte(page, BREED.width, pad);
    await schermafdruk(page, testInfo, `${naam(pad)}-1440`);
    await netjes(page, watched, pad);
  });
}

test('on a phone the header has a Menu button that reaches every top-level page, by keyboard too', async ({ page }) => {
  await page.setViewportSize(TELEFOON);
  const watched = watchPage(page);
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Hoofdnavigatie' });
  const knop = nav.getByRole('button', { name: 'Menu' });
  await expect(knop).toBeVisible();
  await expect(knop).toHaveAttribute('aria-expanded', 'false');
  for (const p of HOOFDPAGINAS) await expect(nav.getByRole('link', { name: p.titel, exact: true })).toBeHidden();

  // Open with the mouse: every top-level page is a visible link, inside the window.
  await knop.click();
  await expect(knop).toHaveAttribute('aria-expanded', 'true');
  expect(HOOFDPAGINAS.map((p) => p.titel)).toEqual(['Dashboard', 'Rapport', 'Status', 'API-referentie', 'API-sleutel', 'Foutcodes']);
  for (const p of HOOFDPAGINAS) {
    const link = nav.getByRole('link', { name: p.titel, exact: true });
    await expect(link).toBeVisible();
    await expect(link).toHaveAttribute('href', p.pad);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(TELEFOON.width);
  }
  // Escape closes it and gives the focus back to the button.
  await page.keyboard.press('Escape');
  await expect(knop).toHaveAttribute('aria-expanded', 'false');
  await expect(knop).toBeFocused();
  await expect(nav.getByRole('link', { name: 'Status', exact: true })).toBeHidden();

  // By keyboard: Enter opens, Tab reaches the links, Enter follows one; the new page has the menu closed.
  await page.keyboard.press('Enter');
  await expect(knop).toHaveAttribute('aria-expanded', 'true');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Dashboard', exact: true })).toBeFocused();
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(nav.getByRole('link', { name: 'Status', exact: true })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/status$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Status van de bronnen' })).toBeVisible();
  await expect(knop).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('link', { name: 'Status', exact: true })).toBeHidden();

  // A click outside closes it too.
  await knop.click();
  await expect(knop).toHaveAttribute('aria-expanded', 'true');
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.mouse.click(5, TELEFOON.height - 200); // the page's margin, below the panel
  await expect(knop).toHaveAttribute('aria-expanded', 'false');

  // Wide: no button, the links in the header.
  await page.setViewportSize(BREED);
  await expect(knop).toBeHidden();
  for (const p of HOOFDPAGINAS) await expect(nav.getByRole('link', { name: p.titel, exact: true })).toBeVisible();
  await netjes(page, watched, 'menu');
});

interface Beweging {
  maand: string;
}

test('Back undoes the last filter choice: two choices on the radar, Back shows the first, Back again the start', async ({ page, request }) => {
  test.setTimeout(60_000);
  const [radar, versies] = await Promise.all([monitorData<{ marktbeweging: Beweging[] }>(request, '/radar'), zichtbareVersies(request)]);
  const maanden = [...new Set(versies.versies.map((v) => v.peildatum.slice(0, 7)))].sort();
  const watched = await openWeergave(page, '/dashboard/radar');
  const view = page.getByTestId('radar');
  const tekst = view.getByTestId('bereik-tekst');
  const van = view.getByLabel(/^Van/);
  const figuur = view.getByTestId('grafiek-beweging');
  const rijen = figuur.getByTestId('tabel-beweging').locator('tbody tr');
  await figuur.locator('details summary').click();

  /** The state shown: the range text, the Van box, and the months of the movement table (the data). */
  async function toont(n: number, eersteMaand: string) {
    await expect(tekst).toContainText(`(${n} maanden)`);
    await expect(van).toHaveValue(eersteMaand);
    await expect(rijen).toHaveCount(n);
    await expect(rijen.first()).toHaveAttribute('data-maand', eersteMaand);
  }
  const start = radar.marktbeweging[0].maand;
  await toont(12, start);
  expect(new URL(page.url()).search).toBe('');

  // First choice: the "6 maanden" button.
  await view.getByRole('button', { name: '6 maanden' }).click();
  const van6 = radar.marktbeweging[6].maand;
  await expect(page).toHaveURL(new RegExp(`[?&]van=${van6}`));
  await toont(6, van6);

  // Second choice: the Van box, three months.
  const van3 = maanden[maanden.length - 3];
  await van.selectOption(van3);
  await expect(page).toHaveURL(new RegExp(`[?&]van=${van3}`));
  await toont(3, van3);

  // Back: the first choice again (controls and data); Back again: the start.
  await page.goBack();
  await expect(page).toHaveURL(new RegExp(`[?&]van=${van6}`));
  await toont(6, van6);
  await expect(view.getByRole('button', { name: '6 maanden' })).toHaveAttribute('aria-pressed', 'true');
  await page.goBack();
  await expect(page).toHaveURL(/\/dashboard\/radar$/);
  await toont(12, start);
  await netjes(page, watched, 'radar Back');
});

for (const pad of ['/dashboard', '/dashboard/radar', '/status']) {
  test(`${pad} prints without navigation, with its content and a line with its address and the date of the data`, async ({ page }) => {
    const watched = watchPage(page);
    await page.goto(pad);
    await geladen(page, pad);
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeHidden();
    if (pad.startsWith('/dashboard')) await expect(page.getByRole('navigation', { name: 'Weergaven van het dashboard' })).toBeHidden();
    for (const knop of await page.locator('main button').all()) await expect(knop).toBeHidden();
    await expect(page.locator('main h1')).toBeVisible();
    await expect(page.locator(pad === '/status' ? 'main table' : '.dash-inhoud').first()).toBeVisible();
    const regel = page.getByTestId('afdrukregel');
    await expect(regel).toBeVisible();
    await expect(regel).toContainText(new URL(page.url()).host);
    await expect(regel).toContainText(/\d{4}/);
    await page.emulateMedia({ media: 'screen' });
    await expect(regel).toBeHidden();
    await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' })).toBeVisible();
    await netjes(page, watched, `${pad} print`);
  });
}
