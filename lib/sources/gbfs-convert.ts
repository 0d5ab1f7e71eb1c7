// GBFS (General Bikeshare Feed Specification) v2.x and v3.0, pure: the feed URLs of a system's discovery file
// (gbfs.json), and its stations from station_information + station_status. Differences handled: v2 nests the
// feeds per language (data.<lang>.feeds) and gives last_updated / last_reported as POSIX seconds, bikes as
// num_bikes_available and names as strings; v3.0 lists data.feeds directly, uses RFC 3339 times,
// num_vehicles_available and localised names ([{language, text}]).
// Tolerant reading (issue 21): keys in any case, numbers and booleans as strings, missing optional fields become
// null; a station is left out only explicitly (no station_id or no usable position), and then counted as a
// conversion failure by the adapter (lib/sources/gbfs.ts).
import { z } from 'zod';
import { lowerKeys, num, str } from './values';

export interface GbfsBestand<D = unknown> {
  last_updated?: number | string;
  ttl?: number;
  version?: string;
  data?: D;
}

type Feeds = { feeds?: { name?: string; url?: string }[] };
export type GbfsDiscovery = GbfsBestand<Feeds & Record<string, Feeds | unknown>>;

export interface GbfsStationInfo {
  station_id?: string;
  name?: string | { language?: string; text?: string }[];
  lat?: number;
  lon?: number;
  address?: string;
  capacity?: number;
}

export interface GbfsStationStatus {
  station_id?: string;
  num_bikes_available?: number;
  num_vehicles_available?: number;
  num_docks_available?: number;
  is_installed?: boolean;
  is_renting?: boolean;
  is_returning?: boolean;
  last_reported?: number | string;
}

export interface Deelfietsstation {
  station_id: string;
  naam: string | null;
  adresregel: string | null;
  lon: number;
  lat: number;
  capaciteit: number | null;
  fietsen_beschikbaar: number | null;
  plekken_beschikbaar: number | null;
  in_bedrijf: boolean | null;
  verhuurt: boolean | null;
  neemt_terug: boolean | null;
  laatst_gemeld: string | null;
}

/** A GBFS time (POSIX seconds in v2, also written as a string; RFC 3339 in v3) as ISO 8601 UTC; null when unreadable. */
export function gbfsTijd(v: unknown): string | null {
  const posix = typeof v === 'string' && /^\s*\d+(\.\d+)?\s*$/.test(v) ? num(v) : typeof v === 'number' ? v : null;
  if (posix !== null) return Number.isFinite(posix) && posix > 0 ? new Date(posix * 1000).toISOString() : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : null;
  }
  return null;
}

