// Buienradar JSON feed (data.buienradar.nl/2.0/feed/json): the current measurements of about fifty weather
// stations (actual.stationmeasurements). Pure conversion: one station → the fields this service returns, the
// nearest station with a temperature to a point, and the feed's local timestamps (Europe/Amsterdam wall time
// without offset) as ISO 8601 with the offset in force at that moment.
// Tolerant of what the real upstream does (issue 21): keys in another case, numbers as strings, optional
// fields missing (null). Derived when absent: the wind direction (16 Dutch compass points) from
// winddirectiondegrees and the Beaufort force from windspeed (the feed computes both from unrounded values, so
// a derived one can be one step off right at a boundary). A station is never dropped: one without name keeps naam null, one
// without coordinates keeps lon/lat null (it cannot be the nearest station to a point, so
// dichtstbijzijndStation passes it by).
import { distance } from 'geokdbush';
import { z } from 'zod';
import type { Wgs84 } from '@/lib/geo/rd';
import { lowerKeys, num, str } from './values';

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
 * stationname, lat and lon are expected (a station without one is counted as drift 'ontbrekend'), but the
 * service does not depend on them: weerBijPunt only checks the shape (drift) and converts tolerantly (a station
 * without name keeps naam null, one without position is passed by), and the probe reads the feed the same
 * way, so a missing one is drift there too, never "mislukt". Values that are present but unreadable
 * (temperature "warm") are counted as conversion failures by the converter (weerstationsUitFeed).
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

export const weerstationSchema = z.object({
  stationsnummer: z.number().nullable().describe('Stationsnummer van Buienradar (stationid), bijvoorbeeld 6344'),
  naam: z.string().nullable().describe('Naam van het station, bijvoorbeeld Meetstation Rotterdam; null als de feed er geen geeft'),
  regionaam: z.string().nullable().describe('Regio van het station volgens Buienradar, bijvoorbeeld Rotterdam'),
  lon: z.number().nullable(),
  lat: z.number().nullable(),
  tijdstip: z.iso.datetime({ offset: true }).nullable().describe('Meettijdstip, ISO 8601 met de Nederlandse tijdzone (de feed geeft lokale tijd zonder zone)'),
  omschrijving: z.string().nullable().describe('Weersomschrijving, bijvoorbeeld Zwaar bewolkt'),
  temperatuur_c: z.number().nullable(),
  gevoelstemperatuur_c: z.number().nullable(),
  grondtemperatuur_c: z.number().nullable(),
  luchtvochtigheid_pct: z.number().nullable(),
  luchtdruk_hpa: z.number().nullable(),
  zicht_m: z.number().nullable(),
  wind: z.object({
    richting: z.string().nullable().describe('Windrichting in 16 streken (N, NNO, NO, …); afgeleid uit de graden als de feed hem niet geeft'),
    richting_graden: z.number().nullable(),
    snelheid_ms: z.number().nullable(),
    beaufort: z.number().nullable().describe('Windkracht in Beaufort; afgeleid uit de snelheid als de feed hem niet geeft'),
    windstoten_ms: z.number().nullable(),
  }),
  neerslag_mm_per_uur: z.number().nullable(),
  regen_laatste_uur_mm: z.number().nullable(),
  regen_laatste_24_uur_mm: z.number().nullable(),
  zonkracht_w_m2: z.number().nullable(),
});
export type Weerstation = z.infer<typeof weerstationSchema>;
/** A station with a position: the only kind that can be the nearest to a point. */
export type WeerstationMetLigging = Weerstation & { lon: number; lat: number };

/** The 16 compass points as Buienradar writes them (Dutch: O = east, Z = south), from north clockwise. */
const STREKEN = ['N', 'NNO', 'NO', 'ONO', 'O', 'OZO', 'ZO', 'ZZO', 'Z', 'ZZW', 'ZW', 'WZW', 'W', 'WNW', 'NW', 'NNW'];

/** The compass point of a direction in degrees; null for null. */
export function windrichting(graden: number | null): string | null {
  if (graden === null) return null;
  return STREKEN[Math.round((((graden % 360) + 360) % 360) / 22.5) % 16];
}

/** Lower bounds (m/s) of Beaufort 1..12 (KNMI table). */
const BEAUFORT_VANAF = [0.3, 1.6, 3.4, 5.5, 8.0, 10.8, 13.9, 17.2, 20.8, 24.5, 28.5, 32.7];

