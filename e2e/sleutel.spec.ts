// The API key page (/sleutel): a new user finds it from the dashboard, requests a standard key and gets it
// once (copy button, curl examples); the key unlocks what the free preview is refused (history older than a
// year, CSV), shown through the API itself. "Ik heb al een sleutel" checks a key and keeps it for the tab
// only; an invalid form and API problems (400, 429 with Retry-After) are shown; enterprise is queued; the
// page works by keyboard and on a phone. The server has the generated sample market with PREVIEW_MAANDEN + 2
// monthly versions (playwright.config.ts), so its oldest version lies beyond the free preview's year.
//
// The key request is limited to 5 per address per hour and every request here comes from 127.0.0.1: this
// file sends 3 (a 400 is not counted).
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { standaardSleutel } from './dashboard-helpers';
import { watchPage } from './helpers';

const SLEUTEL = /^nlod_s_[a-z2-7]{40}$/;

/** Console errors other than the browser's own line for an HTTP error the test caused on purpose. */
const onverwacht = (fouten: string[], statussen: number[]) =>
  fouten.filter((f) => !statussen.some((s) => f.includes(`Failed to load resource: the server responded with a status of ${s}`)));


async function vulFormulier(page: Page, gebruik = 'Marktanalyse van de adviesmarkt voor onze klanten') {
  await page.getByLabel('Naam', { exact: true }).fill('Eva de Vries');
  await page.getByLabel('E-mailadres').fill('eva@example.org');
  await page.getByLabel('Organisatie').fill('Adviesbureau De Vries');
  await page.getByLabel('Beoogd gebruik').fill(gebruik);
}

