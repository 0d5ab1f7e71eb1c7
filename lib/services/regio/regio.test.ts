// The region and statistics operations through the route wrapper against a replay of the cbs-statline
// fixtures (generated KWB editions 2017-2024 for Hoogeveen, GM0118, and 83625NED; see the MANIFEST). Values
// asserted here are those of the fixtures; the conversion of real recorded CBS answers is tested in
// lib/sources/cbs-maten.test.ts.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from '@/test/upstream/server';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { clearSourceCache } from '@/lib/sources/fetch';
import type { BronEntry } from '@/lib/sources/bron';
import { regioProfiel } from './profiel';
import { regioTop } from './top';
import { regioLandelijk } from './landelijk';
import { regioWoningmarkt } from './woningmarkt';
import { regioTrend } from './trend';
import { regioVergelijk } from './vergelijk';
import { monitoringRegio } from './monitoring';
import { statsKerncijfers } from '@/lib/services/stats/kerncijfers';
import { statsRegios } from '@/lib/services/stats/regios';
import { trendJaren } from './trend-laden';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Body = { data: any; bronnen: BronEntry[]; errorCode?: string; detail?: string; invalid_params?: { name: string }[] };

let replay: ReplayServer;
let dir: string;
beforeAll(async () => {
  process.env.LOG_LEVEL = 'silent';
  process.env.BRON_TIMEOUT_MS = '3000';
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-regio-'));
  for (const src of ['cbs-statline', 'data-overheid']) fs.cpSync(path.join(FIXTURES_DIR, src), path.join(dir, src), { recursive: true });
  replay = await startReplayServer({ fixturesDir: dir });
  process.env.BRON_CBS_STATLINE_URL = replay.sourceUrl('cbs-statline');
  process.env.BRON_DATA_OVERHEID_URL = replay.sourceUrl('data-overheid');
});
afterAll(async () => {
  await replay.close();
  delete process.env.BRON_CBS_STATLINE_URL;
  delete process.env.BRON_DATA_OVERHEID_URL;
  delete process.env.BRON_TIMEOUT_MS;
});
afterEach(() => {
  replay.clearFaults();
  clearSourceCache();
});

async function get(op: Operation, url: string, params: Record<string, string> = {}): Promise<{ status: number; body: Body }> {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Body };
}
const byName = (list: { naam: string }[], naam: string) => list.find((k) => k.naam === naam) as Record<string, unknown>;

