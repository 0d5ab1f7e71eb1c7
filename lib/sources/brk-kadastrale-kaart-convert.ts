// Conversion of BRK Kadastrale kaart parcels and the choice of the parcel under a point. The OGC API
// (api.pdok.nl/kadaster/brk-kadastrale-kaart/ogc/v1, collection `perceel`) serves snake_case properties
// (akr_kadastrale_gemeente_code_waarde, kadastrale_gemeente_waarde, sectie, perceelnummer,
// kadastrale_grootte_waarde, identificatie_lokaal_id); the older WFS (kadastralekaart v5) serves the same
// attributes in camelCase. Both are read, so the recorded WFS parcels test the same code. Pure functions.
import { z } from 'zod';
import { type OgcFeature, bagId } from './bag-ogc-convert';
import { str, num, int, lowerKeys } from './values';
import { geometrieUitRd, type Geometrie } from '@/lib/geo/geojson';
import { geojsonGeometrieSchema } from '@/lib/geo/geojson-schema';
import { puntUitRd } from '@/lib/geo/rd';
import { afstandTot, leesGeometrie, zwaartepunt } from '@/lib/geo/meetkunde';

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
  const p = props(feature);
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

/** The first of the keys (matched in any case: the properties are read through lowerKeys) with a value. */
function pick(p: Record<string, unknown>, ...keys: string[]): unknown {
  for (const k of keys) {
    const v = p[k.toLowerCase()];
    if (v !== undefined && v !== null && v !== '') return v;
  }
  return null;
}

/** The feature's properties with their keys in lower case (snake_case, WFS camelCase or upper case alike). */
function props(feature: OgcFeature): Record<string, unknown> {
  return lowerKeys(feature.properties) ?? {};
}




// ---------------------------------------------------------------------------------------------------------
// The landreg objects: parcels, boundaries, buildings, street-name labels and house-number ranges of the
// Kadastrale kaart around a point. Property names: the OGC API's snake_case first (the columns of PDOK's
// Kadastrale kaart geopackages: perceel, kadastrale_grens, pand, openbareruimtelabel, pand_nummeraanduiding),
// then the WFS v5 camelCase aliases of the same columns. Geometries are read in RD (the service asks the
// OGC API for crs=EPSG:28992) and returned in WGS84 plus RD.

export const geometrieSchema = z
  .object({
    wgs84: geojsonGeometrieSchema.describe('GeoJSON in WGS84 (RFC 7946: lengtegraad, breedtegraad)'),
    rd: geojsonGeometrieSchema.describe('Dezelfde geometrie in RD (EPSG:28992, meters), zoals het Kadaster haar vastlegt'),
  })
  .nullable()
  .describe('Geometrie in WGS84 en RD; null als de bron geen (leesbare) geometrie gaf');

export const puntSchema = z.object({
  wgs84: z.object({ lon: z.number(), lat: z.number() }),
  rd: z.object({ x: z.number(), y: z.number() }),
});

const afstand = z.number().describe('Afstand in meters van het gevraagde punt tot de geometrie (0 = het punt ligt erin)');
const bagIdDoc = (wat: string) => z.string().nullable().describe(`BAG-${wat} (16 cijfers); null als de kaart er geen noemt`);

export const kadastraalPerceelSchema = z
  .object({
    identificatie: z
      .string()
      .nullable()
      .describe('Kadastrale objectidentificatie (identificatie lokaal id), bijvoorbeeld 25430435970000; null als de kaart die niet gaf (het perceel heeft dan wel een kadastrale aanduiding)'),
    kadastrale_aanduiding: z.string().nullable().describe('Kadastrale aanduiding: gemeentecode, sectie en perceelnummer, bijvoorbeeld AMF00 A 4359'),
    kadastrale_gemeente_code: z.string().nullable().describe('AKR-code van de kadastrale gemeente, bijvoorbeeld AMF00'),
    kadastrale_gemeente: z.string().nullable().describe('Naam van de kadastrale gemeente, bijvoorbeeld Amersfoort'),
    sectie: z.string().nullable(),
    perceelnummer: z.number().int().nullable(),
    kadastrale_grootte_m2: z.number().nullable().describe('Kadastrale grootte in m²'),
    soort_grootte: z.string().nullable().describe('Soort grootte, bijvoorbeeld Vastgesteld'),
    centroide: puntSchema.nullable().describe('Zwaartepunt van het perceelvlak (berekend), in WGS84 en RD'),
    geometrie: geometrieSchema,
  })
  .describe('Gestandaardiseerd kadastraal perceel').meta({ id: 'KadastraalPerceel' });
export type KadastraalPerceel = z.infer<typeof kadastraalPerceelSchema>;

