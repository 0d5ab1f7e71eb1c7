// The monitor's derivation on a hand-made small market: which register entries become vestigingen, their
// stable ids and activity, and the ownership structure (holdings, hoofdholdingen, rank) from LEI chains,
// including an ended relationship, a stated ultimate parent and a cycle.
import { describe, expect, it } from 'vitest';
import { deriveHoldings, rankHoofdholdingen, relatieGeldig } from './holdings';
import type { MonitorFspInstelling, MonitorLeiEntiteit, MonitorLeiRelatie, MonitorVergunning } from './types';
import { deriveVestigingen, huisnummerUit, normaalPostcode, vestigingId } from './vestigingen';

const PEIL = '2026-11-01';

const licentie = (nr: string, einde: string | null, diensten = ['Adviseren'], product = 'Hypothecair krediet'): MonitorVergunning => ({
  vergunningnummer: nr,
  ingangsdatum: '2010-01-01',
  einddatum: einde,
  producten: [{ product, diensten }],
});

const fsp = (id: string, kvk: string | null, adres: string, vergunningen: MonitorVergunning[], postcode = '1012 AB'): MonitorFspInstelling => ({
  id,
  naam: `Kantoor ${id}`,
  handelsnamen: [],
  kvk_nummer: kvk,
  adres,
  postcode,
  plaats: 'Amsterdam',
  klachteninstituut: null,
  vergunningen,
});

const markt: MonitorFspInstelling[] = [
  fsp('a', '10000001', 'Damrak 1', [licentie('1', null)]),
  fsp('b', '10000002', 'Rokin 12-A', [licentie('2', '2026-10-31')]), // ended the day before: inactive
  fsp('c', '10000003', 'Spui 3 bis', [licentie('3', null, ['Bemiddelen'], 'Schadeverzekeringen')]),
  fsp('d', '10000004', 'Kalverstraat 4', [licentie('4', null, ['Beheren'], 'Beleggingsobjecten')]), // no advice service
  fsp('e', null, 'Rue 5', [licentie('5', null)]), // incoming passport: no KvK
  fsp('f', '10000006', 'Laan 1940-1945 6', [licentie('6', '2026-11-01')]), // ends ON the peildatum: still active
  fsp('g', '10000001', 'Damrak 1', [licentie('7', null, ['Adviseren'], 'Levensverzekeringen')], '1012ab'), // same location as a
  // Two addresses in the export: two locations of one institution.
  { ...fsp('h', '10000008', 'Markt 8', [licentie('8', null)], '3511 AA'), adressen: [{ adres: 'Markt 8', postcode: '3511AA', plaats: 'Amsterdam' }, { adres: 'Stationsplein 1', postcode: '3511 CE', plaats: 'Utrecht' }] },
];

describe('vestigingen', () => {
  const vs = deriveVestigingen(markt, PEIL);
  const byInst = (id: string) => vs.find((v) => v.instelling_id === id);

  it('keeps institutions with an advice or intermediation licence and a KvK number, one per location', () => {
    expect(vs.map((v) => v.instelling_id).sort()).toEqual(['a', 'b', 'c', 'f', 'h', 'h']);
    expect(vs.filter((v) => v.instelling_id === 'h').map((v) => [v.postcode, v.huisnummer, v.plaats]).sort()).toEqual([
      ['3511 AA', '8', 'Amsterdam'],
      ['3511 CE', '1', 'Utrecht'],
    ]);
    expect(byInst('a')).toMatchObject({ kvk_nummer: '10000001', postcode: '1012 AB', huisnummer: '1', actief: true });
    // g is the same KvK number at the same address (postcode written otherwise): merged into a's location.
    expect(byInst('a')!.producten).toEqual(['Hypothecair krediet', 'Levensverzekeringen']);
  });

  it('is active while a licence is geldig at the peildatum (end date on or after it)', () => {
    expect(byInst('b')!.actief).toBe(false);
    expect(byInst('b')!.producten).toEqual([]);
    expect(byInst('f')!.actief).toBe(true);
  });

  it('gives stable ids from KvK number, postcode and house number', () => {
    expect(byInst('a')!.vestiging_id).toBe(vestigingId('10000001', '1012 AB', '1'));
    expect(vestigingId('10000001', '1012 AB', '1')).toMatch(/^V[A-Z2-7]{10}$/);
    expect(vestigingId('10000001', '1012 AB', '2')).not.toBe(vestigingId('10000001', '1012 AB', '1'));
    expect(deriveVestigingen([...markt].reverse(), PEIL)).toEqual(vs);
  });

  it('reads house numbers and postcodes', () => {
    expect(huisnummerUit('Rokin 12-A')).toBe('12-A');
    expect(huisnummerUit('Spui 3 bis')).toBe('3-BIS');
    expect(huisnummerUit('Laan 1940-1945 6')).toBe('6');
    expect(huisnummerUit('Keizersgracht 123 - 2')).toBe('123-2');
    expect(huisnummerUit('Postbus')).toBeNull();
    expect(normaalPostcode('1012ab')).toBe('1012 AB');
    expect(normaalPostcode(' B-1000 ')).toBe('B-1000');
  });
});

