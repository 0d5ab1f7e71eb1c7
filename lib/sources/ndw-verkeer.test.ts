// The spatial parts of the NDW traffic module on hand-made data: nearest-N over the k-d index (order, radius
// cut-off, n, filter) and the straight-line distance from a point to a measure's road line.
import { describe, expect, it } from 'vitest';
import { dichtstbijzijnde, indexeerMaatregelen, indexeerMeetlocaties, maatregelenBijPunt } from './ndw-verkeer';
import type { Maatregel, Meetlocatie } from './ndw-verkeer-convert';

const P = { lon: 5.0, lat: 52.0 };
// One degree of latitude is about 111.2 km: 0.001° ≈ 111 m north.
const loc = (id: string, dLat: number, dLon = 0): Meetlocatie => ({ id, naam: id, weg: null, richting: null, rijstroken: null, lon: P.lon + dLon, lat: P.lat + dLat, lijn: null, lengte_m: null });

describe('nearest measuring points', () => {
  const ix = indexeerMeetlocaties([loc('ver', 0.05), loc('dichtbij', 0.001), loc('midden', 0.01), loc('oost', 0, 0.02), loc('zuid', -0.003)]);

  it('orders by great-circle distance and reports it in metres', () => {
    const hits = dichtstbijzijnde(ix, P, 10, 50_000);
    expect(hits.map((h) => h.locatie.id)).toEqual(['dichtbij', 'zuid', 'midden', 'oost', 'ver']);
    expect(hits.map((h) => h.afstand_m)).toEqual([111, 334, 1112, 1369, 5560]);
  });

  it('cuts off at the radius and at n, and applies a filter', () => {
    expect(dichtstbijzijnde(ix, P, 10, 1200).map((h) => h.locatie.id)).toEqual(['dichtbij', 'zuid', 'midden']);
    expect(dichtstbijzijnde(ix, P, 2, 50_000).map((h) => h.locatie.id)).toEqual(['dichtbij', 'zuid']);
    expect(dichtstbijzijnde(ix, P, 2, 50_000, (l) => l.id !== 'dichtbij').map((h) => h.locatie.id)).toEqual(['zuid', 'midden']);
    expect(dichtstbijzijnde(ix, P, 5, 100)).toEqual([]);
  });

  it('answers empty over an empty table', () => {
    expect(dichtstbijzijnde(indexeerMeetlocaties([]), P, 5, 50_000)).toEqual([]);
  });
});

describe('distance to road lines', () => {
  const base: Omit<Maatregel, 'id' | 'geometrie'> = {
    versie: '1', situatie_id: null, soort: 'afsluiting', type: 'roadClosed', ernst: null, status: null, geldig_vanaf: '2026-01-01T00:00:00Z', geldig_tot: null,
    perioden: [], oorzaak: null, oorzaak_detail: null, rijstroken: { rijbaan: null, afgesloten: null, beschikbaar: null, oorspronkelijk: null, betrokken_stroken: [] },
    maximumsnelheid_kmh: null, weg: null, wegnaam: null, richting: null, beheerder: null, opmerking: null,
  };
  // A north-south line 0.01° of longitude east of the point (about 685 m at 52° N), far longer than the distance.
  const lijn: Maatregel = { ...base, id: 'lijn', geometrie: { type: 'LineString', coordinates: [[5.01, 51.9], [5.01, 52.1]] } };
  const punt: Maatregel = { ...base, id: 'punt', soort: 'maximumsnelheid', maximumsnelheid_kmh: 50, geometrie: { type: 'Point', coordinates: [5.0, 52.002] } };
  const ver: Maatregel = { ...base, id: 'ver', geometrie: { type: 'LineString', coordinates: [[5.2, 52.0], [5.3, 52.0]] } };
  const zonder: Maatregel = { ...base, id: 'zonder', geometrie: null };
  const feeds = [
    { feed: 'afsluitingen' as const, data: indexeerMaatregelen([lijn, ver, zonder]) },
    { feed: 'actueel_beeld' as const, data: indexeerMaatregelen([lijn, punt]) },
  ];

  it('measures to the nearest point of the line, not to its vertices, nearest first; an id in two feeds counts once', () => {
    const hits = maatregelenBijPunt(feeds, P, 10_000, 10, new Date('2026-06-01T00:00:00Z'));
    expect(hits.map((h) => [h.id, h.feed, h.afstand_m])).toEqual([
      ['punt', 'actueel_beeld', 222],
      ['lijn', 'afsluitingen', 685],
    ]);
    expect(hits[0].actief_nu).toBe(true);
    expect(hits[1].geometrie.rd.type).toBe('LineString');
  });

  it('cuts off at the radius (the far line is 13.7 km away) and at n', () => {
    expect(maatregelenBijPunt(feeds, P, 500, 10).map((h) => h.id)).toEqual(['punt']);
    expect(maatregelenBijPunt(feeds, P, 50_000, 10).map((h) => h.id)).toEqual(['punt', 'lijn', 'ver']);
    expect(maatregelenBijPunt(feeds, P, 50_000, 1).map((h) => h.id)).toEqual(['punt']);
  });
});