test('a new user gets a standard key on /sleutel, and the key unlocks history and CSV that the free preview is refused', async ({ page, request, context, baseURL }) => {
  test.setTimeout(90_000);
  const watched = watchPage(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });

  // From the dashboard to the key page; the header links there too.
  await page.goto('/dashboard');
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'API-sleutel' })).toHaveAttribute('href', '/sleutel');
  await page.getByRole('main').getByRole('link', { name: 'API-sleutel aanvragen' }).click();
  await expect(page).toHaveURL(/\/sleutel$/);
  await expect(page).toHaveTitle(/^API-sleutel · /);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('API-sleutel');
  await expect(page.getByRole('navigation', { name: 'Hoofdnavigatie' }).getByRole('link', { name: 'API-sleutel' })).toBeVisible();

  // The tier table, from TIER_REGELS.
  const tiers = page.locator('table.tier-tabel tbody tr');
  await expect(tiers).toHaveCount(3);
  await expect(page.locator('tr[data-tier="free_preview"]')).toContainText('laatste 12 maanden');
  await expect(page.locator('tr[data-tier="standard"]')).toContainText('1.000 per sleutel');
  await expect(page.locator('tr[data-tier="enterprise"]')).toContainText('webhooks');

  // The form, for standard (preselected).
  await vulFormulier(page);
  const standard = page.getByRole('radio', { name: /standard: direct uitgegeven/ });
  await expect(standard).toBeChecked();
  await page.getByRole('button', { name: 'Sleutel aanvragen' }).click();

  const uitkomst = page.getByTestId('aanvraag-uitkomst');
  await expect(uitkomst.getByRole('heading', { name: 'Uw sleutel is uitgegeven' })).toBeFocused();
  const sleutel = ((await page.getByTestId('nieuwe-sleutel').textContent()) ?? '').trim();
  expect(sleutel).toMatch(SLEUTEL);
  await expect(uitkomst).toContainText('Deze sleutel wordt niet opnieuw getoond');
  await expect(page.getByRole('form', { name: 'Sleutel aanvragen' })).toHaveCount(0); // the form gave way to the outcome
  // Signed in at once in this tab, and the outcome says so (no pasting it under "Ik heb al een sleutel").
  await expect(uitkomst.getByTestId('nieuwe-sleutel-onthouden')).toContainText('Deze sleutel is in dit tabblad onthouden');
  await expect(uitkomst.getByRole('button', { name: 'Gebruik deze sleutel in dit tabblad' })).toHaveCount(0);

  // Copy: the key is on the clipboard, and the outcome is announced.
  await uitkomst.getByRole('button', { name: 'Kopieer sleutel' }).click();
  await expect(uitkomst.getByText('Gekopieerd naar het klembord.').first()).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(sleutel);

  // Ready-to-use curl examples with the key: full history, the oldest version, CSV.
  const voorbeelden = uitkomst.locator('pre.codeblok code');
  await expect(voorbeelden).toHaveCount(3);
  const teksten = await voorbeelden.allTextContents();
  for (const t of teksten) expect(t).toContain(`curl -H "X-Api-Key: ${sleutel}" `);
  expect(teksten[0]).toContain(`${baseURL}/v1/distributiemonitor/versies`);
  expect(teksten[1]).toMatch(/\/v1\/distributiemonitor\/vestigingen\?peildatum=\d{4}-\d{2}-\d{2}"$/);
  expect(teksten[2]).toContain('/v1/distributiemonitor/vestigingen?formaat=csv&rijen=500');

  // The API, as the examples call it. The versions: all with the key, only the latest year without.
  const metSleutel = { 'X-Api-Key': sleutel };
  const alle = (await (await request.get('/v1/distributiemonitor/versies', { headers: metSleutel })).json()).data;
  const preview = (await (await request.get('/v1/distributiemonitor/versies')).json()).data;
  expect(alle.historie_vanaf).toBeNull();
  expect(preview.historie_vanaf).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(preview.totaal).toBeLessThan(alle.totaal);
  const oudste: string = alle.versies.at(-1).peildatum;
  expect(oudste < preview.historie_vanaf).toBe(true);
  expect(teksten[1]).toContain(`peildatum=${oudste}`);

  // History older than a year: 403 forbidden_tier naming standard without a key, 200 with it.
  const oud = `/v1/distributiemonitor/vestigingen?peildatum=${oudste}`;
  const geweigerd = await request.get(oud);
  expect(geweigerd.status()).toBe(403);
  expect(geweigerd.headers()['content-type']).toContain('application/problem+json');
  expect(await geweigerd.json()).toMatchObject({ status: 403, errorCode: 'forbidden_tier', vereiste_tier: 'standard' });
  const historie = await request.get(oud, { headers: metSleutel });
  expect(historie.status()).toBe(200);
  const h = (await historie.json()).data;
  expect(h.vestigingen.length).toBeGreaterThan(0);
  // Before the first version there is nothing to show to anyone: 400 invalid_parameter for both.
  const [j, m] = oudste.split('-').map(Number);
  const ervoor = `/v1/distributiemonitor/vestigingen?peildatum=${j - 1}-${String(m).padStart(2, '0')}-01`;
  for (const headers of [{}, metSleutel]) {
    const r = await request.get(ervoor, { headers });
    expect(r.status()).toBe(400);
    expect(await r.json()).toMatchObject({ errorCode: 'invalid_parameter', invalid_params: [{ name: 'peildatum' }] });
  }

  // CSV: 403 forbidden_tier without a key; with it text/csv with a header row, exactly as the example asks.
  const csvZonder = await request.get('/v1/distributiemonitor/vestigingen?formaat=csv');
  expect(csvZonder.status()).toBe(403);
  expect(await csvZonder.json()).toMatchObject({ errorCode: 'forbidden_tier', vereiste_tier: 'standard' });
  const csvUrl = /"(http[^"]+formaat=csv[^"]*)"/.exec(teksten[2])![1];
  const csv = await request.get(csvUrl, { headers: metSleutel });
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toBe('text/csv; charset=utf-8');
  const regels = (await csv.text()).replace(/^\uFEFF/, '').trim().split('\r\n');
  expect(regels[0]).toMatch(/^vestiging_id,naam,kvk_nummer,postcode,huisnummer,huisnummer_toevoeging,plaats,actief,/);
  expect(regels.length).toBeGreaterThan(1);
  expect(regels.length).toBeLessThanOrEqual(501);

  // The dashboard in the same tab uses the new key: signed in, not the free preview.
  await page.goto('/dashboard');
  const status = page.getByTestId('sleutel-status');
  await expect(status).toContainText('Aangemeld met');
  await expect(status).toContainText('standard');
  await expect(status).not.toContainText('Zonder sleutel');
  // Kept for this tab only (sessionStorage, docs/toegang.md): not in localStorage, unknown to another tab.
  expect(await page.evaluate(() => JSON.stringify({ ...window.localStorage }))).not.toContain(sleutel);
  expect(await page.evaluate(() => Object.values({ ...window.sessionStorage }))).toContain(sleutel);
  const anderTabblad = await context.newPage();
  await anderTabblad.goto('/dashboard');
  await expect(anderTabblad.getByTestId('sleutel-status')).toContainText('Zonder sleutel');
  await anderTabblad.close();

  await page.waitForLoadState('networkidle');
  expect(watched.consoleErrors, 'console errors on the key page').toEqual([]);
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});

