// The woningtype rules on hand-made footprints (RD metres): shared-wall lengths, the footprint vote for a
// row, its ends, a semi-detached pair, a detached house, corner-only contact, outbuildings and apartments;
// the label mapping, the newest valid label, and the consensus of the two votes.
import { describe, expect, it } from 'vitest';
import type { Energielabel } from '@/lib/sources/ep-online-convert';
import { type Contour, MIN_MUURLENGTE_M, MUUR_TOLERANTIE_M, gedeeldeMuurLengte, oppervlakte, zwaartepunt } from './muren';
import {
  type ContourStem,
  type LabelStem,
  type PandContour,
  consensus,
  contourAfleiding,
  labelStem,
  woningtypeUitLabel,
} from './woningtype-stemmen';

const X = 228000;
const Y = 527000;
/** A w × h rectangle with its lower-left corner at (x, y) relative to an RD origin, as one closed ring. */
function rect(x: number, y: number, w: number, h: number): Contour {
  const [a, b] = [X + x, Y + y];
  return [[[a, b], [a + w, b], [a + w, b + h], [a, b + h], [a, b]]];
}
/** The same rectangle rotated by `deg` degrees around the origin. */
function rotated(c: Contour, deg: number): Contour {
  const r = (deg * Math.PI) / 180;
  return c.map((ring) => ring.map(([x, y]) => [X + (x - X) * Math.cos(r) - (y - Y) * Math.sin(r), Y + (x - X) * Math.sin(r) + (y - Y) * Math.cos(r)] as [number, number]));
}
function pand(id: string, contour: Contour, vbo: number | null = 1, status = 'Pand in gebruik'): PandContour {
  return { item_id: `item-${id}`, bag_pand_id: id, status, aantal_verblijfsobjecten: vbo, gebruiksdoelen: ['woonfunctie'], contour };
}
const AREA: [number, number, number, number] = [X - 100, Y - 100, X + 100, Y + 100];

describe('gedeeldeMuurLengte', () => {
  it('measures a full shared side wall of two terraced houses (6 × 9 m)', () => {
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6, 0, 6, 9))).toBeCloseTo(9, 6);
  });
  it('absorbs BAG imprecision within the tolerance: a 0.1 m gap and a 0.05 m overlap', () => {
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6.1, 0, 6, 9))).toBeCloseTo(9, 6);
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(5.95, 0, 6, 9))).toBeCloseTo(9 + 2 * 0.05, 6);
  });
  it('counts no wall across a gap wider than the tolerance (0.5 m passage)', () => {
    expect(MUUR_TOLERANTIE_M).toBe(0.3);
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6.5, 0, 6, 9))).toBe(0);
  });
  it('measures only the common part when the neighbour is shallower (9 m against 5 m)', () => {
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6, 2, 6, 5))).toBeCloseTo(5, 6);
  });
  it('gives 0 for two footprints touching only at a corner point', () => {
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6, 9, 6, 9))).toBe(0);
  });
  it('is independent of orientation: a row rotated by 33°', () => {
    expect(gedeeldeMuurLengte(rotated(rect(0, 0, 6, 9), 33), rotated(rect(6, 0, 6, 9), 33))).toBeCloseTo(9, 6);
  });
  it('counts a split wall (the neighbour drawn with three collinear segments) once', () => {
    const b: Contour = [[[X + 6, Y], [X + 12, Y], [X + 12, Y + 9], [X + 6, Y + 9], [X + 6, Y + 6], [X + 6, Y + 3], [X + 6, Y]]];
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), b)).toBeCloseTo(9, 6);
  });
  it('ignores a wall meeting at a right angle', () => {
    // b's wall runs perpendicular from a's side: at most the tolerance of contact.
    expect(gedeeldeMuurLengte(rect(0, 0, 6, 9), rect(6, 4, 6, 0.2))).toBeLessThan(MIN_MUURLENGTE_M);
  });
});

describe('footprint helpers', () => {
  it('area and centroid of a 6 × 9 rectangle', () => {
    expect(oppervlakte(rect(0, 0, 6, 9))).toBeCloseTo(54, 6);
    const c = zwaartepunt(rect(0, 0, 6, 9));
    expect(c?.x).toBeCloseTo(X + 3, 6);
    expect(c?.y).toBeCloseTo(Y + 4.5, 6);
  });
});

