// The monitor's links on a hand-made market through the real importers (fsp, lei, finreg): KvK number
// first, then a unique name + place (statutory name, then trade name), an ambiguous name and a place that
// differs left unlinked; the link method and confidence on each vestiging, the coverage per target in the
// version's aantallen and in /universum; a link that moves from name + place to KvK number is no
// wijziging, and an office newly found by name under a holding is gewijzigd, not overgenomen.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { route } from '@/lib/api/route';
import type { Operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { importFinreg } from '@/lib/registers/finreg/import';
import { importFsp } from '@/lib/registers/fsp/import';
import { importLei } from '@/lib/registers/lei/import';
import { monitorRelaties } from '@/lib/services/distributiemonitor/relaties';
import { monitorUniversum } from '@/lib/services/distributiemonitor/universum';
import { monitorVestigingen } from '@/lib/services/distributiemonitor/vestigingen';
import { useTestDatabase } from '@/test/db/test-database';
import { lei, schrijfMarkt, type Kantoor, type LeiEntiteit, type Relatie } from '@/test/fixtures/monitor/markt';
import { ZEKERHEID } from './derive/koppeling';
import type { MarktVestiging } from './derive/types';
import { vestigingId } from './derive/vestigingen';
import { recomputeMonitor } from './recompute';
import { readDatasetVersies, readToestand, readWijzigingenVanVersie } from './store';

const SLOW = 120_000;

async function get(op: Operation, url: string, params: Record<string, string> = {}) {
  const res = await route(op).GET(new Request(`http://localhost${url}`), { params: Promise.resolve(params) });
  return { status: res.status, body: (await res.json()) as Record<string, any> };
}

const kantoren: Kantoor[] = [
  { id: 'b0000000-0000-4000-8000-000000000001', naam: 'Advies Een B.V.', kvk: '30000001', adres: 'Markt 1', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'b0000000-0000-4000-8000-000000000002', naam: 'Advies Twee B.V.', kvk: '30000002', adres: 'Markt 2', postcode: '3511 AA', plaats: 'Utrecht' },
  { id: 'b0000000-0000-4000-8000-000000000003', naam: 'Drie Beheer B.V.', handelsnaam: 'Hypotheekwinkel Drie', kvk: '30000003', adres: 'Dam 3', postcode: '1012 JS', plaats: 'Amsterdam' },
  { id: 'b0000000-0000-4000-8000-000000000004', naam: 'Vier B.V.', kvk: '30000004', adres: 'Plein 4', postcode: '2511 CV', plaats: 'Den Haag' },
  { id: 'b0000000-0000-4000-8000-000000000005', naam: 'Vijf B.V.', kvk: '30000005', adres: 'Laan 5', postcode: '9711 LM', plaats: 'Groningen' },
];
const H = lei('H');
const L = { een: lei('L1'), twee: lei('L2'), drie: lei('L3'), vierA: lei('L4A'), vierB: lei('L4B'), vijf: lei('L5') };
const mei: LeiEntiteit[] = [
  { lei: L.een, naam: 'Advies Een B.V.', kvk: '30000001', plaats: 'Utrecht' },
  { lei: L.twee, naam: 'ADVIES TWEE BV', kvk: null, plaats: 'UTRECHT' }, // statutory name + place
  { lei: L.drie, naam: 'Hypotheekwinkel Drie B.V.', kvk: null, plaats: 'Amsterdam' }, // trade name + place
  { lei: L.vierA, naam: 'Vier B.V.', kvk: null, plaats: 'Den Haag' }, // two candidates: ambiguous
  { lei: L.vierB, naam: 'Vier N.V.', kvk: null, plaats: "'s-Gravenhage" },
  { lei: L.vijf, naam: 'Vijf B.V.', kvk: null, plaats: 'Zwolle' }, // another place: not linked
  { lei: H, naam: 'Hoofd Holding N.V.', kvk: '30000099', plaats: 'Den Haag' },
];
const relatiesMei: Relatie[] = [L.een, L.twee, L.vijf].map((kind) => ({ kind, ouder: H, start: '2019-01-01' }));
// June: GLEIF adds the KvK number to Twee's record and moves Vijf's legal address to Groningen; H buys Drie.
const juni: LeiEntiteit[] = mei.map((e) => (e.lei === L.twee ? { ...e, kvk: '30000002' } : e.lei === L.vijf ? { ...e, plaats: 'Groningen' } : e));
const relatiesJuni: Relatie[] = [...relatiesMei, { kind: L.drie, ouder: H, start: '2026-05-15' }];

// The DNB export (its 34-column layout): Een by KvK number, Vijf without KvK number by name + place.
const DNB_HEADER =
  'Deelregister;Relatienummer;StatutaireNaam;StatutaireLand;StatutairePlaats;Inliquidatie;DatumInLiquidatie;Handelsnaam;AdresVestiging;PostcodeVestiging;PlaatsVestiging;' +
  'LandVestiging;LandCodeVestiging;Postadres;PlaatsPostadres;LandPostadres;LandCodePostadres;KvK;RSIN;LEI;RegistratieType;Wetsartikel;Begindatum;Einddatum;' +
  'ActiviteitBranche;BegindatumActiviteit;EinddatumActiviteit;Onherroepelijkheidsdatum;GerelateerdRelatienummer;GerelateerdStatutaireNaam;Land;LandCode;APFRelatienummer;APFStatutaireNaam';
const dnbRij = (nr: string, naam: string, plaats: string, kvk: string) =>
  `Depositogarantiestelsel;${nr};${naam};Nederland;${plaats};Nee;;;;;${plaats};;;;;;;${kvk};;;Vergunning;2:11 Wft;01-04-2015;;Bank - CI;;;;;;;;;`;

const V = {
  een: vestigingId('30000001', '3511 AA', '1'),
  twee: vestigingId('30000002', '3511 AA', '2'),
  drie: vestigingId('30000003', '1012 JS', '3'),
  vier: vestigingId('30000004', '2511 CV', '4'),
  vijf: vestigingId('30000005', '9711 LM', '5'),
};

async function publiceer(dir: string, naam: string, entiteiten: LeiEntiteit[], relaties: Relatie[], datum: string) {
  const f = schrijfMarkt(dir, naam, { kantoren, entiteiten, relaties, datum });
  // The offices stay the same between versions, so the AFM file is byte-identical: a deliberate
  // re-import (common/guard.ts refuses the same file without forceer).
  await importFsp({ file: f.afm, peildatum: new Date(`${datum}T06:00:00Z`), forceer: true });
  await importLei({ file: f.lei, rr: f.rr, peildatum: new Date(`${datum}T06:00:00Z`), parseWorker: false });
  return recomputeMonitor(getDb());
}

describe('monitor links: KvK number, else a unique name + place', () => {
  const db = useTestDatabase('pglite', 'nlods-monitor-koppeling-');

  it('links, records method and confidence per vestiging, counts the coverage, and answers it in /universum', { timeout: SLOW }, async () => {
    const dir = path.join(db.dir(), 'markt');
    const dnb = path.join(dir, 'dnb');
    fs.mkdirSync(dnb, { recursive: true });
    fs.writeFileSync(path.join(dnb, 'WFTDG.csv'), [DNB_HEADER, dnbRij('R7001', 'Advies Een B.V.', 'Utrecht', '30000001'), dnbRij('R7005', 'VIJF BV', 'Groningen', '')].join('\r\n') + '\r\n');
    await importFinreg({ file: dnb, peildatum: new Date('2026-05-01T06:00:00Z') });
    const v1 = await publiceer(dir, 'mei', mei, relatiesMei, '2026-05-01');
    expect(v1.versie_id).not.toBeNull();

    const toestand = await readToestand(getDb(), v1.versie_id!);
    const ves = (id: string) => toestand.vestigingen.find((v) => v.vestiging_id === id)! as MarktVestiging;
    expect(ves(V.een)).toMatchObject({ lei: L.een, hoofdholding_id: H, koppeling: { gleif: { methode: 'kvk', zekerheid: ZEKERHEID.kvk }, dnb: { relatienummer: 'R7001', methode: 'kvk', zekerheid: ZEKERHEID.kvk } } });
    expect(ves(V.twee)).toMatchObject({ lei: L.twee, hoofdholding_id: H, koppeling: { gleif: { methode: 'naam_plaats', zekerheid: ZEKERHEID.statutaire_naam }, dnb: null } });
    expect(ves(V.drie)).toMatchObject({ lei: L.drie, hoofdholding_id: null, koppeling: { gleif: { methode: 'naam_plaats', zekerheid: ZEKERHEID.handelsnaam } } });
    expect(ves(V.vier)).toMatchObject({ lei: null, koppeling: { gleif: null, dnb: null } });
    expect(ves(V.vijf)).toMatchObject({ lei: null, hoofdholding_id: null, koppeling: { gleif: null, dnb: { relatienummer: 'R7005', methode: 'naam_plaats', zekerheid: ZEKERHEID.statutaire_naam } } });

    const [versie] = await readDatasetVersies(getDb());
    expect(versie.aantallen).toMatchObject({
      vestigingen_actief: 5,
      vestigingen_met_lei: 3,
      vestigingen_gebonden: 2,
      vestigingen_dnb_toezicht: 2,
      koppeling_lei_kvk: 1,
      koppeling_lei_naam_plaats: 2,
      koppeling_lei_geen: 2,
      koppeling_lei_dubbelzinnig: 1,
      koppeling_dnb_kvk: 1,
      koppeling_dnb_naam_plaats: 1,
      koppeling_dnb_geen: 3,
      koppeling_dnb_dubbelzinnig: 0,
    });

    const u = await get(monitorUniversum, '/v1/distributiemonitor/universum');
    expect(u.status).toBe(200);
    expect(u.body.data.koppeling).toEqual({
      gleif: { vestigingen_actief: 5, kvk: { aantal: 1, aandeel_pct: 20 }, naam_plaats: { aantal: 2, aandeel_pct: 40 }, geen: { aantal: 2, aandeel_pct: 40 }, dubbelzinnig: 1 },
      dnb: { vestigingen_actief: 5, kvk: { aantal: 1, aandeel_pct: 20 }, naam_plaats: { aantal: 1, aandeel_pct: 20 }, geen: { aantal: 3, aandeel_pct: 60 }, dubbelzinnig: 0 },
    });
    expect(u.body.data.dekking.aandeel_met_lei_pct).toBe(60);

    // The relation graph finds the entity linked on name + place by the office's KvK number, and names it with it.
    const rel = await get(monitorRelaties, '/v1/distributiemonitor/relaties/30000002', { instelling_id: '30000002' });
    expect(rel.status).toBe(200);
    expect(rel.body.data.entiteit).toMatchObject({ instelling_id: L.twee, lei: L.twee, kvk_nummer: '30000002' });
    expect(rel.body.data.moeders).toMatchObject([{ instelling_id: H }]);
    // Entities without KvK number that no vestiging links to are not in the graph.
    expect((await get(monitorRelaties, `/v1/distributiemonitor/relaties/${L.vierA}`, { instelling_id: L.vierA })).status).toBe(404);

    const lijst = await get(monitorVestigingen, '/v1/distributiemonitor/vestigingen?kvk_nummer=30000003');
    expect(lijst.body.data.vestigingen).toMatchObject([{ vestiging_id: V.drie, koppeling: { gleif: { methode: 'naam_plaats', zekerheid: ZEKERHEID.handelsnaam }, dnb: null } }]);
  });

  it('writes no wijziging for a link that moves to the KvK number, and gewijzigd (not overgenomen) for an office newly found under a holding', { timeout: SLOW }, async () => {
    const dir = path.join(db.dir(), 'markt');
    const v2 = await publiceer(dir, 'juni', juni, relatiesJuni, '2026-06-01');
    const rijen = (await readWijzigingenVanVersie(getDb(), v2.versie_id!, { rijen: 100, start: 0 })).rijen;
    expect(rijen.filter((r) => r.entiteit_type === 'vestiging').map((r) => [r.entiteit_id, r.wijziging_type, r.velden]).sort()).toEqual(
      [
        [V.drie, 'overgenomen', ['holding_id', 'hoofdholding_id']],
        [V.vijf, 'gewijzigd', ['lei', 'holding_id', 'hoofdholding_id']],
      ].sort(),
    );
    const toestand = await readToestand(getDb(), v2.versie_id!);
    // Twee: no row, but the state carries the new method.
    expect(toestand.vestigingen.find((v) => v.vestiging_id === V.twee)!.koppeling?.gleif).toEqual({ methode: 'kvk', zekerheid: ZEKERHEID.kvk });
    expect(toestand.vestigingen.find((v) => v.vestiging_id === V.vijf)).toMatchObject({ lei: L.vijf, hoofdholding_id: H, koppeling: { gleif: { methode: 'naam_plaats' } } });
    const versies = await readDatasetVersies(getDb());
    expect(versies[versies.length - 1].aantallen).toMatchObject({ koppeling_lei_kvk: 2, koppeling_lei_naam_plaats: 2, koppeling_lei_geen: 1, koppeling_lei_dubbelzinnig: 1, vestigingen_gebonden: 4 });
  });

  it('reads a stored record of a version made before links were recorded with koppeling null', { timeout: SLOW }, async () => {
    const [laatste] = (await readDatasetVersies(getDb())).slice(-1);
    await getDb().$executeRaw`UPDATE monitor_entiteit SET gegevens = gegevens - 'koppeling' WHERE versie_id = ${laatste.id} AND entiteit_type = 'vestiging'`;
    const toestand = await readToestand(getDb(), laatste.id);
    expect(toestand.vestigingen).toHaveLength(5);
    expect(toestand.vestigingen.every((v) => v.koppeling === null && 'lei' in v)).toBe(true);
  });
});