export const grensSchema = z.object({
  identificatie: z.string().nullable().describe('Identificatie (lokaal id) van de grens'),
  type_grens: z.string().nullable().describe('Soort grens, bijvoorbeeld Definitieve grens, Voorlopige grens of Administratieve grens'),
  kwaliteit: z.string().nullable().describe('Kwaliteitsklasse van de grens (B, C, D of E)'),
  perceel_links_id: z.string().nullable().describe('Objectidentificatie van het perceel links van de grens'),
  perceel_rechts_id: z.string().nullable().describe('Objectidentificatie van het perceel rechts van de grens'),
  geometrie: geometrieSchema,
}).meta({ id: 'KadastraleGrens' });
export type Grens = z.infer<typeof grensSchema>;

export const bebouwingSchema = z.object({
  identificatie: z.string().nullable().describe('Identificatie (lokaal id) van het BGT-pand; bebouwing_id van een nummeraanduidingreeks verwijst hiernaar'),
  bag_pand_id: bagIdDoc('pand'),
  status_bgt: z.string().nullable().describe('Status in de BGT, bijvoorbeeld bestaand'),
  geometrie: geometrieSchema,
}).meta({ id: 'Bebouwing' });
export type Bebouwing = z.infer<typeof bebouwingSchema>;

export const openbareRuimteNaamSchema = z.object({
  naam: z.string().nullable().describe('Naam van de openbare ruimte zoals op de kaart; null als het label geen tekst had'),
  type: z.string().nullable().describe('Type openbare ruimte, bijvoorbeeld Weg of Water'),
  bag_openbare_ruimte_id: bagIdDoc('openbare ruimte'),
  hoek: z.number().nullable().describe('Draaiing van het label in graden'),
  geometrie: geometrieSchema,
});
export type OpenbareRuimteNaam = z.infer<typeof openbareRuimteNaamSchema>;

export const nummeraanduidingreeksSchema = z.object({
  label: z.string().nullable().describe('Tekst op de kaart, bijvoorbeeld 42A-42D; null als de kaart geen tekst gaf'),
  'vbo-ids': z
    .array(z.string())
    .describe('BAG-verblijfsobjecten (16 cijfers) van het laagste en het hoogste huisnummer van de reeks, in die volgorde; één id als beide hetzelfde zijn'),
  bebouwing_id: z.string().nullable().describe('Identificatie van de bebouwing (BGT-pand) waarbij de reeks hoort'),
  hoek: z.number().nullable().describe('Draaiing van het label in graden'),
  geometrie: geometrieSchema,
});
export type Nummeraanduidingreeks = z.infer<typeof nummeraanduidingreeksSchema>;

/** The feature's RD geometry (from the OGC API asked in EPSG:28992) or null. */
export function rdGeometrie(feature: OgcFeature): Geometrie | null {
  return leesGeometrie(feature.geometry);
}

function geometrieVan(feature: OgcFeature): KadastraalPerceel['geometrie'] {
  const g = rdGeometrie(feature);
  return g ? (geometrieUitRd(g) as KadastraalPerceel['geometrie']) : null;
}

/**
 * A parcel as our standard object. Without an object identification it is kept when it has a kadastrale
 * aanduiding (that names the parcel too); with neither it is left out, explicitly: nothing says which parcel it is.
 */
export function toKadastraalPerceel(feature: OgcFeature): KadastraalPerceel | null {
  const p = props(feature);
  const identificatie = str(pick(p, 'identificatie_lokaal_id', 'identificatieLokaalID'));
  const code = str(pick(p, 'akr_kadastrale_gemeente_code_waarde', 'AKRKadastraleGemeenteCodeWaarde'));
  const sectie = str(pick(p, 'sectie'));
  const perceelnummer = int(pick(p, 'perceelnummer'));
  const aanduiding = code && sectie && perceelnummer !== null ? `${code} ${sectie} ${perceelnummer}` : null;
  if (!identificatie && !aanduiding) return null;
  const rd = rdGeometrie(feature);
  const c = rd ? zwaartepunt(rd) : null;
  return {
    identificatie,
    kadastrale_aanduiding: aanduiding,
    kadastrale_gemeente_code: code,
    kadastrale_gemeente: str(pick(p, 'kadastrale_gemeente_waarde', 'kadastraleGemeenteWaarde')),
    sectie,
    perceelnummer,
    kadastrale_grootte_m2: num(pick(p, 'kadastrale_grootte_waarde', 'kadastraleGrootteWaarde')),
    soort_grootte: str(pick(p, 'soort_grootte_waarde', 'soortGrootteWaarde')),
    centroide: c ? puntUitRd({ x: c[0], y: c[1] }) : null,
    geometrie: rd ? (geometrieUitRd(rd) as KadastraalPerceel['geometrie']) : null,
  };
}

