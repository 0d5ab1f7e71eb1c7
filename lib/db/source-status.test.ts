// The shared source status on a real database, per backend: outcomes are aggregated per source and hour
// (count, failures, latency histogram), drift per field name, written in batches and summed over batches
// and processes; GET /v1/bronnen/status reads them back with the documented status rule.
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from '@/test/db/test-database';
import { flushSourceHealth, getSourceStatistics, latencyBucket, MAX_DRIFT_FIELDS, OTHER_FIELD, p95FromBuckets, recordSourceDrift, recordSourceOutcome } from './source-health';
import { bronnenStatus, publicUrl } from '@/lib/services/catalogus/bron-status';
import { getDb } from './client';

const SLOW = 120_000;
const HOUR = 3600_000;

describe('latency histogram', () => {
  it('puts durations in classes and reads p95 as the upper bound of its class', () => {
    expect(latencyBucket(0)).toBe(0);
    expect(latencyBucket(50)).toBe(0);
    expect(latencyBucket(51)).toBe(1);
    expect(latencyBucket(10 ** 9)).toBe(15);
    const b = new Array(16).fill(0);
    expect(p95FromBuckets(b)).toBeNull();
    b[0] = 95; // 95 calls ≤ 50 ms
    b[6] = 5; // 5 calls ≤ 1000 ms
    expect(p95FromBuckets(b)).toEqual({ ms: 50, open: false });
    b[6] = 6;
    expect(p95FromBuckets(b)).toEqual({ ms: 1000, open: false });
    b[14] = 0;
    b[15] = 200; // most calls above the last bound (60 s): the bound is a lower limit
    expect(p95FromBuckets(b)).toEqual({ ms: 60_000, open: true });
  });
});

describe('the base URL shown publicly', () => {
  it('leaves out user name, password, query and fragment of an override', () => {
    expect(publicUrl('https://gebruiker:geheim@spiegel.example.nl/pdok/?token=abc#x')).toBe('https://spiegel.example.nl/pdok');
    expect(publicUrl('http://127.0.0.1:3999/pdok-locatieserver')).toBe('http://127.0.0.1:3999/pdok-locatieserver');
    expect(publicUrl('geen url')).toBe('(ongeldige URL)');
  });
});

