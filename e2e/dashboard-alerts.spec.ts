// The acceptance of the watch list: "a watch-list add shows up in the alert view after a new version is
// published". Publishing needs a second process beside the server (the import CLI), and the embedded PGlite
// of the standard e2e server admits one process, so this file starts its OWN server on a throw-away
// PostgreSQL cluster (scripts/pg-cluster.mjs, as the integration suite does): migrated, the generated sample
// market loaded (two months), served by scripts/serve.mjs with the e2e server's settings. Then, in a browser:
// a standard key signed in on /sleutel, a vestiging found and added on /dashboard/volglijst, the AFM export of
// the newest month regenerated (same generator, seed, scale and peildatum as the loaded sample) WITHOUT that
// vestiging's rows and imported with `scripts/import.ts fsp` (which recomputes the monitor: a new
// dataset_versie in which the vestiging is beëindigd), and the alert appears, unread, is marked read, and
// links to its version's changes. Skipped, with the reason, only when PostgreSQL is not installed.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, test, type APIRequestContext } from '@playwright/test';
import { unzipSync } from 'fflate';
import { dagenVerder, M, netjes, openWeergave, schermafdruk, sleutelOnthouden, standaardSleutel } from './dashboard-helpers';
import { draai, startEigenServer, vrijePoort, type EigenServer } from './eigen-server';

const root = path.resolve(__dirname, '..');
/** Monthly versions of the sample in this server (the generator is rerun with the same number). */
const MAANDEN = 2;
/** lib/registers/sample.ts SAMPLE_SCHAAL and the generator's default seed: the loaded sample's parameters. */
const SCHAAL = '0.03';
const GEBRUIKER = 'e2e-analist';

interface Cluster {
  url: string;
  stop: () => Promise<void>;
}

let omgeving: EigenServer | null = null;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(300_000);
  const pg = (await import(pathToFileURL(path.join(root, 'scripts/pg-cluster.mjs')).href)) as {
    postgresBinaries: () => unknown;
    startCluster: (o: { port: number; dir: string }) => Promise<Cluster>;
  };
  try {
    pg.postgresBinaries();
  } catch (e) {
    // Not a skip: `npm test` (scripts/test-all.mjs) installs PostgreSQL for this suite; without it this fails.
    throw new Error(`PostgreSQL is needed for the alert test (a second server process on one database): ${(e as Error).message}`);
  }
  omgeving = await startEigenServer({
    naam: 'alerts',
    maanden: MAANDEN,
    database: async (tmp) => pg.startCluster({ port: await vrijePoort(), dir: path.join(tmp, 'pg') }),
  });
});

test.afterAll(async () => {
  test.setTimeout(120_000);
  await omgeving?.stop();
  omgeving = null;
});

/** A postcode without spaces, upper case, for comparing. */
const zonderSpaties = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, '').toUpperCase();

async function json<T = any>(request: APIRequestContext, url: string, sleutel?: string): Promise<T> {
  const r = await request.get(url, { headers: sleutel ? { 'X-Api-Key': sleutel } : {} });
  expect(r.status(), url).toBe(200);
  return (await r.json()).data as T;
}