describe('holdings', () => {
  // a, c, f sit below H1 → T1; b below H2 → T1 through an ENDED relationship (so b is independent now);
  // T2 is stated as the ultimate parent of c's entity only; X ↔ Y form a cycle above f's sister entity.
  const vs = deriveVestigingen(markt, PEIL);
  const ent = (lei: string, kvk: string | null, naam = lei, status = 'actief'): MonitorLeiEntiteit => ({ lei, naam, kvk_nummer: kvk, status });
  const entiteiten = [
    ent('LA', '10000001'), ent('LB', '10000002'), ent('LC', '10000003'), ent('LF', '10000006'), ent('LF-OUD', '10000006', 'oud', 'inactief'),
    ent('H1', null, 'Tussen Holding'), ent('H2', null, 'Tweede Holding'), ent('T1', null, 'Top Groep'), ent('T2', null, 'Andere Top'),
    ent('X', null), ent('Y', null),
  ];
  const rel = (start: string, end: string, type = 'IS_DIRECTLY_CONSOLIDATED_BY', eind: string | null = null): MonitorLeiRelatie => ({
    start_lei: start,
    end_lei: end,
    type,
    status: 'ACTIVE',
    perioden: [{ start: '2015-01-01', eind, type: 'RELATIONSHIP_PERIOD' }],
  });
  const relaties = [
    rel('LA', 'H1'), rel('LF', 'H1'), rel('H1', 'T1'),
    rel('LB', 'H2', 'IS_DIRECTLY_CONSOLIDATED_BY', '2026-06-30'), rel('H2', 'T1'),
    rel('LC', 'T2', 'IS_ULTIMATELY_CONSOLIDATED_BY'),
    rel('LF-OUD', 'X'), rel('X', 'Y'), rel('Y', 'X'),
  ];
  const s = deriveHoldings(vs, entiteiten, relaties, PEIL);
  const vid = (inst: string) => vs.find((v) => v.instelling_id === inst)!.vestiging_id;

  it('finds the holdings above each vestiging and their hoofdholding', () => {
    expect(s.holdings.map((h) => [h.holding_id, h.type, h.hoofdholding_id])).toEqual([
      ['H1', 'tussenholding', 'T1'],
      ['T1', 'hoofdholding', 'T1'],
      ['T2', 'hoofdholding', 'T2'],
    ]);
    expect(s.holdings.find((h) => h.holding_id === 'H1')!.vestiging_ids).toEqual([vid('a'), vid('f')].sort());
    expect(s.moeder.get(vid('a'))).toBe('H1');
    expect(s.top.get(vid('c'))).toBe('T2');
    expect(s.top.has(vid('b'))).toBe(false); // its relationship ended before the peildatum
  });

  it('ranks hoofdholdingen by number of vestigingen', () => {
    expect(rankHoofdholdingen(s.holdings)).toEqual([
      { hoofdholding_id: 'T1', naam: 'Top Groep', holding_ids: ['H1'], vestiging_ids: [vid('a'), vid('f')].sort(), sector_rang: 1 },
      { hoofdholding_id: 'T2', naam: 'Andere Top', holding_ids: [], vestiging_ids: [vid('c')], sector_rang: 2 },
    ]);
  });

  it('follows the active LEI of a KvK number and survives cycles', () => {
    // f's KvK number has an inactive LEI in a cycle X ↔ Y: the active one (LF, below H1) is used.
    expect(s.top.get(vid('f'))).toBe('T1');
    const viaOud = deriveHoldings(vs, entiteiten.filter((e) => e.lei !== 'LF'), relaties, PEIL);
    expect(viaOud.top.get(vid('f'))).toBe('Y');
    expect(viaOud.afgebroken).toBe(1);
  });

  it('follows the LEI the links give (name + place) instead of the KvK number alone', () => {
    // c's own entity has no KvK number in GLEIF; the link found it on name + place.
    const zonderKvk = entiteiten.map((e) => (e.lei === 'LC' ? { ...e, kvk_nummer: null } : e));
    expect(deriveHoldings(vs, zonderKvk, relaties, PEIL).top.has(vid('c'))).toBe(false);
    const gekoppeld = deriveHoldings(vs, zonderKvk, relaties, PEIL, new Map([['10000003', 'LC'], ['10000001', 'LA']]));
    expect(gekoppeld.lei.get(vid('c'))).toBe('LC');
    expect(gekoppeld.top.get(vid('c'))).toBe('T2');
    expect(gekoppeld.top.get(vid('a'))).toBe('T1');
    expect(gekoppeld.lei.has(vid('f'))).toBe(false); // only the given links count
  });

  it('takes a relationship as holding on the peildatum only within its period and when active', () => {
    const r = rel('A', 'B', 'IS_DIRECTLY_CONSOLIDATED_BY', '2026-11-01');
    expect(relatieGeldig(r, '2026-11-01')).toBe(true);
    expect(relatieGeldig(r, '2026-11-02')).toBe(false);
    expect(relatieGeldig({ ...r, status: 'INACTIVE' }, '2026-01-01')).toBe(false);
    expect(relatieGeldig({ ...r, perioden: [] }, '2030-01-01')).toBe(true);
  });
});
