// NDW open data traffic feeds (opendata.ndw.nu, CC0), streamed (gzip, DATEX II) and cached parsed:
// - measuring points: measurement_current.xml.gz (DATEX II v2 site table, over 100 000 sites), cached 24 hours
//   with a geographic k-d index (kdbush + geokdbush: great-circle nearest-N within a radius);
// - travel times: traveltime.xml.gz (DATEX II v2), cached 10 minutes as a map by site id;
// - closures and temporary maximum speeds: tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz,
//   tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz and actueel_beeld.xml.gz (DATEX II v3), cached
//   10 minutes with a bounding box per measure; the distance to a measure is the straight-line distance to its
//   road line (turf point-to-line-distance), or to its point.
// The first call after expiry reads the feed again (tens of seconds for the site table); concurrent callers
// wait for that one refresh. Later calls only query the cached index.
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { source } from './source';
import { streamSource } from './stream';
import { streamRecords } from './xml-records';
import { XmlDrift } from './drift';
import { allSources, type Sourced } from './gather';
import {
  actiefOp,
  maatregelenUitSituatie,
  meetlocatieUitRecord,
  reistijdUitMeting,
  vertraging,
  type Maatregel,
  type Meetlocatie,
  type Reistijd,
} from './ndw-verkeer-convert';
import { geometrieUitWgs84, type Geometrie } from '@/lib/geo/geojson';
import { afstandTot, bboxen, binnenStraal } from '@/lib/geo/bbox-index';
import { puntUitWgs84, type Punt, type Wgs84 } from '@/lib/geo/rd';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const NDW = {
  defaultBaseUrl: 'https://opendata.ndw.nu',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Nationaal Dataportaal Wegverkeer (NDW)',
  documentatie: 'https://docs.ndw.nu/',
};

export const ndwMeetlocaties = source({
  id: 'ndw-meetlocaties',
  titel: 'NDW meetlocaties (DATEX II v2, measurement_current)',
  envVar: 'BRON_NDW_MEETLOCATIES_URL',
  ...NDW,
  ttlMs: DAY,
  timeoutMs: 180_000,
});

export const ndwReistijden = source({
  id: 'ndw-reistijden',
  titel: 'NDW actuele reistijden (DATEX II v2, traveltime)',
  envVar: 'BRON_NDW_REISTIJDEN_URL',
  ...NDW,
  ttlMs: 10 * MINUTE,
  timeoutMs: 60_000,
  maxStaleMs: 60 * MINUTE, // travel times: at most an hour old, marked verouderd
});

export const ndwVerkeersmaatregelen = source({
  id: 'ndw-verkeersmaatregelen',
  titel: 'NDW tijdelijke verkeersmaatregelen en actueel beeld (DATEX II v3)',
  envVar: 'BRON_NDW_VERKEERSMAATREGELEN_URL',
  ...NDW,
  ttlMs: 10 * MINUTE,
  timeoutMs: 60_000,
  maxStaleMs: 60 * MINUTE, // live measures: at most an hour old, marked verouderd
});

export const MEETLOCATIES_BESTAND = '/measurement_current.xml.gz';
export const REISTIJDEN_BESTAND = '/traveltime.xml.gz';
export const MAATREGEL_BESTANDEN = {
  afsluitingen: '/tijdelijke_verkeersmaatregelen_afsluitingen.xml.gz',
  maximum_snelheden: '/tijdelijke_verkeersmaatregelen_maximum_snelheden.xml.gz',
  actueel_beeld: '/actueel_beeld.xml.gz',
} as const;
export type MaatregelFeed = keyof typeof MAATREGEL_BESTANDEN;

// ---------------------------------------------------------------------------------------------------------
// Measuring points and travel times

export interface MeetlocatieIndex {
  publicatietijd: string | null;
  locaties: Meetlocatie[];
  index: KDBush;
}

/** Builds the geographic index over measuring points (exported for tests and the benchmark). */
export function indexeerMeetlocaties(locaties: Meetlocatie[], publicatietijd: string | null = null): MeetlocatieIndex {
  const index = new KDBush(Math.max(1, locaties.length));
  for (const l of locaties) index.add(l.lon, l.lat);
  if (locaties.length === 0) index.add(0, 0); // kdbush needs one item; filtered out below by the id check
  index.finish();
  return { publicatietijd, locaties, index };
}

/** The nearest measuring points within a radius, nearest first, optionally only those passing a filter. */
export function dichtstbijzijnde(ix: MeetlocatieIndex, p: Wgs84, n: number, radiusM: number, filter?: (l: Meetlocatie) => boolean): { locatie: Meetlocatie; afstand_m: number }[] {
  const ids = around(ix.index, p.lon, p.lat, n, radiusM / 1000, (i) => i < ix.locaties.length && (!filter || filter(ix.locaties[i])));
  return ids.map((i) => {
    const l = ix.locaties[i];
    return { locatie: l, afstand_m: Math.round(distance(p.lon, p.lat, l.lon, l.lat) * 1000) };
  });
}

