// Revalidation of the monitor's published answers through the routes, with access on (rate limit counted in
// the database): a monitor GET answers an ETag and may be reused for five minutes; a repeat with If-None-Match
// answers 304 without lowering RateLimit-Remaining (also when the budget is used up), a request without it
// counts; a key gets its own ETag and a private Cache-Control; a newly published version changes the ETag.
// Market: two months of five offices (as in stand-op.test.ts), the second published during the test.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '@/lib/api/operation';
import { route } from '@/lib/api/route';
import { KEYED_CACHE_CONTROL, PUBLISHED_MAX_AGE_S } from '@/lib/api/cache';
import { getDb } from '@/lib/db/client';
import { geefSleutelUit } from '@/lib/access/store';
import { VENSTER_MS, vensterVan } from '@/lib/access/rate-limit';
import { useTestDatabase } from '@/test/db/test-database';
import { kleineMarkt, type Kantoor } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';
import { monitorRadar } from './radar';
import { monitorUniversum } from './universum';
import { monitorVolglijst } from './alerts';

const SLOW = 240_000;

/**
 * The counts compared below are of one rate-limit window: a test starting in the last two minutes of the hour
 * first waits for the next window (polling the clock, whatever it says under libfaketime).
 */
async function windowWithRoom(): Promise<void> {
  const room = () => vensterVan(Date.now()) + VENSTER_MS - Date.now();
  if (room() > 120_000) return;
  const venster = vensterVan(Date.now());
  while (vensterVan(Date.now()) === venster) await new Promise((r) => setTimeout(r, 500));
}

const kantoren: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
];
const { H, entiteiten, mei, juni } = kleineMarkt(kantoren, ['30000001']);

