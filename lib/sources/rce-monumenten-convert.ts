// Conversion of rijksmonumenten from the PDOK OGC API "Beschermde Gebieden - Cultuurhistorie" (RCE,
// INSPIRE Protected Sites harmonised): collections `rce_inspire_points` (one point per monument) and
// `rce_inspire_polygons` (contours). No answer of this API was recorded; the property names below are
// ASSUMED from third-party client code and the INSPIRE model, and read tolerantly:
//   localid                      monument number (when purely digits), else the number in ci_citation
//   ci_citation                  link to the monument register (…/monumenten/{nr})
//   sitename / text              name and short description
//   legalfoundationdate          date of designation (inschrijving)
//   siteprotectionclassification INSPIRE class: cultural, archaeological, … (our `categorie`)
//   status / designation         when a status is given we pass it on; otherwise 'ingeschreven', because
//                                the RCE dataset holds only registered (ingeschreven) rijksmonumenten.
// Features without a monument number (for example protected townscapes in the polygon collection) are
// skipped, explicitly: they are not rijksmonumenten (and a feature without localid and ci_citation cannot be
// told apart from one). Geometries are requested in RD (crs EPSG:28992) and returned in WGS84 and RD. Pure functions.
import { z } from 'zod';
import { geometriePaarSchema } from '@/lib/geo/geojson-schema';
import type { OgcFeature } from './bag-ogc-convert';
import { geometryContains } from './brk-kadastrale-kaart-convert';
import { type Rd, afstandRd, puntUitRd } from '@/lib/geo/rd';
import { type Geometrie, geometrieUitRd } from '@/lib/geo/geojson';
import { leesGeometrie } from '@/lib/geo/meetkunde';
import { lowerKeys, str } from './values';

export const REGISTER_URL = 'https://monumentenregister.cultureelerfgoed.nl/monumenten';

const puntSchema = z.object({
  wgs84: z.object({ lon: z.number(), lat: z.number() }),
  rd: z.object({ x: z.number(), y: z.number() }),
});

export const monumentSchema = z.object({
  rijksmonumentnummer: z.string().describe('Rijksmonumentnummer in het monumentenregister'),
  naam: z.string().nullable().describe('Naam of korte aanduiding van het monument'),
  omschrijving: z.string().nullable().describe('Korte omschrijving zoals de RCE-dataset die geeft'),
  categorie: z
    .string()
    .nullable()
    .describe('Soort bescherming volgens de INSPIRE-indeling van de dataset: cultuurhistorisch of archeologisch; null als onbekend'),
  status: z.string().describe('Status in het register; de dataset bevat alleen ingeschreven rijksmonumenten'),
  aanwijzingsdatum: z.iso.date().nullable().describe('Datum van aanwijzing (inschrijving), ISO 8601'),
  register_url: z.string().describe('Pagina van het monument in het monumentenregister van de RCE'),
  coordinaten: puntSchema.nullable().describe('Punt van het monument (bij een contour: een punt in de contour) in WGS84 en RD'),
  geometrie: geometriePaarSchema()
    .nullable()
    .describe('GeoJSON-geometrie (punt of contour) in WGS84 (RFC 7946) en in RD (EPSG:28992)'),
}).meta({ id: 'Rijksmonument' });
export type Monument = z.infer<typeof monumentSchema>;

const KLASSE: Record<string, string> = {
  cultural: 'cultuurhistorisch',
  archaeological: 'archeologisch',
  architectural: 'cultuurhistorisch',
};

/** The monument number of a feature; null when it has none (not a rijksmonument). */
export function monumentNummer(p: Record<string, unknown>): string | null {
  // Only a purely numeric local id is a monument number (townscapes and other sites carry other ids).
  const local = str(p.localid) ?? str(p.rijksmonumentnummer) ?? str(p.monumentnummer);
  if (local && /^\d{1,7}$/.test(local)) return String(Number(local));
  const cite = str(p.ci_citation);
  const fromCite = cite?.match(/\/monumenten\/(\d{1,7})\/?$/)?.[1];
  return fromCite ? String(Number(fromCite)) : null;
}

