// The dashboard's network and holdings views on the sample market (14 monthly versions, no key: the free
// preview). Every figure on screen is compared with the API's own answer, fetched here through `request`:
// the force graph's canvas really paints (pixels counted), the year slider and max_nodes change the graph and
// stay in the URL, a click on a node or on a structure in the list opens its structure view; the ranking and
// its bar chart; the structure's tree by keyboard, the vestigingen search, the changes over the versions, and
// the 404 problem of an unknown hoofdholding.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { dagenVerder, M, monitorData, netjes, openWeergave, schermafdruk } from './dashboard-helpers';
import { ownWarnings, watchWarnings } from './helpers';


interface Knoop {
  id: string;
  naam: string;
  type: string;
  grootte: number;
  groep: string;
}
interface Netwerk {
  jaar: number;
  nodes: Knoop[];
  verbindingen: { source: string; target: string; type: string }[];
  afgekapt: boolean;
  totaal_structuren: number;
  dekking: { versie_id: number; peildatum: string };
}
interface StructuurKnoop {
  id: string;
  naam: string;
  type: string;
  kinderen: StructuurKnoop[];
}
interface Wijziging {
  wijziging_id: number;
  versie_id: number;
  entiteit_id: string;
  oud: Record<string, unknown> | null;
  nieuw: Record<string, unknown> | null;
}

/** Answers of 400 and up (each also shows as a console error): named, for a clear failure message. */
function mislukt(page: Page): string[] {
  const uit: string[] = [];
  page.on('response', (r) => {
    if (r.status() >= 400) uit.push(`${r.status()} ${r.url()}`);
  });
  return uit;
}

/** Console warnings (these views must not cause any; netjes checks the errors). */
/** The views' own class names (a preloaded stylesheet holding none of them belongs to another view). */
const EIGEN_CSS = /\.(netwerk|holdings|boom)[-_]/;


/** The years the free preview can see (the slider's bounds). */
async function jaren(request: APIRequestContext) {
  const v = await monitorData<{ versies: { versie_id: number; peildatum: string }[] }>(request, '/versies');
  return { nieuwste: Number(v.versies[0].peildatum.slice(0, 4)), oudste: Number(v.versies[v.versies.length - 1].peildatum.slice(0, 4)) };
}

/** The structures (top nodes) of a graph answer, largest first, as the view lists them. */
const tops = (n: Netwerk) =>
  n.nodes.filter((k) => k.id === k.groep).sort((a, b) => b.grootte - a.grootte || a.naam.localeCompare(b.naam, 'nl') || (a.id < b.id ? -1 : 1));

/** Painted (non-transparent) pixels of the graph's canvas. */
function geverfd(page: Page): Promise<number> {
  return page
    .getByTestId('netwerk-graaf')
    .locator('canvas')
    .evaluate((c: HTMLCanvasElement) => {
      // A copy read once (reading the graph's own canvas repeatedly makes Chrome warn about willReadFrequently).
      const kopie = document.createElement('canvas');
      kopie.width = c.width;
      kopie.height = c.height;
      const ctx = kopie.getContext('2d', { willReadFrequently: true })!;
      ctx.drawImage(c, 0, 0);
      const { data: px } = ctx.getImageData(0, 0, c.width, c.height);
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      return n;
    });
}

/** Waits until the graph of this answer has settled (its simulation stopped, the picture fitted). */
async function stil(page: Page, n: Netwerk) {
  await expect(page.locator(`[data-testid="netwerk-graaf"][data-stil="ja"][data-jaar="${n.jaar}"][data-knopen="${n.nodes.length}"]`)).toHaveCount(1, { timeout: 20_000 });
}