describe('GET /v1/regio/{code}', () => {
  it('profiles a municipality: figures, deviations, trend, prices, largest wijken and links', async () => {
    const { status, body } = await get(regioProfiel, '/v1/regio/GM0118', { code: 'GM0118' });
    expect(status).toBe(200);
    const d = body.data;
    expect(d.regio).toEqual({ code: 'GM0118', naam: 'Hoogeveen', niveau: 'gemeente', gemeente: { code: 'GM0118', naam: 'Hoogeveen' } });
    expect(d).toMatchObject({ jaar: 2024, tabel: '85984NED' });
    expect(byName(d.kenmerken, 'aantal_inwoners')).toMatchObject({ waarde: 48200, soort: 'absoluut' });
    expect(byName(d.kenmerken, 'gemiddelde_woz_waarde_van_woningen')).toMatchObject({ waarde: 289000, eenheid: 'euro' });
    // Five per direction, ordered by size, comparable figures only.
    expect(d.afwijkingen_landelijk.hoger).toHaveLength(5);
    expect(d.afwijkingen_landelijk.lager).toHaveLength(5);
    const pcts = d.afwijkingen_landelijk.hoger.map((a: { afwijking_pct: number }) => a.afwijking_pct);
    expect([...pcts].sort((a, b) => b - a)).toEqual(pcts);
    const lager = d.afwijkingen_landelijk.lager.map((a: { afwijking_pct: number }) => a.afwijking_pct);
    expect([...lager].sort((a, b) => a - b)).toEqual(lager);
    expect(lager.every((p: number) => p < 0) && pcts.every((p: number) => p > 0)).toBe(true);
    // The WOZ value is 19.7% under the national one, but five figures deviate more.
    expect(lager.at(-1)).toBeLessThan(-19.7);
    // Trend over eight editions; the years after 2024 fall back to 85984NED and are reported, not repeated.
    expect(d.trend.jaren.map((j: { jaar: number }) => j.jaar)).toEqual([2017, 2018, 2019, 2020, 2021, 2022, 2023, 2024]);
    expect(d.trend.overgeslagen.map((o: { jaar: number }) => o.jaar)).toEqual(trendJaren().filter((j) => j > 2024));
    const inwoners = byName(d.trend.kenmerken, 'aantal_inwoners').reeks as { jaar: number; waarde: number; delta: number }[];
    expect(inwoners.at(-1)).toMatchObject({ jaar: 2024, waarde: 48200 });
    expect(inwoners[2]).toMatchObject({ jaar: 2019, waarde: 44279, delta: 44279 - inwoners[1].waarde });
    // Income is "." in the newest edition: null there, a value before.
    const inkomen = byName(d.trend.kenmerken, 'gemiddeld_inkomen_per_inwoner').reeks as { waarde: number | null }[];
    expect(inkomen.at(-1)?.waarde).toBeNull();
    expect(inkomen.at(-2)?.waarde).toBeGreaterThan(0);
    expect(d.woningprijzen).toEqual({
      gemeente_code: 'GM0118',
      tabel: '83625NED',
      reeks: [
        { jaar: 2023, gemiddelde_verkoopprijs: 312900, delta: -6800, delta_pct: -2.1 },
        { jaar: 2024, gemiddelde_verkoopprijs: 335600, delta: 22700, delta_pct: 7.3 },
        { jaar: 2025, gemiddelde_verkoopprijs: 357100, delta: 21500, delta_pct: 6.4 },
      ],
    });
    expect(d.grootste_onderliggend).toEqual({
      niveau: 'wijk',
      aantal: 7,
      grootste: [
        { rang: 1, code: 'WK011803', naam: 'Wijk 03 Zuid', waarde: 15130 },
        { rang: 2, code: 'WK011802', naam: 'Wijk 02 Noord', waarde: 10550 },
        { rang: 3, code: 'WK011801', naam: 'Wijk 01 Centrum', waarde: 6145 },
      ],
    });
    expect(d.links).toMatchObject({ landelijk: '/v1/regio/GM0118/landelijk', top: '/v1/regio/GM0118/top', monitoring: '/v1/monitoring/regio/GM0118' });
    // Open datasets of the municipality, searched by its name in the national catalogue.
    expect(d.open_data).toMatchObject({ zoekterm: 'Hoogeveen', zoeken: '/v1/catalogus/datasets?q=Hoogeveen' });
    expect(d.open_data.datasets).toHaveLength(5);
    expect(d.open_data.datasets.filter((x: { query_url: string | null }) => x.query_url !== null)).toHaveLength(4);
    expect(body.bronnen.every((b) => b.status === 'ok')).toBe(true);
    expect(new Set(body.bronnen.map((b) => b.bron))).toEqual(new Set(['cbs-statline', 'data-overheid']));
    expect(body.bronnen.some((b) => b.opname?.soort === 'opgebouwd')).toBe(true);
  });

  it('answers without datasets when the catalogue fails, naming it onbeschikbaar', async () => {
    replay.setFault('data-overheid', { kind: 'http500' });
    const { status, body } = await get(regioProfiel, '/v1/regio/GM0118', { code: 'GM0118' });
    expect(status).toBe(200);
    expect(body.data.open_data).toBeNull();
    expect(body.data.trend.jaren).toHaveLength(8);
    expect(body.bronnen.filter((b) => b.status === 'onbeschikbaar')).toEqual([expect.objectContaining({ bron: 'data-overheid', foutsoort: 'http_500' })]);
  });

  it('profiles a buurt: its wijk is the follow-up comparison, it has no underlying areas', async () => {
    const { status, body } = await get(regioProfiel, '/v1/regio/BU01180105', { code: 'BU01180105' });
    expect(status).toBe(200);
    expect(body.data.regio).toMatchObject({ naam: 'Bloemenbuurt', niveau: 'buurt', gemeente: { code: 'GM0118' } });
    expect(byName(body.data.kenmerken, 'aantal_inwoners').waarde).toBe(1340);
    expect(body.data.grootste_onderliggend).toEqual({ niveau: null, aantal: 0, grootste: [] });
    expect(body.data.links.vergelijk).toBe('/v1/regio/BU01180105/vergelijk?met=WK011801');
    expect(body.data.links.top).toBeNull();
  });

  it('answers 400 naming the parameter for a region the table does not have', async () => {
    const { status, body } = await get(regioProfiel, '/v1/regio/GM9999', { code: 'GM9999' });
    expect(status).toBe(400);
    expect(body.invalid_params?.[0].name).toBe('code');
    expect(body.detail).toMatch(/GM9999 komt niet voor in Kerncijfers wijken en buurten 2024/);
  });
});