describe('the footprint vote (rule 2)', () => {
  // A row of five terraced houses 1-9, 6 m wide, with small gaps and overlaps as in real BAG data.
  const row = [pand('1', rect(0, 0, 6, 9)), pand('3', rect(6.04, 0, 6, 9)), pand('5', rect(12, 0.1, 5.98, 9)), pand('7', rect(17.95, 0, 6, 9)), pand('9', rect(24, 0, 6, 9))];
  const all = (extra: PandContour[] = []) => [...row, ...extra];

  it('a middle house of the row: 2 neighbours → tussenwoning, with their ids and wall lengths', () => {
    const a = contourAfleiding([row[2]], all(), AREA);
    expect(a.stem).toMatchObject({ status: 'ok', woningtype: 'tussenwoning', details: { aantal_buren: 2, verenigbaar_met: ['tussenwoning'] } });
    expect(a.buren.map((b) => [b.bag_pand_id, b.gedeelde_muur_m, b.telt_mee])).toEqual([
      // 8.9 m of side wall plus the few centimetres where the front and back walls overlap within the tolerance.
      ['3', 8.98, true],
      ['7', 8.96, true],
    ]);
  });
  it('the end of the row: 1 neighbour that has 2 itself → hoekwoning', () => {
    const a = contourAfleiding([row[0]], all(), AREA);
    expect(a.stem.woningtype).toBe('hoekwoning');
    expect(a.stem.details.verenigbaar_met).toEqual(['hoekwoning', '2-onder-1-kap']);
    expect(a.buren).toMatchObject([{ bag_pand_id: '3', gedeelde_muur_m: 9, aantal_buren_van_buur: 2, buren_van_buur_volledig: true }]);
  });
  it('a semi-detached pair: 1 neighbour without other neighbours → 2-onder-1-kap', () => {
    const pair = [pand('A', rect(0, 0, 7, 10)), pand('B', rect(7, 0, 7, 10)), pand('C', rect(20, 0, 7, 10))];
    const a = contourAfleiding([pair[0]], pair, AREA);
    expect(a.stem.woningtype).toBe('2-onder-1-kap');
    expect(a.buren).toMatchObject([{ bag_pand_id: 'B', gedeelde_muur_m: 10, aantal_buren_van_buur: 1 }]);
  });
  it('a detached house 4 m from the next → vrijstaand, no neighbours', () => {
    const a = contourAfleiding([pand('V', rect(0, 0, 12, 10))], [pand('V', rect(0, 0, 12, 10)), pand('W', rect(16, 0, 10, 10))], AREA);
    expect(a.stem).toMatchObject({ woningtype: 'vrijstaand', details: { aantal_buren: 0 } });
    expect(a.buren).toEqual([]);
  });
  it('a house touching another only at a corner point → vrijstaand', () => {
    const a = contourAfleiding([pand('V', rect(0, 0, 12, 10))], [pand('W', rect(12, 10, 8, 8))], AREA);
    expect(a.stem.woningtype).toBe('vrijstaand');
  });
  it('an attached garage without verblijfsobject is listed but does not count: still vrijstaand', () => {
    const a = contourAfleiding([pand('V', rect(0, 0, 12, 10))], [pand('G', rect(12, 2, 3, 6), 0)], AREA);
    expect(a.stem.woningtype).toBe('vrijstaand');
    expect(a.buren).toMatchObject([{ bag_pand_id: 'G', gedeelde_muur_m: 6, telt_mee: false, aantal_buren_van_buur: null }]);
    expect(a.stem.details.toelichting).toContain('bijgebouw');
  });
  it('a neighbour that is demolished or a wall shorter than 1 m does not count', () => {
    const a = contourAfleiding([row[2]], [row[0], row[1], pand('7x', rect(17.95, 0, 6, 9), 1, 'Pand gesloopt'), pand('k', rect(18, 9.5, 2, 0.8))], AREA);
    expect(a.stem.woningtype).toBe('hoekwoning');
    expect(a.buren.map((b) => b.bag_pand_id)).toEqual(['3']);
  });
  it('several verblijfsobjecten in the pand → appartement, neighbours still reported', () => {
    const a = contourAfleiding([pand('M', rect(12, 0, 6, 9), 4)], [row[0], row[1], row[3], row[4]], AREA);
    expect(a.stem).toMatchObject({ woningtype: 'appartement', details: { aantal_buren: 2 } });
    expect(a.aantal_verblijfsobjecten).toBe(4);
  });
  it('a neighbour reaching outside the searched area is flagged', () => {
    const a = contourAfleiding([row[0]], all(), [X - 10, Y - 10, X + 15, Y + 20]);
    expect(a.buren[0].buren_van_buur_volledig).toBe(true);
    const b = contourAfleiding([row[0]], all(), [X - 10, Y - 10, X + 11, Y + 20]);
    expect(b.buren[0].buren_van_buur_volledig).toBe(false);
    expect(b.stem.details.toelichting).toContain('buiten het doorzochte gebied');
  });
  it('no pand of the address → no vote', () => {
    expect(contourAfleiding([], all(), AREA).stem).toMatchObject({ status: 'geen_gegevens', woningtype: null });
  });
});

