// The change detection on hand-made states: each wijziging_type, the two rows of a move, exits that stay
// visible as inactive, and no rows when nothing changed.
import { describe, expect, it } from 'vitest';
import { holding, vestiging } from './derive/test-builders';
import type { MarktHolding, MarktVestiging } from './derive/types';
import { diffMarkt } from './diff';

const v = (id: string, over: Partial<MarktVestiging> = {}): MarktVestiging =>
  vestiging(id, {
    kvk_nummer: `1000000${id.slice(-1)}`,
    postcode: '1000 AA',
    huisnummer: id.slice(-1),
    plaats: 'Amsterdam',
    instelling_id: `i${id}`,
    producten: ['Hypothecair krediet'],
    hypotheek_diensten: ['adviseren'],
    sinds: '2010-01-01',
    ...over,
  });
const h = (id: string, vestiging_ids: string[], over: Partial<MarktHolding> = {}): MarktHolding => holding(id, `Holding ${id}`, id, null, vestiging_ids, over);
const PEIL = '2026-06-01';
const kort = (rows: ReturnType<typeof diffMarkt>['wijzigingen']) => rows.map((r) => [r.entiteit_type, r.entiteit_id, r.wijziging_type, r.velden.join(',')]);

describe('diffMarkt', () => {
  it('makes every entity nieuw in the first version', () => {
    const r = diffMarkt({ vestigingen: [], holdings: [] }, { vestigingen: [v('V1'), v('V2', { actief: false })], holdings: [h('H', ['V1'])] }, PEIL);
    expect(kort(r.wijzigingen)).toEqual([
      ['hoofdholding', 'H', 'nieuw', ''],
      ['vestiging', 'V1', 'nieuw', ''],
      ['vestiging', 'V2', 'nieuw', ''],
    ]);
    expect(r.wijzigingen[1].oud).toBeNull();
  });

  it('gives no rows when nothing changed', () => {
    const s = { vestigingen: [v('V1')], holdings: [h('H', ['V1'])] };
    expect(diffMarkt(s, structuredClone(s), PEIL).wijzigingen).toEqual([]);
  });

  it('does not compare how a vestiging was linked, and keeps the newest link in the state', () => {
    const kvk = { gleif: { methode: 'kvk' as const, zekerheid: 1 }, dnb: null };
    const naam = { gleif: { methode: 'naam_plaats' as const, zekerheid: 0.9 }, dnb: null };
    const oud = { vestigingen: [v('V1', { lei: 'L1', koppeling: naam }), v('V2', { koppeling: null })], holdings: [] };
    const nieuw = { vestigingen: [v('V1', { lei: 'L1', koppeling: kvk }), v('V2', { koppeling: { gleif: null, dnb: null } })], holdings: [] };
    const r = diffMarkt(oud, nieuw, PEIL);
    expect(r.wijzigingen).toEqual([]);
    expect(r.toestand.vestigingen.map((x) => x.koppeling)).toEqual([kvk, { gleif: null, dnb: null }]);
    // With another change the row names only that field; its records carry the links.
    const r2 = diffMarkt(oud, { ...nieuw, vestigingen: [v('V1', { lei: 'L1', koppeling: kvk, naam: 'Anders' }), nieuw.vestigingen[1]] }, PEIL);
    expect(kort(r2.wijzigingen)).toEqual([['vestiging', 'V1', 'gewijzigd', 'naam']]);
    expect((r2.wijzigingen[0].nieuw as MarktVestiging).koppeling).toEqual(kvk);
  });

  it('calls a structure found through a new name + place link gewijzigd, and a new parent of the same LEI overgenomen', () => {
    const naam = { gleif: { methode: 'naam_plaats' as const, zekerheid: 0.9 }, dnb: null };
    const oud = { vestigingen: [v('V1'), v('V2', { lei: 'L2', koppeling: naam })], holdings: [] };
    const onderH = { holding_id: 'H', hoofdholding_id: 'H' };
    const r = diffMarkt(oud, { vestigingen: [v('V1', { lei: 'L1', koppeling: naam, ...onderH }), v('V2', { lei: 'L2', koppeling: naam, ...onderH })], holdings: [h('H', ['V1', 'V2'])] }, PEIL);
    expect(kort(r.wijzigingen)).toEqual([
      ['hoofdholding', 'H', 'nieuw', ''],
      ['vestiging', 'V1', 'gewijzigd', 'lei,holding_id,hoofdholding_id'],
      ['vestiging', 'V2', 'overgenomen', 'holding_id,hoofdholding_id'],
    ]);
  });

  it('classifies exits, re-entries, takeovers, other changes and a holding that ends', () => {
    const oud = { vestigingen: [v('V1'), v('V2'), v('V3', { actief: false, einde: '2025-01-01' }), v('V4'), v('V5')], holdings: [h('G', ['V5'])] };
    const nieuw = {
      // V1 gone from the register; V2 licence ended; V3 active again; V4 taken over by H; V5 renamed and G gone.
      vestigingen: [v('V2', { actief: false, einde: '2026-05-31', producten: [] }), v('V3'), v('V4', { hoofdholding_id: 'H', holding_id: 'H' }), v('V5', { naam: 'Nieuwe naam' })],
      holdings: [h('H', ['V4'])],
    };
    const r = diffMarkt(oud, nieuw, PEIL);
    expect(kort(r.wijzigingen)).toEqual([
      ['hoofdholding', 'G', 'beëindigd', ''],
      ['hoofdholding', 'H', 'nieuw', ''],
      ['vestiging', 'V1', 'beëindigd', 'actief,producten,hypotheek_diensten,einde'],
      ['vestiging', 'V2', 'beëindigd', 'actief,producten,einde'],
      ['vestiging', 'V3', 'nieuw', 'actief,einde'],
      ['vestiging', 'V4', 'overgenomen', 'holding_id,hoofdholding_id'],
      ['vestiging', 'V5', 'gewijzigd', 'naam'],
    ]);
    // V1 stays in the state, inactive since the peildatum, so exits remain visible.
    expect(r.toestand.vestigingen.find((x) => x.vestiging_id === 'V1')).toMatchObject({ actief: false, einde: PEIL, producten: [] });
    expect(r.toestand.vestigingen.map((x) => x.vestiging_id)).toEqual(['V1', 'V2', 'V3', 'V4', 'V5']);
    expect(r.wijzigingen[0].nieuw).toBeNull();
    // A gone, already inactive vestiging is carried along without a row.
    const later = diffMarkt(r.toestand, { vestigingen: r.toestand.vestigingen.filter((x) => x.vestiging_id !== 'V1'), holdings: r.toestand.holdings }, '2026-07-01');
    expect(later.wijzigingen).toEqual([]);
    expect(later.toestand.vestigingen.map((x) => x.vestiging_id)).toEqual(['V1', 'V2', 'V3', 'V4', 'V5']);
  });

  it('records a move as two verhuisd rows: the old id leaves, the new id arrives with the old address as oud', () => {
    const zelfde = { kvk_nummer: '20000001', naam: 'Verhuizer B.V.', instelling_id: 'i20' };
    const oud = { vestigingen: [v('OUD1', { ...zelfde, postcode: '1000 AA', huisnummer: '1' })], holdings: [] };
    const nieuw = { vestigingen: [v('NIEUW', { ...zelfde, postcode: '3511 AA', huisnummer: '9', plaats: 'Utrecht' })], holdings: [] };
    const r = diffMarkt(oud, nieuw, PEIL);
    expect(kort(r.wijzigingen)).toEqual([
      ['vestiging', 'NIEUW', 'verhuisd', 'vestiging_id,postcode,huisnummer,plaats'],
      ['vestiging', 'OUD1', 'verhuisd', 'vestiging_id,postcode,huisnummer,plaats'],
    ]);
    expect(r.wijzigingen[0]).toMatchObject({ oud: { vestiging_id: 'OUD1' }, nieuw: { vestiging_id: 'NIEUW', plaats: 'Utrecht' } });
    expect(r.wijzigingen[1]).toMatchObject({ oud: { vestiging_id: 'OUD1' }, nieuw: null });
    expect(r.toestand.vestigingen.map((x) => x.vestiging_id)).toEqual(['NIEUW']);
  });

  it('marks a holding whose hoofdholding changed as overgenomen, with its new entiteit_type', () => {
    const oud = { vestigingen: [], holdings: [h('T', ['V1'])] };
    const nieuw = { vestigingen: [], holdings: [h('T', ['V1'], { type: 'tussenholding', hoofdholding_id: 'K', moeder_id: 'K' }), h('K', ['V1'])] };
    expect(kort(diffMarkt(oud, nieuw, PEIL).wijzigingen)).toEqual([
      ['hoofdholding', 'K', 'nieuw', ''],
      ['holding', 'T', 'overgenomen', 'hoofdholding_id,type,moeder_id'],
    ]);
  });
});
