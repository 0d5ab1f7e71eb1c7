// The declared shape of a GeoJSON geometry in answers (one named schema, GeoJsonGeometrie) and of the pair the
// API returns wherever it gives a geometry: the same geometry in WGS84 (RFC 7946) and in RD (EPSG:28992).
import { z } from 'zod';

export const geojsonGeometrieSchema = z
  .object({
    type: z.enum(['Point', 'MultiPoint', 'LineString', 'MultiLineString', 'Polygon', 'MultiPolygon', 'GeometryCollection']),
    coordinates: z.array(z.unknown()).optional(),
    geometries: z.array(z.unknown()).optional(),
  })
  .describe('GeoJSON-geometrie')
  .meta({ id: 'GeoJsonGeometrie' });

/** A geometry in WGS84 and RD, each a GeoJSON geometry; the descriptions say what the geometry is. */
export function geometriePaarSchema(wgs84 = 'GeoJSON in WGS84 (RFC 7946: lengtegraad, breedtegraad)', rd = 'Dezelfde geometrie in RD (EPSG:28992, meters)') {
  return z.object({ wgs84: geojsonGeometrieSchema.describe(wgs84), rd: geojsonGeometrieSchema.describe(rd) });
}