describe('GET /v1/regio/{code}/top', () => {
  it('ranks all buurten of the municipality from one bulk call', async () => {
    const before = replay.hits('cbs-statline');
    const { status, body } = await get(regioTop, '/v1/regio/GM0118/top?niveau=buurt&n=3&kenmerk=woz&richting=laagste', { code: 'GM0118' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ niveau: 'buurt', richting: 'laagste', aantal_regios: 19, zonder_waarde: 0, kenmerk: { naam: 'gemiddelde_woz_waarde_van_woningen', eenheid: 'euro' } });
    expect(body.data.top).toEqual([
      { rang: 1, code: 'BU01180101', naam: 'Centrum', waarde: 214000 },
      { rang: 2, code: 'BU01180105', naam: 'Bloemenbuurt', waarde: 231000 },
      { rang: 3, code: 'BU01180201', naam: 'Krakeel', waarde: 236000 },
    ]);
    // TableInfos, DataProperties and the names list, then ONE data call for all 19 buurten.
    expect(replay.hits('cbs-statline') - before).toBe(4);
  });

  it('ranks the wijken by inhabitants by default, including the alphanumeric one', async () => {
    const { body } = await get(regioTop, '/v1/regio/GM0118/top?n=50', { code: 'GM0118' });
    expect(body.data.niveau).toBe('wijk');
    expect(body.data.top.map((t: { code: string }) => t.code)).toEqual(['WK011803', 'WK011802', 'WK011801', 'WK011804', 'WK011806', 'WK011805', 'WK0118NB']);
  });

  it.each([
    ['/v1/regio/WK011801/top?niveau=wijk', 'WK011801', 'niveau'],
    ['/v1/regio/GM0118/top?kenmerk=bestaat_niet', 'GM0118', 'kenmerk'],
    ['/v1/regio/GM0118/top?kenmerk=gemeentenaam', 'GM0118', 'kenmerk'],
    ['/v1/regio/GM9999/top', 'GM9999', 'code'],
  ])('%s is a 400 naming %s', async (url, code, param) => {
    const { status, body } = await get(regioTop, url, { code });
    expect(status).toBe(400);
    expect(body.invalid_params?.map((p) => p.name)).toEqual([param]);
  });
});

describe('GET /v1/regio/{code}/landelijk', () => {
  it('gives afwijking_pct for comparable figures and keeps absolute totals apart', async () => {
    const { status, body } = await get(regioLandelijk, '/v1/regio/BU01180105/landelijk', { code: 'BU01180105' });
    expect(status).toBe(200);
    expect(byName(body.data.vergelijkbaar, 'koopwoningen')).toEqual({ naam: 'koopwoningen', titel: 'Koopwoningen', eenheid: '%', waarde_regio: 57, waarde_landelijk: 57, afwijking_pct: 0 });
    expect(byName(body.data.vergelijkbaar, 'gemiddelde_woz_waarde_van_woningen')).toMatchObject({ waarde_regio: 231000, waarde_landelijk: 360000, afwijking_pct: -35.8 });
    expect(byName(body.data.absolute_totalen, 'aantal_inwoners')).toEqual({ naam: 'aantal_inwoners', titel: 'Aantal inwoners', eenheid: 'aantal', waarde_regio: 1340, waarde_landelijk: 17942942, aandeel_pct: 0.007 });
    expect(body.data.vergelijkbaar.some((a: { naam: string }) => a.naam === 'aantal_inwoners')).toBe(false);
  });
});

