// Shared bikes of every national GBFS system (one source, the systems list as configuration). Per system: its
// discovery file gbfs.json, then station_information and station_status (GBFS v2.x and v3.0). A system's
// stations are cached for the smallest ttl of its feeds (clamped to 30 s … 10 min); concurrent callers share one
// refresh. With BRON_GBFS_URL set (tests, demo) every system is read from <url>/<systeem>/gbfs.json instead; the
// feed URLs always come from the discovery file. One bronnen entry per system (its station_status call); a
// failing system is 'onbeschikbaar' while the others answer; when every system fails the whole source fails.
import { distance } from 'geokdbush';
import { baseUrl, source, type SourceDef } from './source';
import { fetchSource, failedBron, onClearSourceCache } from './fetch';
import { untilAborted } from './budget';
import type { BronEntry } from './bron';
import type { Sourced } from './gather';
import { SourceError, unreadableAnswer } from './source-error';
import { checkKnownFields, recordConversionFailure } from './drift';
import { feedUrls, gbfsTtlMs, stationsUitGbfs, type Deelfietsstation, type GbfsBestand, type GbfsDiscovery } from './gbfs-convert';
import { puntUitWgs84, type Punt, type Wgs84 } from '@/lib/geo/rd';

export const gbfs = source({
  id: 'gbfs',
  titel: 'Deelfietsen (GBFS, alle landelijke systemen)',
  envVar: 'BRON_GBFS_URL',
  // Each system has its own absolute URL (GBFS_SYSTEMEN); this base only names the source when no system URL applies.
  defaultBaseUrl: 'https://stables.donkey.bike/api/public/gbfs',
  licentie: 'Per systeem (GBFS-feeds van de exploitanten; OV-fiets via OpenOV, onofficieel)',
  attributie: 'Bron: GBFS-feeds van OV-fiets (OpenOV), Donkey Republic, nextbike, Cykl, HTM en GoAbout',
  documentatie: 'https://gbfs.org/',
  ttlMs: 60 * 1000,
  // Vehicle availability changes by the minute: an expired answer is served (verouderd) for at most 15 minutes.
  maxStaleMs: 15 * 60 * 1000,
});

export interface GbfsSysteem {
  /** Short id: the folder under BRON_GBFS_URL. */
  id: string;
  naam: string;
  /** The real discovery file. */
  url: string;
}

/** The national systems (from the notes; Donkey Republic publishes one system per city: the city slugs are unverified). */
export const GBFS_SYSTEMEN: GbfsSysteem[] = [
  { id: 'ovfiets', naam: 'OV-fiets', url: 'http://gbfs.openov.nl/ovfiets/gbfs.json' },
  { id: 'donkey_rotterdam', naam: 'Donkey Republic Rotterdam', url: 'https://stables.donkey.bike/api/public/gbfs/2/donkey_rotterdam/gbfs.json' },
  { id: 'donkey_utrecht', naam: 'Donkey Republic Utrecht', url: 'https://stables.donkey.bike/api/public/gbfs/2/donkey_utrecht/gbfs.json' },
  { id: 'nextbike_nl', naam: 'nextbike Nederland', url: 'https://api.nextbike.net/maps/gbfs/v1/nextbike_nl/gbfs.json' },
  { id: 'cykl', naam: 'Cykl', url: 'https://www.cykl.nl/gbfs/gbfs.json' },
  { id: 'htm', naam: 'HTM Fiets', url: 'https://htmconnector-api.joyridecity.bike/api/v1/gbfs.json' },
  { id: 'goabout', naam: 'GoAbout', url: 'https://gbfs.goabout.com/2/gbfs.json' },
];

/** The discovery URL in force for a system (the override serves <url>/<id>/gbfs.json). */
export function discoveryUrl(s: GbfsSysteem): string {
  const override = process.env[gbfs.envVar];
  return override && override.trim() !== '' ? `${baseUrl(gbfs)}/${s.id}/gbfs.json` : s.url;
}

/** The call of an absolute URL as this source (the bronnen entry says gbfs and the system's name). */
function absolute(url: string, s: GbfsSysteem): { def: SourceDef; path: string } {
  const u = new URL(url);
  return { def: { ...gbfs, titel: `${gbfs.titel}: ${s.naam}`, envVar: '', defaultBaseUrl: u.origin }, path: u.pathname + u.search };
}

async function haal<T>(url: string, s: GbfsSysteem): Promise<{ body: T; bron: BronEntry }> {
  const { def, path } = absolute(url, s);
  const r = await fetchSource<T>(def, path, { ttlMs: 0 });
  if (!r.body || typeof r.body !== 'object') throw unreadableAnswer(r.bron);
  checkKnownFields(gbfs, r.body); // format drift against the recorded GBFS files (lib/sources/drift.ts)
  return r;
}

