// Buienradar (RTL) JSON feed: current measurements of about fifty weather stations, refreshed every ten minutes
// upstream; cached 5 minutes here. Terms (embedded in the feed): free use with attribution "buienradar.nl" and a
// hyperlink to https://www.buienradar.nl.
import { source } from './source';
import { fetchSource } from './fetch';
import type { Sourced } from './gather';
import { unreadableAnswer } from './source-error';
import { buienradarFeedSchema, dichtstbijzijndStation, weerstationsUitFeed, type BuienradarFeed, type Weerstation } from './buienradar-convert';
import { checkShape, recordConversionFailure } from './drift';
import { puntUitWgs84, type Punt, type Wgs84 } from '@/lib/geo/rd';

export const buienradar = source({
  id: 'buienradar',
  titel: 'Buienradar, actuele weermetingen (JSON-feed)',
  envVar: 'BRON_BUIENRADAR_URL',
  defaultBaseUrl: 'https://data.buienradar.nl',
  licentie: 'Vrij te gebruiken onder voorwaarde van bronvermelding buienradar.nl met een hyperlink naar https://www.buienradar.nl',
  attributie: 'Bron: buienradar.nl (https://www.buienradar.nl)',
  documentatie: 'https://www.buienradar.nl/overbuienradar/gratis-weerdata',
  ttlMs: 5 * 60 * 1000,
  // Rain forecast: an expired forecast is marked verouderd, but not served for more than half an hour.
  maxStaleMs: 30 * 60 * 1000,
});

export const BUIENRADAR_PAD = '/2.0/feed/json';

export interface WeerBijPunt extends Omit<Weerstation, 'lon' | 'lat'> {
  afstand_m: number;
  locatie: Punt;
  bronvermelding: string;
}

/**
 * The stations of the live feed as the service reads them: the shape is checked for drift only (unknown and
 * missing fields), values present but unreadable are counted as conversion failures (once per answer), and
 * the conversion stays lenient. Throws unreadableAnswer for a feed without a station list.
 */
async function feedStations(options: { signal?: AbortSignal; fresh?: boolean }): Promise<{ stations: Weerstation[]; bron: Sourced<unknown>['bronnen'][number] }> {
  const r = await fetchSource<BuienradarFeed>(buienradar, BUIENRADAR_PAD, options);
  checkShape(buienradar, buienradarFeedSchema, r.body);
  const body = r.body as unknown;
  try {
    const stations = weerstationsUitFeed(body, (field) =>
      body !== null && typeof body === 'object' ? recordConversionFailure(buienradar, field, body) : recordConversionFailure(buienradar, field),
    );
    return { stations, bron: r.bron };
  } catch {
    throw unreadableAnswer(r.bron);
  }
}

/** The probe's and the health check's request (lib/sources/probe.ts): the feed read as weerBijPunt reads it, past the cache. */
export async function buienradarProbe(signal?: AbortSignal): Promise<Sourced<Weerstation[] | null>> {
  const { stations, bron } = await feedStations({ signal, fresh: true });
  return { data: stations.length ? stations : null, bronnen: [bron] };
}

/** Current weather at the Buienradar station nearest to a point (the nearest one that measures temperature). */
export async function weerBijPunt(p: Wgs84, signal?: AbortSignal): Promise<Sourced<WeerBijPunt>> {
  const r = await feedStations({ signal });
  const hit = dichtstbijzijndStation(r.stations, p);
  if (!hit) throw unreadableAnswer(r.bron);
  const { lon, lat, ...rest } = hit.station;
  return {
    data: { ...rest, afstand_m: hit.afstand_m, locatie: puntUitWgs84({ lon, lat }), bronvermelding: 'buienradar.nl (https://www.buienradar.nl)' },
    bronnen: [r.bron],
  };
}
