// Samenwerkingsverbanden on a hand-made market: a franchise name spelt in several ways across three capital
// units, a network through a shared complaints-institute number, a name and a number that overlap but stay
// two networks (no chains), and the cases that are not a network (one organisation, one hoofdholding, short
// names, a bare institute name, inactive offices).
import { describe, expect, it } from 'vitest';
import {
  deriveSamenwerkingsverbanden,
  normaalHandelsnaam,
  normaalKlachtnummer,
  REGEL,
  samenwerkingsverbandId,
} from './samenwerking';
import { vestiging } from './test-builders';
import type { MarktVestiging } from './types';

const vest = vestiging;

const markt: MarktVestiging[] = [
  // The franchise: K1 (independent), K2 (two offices), K3 (owned by H1) → 3 capital units.
  vest('V01', { kvk_nummer: 'K1', handelsnamen: ['De Hypotheekshop', 'Jansen Advies'], plaats: 'Utrecht' }),
  vest('V02', { kvk_nummer: 'K2', handelsnamen: ['De Hypotheekshop B.V.'], plaats: 'Amsterdam' }),
  vest('V03', { kvk_nummer: 'K2', handelsnamen: ['De Hypotheekshop B.V.'], plaats: 'Amsterdam' }),
  vest('V04', { kvk_nummer: 'K3', handelsnamen: ['Dé Hypotheekshop'], plaats: 'Zwolle', holding_id: 'H1', hoofdholding_id: 'H1' }),
  // Linked by the complaints-institute number only: H1 (through K4) and the independent K6.
  vest('V05', { kvk_nummer: 'K4', handelsnamen: ['Fin Groep'], klachteninstituut: 'Kifid 300.000111', plaats: 'Breda', holding_id: 'H1', hoofdholding_id: 'H1' }),
  vest('V06', { kvk_nummer: 'K6', handelsnamen: ['Zuidas Finance'], klachteninstituut: '300000111', plaats: 'Amsterdam' }),
  // One organisation with two offices sharing a name: not a network.
  vest('V07', { kvk_nummer: 'K7', handelsnamen: ['Van Dijk Holding B.V.'] }),
  vest('V08', { kvk_nummer: 'K7', handelsnamen: ['Van Dijk Holding B.V.'] }),
  // Inactive: would link to K7 through 'van dijk', but does not count.
  vest('V09', { kvk_nummer: 'K8', handelsnamen: ['Van Dijk'], actief: false }),
  // Two KvK numbers under one hoofdholding: one capital unit, not a network.
  vest('V10', { kvk_nummer: 'K9', handelsnamen: ['Zeker Advies'], holding_id: 'H2', hoofdholding_id: 'H2' }),
  vest('V11', { kvk_nummer: 'K10', handelsnamen: ['Zeker Advies'], holding_id: 'H2b', hoofdholding_id: 'H2' }),
  // Names shorter than 4 characters after normalising: ignored.
  vest('V12', { kvk_nummer: 'K11', handelsnamen: ['AB B.V.'] }),
  vest('V13', { kvk_nummer: 'K12', handelsnamen: ['A.B.'] }),
  // Both kinds: V14–V15 share the name, V14–V16 the number.
  vest('V14', { kvk_nummer: 'K13', handelsnamen: ['Budget Hypotheken'], klachteninstituut: 'KiFiD 300.999.888', plaats: 'Gouda' }),
  vest('V15', { kvk_nummer: 'K14', handelsnamen: ['Budget Hypotheken V.O.F.'], plaats: 'Delft' }),
  vest('V16', { kvk_nummer: 'K15', handelsnamen: ['Geldwijzer'], klachteninstituut: '300999888', plaats: 'Gouda' }),
  // The institute's name without a number: ignored.
  vest('V17', { kvk_nummer: 'K16', handelsnamen: ['Eerste Eigen'], klachteninstituut: 'Kifid' }),
  vest('V18', { kvk_nummer: 'K17', handelsnamen: ['Tweede Eigen'], klachteninstituut: 'Kifid' }),
];