/** A feature (geometry in RD) as a monument; null without a monument number. */
export function toMonument(feature: OgcFeature): Monument | null {
  // Property names in any case (an upstream may write LocalId or SITENAME).
  const p = lowerKeys(feature.properties) ?? {};
  const nummer = monumentNummer(p);
  if (!nummer) return null;
  const klasse = str(p.siteprotectionclassification)?.toLowerCase() ?? null;
  // Only the GeoJSON members (type, coordinates) are taken: members an upstream adds are not passed on.
  const geometrie = leesGeometrie(feature.geometry);
  const punt = geometrie ? representatiefPunt(geometrie) : null;
  const tekst = str(p.text);
  return {
    rijksmonumentnummer: nummer,
    naam: str(p.sitename) ?? tekst,
    omschrijving: tekst,
    categorie: klasse ? (KLASSE[klasse] ?? klasse) : (str(p.categorie) ?? null),
    status: str(p.status) ?? 'ingeschreven',
    aanwijzingsdatum: isoDatum(p.legalfoundationdate),
    register_url: `${REGISTER_URL}/${nummer}`,
    coordinaten: punt ? puntUitRd(punt) : null,
    geometrie: geometrie ? geometrieUitRd(geometrie) : null,
  };
}

export type MonumentRond = Monument & { afstand_m: number };

/** Monuments whose point lies within the radius of an RD point, nearest first (ties by number). */
export function monumentenBinnen(features: OgcFeature[], rd: Rd, radiusM: number): MonumentRond[] {
  const uit: MonumentRond[] = [];
  const gezien = new Set<string>();
  for (const f of features) {
    const m = toMonument(f);
    if (!m?.coordinaten || gezien.has(m.rijksmonumentnummer)) continue;
    const afstand = afstandRd(rd, m.coordinaten.rd);
    if (afstand > radiusM) continue;
    gezien.add(m.rijksmonumentnummer);
    uit.push({ ...m, afstand_m: Math.round(afstand * 10) / 10 });
  }
  return uit.sort((a, b) => a.afstand_m - b.afstand_m || Number(a.rijksmonumentnummer) - Number(b.rijksmonumentnummer));
}

export type MonumentOpAdres = Monument & { ligging: ('binnen_contour' | 'punt_op_adres')[] };

/**
 * The monuments AT an address point: a contour (polygon collection) that contains the point, or a
 * monument point within `maxAfstandM` metres (the RCE places most monument points on the BAG address of
 * the main address, so a monument at this address has its point on the address point).
 */
export function monumentenOpPunt(polygonen: OgcFeature[], punten: OgcFeature[], rd: Rd, maxAfstandM: number): MonumentOpAdres[] {
  const per = new Map<string, MonumentOpAdres>();
  for (const f of polygonen) {
    if (!geometryContains(f.geometry, [rd.x, rd.y])) continue;
    const m = toMonument(f);
    if (m && !per.has(m.rijksmonumentnummer)) per.set(m.rijksmonumentnummer, { ...m, ligging: ['binnen_contour'] });
  }
  for (const m of monumentenBinnen(punten, rd, maxAfstandM)) {
    const bestaand = per.get(m.rijksmonumentnummer);
    if (bestaand) bestaand.ligging.push('punt_op_adres');
    else {
      const { afstand_m: _afstand, ...rest } = m;
      void _afstand;
      per.set(m.rijksmonumentnummer, { ...rest, ligging: ['punt_op_adres'] });
    }
  }
  return [...per.values()].sort((a, b) => Number(a.rijksmonumentnummer) - Number(b.rijksmonumentnummer));
}

/** A point of the geometry: the point itself, else the centre of the bounding box of the first ring/part. */
function representatiefPunt(g: Geometrie): Rd | null {
  if (g.type === 'Point') return pos(g.coordinates);
  const posities: number[][] =
    g.type === 'MultiPoint' || g.type === 'LineString'
      ? g.coordinates
      : g.type === 'MultiLineString' || g.type === 'Polygon'
        ? (g.coordinates[0] ?? [])
        : g.type === 'MultiPolygon'
          ? (g.coordinates[0]?.[0] ?? [])
          : [];
  const geldig = posities.map(pos).filter((p): p is Rd => p !== null);
  if (geldig.length === 0) return null;
  const xs = geldig.map((p) => p.x);
  const ys = geldig.map((p) => p.y);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

function pos(p: unknown): Rd | null {
  return Array.isArray(p) && Number.isFinite(p[0]) && Number.isFinite(p[1]) ? { x: p[0] as number, y: p[1] as number } : null;
}

/** A date as ISO yyyy-mm-dd (the dataset may give a date-time); null when unreadable. */
function isoDatum(value: unknown): string | null {
  const s = str(value);
  if (!s) return null;
  const m = /^(\d{4}-\d{2}-\d{2})/.exec(s);
  return m ? m[1] : null;
}