test('"Ik heb al een sleutel" checks a key, keeps it for this tab only, and signs off', async ({ page, request, context }) => {
  const watched = watchPage(page);
  const sleutel = await standaardSleutel(request, 'Bestaande Gebruiker');
  await page.goto('/sleutel');
  const sectie = page.locator('section', { has: page.getByRole('heading', { name: 'Ik heb al een sleutel' }) });
  await expect(sectie).toContainText('sessionStorage');

  // Not a key at all: said at once, nothing sent.
  const veld = sectie.getByLabel('Uw API-sleutel');
  await veld.fill('mijn-geheime-sleutel');
  await sectie.getByRole('button', { name: 'Controleren en onthouden' }).click();
  await expect(sectie.getByText('Dit is geen sleutel')).toBeVisible();
  await expect(veld).toHaveAttribute('aria-invalid', 'true');

  // A key of the right shape that the server does not know: the API's 401 problem.
  await veld.fill(`nlod_s_${'a'.repeat(40)}`);
  await sectie.getByRole('button', { name: 'Controleren en onthouden' }).click();
  await expect(sectie.getByTestId('probleem')).toContainText('Niet geautoriseerd (401)');
  await expect(sectie.getByTestId('probleem')).toContainText('Onbekende of ingetrokken sleutel');
  expect(await page.evaluate(() => sessionStorage.getItem('nlod.api-sleutel'))).toBeNull();

  // The real key: tier standard, the limit and the prefix; kept in sessionStorage.
  await veld.fill(sleutel);
  await sectie.getByRole('button', { name: 'Controleren en onthouden' }).click();
  await expect(sectie.getByTestId('sleutel-tier')).toHaveText('standard');
  await expect(sectie.getByTestId('sleutel-feiten')).toContainText('1.000 verzoeken per uur');
  await expect(sectie.getByTestId('sleutel-feiten')).toContainText(sleutel.slice(0, 15));
  await expect(sectie.getByTestId('sleutel-feiten')).toContainText('Bestaande Gebruiker');
  await expect(sectie.getByTestId('sleutel-feiten')).not.toContainText(sleutel.slice(15)); // never the secret part
  expect(await page.evaluate(() => sessionStorage.getItem('nlod.api-sleutel'))).toBe(sleutel);

  // A reload of this tab keeps it; another tab does not see it.
  await page.reload();
  await expect(page.getByTestId('sleutel-tier')).toHaveText('standard');
  const anderTabblad = await context.newPage();
  await anderTabblad.goto('/sleutel');
  await expect(anderTabblad.getByLabel('Uw API-sleutel')).toBeVisible();
  expect(await anderTabblad.evaluate(() => sessionStorage.getItem('nlod.api-sleutel'))).toBeNull();
  await anderTabblad.close();

  // Afmelden: gone from the tab, the form is back.
  await page.getByRole('button', { name: 'Afmelden' }).click();
  await expect(page.getByText('U bent afgemeld')).toBeVisible();
  await expect(page.getByLabel('Uw API-sleutel')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('nlod.api-sleutel'))).toBeNull();

  expect(onverwacht(watched.consoleErrors, [401]), 'console errors').toEqual([]);
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});