describe.each(['pglite', 'postgresql'] as const)('source status on %s', (kind) => {
  useTestDatabase(kind, `nlods-bronstatus-${kind}-`);

  it('aggregates outcomes and drift in the database and answers the status per source', async () => {
    await getDb().$queryRaw`SELECT 1`;
    const now = Date.now();
    const t = (msAgo: number) => new Date(now - msAgo);
    // luchtmeetnet: 19 fast successes, one slow failure an hour ago, then a success: ok
    for (let i = 0; i < 19; i++) recordSourceOutcome({ bron: 'luchtmeetnet', ok: true, foutsoort: null, duurMs: 40, tijd: t(2 * HOUR) });
    await flushSourceHealth(); // a second batch must add to the first
    recordSourceOutcome({ bron: 'luchtmeetnet', ok: false, foutsoort: 'timeout', duurMs: 2500, tijd: t(HOUR) });
    recordSourceOutcome({ bron: 'luchtmeetnet', ok: true, foutsoort: null, duurMs: 40, tijd: t(1000) });
    // buienradar: last call failed: gestoord; an old call (30 h ago) is outside the 24 hours
    recordSourceOutcome({ bron: 'buienradar', ok: true, foutsoort: null, duurMs: 120, tijd: t(30 * HOUR) });
    recordSourceOutcome({ bron: 'buienradar', ok: false, foutsoort: 'http_500', duurMs: 80, tijd: t(1000) });
    recordSourceDrift({ bron: 'luchtmeetnet', soort: 'onbekend', veld: 'data[].nieuw', tijd: t(1000) });
    recordSourceDrift({ bron: 'luchtmeetnet', soort: 'onbekend', veld: 'data[].nieuw', tijd: t(500) });
    recordSourceDrift({ bron: 'luchtmeetnet', soort: 'ontbrekend', veld: 'pagination', tijd: t(500) });
    recordSourceDrift({ bron: 'luchtmeetnet', soort: 'conversie', veld: 'data[].timestamp_measured', tijd: t(500) });
    await flushSourceHealth();

    const stats = await getSourceStatistics(t(24 * HOUR));
    expect(stats.luchtmeetnet.aantal).toBe(21);
    expect(stats.luchtmeetnet.fouten).toBe(1);
    expect(stats.luchtmeetnet.buckets[0]).toBe(20);
    expect(stats.buienradar.aantal).toBe(1);

    const { bronnen } = await bronnenStatus(new Date(now));
    const lucht = bronnen.find((b) => b.bron === 'luchtmeetnet')!;
    expect(lucht.status).toBe('ok');
    expect(lucht.aantal_24u).toBe(21);
    expect(lucht.foutpercentage_24u).toBe(4.8);
    expect(lucht.p95_ms_24u).toBe(50);
    expect(lucht.p95_ms_24u_open).toBe(false);
    expect(lucht.laatste_fout).toEqual({ tijd: t(HOUR).toISOString(), soort: 'timeout' });
    expect(lucht.drift.onbekende_velden).toEqual([{ veld: 'data[].nieuw', aantal: 2, laatst_gezien: t(500).toISOString() }]);
    expect(lucht.drift.aantal_24u).toBe(4);
    expect(lucht.drift.laatst_gezien).toBe(t(500).toISOString());
    expect(lucht.drift.ontbrekende_velden.map((d) => d.veld)).toEqual(['pagination']);
    expect(lucht.drift.conversiefouten.map((d) => d.veld)).toEqual(['data[].timestamp_measured']);
    const bui = bronnen.find((b) => b.bron === 'buienradar')!;
    expect(bui.status).toBe('gestoord');
    expect(bui.foutpercentage_24u).toBe(100);
    const never = bronnen.find((b) => b.bron === 'gbfs')!;
    expect(never).toMatchObject({ status: 'onbekend', aantal_24u: 0, foutpercentage_24u: null, p95_ms_24u: null, laatste_succes: null });
    expect(bronnen.length).toBeGreaterThan(20);
  }, SLOW);

  it('counts drift per hour and leaves drift older than 24 hours out of the status', async () => {
    const now = Date.now();
    const t = (msAgo: number) => new Date(now - msAgo);
    // rce-monumenten: one field seen 30 h ago only, another 30 h ago and 2 h ago (summed over the hours in the window)
    recordSourceDrift({ bron: 'rce-monumenten', soort: 'onbekend', veld: 'features[].properties.oud', tijd: t(30 * HOUR) });
    recordSourceDrift({ bron: 'rce-monumenten', soort: 'ontbrekend', veld: 'features[].properties.monumentnummer', tijd: t(30 * HOUR) });
    recordSourceDrift({ bron: 'rce-monumenten', soort: 'ontbrekend', veld: 'features[].properties.monumentnummer', tijd: t(3 * HOUR) });
    recordSourceDrift({ bron: 'rce-monumenten', soort: 'ontbrekend', veld: 'features[].properties.monumentnummer', tijd: t(2 * HOUR) });
    // bgt: only drift from 30 h ago
    recordSourceDrift({ bron: 'bgt', soort: 'conversie', veld: 'features[].geometry', tijd: t(30 * HOUR) });
    await flushSourceHealth();
    const rows = await getDb().bronDrift.findMany({ where: { bron: 'rce-monumenten', veld: 'features[].properties.monumentnummer' } });
    expect(rows).toHaveLength(3); // one row per hour

    const { bronnen } = await bronnenStatus(new Date(now));
    const rce = bronnen.find((b) => b.bron === 'rce-monumenten')!;
    expect(rce.drift.onbekende_velden).toEqual([]);
    expect(rce.drift.ontbrekende_velden).toEqual([{ veld: 'features[].properties.monumentnummer', aantal: 2, laatst_gezien: t(2 * HOUR).toISOString() }]);
    expect(rce.drift).toMatchObject({ aantal_24u: 2, laatst_gezien: t(2 * HOUR).toISOString() });
    const bgt = bronnen.find((b) => b.bron === 'bgt')!;
    expect(bgt.drift).toEqual({ aantal_24u: 0, laatst_gezien: null, onbekende_velden: [], ontbrekende_velden: [], conversiefouten: [] });
  }, SLOW);

  it('keeps at most MAX_DRIFT_FIELDS distinct names per source and kind', async () => {
    for (let i = 0; i < MAX_DRIFT_FIELDS + 5; i++) recordSourceDrift({ bron: 'cbs-statline', soort: 'onbekend', veld: `veld${i}`, tijd: new Date() });
    await flushSourceHealth();
    const { bronnen } = await bronnenStatus();
    const velden = bronnen.find((b) => b.bron === 'cbs-statline')!.drift.onbekende_velden;
    expect(velden).toHaveLength(MAX_DRIFT_FIELDS + 1);
    expect(velden.find((v) => v.veld === OTHER_FIELD)?.aantal).toBe(5);
  }, SLOW);
});