describe.each(['pglite', 'postgresql'] as const)('revalidating the monitor on %s', (kind) => {
  const db = useTestDatabase(kind, `nlods-revalidatie-${kind}-`);
  beforeAll(async () => {
    process.env.TOEGANG = 'aan';
    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['mei', mei, '2026-05-01']] as const);
  }, SLOW);
  afterAll(() => {
    process.env.TOEGANG = 'uit';
    delete process.env.RATE_LIMIT_PREVIEW;
  });

  const get = async (op: Operation, url: string, headers: Record<string, string>) => {
    const res = await route(op).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({}) });
    return { status: res.status, headers: res.headers, text: await res.text() };
  };
  const remaining = (r: { headers: Headers }) => Number(r.headers.get('RateLimit-Remaining'));

  it('answers a repeat with If-None-Match 304 without lowering RateLimit-Remaining; a new version changes the ETag', { timeout: SLOW }, async () => {
    await windowWithRoom();
    const ip = { 'X-Forwarded-For': kind === 'pglite' ? '198.51.100.21' : '198.51.100.22' };
    const url = '/v1/distributiemonitor/universum';
    const first = await get(monitorUniversum, url, ip);
    expect(first.status).toBe(200);
    const etag = first.headers.get('ETag')!;
    expect(etag).toMatch(/^W\/"v\./);
    expect(first.headers.get('Cache-Control')).toBe(`public, max-age=${PUBLISHED_MAX_AGE_S}`);
    expect(first.headers.get('Vary')).toBe('Accept, Accept-Encoding, X-Api-Key, Authorization');
    expect(first.headers.get('RateLimit-Limit')).toBe('60');
    expect(remaining(first)).toBe(59);

    for (let i = 0; i < 3; i++) {
      const again = await get(monitorUniversum, url, { ...ip, 'If-None-Match': etag });
      expect(again.status).toBe(304);
      expect(again.text).toBe('');
      expect(again.headers.get('ETag')).toBe(etag);
      expect(again.headers.get('Cache-Control')).toBe(first.headers.get('Cache-Control'));
      expect(again.headers.get('RateLimit-Limit')).toBe('60');
      expect(remaining(again)).toBe(59);
      expect(Number(again.headers.get('RateLimit-Reset'))).toBeGreaterThan(0);
    }

    // Without If-None-Match, or with another tag, the request counts as before.
    expect(remaining(await get(monitorUniversum, url, ip))).toBe(58);
    const other = await get(monitorUniversum, url, { ...ip, 'If-None-Match': 'W/"iets-anders"' });
    expect(other.status).toBe(200);
    expect(remaining(other)).toBe(57);
    // Another operation or query is another answer with its own ETag.
    const radar = await get(monitorRadar, '/v1/distributiemonitor/radar', ip);
    expect(radar.headers.get('ETag')).not.toBe(etag);

    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['juni', juni, '2026-06-01']] as const);
    const after = await get(monitorUniversum, url, { ...ip, 'If-None-Match': etag });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(etag);
    expect(JSON.parse(after.text).data.datasetversie.peildatum).toBe('2026-06-01');
    expect(remaining(after)).toBe(55);
    expect((await get(monitorUniversum, url, { ...ip, 'If-None-Match': after.headers.get('ETag')! })).status).toBe(304);
  });

  it('a revalidation costs nothing also when the budget is used up; a new request gets 429', { timeout: SLOW }, async () => {
    await windowWithRoom();
    process.env.RATE_LIMIT_PREVIEW = '2';
    try {
      const ip = { 'X-Forwarded-For': kind === 'pglite' ? '198.51.100.31' : '198.51.100.32' };
      const url = '/v1/distributiemonitor/radar';
      const first = await get(monitorRadar, url, ip);
      await get(monitorRadar, `${url}?peildatum=2026-06-01`, ip);
      expect((await get(monitorRadar, url, ip)).status).toBe(429);
      const again = await get(monitorRadar, url, { ...ip, 'If-None-Match': first.headers.get('ETag')! });
      expect(again.status).toBe(304);
      expect(again.headers.get('RateLimit-Remaining')).toBe('0');
    } finally {
      delete process.env.RATE_LIMIT_PREVIEW;
    }
  });

  it('a key gets its own ETag (another tier), kept privately and revalidated on every use; an account\'s own data stays no-store without a version ETag', { timeout: SLOW }, async () => {
    await windowWithRoom();
    const k = await geefSleutelUit(getDb(), 'standard', { naam: 'Test', email: 'test@example.org', gebruik: 'test' });
    const url = '/v1/distributiemonitor/universum';
    const anoniem = await get(monitorUniversum, url, { 'X-Forwarded-For': '198.51.100.41' });
    const metSleutel = await get(monitorUniversum, url, { 'X-Api-Key': k.sleutel });
    expect(metSleutel.status).toBe(200);
    expect(metSleutel.headers.get('Cache-Control')).toBe(KEYED_CACHE_CONTROL);
    expect(metSleutel.headers.get('ETag')).not.toBe(anoniem.headers.get('ETag'));
    const voor = remaining(metSleutel);
    const again = await get(monitorUniversum, url, { 'X-Api-Key': k.sleutel, 'If-None-Match': metSleutel.headers.get('ETag')! });
    expect(again.status).toBe(304);
    expect(again.headers.get('Cache-Control')).toBe(KEYED_CACHE_CONTROL);
    expect(remaining(again)).toBe(voor);
    // The anonymous ETag is not the keyed caller's answer.
    expect((await get(monitorUniversum, url, { 'X-Api-Key': k.sleutel, 'If-None-Match': anoniem.headers.get('ETag')! })).status).toBe(200);

    const lijst = await get(monitorVolglijst, '/v1/distributiemonitor/alerts/volglijst?gebruiker_id=adviseur-1', { 'X-Api-Key': k.sleutel });
    expect(lijst.status).toBe(200);
    expect(lijst.headers.get('Cache-Control')).toBe('no-store');
    expect(lijst.headers.get('ETag')).not.toMatch(/^W\/"v\./);
    expect(lijst.headers.get('Vary')).toContain('X-Api-Key');
    const r = await get(monitorVolglijst, '/v1/distributiemonitor/alerts/volglijst?gebruiker_id=adviseur-1', { 'X-Api-Key': k.sleutel, 'If-None-Match': lijst.headers.get('ETag')! });
    expect(r.status).toBe(304);
    expect(remaining(r)).toBe(remaining(lijst) - 1); // a 304 after the operation ran counts
  });
});