/** Every measuring point of the national site table, indexed (cached 24 hours). */
export async function meetlocaties(signal?: AbortSignal): Promise<Sourced<MeetlocatieIndex>> {
  const r = await streamSource(
    ndwMeetlocaties,
    MEETLOCATIES_BESTAND,
    async (chunks) => {
      const locaties: Meetlocatie[] = [];
      const skip = ['measurementSpecificCharacteristics'];
      const drift = new XmlDrift(ndwMeetlocaties, { skip }); // format drift (lib/sources/drift.ts)
      const stream = await streamRecords(chunks, {
        records: ['measurementSiteRecord'],
        texts: ['publicationTime'],
        skip,
        onRecord: (rec) => {
          drift.record(rec);
          const l = meetlocatieUitRecord(rec);
          if (l) locaties.push(l);
          else drift.conversion('measurementSiteRecord');
        },
      });
      if (stream.recordCount === 0 && !stream.texts.publicationTime) throw new Error('not a measurement site table');
      return indexeerMeetlocaties(locaties, stream.texts.publicationTime ?? null);
    },
    { signal },
  );
  return { data: r.data, bronnen: [r.bron] };
}

export interface Reistijden {
  publicatietijd: string | null;
  waarden: Map<string, Reistijd>;
}

/** The current travel time of every section (cached 10 minutes). */
export async function reistijden(signal?: AbortSignal): Promise<Sourced<Reistijden>> {
  const r = await streamSource(
    ndwReistijden,
    REISTIJDEN_BESTAND,
    async (chunks) => {
      const waarden = new Map<string, Reistijd>();
      const drift = new XmlDrift(ndwReistijden); // format drift (lib/sources/drift.ts)
      const stream = await streamRecords(chunks, {
        records: ['siteMeasurements'],
        texts: ['publicationTime'],
        onRecord: (rec) => {
          drift.record(rec);
          const t = reistijdUitMeting(rec);
          if (t) waarden.set(t.id, t);
          else drift.conversion('siteMeasurements');
        },
      });
      if (stream.recordCount === 0 && !stream.texts.publicationTime) throw new Error('not a measured data publication');
      return { publicatietijd: stream.texts.publicationTime ?? null, waarden };
    },
    { signal },
  );
  return { data: r.data, bronnen: [r.bron] };
}

const counted = new WeakMap<Reistijden, { ix: MeetlocatieIndex; count: number }>();

/** How many measuring points have a current travel time: counted once per pair of cached feeds, not per call. */
function aantalMetReistijd(ix: MeetlocatieIndex, tijden: Reistijden): number {
  const hit = counted.get(tijden);
  if (hit && hit.ix === ix) return hit.count;
  let count = 0;
  for (const l of ix.locaties) if (tijden.waarden.get(l.id)?.reistijd_s != null) count++;
  counted.set(tijden, { ix, count });
  return count;
}

export interface MeetpuntReistijd {
  id: string;
  naam: string | null;
  weg: string | null;
  richting: string | null;
  locatie: Punt;
  geometrie: { wgs84: Geometrie; rd: Geometrie } | null;
  lengte_m: number | null;
  afstand_m: number;
  reistijd_s: number | null;
  referentie_reistijd_s: number | null;
  vertraging_s: number | null;
  reistijd_soort: string | null;
  meettijd: string | null;
}

export interface ReistijdenRond {
  publicatietijd_meetlocaties: string | null;
  publicatietijd_reistijden: string | null;
  meetpunten_landelijk: number;
  meetpunten_met_reistijd_landelijk: number;
  meetpunten: MeetpuntReistijd[];
}

/**
 * The nearest measuring points with a current travel time within radiusM of a point (nearest first, at most n),
 * with distance, coordinates in WGS84 and RD, travel time, reference time, delay and measurement time.
 * Measuring points without a value in the current travel-time publication (loops for flow and speed) are skipped.
 * Both sources are needed; a failure names the one that failed (and lists the other if it answered).
 */
