// The monitor's register links (koppeling.ts): the name and place keys, KvK first, then a UNIQUE
// name + place candidate (statutory name before trade name), ambiguity both ways, and determinism.
import { describe, expect, it } from 'vitest';
import { koppel, koppelAantallen, koppelBronnenVan, koppelDekking, kvkSleutel, naamSleutel, plaatsSleutel, ZEKERHEID, type KoppelBron, type KoppelDoel } from './koppeling';

const bron = (kvk: string, naam: string, plaatsen: (string | null)[] = ['Utrecht'], handelsnamen: string[] = []): KoppelBron => ({ kvk_nummer: kvk, naam, handelsnamen, plaatsen });
const doel = (id: string, naam: string, kvk: string | null = null, plaats: string | null = 'UTRECHT', actief = true): KoppelDoel => ({ id, naam, kvk_nummer: kvk, plaats, actief });

describe('naamSleutel', () => {
  it('ignores case, accents, punctuation, whitespace and legal-form words at the ends', () => {
    expect(naamSleutel('Jansen  Hypotheken B.V.')).toBe('jansen hypotheken');
    expect(naamSleutel('JANSEN HYPOTHEKEN BV')).toBe('jansen hypotheken');
    expect(naamSleutel('Jansen-Hypotheken b.v.')).toBe('jansen hypotheken');
    expect(naamSleutel('Coöperatieve Rabobank U.A.')).toBe('rabobank');
    expect(naamSleutel('Stichting Pensioenfonds Zorg')).toBe('pensioenfonds zorg');
    expect(naamSleutel('Van Dijk & Partners N.V.')).toBe(naamSleutel('van dijk en partners'));
    expect(naamSleutel('Financiële Diensten Besloten Vennootschap met beperkte aansprakelijkheid')).toBe('financiele diensten');
    expect(naamSleutel('Nieuw Advies B.V. i.o.')).toBe('nieuw advies');
  });

  it('is conservative: holding, groep and words inside the name stay, a bare legal form is no name', () => {
    expect(naamSleutel('Jansen Holding B.V.')).toBe('jansen holding');
    expect(naamSleutel('Jansen Holding B.V.')).not.toBe(naamSleutel('Jansen B.V.'));
    expect(naamSleutel('Jansen Groep N.V.')).toBe('jansen groep');
    expect(naamSleutel('NV Bank Nederland BV')).toBe('bank nederland');
    expect(naamSleutel('B.V.')).toBeNull();
    expect(naamSleutel('  ')).toBeNull();
    expect(naamSleutel(null)).toBeNull();
  });

  it('keys places and KvK numbers', () => {
    expect(plaatsSleutel("'s-Gravenhage")).toBe('den haag');
    expect(plaatsSleutel('DEN HAAG')).toBe('den haag');
    expect(plaatsSleutel('Den Bosch')).toBe(plaatsSleutel("'S-HERTOGENBOSCH"));
    expect(plaatsSleutel('Alphen aan den Rijn')).toBe('alphen aan den rijn');
    expect(plaatsSleutel('')).toBeNull();
    expect(kvkSleutel('KvK 1234 5678')).toBe('12345678');
    expect(kvkSleutel('12.345.678')).toBe('12345678');
    expect(kvkSleutel('1234567')).toBeNull();
    expect(kvkSleutel('123456780000')).toBeNull();
  });
});

