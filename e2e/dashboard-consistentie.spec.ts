// The same figure agrees across views: one hoofdholding's "Vestigingen (actief)" in the ranking, the network
// and its own structure view; Overzicht for a chosen Stand op shows the figures and date of the API's answer
// for that version (not the newest); the holding history leaves out the nulmeting as its caption says.
// Every date comes from the sample's versions (never from today).
import { expect, test, type Locator } from '@playwright/test';
import { dagenVerder, M, monitorData, netjes, openWeergave, sleutelOnthouden, standaardSleutel, zichtbareVersies } from './dashboard-helpers';

interface Hoofdholding {
  hoofdholding_id: string;
  naam: string;
  aantal_vestigingen: number;
  aantal_vestigingen_actief: number;
}
interface Netwerk {
  nodes: { id: string; type: string; grootte: number }[];
  dekking: { versie_id: number; peildatum: string };
}
interface Universum {
  aantallen: Record<string, number>;
  dekking: { versie_id: number; peildatum: string };
  datasetversie: { versie_id: number; peildatum: string; changelog: { tekst: string } };
  nieuwste_versie: { versie_id: number };
}

/** A number as the dashboard writes it (nl-NL: 1.234). */
async function getalIn(l: Locator): Promise<number> {
  const t = (await l.textContent())!.trim();
  return Number(t.replace(/\./g, '').replace(',', '.'));
}

test('one hoofdholding has the same number of active vestigingen in the ranking, the network and its structure', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { hoofdholdings } = await monitorData<{ hoofdholdings: Hoofdholding[] }>(request, '/hoofdholdings?sector_rang_max=25');
  const netwerk = await monitorData<Netwerk>(request, '/relaties/netwerk?max_nodes=90');
  const inGraaf = new Set(netwerk.nodes.filter((n) => n.type === 'hoofdholding').map((n) => n.id));
  const kandidaten = hoofdholdings.filter((h) => inGraaf.has(h.hoofdholding_id));
  expect(kandidaten.length, 'a hoofdholding in both the ranking and the graph').toBeGreaterThan(0);
  // Preferably one with ended vestigingen: there "ever" and "active" differ, which is where views disagreed.
  const h = kandidaten.find((k) => k.aantal_vestigingen > k.aantal_vestigingen_actief) ?? kandidaten[0];
  const id = h.hoofdholding_id;

  const watched = await openWeergave(page, '/dashboard/holdings');
  const tabel = page.getByTestId('holdings-tabel');
  await expect(tabel.locator('thead')).toContainText('Vestigingen (actief)');
  const inRanglijst = await getalIn(tabel.locator(`tbody tr[data-id="${id}"] td[data-kolom="vestigingen-actief"]`));

  await openWeergave(page, '/dashboard/netwerk');
  const structuren = page.getByTestId('netwerk-structuren');
  await expect(structuren.locator('thead')).toContainText('Vestigingen (actief)');
  const inNetwerk = await getalIn(structuren.locator(`tbody tr[data-id="${id}"] td`).nth(1));

  await openWeergave(page, `/dashboard/holdings/${id}`);
  const inStructuur = await getalIn(page.getByTestId('structuur-vestigingen-actief').locator('.teller__getal'));

  expect({ inRanglijst, inNetwerk, inStructuur }).toEqual({ inRanglijst: h.aantal_vestigingen_actief, inNetwerk: h.aantal_vestigingen_actief, inStructuur: h.aantal_vestigingen_actief });
  // The graph's node says the same (the API behind the network view).
  expect(netwerk.nodes.find((n) => n.id === id)!.grootte).toBe(h.aantal_vestigingen_actief);
  await netjes(page, watched, 'consistentie');
});

