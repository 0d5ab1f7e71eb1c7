// GET /v1/energie/prijzen through the route wrapper against a replay of the cbs-statline fixtures. The
// TypedDataSet route here demands the exact $filter and $select, so the test fails if the operation
// stops asking CBS for only the VAT-inclusive rows of the newest three months.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import { clearSourceCache } from '@/lib/sources/fetch';
import { energiePrijzen } from './prijzen';
import type { EnergiePrijzen } from './prijzen-convert';
import type { BronEntry } from '@/lib/sources/bron';

interface Answer {
  api: string;
  data: EnergiePrijzen;
  bronnen: BronEntry[];
  errorCode: string;
  detail: string;
  bron: string;
}

const FILTER = "Btw eq 'A048944' and (Perioden eq '2025MM09' or Perioden eq '2025MM08' or Perioden eq '2025MM07')";

let replay: ReplayServer;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '1500';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-cbs-'));
  fs.cpSync(path.join(FIXTURES_DIR, 'cbs-statline'), path.join(dir, 'cbs-statline'), { recursive: true });
  const routesFile = path.join(dir, 'cbs-statline', 'routes.json');
  const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { routes: { path: string; query?: Record<string, string> }[] };
  const data = spec.routes.find((r) => r.path === '/85592NED/TypedDataSet');
  if (data) data.query = { $filter: FILTER, $select: '~^Btw,Perioden,Transporttarief_1,.*Energiebelasting_14' };
  fs.writeFileSync(routesFile, JSON.stringify(spec));
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_CBS_STATLINE_URL = replay.sourceUrl('cbs-statline');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_CBS_STATLINE_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get() {
  const res = await route(energiePrijzen).GET(new Request('http://localhost/v1/energie/prijzen'), { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as Answer };
}

describe('GET /v1/energie/prijzen', () => {
  it('answers the newest month with all-in gas and electricity prices and fixed tariffs', async () => {
    const { status, body } = await get();
    expect(status).toBe(200);
    expect(body.api).toBe('energie');
    expect(body.data.peilmaand).toBe('2025-09');
    expect(body.data.voorlopig).toBe(true);
    expect(body.data.aardgas.all_in_per_m3).toBe(1.35467);
    expect(body.data.elektriciteit.all_in_per_kwh).toBe(0.28156);
    expect(body.data.elektriciteit.vaste_tarieven.transporttarief_per_jaar).toBe(396.94);
    expect(body.bronnen).toHaveLength(1);
    expect(body.bronnen[0]).toMatchObject({ bron: 'cbs-statline', status: 'ok', licentie: 'CC BY 4.0', attributie: 'Bron: CBS' });
    expect(body.bronnen[0].opname?.soort).toBe('opgebouwd');
  });

  it('uses four upstream calls, and none for a second request within the cache time', async () => {
    const before = replay.hits('cbs-statline');
    await get();
    expect(replay.hits('cbs-statline') - before).toBe(4);
    const second = await get();
    expect(second.status).toBe(200);
    expect(second.body.bronnen[0].cache).toBe(true);
    expect(replay.hits('cbs-statline') - before).toBe(4);
  });

  it.each([
    ['http500', 'antwoordde met HTTP-status 500'],
    ['malformed', 'niet gelezen kon worden'],
  ] as const)('gives a 502 problem naming CBS when the source fails (%s)', async (kind, text) => {
    replay.setFault('cbs-statline', { kind });
    const { status, body } = await get();
    expect(status).toBe(502);
    expect(body.errorCode).toBe('source_unavailable');
    expect(body.bron).toBe('cbs-statline');
    expect(body.detail).toContain(text);
  });
});