test('an invalid form says what is wrong; API problems show title and detail, a 429 the minutes to wait', async ({ page, request }) => {
  const watched = watchPage(page);
  await page.goto('/sleutel');
  const versturen = page.getByRole('button', { name: 'Sleutel aanvragen' });

  // Empty: three required fields marked, focus on the first.
  await versturen.click();
  await expect(page.getByTestId('formulier-fouten')).toHaveText('Controleer de 3 gemarkeerde velden.');
  const naam = page.getByLabel('Naam', { exact: true });
  await expect(naam).toBeFocused();
  await expect(naam).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Vul uw naam in.')).toBeVisible();
  await expect(page.getByText('Vul uw e-mailadres in.')).toBeVisible();
  // Too short an intended use, an address the server would refuse: the server's rules, before sending.
  await vulFormulier(page, 'kort');
  await page.getByLabel('E-mailadres').fill('eva@localhost');
  await versturen.click();
  await expect(page.getByText('Beschrijf het gebruik in minstens 10 tekens (nu 4).')).toBeVisible();
  await expect(page.getByText('Dit is geen geldig e-mailadres')).toBeVisible();
  await expect(page.getByLabel('E-mailadres')).toBeFocused();
  await expect(page.getByLabel('Beoogd gebruik')).toHaveAttribute('aria-describedby', /aanvraag-gebruik-fout/);

  // The server's own 400 (a refused body is not counted against the limit) as the page shows it.
  const echt = await request.post('/v1/toegang/aanvragen', { data: { naam: 'E', email: 'x', gebruik: 'kort', tier: 'standard' } });
  expect(echt.status()).toBe(400);
  const probleem400 = await echt.text();
  let antwoord: { status: number; headers: Record<string, string>; body: string } = {
    status: 400,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8' },
    body: probleem400,
  };
  await page.route('**/v1/toegang/aanvragen', (route) => route.fulfill(antwoord));
  await vulFormulier(page);
  await versturen.click();
  const melding = page.getByTestId('probleem');
  await expect(melding).toContainText('Aanvraag niet gelukt: Ongeldige parameter (400)');
  await expect(melding).toContainText(JSON.parse(probleem400).detail);
  await expect(melding.getByRole('listitem').filter({ hasText: 'Beoogd gebruik' })).toBeVisible();
  // The reasons also mark the fields.
  await expect(page.getByLabel('E-mailadres')).toHaveAttribute('aria-invalid', 'true');

  // 429: the limit's problem with Retry-After.
  antwoord = {
    status: 429,
    headers: { 'Content-Type': 'application/problem+json; charset=utf-8', 'Retry-After': '1800' },
    body: JSON.stringify({
      type: '/problemen#rate_limited',
      title: 'Te veel verzoeken',
      status: 429,
      detail: 'Hoogstens 5 sleutelaanvragen per uur per adres; probeer het over 1800 seconden opnieuw.',
      errorCode: 'rate_limited',
      instance: 'urn:uuid:00000000-0000-4000-8000-000000000000',
    }),
  };
  await page.getByLabel('E-mailadres').fill('eva@example.org');
  await versturen.click();
  // The same notice as the dashboard's (issue 22): minutes rounded up, a working link to /sleutel, no seconds,
  // no retry button (the form stays, to send again later).
  const op = page.getByTestId('budget-op');
  await expect(op).toHaveText('Aanvraag niet gelukt: Te veel verzoeken. Over 30 minuten kunt u verder, of vraag een gratis sleutel aan op /sleutel.');
  await expect(op.getByRole('link', { name: '/sleutel' })).toHaveAttribute('href', '/sleutel');
  await expect(op.getByRole('button')).toHaveCount(0);
  await expect(page.getByTestId('retry-after')).toHaveCount(0);
  await expect(melding).toHaveCount(0);
  await expect(versturen).toBeEnabled();

  expect(onverwacht(watched.consoleErrors, [400, 429]), 'console errors').toEqual([]);
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});

test('on a phone, by keyboard only: an enterprise request is queued with its number and next steps', async ({ page }) => {
  const watched = watchPage(page);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/sleutel');
  // Nothing wider than the screen (the tier table becomes one card per tier).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  await page.getByLabel('Naam', { exact: true }).focus();
  await page.keyboard.type('Jan Jansen');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('E-mailadres')).toBeFocused();
  await page.keyboard.type('jan@example.org');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Organisatie')).toBeFocused();
  await page.keyboard.type('Groot Kantoor');
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Beoogd gebruik')).toBeFocused();
  await page.keyboard.type('Bulkexport voor ons datawarehouse, maandelijks');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('radio', { name: /standard: direct uitgegeven/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /enterprise: na goedkeuring/ })).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Sleutel aanvragen' })).toBeFocused();
  await page.keyboard.press('Enter');

  const uitkomst = page.getByTestId('aanvraag-uitkomst');
  await expect(uitkomst.getByRole('heading', { name: 'Uw aanvraag voor enterprise staat in de wachtrij' })).toBeFocused();
  await expect(uitkomst.getByTestId('aanvraag-id')).toHaveText(/^\d+$/);
  await expect(uitkomst.getByRole('heading', { name: 'Wat gebeurt er nu?' })).toBeVisible();
  await expect(uitkomst).toContainText('in behandeling');
  await expect(page.getByTestId('nieuwe-sleutel')).toHaveCount(0); // no key before approval
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

  expect(watched.consoleErrors, 'console errors').toEqual([]);
  expect(watched.externalRequests, 'requests that leave this machine').toEqual([]);
});
