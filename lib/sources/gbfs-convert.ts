// GBFS (General Bikeshare Feed Specification) v2.x and v3.0, pure: the feed URLs of a system's discovery file
// (gbfs.json), and its stations from station_information + station_status. Differences handled: v2 nests the
// feeds per language (data.<lang>.feeds) and gives last_updated / last_reported as POSIX seconds, bikes as
// num_bikes_available and names as strings; v3.0 lists data.feeds directly, uses RFC 3339 times,
// num_vehicles_available and localised names ([{language, text}]).

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
  adres: string | null;
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

/** A GBFS time (POSIX seconds in v2, RFC 3339 in v3) as ISO 8601 UTC; null when unreadable. */
export function gbfsTijd(v: unknown): string | null {
  if (typeof v === 'number' && Number.isFinite(v) && v > 0) return new Date(v * 1000).toISOString();
  if (typeof v === 'string' && v.trim() !== '') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : null;
  }
  return null;
}

/** The feed URLs of a discovery file by name (v3: data.feeds; v2: the feeds of language nl, else en, else the first). */
export function feedUrls(d: GbfsDiscovery): Record<string, string> {
  const data = d?.data;
  if (!data || typeof data !== 'object') throw new Error('no data in gbfs.json');
  let feeds = Array.isArray((data as Feeds).feeds) ? (data as Feeds).feeds : undefined;
  if (!feeds) {
    const talen = Object.keys(data).filter((k) => Array.isArray((data as Record<string, Feeds>)[k]?.feeds));
    const taal = ['nl', 'en'].find((t) => talen.includes(t)) ?? talen[0];
    feeds = taal ? (data as Record<string, Feeds>)[taal].feeds : undefined;
  }
  if (!feeds) throw new Error('no feeds in gbfs.json');
  const out: Record<string, string> = {};
  for (const f of feeds) if (f.name && f.url && /^https?:\/\//.test(f.url)) out[f.name] = f.url;
  return out;
}

function naam(n: GbfsStationInfo['name']): string | null {
  if (typeof n === 'string') return n.trim() || null;
  if (Array.isArray(n)) {
    const pick = n.find((x) => x.language === 'nl') ?? n.find((x) => x.language === 'en') ?? n[0];
    return pick?.text?.trim() || null;
  }
  return null;
}

const getal = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const bool = (v: unknown): boolean | null => (typeof v === 'boolean' ? v : null);

/** The stations of a system: station_information joined with station_status by station_id (a station without status keeps nulls). */
export function stationsUitGbfs(info: GbfsBestand<{ stations?: GbfsStationInfo[] }>, status: GbfsBestand<{ stations?: GbfsStationStatus[] }>): Deelfietsstation[] {
  const infos = info?.data?.stations;
  const statussen = status?.data?.stations;
  if (!Array.isArray(infos) || !Array.isArray(statussen)) throw new Error('no stations');
  const perId = new Map(statussen.filter((s) => s.station_id).map((s) => [String(s.station_id), s]));
  const out: Deelfietsstation[] = [];
  for (const i of infos) {
    const lat = getal(i.lat);
    const lon = getal(i.lon);
    if (!i.station_id || lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) continue;
    const s = perId.get(String(i.station_id));
    out.push({
      station_id: String(i.station_id),
      naam: naam(i.name),
      adres: typeof i.address === 'string' && i.address.trim() ? i.address.trim() : null,
      lon,
      lat,
      capaciteit: getal(i.capacity),
      fietsen_beschikbaar: getal(s?.num_vehicles_available) ?? getal(s?.num_bikes_available),
      plekken_beschikbaar: getal(s?.num_docks_available),
      in_bedrijf: bool(s?.is_installed),
      verhuurt: bool(s?.is_renting),
      neemt_terug: bool(s?.is_returning),
      laatst_gemeld: gbfsTijd(s?.last_reported),
    });
  }
  return out;
}

/** The cache lifetime of a system's data in ms: the smallest ttl of its feeds, clamped to 30 seconds … 10 minutes. */
export function gbfsTtlMs(...ttls: (number | undefined)[]): number {
  const geldig = ttls.filter((t): t is number => typeof t === 'number' && Number.isFinite(t) && t >= 0);
  const s = geldig.length > 0 ? Math.min(...geldig) : 60;
  return Math.min(600, Math.max(30, s)) * 1000;
}