/** The list under the graph matches the answer: one row per structure, in order, with its size. */
async function lijstKlopt(page: Page, n: Netwerk) {
  const rijen = page.getByTestId('netwerk-structuren').locator('tbody tr');
  const verwacht = tops(n);
  await expect(rijen).toHaveCount(verwacht.length);
  expect(await rijen.evaluateAll((tr) => tr.map((r) => r.getAttribute('data-id')))).toEqual(verwacht.map((t) => t.id));
  await expect(rijen.first().locator('td').nth(1)).toHaveText(String(verwacht[0].grootte));
  await expect(page.getByTestId('netwerk-knopen')).toHaveText(String(n.nodes.length));
}

test('the network graph paints its nodes, follows the year slider and max_nodes, and keeps them in the URL', async ({ page, request }, testInfo) => {
  const gewaarschuwd = watchWarnings(page);
  test.setTimeout(90_000);
  const { nieuwste, oudste } = await jaren(request);
  expect(oudste, 'the sample spans two calendar years').toBeLessThan(nieuwste);
  const nu = await monitorData<Netwerk>(request, `/relaties/netwerk?jaar=${nieuwste}&max_nodes=90`);
  const toen = await monitorData<Netwerk>(request, `/relaties/netwerk?jaar=${oudste}&max_nodes=90`);
  const klein = await monitorData<Netwerk>(request, `/relaties/netwerk?jaar=${oudste}&max_nodes=30`);
  // The two years really differ in the API's answer (other version, other structures or sizes).
  expect(toen.dekking.versie_id).not.toBe(nu.dekking.versie_id);
  expect(JSON.stringify(tops(toen).map((t) => [t.id, t.grootte]))).not.toBe(JSON.stringify(tops(nu).map((t) => [t.id, t.grootte])));

  const watched = await openWeergave(page, '/dashboard/netwerk');
  const jaar = page.getByRole('slider', { name: /Jaar/ });
  await expect(jaar).toHaveAttribute('min', String(oudste));
  await expect(jaar).toHaveAttribute('max', String(nieuwste));
  await expect(jaar).toHaveValue(String(nieuwste));
  await expect(page.getByTestId('netwerk-jaar')).toHaveText(String(nieuwste));
  await expect(page.getByLabel('Maximaal aantal knopen')).toHaveValue('90');
  await stil(page, nu);
  await lijstKlopt(page, nu);
  await expect(page.getByTestId('netwerk-samenvatting')).toContainText(nu.dekking.peildatum);
  if (nu.afgekapt) await expect(page.getByTestId('netwerk-afgekapt')).toContainText(`van de ${nu.totaal_structuren} structuren`);
  // The canvas fits its container and is painted: at least a disc of 4 px radius per node.
  const graaf = page.getByTestId('netwerk-graaf');
  const vak = (await graaf.boundingBox())!;
  const doek = (await graaf.locator('canvas').boundingBox())!;
  expect(doek.width).toBeLessThanOrEqual(vak.width);
  const pixelsNu = await geverfd(page);
  expect(pixelsNu).toBeGreaterThan(nu.nodes.length * 40);
  // The legend names the largest structures.
  const legenda = page.getByTestId('netwerk-legenda');
  await expect(legenda).toContainText(tops(nu)[0].naam);
  await schermafdruk(page, testInfo, 'dashboard-netwerk');

  // The slider by keyboard to the first year: URL, label, API answer, list, legend and picture follow.
  await jaar.focus();
  await page.keyboard.press('Home');
  await expect(page).toHaveURL(new RegExp(`jaar=${oudste}`));
  await expect(page.getByTestId('netwerk-jaar')).toHaveText(String(oudste));
  await stil(page, toen);
  await lijstKlopt(page, toen);
  await expect(page.getByTestId('netwerk-samenvatting')).toContainText(toen.dekking.peildatum);
  const legendaToen = await legenda.innerText();
  const pixelsToen = await geverfd(page);
  expect(pixelsToen).toBeGreaterThan(toen.nodes.length * 40);
  expect(pixelsToen).not.toBe(pixelsNu);
  await page.reload();
  await expect(page.getByRole('slider', { name: /Jaar/ })).toHaveValue(String(oudste));
  await stil(page, toen);

  // Fewer nodes: the answer for max_nodes=30, in the URL.
  await page.getByLabel('Maximaal aantal knopen').fill('30');
  await expect(page).toHaveURL(/max_nodes=30/);
  await stil(page, klein);
  expect(klein.nodes.length).toBeLessThanOrEqual(30);
  expect(klein.nodes.length).toBeLessThan(toen.nodes.length);
  await lijstKlopt(page, klein);
  expect(await legenda.innerText()).not.toBe(legendaToen);
  // Out of bounds: not sent, the field says why.
  await page.getByLabel('Maximaal aantal knopen').fill('5');
  await expect(page.getByLabel('Maximaal aantal knopen')).toHaveAttribute('aria-invalid', 'true');
  await page.waitForTimeout(500);
  await expect(page).toHaveURL(/max_nodes=30/);
  await netjes(page, watched, 'netwerk');
  expect(await ownWarnings(request, gewaarschuwd, EIGEN_CSS), `console warnings: netwerk`).toEqual([]);
});

