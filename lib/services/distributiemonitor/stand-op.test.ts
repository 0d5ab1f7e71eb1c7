// Stand op and one count through the routes on a real database: /universum and /relaties/netwerk answer as
// of a peildatum (the version on or before it, not the newest), versions say which is the nulmeting, and one
// hoofdholding's active vestigingen are the same number in /hoofdholdings, /holdings, /structuur and
// /relaties/netwerk; /structuur carries what the holding view shows in one call, /radar the rolling totals. Market: two versions of five offices where holding H takes over three (as in
// export.test.ts); the dates are the fixture's own.
import { describe, expect, it, beforeAll } from 'vitest';
import { getJson } from '@/test/route';
import { getDb } from '@/lib/db/client';
import { readDatasetVersies } from '@/lib/monitor/store';
import { useTestDatabase } from '@/test/db/test-database';
import { kleineMarkt, type Kantoor } from '@/test/fixtures/monitor/markt';
import { publiceerMaanden } from '@/test/fixtures/monitor/publiceer';
import { monitorHoldings } from './holdings';
import { monitorHoofdholdings } from './hoofdholdings';
import { monitorMetrieken } from './metrieken';
import { monitorNetwerk } from './netwerk';
import { monitorRadar, RADAR_VOORTSCHRIJDEND } from './radar';
import { monitorStructuur } from './structuur';
import { monitorUniversum } from './universum';
import { monitorVestigingen } from './vestigingen';
import { monitorWijzigingen } from './wijzigingen';
import { monitorVersiesOp } from './versies';

const SLOW = 120_000;

