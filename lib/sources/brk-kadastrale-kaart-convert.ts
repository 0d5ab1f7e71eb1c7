// Conversion of BRK Kadastrale kaart parcels and the choice of the parcel under a point. The OGC API
// (api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1, collection `perceel`) serves snake_case properties
// (akr_kadastrale_gemeente_code_waarde, kadastrale_gemeente_waarde, sectie, perceelnummer,
// kadastrale_grootte_waarde, identificatie_lokaal_id); the older WFS (kadastralekaart v5) serves the same
// attributes in camelCase. Both are read, so the recorded WFS parcels test the same code. Pure functions.
import { z } from 'zod';
import type { OgcFeature } from './bag-ogc-convert';
import { str, num, int } from './values';

export const perceelSchema = z.object({
  identificatie: z.string().describe('Kadastrale aanduiding: AKR-gemeentecode-sectie-perceelnummer, bijvoorbeeld AMF00-A-4359'),
  kadastrale_gemeente: z.string().nullable().describe('Naam van de kadastrale gemeente, bijvoorbeeld Amersfoort'),
  sectie: z.string().nullable(),
  perceelnummer: z.number().int().nullable(),
  grootte_m2: z.number().nullable().describe('Kadastrale grootte in m²'),
});
export type Perceel = z.infer<typeof perceelSchema>;

/** A point in the same coordinate system as the geometries (RD for our calls). */
export type Punt = [number, number];

/** A parcel feature as our object; null when it lacks both an aanduiding and a local id. */
export function toPerceel(feature: OgcFeature): Perceel | null {
  const p = feature.properties ?? {};
  const akr = str(pick(p, 'akr_kadastrale_gemeente_code_waarde', 'AKRKadastraleGemeenteCodeWaarde'));
  const sectie = str(pick(p, 'sectie'));
  const perceelnummer = int(pick(p, 'perceelnummer'));
  const lokaalId = str(pick(p, 'identificatie_lokaal_id', 'identificatieLokaalID'));
  const identificatie = akr && sectie && perceelnummer !== null ? `${akr}-${sectie}-${perceelnummer}` : lokaalId;
  if (!identificatie) return null;
  return {
    identificatie,
    kadastrale_gemeente: str(pick(p, 'kadastrale_gemeente_waarde', 'kadastraleGemeenteWaarde')),
    sectie,
    perceelnummer,
    grootte_m2: num(pick(p, 'kadastrale_grootte_waarde', 'kadastraleGrootteWaarde')),
  };
}

/** The parcel whose geometry contains the point; null when none of the features does. */
export function perceelOnderPunt(features: OgcFeature[], punt: Punt): Perceel | null {
  for (const f of features) {
    if (geometryContains(f.geometry, punt)) {
      const perceel = toPerceel(f);
      if (perceel) return perceel;
    }
  }
  return null;
}

/** Whether a GeoJSON Polygon or MultiPolygon contains the point (inside an outer ring, outside its holes). */
export function geometryContains(geometry: unknown, punt: Punt): boolean {
  if (!geometry || typeof geometry !== 'object') return false;
  const { type, coordinates } = geometry as { type?: unknown; coordinates?: unknown };
  if (type === 'Polygon') return polygonContains(coordinates, punt);
  if (type === 'MultiPolygon' && Array.isArray(coordinates)) return coordinates.some((poly) => polygonContains(poly, punt));
  return false;
}

function polygonContains(rings: unknown, punt: Punt): boolean {
  if (!Array.isArray(rings) || rings.length === 0) return false;
  if (!ringContains(rings[0], punt)) return false;
  return !rings.slice(1).some((hole) => ringContains(hole, punt));
}

/** Even-odd ray casting over one ring of [x, y] positions. */
export function ringContains(ring: unknown, [x, y]: Punt): boolean {
  if (!Array.isArray(ring) || ring.length < 3) return false;
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const a = ring[i] as unknown;
    const b = ring[j] as unknown;
    if (!isPosition(a) || !isPosition(b)) return false;
    const [xi, yi] = a;
    const [xj, yj] = b;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function isPosition(value: unknown): value is [number, number] {
  return Array.isArray(value) && value.length >= 2 && Number.isFinite(value[0]) && Number.isFinite(value[1]);
}

function pick(p: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) if (p[k] !== undefined && p[k] !== null) return p[k];
  return null;
}