export async function reistijdenRond(punt: Wgs84, radiusM: number, n: number, signal?: AbortSignal): Promise<Sourced<ReistijdenRond>> {
  const [locs, tijden] = await allSources(
    [
      [ndwMeetlocaties, meetlocaties],
      [ndwReistijden, reistijden],
    ] as const,
    signal,
  );
  const waarden = tijden.data.waarden;
  const hits = dichtstbijzijnde(locs.data, punt, n, radiusM, (l) => waarden.get(l.id)?.reistijd_s != null);
  const meetpunten = hits.map(({ locatie: l, afstand_m }): MeetpuntReistijd => {
    const t = waarden.get(l.id)!;
    return {
      id: l.id,
      naam: l.naam,
      weg: l.weg,
      richting: l.richting,
      locatie: puntUitWgs84({ lon: l.lon, lat: l.lat }),
      geometrie: l.lijn ? geometrieUitWgs84({ type: 'LineString', coordinates: l.lijn }) : null,
      lengte_m: l.lengte_m,
      afstand_m,
      reistijd_s: t.reistijd_s,
      referentie_reistijd_s: t.referentie_s,
      vertraging_s: vertraging(t),
      reistijd_soort: t.soort,
      meettijd: t.meettijd,
    };
  });
  const metReistijd = aantalMetReistijd(locs.data, tijden.data);
  return {
    data: {
      publicatietijd_meetlocaties: locs.data.publicatietijd,
      publicatietijd_reistijden: tijden.data.publicatietijd,
      meetpunten_landelijk: locs.data.locaties.length,
      meetpunten_met_reistijd_landelijk: metReistijd,
      meetpunten,
    },
    bronnen: [...locs.bronnen, ...tijden.bronnen],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Closures and temporary maximum speeds

export interface MaatregelenFeed {
  publicatietijd: string | null;
  maatregelen: Maatregel[];
  /** Per measure: minLon, minLat, maxLon, maxLat (NaN without geometry). */
  bbox: Float64Array;
}

/** Indexes parsed measures by bounding box (exported for tests and the benchmark). */
export function indexeerMaatregelen(maatregelen: Maatregel[], publicatietijd: string | null = null): MaatregelenFeed {
  return { publicatietijd, maatregelen, bbox: bboxen(maatregelen) };
}

/** One v3 feed of closures and speed measures (cached 10 minutes). */
export async function maatregelenFeed(feed: MaatregelFeed, signal?: AbortSignal): Promise<Sourced<MaatregelenFeed>> {
  const r = await streamSource(
    ndwVerkeersmaatregelen,
    MAATREGEL_BESTANDEN[feed],
    async (chunks) => {
      const maatregelen: Maatregel[] = [];
      // Format drift (lib/sources/drift.ts). A situation without closures or speed measures is normal here;
      // a measure whose location could not be read is counted.
      const drift = new XmlDrift(ndwVerkeersmaatregelen);
      const stream = await streamRecords(chunks, {
        records: ['situation'],
        texts: ['publicationTime'],
        onRecord: (s) => {
          drift.record(s);
          const converted = maatregelenUitSituatie(s);
          if (converted.some((m) => !m.geometrie)) drift.conversion('situation.situationRecord.locationReference');
          maatregelen.push(...converted);
        },
      });
      if (!stream.texts.publicationTime) throw new Error('not a situation publication');
      return indexeerMaatregelen(maatregelen, stream.texts.publicationTime);
    },
    { signal },
  );
  return { data: r.data, bronnen: [r.bron] };
}

/** Straight-line distance in metres from a point to a geometry (shared: lib/geo/bbox-index.ts). */
export { afstandTot };

export interface MaatregelBijPunt extends Omit<Maatregel, 'geometrie'> {
  feed: MaatregelFeed;
  actief_nu: boolean;
  afstand_m: number;
  geometrie: { wgs84: Geometrie; rd: Geometrie };
}

/** The measures of indexed feeds within radiusM of a point, nearest first, at most n; an id in several feeds counts once. */
export function maatregelenBijPunt(feeds: { feed: MaatregelFeed; data: MaatregelenFeed }[], p: Wgs84, radiusM: number, n: number, nu = new Date()): MaatregelBijPunt[] {
  const seen = new Set<string>();
  const hits: { feed: MaatregelFeed; m: Maatregel; afstand: number }[] = [];
  for (const { feed, data } of feeds) {
    for (const { item: m, afstand } of binnenStraal(data.maatregelen, data.bbox, p, radiusM, (x) => seen.has(x.id))) {
      seen.add(m.id);
      hits.push({ feed, m, afstand });
    }
  }
  hits.sort((a, b) => a.afstand - b.afstand || a.m.id.localeCompare(b.m.id));
  return hits.slice(0, n).map(({ feed, m, afstand }) => ({
    ...m,
    feed,
    actief_nu: actiefOp(m, nu),
    afstand_m: Math.round(afstand),
    geometrie: geometrieUitWgs84(m.geometrie!),
  }));
}

export interface VerkeerRond {
  publicatietijden: Record<MaatregelFeed, string | null>;
  maatregelen: MaatregelBijPunt[];
}

/** Closures and temporary maximum speeds within radiusM of a point from the three NDW v3 feeds, nearest first, at most n. */
export async function verkeerRond(punt: Wgs84, radiusM: number, n: number, signal?: AbortSignal): Promise<Sourced<VerkeerRond>> {
  const feeds = Object.keys(MAATREGEL_BESTANDEN) as MaatregelFeed[];
  const loaded = await Promise.all(feeds.map((feed) => maatregelenFeed(feed, signal).then((r) => ({ feed, ...r }))));
  return {
    data: {
      publicatietijden: Object.fromEntries(loaded.map((l) => [l.feed, l.data.publicatietijd])) as Record<MaatregelFeed, string | null>,
      maatregelen: maatregelenBijPunt(loaded, punt, radiusM, n),
    },
    bronnen: loaded.flatMap((l) => l.bronnen),
  };
}
