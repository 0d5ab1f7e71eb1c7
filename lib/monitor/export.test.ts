// The tables of a bulk export from a hand-made market of one version: three vestigingen (one taken over by
// H, one independent, one ended under H), hoofdholding H, one samenwerkingsverband and two wijziging rows.
import { describe, expect, it } from 'vitest';
import type { Samenwerkingsverband } from './derive/samenwerking';
import { holding, vestiging } from './derive/test-builders';
import type { MarktHolding, MarktVestiging, WijzigingRij } from './derive/types';
import { exportManifest, exportTabellen, hoofdholdingRijen, KOLOMMEN, vestigingRij, wijzigingTabelRij, type ManifestBron, type VestigingRij } from './export';
import { HOLDING_ZONDER_NAAM } from './holding-naam';
import { bouwMarkt } from './markt';
import type { DatasetVersie } from './store';
import { apiVestiging } from './vestiging-api';

const H = 'TESTMON0000000000H12';
const kantoor = (id: string, naam: string, o: Partial<MarktVestiging> = {}) =>
  vestiging(id, { naam, kvk_nummer: '30000001', postcode: '3511 AA', huisnummer: '1', plaats: 'Utrecht', instelling_id: `i-${id}`, producten: ['Hypothecair krediet'], hypotheek_diensten: ['adviseren'], sinds: '2012-03-01', ...o });
const V1 = kantoor('V0000000001', 'Advies Een B.V.', {
  lei: 'TESTMON00000030000001',
  holding_id: H,
  hoofdholding_id: H,
  koppeling: { gleif: { methode: 'kvk', zekerheid: 1 }, dnb: { relatienummer: 'R0001', methode: 'naam_plaats', zekerheid: 0.9 } },
});
const V2 = kantoor('V0000000002', 'Kantoor "De Brug", Zwolle', { kvk_nummer: '30000002', huisnummer: '12-A', plaats: 'Zwolle', handelsnamen: ['De Brug'] });
const V3 = kantoor('V0000000003', 'Gestopt B.V.', { kvk_nummer: '30000003', actief: false, einde: '2026-05-31', holding_id: H, hoofdholding_id: H });
const hoofd: MarktHolding = holding(H, 'Hoofd Holding N.V.', H, null, [V1.vestiging_id, V3.vestiging_id], { kvk_nummer: '30000099' });
const verband: Samenwerkingsverband = {
  samenwerkingsverband_id: 'S0000000001',
  naam: 'De Brug',
  soort: 'handelsnaam',
  sleutels: ['handelsnaam:de brug'],
  vestiging_ids: [V1.vestiging_id, V2.vestiging_id],
  kvk_nummers: ['30000001', '30000002'],
  aantal_vestigingen: 2,
  aantal_organisaties: 2,
  plaatsen: ['Utrecht', 'Zwolle'],
};
const oudV1 = { ...V1, holding_id: null, hoofdholding_id: null };
const wijzigingen: WijzigingRij[] = [
  { wijziging_id: 10, versie_id: 2, datum: '2026-06-01', entiteit_type: 'hoofdholding', entiteit_id: H, wijziging_type: 'gewijzigd', velden: ['vestiging_ids'], oud: { ...hoofd, vestiging_ids: [V3.vestiging_id] }, nieuw: hoofd },
  { wijziging_id: 11, versie_id: 2, datum: '2026-06-01', entiteit_type: 'vestiging', entiteit_id: V1.vestiging_id, wijziging_type: 'overgenomen', velden: ['holding_id', 'hoofdholding_id'], oud: oudV1, nieuw: V1 },
];
const versie: DatasetVersie = {
  id: 2,
  peildatum: '2026-06-01',
  gepubliceerd_op: '2026-06-01T07:00:00.000Z',
  bronnen: [{ register: 'fsp', import_id: 3, peildatum: '2026-06-01', sha256: 'ab'.repeat(32), voorbeeld: true }],
  samenvatting: { hoofdholding: { gewijzigd: 1 }, vestiging: { overgenomen: 1 } },
  aantallen: { vestigingen: 3, vestigingen_actief: 2, holdings: 1, hoofdholdingen: 1, samenwerkingsverbanden: 1 },
  kengetallen: {},
  voorbeeld: true,
  duur_ms: 0,
};
// The state as the replay gives it, here deliberately out of id order.
const markt = bouwMarkt(versie, { vestigingen: [V3, V1, V2], holdings: [hoofd] });

