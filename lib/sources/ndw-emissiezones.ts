// NDW open data: the national emission zones (milieuzones), DATEX II v3 emissiezones.xml.gz from
// opendata.ndw.nu (CC0). The file is small and changes rarely: cached one hour, parsed once per cached
// body. Point queries: the zones a point lies in, and otherwise the nearest zones with their distance.
import { gunzipSync } from 'node:zlib';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import pointToLineDistance from '@turf/point-to-line-distance';
import polygonToLine from '@turf/polygon-to-line';
import { point, polygon } from '@turf/helpers';
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { XmlDrift, recordConversionFailure } from './drift';
import { parseMilieuzones, type Milieuzone } from './ndw-emissiezones-convert';
import type { Wgs84 } from '@/lib/geo/rd';

const HOUR = 60 * 60 * 1000;

export const ndwEmissiezones = source({
  id: 'ndw-emissiezones',
  titel: 'NDW emissiezones (DATEX II v3)',
  envVar: 'BRON_NDW_EMISSIEZONES_URL',
  defaultBaseUrl: 'https://opendata.ndw.nu',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Nationaal Dataportaal Wegverkeer (NDW)',
  documentatie: 'https://docs.ndw.nu/',
  ttlMs: HOUR,
  timeoutMs: 10_000,
});

export const EMISSIEZONES_BESTAND = '/emissiezones.xml.gz';

const parsed = new WeakMap<object, { publicatietijd: string | null; zones: Milieuzone[] }>();

/** Every zone of the national publication. */
export async function milieuzones(signal?: AbortSignal): Promise<Sourced<{ publicatietijd: string | null; zones: Milieuzone[] }>> {
  const res = await fetchSource<Uint8Array>(ndwEmissiezones, EMISSIEZONES_BESTAND, { accept: 'bytes', signal });
  let data = parsed.get(res.body);
  if (!data) {
    try {
      const bytes = res.body[0] === 0x1f && res.body[1] === 0x8b ? gunzipSync(res.body, { maxOutputLength: 64 * 1024 * 1024 }) : res.body;
      const xml = new TextDecoder().decode(bytes);
      data = parseMilieuzones(xml);
      new XmlDrift(ndwEmissiezones).document(xml); // format drift against the recorded publication (lib/sources/drift.ts)
    } catch {
      recordConversionFailure(ndwEmissiezones, '(antwoord)');
      throw unreadableAnswer(res.bron);
    }
    parsed.set(res.body, data);
  }
  return { data, bronnen: [res.bron] };
}

export interface ZoneBijPunt {
  zone: Omit<Milieuzone, 'geometrie'>;
  binnen: boolean;
  /** 0 inside the zone; otherwise the shortest distance to its border, in metres. */
  afstand_m: number;
}

interface Voorbereid {
  zone: Omit<Milieuzone, 'geometrie'>;
  polygonen: ReturnType<typeof polygon>[];
  randen: Parameters<typeof pointToLineDistance>[1][];
  /** [minLon, minLat, maxLon, maxLat] */
  bbox: [number, number, number, number];
}

// The turf features and bounding box of every zone, built once per parsed publication.
const voorbereidCache = new WeakMap<readonly Milieuzone[], Voorbereid[]>();
function voorbereid(zones: readonly Milieuzone[]): Voorbereid[] {
  let v = voorbereidCache.get(zones);
  if (!v) {
    v = zones.map((z) => {
      const rings = (z.geometrie.wgs84 as { coordinates: number[][][][] }).coordinates;
      const polygonen = rings.map((r) => polygon(r));
      const randen = polygonen.flatMap((poly) => {
        const lines = polygonToLine(poly);
        return (lines.type === 'FeatureCollection' ? lines.features : [lines]) as Parameters<typeof pointToLineDistance>[1][];
      });
      const all = rings.flat(2);
      const bbox: Voorbereid['bbox'] = [Infinity, Infinity, -Infinity, -Infinity];
      for (const [lon, lat] of all) {
        bbox[0] = Math.min(bbox[0], lon);
        bbox[1] = Math.min(bbox[1], lat);
        bbox[2] = Math.max(bbox[2], lon);
        bbox[3] = Math.max(bbox[3], lat);
      }
      const { geometrie: _g, ...zone } = z;
      void _g;
      return { zone, polygonen, randen, bbox };
    });
    voorbereidCache.set(zones, v);
  }
  return v;
}

/** A lower bound of the distance in metres from a point to a box (0 inside it); 10 % margin on the flat-earth estimate. */
function ondergrens(p: Wgs84, b: Voorbereid['bbox']): number {
  const dLon = p.lon < b[0] ? b[0] - p.lon : p.lon > b[2] ? p.lon - b[2] : 0;
  const dLat = p.lat < b[1] ? b[1] - p.lat : p.lat > b[3] ? p.lat - b[3] : 0;
  return 0.9 * Math.hypot(dLat * 111_320, dLon * 111_320 * Math.cos((p.lat * Math.PI) / 180));
}

/**
 * The zones containing the point, else (and after them) the nearest zones, at most `n` in all. Zones are
 * visited in order of the lower bound of their distance (their bounding box); the exact distance (turf) is
 * computed only while a zone can still be among the n nearest.
 */
export function zonesBijPunt(zones: readonly Milieuzone[], p: Wgs84, n: number): ZoneBijPunt[] {
  const pt = point([p.lon, p.lat]);
  const kandidaten = voorbereid(zones)
    .map((v) => ({ v, grens: ondergrens(p, v.bbox) }))
    .sort((a, b) => a.grens - b.grens);
  const gevonden: ZoneBijPunt[] = [];
  for (const { v, grens } of kandidaten) {
    if (gevonden.length >= n) {
      const nth = [...gevonden].sort((a, b) => a.afstand_m - b.afstand_m)[n - 1].afstand_m;
      if (grens > nth) break;
    }
    const binnen = grens === 0 && v.polygonen.some((poly) => booleanPointInPolygon(pt, poly));
    const afstand = binnen ? 0 : Math.min(...v.randen.map((r) => pointToLineDistance(pt, r, { units: 'meters' })));
    gevonden.push({ zone: v.zone, binnen, afstand_m: Math.round(afstand) });
  }
  return gevonden.sort((a, b) => a.afstand_m - b.afstand_m || a.zone.id.localeCompare(b.zone.id)).slice(0, n);
}

/** The emission zones at or nearest to a point (from the cached national file). */
export async function milieuzonesBijPunt(p: Wgs84, n: number, signal?: AbortSignal): Promise<Sourced<{ publicatietijd: string | null; zones: ZoneBijPunt[] }>> {
  const all = await milieuzones(signal);
  return { data: { publicatietijd: all.data.publicatietijd, zones: zonesBijPunt(all.data.zones, p, n) }, bronnen: all.bronnen };
}