describe('GET /v1/regio/{code}/woningmarkt', () => {
  it('maps a wijk to its municipality and adds WOZ and stock context', async () => {
    const { status, body } = await get(regioWoningmarkt, '/v1/regio/WK011801/woningmarkt?jaren=5', { code: 'WK011801' });
    expect(status).toBe(200);
    expect(body.data.gemeente).toEqual({ code: 'GM0118', naam: 'Hoogeveen' });
    expect(body.data.reeks.map((p: { jaar: number }) => p.jaar)).toEqual([2021, 2022, 2023, 2024, 2025]);
    expect(body.data.reeks[1]).toEqual({ jaar: 2022, gemiddelde_verkoopprijs: 319700, delta: 32300, delta_pct: 11.2 });
    expect(body.data.reeks_landelijk).toHaveLength(5);
    expect(body.data.context.regio).toMatchObject({ code: 'WK011801', naam: 'Wijk 01 Centrum', gemiddelde_woz_waarde_van_woningen: 236000, woningvoorraad: 2897 });
    expect(body.data.context.gemeente).toMatchObject({ code: 'GM0118', koopwoningen: 69 });
    expect(body.data.context.landelijk).toMatchObject({ code: 'NL00', gemiddelde_woz_waarde_van_woningen: 360000 });
  });

  it('gives the whole series from 1995 with jaren=31, and 400 above it', async () => {
    const { body } = await get(regioWoningmarkt, '/v1/regio/GM0118/woningmarkt?jaren=31', { code: 'GM0118' });
    expect(body.data.reeks[0]).toMatchObject({ jaar: 1995, delta: null });
    expect(body.data.reeks).toHaveLength(31);
    expect((await get(regioWoningmarkt, '/v1/regio/GM0118/woningmarkt?jaren=32', { code: 'GM0118' })).status).toBe(400);
  });
});

describe('GET /v1/regio/{code}/trend', () => {
  it('lists a new alphanumeric wijk from the first table that has it, with deltas', async () => {
    const { status, body } = await get(regioTrend, '/v1/regio/WK0118NB/trend', { code: 'WK0118NB' });
    expect(status).toBe(200);
    expect(body.data.jaren).toEqual([
      { jaar: 2023, tabel: '85618NED' },
      { jaar: 2024, tabel: '85984NED' },
    ]);
    const reeks = byName(body.data.kenmerken, 'aantal_inwoners').reeks;
    expect(reeks).toEqual([
      { jaar: 2023, waarde: 1888, delta: null, delta_pct: null },
      { jaar: 2024, waarde: 2850, delta: 962, delta_pct: 51 },
    ]);
    const reasons = body.data.overgeslagen.filter((o: { jaar: number }) => o.jaar < 2023).map((o: { reden: string }) => o.reden);
    expect(reasons).toHaveLength(6);
    expect(reasons.every((r: string) => /komt niet voor/.test(r))).toBe(true);
  });

  it('reads every edition by its own keys (the WOZ key has another suffix in 2019)', async () => {
    const { body } = await get(regioTrend, '/v1/regio/GM0118/trend', { code: 'GM0118' });
    const woz = byName(body.data.kenmerken, 'gemiddelde_woz_waarde_van_woningen').reeks as { jaar: number; waarde: number }[];
    expect(woz.find((p) => p.jaar === 2019)?.waarde).toBe(200000);
    expect(woz.find((p) => p.jaar === 2024)?.waarde).toBe(289000);
    expect(new Set(body.data.jaren.map((j: { jaar: number }) => j.jaar)).size).toBe(body.data.jaren.length);
  });

  it('answers 404 for a region in no edition', async () => {
    const { status, body } = await get(regioTrend, '/v1/regio/GM9999/trend', { code: 'GM9999' });
    expect(status).toBe(404);
    expect(body.errorCode).toBe('not_found');
  });
});

describe('GET /v1/regio/{code}/vergelijk', () => {
  it('compares regions of different levels and reports the fallback of a year without table', async () => {
    const { status, body } = await get(regioVergelijk, '/v1/regio/BU01180105/vergelijk?met=GM0363&jaar=2025', { code: 'BU01180105' });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ jaar: 2024, tabel: '85984NED', gevraagd_jaar: 2025, terugval: true });
    expect(body.data.met).toMatchObject({ code: 'GM0363', naam: 'Amsterdam', niveau: 'gemeente' });
    expect(byName(body.data.kenmerken, 'koopwoningen')).toMatchObject({ waarde_regio: 57, waarde_met: 31, verschil: 26, verschil_pct: 83.9 });
    expect(byName(body.data.kenmerken, 'aantal_inwoners')).toMatchObject({ waarde_regio: 1340, waarde_met: 930260, verschil: -928920 });
  });

  it('uses the table of an earlier year', async () => {
    const { body } = await get(regioVergelijk, '/v1/regio/GM0118/vergelijk?met=GM0599&jaar=2019', { code: 'GM0118' });
    expect(body.data).toMatchObject({ jaar: 2019, tabel: '84583NED', terugval: false });
    expect(byName(body.data.kenmerken, 'aantal_inwoners').waarde_regio).toBe(44279);
  });

  it('names `met` in a 400 for an unknown region, and needs met', async () => {
    const unknown = await get(regioVergelijk, '/v1/regio/GM0118/vergelijk?met=WK999901', { code: 'GM0118' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.invalid_params?.[0].name).toBe('met');
    expect((await get(regioVergelijk, '/v1/regio/GM0118/vergelijk', { code: 'GM0118' })).status).toBe(400);
  });
});

