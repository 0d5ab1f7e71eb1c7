// Access on a real database, per backend: keys are stored only as hash and prefix (the whole database is
// searched for the key), a key is read from X-Api-Key or Authorization: Bearer, unknown/revoked/malformed
// keys are 401, the rate limit is exact under 200 parallel requests, every answer carries the RateLimit
// headers, a 429 carries Retry-After, and the free preview sees only the latest year of the monitor.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import { getDb } from '@/lib/db/client';
import { importFsp } from '@/lib/registers/fsp/import';
import { recomputeMonitor } from '@/lib/monitor/recompute';
import { monitorVestigingen } from '@/lib/services/distributiemonitor/vestigingen';
import { monitorVersiesOp } from '@/lib/services/distributiemonitor/versies';
import { useTestDatabase } from '@/test/db/test-database';
import { schrijfMarkt } from '@/test/fixtures/monitor/markt';
import { hashSleutel, nieuweSleutel, prefixVan, SLEUTEL_PATROON, sleutelUit } from './keys';
import { BLOK, ruimOp, tel, VENSTER_MS, vensterVan, verbruikExact, verbruikInBlokken, type Blok } from './rate-limit';
import { adresVan } from './toegang';
import { doorgestuurdVoor } from '@/scripts/forwarded-for.mjs';
import { geefSleutelUit, keurGoed, overzicht, trekIn } from './store';
import { toegangAanvraag } from '@/lib/services/toegang/aanvraag';
import { importLei } from '@/lib/registers/lei/import';
import { lei } from '@/test/fixtures/monitor/markt';
import { vestigingId } from '@/lib/monitor/derive/vestigingen';
import { monitorTijdlijn, monitorTijdlijnGelezen, monitorVolglijst, monitorVolglijstToevoegen, monitorVolglijstVerwijderen } from '@/lib/services/distributiemonitor/alerts';
import type { Operation } from '@/lib/api/operation';
import { bronnenCatalogus } from '@/lib/services/catalogus/bronnen';

const SLOW = 120_000;

describe('keys', () => {
  it('are random, readable by prefix and stored as sha-256', () => {
    const a = nieuweSleutel('standard');
    const b = nieuweSleutel('enterprise');
    expect(a.sleutel).toMatch(SLEUTEL_PATROON);
    expect(a.sleutel.startsWith('nlod_s_')).toBe(true);
    expect(b.sleutel.startsWith('nlod_e_')).toBe(true);
    expect(a.sleutel).not.toBe(nieuweSleutel('standard').sleutel);
    expect(a.hash).toBe(hashSleutel(a.sleutel));
    expect(a.hash).toMatch(/^[0-9a-f]{64}$/);
    expect(a.prefix).toBe(prefixVan(a.sleutel));
    expect(a.prefix).toHaveLength(15);
  });

  it('are read from X-Api-Key or Authorization: Bearer', () => {
    const { sleutel } = nieuweSleutel('standard');
    expect(sleutelUit(new Headers())).toBeUndefined();
    expect(sleutelUit(new Headers({ 'X-Api-Key': sleutel }))).toBe(sleutel);
    expect(sleutelUit(new Headers({ Authorization: `Bearer ${sleutel}` }))).toBe(sleutel);
    expect(sleutelUit(new Headers({ 'X-Api-Key': 'geheim' }))).toBeNull();
    expect(sleutelUit(new Headers({ Authorization: 'Basic YWJjOmRlZg==' }))).toBeNull();
  });
});

describe('the caller\'s address', () => {
  it('is the connection\'s, whatever X-Forwarded-For the client sends; trusted proxies are counted from the end', () => {
    const adres = (kop: string | undefined, peer: string, hops: number) => {
      process.env.TRUST_PROXY_HOPS = String(hops);
      return adresVan(new Headers({ 'x-forwarded-for': doorgestuurdVoor(kop, peer, hops) }));
    };
    expect(adres(undefined, '203.0.113.1', 0)).toBe('203.0.113.1');
    expect(adres('1.2.3.4', '203.0.113.1', 0)).toBe('203.0.113.1'); // a spoofed header is dropped
    // Behind one proxy (10.0.0.2) that appended the client 198.51.100.5 to what the client claimed:
    expect(adres('1.2.3.4, 198.51.100.5', '10.0.0.2', 1)).toBe('198.51.100.5');
    delete process.env.TRUST_PROXY_HOPS;
  });
});

/** One moment in the middle of the current window for the counters called directly: an hour turning during the file changes nothing. */
const NU = vensterVan(Date.now()) + VENSTER_MS / 2;

