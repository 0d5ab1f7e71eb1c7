// The dashboard's overview on the sample market: counts, coverage, peildatum per source, the newest
// version with its changelog, the key figures, links into every view; the as-of date is kept in the URL.
import { expect, test } from '@playwright/test';
import { dagenVerder, monitorData, netjes, openWeergave, schermafdruk, zichtbareVersies } from './dashboard-helpers';

type Deel = { aantal: number; aandeel_pct: number };
type KoppelDekking = { kvk: Deel; naam_plaats: Deel; geen: Deel; dubbelzinnig: number };

test('the overview shows the market, its coverage and the newest version', async ({ page, request }, testInfo) => {
  const watched = await openWeergave(page, '/dashboard');
  const o = page.getByTestId('overzicht');
  await expect(o.getByRole('heading', { name: /^De markt op \d{4}-\d{2}-\d{2}$/ })).toBeVisible();
  // The counters hold real numbers from /universum.
  const actief = o.locator('.teller').filter({ hasText: 'Actieve vestigingen' }).locator('.teller__getal');
  expect(Number((await actief.textContent())!.replace(/\./g, ''))).toBeGreaterThan(0);
  await expect(o.getByRole('meter', { name: /met LEI/ })).toBeVisible();
  // The links per target: each bar's parts and counts are /universum's; the sample market goes through the
  // name + place link (a share of its LEI records lacks the KvK number, as real GLEIF records do).
  const { koppeling } = await monitorData<{ koppeling: Record<'gleif' | 'dnb', KoppelDekking> }>(request, '/universum');
  expect(koppeling.gleif.naam_plaats.aantal).toBeGreaterThan(0);
  // The view's test ids name the link target (lei, dnb); the answer names the register (gleif, dnb).
  for (const [doel, sleutel] of [['lei', 'gleif'], ['dnb', 'dnb']] as const) {
    const figuur = o.getByTestId(`koppeling-${doel}`);
    await expect(figuur.getByRole('img')).toBeVisible();
    for (const deel of ['kvk', 'naam_plaats', 'geen'] as const) {
      const getekend = await figuur.locator(`li[data-deel="${deel}"] .koppeling__aantal`).textContent();
      expect(Number(getekend!.replace(/\./g, '')), `${doel} ${deel}`).toBe(koppeling[sleutel][deel].aantal);
      await expect(figuur.locator(`.koppeling__balk .koppeling__deel--${deel}`)).toHaveAttribute('style', `width: ${koppeling[sleutel][deel].aandeel_pct}%;`);
    }
    if (koppeling[sleutel].dubbelzinnig > 0) {
      await expect(figuur.getByTestId(`koppeling-${doel}-dubbelzinnig`)).toHaveText(new Intl.NumberFormat('nl-NL').format(koppeling[sleutel].dubbelzinnig));
    }
  }
  // Peildatum per source, every one labelled as sample data (the e2e server loads the generated sample).
  const bronnen = o.getByRole('table', { name: 'Peildatum per bron' });
  const rijen = bronnen.locator('tbody tr');
  await expect(rijen.filter({ hasText: 'AFM-register' })).toHaveCount(1);
  await expect(rijen.filter({ hasText: 'GLEIF' })).toHaveCount(1);
  for (const rij of await rijen.all()) await expect(rij).toContainText('Voorbeelddata');
  await expect(o.getByTestId('changelog')).not.toBeEmpty();
  await expect(o.getByTestId('bronregel')).toContainText('Voorbeelddata');
  await expect(page.getByTestId('sleutel-status')).toContainText('free preview');
  await schermafdruk(page, testInfo, 'dashboard-overzicht');

  // The as-of date goes into the URL and stays when switching views: a day between two of the sample's versions.
  const { versies } = await zichtbareVersies(request);
  const stand = dagenVerder(versies[Math.min(2, versies.length - 1)].peildatum, 3);
  await page.getByLabel('Stand op').fill(stand);
  await expect(page).toHaveURL(new RegExp(`peildatum=${stand}`));
  await page.reload();
  await expect(page.getByLabel('Stand op')).toHaveValue(stand);
  await page.getByRole('button', { name: 'Nieuwste' }).click();
  await expect(page).not.toHaveURL(/peildatum=/);
  await netjes(page, watched, 'overzicht');
});

test('the overview says what went wrong when the API refuses', async ({ page }) => {
  await page.route('**/v1/distributiemonitor/universum*', (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/problem+json',
      body: JSON.stringify({ type: 'about:blank', title: 'Collectie niet beschikbaar', status: 503, errorCode: 'import_unavailable', detail: 'Het AFM-register (fsp) is nog niet geïmporteerd.' }),
    }),
  );
  await page.goto('/dashboard');
  const fout = page.getByTestId('fout');
  await expect(fout).toContainText('Collectie niet beschikbaar (503)');
  await expect(fout).toContainText('Het AFM-register (fsp) is nog niet geïmporteerd.');
  await expect(fout.getByRole('button', { name: 'Opnieuw proberen' })).toBeVisible();
});

test('a key figure links to its card on the metrics view, as of the same date, with its scale next to the value', async ({ page, request }) => {
  const { versies } = await zichtbareVersies(request);
  const stand = dagenVerder(versies[Math.min(2, versies.length - 1)].peildatum, 3);
  const { metrieken } = await monitorData<{ metrieken: { naam: string; formule: string }[] }>(request, `/metrieken?peildatum=${stand}`);
  const watched = await openWeergave(page, `/dashboard?peildatum=${stand}`);
  const kengetallen = page.getByTestId('overzicht').locator('dl.kengetallen');
  await expect(kengetallen.locator('div[data-kengetal]')).toHaveCount(metrieken.length);
  // Every key figure links to its own card and keeps Stand op; the formula stays on hover.
  for (const m of metrieken) {
    const regel = kengetallen.locator(`div[data-kengetal="${m.naam}"]`);
    await expect(regel).toHaveAttribute('title', m.formule);
    await expect(regel.getByRole('link')).toHaveAttribute('href', `/dashboard/metrieken?peildatum=${stand}#metriek-${m.naam}`);
  }
  // The HHI with its scale; the unit of a count or a percentage is left to the number itself.
  const hhi = kengetallen.locator('div[data-kengetal="hhi"]');
  await expect(hhi.locator('dd')).toContainText('van 10.000');
  const waarde = (await hhi.locator('dd').textContent())!.split(' ')[0];
  await hhi.getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/metrieken\\?peildatum=${stand}#metriek-hhi$`));
  const kaart = page.locator('#metriek-hhi');
  await expect(kaart).toBeVisible();
  await expect(kaart).toBeInViewport();
  await expect(kaart.getByTestId('metriek-waarde')).toHaveText(waarde);
  await netjes(page, watched, 'overzicht naar metrieken');
});
