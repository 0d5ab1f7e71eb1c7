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
      data = parseMilieuzones(new TextDecoder().decode(bytes));
    } catch {
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

/** The zones containing the point, else (and after them) the nearest zones, at most `n` in all. */
export function zonesBijPunt(zones: readonly Milieuzone[], p: Wgs84, n: number): ZoneBijPunt[] {
  const pt = point([p.lon, p.lat]);
  const scored = zones.map((z) => {
    const polys = (z.geometrie.wgs84 as { coordinates: number[][][][] }).coordinates.map((rings) => polygon(rings));
    const binnen = polys.some((poly) => booleanPointInPolygon(pt, poly));
    const afstand = binnen
      ? 0
      : Math.min(
          ...polys.flatMap((poly) => {
            const lines = polygonToLine(poly);
            const features = lines.type === 'FeatureCollection' ? lines.features : [lines];
            return features.map((f) => pointToLineDistance(pt, f as Parameters<typeof pointToLineDistance>[1], { units: 'meters' }));
          }),
        );
    const { geometrie: _g, ...zone } = z;
    void _g;
    return { zone, binnen, afstand_m: Math.round(afstand) };
  });
  return scored.sort((a, b) => a.afstand_m - b.afstand_m || a.zone.id.localeCompare(b.zone.id)).slice(0, n);
}

/** The emission zones at or nearest to a point (from the cached national file). */
export async function milieuzonesBijPunt(p: Wgs84, n: number, signal?: AbortSignal): Promise<Sourced<{ publicatietijd: string | null; zones: ZoneBijPunt[] }>> {
  const all = await milieuzones(signal);
  return { data: { publicatietijd: all.data.publicatietijd, zones: zonesBijPunt(all.data.zones, p, n) }, bronnen: all.bronnen };
}