interface SysteemStations {
  systeem: GbfsSysteem;
  stations: Deelfietsstation[];
  bron: BronEntry;
  expiresAt: number;
}

const cache = new Map<string, SysteemStations>();
const pending = new Map<string, Promise<SysteemStations>>();
onClearSourceCache(() => {
  cache.clear();
  pending.clear();
});

async function lees(s: GbfsSysteem): Promise<SysteemStations> {
  const disc = await haal<GbfsDiscovery>(discoveryUrl(s), s);
  let urls: Record<string, string>;
  try {
    urls = feedUrls(disc.body);
  } catch {
    throw unreadableAnswer(disc.bron);
  }
  if (!urls.station_information || !urls.station_status) return { systeem: s, stations: [], bron: disc.bron, expiresAt: Date.now() + gbfsTtlMs(disc.body.ttl) };
  const [info, status] = await Promise.all([haal<GbfsBestand>(urls.station_information, s), haal<GbfsBestand>(urls.station_status, s)]);
  let stations: Deelfietsstation[];
  try {
    // A station left out (no id or position) is counted as a conversion failure of that field, once per answer.
    stations = stationsUitGbfs(info.body as never, status.body as never, (field) => recordConversionFailure(gbfs, field, info.body as object));
  } catch {
    throw unreadableAnswer(status.bron);
  }
  return { systeem: s, stations, bron: status.bron, expiresAt: Date.now() + gbfsTtlMs(disc.body.ttl, info.body.ttl, status.body.ttl) };
}

/** A system's stations (cached by the feeds' ttl, refreshes coalesced). */
export async function systeemStations(s: GbfsSysteem, signal?: AbortSignal): Promise<{ stations: Deelfietsstation[]; bron: BronEntry }> {
  const key = discoveryUrl(s);
  const hit = cache.get(key);
  if (hit && hit.expiresAt > Date.now()) return { stations: hit.stations, bron: { ...hit.bron, cache: true, duur_ms: 0 } };
  let p = pending.get(key);
  if (!p) {
    // The shared refresh runs on the source's own time budget: one caller giving up does not stop it for the others.
    p = lees(s)
      .then((r) => {
        if (pending.get(key) === p) cache.set(key, r);
        return r;
      })
      .finally(() => {
        if (pending.get(key) === p) pending.delete(key);
      });
    pending.set(key, p);
  }
  const r = await untilAborted(p, signal);
  return { stations: r.stations, bron: r.bron };
}


export interface DeelfietsstationBijPunt extends Omit<Deelfietsstation, 'lon' | 'lat'> {
  systeem: string;
  systeem_naam: string;
  locatie: Punt;
  afstand_m: number;
}

/** The nearest stations of all systems within radiusM (nearest first, at most n); fails only when every system fails. */
export async function deelfietsenRond(p: Wgs84, radiusM: number, n: number, signal?: AbortSignal, systemen = GBFS_SYSTEMEN): Promise<Sourced<{ systemen_bevraagd: number; systemen_beschikbaar: number; stations: DeelfietsstationBijPunt[] }>> {
  const started = performance.now();
  const results = await Promise.all(
    systemen.map((s) =>
      systeemStations(s, signal).then(
        (r) => ({ s, ...r, ok: true as const }),
        (err: unknown) => {
          if (!(err instanceof SourceError)) throw err;
          return { s, stations: [] as Deelfietsstation[], bron: err.bron, ok: false as const, err };
        },
      ),
    ),
  );
  const ok = results.filter((r) => r.ok);
  if (ok.length === 0) {
    const first = results[0] as { err?: SourceError } | undefined;
    throw first?.err ?? new SourceError('netwerk', failedBron(gbfs, null, 'netwerk', Math.round(performance.now() - started)));
  }
  const hits: DeelfietsstationBijPunt[] = [];
  for (const r of ok) {
    for (const st of r.stations) {
      const d = distance(p.lon, p.lat, st.lon, st.lat) * 1000;
      if (d > radiusM) continue;
      const { lon, lat, ...rest } = st;
      hits.push({ systeem: r.s.id, systeem_naam: r.s.naam, ...rest, locatie: puntUitWgs84({ lon, lat }), afstand_m: Math.round(d) });
    }
  }
  hits.sort((a, b) => a.afstand_m - b.afstand_m || a.systeem.localeCompare(b.systeem) || a.station_id.localeCompare(b.station_id));
  return {
    data: { systemen_bevraagd: systemen.length, systemen_beschikbaar: ok.length, stations: hits.slice(0, n) },
    bronnen: results.map((r) => r.bron),
  };
}