describe('normalisation', () => {
  it('folds case, diacritics, punctuation and legal forms of trade names', () => {
    expect(normaalHandelsnaam('Hypotheekshop Zuid B.V.')).toBe('hypotheekshop zuid');
    expect(normaalHandelsnaam('Dé Hypotheekshop')).toBe('de hypotheekshop');
    expect(normaalHandelsnaam('Café & Co. N.V.')).toBe('cafe co');
    expect(normaalHandelsnaam('Financiële  Diensten U.A.')).toBe('financiele diensten');
    expect(normaalHandelsnaam('Van Dijk Holding B.V.')).toBe('van dijk');
    expect(normaalHandelsnaam('Holding ABC')).toBeNull(); // 'abc': 3 characters
    expect(normaalHandelsnaam('A.B.')).toBeNull();
  });

  it('reads the membership number of a complaints-institute entry', () => {
    expect(normaalKlachtnummer('Kifid 300.012345')).toBe('300012345');
    expect(normaalKlachtnummer('300012345')).toBe('300012345');
    expect(normaalKlachtnummer('Kifid')).toBeNull();
    expect(normaalKlachtnummer('')).toBeNull();
    expect(normaalKlachtnummer(null)).toBeNull();
  });
});

describe('deriveSamenwerkingsverbanden', () => {
  const list = deriveSamenwerkingsverbanden(markt);

  it('finds the four networks across capital units, largest first', () => {
    expect(list.map((s) => [s.naam, s.sleutels.join(' ')])).toEqual([
      ['De Hypotheekshop B.V.', 'handelsnaam:de hypotheekshop'],
      // same size and name: ordered by id
      ...[
        ['Budget Hypotheken', 'handelsnaam:budget hypotheken'],
        ['Budget Hypotheken', 'klachteninstituut:300999888'],
      ].sort((a, b) => (samenwerkingsverbandId(a[1]) < samenwerkingsverbandId(b[1]) ? -1 : 1)),
      ['Fin Groep', 'klachteninstituut:300000111'],
    ]);
  });

  it('describes the franchise: its members, organisations, keys and places', () => {
    const [shop] = list;
    expect(shop).toEqual({
      samenwerkingsverband_id: samenwerkingsverbandId('handelsnaam:de hypotheekshop'),
      naam: 'De Hypotheekshop B.V.', // in two vestigingen; every other name in one
      soort: 'handelsnaam',
      sleutels: ['handelsnaam:de hypotheekshop'], // 'jansen advies' is V01's alone
      vestiging_ids: ['V01', 'V02', 'V03', 'V04'],
      kvk_nummers: ['K1', 'K2', 'K3'],
      aantal_vestigingen: 4,
      aantal_organisaties: 3, // K1, K2, H1
      plaatsen: ['Amsterdam', 'Utrecht', 'Zwolle'],
    });
    expect(shop.samenwerkingsverband_id).toMatch(/^S[A-Z2-7]{10}$/);
  });

  it('keeps a shared name and a shared number apart (no chains), and joins keys with the same members', () => {
    const naam = list.find((s) => s.sleutels[0] === 'handelsnaam:budget hypotheken');
    const nummer = list.find((s) => s.sleutels[0] === 'klachteninstituut:300999888');
    expect(naam).toMatchObject({ soort: 'handelsnaam', vestiging_ids: ['V14', 'V15'], plaatsen: ['Delft', 'Gouda'] });
    // V14 and V16 share only the number; the name is the alphabetically first of their names (once each).
    expect(nummer).toMatchObject({ soort: 'klachteninstituut', naam: 'Budget Hypotheken', vestiging_ids: ['V14', 'V16'], kvk_nummers: ['K13', 'K15'] });
    const beide = deriveSamenwerkingsverbanden([
      vest('W1', { kvk_nummer: 'L1', handelsnamen: ['Samen Sterk'], klachteninstituut: 'Kifid 300.123456' }),
      vest('W2', { kvk_nummer: 'L2', handelsnamen: ['Samen Sterk B.V.'], klachteninstituut: '300123456' }),
    ]);
    expect(beide).toEqual([
      {
        samenwerkingsverband_id: samenwerkingsverbandId('handelsnaam:samen sterk'), // the name leads
        naam: 'Samen Sterk',
        soort: 'beide',
        sleutels: ['handelsnaam:samen sterk', 'klachteninstituut:300123456'],
        vestiging_ids: ['W1', 'W2'],
        kvk_nummers: ['L1', 'L2'],
        aantal_vestigingen: 2,
        aantal_organisaties: 2,
        plaatsen: [],
      },
    ]);
    expect(list.find((s) => s.naam === 'Fin Groep')).toEqual({
      samenwerkingsverband_id: samenwerkingsverbandId('klachteninstituut:300000111'),
      naam: 'Fin Groep',
      soort: 'klachteninstituut',
      sleutels: ['klachteninstituut:300000111'],
      vestiging_ids: ['V05', 'V06'],
      kvk_nummers: ['K4', 'K6'],
      aantal_vestigingen: 2,
      aantal_organisaties: 2, // H1 and K6
      plaatsen: ['Amsterdam', 'Breda'],
    });
  });

  it('is deterministic whatever the input order', () => {
    expect(deriveSamenwerkingsverbanden([...markt].reverse())).toEqual(list);
  });

  it('counts an inactive office: with V09 active, K7 and K8 are a network', () => {
    const metV09 = deriveSamenwerkingsverbanden(markt.map((v) => (v.vestiging_id === 'V09' ? { ...v, actief: true } : v)));
    expect(metV09.find((s) => s.sleutels.includes('handelsnaam:van dijk'))).toMatchObject({
      naam: 'Van Dijk Holding B.V.',
      vestiging_ids: ['V07', 'V08', 'V09'],
      aantal_organisaties: 2,
    });
  });

  it('keeps its id when members join with names of their own', () => {
    // A new member and a newcomer share 'Aaa Advies': a network of its own, the franchise only gains V19.
    const groter = deriveSamenwerkingsverbanden([
      ...markt,
      vest('V19', { kvk_nummer: 'K18', handelsnamen: ['Dé Hypotheekshop', 'Aaa Advies'] }),
      vest('V20', { kvk_nummer: 'K19', handelsnamen: ['Aaa Advies'] }),
    ]);
    expect(groter[0].samenwerkingsverband_id).toBe(list[0].samenwerkingsverband_id);
    expect(groter[0].sleutels).toEqual(['handelsnaam:de hypotheekshop']);
    expect(groter[0].vestiging_ids).toEqual(['V01', 'V02', 'V03', 'V04', 'V19']);
    expect(groter[0].aantal_organisaties).toBe(4);
    expect(groter.find((s) => s.sleutels[0] === 'handelsnaam:aaa advies')?.vestiging_ids).toEqual(['V19', 'V20']);
  });

  it('states its rule in Dutch', () => {
    expect(REGEL).toMatch(/^Een samenwerkingsverband is /);
  });

  it('handles a market of 8,000 vestigingen quickly', () => {
    const groot: MarktVestiging[] = [];
    for (let i = 0; i < 8000; i++) {
      const id = `V${String(i).padStart(5, '0')}`;
      // 40 formulas of 50 offices (each its own organisation); the rest unique names.
      const formule = i < 2000 ? [`Formule ${Math.floor(i / 50)} Advies`] : [];
      groot.push(vest(id, { kvk_nummer: `K${i}`, handelsnamen: [...formule, `Kantoor nummer ${i}`], hoofdholding_id: i % 16 === 0 ? `H${i % 500}` : null }));
    }
    const t = performance.now();
    const res = deriveSamenwerkingsverbanden(groot);
    expect(performance.now() - t).toBeLessThan(2000);
    expect(res).toHaveLength(40);
    expect(res.every((s) => s.aantal_vestigingen === 50)).toBe(true);
  });
});