describe('koppel', () => {
  it('links on the KvK number first, also when written otherwise, the active entity first', () => {
    const r = koppel([bron('10000001', 'Anders Genaamd B.V.')], [doel('L2', 'Jansen', '10000001', 'UTRECHT', false), doel('L1', 'X', 'KvK 1000 0001'), doel('L0', 'Anders Genaamd')]);
    expect(r.perKvk.get('10000001')).toEqual({ id: 'L1', methode: 'kvk', zekerheid: ZEKERHEID.kvk });
    expect(r.dubbelzinnig.size).toBe(0);
  });

  it('links on statutory name + place when no entity has the KvK number', () => {
    const r = koppel([bron('10000001', 'Jansen Hypotheken B.V.', ['Utrecht'])], [doel('L1', 'JANSEN HYPOTHEKEN BV', null, 'Utrecht'), doel('L2', 'Jansen Hypotheken B.V.', null, 'Zeist')]);
    expect(r.perKvk.get('10000001')).toEqual({ id: 'L1', methode: 'naam_plaats', zekerheid: ZEKERHEID.statutaire_naam });
  });

  it('does not link when the place differs, or to an entity that carries another KvK number', () => {
    const r = koppel(
      [bron('10000001', 'Jansen Hypotheken B.V.', ['Amersfoort']), bron('10000002', 'De Vries Advies', ['Utrecht'])],
      [doel('L1', 'Jansen Hypotheken', null, 'Utrecht'), doel('L2', 'De Vries Advies B.V.', '99999999', 'Utrecht')],
    );
    expect(r.perKvk.size).toBe(0);
    expect(r.dubbelzinnig.size).toBe(0);
  });

  it('falls back to a trade name only when the statutory name has no candidate, with a lower confidence', () => {
    const r = koppel(
      [bron('10000001', 'Holding Jansen B.V.', ['Utrecht'], ['Jansen Assurantiën']), bron('10000002', 'Pietersen B.V.', ['Utrecht'], ['Pietersen Advies'])],
      [doel('L1', 'Jansen Assurantien B.V.'), doel('L2', 'Pietersen B.V.'), doel('L3', 'Pietersen Advies')],
    );
    expect(r.perKvk.get('10000001')).toEqual({ id: 'L1', methode: 'naam_plaats', zekerheid: ZEKERHEID.handelsnaam });
    expect(r.perKvk.get('10000002')).toEqual({ id: 'L2', methode: 'naam_plaats', zekerheid: ZEKERHEID.statutaire_naam });
    expect(ZEKERHEID.handelsnaam).toBeLessThan(ZEKERHEID.statutaire_naam);
    expect(ZEKERHEID.statutaire_naam).toBeLessThan(ZEKERHEID.kvk);
  });

  it('leaves an institution with two candidates unlinked and counts it, preferring active entities', () => {
    const r = koppel(
      [bron('10000001', 'Jansen B.V.'), bron('10000002', 'Smit B.V.')],
      [doel('L1', 'Jansen B.V.'), doel('L2', 'Jansen N.V.'), doel('L3', 'Smit B.V.'), doel('L4', 'Smit BV', null, 'Utrecht', false)],
    );
    expect(r.perKvk.has('10000001')).toBe(false);
    expect([...r.dubbelzinnig]).toEqual(['10000001']);
    expect(r.perKvk.get('10000002')?.id).toBe('L3'); // the inactive namesake does not make it ambiguous
  });

  it('leaves an entity claimed by name by two institutions unlinked for both', () => {
    const r = koppel([bron('10000002', 'Hypotheekhuis Utrecht'), bron('10000001', 'Hypotheekhuis Utrecht B.V.')], [doel('L1', 'Hypotheekhuis Utrecht B.V.')]);
    expect(r.perKvk.size).toBe(0);
    expect([...r.dubbelzinnig].sort()).toEqual(['10000001', '10000002']);
  });

  it('uses every place of the institution and gives the same answer whatever the input order', () => {
    const bronnen = [bron('10000001', 'Jansen', ['Utrecht', "'s-Gravenhage"]), bron('10000002', 'Smit', [null]), bron('10000003', 'Bakker', ['Zeist'])];
    const doelen = [doel('L1', 'Jansen B.V.', null, 'DEN HAAG'), doel('L2', 'Smit'), doel('L3', 'Bakker', '10000003', null), doel('L4', 'Bakker', null, 'Zeist')];
    const r = koppel(bronnen, doelen);
    expect([...r.perKvk.entries()].sort()).toEqual([
      ['10000001', { id: 'L1', methode: 'naam_plaats', zekerheid: ZEKERHEID.statutaire_naam }],
      ['10000003', { id: 'L3', methode: 'kvk', zekerheid: ZEKERHEID.kvk }],
    ]);
    const omgekeerd = koppel([...bronnen].reverse(), [...doelen].reverse());
    expect([...omgekeerd.perKvk.entries()].sort()).toEqual([...r.perKvk.entries()].sort());
  });
});

describe('koppelBronnenVan and the coverage', () => {
  const ves = (kvk: string, naam: string, plaats: string | null, handelsnamen: string[] = []) => ({ kvk_nummer: kvk, naam, plaats, handelsnamen });

  it('gathers per KvK number the name, every trade name and every place of its vestigingen', () => {
    expect(koppelBronnenVan([ves('2', 'Twee', 'Zeist', ['B']), ves('1', 'Een', 'Utrecht', ['X']), ves('1', 'Een', 'Amersfoort', ['A', 'X']), ves('1', 'Een', null)])).toEqual([
      { kvk_nummer: '1', naam: 'Een', handelsnamen: ['A', 'X'], plaatsen: ['Amersfoort', 'Utrecht'] },
      { kvk_nummer: '2', naam: 'Twee', handelsnamen: ['B'], plaatsen: ['Zeist'] },
    ]);
  });

  it('counts each vestiging by the link of its KvK number, ambiguous ones among the unlinked', () => {
    const vestigingen = [ves('10000001', 'Jansen', 'Utrecht'), ves('10000001', 'Jansen', 'Zeist'), ves('10000002', 'Smit', 'Utrecht'), ves('10000003', 'Bakker', 'Utrecht'), ves('10000004', 'Visser', 'Utrecht')];
    const r = koppel(koppelBronnenVan(vestigingen), [doel('L1', 'Jansen'), doel('L2', 'Smit', '10000002'), doel('L3', 'Bakker'), doel('L4', 'Bakker B.V.')]);
    const d = koppelDekking(vestigingen, r);
    expect(d).toEqual({ kvk: 1, naam_plaats: 2, geen: 2, dubbelzinnig: 1 });
    expect(d.kvk + d.naam_plaats + d.geen).toBe(vestigingen.length);
    expect(koppelAantallen({ lei: d, dnb: { kvk: 0, naam_plaats: 0, geen: 5, dubbelzinnig: 0 } })).toEqual({
      koppeling_lei_kvk: 1, koppeling_lei_naam_plaats: 2, koppeling_lei_geen: 2, koppeling_lei_dubbelzinnig: 1,
      koppeling_dnb_kvk: 0, koppeling_dnb_naam_plaats: 0, koppeling_dnb_geen: 5, koppeling_dnb_dubbelzinnig: 0,
    });
  });
});
