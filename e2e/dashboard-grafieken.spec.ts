// The dashboard's chart views on the sample market (14 monthly versions, free preview: the last 12 months):
// the radar (market movement over a range kept in the URL, consolidators, target signals), the kansmodel
// (top scores with their factor contributions) and the mortgage segment (year slider, cohorts, spread,
// concentration). Every chart is checked for painted data marks (SVG elements with a real size), and the
// figures on the page are compared with the API's own answer fetched here. Reduced motion is asked for, so
// the charts draw without animation and the counts are stable at once.
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { dagenVerder, M, maandTekst, monitorData, netjes, openWeergave, schermafdruk, zichtbareVersies } from './dashboard-helpers';
import { ownWarnings, watchWarnings } from './helpers';

test.use({ reducedMotion: 'reduce' });

const NL = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const getal = (n: number) => NL.format(n);
/** The kansmodel's score as the page writes it: the API's kans × 100 on one decimal, no percent sign (a ranking, not a probability). */
const kans = (k: number) => NL.format(Math.round(k * 1000) / 10);
const plusMaanden = (m: string, n: number) => {
  const t = Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
};


/** Bars drawn with a real size (recharts draws one path per bar in .recharts-bar-rectangle; a zero value draws none or an empty one). */
async function geschilderd(figuur: Locator): Promise<number> {
  return figuur.locator('.recharts-bar-rectangle path, .recharts-bar-rectangle rect').evaluateAll((els) =>
    els.filter((e) => {
      const b = e.getBoundingClientRect();
      return b.width > 0.5 && b.height > 0.5;
    }).length,
  );
}

/** The texts of a chart's value labels (LabelList), in drawing order. */
const labels = (figuur: Locator) => figuur.locator('.recharts-label-list text').allTextContents();

/** A full-page screenshot from the top (the site header is sticky: scrolled down, it would cross the middle). */
async function vanBoven(page: Page, testInfo: TestInfo, naam: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await schermafdruk(page, testInfo, naam);
}

/** Opens a figure's table (the native disclosure under the chart). */
async function openTabel(figuur: Locator) {
  const details = figuur.locator('details');
  if ((await details.getAttribute('open')) === null) await details.locator('summary').click();
  await expect(details).toHaveAttribute('open', '');
}

/** A view's own class names: a preloaded stylesheet holding none of them belongs to another view. */
const GRAFIEKEN_CSS = /\.(figuur|grafiek|legenda|jaar)[-_]/;
const KANSMODEL_CSS = /\.(kans|kansmodel)[-_]/;

/** After a resize the charts follow on their next ResizeObserver round; then the page must fit the window. */
async function geenHorizontaleScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: 'no horizontal page scroll' })
    .toBeLessThanOrEqual(0);
}

interface Beweging {
  maand: string;
  aantal_nieuw: number;
  aantal_beeindigd: number;
  aantal_overgenomen: number;
  aantal_verhuisd: number;
}
interface RadarData {
  periode: { begindatum: string; einddatum: string };
  consolidatoren: { hoofdholding_id: string; naam: string; gewonnen: number; verloren: number }[];
  doelwitten: { vestiging_id: string; score: number; signalen: { punten: number }[] }[];
  marktbeweging: Beweging[];
}
const SOORTEN = ['nieuw', 'beeindigd', 'overgenomen', 'verhuisd'] as const;
const nietNul = (ms: Beweging[]) => ms.reduce((s, m) => s + SOORTEN.filter((k) => m[`aantal_${k}`] > 0).length, 0);

async function vergelijkBeweging(figuur: Locator, verwacht: Beweging[]) {
  await openTabel(figuur);
  const rijen = figuur.getByTestId('tabel-beweging').locator('tbody tr');
  await expect(rijen).toHaveCount(verwacht.length);
  for (const m of verwacht) {
    const rij = figuur.locator(`tr[data-maand="${m.maand}"]`);
    for (const k of SOORTEN) await expect(rij.locator(`td[data-soort="${k}"]`)).toHaveText(getal(m[`aantal_${k}`]));
  }
  await expect.poll(() => geschilderd(figuur.locator('.recharts-wrapper'))).toBe(nietNul(verwacht));
}

