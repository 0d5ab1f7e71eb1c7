// Acceptance of the monitor's versions: two register versions of a hand-made market, imported
// through the real importers, where holding H takes over three independent vestigingen. Asserts the exact
// wijziging rows, the as-of state before and after, idempotence, and that the database refuses UPDATE,
// DELETE and TRUNCATE of wijziging rows.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { monitorRadar } from '@/lib/services/distributiemonitor/radar';
import { monitorVestigingen } from '@/lib/services/distributiemonitor/vestigingen';
import { monitorHoofdholdings } from '@/lib/services/distributiemonitor/hoofdholdings';
import { monitorWijzigingen } from '@/lib/services/distributiemonitor/wijzigingen';
import { operations } from '@/lib/api/registry';
import { importFsp } from '@/lib/registers/fsp/import';
import { importLei } from '@/lib/registers/lei/import';
import { useTestDatabase } from '@/test/db/test-database';
import { lei, schrijfMarkt, type Kantoor, type LeiEntiteit, type Relatie } from '@/test/fixtures/monitor/markt';
import { vestigingId } from './derive/vestigingen';
import { recomputeMonitor } from './recompute';
import { readDatasetVersies, readToestand, readWijzigingenVanVersie, replayToestand } from './store';

const SLOW = 120_000;

