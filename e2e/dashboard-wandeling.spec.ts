// The acceptance walk of issue 22: an anonymous visitor uses the dashboard for a normal sitting (every view,
// 30 interactions, two reloads, a second tab) on a server with the free preview's REAL limit of 60 monitor
// requests per hour, and never runs out. The budget is read where it is decided: every monitor answer carries
// RateLimit-Remaining, and each request the server counted lowers it by one, so the distinct values seen (per
// hourly window) are the requests that reached the limiter; an answer the browser served from its cache or a
// revalidation the server did not count repeats a value already seen. The test itself asks the API nothing
// (it would spend the same budget). What each step cost is attached as a table ("budget gebruikt: N van 60"),
// and each view and interaction may cost one request at most (a page load one more: the frame's /versies).
import { expect, test, type BrowserContext, type Page, type Response } from '@playwright/test';
import { PREVIEW_MAANDEN } from '@/lib/access/tiers';
import { dagenVerder, M } from './dashboard-helpers';
import { watchPage } from './helpers';
import { startEigenServer, type EigenServer } from './eigen-server';

const LIMIET = 60;
const UUR = 3_600_000;

let server: EigenServer | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  // As many months as the standard e2e server: a year of history makes the radar and a holding's history as
  // long as an advisor sees them.
  server = await startEigenServer({ naam: 'wandeling', maanden: PREVIEW_MAANDEN + 2, previewLimiet: LIMIET });
});

test.afterAll(async () => {
  test.setTimeout(60_000);
  await server?.stop();
  server = null;
});

/** Counts the monitor requests of a browser context that reached the server's limiter, step by step. */
function budgetTeller(context: BrowserContext) {
  const gezien = new Map<number, Set<number>>();
  const teLaat: string[] = [];
  let onderweg = 0;
  let stap: string[] = [];
  let laagste = LIMIET;
  const isMonitor = (url: string) => new URL(url).pathname.startsWith(M);
  context.on('request', (r) => void (isMonitor(r.url()) && onderweg++));
  context.on('requestfinished', (r) => void (isMonitor(r.url()) && onderweg--));
  context.on('requestfailed', (r) => void (isMonitor(r.url()) && onderweg--));
  context.on('response', (r: Response) => {
    if (!isMonitor(r.url())) return;
    if (r.status() === 429) teLaat.push(r.url());
    const h = r.headers();
    const rest = Number(h['ratelimit-remaining']);
    const reset = Number(h['ratelimit-reset']);
    if (!h['ratelimit-remaining'] || !Number.isFinite(rest) || !Number.isFinite(reset)) return;
    // The window an answer belongs to: windows are whole hours, so its end rounded to the hour names it.
    const venster = Math.round((Date.now() + reset * 1000) / UUR);
    const waarden = gezien.get(venster) ?? new Set<number>();
    gezien.set(venster, waarden);
    if (!waarden.has(rest)) {
      waarden.add(rest);
      const u = new URL(r.url());
      stap.push(`${u.pathname.slice(M.length)}${u.search}`);
    }
    laagste = Math.min(laagste, rest);
  });
  return {
    /** The requests counted since the previous call (path and query below the monitor's prefix). */
    stap(): string[] {
      const n = stap;
      stap = [];
      return n;
    },
    totaal: () => [...gezien.values()].reduce((s, w) => s + w.size, 0),
    vensters: () => gezien.size,
    laagste: () => laagste,
    onderweg: () => onderweg,
    teLaat,
  };
}

