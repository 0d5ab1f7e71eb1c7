// The dashboard's Benchmark, Versies and Volglijst views on the sample market (14 monthly versions, free
// preview: no key). Benchmark: one box per metric drawn as SVG, a vestiging found through the search, its own
// position marked with exactly the value and percentile the API answers, choices in the URL, at phone width
// without sideways scrolling. Versies: the list equals GET /versies, the version of the as-of date is marked,
// choosing a version and filtering its changes gives the API's totals and goes into the URL; a version older
// than the free preview shows the API's 403. Volglijst without a key explains and links to /sleutel.
// The watch list with a key and a newly published version: e2e/dashboard-alerts.spec.ts.
import { expect, test } from '@playwright/test';
import { dagenVerder, M, monitorData, netjes, openWeergave, schermafdruk } from './dashboard-helpers';

const getal = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 2 });
const fmt = (n: number | null) => (n === null ? '–' : getal.format(n));


test('benchmark: the distribution per metric, and a searched vestiging marked at its own value and percentile', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const watched = await openWeergave(page, '/dashboard/benchmark');
  const view = page.getByTestId('benchmark');

  // Without a vestiging: the whole market, one box per metric (bands as SVG rectangles, a median line), no marker.
  const markt = await monitorData<any>(request, `/benchmark`);
  await expect(view.getByRole('heading', { name: `Alle segmenten: ${fmt(markt.peergroep.n)} actieve vestigingen` })).toBeVisible();
  const figuren = view.locator('figure[data-metriek]');
  await expect(figuren).toHaveCount(markt.metrieken.length);
  expect(markt.metrieken.length).toBe(4);
  for (const m of markt.metrieken) {
    const fig = view.getByTestId(`verdeling-${m.metriek}`);
    expect(await fig.locator('svg .verdeling-band path.recharts-rectangle').count(), m.metriek).toBeGreaterThan(0);
    await expect(fig.locator('svg .mediaan-lijn line')).toHaveCount(1);
    await expect(fig.locator('figcaption')).toContainText(`mediaan ${fmt(m.verdeling.p50)}`);
  }
  await expect(view.getByTestId('eigen-positie')).toHaveCount(0);

  // Find a vestiging by the name of its organisation: organisation → its vestigingen → choose.
  const { vestigingen } = await monitorData<any>(request, `/vestigingen?actief=true&rijen=100`);
  const doel = vestigingen.find((v: any) => v.plaats && v.sinds && v.producten.length >= 2 && !/[()]/.test(v.naam));
  expect(doel, 'an active vestiging with a place and licence date').toBeTruthy();
  await view.getByLabel('Vestiging zoeken').fill(doel.naam);
  const org = view.getByTestId('zoekresultaten').getByRole('button', { name: new RegExp(`KvK ${doel.kvk_nummer}`) });
  await org.click();
  await expect(org).toHaveAttribute('aria-expanded', 'true');
  await view.locator(`button[data-vestiging="${doel.vestiging_id}"]`).click();
  await expect(page).toHaveURL(new RegExp(`vestiging=${doel.vestiging_id}`));
  await expect(view.getByTestId('gekozen-vestiging')).toContainText(doel.naam);

  // Its own position: one marker per metric with a value, text exactly as the API answers.
  const eigen = await monitorData<any>(request, `/benchmark?vestiging_id=${doel.vestiging_id}`);
  const metWaarde = eigen.metrieken.filter((m: any) => m.eigen?.waarde !== null);
  await expect(view.getByTestId('eigen-positie')).toHaveCount(metWaarde.length);
  for (const m of metWaarde) {
    const marker = view.getByTestId(`verdeling-${m.metriek}`).locator('svg [data-testid="eigen-positie"]');
    await expect(marker).toHaveCount(1);
    await expect(marker.locator('path')).toHaveCount(1);
    await expect(marker.getByTestId('eigen-tekst')).toHaveText(`${fmt(m.eigen.waarde)} · percentiel ${fmt(m.eigen.percentiel)}`);
    // The same numbers in the table (the chart's text form).
    const rij = view.getByTestId('benchmark-tabel').locator(`tr[data-metriek="${m.metriek}"] td`);
    await expect(rij.nth(8)).toHaveText(fmt(m.eigen.waarde));
    await expect(rij.nth(9)).toHaveText(fmt(m.eigen.percentiel));
  }
  await schermafdruk(page, testInfo, 'dashboard-benchmark');

  // A segment and the vestiging's own place: the peer group the API describes, both in the URL.
  await view.getByLabel('Segment (productbreedte)').selectOption('q2');
  await expect(page).toHaveURL(/seg=q2/);
  await view.getByRole('button', { name: `Vergelijk binnen ${doel.plaats}` }).click();
  await expect.poll(() => new URL(page.url()).searchParams.get('regio')).toBe(doel.plaats);
  await expect(page.getByLabel('Plaats (exact, hoofdletterongevoelig)')).toHaveValue(doel.plaats);
  const smal = await monitorData<any>(request, `/benchmark?peergroep_seg=q2&peergroep_regio=${encodeURIComponent(doel.plaats)}&vestiging_id=${doel.vestiging_id}`);
  const kop = view.getByRole('heading', { name: /^Segment q2 in / });
  await expect(kop).toContainText(`${doel.plaats}: ${fmt(smal.peergroep.n)} actieve vestiging`);

  // A place without offices: the empty state says why.
  await page.goto('/dashboard/benchmark?regio=Nergenshuizen');
  await expect(page.getByTestId('leeg')).toContainText('Geen actieve vestigingen in deze peergroep');
  await expect(page.getByLabel('Plaats (exact, hoofdletterongevoelig)')).toHaveValue('Nergenshuizen');

  // Phone width: the boxes and the marker still there, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`/dashboard/benchmark?vestiging=${doel.vestiging_id}`);
  await expect(page.getByTestId('laden')).toHaveCount(0);
  await expect(page.getByTestId('eigen-positie')).toHaveCount(metWaarde.length);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await schermafdruk(page, testInfo, 'dashboard-benchmark-telefoon');
  await netjes(page, watched, 'benchmark');
});