test('a click on a node, or on a structure in the list, opens its structure view', async ({ page, request }) => {
  const gewaarschuwd = watchWarnings(page);
  const { nieuwste } = await jaren(request);
  const nu = await monitorData<Netwerk>(request, `/relaties/netwerk?jaar=${nieuwste}&max_nodes=90`);
  const grootste = tops(nu).find((t) => t.type === 'hoofdholding')!;
  const watched = await openWeergave(page, '/dashboard/netwerk');
  await stil(page, nu);

  // The node: where the library drew it (data-posities, after the simulation stopped), hover shows its name.
  const graaf = page.getByTestId('netwerk-graaf');
  await graaf.scrollIntoViewIfNeeded();
  const posities = JSON.parse((await graaf.getAttribute('data-posities'))!) as Record<string, [number, number]>;
  const [x, y] = posities[grootste.id];
  const doek = (await graaf.locator('canvas').boundingBox())!;
  await page.mouse.move(doek.x + x, doek.y + y);
  await expect(page.locator('.float-tooltip-kap')).toContainText(grootste.naam);
  await page.mouse.click(doek.x + x, doek.y + y);
  await expect(page).toHaveURL(new RegExp(`/dashboard/holdings/${grootste.id}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 2, name: grootste.naam })).toBeVisible();

  // The list: a link per hoofdholding, reachable by keyboard.
  await page.goBack();
  const link = page.getByTestId('netwerk-structuren').getByRole('link', { name: grootste.naam });
  await link.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/dashboard/holdings/${grootste.id}$`));
  await expect(page.getByRole('tree')).toBeVisible();
  await netjes(page, watched, 'netwerk → structuur');
  expect(await ownWarnings(request, gewaarschuwd, EIGEN_CSS), `console warnings: netwerk → structuur`).toEqual([]);
});

test('the network (and the holdings views) fit a phone', async ({ page, request }, testInfo) => {
  test.setTimeout(60_000);
  const gewaarschuwd = watchWarnings(page);
  await page.setViewportSize({ width: 375, height: 800 });
  const { nieuwste } = await jaren(request);
  const nu = await monitorData<Netwerk>(request, `/relaties/netwerk?jaar=${nieuwste}&max_nodes=90`);
  const watched = await openWeergave(page, '/dashboard/netwerk');
  await stil(page, nu);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  const doek = (await page.getByTestId('netwerk-graaf').locator('canvas').boundingBox())!;
  expect(doek.x).toBeGreaterThanOrEqual(0);
  expect(doek.x + doek.width).toBeLessThanOrEqual(375);
  expect(await geverfd(page)).toBeGreaterThan(nu.nodes.length * 40);
  await lijstKlopt(page, nu);
  await schermafdruk(page, testInfo, 'dashboard-netwerk-telefoon');
  // The ranking and a structure fit too (their wide tables scroll inside .tabel-houder).
  await page.goto('/dashboard/holdings');
  await expect(page.getByTestId('holdings-grafiek').locator('.recharts-bar-rectangle').first()).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await schermafdruk(page, testInfo, 'dashboard-holdings-telefoon');
  await page.getByTestId('holdings-tabel').getByRole('link').first().click();
  await expect(page.getByRole('tree')).toBeVisible();
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 20_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.evaluate(() => window.scrollTo(0, 0));
  await schermafdruk(page, testInfo, 'dashboard-structuur-telefoon');
  await netjes(page, watched, 'netwerk op een telefoon');
  expect(await ownWarnings(request, gewaarschuwd, EIGEN_CSS), `console warnings: netwerk op een telefoon`).toEqual([]);
});