test('Overzicht for a chosen Stand op shows that version’s figures and date, as the API answers them', async ({ page, request }) => {
  const { versies } = await zichtbareVersies(request);
  expect(versies.length, 'the free preview sees more than one version').toBeGreaterThan(1);
  // A few days after an older visible version (but before the next one): the answer is that version.
  const oud = versies[Math.min(2, versies.length - 1)];
  const volgende = versies[versies.indexOf(oud) - 1];
  const stand = [dagenVerder(oud.peildatum, 3), dagenVerder(volgende.peildatum, -1)].sort()[0];
  const api = await monitorData<Universum>(request, `/universum?peildatum=${stand}`);
  expect(api.dekking.versie_id).toBe(oud.versie_id);
  expect(api.dekking.peildatum).toBe(oud.peildatum);
  expect(api.datasetversie.versie_id).toBe(oud.versie_id);
  expect(api.nieuwste_versie.versie_id).toBe(versies[0].versie_id);

  const watched = await openWeergave(page, `/dashboard?peildatum=${stand}`);
  await expect(page.locator('#peildatum-uitleg')).toHaveText(`Versie op of vóór ${stand}`);
  const o = page.getByTestId('overzicht');
  await expect(o).toHaveAttribute('data-versie', String(oud.versie_id));
  await expect(o.getByRole('heading', { name: `De markt op ${oud.peildatum}` })).toBeVisible();
  // Every counter is the API's figure for that version.
  const tellers = o.locator('[data-teller]');
  expect(await tellers.count()).toBeGreaterThan(0);
  for (const teller of await tellers.all()) {
    const k = (await teller.getAttribute('data-teller'))!;
    expect(await getalIn(teller.locator('.teller__getal')), k).toBe(api.aantallen[k]);
  }
  // The version panel is the chosen one with its changelog, and names the newest.
  await expect(o.getByRole('heading', { name: 'Versie op de gekozen datum' })).toBeVisible();
  await expect(o.getByTestId('changelog')).toHaveText(api.datasetversie.changelog.tekst);

  // The other views with the same Stand op answer from the same version.
  await openWeergave(page, `/dashboard/holdings?peildatum=${stand}`);
  await expect(page.getByTestId('holdings-samenvatting')).toContainText(`Stand op ${oud.peildatum}`);
  await openWeergave(page, `/dashboard/netwerk?peildatum=${stand}`);
  await expect(page.getByTestId('netwerk-samenvatting')).toContainText(`Stand op ${oud.peildatum}`);

  // Back to the newest: Overzicht follows.
  await openWeergave(page, `/dashboard?peildatum=${stand}`);
  await page.getByRole('button', { name: 'Nieuwste' }).click();
  await expect(page.getByTestId('overzicht')).toHaveAttribute('data-versie', String(versies[0].versie_id));
  await expect(page.getByTestId('overzicht').getByRole('heading', { name: `De markt op ${versies[0].peildatum}` })).toBeVisible();
  await netjes(page, watched, 'overzicht met stand op');
});

test('the holding history leaves out the nulmeting, as its caption says (with a key: the whole history)', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A standard key sees the whole history, the nulmeting included (the free preview's year does not reach it).
  const sleutel = await standaardSleutel(request, 'Analist Consistentie');
  const metSleutel = async <T,>(pad: string): Promise<T> => {
    const r = await request.get(`${M}${pad}`, { headers: { 'X-Api-Key': sleutel } });
    expect(r.status(), pad).toBe(200);
    return ((await r.json()) as { data: T }).data;
  };
  const alle = await metSleutel<{ versies: { versie_id: number; is_nulmeting: boolean }[]; historie_vanaf: string | null }>('/versies');
  expect(alle.historie_vanaf).toBeNull();
  const nulmeting = alle.versies.filter((v) => v.is_nulmeting).map((v) => v.versie_id);
  expect(nulmeting).toEqual([Math.min(...alle.versies.map((v) => v.versie_id))]);
  const [top] = (await metSleutel<{ hoofdholdings: Hoofdholding[] }>('/hoofdholdings?sector_rang_max=1')).hoofdholdings;
  const s = await metSleutel<{ wijzigingen: { versie_id: number }[] }>(`/hoofdholdings/${top.hoofdholding_id}/structuur`);

  const watched = await sleutelOnthouden(page, sleutel);
  await page.goto(`/dashboard/holdings/${top.hoofdholding_id}`);
  await expect(page.getByTestId('laden')).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByTestId('sleutel-status')).not.toContainText('free preview');
  await expect(page.locator('#kop-geschiedenis + p')).toContainText('De nulmeting (alles nieuw) telt niet mee.');
  const rijen = page.getByTestId('wijzigingen-tabel').locator('tbody tr');
  const versiesInTabel = (await rijen.evaluateAll((tr) => tr.map((r) => Number(r.getAttribute('data-versie'))))) as number[];
  expect(versiesInTabel.filter((v) => nulmeting.includes(v)), `rows of the nulmeting (the API has ${s.wijzigingen.filter((w) => nulmeting.includes(w.versie_id)).length} of the hoofdholding itself)`).toEqual([]);
  await netjes(page, watched, 'geschiedenis zonder nulmeting');
});