test('an anonymous sitting (every view, 30 interactions, two reloads, a second tab) stays within the free preview', async ({ browser }, testInfo) => {
  test.setTimeout(480_000);
  const base = server!.base;
  const context = await browser.newContext({ baseURL: base, locale: 'nl-NL', timezoneId: 'Europe/Amsterdam', viewport: { width: 1440, height: 900 } });
  const teller = budgetTeller(context);
  const page = await context.newPage();
  const watched = watchPage(page);
  const regels: { stap: string; kosten: number; verzoeken: string[]; laden: boolean }[] = [];
  let interacties = 0;
  const andereTabs: ReturnType<typeof watchPage>[] = [];

  /** Waits until the page shows its data and no monitor request is under way (three checks in a row). */
  async function rustig(p: Page) {
    let achtereen = 0;
    await expect
      .poll(
        async () => {
          const stil = teller.onderweg() === 0 && (await p.getByTestId('laden').count()) === 0;
          achtereen = stil ? achtereen + 1 : 0;
          return achtereen;
        },
        { timeout: 60_000, intervals: [200] },
      )
      .toBeGreaterThanOrEqual(3);
  }

  /** One step of the walk: do it, wait until the page is quiet, write down what it cost. */
  async function stap(naam: string, doe: () => Promise<unknown>, { interactie = true, p = page }: { interactie?: boolean; p?: Page } = {}) {
    await doe();
    await rustig(p);
    if (interactie) interacties++;
    const verzoeken = teller.stap();
    regels.push({ stap: naam, kosten: verzoeken.length, verzoeken, laden: !interactie });
    expect(teller.teLaat, `429 after "${naam}"`).toEqual([]);
    await expect(p.getByTestId('budget-op'), `budget-used notice after "${naam}"`).toHaveCount(0);
  }

  const nav = (p: Page = page) => p.getByRole('navigation', { name: 'Weergaven van het dashboard' });
  const tab = (titel: string, p: Page = page) => stap(`Naar ${titel}`, () => nav(p).getByRole('link', { name: titel, exact: true }).click().then(() => expect(nav(p).getByRole('link', { name: titel, exact: true })).toHaveAttribute('aria-current', 'page')), { p });
  // An as-of date a month and a half ago: the sample market has a version every month up to today.
  const stand = dagenVerder(new Date().toISOString().slice(0, 10), -45);

  try {
    await wandeling();
  } finally {
    await verslag();
  }

  async function wandeling() {
    // Overzicht.
    await stap('Overzicht openen', () => page.goto('/dashboard'), { interactie: false });
    await stap('Overzicht: Stand op', async () => {
      await page.getByLabel('Stand op').fill(stand);
      await expect(page).toHaveURL(new RegExp(`peildatum=${stand}`));
    });
    await stap('Overzicht: Nieuwste', async () => {
      await page.getByRole('button', { name: 'Nieuwste' }).click();
      await expect(page).not.toHaveURL(/peildatum=/);
    });

    // Metrieken.
    await tab('Metrieken');

    // Radar: presets, the range, the folded table.
    await tab('Radar');
    const radar = page.getByTestId('radar');
    for (const periode of ['6 maanden', 'Alles', '12 maanden']) {
      await stap(`Radar: ${periode}`, async () => {
        await radar.getByRole('button', { name: periode }).click();
        await expect(radar.getByRole('button', { name: periode })).toHaveAttribute('aria-pressed', 'true');
      });
    }
    await stap('Radar: cijfers als tabel', () => radar.locator('details summary').first().click());
    await stap('Radar: herladen', () => page.reload(), { interactie: false });

    // Netwerk: the year slider and the number of nodes.
    await tab('Netwerk');
    await stap('Netwerk: jaar terug', async () => {
      const jaar = page.getByRole('slider', { name: 'Jaar' });
      const voor = await jaar.inputValue();
      await jaar.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(jaar).not.toHaveValue(voor);
    });
    await stap('Netwerk: 30 knopen', async () => {
      await page.getByLabel('Maximaal aantal knopen').fill('30');
      await expect(page).toHaveURL(/max_nodes=30/);
    });

    // Holdings: the ranking, two holdings, a search, Back.
    await tab('Holdings');
    await stap('Holdings: top 5', async () => {
      await page.getByLabel('Toon').selectOption('5');
      await expect(page).toHaveURL(/sector_rang_max=5/);
    });
    const ranglijst = page.getByTestId('holdings-tabel').getByRole('link');
    await stap('Holdings: eerste holding openen', async () => {
      await ranglijst.first().click();
      await expect(page).toHaveURL(/\/dashboard\/holdings\/[^/?]+/);
    });
    let vestiging = '';
    await stap('Holding: vestiging zoeken', async () => {
      vestiging = ((await page.getByTestId('vestigingen-tabel').locator('tbody th').first().textContent()) ?? '').trim();
      await page.getByLabel('Zoek op naam, plaats of postcode').fill(vestiging.slice(0, 6));
      await expect(page).toHaveURL(/zoek=/);
    });
    await stap('Holding: terug naar de ranglijst', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/dashboard\/holdings\?sector_rang_max=5$/);
    });
    await stap('Holdings: tweede holding openen', async () => {
      await ranglijst.nth(1).click();
      await expect(page).toHaveURL(/\/dashboard\/holdings\/[^/?]+/);
    });

    // Benchmark: a segment and a search for a vestiging.
    await tab('Benchmark');
    const benchmark = page.getByTestId('benchmark');
    await stap('Benchmark: segment', async () => {
      await benchmark.getByLabel('Segment (productbreedte)').selectOption('q2');
      await expect(page).toHaveURL(/seg=q2/);
    });
    await stap('Benchmark: vestiging zoeken', async () => {
      await benchmark.getByLabel('Vestiging zoeken').fill(vestiging);
      await expect(benchmark.getByTestId('zoekresultaten').getByRole('button').first()).toBeVisible();
    });

    // Kansmodel: the table and a direction.
    await tab('Kansmodel');
    await stap('Kansmodel: tabel', async () => {
      await page.getByRole('group', { name: 'Weergave' }).getByRole('button', { name: 'Tabel' }).click();
      await expect(page).toHaveURL(/weergave=tabel/);
    });
    await stap('Kansmodel: richting', async () => {
      const richting = page.getByRole('combobox', { name: 'Richting' });
      await richting.selectOption((await richting.locator('option').nth(1).getAttribute('value'))!);
      await expect(page).toHaveURL(/richting=/);
    });

    // Hypotheek: the year slider and the number of municipalities.
    await tab('Hypotheek');
    await stap('Hypotheek: jaar terug', async () => {
      const jaar = page.getByRole('slider', { name: 'Jaar' });
      const voor = await jaar.inputValue();
      await jaar.focus();
      await page.keyboard.press('ArrowLeft');
      await expect(jaar).not.toHaveValue(voor);
    });
    await stap('Hypotheek: alle gemeenten', async () => {
      await page.getByLabel('Tonen').selectOption('alle');
      await expect(page).toHaveURL(/gemeenten=alle/);
    });

    // Versies: another version and a filter on its changes.
    await tab('Versies');
    await stap('Versies: vorige versie', async () => {
      await page.getByRole('button', { name: /^Versie \d+$/ }).nth(1).click();
      await expect(page).toHaveURL(/versie=\d+/);
    });
    await stap('Versies: alleen vestigingen', async () => {
      await page.getByTestId('wijzigingen').getByLabel('Soort entiteit').selectOption('vestiging');
      await expect(page).toHaveURL(/entiteit_type=vestiging/);
    });

    // Volglijst (without a key: what it offers), then back to views seen since the reload: the tab asks nothing
    // again (a reload starts with an empty page, as a new tab does: what it asks again is the browser cache's).
    await tab('Volglijst en alerts');
    for (const titel of ['Netwerk', 'Holdings', 'Versies']) {
      await tab(titel);
      expect(regels[regels.length - 1].verzoeken, `going back to ${titel} in the same tab`).toEqual([]);
    }
    await stap('Versies: herladen', () => page.reload(), { interactie: false });

    // A second tab in the same browser: two views.
    const tweede = await context.newPage();
    andereTabs.push(watchPage(tweede));
    await stap('Tweede tab: Holdings', () => tweede.goto('/dashboard/holdings'), { interactie: false, p: tweede });
    await stap('Tweede tab: naar Radar', () => nav(tweede).getByRole('link', { name: 'Radar', exact: true }).click().then(() => expect(tweede.getByTestId('radar')).toBeVisible()), { interactie: false, p: tweede });
  }

  async function verslag() {
    const gebruikt = teller.totaal();
    const tabel = [
      '| stap | verzoeken | totaal | welke |',
      '|---|---:|---:|---|',
      ...regels.map((r, i) => `| ${r.stap} | ${r.kosten} | ${regels.slice(0, i + 1).reduce((s, x) => s + x.kosten, 0)} | ${r.verzoeken.join(' ')} |`),
    ].join('\n');
    const samenvatting = `budget gebruikt: ${gebruikt} van ${LIMIET} (${interacties} interacties, 2 keer herladen, een tweede tab; laagste RateLimit-Remaining ${teller.laagste()}, ${teller.vensters()} uurvenster(s))`;
    console.log(`${samenvatting}\n${tabel}`);
    await testInfo.attach('budget', { body: `${samenvatting}\n\n${tabel}\n`, contentType: 'text/markdown' });
  }

  const gebruikt = teller.totaal();

  expect(interacties).toBeGreaterThanOrEqual(30);
  // One request per view and per interaction; a page load (a reload, a new tab) adds the frame's /versies.
  for (const r of regels) expect(r.kosten, `${r.stap}: ${r.verzoeken.join(' ')}`).toBeLessThanOrEqual(r.laden ? 2 : 1);
  expect(teller.teLaat).toEqual([]);
  expect(gebruikt).toBeLessThan(LIMIET);
  expect(watched.consoleErrors).toEqual([]);
  for (const w of andereTabs) expect(w.consoleErrors).toEqual([]);
  await context.close();
});