test('versies: the list equals /versies, the as-of version is marked, a chosen version and its filters give the API totals', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const lijst = await monitorData<any>(request, `/versies`);
  const watched = await openWeergave(page, '/dashboard/versies');
  const view = page.getByTestId('versies');

  // Every version the API lists, newest first, with its changelog sentence and total.
  const rijen = view.getByTestId('versie-tabel').locator('tbody tr');
  await expect(rijen).toHaveCount(lijst.totaal);
  expect(await rijen.evaluateAll((trs) => trs.map((tr) => Number(tr.getAttribute('data-versie'))))).toEqual(lijst.versies.map((v: any) => v.versie_id));
  for (const [i, v] of lijst.versies.entries()) {
    await expect(rijen.nth(i)).toContainText(v.changelog.tekst);
    await expect(rijen.nth(i).locator('td.getal')).toHaveText(fmt(v.changelog.totaal));
  }
  // The chart: a bar per version and kind, the version of the dashboard's stand (the newest) marked.
  expect(await view.locator('[data-testid="versie-grafiek"] .versie-staaf path.recharts-rectangle').count()).toBeGreaterThanOrEqual(lijst.totaal - 1);
  const nieuwste = lijst.versies[0];
  await expect(view.getByTestId('stand-markering')).toHaveCount(1);
  await expect(rijen.first().getByTestId('stand-markering')).toHaveText('nieuwste');
  await expect(view.locator('[data-testid="versie-grafiek"] .stand-markering path')).toHaveCount(1);

  // Opened by default: the newest version's changes, as many as the API counts.
  const wijz = view.getByTestId('wijzigingen');
  const alle = await monitorData<any>(request, `/versies/${nieuwste.versie_id}/wijzigingen?rijen=25`);
  await expect(wijz.getByRole('heading', { name: `Wijzigingen in versie ${nieuwste.versie_id} (peildatum ${nieuwste.peildatum})` })).toBeVisible();
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(alle.totaal));
  await expect(wijz.getByTestId('wijziging-rij')).toHaveCount(Math.min(25, alle.totaal));

  // Another version: in the URL, its own rows.
  const ander = lijst.versies[3];
  await view.getByRole('button', { name: `Versie ${ander.versie_id}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`versie=${ander.versie_id}`));
  const van = await monitorData<any>(request, `/versies/${ander.versie_id}/wijzigingen?rijen=25`);
  await expect(wijz.getByRole('heading', { name: `Wijzigingen in versie ${ander.versie_id} (peildatum ${ander.peildatum})` })).toBeVisible();
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(van.totaal));
  const ids = await wijz.getByTestId('wijziging-rij').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-entiteit')));
  expect(ids).toEqual(van.wijzigingen.map((w: any) => w.entiteit_id));

  // Filters: entity type, then change type; the totals the API gives for the same filters, in the URL.
  await wijz.getByLabel('Soort entiteit').selectOption('vestiging');
  await expect(page).toHaveURL(/entiteit_type=vestiging/);
  const vest = await monitorData<any>(request, `/versies/${ander.versie_id}/wijzigingen?entiteit_type=vestiging&rijen=25`);
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(vest.totaal));
  await expect(wijz.locator('[data-testid="wijziging-rij"]:not([data-entiteit-type="vestiging"])')).toHaveCount(0);
  await expect(wijz.getByTestId('wijziging-rij')).toHaveCount(vest.wijzigingen.length);
  await wijz.getByLabel('Soort wijziging').selectOption('overgenomen');
  await expect(page).toHaveURL(/wijziging_type=overgenomen/);
  const over = await monitorData<any>(request, `/versies/${ander.versie_id}/wijzigingen?entiteit_type=vestiging&wijziging_type=overgenomen&rijen=25`);
  expect(over.totaal).toBeLessThan(vest.totaal);
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(over.totaal));
  await expect(wijz.getByTestId('wijziging-rij')).toHaveCount(over.wijzigingen.length);
  // Each row in words: the fields that changed, old → new, entities by name (the API's namen), never a bare id of
  // an entity with a name; the row's own id only as small secondary text.
  if (over.wijzigingen.length) {
    const w = over.wijzigingen[0];
    const rij = wijz.getByTestId('wijziging-rij').first();
    const nieuweTop: string | null = w.nieuw?.hoofdholding_id ?? null;
    await expect(rij).toContainText('hoofdholding');
    await expect(rij).not.toContainText('hoofdholding_id');
    if (nieuweTop && over.namen[nieuweTop]) await expect(rij.locator('.versies-velden')).toContainText(over.namen[nieuweTop].naam);
    if (over.namen[w.entiteit_id]) await expect(rij.getByTestId('wijziging-naam')).toHaveText(over.namen[w.entiteit_id].naam);
    await expect(rij.locator('small')).toContainText(w.entiteit_id);
    const velden = await wijz.locator('.versies-velden').allInnerTexts();
    for (const id of Object.keys(over.namen)) for (const t of velden) expect(t, `a change line names ${id}`).not.toContain(id);
    // Fields by their labels, never by their raw names (vestiging_id, hoofdholding_id, ...).
    for (const t of velden) expect(t).not.toMatch(/\b[a-z]+_[a-z_]+\b/);
  }
  // A filter nothing matches: the empty state.
  await wijz.getByLabel('Soort entiteit').selectOption('hoofdholding');
  const geen = await monitorData<any>(request, `/versies/${ander.versie_id}/wijzigingen?entiteit_type=hoofdholding&wijziging_type=overgenomen`);
  if (geen.totaal === 0) await expect(wijz.getByTestId('leeg')).toContainText('Geen wijzigingen met deze filters');
  await expect(page).toHaveURL(/entiteit_type=hoofdholding/);
  await page.reload();
  await expect(wijz.getByLabel('Soort wijziging')).toHaveValue('overgenomen');
  await expect(wijz.getByLabel('Soort entiteit')).toHaveValue('hoofdholding');
  await schermafdruk(page, testInfo, 'dashboard-versies');

  // The dashboard's as-of date: the version that answers for it is marked and opened.
  const oud = lijst.versies[5];
  const stand = dagenVerder(oud.peildatum, 3);
  await page.goto(`/dashboard/versies?peildatum=${stand}`);
  await expect(page.getByTestId('laden')).toHaveCount(0);
  await expect(page.getByTestId('peildatum-versie')).toContainText(`versie ${oud.versie_id}`);
  await expect(page.locator(`tr[data-versie="${oud.versie_id}"]`).getByTestId('stand-markering')).toHaveText(`stand op ${stand}`);
  await expect(page.locator('[data-testid="versie-grafiek"] .stand-markering path')).toHaveAttribute('x1', String(oud.versie_id));
  await expect(page.getByRole('heading', { name: `Wijzigingen in versie ${oud.versie_id} (peildatum ${oud.peildatum})` })).toBeVisible();

  // From the overview: the link to all changes of the newest version.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Alle wijzigingen van deze versie →' }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/versies\\?versie=${nieuwste.versie_id}$`));
  await expect(page.getByRole('heading', { name: `Wijzigingen in versie ${nieuwste.versie_id} (peildatum ${nieuwste.peildatum})` })).toBeVisible();
  await netjes(page, watched, 'versies');
});