const kantoren: Kantoor[] = [
  { id: 'e0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'e0000000-0000-4000-8000-000000000003', naam: 'Advies Drie B.V.', kvk: '30000003', adres: 'Dam 3-B', postcode: '1012 JS', plaats: 'Amsterdam' },
  { id: 'e0000000-0000-4000-8000-000000000010', naam: 'Groep Kantoor B.V.', kvk: '30000010', adres: 'Plein 10', postcode: '2511 CV', plaats: 'Den Haag' },
  { id: 'e0000000-0000-4000-8000-000000000020', naam: 'Zelfstandig B.V.', kvk: '30000020', adres: 'Laan 20', postcode: '9711 LM', plaats: 'Groningen' },
];
const { H, entiteiten, mei, juni } = kleineMarkt(kantoren, ['30000001', '30000002', '30000003']);

describe('Stand op and one count of vestigingen, through the routes', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-stand-op-');

  beforeAll(async () => {
    await publiceerMaanden(db.dir(), { kantoren, entiteiten }, [['mei', mei, '2026-05-01'], ['juni', juni, '2026-06-01']] as const);
  }, SLOW);

  it('answers /universum as of a peildatum: that version’s counts, key figures and changelog; the newest stays named', { timeout: SLOW }, async () => {
    const [v1, v2] = await readDatasetVersies(getDb());
    const tussen = (await getJson(monitorUniversum, '/v1/distributiemonitor/universum?peildatum=2026-05-20')).body.data;
    expect(tussen.dekking).toMatchObject({ versie_id: v1.id, peildatum: v1.peildatum, peildatum_gevraagd: '2026-05-20' });
    expect(tussen.aantallen).toEqual(v1.aantallen);
    expect(tussen.kengetallen).toEqual(v1.kengetallen);
    expect(tussen.datasetversie).toMatchObject({ versie_id: v1.id, peildatum: v1.peildatum, is_nulmeting: true });
    expect(tussen.datasetversie.changelog.tekst).toMatch(/^Eerste versie \(nulmeting\)/);
    expect(tussen.nieuwste_versie).toMatchObject({ versie_id: v2.id, is_nulmeting: false });

    const nu = (await getJson(monitorUniversum, '/v1/distributiemonitor/universum')).body.data;
    expect(nu.dekking).toMatchObject({ versie_id: v2.id, peildatum_gevraagd: null });
    expect(nu.aantallen).toEqual(v2.aantallen);
    expect(nu.datasetversie.versie_id).toBe(v2.id);

    const ervoor = await getJson(monitorUniversum, '/v1/distributiemonitor/universum?peildatum=2026-04-30');
    expect(ervoor.status).toBe(400);
    expect(ervoor.body.errorCode).toBe('invalid_parameter');
  });

  it('says which version is the nulmeting', { timeout: SLOW }, async () => {
    const { versies } = (await getJson(monitorVersiesOp, '/v1/distributiemonitor/versies')).body.data;
    expect(versies.map((v: { versie_id: number; is_nulmeting: boolean }) => [v.versie_id, v.is_nulmeting])).toEqual([[2, false], [1, true]]);
  });

  it('answers the network as of a peildatum (the earlier of it and the end of jaar)', { timeout: SLOW }, async () => {
    const [v1, v2] = await readDatasetVersies(getDb());
    const mei = (await getJson(monitorNetwerk, '/v1/distributiemonitor/relaties/netwerk?peildatum=2026-05-20')).body.data;
    expect(mei).toMatchObject({ jaar: 2026, dekking: { versie_id: v1.id, peildatum_gevraagd: '2026-05-20' } });
    const beide = (await getJson(monitorNetwerk, '/v1/distributiemonitor/relaties/netwerk?jaar=2026&peildatum=2026-05-20')).body.data;
    expect(beide.dekking.versie_id).toBe(v1.id);
    const jaar = (await getJson(monitorNetwerk, '/v1/distributiemonitor/relaties/netwerk?jaar=2026')).body.data;
    expect(jaar.dekking.versie_id).toBe(v2.id);
  });

  it('gives one hoofdholding the same active count in the ranking, the holdings, its structure (totals and tree) and the network', { timeout: SLOW }, async () => {
    for (const peildatum of ['2026-05-20', '2026-06-30']) {
      const q = `peildatum=${peildatum}`;
      const [hh] = (await getJson(monitorHoofdholdings, `/v1/distributiemonitor/hoofdholdings?${q}`)).body.data.hoofdholdings;
      expect(hh.hoofdholding_id).toBe(H);
      const holding = (await getJson(monitorHoldings, `/v1/distributiemonitor/holdings?${q}`)).body.data.holdings.find((h: { holding_id: string }) => h.holding_id === H);
      const structuur = (await getJson(monitorStructuur, `/v1/distributiemonitor/hoofdholdings/${H}/structuur?${q}`, { id: H })).body.data;
      const netwerk = (await getJson(monitorNetwerk, `/v1/distributiemonitor/relaties/netwerk?${q}`)).body.data;
      const telling = {
        ranglijst: hh.aantal_vestigingen_actief,
        holdings: holding.aantal_vestigingen_actief,
        structuur: structuur.totalen.vestigingen_actief,
        boom: structuur.boom.aantal_vestigingen_actief,
        netwerk: netwerk.nodes.find((n: { id: string }) => n.id === H).grootte,
      };
      const verwacht = peildatum === '2026-05-20' ? 1 : 4;
      expect(telling, peildatum).toEqual({ ranglijst: verwacht, holdings: verwacht, structuur: verwacht, boom: verwacht, netwerk: verwacht });
      // The tree's root counts ended vestigingen only in aantal_vestigingen (ooit), never in the active count.
      expect(structuur.boom.aantal_vestigingen, peildatum).toBeGreaterThanOrEqual(verwacht);
    }
  });

  it('answers the holding view in one call: its vestigingen as /vestigingen lists them, the rows of the whole structure without the nulmeting, named', { timeout: SLOW }, async () => {
    const [v1, v2] = await readDatasetVersies(getDb());
    type Rij = { wijziging_id: number; versie_id: number; entiteit_id: string; oud: Record<string, unknown> | null; nieuw: Record<string, unknown> | null };
    for (const peildatum of ['2026-05-20', '2026-06-30']) {
      const q = `peildatum=${peildatum}`;
      const structuur = (await getJson(monitorStructuur, `/v1/distributiemonitor/hoofdholdings/${H}/structuur?${q}`, { id: H })).body.data;
      const lijst = (await getJson(monitorVestigingen, `/v1/distributiemonitor/vestigingen?hoofdholding=${H}&rijen=100&${q}`)).body.data.vestigingen;
      const velden = ['vestiging_id', 'naam', 'postcode', 'huisnummer', 'huisnummer_toevoeging', 'plaats', 'actief', 'einde', 'holding_id'] as const;
      expect(structuur.vestigingen, peildatum).toEqual(lijst.map((v: Record<string, unknown>) => Object.fromEntries(velden.map((k) => [k, v[k]]))));
      expect(structuur.vestigingen).toHaveLength(peildatum === '2026-05-20' ? 1 : 4);

      // The rows: those of the version after the nulmeting that are about the structure, as the view used to
      // collect them page by page (the entity is in the tree, or its record names the hoofdholding).
      const ids = new Set<string>();
      const loop = (k: { id: string; kinderen: unknown[] }) => (ids.add(k.id), k.kinderen.forEach((c) => loop(c as typeof k)));
      loop(structuur.boom);
      const tweede = (await getJson(monitorWijzigingen, `/v1/distributiemonitor/versies/${v2.id}/wijzigingen?rijen=100`, { id: String(v2.id) })).body.data.wijzigingen as Rij[];
      const hoort = (w: Rij) => ids.has(w.entiteit_id) || w.oud?.hoofdholding_id === H || w.nieuw?.hoofdholding_id === H;
      const verwacht = peildatum === '2026-05-20' ? [] : tweede.filter(hoort);
      expect(structuur.geschiedenis.map((w: Rij) => w.wijziging_id), peildatum).toEqual(verwacht.map((w) => w.wijziging_id));
      expect(structuur.geschiedenis.every((w: Rij) => w.versie_id !== v1.id)).toBe(true);
      for (const w of structuur.geschiedenis as Rij[]) expect(structuur.namen[w.entiteit_id]?.naam, w.entiteit_id).toBeTruthy();
    }
    // The three offices taken over in June are among the rows, each naming H as its new hoofdholding.
    const juni = (await getJson(monitorStructuur, `/v1/distributiemonitor/hoofdholdings/${H}/structuur`, { id: H })).body.data;
    const overgenomen = (juni.geschiedenis as Rij[]).filter((w) => w.nieuw?.hoofdholding_id === H && w.oud?.hoofdholding_id !== H);
    expect(new Set(overgenomen.map((w) => juni.namen[w.entiteit_id]?.naam))).toEqual(new Set(['Advies Een B.V.', 'Advies Twee B.V.', 'Advies Drie B.V.']));
  });

  it('gives the radar the rolling 12-month totals of every version up to its own, the same as the /metrieken series', { timeout: SLOW }, async () => {
    const [v1, v2] = await readDatasetVersies(getDb());
    for (const [q, tot] of [['', v2.id], ['?peildatum=2026-05-20', v1.id]] as const) {
      const radar = (await getJson(monitorRadar, `/v1/distributiemonitor/radar${q}`)).body.data;
      const { metrieken } = (await getJson(monitorMetrieken, `/v1/distributiemonitor/metrieken${q}`)).body.data;
      const reeks = (naam: string) => metrieken.find((m: { naam: string }) => m.naam === naam).reeks as { versie_id: number; peildatum: string; waarde: number | null }[];
      expect(radar.voortschrijdend.map((p: { versie_id: number }) => p.versie_id), q).toEqual([v1.id, v2.id].filter((id) => id <= tot));
      for (const k of RADAR_VOORTSCHRIJDEND) {
        expect(radar.voortschrijdend.map((p: Record<string, unknown>) => ({ versie_id: p.versie_id, peildatum: p.peildatum, waarde: p[k] })), `${k}${q}`).toEqual(reeks(k));
      }
    }
  });
});
