import { describe, expect, it } from 'vitest';
import { wijzigingRij as rij } from '../fixture';
import { adresTekst, entiteitNaam, ID_VELDEN, kernzin, naamVan, VELD_LABELS, veldLabel, verschilRegel, verschillen, waardeTekst } from './wijziging-tekst';

describe('wijziging in words', () => {
  it('writes values the Dutch way', () => {
    expect(waardeTekst(null)).toBe('–');
    expect(waardeTekst(true)).toBe('ja');
    expect(waardeTekst(3.5)).toBe('3,5');
    expect(waardeTekst([])).toBe('(geen)');
    expect(waardeTekst(['a', 'b'])).toBe('a, b');
  });

  it('gives old → new per field, and lists as added and removed items', () => {
    const w = rij({
      velden: ['plaats', 'producten', 'actief'],
      oud: { plaats: 'Delft', producten: ['Hypothecair krediet', 'Spaarrekeningen'], actief: true },
      nieuw: { plaats: 'Leiden', producten: ['Spaarrekeningen', 'Levensverzekeringen'], actief: false },
    });
    expect(verschillen(w).map(verschilRegel)).toEqual([
      'plaats: Delft → Leiden',
      'producten: +Levensverzekeringen, −Hypothecair krediet',
      'actief: ja → nee',
    ]);
  });

  it('says what the fields do not: new, moved, gone', () => {
    const oud = { naam: 'Advies B.V.', postcode: '8937 WL', huisnummer: 248, huisnummer_toevoeging: null, plaats: 'Leeuwarden' };
    expect(kernzin(rij({ wijziging_type: 'nieuw', nieuw: oud }))).toBe('Nieuw in het register op 8937 WL 248, Leeuwarden.');
    expect(kernzin(rij({ wijziging_type: 'verhuisd', oud, nieuw: null }))).toMatch(/^Vertrokken van 8937 WL 248, Leeuwarden/);
    expect(kernzin(rij({ wijziging_type: 'verhuisd', oud, nieuw: { ...oud, postcode: '8933 TC', huisnummer: 13, huisnummer_toevoeging: 'B' } }))).toBe(
      'Verhuisd van 8937 WL 248, Leeuwarden naar 8933 TC 13-B, Leeuwarden.',
    );
    expect(kernzin(rij({ wijziging_type: 'beëindigd', entiteit_type: 'holding', oud, nieuw: null }))).toBe('Niet meer in de bronnen.');
    expect(kernzin(rij({ velden: ['plaats'] }))).toBeNull();
    expect(naamVan(rij({ oud, nieuw: null }))).toBe('Advies B.V.');
    expect(adresTekst(null)).toBe('–');
  });

  it('names the entities in id fields instead of showing their ids, and says readably which are unknown', () => {
    const namen = {
      V3PCLBLZBZK: { naam: 'Advies Een B.V.', plaats: 'Utrecht' },
      V2BBBBBBBBB: { naam: 'Advies Twee B.V.', plaats: 'Delft' },
      '5493001KJTIIGC8Y1R12': { naam: 'Koper Holding N.V.', plaats: null },
      '724500973ODKK3IFQ447': { naam: 'Oude Holding N.V.', plaats: null },
    };
    const regels = (velden: string[], oud: Record<string, unknown>, nieuw: Record<string, unknown>) => verschillen(rij({ velden, oud, nieuw }), namen).map(verschilRegel);
    expect(regels(['vestiging_ids'], { vestiging_ids: ['V2BBBBBBBBB'] }, { vestiging_ids: ['V2BBBBBBBBB', 'V3PCLBLZBZK'] })).toEqual([
      'vestiging Advies Een B.V. (Utrecht) toegevoegd',
    ]);
    expect(regels(['vestiging_ids'], { vestiging_ids: ['V2BBBBBBBBB', 'V9ONBEKEND1'] }, { vestiging_ids: ['V3PCLBLZBZK'] })).toEqual([
      'vestigingen toegevoegd: Advies Een B.V. (Utrecht); vertrokken: Advies Twee B.V. (Delft), onbekende vestiging V9ONBEKEND1',
    ]);
    expect(regels(['holding_id', 'hoofdholding_id'], { holding_id: null, hoofdholding_id: null }, { holding_id: '5493001KJTIIGC8Y1R12', hoofdholding_id: '5493001KJTIIGC8Y1R12' })).toEqual([
      'holding Koper Holding N.V. (nieuw)',
      'hoofdholding Koper Holding N.V. (nieuw)',
    ]);
    expect(regels(['hoofdholding_id'], { hoofdholding_id: '724500973ODKK3IFQ447' }, { hoofdholding_id: '5493001KJTIIGC8Y1R12' })).toEqual([
      'hoofdholding: Oude Holding N.V. → Koper Holding N.V.',
    ]);
    expect(regels(['holding_id'], { holding_id: '724500973ODKK3IFQ447' }, { holding_id: null })).toEqual(['holding Oude Holding N.V. vervallen (nu geen)']);
    // No line shows a bare id of a known entity; the ids stay available as secondary text.
    const v = verschillen(rij({ velden: ['vestiging_ids'], oud: { vestiging_ids: [] }, nieuw: { vestiging_ids: ['V3PCLBLZBZK'] } }), namen)[0];
    expect(verschilRegel(v)).not.toContain('V3PCLBLZBZK');
    expect(v).toMatchObject({ soort: 'entiteit', ids: ['V3PCLBLZBZK'] });
    // Many names are summed up, not listed endlessly.
    const veel = Array.from({ length: 8 }, (_, i) => `V${i}XXXXXXXXX`);
    expect(regels(['vestiging_ids'], { vestiging_ids: [] }, { vestiging_ids: veel })[0]).toMatch(/en 3 meer$/);
    expect(entiteitNaam('V74WF3VQJIE', 'vestiging', namen)).toBe('onbekende vestiging V74WF3VQJIE');
    expect(regels(['vestiging_ids'], { vestiging_ids: [] }, { vestiging_ids: ['V74WF3VQJIE'] })).toEqual(['onbekende vestiging V74WF3VQJIE toegevoegd']);
    // The row's own entity: by the answer's names first, never by its id.
    expect(naamVan(rij({ entiteit_id: 'V3PCLBLZBZK' }), namen)).toBe('Advies Een B.V.');
    expect(naamVan(rij({ entiteit_id: 'X', nieuw: { naam: 'X' } }))).toBeNull();
  });

  it('reads a moved vestiging by names, with the ids only as secondary text', () => {
    const namen = {
      VWVOE3QN5FE: { naam: 'Polderanker Lelystad B.V.', plaats: 'Lelystad' },
      V54YBNVDB3Y: { naam: 'Polderanker Lelystad B.V.', plaats: 'Almere' },
    };
    const w = rij({ wijziging_type: 'verhuisd', velden: ['vestiging_id', 'plaats'], oud: { vestiging_id: 'VWVOE3QN5FE', plaats: 'Lelystad' }, nieuw: { vestiging_id: 'V54YBNVDB3Y', plaats: 'Almere' } });
    const vs = verschillen(w, namen);
    expect(vs.map(verschilRegel)).toEqual(['vestiging: Polderanker Lelystad B.V. (Lelystad) → Polderanker Lelystad B.V. (Almere)', 'plaats: Lelystad → Almere']);
    expect(vs[0]).toMatchObject({ soort: 'entiteit', ids: ['V54YBNVDB3Y', 'VWVOE3QN5FE'] });
  });

  it('labels every field the monitor records, and names every id field, so no line shows a raw field name or id', () => {
    const namen = { V1: { naam: 'Een B.V.', plaats: 'Ede' }, V2: { naam: 'Twee B.V.', plaats: 'Epe' }, H1: { naam: 'Top N.V.', plaats: null }, H2: { naam: 'Andere N.V.', plaats: null } };
    for (const veld of Object.keys(VELD_LABELS)) {
      const [oud, nieuw] = veld === 'vestiging_id' ? ['V1', 'V2'] : veld === 'vestiging_ids' ? [['V1'], ['V2']] : ID_VELDEN[veld] ? ['H1', 'H2'] : ['a_b', 'c_d'];
      const regel = verschillen(rij({ velden: [veld], oud: { [veld]: oud }, nieuw: { [veld]: nieuw } }), namen).map(verschilRegel)[0];
      if (veld.includes('_')) expect(regel).not.toContain(veld);
      expect(regel).not.toMatch(/\b(V1|V2|H1|H2)\b/);
    }
    expect(verschilRegel(verschillen(rij({ velden: ['kvk_nummer'], oud: { kvk_nummer: '1' }, nieuw: { kvk_nummer: '2' } }))[0])).toBe('KvK-nummer: 1 → 2');
    expect(veldLabel('iets_nieuws')).toBe('iets nieuws');
  });

  it('names a holding without a name in GLEIF by the one fallback, not by its LEI', () => {
    const lei = '529900V3U2BWS16V7K75';
    expect(naamVan(rij({ entiteit_type: 'hoofdholding', entiteit_id: lei, oud: null, nieuw: { holding_id: lei, naam: lei } }))).toBe('Holding zonder naam in GLEIF');
  });
});