describe('GET /v1/monitoring/regio/{code}', () => {
  it('gives one stable hash per source that changes only with that source’s data', async () => {
    const first = await get(monitoringRegio, '/v1/monitoring/regio/WK011801', { code: 'WK011801' });
    expect(first.status).toBe(200);
    expect(first.body.data.hashes.kerncijfers_hash).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(first.body.data.woningprijzen.reeks).toHaveLength(31);
    clearSourceCache();
    const again = await get(monitoringRegio, '/v1/monitoring/regio/WK011801', { code: 'WK011801' });
    expect(again.body.data.hashes).toEqual(first.body.data.hashes);

    // CBS revises one figure of the wijk: only the kerncijfers hash changes.
    const file = path.join(dir, 'cbs-statline', 'kwb-85984NED-TypedDataSet-demo.json');
    const original = fs.readFileSync(file, 'utf8');
    try {
      const json = JSON.parse(original) as { value: Record<string, unknown>[] };
      const row = json.value.find((r) => String(r.WijkenEnBuurten).trim() === 'WK011801')!;
      row.Koopwoningen_47 = Number(row.Koopwoningen_47) + 1;
      fs.writeFileSync(file, JSON.stringify(json));
      clearSourceCache();
      const changed = await get(monitoringRegio, '/v1/monitoring/regio/WK011801', { code: 'WK011801' });
      expect(changed.body.data.hashes.kerncijfers_hash).not.toBe(first.body.data.hashes.kerncijfers_hash);
      expect(changed.body.data.hashes.woningprijzen_hash).toBe(first.body.data.hashes.woningprijzen_hash);
    } finally {
      fs.writeFileSync(file, original);
    }
  });
});

describe('GET /v1/stats/kerncijfers and /v1/stats/regios', () => {
  it('gives the standardised figures of the newest table, or of a year', async () => {
    const newest = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=BU0118NB02');
    expect(newest.status).toBe(200);
    expect(newest.body.data).toMatchObject({ code: 'BU0118NB02', naam: 'Nijstad-West', niveau: 'buurt', gemeente_naam: 'Hoogeveen', jaar: 2024, tabel: '85984NED', terugval: false });
    expect(newest.body.data.beschrijvend.soort_regio).toBe('Buurt');
    const y2019 = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=GM0118&jaar=2019');
    expect(y2019.body.data).toMatchObject({ jaar: 2019, tabel: '84583NED', gevraagd_jaar: 2019 });
    expect(byName(y2019.body.data.kenmerken, 'gemiddelde_woz_waarde_van_woningen').waarde).toBe(200000);
    // The 2019 edition has no address density yet.
    expect(y2019.body.data.kenmerken.some((k: { naam: string }) => k.naam === 'omgevingsadressendichtheid')).toBe(false);
    expect(newest.body.data.kenmerken.some((k: { naam: string }) => k.naam === 'omgevingsadressendichtheid')).toBe(true);
  });

  it('answers 400 for a year before the first table and for a region the table lacks', async () => {
    const early = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=GM0118&jaar=2010');
    expect(early.status).toBe(400);
    expect(early.body.invalid_params?.[0].name).toBe('jaar');
    const later = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=BU0118NB02&jaar=2023');
    expect(later.status).toBe(400);
    expect(later.body.invalid_params?.[0].name).toBe('regio');
  });

  it('lists the wijken of a municipality and the buurten of a wijk', async () => {
    const wijken = await get(statsRegios, '/v1/stats/regios?binnen=GM0118&niveau=wijk');
    expect(wijken.status).toBe(200);
    expect(wijken.body.data).toMatchObject({ binnen: { code: 'GM0118', naam: 'Hoogeveen', niveau: 'gemeente' }, aantal: 7, tabel: '85984NED' });
    expect(wijken.body.data.regios[6]).toEqual({ code: 'WK0118NB', naam: 'Wijk NB Nijstad', niveau: 'wijk' });
    const buurten = await get(statsRegios, '/v1/stats/regios?binnen=WK011801&niveau=buurt');
    expect(buurten.body.data.regios.map((r: { code: string }) => r.code)).toEqual(['BU01180101', 'BU01180102', 'BU01180105', 'BU01180107']);
    const bad = await get(statsRegios, '/v1/stats/regios?binnen=BU01180105&niveau=wijk');
    expect(bad.status).toBe(400);
    const unknown = await get(statsRegios, '/v1/stats/regios?binnen=GM9999&niveau=buurt');
    expect(unknown.status).toBe(400);
    expect(unknown.body.invalid_params?.[0].name).toBe('binnen');
  });
});