test('a watch-list add shows up in the alert view after a new version is published', async ({ page, request }, testInfo) => {
  test.setTimeout(240_000);
  const { base, env } = omgeving!;

  // A standard key, signed in on /sleutel as a user would ("Ik heb al een sleutel").
  const sleutel = await standaardSleutel(request, 'Analist Volglijst', base);
  const watched = await sleutelOnthouden(page, sleutel, base);

  // The vestiging to watch: an active, independent office (one vestiging per KvK number in the sample).
  const versiesVoor = await json(request, `${base}${M}/versies`, sleutel);
  expect(versiesVoor.totaal).toBe(MAANDEN);
  const { vestigingen } = await json(request, `${base}${M}/vestigingen?actief=true&rijen=200`, sleutel);
  const doel = vestigingen.find((v: any) => !v.hoofdholding_id && v.postcode && v.plaats && !/[()]/.test(v.naam));
  expect(doel, 'an active independent vestiging').toBeTruthy();

  // The watch list of gebruiker e2e-analist: empty, no alerts yet.
  await openWeergave(page, `${base}/dashboard/volglijst?gebruiker=${GEBRUIKER}`);
  const lijst = page.getByTestId('volglijst-paneel');
  const tijdlijn = page.getByTestId('tijdlijn');
  await expect(lijst.getByRole('heading', { name: `Volglijst van ${GEBRUIKER}` })).toBeVisible();
  await expect(lijst.getByTestId('leeg')).toContainText('is leeg');
  await expect(tijdlijn.getByTestId('leeg')).toContainText('Nog geen alerts');

  // An unknown id: the API's 404 as it says it, nothing added.
  const onbekend = await request.post(`${base}${M}/alerts/volglijst?gebruiker_id=${GEBRUIKER}`, {
    headers: { 'X-Api-Key': sleutel },
    data: { entiteit_type: 'vestiging', entiteit_id: 'VAAAAAAAAAA' },
  });
  expect(onbekend.status()).toBe(404);
  const probleem = await onbekend.json();
  await lijst.getByRole('form', { name: 'Volgen op id' }).getByLabel('vestiging_id').fill('VAAAAAAAAAA');
  await lijst.getByRole('button', { name: 'Volgen', exact: true }).click();
  await expect(lijst.getByTestId('fout')).toContainText(`Volglijst bijwerken: ${probleem.title} (404)`);
  await expect(lijst.getByTestId('fout')).toContainText(probleem.detail);

  // Found through the search (organisation name → its vestigingen) and added.
  await lijst.getByLabel('Of zoek een vestiging').fill(doel.naam);
  await lijst.getByTestId('zoekresultaten').getByRole('button', { name: new RegExp(`KvK ${doel.kvk_nummer}`) }).click();
  await lijst.locator(`button[data-vestiging="${doel.vestiging_id}"]`).click();
  // Named by its name and place; the id only as small secondary text.
  const doelNaam = `${doel.naam}, ${doel.plaats}`;
  await expect(lijst.getByTestId('volglijst-melding')).toContainText(`${doelNaam} staat nu op de volglijst van ${GEBRUIKER}`);
  await expect(lijst.getByTestId('fout')).toHaveCount(0);
  const gevolgd = lijst.locator(`[data-testid="gevolgd"] li[data-entiteit="${doel.vestiging_id}"]`);
  await expect(gevolgd).toBeVisible();
  await expect(gevolgd.getByTestId('entiteit-naam')).toHaveText(doelNaam);
  await expect(gevolgd.locator('small')).toHaveText(doel.vestiging_id);
  const volg = await json(request, `${base}${M}/alerts/volglijst?gebruiker_id=${GEBRUIKER}`, sleutel);
  expect(volg.volglijst.map((i: any) => [i.entiteit_type, i.entiteit_id, i.naam, i.plaats])).toEqual([['vestiging', doel.vestiging_id, doel.naam, doel.plaats]]);

  // A new version in which the vestiging is gone: the newest month's AFM export, regenerated exactly as the
  // sample loader made it, without its rows, imported beside the running server with the import CLI.
  const nieuwste = versiesVoor.versies[0];
  const fspPeildatum: string = nieuwste.bronnen.find((b: any) => b.register === 'fsp').peildatum.slice(0, 10);
  const gen = path.join(omgeving!.tmp, 'gen');
  await draai('npx', ['tsx', 'scripts/generate-registers.ts', '--schaal', SCHAAL, '--maanden', String(MAANDEN), '--markt', '--peildatum', fspPeildatum, '--uit', gen], env, 'generate-registers');
  const bron = path.join(gen, `maand-${String(MAANDEN).padStart(2, '0')}`, 'fsp', 'financiele-dienstverleners.zip');
  // The AFM full export as generated: a ZIP with one XML file; one <Instelling> per institution.
  const [xml] = Object.values(unzipSync(fs.readFileSync(bron))).map((b) => Buffer.from(b).toString('utf8'));
  const instellingen = xml.match(/<Instelling [\s\S]*?<\/Instelling>\n?/g) ?? [];
  const attr = (el: string, naam: string) => new RegExp(`${naam}="([^"]*)"`).exec(el)?.[1] ?? null;
  const vanDoel = (el: string) =>
    /<KVKNummer>([^<]*)<\/KVKNummer>/.exec(el)?.[1] === doel.kvk_nummer && zonderSpaties(attr(el, 'Postcode')) === zonderSpaties(doel.postcode);
  const weg = instellingen.filter(vanDoel).length;
  expect(weg, 'the watched vestiging is in the regenerated export').toBeGreaterThan(0);
  const zonder = path.join(omgeving!.tmp, 'fsp-zonder-vestiging.xml');
  fs.writeFileSync(zonder, instellingen.filter(vanDoel).reduce((x, el) => x.replace(el, ''), xml), 'utf8');
  const nieuwePeildatum = dagenVerder(fspPeildatum, 1);
  const uit = await draai('npx', ['tsx', 'scripts/import.ts', 'fsp', '--file', zonder, '--peildatum', nieuwePeildatum], env, 'import fsp');
  const gepubliceerd = /Distributiemonitor: datasetversie (\d+)/.exec(uit);
  expect(gepubliceerd, uit).not.toBeNull();
  const versieId = Number(gepubliceerd![1]);
  expect(versieId).toBeGreaterThan(nieuwste.versie_id);

  // The API has the alert; the running server sees the new version within its few seconds of cache.
  const feed = await json(request, `${base}${M}/alerts/tijdlijn?gebruiker_id=${GEBRUIKER}`, sleutel);
  const alerts = feed.alerts.filter((a: any) => a.entiteit_id === doel.vestiging_id);
  expect(alerts).toHaveLength(1);
  expect(alerts[0]).toMatchObject({ versie_id: versieId, entiteit_type: 'vestiging', entiteit_naam: doel.naam, entiteit_plaats: doel.plaats, wijziging_type: 'beëindigd', gelezen: false });
  await expect.poll(async () => (await json(request, `${base}${M}/versies`, sleutel)).versies[0].versie_id, { timeout: 20_000 }).toBe(versieId);

  // The alert view after a reload: the alert is there, unread, newest first.
  await page.reload();
  await expect(page.getByTestId('laden')).toHaveCount(0);
  const alert = tijdlijn.locator(`[data-testid="alert"][data-entiteit="${doel.vestiging_id}"]`);
  await expect(alert).toHaveCount(1);
  await expect(alert).toHaveAttribute('data-gelezen', 'nee');
  await expect(alert).toHaveAttribute('data-versie', String(versieId));
  await expect(alert).toContainText('beëindigd');
  await expect(alert.getByTestId('entiteit-naam')).toHaveText(doelNaam);
  await expect(alert.locator('small')).toHaveText(doel.vestiging_id);
  await expect(alert).toContainText(`Versie ${versieId}, peildatum ${alerts[0].datum}`);
  await expect(alert).toContainText('ongelezen');
  await expect(tijdlijn.getByTestId('tijdlijn-telling')).toHaveText(`${feed.totaal} alert${feed.totaal === 1 ? '' : 's'}, waarvan ${feed.ongelezen} ongelezen.`);
  await expect(tijdlijn.getByTestId('alert').first()).toHaveAttribute('data-entiteit', feed.alerts[0].entiteit_id);
  await schermafdruk(page, testInfo, 'dashboard-volglijst-alert');

  // Marked read: in the view and in the API; the unread filter (in the URL) is then empty.
  await alert.getByRole('button', { name: `Alert over ${doelNaam} in versie ${versieId} als gelezen markeren` }).click();
  await expect(alert).toHaveAttribute('data-gelezen', 'ja');
  await expect(alert.getByRole('button')).toHaveCount(0);
  const na = await json(request, `${base}${M}/alerts/tijdlijn?gebruiker_id=${GEBRUIKER}`, sleutel);
  expect(na.alerts.find((a: any) => a.alert_id === alerts[0].alert_id).gelezen).toBe(true);
  // (A controlled checkbox: its state follows the URL, so click and then wait for it.)
  await tijdlijn.getByLabel('Alleen ongelezen').click();
  await expect(page).toHaveURL(/ongelezen=ja/);
  await expect(tijdlijn.getByLabel('Alleen ongelezen')).toBeChecked();
  if (na.ongelezen === 0) await expect(tijdlijn.getByTestId('leeg')).toContainText(`Geen ongelezen alerts voor ${GEBRUIKER}`);
  await tijdlijn.getByLabel('Alleen ongelezen').click();
  await expect(page).not.toHaveURL(/ongelezen=ja/);
  await expect(alert).toBeVisible();

  // Phone width: the list and the alert readable, nothing wider than the screen.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(alert).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await schermafdruk(page, testInfo, 'dashboard-volglijst-telefoon');
  await page.setViewportSize({ width: 1280, height: 900 });

  // The alert's link: the version's changes for this vestiging in the Versies view.
  await alert.getByRole('link', { name: `Wijzigingen in versie ${versieId} →` }).click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/versies\\?versie=${versieId}&entiteit=${doel.vestiging_id}$`));
  const rijen = await json(request, `${base}${M}/versies/${versieId}/wijzigingen?entiteit=${doel.vestiging_id}`, sleutel);
  const wijz = page.getByTestId('wijzigingen');
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(rijen.totaal));
  await expect(wijz.getByTestId('wijziging-rij')).toHaveCount(rijen.totaal);
  const beeindigd = wijz.locator(`[data-testid="wijziging-rij"][data-entiteit="${doel.vestiging_id}"][data-wijziging-type="beëindigd"]`);
  await expect(beeindigd).toHaveCount(1);
  await expect(beeindigd.getByTestId('wijziging-naam')).toHaveText(doel.naam);
  await expect(page.locator(`tr[data-versie="${versieId}"]`).getByTestId('stand-markering')).toHaveText('nieuwste');
  await schermafdruk(page, testInfo, 'dashboard-versies-alert');

  // With the key the first version (the nulmeting, more rows than a page) is visible: paging in the URL.
  const eerste = versiesVoor.versies[versiesVoor.versies.length - 1];
  const nul = await json(request, `${base}${M}/versies/${eerste.versie_id}/wijzigingen?start=25&rijen=25`, sleutel);
  expect(nul.totaal).toBeGreaterThan(25);
  await page.getByRole('button', { name: `Versie ${eerste.versie_id}`, exact: true }).click();
  await wijz.getByRole('button', { name: 'Alle entiteiten' }).click();
  await expect(wijz.getByTestId('wijzigingen-telling')).toHaveAttribute('data-totaal', String(nul.totaal));
  await wijz.getByRole('button', { name: 'Volgende 25 →' }).click();
  await expect(page).toHaveURL(/start=25/);
  await expect(wijz.getByTestId('wijzigingen-telling')).toContainText(`rij 26–${Math.min(50, nul.totaal)}`);
  expect(await wijz.getByTestId('wijziging-rij').evaluateAll((trs) => trs.map((tr) => tr.getAttribute('data-entiteit')))).toEqual(
    nul.wijzigingen.map((w: any) => w.entiteit_id),
  );

  // Not watched any more: the list is empty again (the alert stays in the feed).
  await openWeergave(page, `${base}/dashboard/volglijst?gebruiker=${GEBRUIKER}`);
  await page.getByRole('button', { name: `${doelNaam} niet meer volgen` }).click();
  await expect(page.getByTestId('volglijst-paneel').getByTestId('leeg')).toContainText('is leeg');
  expect((await json(request, `${base}${M}/alerts/volglijst?gebruiker_id=${GEBRUIKER}`, sleutel)).volglijst).toEqual([]);

  // The only console error allowed: the browser's own line for the 404 the test caused on purpose.
  watched.consoleErrors.splice(0, watched.consoleErrors.length, ...watched.consoleErrors.filter((e) => !e.includes('status of 404')));
  await netjes(page, watched, 'volglijst en alerts');
});
