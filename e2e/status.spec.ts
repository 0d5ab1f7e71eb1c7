// /status: one row per source, replacement URLs (the replay server) labelled, and a fault injected into the
// replay server for one source turns its row red, with the word "Gestoord", within a minute of a call; the
// format drift column counts over 24 hours.
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { watchPage } from './helpers';

const port = Number(process.env.E2E_PORT ?? 3100);
const replayUrl = `http://127.0.0.1:${Number(process.env.E2E_REPLAY_PORT ?? port + 1)}`;
// data.overheid.nl: used by no other browser test, so its fault cannot disturb them.
const BRON = 'data-overheid';

test('shows every source and turns a failing source red', async ({ page, request }) => {
  test.setTimeout(120_000);
  const watched = watchPage(page);
  const catalogus = (await (await request.get('/v1/bronnen')).json()) as { data: { bronnen: { id: string }[] } };
  const ids = catalogus.data.bronnen.map((b) => b.id);
  expect(ids.length).toBeGreaterThan(20);

  await page.goto('/status');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Status van de bronnen');
  await expect(page.locator('tr[data-bron]')).toHaveCount(ids.length);
  for (const id of ids) await expect(page.locator(`tr[data-bron="${id}"]`)).toBeVisible();
  // Drift is counted over the last 24 hours, per source (the column and the JSON say so).
  await expect(page.getByRole('columnheader', { name: 'Formaatafwijkingen 24 u' })).toBeVisible();
  const status = (await (await request.get('/v1/bronnen/status')).json()) as { data: { bronnen: { drift: { aantal_24u: number; laatst_gezien: string | null } }[] } };
  for (const b of status.data.bronnen) expect(b.drift).toMatchObject({ aantal_24u: expect.any(Number) });
  const row = page.locator(`tr[data-bron="${BRON}"]`);
  await expect(row).toContainText('Vervangen');
  await expect(row).toContainText(`${replayUrl}/${BRON}`);

  const fault = await request.put(`${replayUrl}/__faults/${BRON}`, { data: { kind: 'http500' } });
  expect(fault.status()).toBe(204);
  try {
    // A search nobody asked before (no cached answer), so the call reaches the failing source.
    const call = await request.get(`/v1/catalogus/datasets?q=${encodeURIComponent(`status-${randomUUID()}`)}`);
    expect(call.status()).toBeGreaterThanOrEqual(500);

    // The page refreshes itself every 15 seconds; no reload.
    await expect(row).toHaveAttribute('data-status', 'gestoord', { timeout: 60_000 });
    await expect(row).toContainText('Gestoord');
    await expect(row).toHaveCSS('background-color', 'rgb(253, 236, 236)');
    await expect(page.getByRole('status').first()).toContainText('gestoord');
  } finally {
    await request.delete(`${replayUrl}/__faults/${BRON}`);
  }
  expect(watched.externalRequests).toEqual([]);
  expect(watched.consoleErrors).toEqual([]);
});