async function vergelijkConsolidatoren(figuur: Locator, r: RadarData) {
  const verwacht = r.consolidatoren.reduce((s, c) => s + (c.gewonnen > 0 ? 1 : 0) + (c.verloren > 0 ? 1 : 0), 0);
  await expect.poll(() => geschilderd(figuur)).toBe(verwacht);
  expect(await labels(figuur)).toEqual(r.consolidatoren.map((c) => getal(c.gewonnen)));
  await openTabel(figuur);
  const rijen = figuur.getByTestId('tabel-consolidatoren').locator('tbody tr');
  await expect(rijen).toHaveCount(r.consolidatoren.length);
  for (const [i, c] of r.consolidatoren.entries()) {
    // Named as the holdings view names them; the LEI only as secondary text, where GLEIF has no name.
    const zonderNaam = !c.naam || c.naam === c.hoofdholding_id || c.naam === 'Holding zonder naam in GLEIF';
    await expect(rijen.nth(i).locator('[data-veld="naam"]')).toHaveText(zonderNaam ? 'Holding zonder naam in GLEIF' : c.naam);
    if (zonderNaam) await expect(rijen.nth(i).locator('th small')).toHaveText(c.hoofdholding_id);
    await expect(rijen.nth(i).locator('[data-veld="gewonnen"]')).toHaveText(getal(c.gewonnen));
  }
}