describe('the label vote (rule 1)', () => {
  it.each([
    ['Vrijstaande woning', null, 'vrijstaand'],
    ['2 onder 1 kap', null, '2-onder-1-kap'],
    ['Twee-onder-een-kapwoning', null, '2-onder-1-kap'],
    ['2-onder-1-kapwoning', null, '2-onder-1-kap'],
    ['Halfvrijstaande woning', null, '2-onder-1-kap'],
    ['Rijwoning tussen', null, 'tussenwoning'],
    ['Tussenwoning', null, 'tussenwoning'],
    ['Rijwoning hoek', null, 'hoekwoning'],
    ['Hoekwoning', null, 'hoekwoning'],
    ['Appartement', 'Tussenmidden', 'appartement'],
    ['Maisonnette', null, 'appartement'],
    ['Galerijwoning', null, 'appartement'],
    ['Rijwoning', 'Hoekwoning', 'hoekwoning'],
    ['Rijwoning', null, null],
    ['Woonboot', null, null],
    [null, null, null],
  ])('%s / %s → %s', (type, sub, expected) => {
    expect(woningtypeUitLabel(type, sub)).toBe(expected);
  });

  const label = (over: Partial<Energielabel>): Energielabel => ({
    klasse: 'C',
    registratiedatum: '2025-05-20',
    geldig_tot: '2035-05-12',
    berekeningstype: null,
    gebouwtype: 'Rijwoning tussen',
    gebouwsubtype: null,
    opnamedatum: null,
    ...over,
  });

  it('the newest valid label counts', () => {
    const s = labelStem([label({ geldig_tot: '2020-01-01', gebouwtype: 'Vrijstaande woning' }), label({ registratiedatum: '2016-03-09' })], '2026-11-22');
    // Sorted newest first by the converter; the first one has expired, so the second counts.
    expect(s).toMatchObject({ status: 'ok', woningtype: 'tussenwoning', details: { gebouwtype: 'Rijwoning tussen', registratiedatum: '2016-03-09', aantal_labels: 2 } });
  });
  it('only expired labels, no labels, an unmapped type, no key: no vote', () => {
    expect(labelStem([label({ geldig_tot: '2020-01-01' })], '2026-11-22')).toMatchObject({ status: 'geen_gegevens', woningtype: null });
    expect(labelStem([], '2026-11-22')).toMatchObject({ status: 'geen_gegevens', woningtype: null });
    expect(labelStem([label({ gebouwtype: 'Woonboot' })], '2026-11-22')).toMatchObject({ status: 'geen_gegevens', details: { gebouwtype: 'Woonboot' } });
    expect(labelStem(null, '2026-11-22', 'geen_sleutel').details.toelichting).toContain('EP_ONLINE_API_KEY');
  });
});

describe('consensus (rule 3)', () => {
  const l = (woningtype: LabelStem['woningtype']) => ({ bron: 'energielabel', status: woningtype ? 'ok' : 'geen_gegevens', woningtype, details: {} }) as unknown as LabelStem;
  const c = (woningtype: ContourStem['woningtype'], verenigbaar_met = woningtype ? [woningtype] : []) =>
    ({ bron: 'pandcontouren', status: 'ok', woningtype, details: { verenigbaar_met } }) as unknown as ContourStem;

  it.each([
    [l('tussenwoning'), c('tussenwoning'), 'tussenwoning', true, 2],
    [l('vrijstaand'), c(null), 'vrijstaand', true, 1],
    [l(null), c('appartement'), 'appartement', true, 1],
    [l('hoekwoning'), c('2-onder-1-kap', ['hoekwoning', '2-onder-1-kap']), 'hoekwoning', true, 2],
    [l('tussenwoning'), c('hoekwoning', ['hoekwoning', '2-onder-1-kap']), null, false, 2],
    [l(null), c(null), null, false, 0],
  ] as const)('%#', (label, contour, woningtype, overeenstemming, aantal) => {
    expect(consensus(label, contour)).toMatchObject({ woningtype, overeenstemming, aantal_stemmen: aantal });
  });
});
