// RD <-> WGS84 against points for which PDOK's Locatieserver recorded both coordinates (centroide_ll and
// centroide_rd of the same address, samples/live/pdok-locatieserver), and against the RD origin.
import { describe, expect, it } from 'vitest';
import { afstandRd, naarRd, naarWgs84, puntUitRd } from './rd';
import { geometrieUitRd } from './geojson';

// [weergavenaam, lon, lat, x, y] as recorded.
const PDOK: [string, number, number, number, number][] = [
  ['Europalaan 93, 3526KP Utrecht', 5.10696041, 52.06415055, 135782.745, 452910.011],
  ['Bolstraat 1, 3581WS Utrecht', 5.13287587, 52.08884161, 137569.474, 455650.561],
  ['Lijsterstraat 20, 3815DT Amersfoort', 5.40168265, 52.16646193, 155990.61, 464256.19],
  ['Evert van de Beekstraat 202, 1118CP Schiphol', 4.74790756, 52.30389723, 111396.536, 479739.602],
];

describe('RD <-> WGS84', () => {
  it.each(PDOK)('%s: RD to WGS84 within a metre of PDOK', (_naam, lon, lat, x, y) => {
    const w = naarWgs84({ x, y });
    expect(Math.abs(w.lon - lon) * 68_000).toBeLessThan(1); // metres east-west at 52° N
    expect(Math.abs(w.lat - lat) * 111_200).toBeLessThan(1);
  });

  it.each(PDOK)('%s: WGS84 to RD within a metre of PDOK', (_naam, lon, lat, x, y) => {
    const r = naarRd({ lon, lat });
    expect(afstandRd(r, { x, y })).toBeLessThan(1);
  });

  it('maps the RD origin (Amersfoort, Onze Lieve Vrouwetoren) and round-trips to the millimetre', () => {
    const w = naarWgs84({ x: 155000, y: 463000 });
    expect(w.lat).toBeCloseTo(52.15517, 4);
    expect(w.lon).toBeCloseTo(5.38721, 4);
    const back = naarRd(w);
    expect(afstandRd(back, { x: 155000, y: 463000 })).toBeLessThan(0.002);
    expect(puntUitRd({ x: 155000.0004, y: 463000 }).rd).toEqual({ x: 155000, y: 463000 });
  });

  it('converts every position of a polygon', () => {
    const g = geometrieUitRd({ type: 'Polygon', coordinates: [[[155000, 463000], [155010, 463000], [155010, 463010], [155000, 463000]]] });
    expect(g.wgs84.type).toBe('Polygon');
    const ring = (g.wgs84 as { coordinates: number[][][] }).coordinates[0];
    expect(ring).toHaveLength(4);
    expect(ring[1][0]).toBeGreaterThan(ring[0][0]);
    expect(ring[2][1]).toBeGreaterThan(ring[1][1]);
  });
});