interface Hoofdholding {
  hoofdholding_id: string;
  naam: string;
  aantal_vestigingen: number;
  aantal_vestigingen_actief: number;
  sector_rang: number;
}

test('the holdings ranking: table and bars as the API answers, the choice in the URL', async ({ page, request }, testInfo) => {
  const gewaarschuwd = watchWarnings(page);
  const alle = await monitorData<{ totaal: number; hoofdholdings: Hoofdholding[] }>(request, '/hoofdholdings?sector_rang_max=25');
  const top5 = await monitorData<{ hoofdholdings: Hoofdholding[] }>(request, '/hoofdholdings?sector_rang_max=5');
  const watched = await openWeergave(page, '/dashboard/holdings');
  const rijen = page.getByTestId('holdings-tabel').locator('tbody tr');
  await expect(rijen).toHaveCount(alle.hoofdholdings.length);
  expect(await rijen.evaluateAll((tr) => tr.map((r) => r.getAttribute('data-id')))).toEqual(alle.hoofdholdings.map((h) => h.hoofdholding_id));
  await expect(rijen.first().locator('td').nth(1)).toHaveText(String(alle.hoofdholdings[0].aantal_vestigingen_actief));
  // One bar per hoofdholding (SVG marks), the longest first.
  const staven = page.getByTestId('holdings-grafiek').locator('.recharts-bar-rectangle path');
  await expect(staven).toHaveCount(Math.min(25, alle.hoofdholdings.length));
  const breedtes = await staven.evaluateAll((p) => p.map((e) => (e as SVGGraphicsElement).getBBox().width));
  expect(breedtes[0]).toBeGreaterThan(breedtes[breedtes.length - 1]);
  await expect(page.getByTestId('holdings-samenvatting')).toContainText(String(alle.totaal));
  await schermafdruk(page, testInfo, 'dashboard-holdings');

  await page.getByLabel('Toon').selectOption('5');
  await expect(page).toHaveURL(/sector_rang_max=5/);
  await expect(rijen).toHaveCount(top5.hoofdholdings.length);
  await expect(staven).toHaveCount(top5.hoofdholdings.length);
  await page.reload();
  await expect(page.getByLabel('Toon')).toHaveValue('5');
  await rijen.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/dashboard/holdings/${top5.hoofdholdings[0].hoofdholding_id}$`));
  await expect(page.getByRole('heading', { level: 2, name: top5.hoofdholdings[0].naam })).toBeVisible();
  await netjes(page, watched, 'holdings');
  expect(await ownWarnings(request, gewaarschuwd, EIGEN_CSS), `console warnings: holdings`).toEqual([]);
});

test('a structure: the tree by keyboard, the vestigingen search, the changes over the versions', async ({ page, request }, testInfo) => {
  const gewaarschuwd = watchWarnings(page);
  const fouten = mislukt(page);
  test.setTimeout(60_000);
  const [top] = (await monitorData<{ hoofdholdings: Hoofdholding[] }>(request, '/hoofdholdings?sector_rang_max=1')).hoofdholdings;
  const s = await monitorData<{ boom: StructuurKnoop; wijzigingen: Wijziging[]; dekking: { versie_id: number } }>(request, `/hoofdholdings/${top.hoofdholding_id}/structuur`);
  const vest = await monitorData<{ totaal: number; vestigingen: { naam: string; plaats: string | null; postcode: string | null }[] }>(
    request,
    `/vestigingen?hoofdholding=${top.hoofdholding_id}&rijen=500`,
  );
  const watched = await openWeergave(page, `/dashboard/holdings/${top.hoofdholding_id}`);
  await expect(page.getByRole('heading', { level: 2, name: s.boom.naam })).toBeVisible();

  // The tree: the root open with its children, the first holding under it closed.
  const tree = page.getByRole('tree');
  const wortel = tree.getByRole('treeitem').first();
  await expect(wortel).toHaveAttribute('aria-expanded', 'true');
  const kinderen = wortel.locator(':scope > [role="group"] > [role="treeitem"]');
  await expect(kinderen).toHaveCount(s.boom.kinderen.length);
  const tak = s.boom.kinderen.find((k) => k.kinderen.length > 0)!;
  const takIndex = s.boom.kinderen.indexOf(tak);
  const takItem = kinderen.nth(takIndex);
  await expect(takItem).toHaveAttribute('aria-expanded', 'false');
  await expect(takItem.locator('[role="treeitem"]')).toHaveCount(0);
  // Keyboard only: Down to the branch, Right opens it, Right again to its first child, Left back, Left closes.
  await wortel.focus();
  for (let i = 0; i <= takIndex; i++) await page.keyboard.press('ArrowDown');
  await expect(takItem).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(takItem).toHaveAttribute('aria-expanded', 'true');
  await expect(takItem.locator(':scope > [role="group"] > [role="treeitem"]')).toHaveCount(tak.kinderen.length);
  await page.keyboard.press('ArrowRight');
  await expect(takItem.locator('[role="treeitem"]').first()).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(takItem).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(takItem).toHaveAttribute('aria-expanded', 'false');
  await expect(takItem.locator('[role="treeitem"]')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(takItem).toHaveAttribute('aria-expanded', 'true');
  // Left from a closed child... to the root; Left there closes the whole tree; one tab stop throughout.
  await page.keyboard.press('Enter');
  await page.keyboard.press('ArrowLeft');
  await expect(wortel).toBeFocused();
  await page.keyboard.press('ArrowLeft');
  await expect(wortel).toHaveAttribute('aria-expanded', 'false');
  await expect(tree.getByRole('treeitem')).toHaveCount(1);
  await expect(tree.locator('[tabindex="0"]')).toHaveCount(1);
  await page.keyboard.press('ArrowRight');
  await expect(wortel).toHaveAttribute('aria-expanded', 'true');

  // A link to a node inside the tree (as a click on a graph node gives): its branch open, the node marked.
  const diep = tak.kinderen.find((k) => k.type === 'vestiging')!;
  await page.goto(`/dashboard/holdings/${top.hoofdholding_id}?open=${diep.id}`);
  const doelItem = page.locator(`[role="treeitem"][data-id="${diep.id}"]`);
  await expect(doelItem).toBeVisible();
  await expect(doelItem).toHaveAttribute('aria-current', 'true');
  await expect(page.locator(`[role="treeitem"][data-id="${tak.id}"]`)).toHaveAttribute('aria-expanded', 'true');
  await expect(doelItem).toHaveAttribute('tabindex', '0');
  await page.goto(`/dashboard/holdings/${top.hoofdholding_id}`);

  // The vestigingen: all of them, then a search by place and by postcode (without its space), in the URL.
  const rijen = page.getByTestId('vestigingen-tabel').locator('tbody tr');
  await expect(rijen).toHaveCount(vest.totaal);
  const plaatsen = vest.vestigingen.map((v) => v.plaats).filter((p): p is string => !!p);
  const plaats = plaatsen.sort((a, b) => plaatsen.filter((p) => p === b).length - plaatsen.filter((p) => p === a).length)[0];
  const past = (z: string) =>
    vest.vestigingen.filter(
      (v) =>
        v.naam.toLowerCase().includes(z.toLowerCase()) ||
        (v.plaats ?? '').toLowerCase().includes(z.toLowerCase()) ||
        (v.postcode ?? '').replace(/ /g, '').toLowerCase().includes(z.replace(/ /g, '').toLowerCase()),
    ).length;
  const zoek = page.getByLabel('Zoek op naam, plaats of postcode');
  await zoek.fill(plaats.toLowerCase());
  await expect.poll(() => new URL(page.url()).searchParams.get('zoek')).toBe(plaats.toLowerCase());
  expect(past(plaats)).toBeGreaterThan(0);
  expect(past(plaats)).toBeLessThan(vest.totaal);
  await expect(rijen).toHaveCount(past(plaats));
  await expect(page.getByTestId('vestigingen-telling')).toContainText(`${past(plaats)} van ${vest.totaal}`);
  const postcode = vest.vestigingen.find((v) => v.postcode)!.postcode!.replace(' ', '').toLowerCase();
  await zoek.fill(postcode);
  await expect(rijen).toHaveCount(past(postcode));
  // The rows follow the field at once, the address after a pause: reload once the address has it.
  await expect.poll(() => new URL(page.url()).searchParams.get('zoek')).toBe(postcode);
  await page.reload();
  await expect(page.getByLabel('Zoek op naam, plaats of postcode')).toHaveValue(postcode);
  await expect(rijen).toHaveCount(past(postcode));
  await page.getByLabel('Zoek op naam, plaats of postcode').fill('zzzz-niets');
  await expect(page.getByTestId('leeg')).toContainText('Geen vestiging past');
  await page.getByLabel('Zoek op naam, plaats of postcode').fill('');
  await expect(rijen).toHaveCount(vest.totaal);

  // The changes: the rows the API has about this structure, over every version the free preview sees.
  const versies = await monitorData<{ versies: { versie_id: number; is_nulmeting: boolean }[]; historie_vanaf: string | null }>(request, '/versies');
  // The nulmeting (every row 'nieuw') does not count, as the caption says: neither its rows nor its bar.
  const nulmeting = new Set(versies.versies.filter((v) => v.is_nulmeting).map((v) => v.versie_id));
  const ids = new Set<string>();
  const loop = (k: StructuurKnoop) => {
    ids.add(k.id);
    k.kinderen.forEach(loop);
  };
  loop(s.boom);
  const verwacht = new Set(s.wijzigingen.filter((w) => !nulmeting.has(w.versie_id)).map((w) => w.wijziging_id));
  for (const v of versies.versies) {
    if (v.is_nulmeting) continue;
    const page1 = await monitorData<{ wijzigingen: Wijziging[] }>(request, `/versies/${v.versie_id}/wijzigingen?rijen=500`);
    for (const w of page1.wijzigingen) {
      if (w.entiteit_id === top.hoofdholding_id || ids.has(w.entiteit_id) || w.oud?.hoofdholding_id === top.hoofdholding_id || w.nieuw?.hoofdholding_id === top.hoofdholding_id) verwacht.add(w.wijziging_id);
    }
  }
  expect(verwacht.size).toBeGreaterThan(s.wijzigingen.filter((w) => !nulmeting.has(w.versie_id)).length);
  const wijzigingen = page.getByTestId('wijzigingen-tabel').locator('tbody tr');
  await expect(wijzigingen).toHaveCount(verwacht.size);
  await expect(page.getByTestId('wijzigingen-tabel').locator('caption')).toContainText(`${verwacht.size} wijzigingen`);
  await expect(page.getByTestId('wijzigingen-grafiek').locator('.recharts-bar-rectangle').first()).toBeVisible();
  await expect(page.getByTestId('bronregel')).toContainText('Voorbeelddata');
  await page.evaluate(() => window.scrollTo(0, 0));
  await schermafdruk(page, testInfo, 'dashboard-structuur');
  await page.waitForLoadState('networkidle');
  expect(fouten, 'failed requests: structuur').toEqual([]);
  await netjes(page, watched, 'structuur');
  expect(await ownWarnings(request, gewaarschuwd, EIGEN_CSS), `console warnings: structuur`).toEqual([]);
});

test('the views answer as of the dashboard’s date; beyond the free preview’s year the API’s 403 is shown', async ({ page, request }) => {
  const { oudste } = await jaren(request);
  const versies = await monitorData<{ versies: { versie_id: number; peildatum: string }[]; historie_vanaf: string }>(request, '/versies');
  const peildatum = versies.versies[versies.versies.length - 2].peildatum; // the second oldest visible version
  const toen = await monitorData<{ hoofdholdings: Hoofdholding[]; dekking: { peildatum: string } }>(request, `/hoofdholdings?sector_rang_max=25&peildatum=${peildatum}`);
  expect(toen.dekking.peildatum).toBe(peildatum);
  await openWeergave(page, `/dashboard/holdings?peildatum=${peildatum}`);
  await expect(page.getByTestId('holdings-samenvatting')).toContainText(`Stand op ${peildatum}`);
  const rijen = page.getByTestId('holdings-tabel').locator('tbody tr');
  expect(await rijen.evaluateAll((tr) => tr.map((r) => r.getAttribute('data-id')))).toEqual(toen.hoofdholdings.map((h) => h.hoofdholding_id));
  // The structure keeps the date (its link carries it).
  await rijen.first().getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`peildatum=${peildatum}`));
  await expect(page.getByTestId('structuur')).toContainText(`Stand op ${peildatum}`);
  // The graph has a year only: the year of the date.
  await openWeergave(page, `/dashboard/netwerk?peildatum=${oudste}-12-31`);
  await expect(page.getByRole('slider', { name: /Jaar/ })).toHaveValue(String(oudste));

  // A date before the free preview's year (the sample's two oldest versions lie there): the API refuses with
  // 403 forbidden_tier and the view says so, with the way to a key.
  const teOud = dagenVerder(versies.historie_vanaf, -1);
  const oud = await request.get(`${M}/hoofdholdings?sector_rang_max=25&peildatum=${teOud}`);
  expect(oud.status()).toBe(403);
  const probleem = (await oud.json()) as { title: string; status: number; detail: string; errorCode: string };
  expect(probleem.errorCode).toBe('forbidden_tier');
  await page.goto(`/dashboard/holdings?peildatum=${teOud}`);
  await expect(page.getByTestId('fout').getByRole('link', { name: 'Vraag een sleutel aan' })).toBeVisible();
  await expect(page.getByTestId('fout')).toContainText(`${probleem.title} (${probleem.status})`);
  await expect(page.getByTestId('fout')).toContainText(probleem.detail);
});

test('an unknown hoofdholding shows the API’s 404 problem', async ({ page, request }) => {
  const onbekend = 'ZZZZ00000000000000ZZ';
  const res = await request.get(`${M}/hoofdholdings/${onbekend}/structuur`);
  expect(res.status()).toBe(404);
  const probleem = (await res.json()) as { title: string; detail: string };
  await page.goto(`/dashboard/holdings/${onbekend}`);
  const fout = page.getByTestId('fout');
  await expect(fout).toContainText(`${probleem.title} (404)`);
  await expect(fout).toContainText(probleem.detail);
  await expect(page.getByRole('link', { name: /Ranglijst van hoofdholdings/ })).toBeVisible();
});