describe('bulk export tables', () => {
  const tabellen = exportTabellen({ markt, samenwerkingsverbanden: [verband], wijzigingen });
  const tabel = (naam: string) => tabellen.find((t) => t.naam === naam)!;

  it('has the complete state and the rows of the version, in a fixed order, with the list columns', () => {
    expect(tabellen.map((t) => [t.naam, t.rijen.length])).toEqual([
      ['vestigingen', 3],
      ['holdings', 1],
      ['hoofdholdingen', 1],
      ['samenwerkingsverbanden', 1],
      ['wijzigingen', 2],
    ]);
    // koppeling flattened into scalar columns (a CSV cell holds no object), empty (null) where a link is absent;
    // huisnummer split as the JSON answers it (vestiging-api.ts)
    const geenKoppeling = { koppeling_gleif_methode: null, koppeling_gleif_zekerheid: null, koppeling_dnb_relatienummer: null, koppeling_dnb_methode: null, koppeling_dnb_zekerheid: null };
    const zonder = (stored: MarktVestiging) => {
      const { koppeling: _k, ...v } = apiVestiging(stored);
      return v;
    };
    expect(tabel('vestigingen').rijen[1]).toMatchObject({ huisnummer: 12, huisnummer_toevoeging: 'A' });
    expect(tabel('vestigingen').rijen[0]).toMatchObject({ huisnummer: 1, huisnummer_toevoeging: null });
    expect(tabel('vestigingen').rijen).toEqual([
      { ...zonder(V1), koppeling_gleif_methode: 'kvk', koppeling_gleif_zekerheid: 1, koppeling_dnb_relatienummer: 'R0001', koppeling_dnb_methode: 'naam_plaats', koppeling_dnb_zekerheid: 0.9 },
      { ...zonder(V2), ...geenKoppeling },
      { ...zonder(V3), ...geenKoppeling },
    ]);
    expect(vestigingRij({ ...V2, koppeling: { gleif: null, dnb: null } })).toEqual({ ...zonder(V2), ...geenKoppeling });
    // The market's own lists, not copies.
    expect((tabel('vestigingen').rijen[0] as VestigingRij).handelsnamen).toBe(V1.handelsnamen);
    expect(tabel('vestigingen').kolommen).toEqual([
      'vestiging_id', 'naam', 'kvk_nummer', 'postcode', 'huisnummer', 'huisnummer_toevoeging', 'plaats', 'actief', 'instelling_id', 'producten', 'hypotheek_diensten',
      'sinds', 'einde', 'handelsnamen', 'klachteninstituut', 'lei', 'holding_id', 'hoofdholding_id',
      'koppeling_gleif_methode', 'koppeling_gleif_zekerheid', 'koppeling_dnb_relatienummer', 'koppeling_dnb_methode', 'koppeling_dnb_zekerheid',
    ]);
    for (const r of tabel('vestigingen').rijen) expect(Object.keys(r).sort()).toEqual([...KOLOMMEN.vestigingen].sort());
    expect(tabel('holdings').rijen).toEqual([{ ...hoofd, aantal_vestigingen: 2, aantal_vestigingen_actief: 1 }]);
    expect(tabel('samenwerkingsverbanden').rijen).toEqual([verband]);
    expect(tabel('wijzigingen').kolommen).toBe(KOLOMMEN.wijzigingen);
  });

  it('ranks the hoofdholdingen with their share of the active vestigingen (the ended one is not counted)', () => {
    expect(hoofdholdingRijen(markt)).toEqual([
      { hoofdholding_id: H, naam: 'Hoofd Holding N.V.', holding_ids: [], vestiging_ids: [V1.vestiging_id, V3.vestiging_id], sector_rang: 1, aantal_vestigingen: 2, aantal_vestigingen_actief: 1, aandeel_pct: 50 },
    ]);
    expect(tabel('hoofdholdingen').rijen).toEqual(hoofdholdingRijen(markt));
  });

  it('flattens a wijziging row: name, KvK number and place from its record, the hoofdholding before and after, the full records', () => {
    expect(wijzigingTabelRij(wijzigingen[1])).toEqual({
      wijziging_id: 11,
      versie_id: 2,
      datum: '2026-06-01',
      entiteit_type: 'vestiging',
      entiteit_id: V1.vestiging_id,
      wijziging_type: 'overgenomen',
      naam: 'Advies Een B.V.',
      kvk_nummer: '30000001',
      plaats: 'Utrecht',
      hoofdholding_id_oud: null,
      hoofdholding_id_nieuw: H,
      velden: ['holding_id', 'hoofdholding_id'],
      oud: apiVestiging(oudV1),
      nieuw: apiVestiging(V1),
    });
    // A holding has no place; its hoofdholding is itself before and after. A row without nieuw takes the old record.
    expect(wijzigingTabelRij(wijzigingen[0])).toMatchObject({ naam: 'Hoofd Holding N.V.', kvk_nummer: '30000099', plaats: null, hoofdholding_id_oud: H, hoofdholding_id_nieuw: H });
    expect(wijzigingTabelRij({ ...wijzigingen[1], wijziging_type: 'verhuisd', nieuw: null })).toMatchObject({ naam: 'Advies Een B.V.', hoofdholding_id_oud: null, hoofdholding_id_nieuw: null });
  });

  it('names a holding GLEIF gives no name by the one fallback in the holding tables and the wijziging rows, its LEI as id', () => {
    const zonder: MarktHolding = { ...hoofd, naam: H };
    const m = bouwMarkt(versie, { vestigingen: [V3, V1, V2], holdings: [zonder] });
    const t = exportTabellen({ markt: m, samenwerkingsverbanden: [], wijzigingen: [] });
    for (const naam of ['holdings', 'hoofdholdingen']) expect(t.find((x) => x.naam === naam)!.rijen[0]).toMatchObject({ naam: HOLDING_ZONDER_NAAM });
    expect(wijzigingTabelRij({ ...wijzigingen[0], oud: zonder, nieuw: zonder })).toMatchObject({ entiteit_id: H, naam: HOLDING_ZONDER_NAAM });
  });

  it('writes a manifest with the version, its sources, the rows per table and the sample-data label', () => {
    const bron: ManifestBron = {
      register: 'fsp', bron: 'afm-register', titel: 'AFM-register (VOORBEELD)', licentie: 'CC0', attributie: 'AFM', import_id: 3,
      peildatum: '2026-06-01', sha256: 'ab'.repeat(32), voorbeelddata: true,
    };
    const manifest = exportManifest(versie, tabellen, [bron], '2026-06-02T08:00:00.000Z', 'VOORBEELD');
    expect(manifest).toEqual({
      dataset: 'distributiemonitor',
      versie_id: 2,
      peildatum: '2026-06-01',
      gepubliceerd_op: '2026-06-01T07:00:00.000Z',
      gegenereerd_op: '2026-06-02T08:00:00.000Z',
      voorbeelddata: true,
      label: 'VOORBEELD',
      bronnen: [bron],
      tabellen: [
        { naam: 'vestigingen', rijen: 3, kolommen: KOLOMMEN.vestigingen },
        { naam: 'holdings', rijen: 1, kolommen: KOLOMMEN.holdings },
        { naam: 'hoofdholdingen', rijen: 1, kolommen: KOLOMMEN.hoofdholdingen },
        { naam: 'samenwerkingsverbanden', rijen: 1, kolommen: KOLOMMEN.samenwerkingsverbanden },
        { naam: 'wijzigingen', rijen: 2, kolommen: KOLOMMEN.wijzigingen },
      ],
      aantallen: versie.aantallen,
      changelog: versie.samenvatting,
    });
    expect(exportManifest({ ...versie, voorbeeld: false }, tabellen, [], 'x', 'VOORBEELD').label).toBeNull();
  });
});