test('the radar charts movement over a chosen range, consolidators and target signals, as the API answers them', async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const [radar, versies] = await Promise.all([
    monitorData<RadarData>(request, '/radar'),
    zichtbareVersies(request),
  ]);
  const maanden = [...new Set(versies.versies.map((v) => v.peildatum.slice(0, 7)))].sort();
  const nieuwste = maanden[maanden.length - 1];
  const warnings = watchWarnings(page);
  // Every key-figure request the radar makes: none, its own answer carries the four rolling totals (issue 22).
  const metriekVragen: string[] = [];
  page.on('request', (r) => {
    const pad = new URL(r.url()).pathname;
    if (pad.startsWith('/v1/distributiemonitor/metrieken')) metriekVragen.push(pad);
  });
  const watched = await openWeergave(page, '/dashboard/radar');
  const view = page.getByTestId('radar');
  await expect(page.getByRole('navigation', { name: 'Weergaven van het dashboard' }).getByRole('link', { name: 'Radar' })).toHaveAttribute('aria-current', 'page');

  // The view as it opens (tables closed), once its charts have bars.
  const beweging = view.getByTestId('grafiek-beweging');
  await expect.poll(() => geschilderd(beweging)).toBeGreaterThan(0);
  await expect.poll(() => geschilderd(view.getByTestId('grafiek-doelwitten'))).toBeGreaterThan(0);
  await expect(view.getByTestId('grafiek-voortschrijdend').locator('.recharts-line-curve')).toHaveCount(4);
  // The four rolling totals come with the radar's answer: no request of their own.
  expect(metriekVragen, 'key-figure requests of one radar load').toEqual([]);
  await vanBoven(page, testInfo, 'dashboard-radar');

  // Default range: the API's own 12 months, every bar and cell as it answered them.
  await expect(view.getByTestId('bereik-tekst')).toContainText('(12 maanden)');
  expect(radar.marktbeweging).toHaveLength(12);
  await vergelijkBeweging(beweging, radar.marktbeweging);
  await expect(view.getByRole('button', { name: '12 maanden' })).toHaveAttribute('aria-pressed', 'true');

  // Consolidators: one painted bar per non-zero gain and loss, the labels and the table are the API's numbers.
  await vergelijkConsolidatoren(view.getByTestId('grafiek-consolidatoren'), radar);

  // Targets: one segment per signal of every target, the table's scores are the API's.
  const doelwitten = view.getByTestId('grafiek-doelwitten');
  await expect.poll(() => geschilderd(doelwitten)).toBe(radar.doelwitten.reduce((s, d) => s + d.signalen.filter((x) => x.punten > 0).length, 0));
  await openTabel(doelwitten);
  const scores = doelwitten.locator('[data-veld="score"]');
  await expect(scores).toHaveText(radar.doelwitten.map((d) => getal(d.score)));

  // The rolling 12-month key figures: four lines over the versions of the range, the last values the API's.
  const voortschrijdend = view.getByTestId('grafiek-voortschrijdend');
  await expect(voortschrijdend.locator('.recharts-line-curve')).toHaveCount(4);
  const overnames = await monitorData<{ waarde: number; reeks: { peildatum: string; waarde: number }[] }>(request, '/metrieken/overnames-12m');
  await openTabel(voortschrijdend);
  const reeksInBereik = overnames.reeks.filter((p) => p.peildatum.slice(0, 7) >= radar.marktbeweging[0].maand);
  await expect(voortschrijdend.locator('tbody tr')).toHaveCount(reeksInBereik.length);
  await expect(voortschrijdend.locator('tbody tr').last().locator('td').nth(4)).toHaveText(getal(overnames.waarde));

  // 6 months: the URL says so, the chart has the bars of the last 6 months only, and a reload keeps it.
  await view.getByRole('button', { name: '6 maanden' }).click();
  const van6 = plusMaanden(nieuwste, -5);
  await expect(page).toHaveURL(new RegExp(`[?&]van=${van6}`));
  await expect(view.getByTestId('bereik-tekst')).toContainText('(6 maanden)');
  await vergelijkBeweging(beweging, radar.marktbeweging.slice(-6));
  await page.reload();
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  await expect(view.getByRole('button', { name: '6 maanden' })).toHaveAttribute('aria-pressed', 'true');
  await vergelijkBeweging(view.getByTestId('grafiek-beweging'), radar.marktbeweging.slice(-6));

  // Everything the free preview may see: longer than one radar answer, so the older months come from the
  // radar as of the version of the month before its window, and are the API's numbers too.
  await view.getByRole('button', { name: 'Alles' }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]van=${maanden[0]}`));
  await expect(view.getByTestId('bereik-tekst')).toContainText(`(${maanden.length} maanden)`);
  expect(maanden.length).toBeGreaterThan(12);
  const ouder = await monitorData<RadarData>(request, `/radar?peildatum=${versies.versies.find((v) => v.peildatum.startsWith(plusMaanden(radar.marktbeweging[0].maand, -1)))!.peildatum}`);
  const alles = [...ouder.marktbeweging.filter((m) => m.maand >= maanden[0] && m.maand < radar.marktbeweging[0].maand), ...radar.marktbeweging];
  expect(alles).toHaveLength(maanden.length);
  await vergelijkBeweging(beweging, alles);

  // An earlier end month: the consolidators are the radar's as of that month's version.
  const tot = plusMaanden(nieuwste, -6);
  await view.getByLabel('Tot en met').selectOption(tot);
  await expect(page).toHaveURL(new RegExp(`[?&]tot=${tot}`));
  const eerder = await monitorData<RadarData>(request, `/radar?peildatum=${versies.versies.find((v) => v.peildatum.startsWith(tot))!.peildatum}`);
  await expect(view.getByTestId('bereik-tekst')).toContainText(`tot en met`);
  await vergelijkConsolidatoren(view.getByTestId('grafiek-consolidatoren'), eerder);
  await page.reload();
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  await expect(view.getByLabel('Tot en met')).toHaveValue(tot);

  // Keyboard: the range controls are reachable and labelled.
  await view.getByRole('button', { name: '12 maanden' }).focus();
  await page.keyboard.press('Enter');
  await expect(view.getByRole('button', { name: '12 maanden' })).toHaveAttribute('aria-pressed', 'true');
  await expect(view.getByTestId('bronregel')).toContainText('Voorbeelddata');

  // On a phone: no horizontal page scroll, the charts still have their bars.
  await page.goto('/dashboard/radar');
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => geschilderd(view.getByTestId('grafiek-consolidatoren'))).toBeGreaterThan(0);
  await geenHorizontaleScroll(page);
  await vanBoven(page, testInfo, 'dashboard-radar-telefoon');
  await netjes(page, watched, 'radar');
  expect(await ownWarnings(request, warnings, GRAFIEKEN_CSS), 'console warnings: radar').toEqual([]);
});

test('the radar shows the problem when the as-of date lies beyond the free preview', async ({ page, request }) => {
  // The day before the preview's first date: the sample's oldest versions lie there, so it is not before the first.
  const { historie_vanaf } = await zichtbareVersies(request);
  expect(historie_vanaf).not.toBeNull();
  await page.goto(`/dashboard/radar?peildatum=${dagenVerder(historie_vanaf!, -1)}`);
  const fout = page.getByTestId('fout').first();
  await expect(fout).toContainText('(403)');
  await expect(fout).toContainText('free_preview');
  await expect(fout.getByRole('link', { name: 'Vraag een sleutel aan' })).toBeVisible();
});

test('the three views answer as of the dashboard date, and the tabs keep it', async ({ page, request }) => {
  test.setTimeout(60_000);
  // A version about half a year back: its own peildatum, so the range ends in its month.
  const { versies } = await zichtbareVersies(request);
  const peildatum = versies[Math.min(6, versies.length - 1)].peildatum;
  const [r, k, h] = await Promise.all([
    monitorData<RadarData>(request, `/radar?peildatum=${peildatum}`),
    monitorData<KansData>(request, `/kansmodel?peildatum=${peildatum}`),
    monitorData<HypData>(request, `/hypotheek?peildatum=${peildatum}`),
  ]);
  const watched = await openWeergave(page, `/dashboard/radar?peildatum=${peildatum}`);
  const radar = page.getByTestId('radar');
  // The range ends with the month of the version that answers for the date, and goes no further.
  expect(r.marktbeweging[r.marktbeweging.length - 1].maand).toBe(peildatum.slice(0, 7));
  await expect(radar.getByTestId('bereik-tekst')).toContainText(`tot en met ${maandTekst(peildatum)}`);
  await expect(radar.getByLabel('Tot en met').locator('option').first()).toHaveText(maandTekst(peildatum));
  expect(await labels(radar.getByTestId('grafiek-consolidatoren'))).toEqual(r.consolidatoren.map((c) => getal(c.gewonnen)));

  const tabs = page.getByRole('navigation', { name: 'Weergaven van het dashboard' });
  await tabs.getByRole('link', { name: 'Kansmodel' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/kansmodel\\?peildatum=${peildatum}`));
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  expect(await labels(page.getByTestId('grafiek-kans'))).toEqual(k.top.map((x) => kans(x.kans)));

  await tabs.getByRole('link', { name: 'Hypotheek' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/hypotheek\\?peildatum=${peildatum}`));
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  const laatste = h.voorraad[h.voorraad.length - 1];
  await expect(page.getByTestId('gekozen-jaar')).toHaveText(String(laatste.jaar));
  await expect(page.getByTestId('voorraad-aantal')).toHaveText(getal(laatste.aantal));
  await expect(page.locator('.teller[data-veld="totaal"] .teller__getal')).toHaveText(getal(h.kern.totaal));
  await netjes(page, watched, 'as of a date');
});

test('each chart view shows the problem the API answers, with a retry', async ({ page }) => {
  const probleem = { type: 'about:blank', title: 'Collectie niet beschikbaar', status: 503, errorCode: 'import_unavailable', detail: 'De distributiemonitor heeft nog geen datasetversie.' };
  for (const [pad, operatie] of [
    ['/dashboard/radar', 'radar'],
    ['/dashboard/kansmodel', 'kansmodel'],
    ['/dashboard/hypotheek', 'hypotheek'],
  ]) {
    await page.route(`**${M}/${operatie}*`, (route) => route.fulfill({ status: 503, contentType: 'application/problem+json', body: JSON.stringify(probleem) }));
    await page.goto(pad);
    const fout = page.getByTestId('fout');
    await expect(fout).toContainText('Collectie niet beschikbaar (503)');
    await expect(fout).toContainText(probleem.detail);
    await expect(fout.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
  }
});

interface KansData {
  gewichten: { naam: string; gewicht: number }[];
  intercept: number;
  top: { entiteit_id: string; naam: string; kans: number; richting: string; bijdragen: { factor: string; bijdrage: number }[] }[];
}

test('the kansmodel shows the top scores with their factor contributions, the weights and a table', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const k = await monitorData<KansData>(request, '/kansmodel');
  expect(k.top.length).toBeGreaterThan(0);
  const warnings = watchWarnings(page);
  const watched = await openWeergave(page, '/dashboard/kansmodel');
  const view = page.getByTestId('kansmodel');

  // The probability per entity: one bar each, labelled with the API's probability.
  const kansen = view.getByTestId('grafiek-kans');
  await expect.poll(() => geschilderd(kansen)).toBe(k.top.filter((r) => r.kans > 0).length);
  expect(await labels(kansen)).toEqual(k.top.map((r) => kans(r.kans)));

  // The contributions: one row per entity, one painted segment per non-zero factor contribution, a legend entry per factor.
  const bijdragen = view.getByTestId('grafiek-bijdragen');
  await expect(bijdragen.locator('.recharts-yAxis .recharts-cartesian-axis-tick')).toHaveCount(k.top.length);
  const segmenten = k.top.reduce((s, r) => s + r.bijdragen.filter((b) => Math.abs(b.bijdrage) > 0).length, 0);
  expect(segmenten).toBeGreaterThanOrEqual(k.top.length);
  await expect.poll(() => geschilderd(bijdragen)).toBe(segmenten);
  await expect(bijdragen.locator('.recharts-legend-item')).toHaveCount(k.gewichten.length);

  // The public weights, as the API publishes them.
  const gewichten = view.getByTestId('grafiek-gewichten');
  await expect.poll(() => geschilderd(gewichten)).toBe(k.gewichten.filter((g) => g.gewicht !== 0).length);
  await vanBoven(page, testInfo, 'dashboard-kansmodel');
  await openTabel(gewichten);
  await expect(gewichten.locator('tbody tr td:nth-child(2)')).toHaveText(k.gewichten.map((g) => getal(g.gewicht)));
  await expect(view.getByTestId('bronregel')).toContainText('Voorbeelddata');

  // The table form, chosen in the URL and kept on reload: every entity with its probability and direction.
  await view.getByRole('button', { name: 'Tabel' }).click();
  await expect(page).toHaveURL(/[?&]weergave=tabel/);
  await page.reload();
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  const rijen = view.getByTestId('tabel-kansen').locator('tbody tr');
  await expect(rijen).toHaveCount(k.top.length);
  for (const [i, r] of k.top.entries()) {
    await expect(rijen.nth(i).locator('th')).toHaveText(r.naam);
    await expect(rijen.nth(i).locator('[data-veld="kans"]')).toHaveText(kans(r.kans));
  }

  // The direction filter: as many rows as the API has with that direction, or a sentence that says why none.
  for (const richting of ['overname_kandidaat', 'monitoring']) {
    await view.getByRole('combobox', { name: 'Richting' }).selectOption(richting);
    await expect(page).toHaveURL(new RegExp(`[?&]richting=${richting}`));
    const n = k.top.filter((r) => r.richting === richting).length;
    if (n > 0) await expect(rijen).toHaveCount(n);
    else await expect(view.getByTestId('leeg')).toContainText('Kies een andere richting');
  }
  await view.getByRole('combobox', { name: 'Richting' }).selectOption('');
  await view.getByRole('button', { name: 'Grafiek' }).click();
  await page.setViewportSize({ width: 375, height: 800 });
  await geenHorizontaleScroll(page);
  await expect.poll(() => geschilderd(bijdragen)).toBe(segmenten);
  await vanBoven(page, testInfo, 'dashboard-kansmodel-telefoon');
  await netjes(page, watched, 'kansmodel');
  expect(await ownWarnings(request, warnings, KANSMODEL_CSS), 'console warnings: kansmodel').toEqual([]);
});

interface HypData {
  kern: { totaal: number; adviseren: number; bemiddelen: number; beide: number };
  voorraad: { jaar: number; aantal: number }[];
  cohorten: { cohort: string; aantal: number }[];
  spreiding: { brontabel: { titel: string; benadering: boolean }; gemeenten: { gemeente_naam: string; per_10000_huishoudens: number | null }[] };
  concentratie: { top5_pct: number | null; top: { aandeel_pct: number }[] };
}

test('the mortgage segment: core, a year slider over the stock, cohorts, spread (an approximation) and concentration', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const h = await monitorData<HypData>(request, '/hypotheek');
  expect(h.voorraad.length).toBeGreaterThan(5);
  const warnings = watchWarnings(page);
  const watched = await openWeergave(page, '/dashboard/hypotheek');
  const view = page.getByTestId('hypotheek');

  for (const k of ['totaal', 'adviseren', 'bemiddelen', 'beide'] as const) {
    await expect(view.locator(`.teller[data-veld="${k}"] .teller__getal`)).toHaveText(getal(h.kern[k]));
  }
  await expect.poll(() => geschilderd(view.getByTestId('grafiek-kern'))).toBeGreaterThan(0);

  // The stock: one bar per year with a stock; the slider starts at the newest year and shows the API's count.
  const voorraad = view.getByTestId('grafiek-voorraad');
  await expect.poll(() => geschilderd(voorraad)).toBe(h.voorraad.filter((v) => v.aantal > 0).length);
  const schuif = view.getByRole('slider', { name: 'Jaar' });
  const laatste = h.voorraad[h.voorraad.length - 1];
  await expect(schuif).toHaveValue(String(laatste.jaar));
  await expect(view.getByTestId('voorraad-aantal')).toHaveText(getal(laatste.aantal));

  // By keyboard: Home to the first year, then five years on; year and stock follow, the URL keeps the year.
  await schuif.focus();
  await page.keyboard.press('Home');
  await expect(view.getByTestId('gekozen-jaar')).toHaveText(String(h.voorraad[0].jaar));
  await expect(view.getByTestId('voorraad-aantal')).toHaveText(getal(h.voorraad[0].aantal));
  // Each step waits for the year it gives before the next (the state the next step builds on, not a pause).
  for (let i = 1; i <= 5; i++) {
    await page.keyboard.press('ArrowRight');
    await expect(view.getByTestId('gekozen-jaar')).toHaveText(String(h.voorraad[i].jaar));
  }
  const gekozen = h.voorraad[5];
  await expect(view.getByTestId('gekozen-jaar')).toHaveText(String(gekozen.jaar));
  await expect(view.getByTestId('voorraad-aantal')).toHaveText(getal(gekozen.aantal));
  await expect(page).toHaveURL(new RegExp(`[?&]jaar=${gekozen.jaar}`));
  await expect(schuif).toHaveAttribute('aria-valuetext', `${gekozen.jaar}: ${getal(gekozen.aantal)} vestigingen`);
  await page.reload();
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  await expect(schuif).toHaveValue(String(gekozen.jaar));
  await expect(view.getByTestId('voorraad-aantal')).toHaveText(getal(gekozen.aantal));

  // Holding the key down: five steps back without waiting in between end five years back, and the address
  // ends there too (the writes of a burst must not leave it on an older step).
  await schuif.focus();
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowLeft');
  await expect(view.getByTestId('gekozen-jaar')).toHaveText(String(h.voorraad[0].jaar));
  await expect(page).toHaveURL(new RegExp(`[?&]jaar=${h.voorraad[0].jaar}(&|$)`));
  await expect(view.getByTestId('voorraad-aantal')).toHaveText(getal(h.voorraad[0].aantal));

  // Cohorts: one bar per non-empty cohort, labelled with the API's counts.
  const cohorten = view.getByTestId('grafiek-cohorten');
  await expect.poll(() => geschilderd(cohorten)).toBe(h.cohorten.filter((c) => c.aantal > 0).length);
  // An empty cohort has no bar and so no label (the sample has none of 20+ years while its date lies before 2027:
  // Wft licences start in 2006); the table lists it.
  expect(await labels(cohorten)).toEqual(h.cohorten.filter((c) => c.aantal > 0).map((c) => getal(c.aantal)));

  // Spread: labelled as the approximation the API says it is; the ranked bars are the API's densities.
  await expect(view.getByTestId('spreiding-bron')).toContainText('Benadering');
  await expect(view.getByTestId('spreiding-bron')).toContainText(h.spreiding.brontabel.titel);
  const bekend = h.spreiding.gemeenten.filter((g) => g.per_10000_huishoudens !== null);
  const spreiding = view.getByTestId('grafiek-spreiding');
  expect(await labels(spreiding)).toEqual(bekend.slice(0, 10).map((g) => getal(g.per_10000_huishoudens!)));
  await view.getByLabel('Tonen').selectOption('alle');
  await expect(page).toHaveURL(/[?&]gemeenten=alle/);
  await expect.poll(() => geschilderd(spreiding)).toBe(bekend.filter((g) => g.per_10000_huishoudens! > 0).length);

  // Concentration in the segment.
  await expect(view.getByTestId('concentratie')).toContainText(`${getal(h.concentratie.top5_pct!)}%`);
  await expect.poll(() => geschilderd(view.getByTestId('grafiek-concentratie'))).toBe(h.concentratie.top.length);
  await expect(view.getByTestId('bronregel')).toContainText('Voorbeelddata');
  await vanBoven(page, testInfo, 'dashboard-hypotheek');
  await page.setViewportSize({ width: 375, height: 800 });
  await geenHorizontaleScroll(page);
  await vanBoven(page, testInfo, 'dashboard-hypotheek-telefoon');
  await netjes(page, watched, 'hypotheek');
  expect(await ownWarnings(request, warnings, GRAFIEKEN_CSS), 'console warnings: hypotheek').toEqual([]);
});