/** The Beaufort force of a wind speed in m/s; null for null. */
export function beaufort(ms: number | null): number | null {
  if (ms === null || ms < 0) return null;
  return BEAUFORT_VANAF.filter((grens) => ms >= grens).length;
}

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

/** The number fields of a measurement (as the feed names them): a value present but not a number is a conversion failure. */
const NUMBER_FIELDS = [
  'stationid', 'lat', 'lon', 'winddirectiondegrees', 'windspeed', 'windspeedBft', 'windgusts', 'temperature', 'feeltemperature', 'groundtemperature',
  'humidity', 'airpressure', 'visibility', 'precipitation', 'sunpower', 'rainFallLastHour', 'rainFallLast24Hour',
] as const;

/** Field path of a measurement field in the feed (for drift counting). */
const MEASUREMENT_PATH = 'actual.stationmeasurements[]';

/**
 * One station measurement (keys in any case); unknown values null. `onUnreadable` is told the field path
 * of every value that is present (not null or "") but could not be read as a number.
 */
export function weerstationUitMeting(raw: BuienradarMeting | Record<string, unknown>, onUnreadable?: (field: string) => void): Weerstation {
  const s = lowerKeys(raw) ?? {};
  if (onUnreadable) {
    for (const field of NUMBER_FIELDS) {
      const v = s[field.toLowerCase()];
      if (v !== undefined && v !== null && v !== '' && num(v) === null) onUnreadable(`${MEASUREMENT_PATH}.${field}`);
    }
  }
  const lat = num(s.lat);
  const lon = num(s.lon);
  const graden = num(s.winddirectiondegrees);
  const snelheid = num(s.windspeed);
  return {
    stationsnummer: num(s.stationid),
    naam: str(s.stationname),
    regionaam: str(s.regio),
    lon,
    lat,
    tijdstip: amsterdamIso(str(s.timestamp)),
    omschrijving: str(s.weatherdescription),
    temperatuur_c: num(s.temperature),
    gevoelstemperatuur_c: num(s.feeltemperature),
    grondtemperatuur_c: num(s.groundtemperature),
    luchtvochtigheid_pct: num(s.humidity),
    luchtdruk_hpa: num(s.airpressure),
    zicht_m: num(s.visibility),
    wind: {
      // Derived only when the field is absent: the feed writes "" for a calm or unknown direction.
      richting: s.winddirection === undefined ? windrichting(graden) : str(s.winddirection),
      richting_graden: graden,
      snelheid_ms: snelheid,
      beaufort: s.windspeedbft === undefined ? beaufort(snelheid) : num(s.windspeedbft),
      windstoten_ms: num(s.windgusts),
    },
    neerslag_mm_per_uur: num(s.precipitation),
    regen_laatste_uur_mm: num(s.rainfalllasthour),
    regen_laatste_24_uur_mm: num(s.rainfalllast24hour),
    zonkracht_w_m2: num(s.sunpower),
  };
}

/**
 * Every station of a feed (keys in any case); throws when the feed has no station list (not a Buienradar feed).
 * `onUnreadable`: see weerstationUitMeting.
 */
export function weerstationsUitFeed(feed: BuienradarFeed | unknown, onUnreadable?: (field: string) => void): Weerstation[] {
  const list = lowerKeys(lowerKeys(feed)?.actual)?.stationmeasurements;
  if (!Array.isArray(list)) throw new Error('no stationmeasurements');
  return list.map((m) => weerstationUitMeting(m as Record<string, unknown>, onUnreadable));
}

/** The nearest placed station that measures temperature (else the nearest placed one), with its distance in metres; null without one. */
export function dichtstbijzijndStation(stations: Weerstation[], p: Wgs84): { station: WeerstationMetLigging; afstand_m: number } | null {
  const geplaatst = stations.filter((s): s is WeerstationMetLigging => s.lon !== null && s.lat !== null);
  const met = geplaatst.filter((s) => s.temperatuur_c !== null);
  const kandidaten = met.length > 0 ? met : geplaatst;
  let best: { station: WeerstationMetLigging; afstand_m: number } | null = null;
  for (const s of kandidaten) {
    const d = distance(p.lon, p.lat, s.lon, s.lat) * 1000;
    if (!best || d < best.afstand_m) best = { station: s, afstand_m: d };
  }
  return best && { station: best.station, afstand_m: Math.round(best.afstand_m) };
}