/** The object's fields with keys in lower case (a missing or non-object value reads as no fields). */
const velden = (v: unknown): Record<string, unknown> => lowerKeys(v) ?? {};
const lijst = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** The feed URLs of a discovery file by name (v3: data.feeds; v2: the feeds of language nl, else en, else the first). */
export function feedUrls(d: GbfsDiscovery): Record<string, string> {
  const data = lowerKeys(velden(d).data);
  if (!data) throw new Error('no data in gbfs.json');
  let feeds = Array.isArray(data.feeds) ? data.feeds : undefined;
  if (!feeds) {
    const talen = Object.keys(data).filter((k) => Array.isArray(velden(data[k]).feeds));
    const taal = ['nl', 'en'].find((t) => talen.includes(t)) ?? talen[0];
    feeds = taal ? (velden(data[taal]).feeds as unknown[]) : undefined;
  }
  if (!feeds) throw new Error('no feeds in gbfs.json');
  const out: Record<string, string> = {};
  for (const feed of feeds) {
    const f = velden(feed);
    const name = str(f.name);
    const url = str(f.url);
    if (name && url && /^https?:\/\//.test(url)) out[name] = url;
  }
  return out;
}

function naam(n: unknown): string | null {
  if (Array.isArray(n)) {
    const namen = n.map(velden);
    const pick = namen.find((x) => str(x.language) === 'nl') ?? namen.find((x) => str(x.language) === 'en') ?? namen[0];
    return str(pick?.text);
  }
  return typeof n === 'string' ? str(n) : null;
}

const getal = num;
/** A boolean, also written as the text true/false (or 1/0, as some v2 feeds do). */
const bool = (v: unknown): boolean | null => {
  if (typeof v === 'boolean') return v;
  const t = str(v)?.toLowerCase();
  return t === 'true' || t === '1' ? true : t === 'false' || t === '0' ? false : null;
};

/** Field paths (in station_information) named when a station is left out. */
export const GBFS_STATION_ID = 'data.stations[].station_id';
export const GBFS_STATION_LAT = 'data.stations[].lat';
export const GBFS_STATION_LON = 'data.stations[].lon';

/**
 * The stations of a system: station_information joined with station_status by station_id (a station without
 * status keeps nulls). A station is left out on purpose without a station_id (nothing to join or refer to) or
 * without a usable position (the service finds stations by position only); `onLeftOut` is told the field
 * that was missing or unreadable (GBFS_STATION_ID, _LAT or _LON), so the caller counts it as drift.
 */
export function stationsUitGbfs(
  info: GbfsBestand<{ stations?: GbfsStationInfo[] }>,
  status: GbfsBestand<{ stations?: GbfsStationStatus[] }>,
  onLeftOut?: (field: string) => void,
): Deelfietsstation[] {
  const infos = velden(velden(info).data).stations;
  const statussen = velden(velden(status).data).stations;
  if (!Array.isArray(infos) || !Array.isArray(statussen)) throw new Error('no stations');
  const perId = new Map<string, Record<string, unknown>>();
  for (const s of statussen.map(velden)) {
    const id = str(s.station_id);
    if (id !== null) perId.set(id, s);
  }
  const out: Deelfietsstation[] = [];
  for (const i of infos.map(velden)) {
    const id = str(i.station_id);
    const lat = getal(i.lat);
    const lon = getal(i.lon);
    const latOk = lat !== null && Math.abs(lat) <= 90;
    const lonOk = lon !== null && Math.abs(lon) <= 180;
    if (!id || !latOk || !lonOk) {
      onLeftOut?.(!id ? GBFS_STATION_ID : !latOk ? GBFS_STATION_LAT : GBFS_STATION_LON);
      continue;
    }
    const s = perId.get(id) ?? {};
    out.push({
      station_id: id,
      naam: naam(i.name),
      adresregel: str(i.address),
      lon,
      lat,
      capaciteit: getal(i.capacity),
      fietsen_beschikbaar: getal(s.num_vehicles_available) ?? getal(s.num_bikes_available),
      plekken_beschikbaar: getal(s.num_docks_available),
      in_bedrijf: bool(s.is_installed),
      verhuurt: bool(s.is_renting),
      neemt_terug: bool(s.is_returning),
      laatst_gemeld: gbfsTijd(s.last_reported),
    });
  }
  return out;
}

/** The shape of a converted station (checked by the tolerance tests; unknown is null). */
export const deelfietsstationSchema = z.object({
  station_id: z.string().min(1),
  naam: z.string().min(1).nullable(),
  adresregel: z.string().min(1).nullable(),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  capaciteit: z.number().nullable(),
  fietsen_beschikbaar: z.number().nullable(),
  plekken_beschikbaar: z.number().nullable(),
  in_bedrijf: z.boolean().nullable(),
  verhuurt: z.boolean().nullable(),
  neemt_terug: z.boolean().nullable(),
  laatst_gemeld: z.iso.datetime({ offset: true }).nullable(),
}) satisfies z.ZodType<Deelfietsstation>;

/** The cache lifetime of a system's data in ms: the smallest ttl of its feeds, clamped to 30 seconds … 10 minutes. */
export function gbfsTtlMs(...ttls: (number | undefined)[]): number {
  const geldig = ttls.filter((t): t is number => typeof t === 'number' && Number.isFinite(t) && t >= 0);
  const s = geldig.length > 0 ? Math.min(...geldig) : 60;
  return Math.min(600, Math.max(30, s)) * 1000;
}