describe.each(['pglite', 'postgresql'] as const)('access on %s', (kind) => {
  const db = useTestDatabase(kind, `nlods-access-${kind}-`);
  beforeAll(() => void (process.env.TOEGANG = 'aan'));
  afterAll(() => void (process.env.TOEGANG = 'uit'));

  const get = async (url: string, headers: Record<string, string> = {}, op = monitorVestigingen) => {
    const res = await route(op).GET(new Request(`http://localhost${url}`, { headers }), { params: Promise.resolve({}) });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, any> };
  };

  it('counts exactly: 200 parallel requests against 60 an hour let 60 through', { timeout: SLOW }, async () => {
    const uit = await Promise.all(Array.from({ length: 200 }, () => verbruikExact(getDb(), 'test:exact', 60, NU)));
    expect(uit.filter((u) => u.toegestaan)).toHaveLength(60);
    // Through the route: a fresh address, 200 at once, the monitor's free preview limit of 60.
    const r = await Promise.all(Array.from({ length: 200 }, () => get('/v1/distributiemonitor/vestigingen', { 'X-Forwarded-For': '203.0.113.9' })));
    expect(r.filter((x) => x.status !== 429)).toHaveLength(60); // 503: no version yet, but counted and let through
    const te = r.find((x) => x.status === 429)!;
    expect(te.body).toMatchObject({ errorCode: 'rate_limited' });
    expect(Number(te.headers.get('Retry-After'))).toBeGreaterThan(0);
    expect(te.headers.get('RateLimit-Limit')).toBe('60');
    expect(te.headers.get('RateLimit-Remaining')).toBe('0');
    const ok = r.find((x) => x.status !== 429)!;
    expect(ok.headers.get('RateLimit-Limit')).toBe('60');
    expect(Number(ok.headers.get('RateLimit-Reset'))).toBeLessThanOrEqual(3600);
  });

  it('counts in blocks without losing any: 200 parallel requests against 60 outside the monitor let 60 through', { timeout: SLOW }, async () => {
    // One simulated process (its own blocks): the process-wide blocks are shared by both backends' runs.
    const proces = new Map<string, Blok>();
    const uit = await Promise.all(Array.from({ length: 200 }, () => verbruikInBlokken(getDb(), 'test:blok', 60, { proces, nu: NU })));
    expect(uit.filter((u) => u.toegestaan)).toHaveLength(60);
    // Through the route: a fresh address, 200 at once against an operation outside the monitor.
    process.env.RATE_LIMIT_OVERIG = '60';
    try {
      const r = await Promise.all(Array.from({ length: 200 }, () => get('/v1/bronnen', { 'X-Forwarded-For': kind === 'pglite' ? '203.0.113.10' : '203.0.113.11' }, bronnenCatalogus)));
      expect(r.filter((x) => x.status === 200)).toHaveLength(60);
      expect(r.filter((x) => x.status === 429)).toHaveLength(140);
      const te = r.find((x) => x.status === 429)!;
      expect(te.body).toMatchObject({ errorCode: 'rate_limited' });
      expect(te.headers.get('RateLimit-Limit')).toBe('60');
    } finally {
      delete process.env.RATE_LIMIT_OVERIG;
    }
  });

  it('10 parallel clients from one address get 3,600 of 3,700; two processes overshoot by at most one block each', { timeout: SLOW }, async () => {
    const baan = async (n: number, onderwerp: string, proces?: Map<string, Blok>) => {
      let ja = 0;
      for (let i = 0; i < n; i++) if ((await verbruikInBlokken(getDb(), onderwerp, 3600, { proces, nu: NU })).toegestaan) ja++;
      return ja;
    };
    const een = new Map<string, Blok>();
    const tien = await Promise.all(Array.from({ length: 10 }, () => baan(370, 'test:tien', een)));
    expect(tien.reduce((a, b) => a + b, 0)).toBe(3600);
    // Two processes (each its own blocks) sharing the counter: at least the limit minus what each may hold
    // unused, never more than the limit.
    const a = new Map<string, Blok>();
    const b = new Map<string, Blok>();
    const twee = await Promise.all(Array.from({ length: 10 }, (_, i) => baan(370, 'test:twee', i % 2 ? a : b)));
    const samen = twee.reduce((x, y) => x + y, 0);
    expect(samen).toBeLessThanOrEqual(3600);
    expect(samen).toBeGreaterThanOrEqual(3600 - 2 * BLOK);
  });

  it('deletes the counters of ended windows and keeps the current one', { timeout: SLOW }, async () => {
    await tel(getDb(), 'test:oud', vensterVan(NU) - 2 * VENSTER_MS);
    const n = await ruimOp(getDb(), NU);
    expect(n).toBeGreaterThanOrEqual(1);
    const rest = await getDb().$queryRaw<{ onderwerp: string }[]>`SELECT onderwerp FROM rate_teller WHERE onderwerp LIKE 'test:%'`;
    expect(rest.map((r) => r.onderwerp).sort()).toEqual(['test:blok', 'test:exact', 'test:tien', 'test:twee']);
  });

  it('stores keys only as hash and prefix, and refuses unknown, revoked and malformed keys', { timeout: SLOW }, async () => {
    const k = await geefSleutelUit(getDb(), 'standard', { naam: 'Test Gebruiker', email: 'test@example.org', gebruik: 'test' });
    // The whole database, every row as text: the key itself is nowhere.
    const tabellen = await getDb().$queryRaw<{ t: string }[]>`SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`;
    for (const { t } of tabellen) {
      const [{ n }] = await getDb().$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM "${t}" x WHERE x::text LIKE $1`, `%${k.sleutel.slice(15)}%`);
      expect(n, t).toBe(0);
    }
    const [rij] = await getDb().$queryRaw<{ hash: string; prefix: string }[]>`SELECT hash, prefix FROM api_sleutel WHERE id = ${k.id}`;
    expect(rij).toEqual({ hash: hashSleutel(k.sleutel), prefix: k.prefix });

    const metSleutel = await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': k.sleutel });
    expect(metSleutel.headers.get('RateLimit-Limit')).toBe('1000');
    expect((await get('/v1/distributiemonitor/vestigingen', { Authorization: `Bearer ${k.sleutel}` })).headers.get('RateLimit-Remaining')).toBe('998');
    expect((await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': nieuweSleutel('standard').sleutel })).status).toBe(401);
    expect((await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': 'abc' })).body).toMatchObject({ status: 401, errorCode: 'unauthorized' });
    expect(await trekIn(getDb(), k.prefix)).toBe(true);
    expect((await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': k.sleutel })).status).toBe(401);
  });

  it('issues a standard key at once and queues an enterprise request; five requests an hour per address', { timeout: SLOW }, async () => {
    const post = async (body: unknown, adres = '192.0.2.44') => {
      const res = await route(toegangAanvraag).POST(
        new Request('http://localhost/v1/toegang/aanvragen', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': adres }, body: JSON.stringify(body) }),
        { params: Promise.resolve({}) },
      );
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const aanvrager = { naam: 'Adviseur Test', email: 'adviseur@example.org', organisatie: 'Testkantoor', gebruik: 'Marktanalyse voor klanten' };
    const std = await post({ ...aanvrager, tier: 'standard' });
    expect(std.status).toBe(200);
    expect(std.body.data).toMatchObject({ status: 'uitgegeven', tier: 'standard' });
    expect(std.body.data.sleutel).toMatch(SLEUTEL_PATROON);
    expect((await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': std.body.data.sleutel })).headers.get('RateLimit-Limit')).toBe('1000');
    const ent = await post({ ...aanvrager, tier: 'enterprise' });
    expect(ent.body.data).toMatchObject({ status: 'in_behandeling', sleutel: null });
    expect((await overzicht(getDb())).aanvragen.map((a) => a.id)).toEqual([ent.body.data.aanvraag_id]);
    const k = await keurGoed(getDb(), ent.body.data.aanvraag_id, 25_000);
    expect(k?.sleutel.startsWith('nlod_e_')).toBe(true);
    expect((await get('/v1/distributiemonitor/vestigingen', { 'X-Api-Key': k!.sleutel })).headers.get('RateLimit-Limit')).toBe('25000');
    expect(await keurGoed(getDb(), ent.body.data.aanvraag_id)).toBeNull(); // not twice
    expect((await post({ ...aanvrager, email: 'geen-adres', tier: 'standard' })).body).toMatchObject({ status: 400, invalid_params: [{ name: 'email' }] });
    for (let i = 0; i < 3; i++) expect((await post({ ...aanvrager, tier: 'enterprise' })).status).toBe(200);
    expect((await post({ ...aanvrager, tier: 'enterprise' })).status).toBe(429); // the 6th valid request from this address (a 400 does not count)
    expect((await post({ ...aanvrager, tier: 'enterprise' }, '192.0.2.45')).status).toBe(200);
  });

  it('shows the free preview only the latest year of the monitor; a standard key unlocks the history', { timeout: SLOW }, async () => {
    // Two versions 14 months apart of a one-office market.
    const kantoren = [{ id: 'c0000000-0000-4000-8000-000000000001', naam: 'Enig Kantoor B.V.', kvk: '50000001', adres: 'Markt 1', postcode: '3511 AA', plaats: 'Utrecht' }];
    for (const [naam, datum] of [['oud', '2025-01-01'], ['nieuw', '2026-03-01']]) {
      const f = schrijfMarkt(path.join(db.dir(), naam), naam, { kantoren, entiteiten: [], relaties: [], datum });
      // The AFM full export carries no date (the peildatum is given here), so the hand-made XML of the same offices
      // is byte-identical every month, while the real export is a new file every day: each month's file is published
      // as that month's version on purpose (forceer: past the same-file check).
      await importFsp({ file: f.afm, peildatum: new Date(`${datum}T06:00:00Z`), forceer: true });
      expect((await recomputeMonitor(getDb())).versie_id).not.toBeNull();
    }
    const k = await geefSleutelUit(getDb(), 'standard', { naam: 'Historicus', email: 'h@example.org', gebruik: 'test' });
    const adres = { 'X-Forwarded-For': '198.51.100.7' };
    const oud = await get('/v1/distributiemonitor/vestigingen?peildatum=2025-06-30', adres);
    expect(oud.status).toBe(403);
    expect(oud.body).toMatchObject({ errorCode: 'forbidden_tier', vereiste_tier: 'standard' });
    expect(oud.body.detail).toContain('standard');
    expect((await get('/v1/distributiemonitor/vestigingen?peildatum=2026-03-01', adres)).status).toBe(200);
    expect((await get('/v1/distributiemonitor/vestigingen?peildatum=2025-06-30', { 'X-Api-Key': k.sleutel })).status).toBe(200);
    const lijst = await get('/v1/distributiemonitor/versies', adres, monitorVersiesOp);
    expect(lijst.body.data).toMatchObject({ totaal: 1, historie_vanaf: '2025-03-01' });
    expect((await get('/v1/distributiemonitor/versies', { 'X-Api-Key': k.sleutel }, monitorVersiesOp)).body.data).toMatchObject({ totaal: 2, historie_vanaf: null });
    // CSV of the monitor lists: standard and up; the free preview gets 403 naming standard.
    const geenCsv = await get('/v1/distributiemonitor/vestigingen?formaat=csv', adres);
    expect(geenCsv.body).toMatchObject({ status: 403, errorCode: 'forbidden_tier', vereiste_tier: 'standard' });
    const res = await route(monitorVestigingen).GET(new Request('http://localhost/v1/distributiemonitor/vestigingen', { headers: { 'X-Api-Key': k.sleutel, Accept: 'text/csv' } }), { params: Promise.resolve({}) });
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const regels = new TextDecoder().decode(await res.arrayBuffer()).replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(regels[0]).toBe('vestiging_id,naam,kvk_nummer,postcode,huisnummer,huisnummer_toevoeging,plaats,actief,instelling_id,producten,hypotheek_diensten,sinds,einde,handelsnamen,klachteninstituut,lei,holding_id,hoofdholding_id,koppeling_gleif_methode,koppeling_gleif_zekerheid,koppeling_dnb_relatienummer,koppeling_dnb_methode,koppeling_dnb_zekerheid');
    expect(regels).toHaveLength(2);
    expect(regels[1]).toContain('Enig Kantoor B.V.,50000001,3511 AA,1,,Utrecht,true');
  });

  it('turns a takeover of a watched vestiging into an unread alert for that gebruiker_id only', { timeout: SLOW }, async () => {
    const call = async (op: Operation, method: string, url: string, sleutel: string, body?: unknown) => {
      const init: RequestInit = { method, headers: { 'X-Api-Key': sleutel, ...(body ? { 'Content-Type': 'application/json' } : {}) }, ...(body ? { body: JSON.stringify(body) } : {}) };
      const res = await route(op)[method as 'GET'](new Request(`http://localhost${url}`, init), { params: Promise.resolve({}) });
      return { status: res.status, body: (await res.json()) as Record<string, any> };
    };
    const H = lei('WH');
    const kantoren = [{ id: 'd0000000-0000-4000-8000-000000000001', naam: 'Gevolgd Kantoor B.V.', kvk: '60000001', adres: 'Markt 5', postcode: '3511 AB', plaats: 'Utrecht' }];
    const entiteiten = [
      { lei: lei('60000001'), naam: 'Gevolgd Kantoor B.V.', kvk: '60000001', plaats: 'Utrecht' },
      { lei: H, naam: 'Koper Holding N.V.', kvk: '60000099', plaats: 'Utrecht' },
    ];
    const V = vestigingId('60000001', '3511 AB', '5');
    const publiceer = async (naam: string, datum: string, relaties: { kind: string; ouder: string; start: string }[]) => {
      const f = schrijfMarkt(path.join(db.dir(), naam), naam, { kantoren, entiteiten, relaties, datum });
      // The AFM full export carries no date (the peildatum is given here), so the hand-made XML of the same offices
      // is byte-identical every month, while the real export is a new file every day: each month's file is published
      // as that month's version on purpose (forceer: past the same-file check).
      await importFsp({ file: f.afm, peildatum: new Date(`${datum}T06:00:00Z`), forceer: true });
      await importLei({ file: f.lei, rr: f.rr, peildatum: new Date(`${datum}T06:00:00Z`), parseWorker: false });
      return recomputeMonitor(getDb());
    };
    await publiceer('w1', '2026-04-01', []);
    const a = await geefSleutelUit(getDb(), 'standard', { naam: 'A', email: 'a@example.org', gebruik: 'test' });
    const b = await geefSleutelUit(getDb(), 'standard', { naam: 'B', email: 'b@example.org', gebruik: 'test' });
    const VL = '/v1/distributiemonitor/alerts/volglijst?gebruiker_id=analist-1';
    const TL = '/v1/distributiemonitor/alerts/tijdlijn?gebruiker_id=analist-1';
    expect((await call(monitorVolglijstToevoegen, 'POST', VL, a.sleutel, { entiteit_type: 'vestiging', entiteit_id: V })).body.data).toMatchObject({
      toegevoegd: true,
      volglijst: [{ entiteit_id: V, naam: 'Gevolgd Kantoor B.V.', plaats: 'Utrecht' }],
    });
    expect((await call(monitorVolglijstToevoegen, 'POST', VL, a.sleutel, { entiteit_type: 'vestiging', entiteit_id: 'VAAAAAAAAAA' })).status).toBe(404);
    // Without a key: 401; with another key: the same gebruiker_id is an empty name space.
    const zonder = await route(monitorVolglijst).GET(new Request(`http://localhost${VL}`), { params: Promise.resolve({}) });
    expect(zonder.status).toBe(401);
    expect((await call(monitorVolglijst, 'GET', VL, b.sleutel)).body.data.volglijst).toEqual([]);

    // The new version: H takes V over.
    await publiceer('w2', '2026-05-01', [{ kind: lei('60000001'), ouder: H, start: '2026-04-15' }]);
    const feed = (await call(monitorTijdlijn, 'GET', `${TL}&ongelezen=true`, a.sleutel)).body.data;
    expect(feed).toMatchObject({ totaal: 1, ongelezen: 1, alerts: [{ entiteit_type: 'vestiging', entiteit_id: V, entiteit_naam: 'Gevolgd Kantoor B.V.', entiteit_plaats: 'Utrecht', wijziging_type: 'overgenomen', datum: '2026-05-01', gelezen: false }] });
    expect((await call(monitorTijdlijn, 'GET', TL, b.sleutel)).body.data).toMatchObject({ totaal: 0, alerts: [] });
    // Another key cannot mark A's alert read; A can.
    expect((await call(monitorTijdlijnGelezen, 'POST', TL, b.sleutel, { markeer_gelezen: [feed.alerts[0].alert_id] })).body.data.gemarkeerd).toBe(0);
    expect((await call(monitorTijdlijnGelezen, 'POST', TL, a.sleutel, { markeer_gelezen: 'alle' })).body.data.gemarkeerd).toBe(1);
    expect((await call(monitorTijdlijn, 'GET', `${TL}&ongelezen=true`, a.sleutel)).body.data).toMatchObject({ totaal: 0, ongelezen: 0 });
    expect((await call(monitorTijdlijn, 'GET', TL, a.sleutel)).body.data.alerts).toMatchObject([{ gelezen: true }]);
    expect((await call(monitorVolglijstVerwijderen, 'DELETE', `${VL}&entiteit_type=vestiging&entiteit=${V}`, b.sleutel)).status).toBe(404);
    expect((await call(monitorVolglijstVerwijderen, 'DELETE', `${VL}&entiteit_type=vestiging&entiteit=${V}`, a.sleutel)).body.data.volglijst).toEqual([]);
  });
});