async function get(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

// Five advice offices; B already belongs to holding H (KvK 30000099). Between May and June H takes over A1-A3.
const kantoren: Kantoor[] = [
  { id: 'a0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht' },
  { id: 'a0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'a0000000-0000-4000-8000-000000000003', naam: 'Advies Drie B.V.', kvk: '30000003', adres: 'Dam 3-B', postcode: '1012 JS', plaats: 'Amsterdam' },
  { id: 'a0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
  { id: 'a0000000-0000-4000-8000-000000000020', naam: 'Zelfstandig B.V.', kvk: '30000020', adres: 'Laan 20', postcode: '9711 LM', plaats: 'Groningen', producten: [['Schadeverzekeringen', 'Bemiddelen']] },
];
const H = lei('H');
const entiteiten: LeiEntiteit[] = [
  ...kantoren.map((k) => ({ lei: lei(k.kvk), naam: k.naam, kvk: k.kvk, plaats: k.plaats })),
  { lei: H, naam: 'Hoofd Holding N.V.', kvk: '30000099', plaats: 'Den Haag' },
];
const mei: Relatie[] = [{ kind: lei('30000010'), ouder: H, start: '2019-01-01' }];
const juni: Relatie[] = [...mei, ...['30000001', '30000002', '30000003'].map((kvk) => ({ kind: lei(kvk), ouder: H, start: '2026-05-15' }))];

const V = (kvk: string, postcode: string, nr: string) => vestigingId(kvk, postcode, nr);
const A1 = V('30000001', '3511 AA', '1');
const A2 = V('30000002', '3511 AA', '2');
const A3 = V('30000003', '1012 JS', '3-B');
const B = V('30000010', '2511 CV', '10');
const Z = V('30000020', '9711 LM', '20');

async function publiceer(dir: string, naam: string, relaties: Relatie[], datum: string) {
  const f = schrijfMarkt(dir, naam, { kantoren, entiteiten, relaties, datum });
  // The AFM full export carries no date (the peildatum is given here), so the hand-made XML of the same offices
  // is byte-identical every month, while the real export is a new file every day: each month's file is published
  // as that month's version on purpose (forceer: past the same-file check).
  await importFsp({ file: f.afm, peildatum: new Date(`${datum}T06:00:00Z`), forceer: true });
  await importLei({ file: f.lei, rr: f.rr, peildatum: new Date(`${datum}T06:00:00Z`), parseWorker: false });
  return recomputeMonitor(getDb());
}

describe('monitor versions: a takeover of three vestigingen', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-');

  it('writes the baseline, then exactly the takeover rows, and replays both states', { timeout: SLOW }, async () => {
    const dir = path.join(db.dir(), 'markt');
    const v1 = await publiceer(dir, 'mei', mei, '2026-05-01');
    expect(v1).toMatchObject({ peildatum: '2026-05-01', wijzigingen: 6 });
    const eerste = await readWijzigingenVanVersie(getDb(), v1.versie_id!, { rijen: 100, start: 0 });
    expect(eerste.rijen.map((r) => [r.entiteit_type, r.entiteit_id, r.wijziging_type])).toEqual([
      ['hoofdholding', H, 'nieuw'],
      ...[A1, A2, A3, B, Z].sort().map((id) => ['vestiging', id, 'nieuw']),
    ]);

    const v2 = await publiceer(dir, 'juni', juni, '2026-06-01');
    expect(v2.versie_id).toBe(v1.versie_id! + 1);
    const tweede = await readWijzigingenVanVersie(getDb(), v2.versie_id!, { rijen: 100, start: 0 });
    expect(tweede.totaal).toBe(4);
    expect(tweede.rijen.map((r) => ({ t: r.entiteit_type, id: r.entiteit_id, w: r.wijziging_type, velden: r.velden, datum: r.datum }))).toEqual([
      { t: 'hoofdholding', id: H, w: 'gewijzigd', velden: ['vestiging_ids'], datum: '2026-06-01' },
      ...[A1, A2, A3].sort().map((id) => ({ t: 'vestiging', id, w: 'overgenomen', velden: ['holding_id', 'hoofdholding_id'], datum: '2026-06-01' })),
    ]);
    const a1 = tweede.rijen.find((r) => r.entiteit_id === A1)!;
    expect(a1.oud).toMatchObject({ vestiging_id: A1, naam: 'Advies Een B.V.', hoofdholding_id: null, holding_id: null, lei: lei('30000001') });
    expect(a1.nieuw).toMatchObject({ vestiging_id: A1, hoofdholding_id: H, holding_id: H });
    const h = tweede.rijen[0];
    expect((h.oud as { vestiging_ids: string[] }).vestiging_ids).toEqual([B]);
    expect((h.nieuw as { vestiging_ids: string[] }).vestiging_ids).toEqual([A1, A2, A3, B].sort());
    expect(await readWijzigingenVanVersie(getDb(), v2.versie_id!, { rijen: 100, start: 0, wijziging_type: 'overgenomen', entiteit_type: 'vestiging' })).toMatchObject({ totaal: 3 });

    // As-of: version 1 reconstructed from the rows has A1 independent; version 2 has it under H, equal to the stored state.
    const voor = await replayToestand(getDb(), v1.versie_id!);
    const na = await replayToestand(getDb(), v2.versie_id!);
    expect(voor.vestigingen.find((v) => v.vestiging_id === A1)).toMatchObject({ hoofdholding_id: null });
    expect(voor.holdings.map((x) => [x.holding_id, x.vestiging_ids])).toEqual([[H, [B]]]);
    expect(na.vestigingen.find((v) => v.vestiging_id === A1)).toMatchObject({ hoofdholding_id: H });
    expect(na).toEqual(await readToestand(getDb(), v2.versie_id!));
    expect(await readToestand(getDb(), v1.versie_id!)).toEqual({ vestigingen: [], holdings: [] }); // older state: rows only

    // The same published imports again: no new version.
    expect(await recomputeMonitor(getDb())).toMatchObject({ versie_id: null, reden: 'ongewijzigd' });
    const versies = await readDatasetVersies(getDb());
    expect(versies.map((v) => [v.id, v.peildatum, v.samenvatting])).toEqual([
      [v1.versie_id, '2026-05-01', { hoofdholding: { nieuw: 1 }, vestiging: { nieuw: 5 } }],
      [v2.versie_id, '2026-06-01', { hoofdholding: { gewijzigd: 1 }, vestiging: { overgenomen: 3 } }],
    ]);
    expect(versies[1].aantallen).toMatchObject({ vestigingen: 5, vestigingen_actief: 5, hoofdholdingen: 1, vestigingen_gebonden: 4 });
    expect(versies[1].bronnen.map((b) => b.register)).toEqual(['fsp', 'lei']);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers as of a date before and after the takeover, and the radar names H as consolidator', { timeout: SLOW }, async () => {
    const onder = async (peildatum?: string) =>
      (await get(monitorVestigingen, `/v1/distributiemonitor/vestigingen?kvk_nummer=30000001${peildatum ? `&peildatum=${peildatum}` : ''}`)).body;
    const voor = await onder('2026-05-31');
    expect(voor.data.vestigingen).toMatchObject([{ vestiging_id: A1, hoofdholding_id: null, actief: true }]);
    expect(voor.data.dekking).toMatchObject({ peildatum: '2026-05-01', peildatum_gevraagd: '2026-05-31', aandeel_gebonden_pct: 20 });
    const na = await onder('2026-06-01');
    expect(na.data.vestigingen).toMatchObject([{ vestiging_id: A1, hoofdholding_id: H, holding_id: H }]);
    expect(na.data.dekking).toMatchObject({ peildatum: '2026-06-01', aandeel_gebonden_pct: 80 });
    expect((await onder()).data.vestigingen).toEqual(na.data.vestigingen);
    expect(na.bronnen.map((b: { bron: string; peildatum: string }) => [b.bron, b.peildatum])).toEqual([
      ['afm-register', '2026-06-01'],
      ['gleif-golden-copy', '2026-06-01'],
    ]);
    // Before the first version there is nothing to answer with.
    const vroeg = await get(monitorVestigingen, '/v1/distributiemonitor/vestigingen?peildatum=2026-04-30');
    expect(vroeg.status).toBe(400);
    expect(vroeg.body.detail).toContain('2026-05-01');

    const hh = async (peildatum: string) => (await get(monitorHoofdholdings, `/v1/distributiemonitor/hoofdholdings?peildatum=${peildatum}`)).body.data.hoofdholdings;
    expect(await hh('2026-05-15')).toMatchObject([{ hoofdholding_id: H, sector_rang: 1, aantal_vestigingen: 1, aandeel_pct: 20 }]);
    expect(await hh('2026-06-15')).toMatchObject([{ hoofdholding_id: H, sector_rang: 1, aantal_vestigingen: 4, aandeel_pct: 80 }]);

    const radar = (await get(monitorRadar, '/v1/distributiemonitor/radar')).body.data;
    expect(radar.consolidatoren).toEqual([
      { hoofdholding_id: H, naam: 'Hoofd Holding N.V.', gewonnen: 3, verloren: 0, netto: 3, vestigingen_nu: 4, sector_rang: 1 },
    ]);
    expect(radar.marktbeweging.find((m: { maand: string }) => m.maand === '2026-06')).toEqual({ maand: '2026-06', aantal_nieuw: 0, aantal_beeindigd: 0, aantal_overgenomen: 3, aantal_verhuisd: 0 });
    // As of May the baseline is not movement: no consolidator yet.
    expect((await get(monitorRadar, '/v1/distributiemonitor/radar?peildatum=2026-05-20')).body.data.consolidatoren).toEqual([]);

    const w = await get(monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen?wijziging_type=overgenomen', { id: '2' });
    expect(w.status).toBe(200);
    expect(w.body.data.wijzigingen.map((r: { entiteit_id: string }) => r.entiteit_id)).toEqual([A1, A2, A3].sort());
    expect(w.body.data.datasetversie.changelog.tekst).toBe('1 hoofdholding gewijzigd, 3 vestigingen overgenomen.');
    // Names next to ids: the rows' own entities and every id in their records (vestiging_ids, holding_id, hoofdholding_id).
    expect(w.body.data.namen).toMatchObject({ [A1]: { naam: 'Advies Een B.V.' }, [H]: { naam: 'Hoofd Holding N.V.', plaats: null } });
    const alle = (await get(monitorWijzigingen, '/v1/distributiemonitor/versies/2/wijzigingen', { id: '2' })).body.data;
    for (const id of [H, A1, A2, A3, B]) expect(alle.namen[id]?.naam, id).toMatch(/\S/);
    expect((await get(monitorWijzigingen, '/v1/distributiemonitor/versies/9/wijzigingen', { id: '9' })).status).toBe(404);
  });

  it('refuses UPDATE, DELETE and TRUNCATE of wijziging rows in the database', { timeout: SLOW }, async () => {
    const [{ n }] = await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM wijziging`;
    expect(n).toBe(10);
    await expect(getDb().$executeRawUnsafe(`UPDATE wijziging SET wijziging_type = 'nieuw'`)).rejects.toThrow(/alleen-toevoegen: UPDATE/);
    await expect(getDb().$executeRawUnsafe(`DELETE FROM wijziging`)).rejects.toThrow(/alleen-toevoegen: DELETE/);
    await expect(getDb().$executeRawUnsafe(`TRUNCATE wijziging`)).rejects.toThrow(/alleen-toevoegen: TRUNCATE/);
    const [{ n: na }] = await getDb().$queryRaw<{ n: number }[]>`SELECT count(*)::int AS n FROM wijziging`;
    expect(na).toBe(10);
  });
});

describe('monitor operations on the hand-made market', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-ops-');
  const op = (path: string) => operations.find((o) => o.path === path)!;

  it('answer 503 before the first version, except the status', { timeout: SLOW }, async () => {
    expect((await get(op('/v1/distributiemonitor/vestigingen'), '/v1/distributiemonitor/vestigingen')).body).toMatchObject({ status: 503, errorCode: 'import_unavailable' });
    const s = await get(op('/v1/distributiemonitor'), '/v1/distributiemonitor');
    expect(s.status).toBe(200);
    expect(s.body.data).toMatchObject({ status: 'wacht_op_import', aantal_versies: 0 });
  });

  it('every operation answers with the envelope, bad values give 400 and unknown ids 404', { timeout: SLOW }, async () => {
    const dir = path.join(db.dir(), 'markt');
    await publiceer(dir, 'mei', mei, '2026-05-01');
    await publiceer(dir, 'juni', juni, '2026-06-01');
    const ok: [string, string, Record<string, string>?][] = [
      ['/v1/distributiemonitor', '/v1/distributiemonitor'],
      ['/v1/distributiemonitor/universum', '/v1/distributiemonitor/universum'],
      ['/v1/distributiemonitor/methodiek', '/v1/distributiemonitor/methodiek'],
      ['/v1/distributiemonitor/vestigingen', '/v1/distributiemonitor/vestigingen?postcode=3511AA&actief=true'],
      ['/v1/distributiemonitor/holdings', '/v1/distributiemonitor/holdings'],
      ['/v1/distributiemonitor/hoofdholdings', '/v1/distributiemonitor/hoofdholdings?sector_rang_max=1'],
      ['/v1/distributiemonitor/hoofdholdings/{id}/structuur', `/v1/distributiemonitor/hoofdholdings/${H}/structuur`, { id: H }],
      ['/v1/distributiemonitor/samenwerkingsverbanden', '/v1/distributiemonitor/samenwerkingsverbanden'],
      ['/v1/distributiemonitor/relaties/zoeken', '/v1/distributiemonitor/relaties/zoeken?q=advies'],
      ['/v1/distributiemonitor/relaties/{instelling_id}', `/v1/distributiemonitor/relaties/${H}`, { instelling_id: H }],
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?jaar=2026&max_nodes=10'],
      ['/v1/distributiemonitor/versies', '/v1/distributiemonitor/versies'],
      ['/v1/distributiemonitor/versies/{id}/wijzigingen', '/v1/distributiemonitor/versies/1/wijzigingen?entiteit_type=vestiging', { id: '1' }],
      ['/v1/distributiemonitor/radar', '/v1/distributiemonitor/radar'],
      ['/v1/distributiemonitor/kansmodel', '/v1/distributiemonitor/kansmodel'],
      ['/v1/distributiemonitor/benchmark', `/v1/distributiemonitor/benchmark?peergroep_seg=q1_smal&vestiging_id=${A1}`],
      ['/v1/distributiemonitor/hypotheek', '/v1/distributiemonitor/hypotheek'],
      ['/v1/distributiemonitor/metrieken', '/v1/distributiemonitor/metrieken'],
      ['/v1/distributiemonitor/metrieken/overnames-12m', '/v1/distributiemonitor/metrieken/overnames-12m?peildatum=2026-06-30'],
    ];
    const monitorOps = operations.filter((o) => o.path.startsWith('/v1/distributiemonitor'));
    expect(monitorOps.length).toBe(18 + 16 + 5 + 5 + 1); // the spec's operations, 16 key figures, 5 watch-list/alert methods, 5 webhook methods and the bulk export
    for (const [pad, url, params] of ok) {
      const r = await get(op(pad), url, params);
      expect(r.status, url).toBe(200);
      expect(Object.keys(r.body), url).toEqual(['api', 'versie', 'onderdeel', 'gegenereerd_op', 'duur_ms', 'bronnen', 'data']);
      expect(r.body.api).toBe('distributiemonitor');
      expect(r.body.bronnen.length, url).toBeGreaterThan(0);
    }
    const m = (await get(op('/v1/distributiemonitor/metrieken/overnames-12m'), '/v1/distributiemonitor/metrieken/overnames-12m')).body.data;
    expect(m).toMatchObject({ naam: 'overnames_12m', waarde: 3, reeks: [{ waarde: 0 }, { waarde: 3 }] });
    const structuur = (await get(op('/v1/distributiemonitor/hoofdholdings/{id}/structuur'), `/v1/distributiemonitor/hoofdholdings/${H}/structuur`, { id: H })).body.data;
    expect(structuur.boom.kinderen.map((k: { id: string }) => k.id).sort()).toEqual([A1, A2, A3, B].sort());
    expect(structuur.wijzigingen.map((w: { wijziging_type: string }) => w.wijziging_type)).toEqual(['nieuw', 'gewijzigd']);
    // Names of every id its rows mention (the hoofdholding and the vestigingen that joined it).
    expect(structuur.namen[H]).toEqual({ naam: 'Hoofd Holding N.V.', plaats: null });
    for (const id of [A1, A2, A3, B]) expect(structuur.namen[id]?.naam, id).toMatch(/\S/);
    const rel = (await get(op('/v1/distributiemonitor/relaties/{instelling_id}'), '/v1/distributiemonitor/relaties/30000001', { instelling_id: '30000001' })).body.data;
    expect(rel.moeders).toMatchObject([{ instelling_id: H, relatie: 'IS_DIRECTLY_CONSOLIDATED_BY', relaties: [] }]);
    const netwerk = (await get(op('/v1/distributiemonitor/relaties/netwerk'), '/v1/distributiemonitor/relaties/netwerk?max_nodes=10')).body.data;
    expect(netwerk.nodes.map((n: { id: string }) => n.id).sort()).toEqual([H, A1, A2, A3, B].sort());
    // Without jaar: the newest version and its year, whatever the calendar says; a later year answers the newest too.
    expect(netwerk.jaar).toBe(2026);
    expect(netwerk.dekking.peildatum).toBe('2026-06-01');
    const later = (await get(op('/v1/distributiemonitor/relaties/netwerk'), '/v1/distributiemonitor/relaties/netwerk?jaar=2031&max_nodes=10')).body.data;
    expect(later).toMatchObject({ jaar: 2031, dekking: { peildatum: '2026-06-01' } });
    expect(later.nodes).toEqual(netwerk.nodes);

    const bad: [string, string, string, Record<string, string>?][] = [
      ['/v1/distributiemonitor/relaties/zoeken', '/v1/distributiemonitor/relaties/zoeken?q=a', 'q'],
      ['/v1/distributiemonitor/benchmark', '/v1/distributiemonitor/benchmark?peergroep_seg=q5', 'peergroep_seg'],
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?jaar=abc', 'jaar'],
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?jaar=1999', 'jaar'],
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?jaar=2025', 'jaar'], // before the first version
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?max_nodes=9', 'max_nodes'],
      ['/v1/distributiemonitor/relaties/netwerk', '/v1/distributiemonitor/relaties/netwerk?max_nodes=501', 'max_nodes'],
      ['/v1/distributiemonitor/hoofdholdings', '/v1/distributiemonitor/hoofdholdings?sector_rang_max=0', 'sector_rang_max'],
      ['/v1/distributiemonitor/vestigingen', '/v1/distributiemonitor/vestigingen?peildatum=2026-02-30', 'peildatum'],
      ['/v1/distributiemonitor/versies/{id}/wijzigingen', '/v1/distributiemonitor/versies/1/wijzigingen?wijziging_type=verkocht', 'wijziging_type', { id: '1' }],
    ];
    for (const [pad, url, param, params] of bad) {
      const r = await get(op(pad), url, params);
      expect(r.status, url).toBe(400);
      expect(JSON.stringify(r.body), url).toContain(param);
    }
    const onbekend: [string, string, Record<string, string>][] = [
      ['/v1/distributiemonitor/hoofdholdings/{id}/structuur', `/v1/distributiemonitor/hoofdholdings/${lei('30000001')}/structuur`, { id: lei('30000001') }],
      ['/v1/distributiemonitor/relaties/{instelling_id}', '/v1/distributiemonitor/relaties/99999999', { instelling_id: '99999999' }],
      ['/v1/distributiemonitor/versies/{id}/wijzigingen', '/v1/distributiemonitor/versies/77/wijzigingen', { id: '77' }],
    ];
    for (const [pad, url, params] of onbekend) expect((await get(op(pad), url, params)).status, url).toBe(404);
    expect((await get(op('/v1/distributiemonitor/benchmark'), '/v1/distributiemonitor/benchmark?vestiging_id=VAAAAAAAAAA')).status).toBe(404);
  });
});

// Several processes on one PostgreSQL database (replicas, workers): the recomputes after their publishes
// must leave one version per set of inputs, and never an older state after a newer one.
describe('monitor recomputes of several processes on one PostgreSQL database', () => {
  const db = useTestDatabase('postgresql', 'nlods-monitor-pg-');

  it('two at once publish one version; one overtaken by a newer publish publishes none', { timeout: SLOW }, async () => {
    const dir = path.join(db.dir(), 'markt');
    const mf = schrijfMarkt(dir, 'mei', { kantoren, entiteiten, relaties: mei, datum: '2026-05-01' });
    await importFsp({ file: mf.afm, peildatum: new Date('2026-05-01T06:00:00Z'), forceer: true });
    await importLei({ file: mf.lei, rr: mf.rr, peildatum: new Date('2026-05-01T06:00:00Z'), parseWorker: false });
    const [a, b] = await Promise.all([recomputeMonitor(getDb()), recomputeMonitor(getDb())]);
    expect([a, b].filter((r) => r.versie_id !== null)).toHaveLength(1);
    expect([a, b].filter((r) => r.versie_id === null)).toMatchObject([{ reden: 'ongewijzigd' }]);

    // Another session holds the recompute's lock (0x444d4f4e), as a process in the middle of writing would.
    const u = new URL(process.env.DATABASE_URL!);
    const other = new pg.Client({ host: u.hostname, port: Number(u.port), user: decodeURIComponent(u.username), password: decodeURIComponent(u.password), database: u.pathname.slice(1) });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(1145917262)');
      const jf = schrijfMarkt(dir, 'juni', { kantoren, entiteiten, relaties: juni, datum: '2026-06-01' });
      await importFsp({ file: jf.afm, peildatum: new Date('2026-06-01T06:00:00Z'), forceer: true });
      const overtaken = recomputeMonitor(getDb()); // read fsp of June and lei of May, now waits to write
      // Waiting for this lock in this database (other test files may wait for other locks on the same cluster).
      const waiters =
        "SELECT count(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND objid::bigint = 1145917262 " +
        'AND database = (SELECT oid FROM pg_database WHERE datname = current_database())';
      while ((await other.query(waiters)).rows[0].n === 0) {
        await new Promise((r) => setTimeout(r, 20));
      }
      await importLei({ file: jf.lei, rr: jf.rr, peildatum: new Date('2026-06-01T06:00:00Z'), parseWorker: false });
      await other.query('SELECT pg_advisory_unlock(1145917262)');
      expect(await overtaken).toMatchObject({ versie_id: null, reden: 'ingehaald' });
    } finally {
      await other.end();
    }
    // The recompute after the newer publish writes the version of June with both registers of June.
    const juniVersie = await recomputeMonitor(getDb());
    expect(juniVersie).toMatchObject({ peildatum: '2026-06-01', wijzigingen: 4 });
    const versies = await readDatasetVersies(getDb());
    expect(versies.map((v) => v.peildatum)).toEqual(['2026-05-01', '2026-06-01']);
  });
});