describe('a newest table that CBS does not (yet) publish', () => {
  it('falls back to the edition before it, for the default year and in the trend', async () => {
    const own = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-regio-404-'));
    fs.cpSync(path.join(dir, 'cbs-statline'), path.join(own, 'cbs-statline'), { recursive: true });
    const routesFile = path.join(own, 'cbs-statline', 'routes.json');
    const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as { routes: { path: string; status?: number }[] };
    for (const r of spec.routes) if (r.path === '/85984NED/TableInfos') r.status = 404;
    fs.writeFileSync(routesFile, JSON.stringify(spec));
    const other = await startReplayServer({ fixturesDir: own });
    process.env.BRON_CBS_STATLINE_URL = other.sourceUrl('cbs-statline');
    try {
      const k = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=GM0118');
      expect(k.status).toBe(200);
      expect(k.body.data).toMatchObject({ jaar: 2023, tabel: '85618NED', terugval: false });
      const t = await get(regioTrend, '/v1/regio/GM0118/trend', { code: 'GM0118' });
      expect(t.body.data.jaren.at(-1)).toEqual({ jaar: 2023, tabel: '85618NED' });
      expect(t.body.data.overgeslagen.find((o: { jaar: number }) => o.jaar === 2024).reden).toMatch(/85984NED was niet op te halen/);
      expect(t.body.bronnen.some((b) => b.status === 'onbeschikbaar' && b.foutsoort === 'http_404')).toBe(true);
    } finally {
      process.env.BRON_CBS_STATLINE_URL = replay.sourceUrl('cbs-statline');
      await other.close();
    }
  });
});

describe('an upstream failure is a 502 problem naming CBS', () => {
  const cases: [string, Operation, string, Record<string, string>][] = [
    ['profiel', regioProfiel, '/v1/regio/GM0118', { code: 'GM0118' }],
    ['top', regioTop, '/v1/regio/GM0118/top', { code: 'GM0118' }],
    ['landelijk', regioLandelijk, '/v1/regio/GM0118/landelijk', { code: 'GM0118' }],
    ['woningmarkt', regioWoningmarkt, '/v1/regio/GM0118/woningmarkt', { code: 'GM0118' }],
    ['trend', regioTrend, '/v1/regio/GM0118/trend', { code: 'GM0118' }],
    ['vergelijk', regioVergelijk, '/v1/regio/GM0118/vergelijk?met=GM0363', { code: 'GM0118' }],
    ['monitoring', monitoringRegio, '/v1/monitoring/regio/GM0118', { code: 'GM0118' }],
    ['kerncijfers', statsKerncijfers, '/v1/stats/kerncijfers?regio=GM0118', {}],
    ['regios', statsRegios, '/v1/stats/regios?binnen=GM0118&niveau=wijk', {}],
  ];
  it.each(cases)('%s', async (_name, op, url, params) => {
    for (const kind of ['http500', 'malformed'] as const) {
      clearSourceCache();
      replay.setFault('cbs-statline', { kind });
      const { status, body } = await get(op, url, params);
      expect(status, kind).toBe(502);
      expect(body.errorCode).toBe('source_unavailable');
      expect(body.detail).toMatch(/CBS StatLine/);
    }
  });

  it('a timeout too', async () => {
    process.env.BRON_TIMEOUT_MS = '300';
    try {
      replay.setFault('cbs-statline', { kind: 'timeout' });
      const { status, body } = await get(statsKerncijfers, '/v1/stats/kerncijfers?regio=GM0118');
      expect(status).toBe(502);
      expect(body.detail).toMatch(/CBS StatLine.*tijdslimiet/);
    } finally {
      process.env.BRON_TIMEOUT_MS = '3000';
    }
  });
});