test('versies: a version older than the free preview shows the API problem (403) and where to get a key', async ({ page, request }) => {
  const zonder = await monitorData<any>(request, `/versies`);
  const oudste = Math.min(...zonder.versies.map((v: any) => v.versie_id)) - 1;
  expect(oudste, 'the sample has a version beyond the free preview').toBeGreaterThan(0);
  const r = await request.get(`${M}/versies/${oudste}/wijzigingen`);
  expect(r.status()).toBe(403);
  const probleem = await r.json();
  const watched = await openWeergave(page, `/dashboard/versies?versie=${oudste}`);
  const fout = page.getByTestId('wijzigingen').getByTestId('fout');
  await expect(fout).toContainText(`${probleem.title} (403)`);
  await expect(fout).toContainText(probleem.detail);
  await expect(fout.getByRole('link', { name: 'Vraag een sleutel aan' })).toHaveAttribute('href', '/sleutel');
  // The browser logs the refused request itself; nothing else may be logged.
  watched.consoleErrors.splice(0, watched.consoleErrors.length, ...watched.consoleErrors.filter((e) => !e.includes('status of 403')));
  await netjes(page, watched, 'versies 403');
});

test('volglijst without a key: what it is, and a way to a key', async ({ page }, testInfo) => {
  const watched = await openWeergave(page, '/dashboard/volglijst');
  const uitleg = page.getByTestId('zonder-sleutel');
  await expect(uitleg.getByRole('heading', { name: 'Volglijst en alerts vragen een API-sleutel' })).toBeVisible();
  await expect(uitleg.getByRole('link', { name: 'API-sleutel aanvragen' })).toHaveAttribute('href', '/sleutel');
  await expect(uitleg.getByRole('link', { name: 'Aanmelden met uw sleutel' })).toHaveAttribute('href', '/sleutel#mijn-sleutel');
  // Nothing was asked of the API without a key.
  await expect(page.getByTestId('volglijst-paneel')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Weergaven van het dashboard' }).getByRole('link', { name: 'Volglijst en alerts' })).toHaveAttribute('aria-current', 'page');
  await schermafdruk(page, testInfo, 'dashboard-volglijst-zonder-sleutel');
  await netjes(page, watched, 'volglijst zonder sleutel');
});