/** A boundary between parcels. */
export function toGrens(feature: OgcFeature): Grens {
  const p = props(feature);
  return {
    identificatie: str(pick(p, 'identificatie_lokaal_id', 'identificatieLokaalID')),
    type_grens: str(pick(p, 'type_grens_waarde', 'typeGrensWaarde', 'type_grens_code', 'typeGrensCode')),
    kwaliteit: str(pick(p, 'classificatie_kwaliteit_waarde', 'ClassificatieKwaliteitWaarde', 'classificatie_kwaliteit_code', 'ClassificatieKwaliteitCode')),
    perceel_links_id: str(pick(p, 'perceel_links_identificatie_lokaal_id', 'perceelLinksIdentificatieLokaalID')),
    perceel_rechts_id: str(pick(p, 'perceel_rechts_identificatie_lokaal_id', 'perceelRechtsIdentificatieLokaalID')),
    geometrie: geometrieVan(feature),
  };
}

/** A building of the map (a BGT pand) with its BAG pand id. */
export function toBebouwing(feature: OgcFeature): Bebouwing {
  const p = props(feature);
  return {
    identificatie: str(pick(p, 'identificatie_lokaal_id', 'identificatieLokaalID')),
    bag_pand_id: bagId(pick(p, 'identificatie_bag_pnd', 'identificatieBAGPND')),
    status_bgt: str(pick(p, 'bgt_status', 'bgt-status')),
    geometrie: geometrieVan(feature),
  };
}

/** A street or water name label; kept without a text (naam null: its BAG street id may still say which). */
export function toOpenbareRuimteNaam(feature: OgcFeature): OpenbareRuimteNaam {
  const p = props(feature);
  return {
    naam: str(pick(p, 'tekst')),
    type: str(pick(p, 'openbare_ruimte_type', 'openbareRuimteType')),
    bag_openbare_ruimte_id: bagId(pick(p, 'identificatie_bag_opr', 'identificatieBAGOPR')),
    hoek: num(pick(p, 'hoek')),
    geometrie: geometrieVan(feature),
  };
}

/** A house-number range label; kept without a text (label null: its verblijfsobjecten still say which). */
export function toNummeraanduidingreeks(feature: OgcFeature): Nummeraanduidingreeks {
  const p = props(feature);
  const label = str(pick(p, 'tekst'));
  const laagste = bagId(pick(p, 'bag_vbo_laagste_huisnummer', 'identificatie_BAGVBOLaagsteHuisnummer'));
  const hoogste = bagId(pick(p, 'bag_vbo_hoogste_huisnummer', 'identificatie_BAGVBOHoogsteHuisnummer'));
  return {
    label,
    'vbo-ids': [...new Set([laagste, hoogste].filter((v): v is string => v !== null))],
    bebouwing_id: str(pick(p, 'bebouwing_id', 'bebouwingID')),
    hoek: num(pick(p, 'hoek')),
    geometrie: geometrieVan(feature),
  };
}

export type MetAfstand<T> = T & { afstand_m: number };

/**
 * The features whose RD geometry lies within radiusM metres of the point, converted, each with afstand_m
 * (to the centimetre), nearest first. Features without a readable geometry or that convert to null are left
 * out; equal distances keep the upstream order.
 */
export function binnenStraal<T extends object>(
  features: OgcFeature[],
  punt: Punt,
  radiusM: number,
  convert: (f: OgcFeature) => T | null,
): MetAfstand<T>[] {
  const out: MetAfstand<T>[] = [];
  for (const f of features) {
    const g = rdGeometrie(f);
    if (!g) continue;
    const d = afstandTot(punt, g);
    if (!(d <= radiusM)) continue;
    const obj = convert(f);
    if (obj) out.push({ ...obj, afstand_m: Math.round(d * 100) / 100 });
  }
  return out.sort((a, b) => a.afstand_m - b.afstand_m);
}

export { afstand as afstandSchema };

/**
 * A parcel and a building as the answers around a point give them: each with afstand_m, its distance to the
 * asked point (0 when the point lies in it). Named once, so the OpenAPI document refers to one schema of each.
 */
export const perceelMetAfstandSchema = kadastraalPerceelSchema.extend({ afstand_m: afstand }).meta({ id: 'KadastraalPerceelMetAfstand' });
export const bebouwingMetAfstandSchema = bebouwingSchema.extend({ afstand_m: afstand }).meta({ id: 'BebouwingMetAfstand' });
