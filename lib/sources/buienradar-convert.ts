// Buienradar JSON feed (data.buienradar.nl/2.0/feed/json): the current measurements of about fifty weather
// stations (actual.stationmeasurements). Pure conversion: one station → the fields this service returns, the
// nearest station with a temperature to a point, and the feed's local timestamps (Europe/Amsterdam wall time
// without offset) as ISO 8601 with the offset in force at that moment.
import { distance } from 'geokdbush';
import { z } from 'zod';
import type { Wgs84 } from '@/lib/geo/rd';

export interface BuienradarMeting {
  stationid?: number;
  stationname?: string;
  lat?: number;
  lon?: number;
  regio?: string;
  timestamp?: string;
  weatherdescription?: string | null;
  winddirection?: string | null;
  winddirectiondegrees?: number | null;
  windspeed?: number | null;
  windspeedBft?: number | null;
  windgusts?: number | null;
  temperature?: number | null;
  feeltemperature?: number | null;
  groundtemperature?: number | null;
  humidity?: number | null;
  airpressure?: number | null;
  visibility?: number | null;
  precipitation?: number | null;
  sunpower?: number | null;
  rainFallLastHour?: number | null;
  rainFallLast24Hour?: number | null;
}

export interface BuienradarFeed {
  buienradar?: { copyright?: string; terms?: string };
  actual?: { sunrise?: string; sunset?: string; stationmeasurements?: BuienradarMeting[] };
}

const opt = z.unknown().optional();
/**
 * The expected shape of the feed, for format drift detection (lib/sources/drift.ts): the fields the converter
 * reads, plus the ones it knowingly ignores (so they are not counted as unknown). Loose: nothing is rejected.
 */
export const buienradarFeedSchema = z.looseObject({
  buienradar: opt,
  forecast: opt,
  actual: z.looseObject({
    sunrise: opt,
    sunset: opt,
    actualradarurl: opt,
    stationmeasurements: z.array(
      z.looseObject({
        stationname: z.string(),
        lat: z.number(),
        lon: z.number(),
        ...Object.fromEntries(
          ['stationid', 'regio', 'timestamp', 'weatherdescription', 'winddirection', 'winddirectiondegrees', 'windspeed', 'windspeedBft', 'windgusts', 'temperature', 'feeltemperature', 'groundtemperature', 'humidity', 'airpressure', 'visibility', 'precipitation', 'sunpower', 'rainFallLastHour', 'rainFallLast24Hour', 'graphurl', 'iconurl'].map((k) => [k, opt]),
        ),
      }),
    ),
  }),
});

export interface Weerstation {
  station_id: number | null;
  naam: string;
  regio: string | null;
  lon: number;
  lat: number;
  tijdstip: string | null;
  omschrijving: string | null;
  temperatuur_c: number | null;
  gevoelstemperatuur_c: number | null;
  grondtemperatuur_c: number | null;
  luchtvochtigheid_pct: number | null;
  luchtdruk_hpa: number | null;
  zicht_m: number | null;
  wind: {
    richting: string | null;
    richting_graden: number | null;
    snelheid_ms: number | null;
    beaufort: number | null;
    windstoten_ms: number | null;
  };
  neerslag_mm_per_uur: number | null;
  regen_laatste_uur_mm: number | null;
  regen_laatste_24_uur_mm: number | null;
  zonkracht_w_m2: number | null;
}

const getal = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const tekst = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

/** Offset of Europe/Amsterdam from UTC in minutes at an instant. */
function amsterdamOffset(ms: number): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: 'Europe/Amsterdam',
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(ms));
  const v = (t: string) => Number(parts.find((p) => p.type === t)!.value);
  const wall = Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute'), v('second'));
  return Math.round((wall - Math.floor(ms / 1000) * 1000) / 60000);
}

/** A local Amsterdam wall time (YYYY-MM-DDTHH:MM[:SS], no offset) as ISO 8601 with the offset in force; null when unreadable. */
export function amsterdamIso(local: string | null | undefined): string | null {
  const m = local?.match(/^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/);
  if (!m) return null;
  const [y, mo, d, h, mi, s] = m.slice(1).map((x) => Number(x ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  let offset = amsterdamOffset(wall - 60 * 60000);
  const second = amsterdamOffset(wall - offset * 60000);
  if (second !== offset) offset = second;
  const sign = offset >= 0 ? '+' : '-';
  const abs = Math.abs(offset);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${pad(s)}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** One station measurement; null without a name or coordinates. */
export function weerstationUitMeting(s: BuienradarMeting): Weerstation | null {
  const lat = getal(s.lat);
  const lon = getal(s.lon);
  const naam = tekst(s.stationname);
  if (lat === null || lon === null || !naam) return null;
  return {
    station_id: getal(s.stationid),
    naam,
    regio: tekst(s.regio),
    lon,
    lat,
    tijdstip: amsterdamIso(s.timestamp),
    omschrijving: tekst(s.weatherdescription),
    temperatuur_c: getal(s.temperature),
    gevoelstemperatuur_c: getal(s.feeltemperature),
    grondtemperatuur_c: getal(s.groundtemperature),
    luchtvochtigheid_pct: getal(s.humidity),
    luchtdruk_hpa: getal(s.airpressure),
    zicht_m: getal(s.visibility),
    wind: {
      richting: tekst(s.winddirection),
      richting_graden: getal(s.winddirectiondegrees),
      snelheid_ms: getal(s.windspeed),
      beaufort: getal(s.windspeedBft),
      windstoten_ms: getal(s.windgusts),
    },
    neerslag_mm_per_uur: getal(s.precipitation),
    regen_laatste_uur_mm: getal(s.rainFallLastHour),
    regen_laatste_24_uur_mm: getal(s.rainFallLast24Hour),
    zonkracht_w_m2: getal(s.sunpower),
  };
}

/** Every usable station of a feed; throws when the feed has no station list (not a Buienradar feed). */
export function weerstationsUitFeed(feed: BuienradarFeed): Weerstation[] {
  const list = feed?.actual?.stationmeasurements;
  if (!Array.isArray(list)) throw new Error('no stationmeasurements');
  return list.map(weerstationUitMeting).filter((s): s is Weerstation => s !== null);
}

/** The nearest station that measures temperature (else the nearest at all), with its distance in metres; null without stations. */
export function dichtstbijzijndStation(stations: Weerstation[], p: Wgs84): { station: Weerstation; afstand_m: number } | null {
  const met = stations.filter((s) => s.temperatuur_c !== null);
  const kandidaten = met.length > 0 ? met : stations;
  let best: { station: Weerstation; afstand_m: number } | null = null;
  for (const s of kandidaten) {
    const d = distance(p.lon, p.lat, s.lon, s.lat) * 1000;
    if (!best || d < best.afstand_m) best = { station: s, afstand_m: d };
  }
  return best && { station: best.station, afstand_m: Math.round(best.afstand_m) };
}
