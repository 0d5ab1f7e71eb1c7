// NDW open data (opendata.ndw.nu, CC0): planned bridge openings (brugopeningen.xml.gz) and safety-related traffic
// messages (veiligheidsgerelateerde_berichten_srti.xml.gz), both DATEX II v3, streamed (gzip) and cached parsed
// for 5 minutes. A few thousand point records: the search near a point is a bounding-box filter followed by the
// straight-line distance to the record's point or line (afstandTot of the traffic module).
import { source } from './source';
import { streamSource } from './stream';
import { streamRecords } from './xml-records';
import { XmlDrift } from './drift';
import { gather, type Sourced } from './gather';
import { sourceErrorFromBronnen } from './source-error';
import { bboxen, binnenStraal, posities } from '@/lib/geo/bbox-index';
import { binnenVenster, brugopeningenUitSituatie, veiligheidsberichtenUitSituatie, type Brugopening, type Veiligheidsbericht } from './ndw-brugopeningen-convert';
import { geometrieUitWgs84, type Geometrie } from '@/lib/geo/geojson';
import { puntUitWgs84, type Punt, type Wgs84 } from '@/lib/geo/rd';

const MINUTE = 60 * 1000;
const NDW = {
  defaultBaseUrl: 'https://opendata.ndw.nu',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Nationaal Dataportaal Wegverkeer (NDW)',
  documentatie: 'https://docs.ndw.nu/',
};

export const ndwBrugopeningen = source({
  id: 'ndw-brugopeningen',
  titel: 'NDW brugopeningen (DATEX II v3)',
  envVar: 'BRON_NDW_BRUGOPENINGEN_URL',
  ...NDW,
  ttlMs: 5 * MINUTE,
  timeoutMs: 30_000,
  maxStaleMs: 30 * MINUTE, // live bridge openings: never older than half an hour, even marked verouderd
});

export const ndwSrti = source({
  id: 'ndw-srti',
  titel: 'NDW veiligheidsgerelateerde berichten (SRTI, DATEX II v3)',
  envVar: 'BRON_NDW_SRTI_URL',
  ...NDW,
  ttlMs: 5 * MINUTE,
  timeoutMs: 30_000,
  maxStaleMs: 30 * MINUTE, // live incidents: never older than half an hour, even marked verouderd
});

export const BRUGOPENINGEN_BESTAND = '/brugopeningen.xml.gz';
export const SRTI_BESTAND = '/veiligheidsgerelateerde_berichten_srti.xml.gz';

interface MetGeometrie {
  id: string;
  geldig_vanaf: string | null;
  geldig_tot: string | null;
  geometrie: Geometrie | null;
}

/** A parsed feed: its records with a bounding box each (minLon, minLat, maxLon, maxLat; NaN without geometry). */
export interface SituatieFeed<T extends MetGeometrie> {
  publicatietijd: string | null;
  items: T[];
  bbox: Float64Array;
}

/** Indexes records by bounding box (exported for tests). */
export function indexeer<T extends MetGeometrie>(items: T[], publicatietijd: string | null = null): SituatieFeed<T> {
  return { publicatietijd, items, bbox: bboxen(items) };
}

/** The records within radiusM of a point, nearest first (then earliest start), at most n, with their distance in metres. */
export function bijPunt<T extends MetGeometrie>(feed: SituatieFeed<T>, p: Wgs84, radiusM: number, n: number): { item: T; afstand_m: number }[] {
  const hits = [...binnenStraal(feed.items, feed.bbox, p, radiusM)];
  hits.sort(
    (a, b) =>
      Math.round(a.afstand) - Math.round(b.afstand) ||
      (a.item.geldig_vanaf ?? '').localeCompare(b.item.geldig_vanaf ?? '') ||
      a.item.id.localeCompare(b.item.id),
  );
  return hits.slice(0, n).map((h) => ({ item: h.item, afstand_m: Math.round(h.afstand) }));
}

async function situatieFeed<T extends MetGeometrie>(
  def: typeof ndwBrugopeningen,
  bestand: string,
  convert: (s: Parameters<typeof brugopeningenUitSituatie>[0]) => T[],
  signal?: AbortSignal,
): Promise<Sourced<SituatieFeed<T>>> {
  const r = await streamSource(
    def,
    bestand,
    async (chunks) => {
      const items: T[] = [];
      // Format drift (lib/sources/drift.ts): elements against the recorded feed, and situations or locations
      // the converter could not read (every situation of these feeds has at least one item).
      const drift = new XmlDrift(def);
      const stream = await streamRecords(chunks, {
        records: ['situation'],
        texts: ['publicationTime'],
        onRecord: (s) => {
          drift.record(s);
          const converted = convert(s);
          if (!converted.length) drift.conversion('situation');
          if (converted.some((i) => !i.geometrie)) drift.conversion('situation.situationRecord.locationReference');
          items.push(...converted);
        },
      });
      if (!stream.texts.publicationTime) throw new Error('not a situation publication');
      return indexeer(items, stream.texts.publicationTime);
    },
    { signal },
  );
  return { data: r.data, bronnen: [r.bron] };
}

/** Every planned bridge opening of the national feed (cached 5 minutes). */
export function brugopeningenFeed(signal?: AbortSignal): Promise<Sourced<SituatieFeed<Brugopening>>> {
  return situatieFeed(ndwBrugopeningen, BRUGOPENINGEN_BESTAND, brugopeningenUitSituatie, signal);
}

/** Every current safety-related message of the national SRTI feed (cached 5 minutes). */
export function veiligheidsberichtenFeed(signal?: AbortSignal): Promise<Sourced<SituatieFeed<Veiligheidsbericht>>> {
  return situatieFeed(ndwSrti, SRTI_BESTAND, veiligheidsberichtenUitSituatie, signal);
}

export interface BrugopeningBijPunt extends Omit<Brugopening, 'geometrie'> {
  actief_nu: boolean;
  afstand_m: number;
  locatie: Punt | null;
}

export interface VeiligheidsberichtBijPunt extends Omit<Veiligheidsbericht, 'geometrie'> {
  actief_nu: boolean;
  afstand_m: number;
  geometrie: { wgs84: Geometrie; rd: Geometrie };
}

export interface BrugopeningenRond {
  publicatietijden: { brugopeningen_op: string | null; veiligheidsberichten_op: string | null };
  /** null when the bridge-opening feed failed (then 'onbeschikbaar' in bronnen). */
  brugopeningen_landelijk: number | null;
  brugopeningen: BrugopeningBijPunt[] | null;
  /** null when the SRTI feed failed (then 'onbeschikbaar' in bronnen). */
  veiligheidsberichten: VeiligheidsberichtBijPunt[] | null;
}

/**
 * Planned bridge openings and current safety-related messages within radiusM of a point, each nearest first
 * (then earliest start), at most n per list. Each feed fails alone: its list is null and the feed
 * 'onbeschikbaar' in bronnen; only when both fail does the call fail (502 naming both).
 */
export async function brugopeningenRond(punt: Wgs84, radiusM: number, n: number, signal?: AbortSignal, nu = new Date()): Promise<Sourced<BrugopeningenRond>> {
  const { results, bronnen } = await gather(
    {
      bruggen: { source: ndwBrugopeningen, run: brugopeningenFeed },
      srti: { source: ndwSrti, run: veiligheidsberichtenFeed },
    },
    { signal },
  );
  const { bruggen, srti } = results;
  if (!bruggen && !srti) throw sourceErrorFromBronnen(bronnen);
  const brugopeningen = bruggen
    ? bijPunt(bruggen, punt, radiusM, n).map(({ item: { geometrie, ...rest }, afstand_m }): BrugopeningBijPunt => {
        const c = geometrie?.type === 'Point' ? geometrie.coordinates : geometrie ? posities(geometrie)[0] : null;
        return { ...rest, actief_nu: binnenVenster(rest, nu), afstand_m, locatie: c ? puntUitWgs84({ lon: c[0], lat: c[1] }) : null };
      })
    : null;
  const veiligheidsberichten = srti
    ? bijPunt(srti, punt, radiusM, n).map(
        ({ item, afstand_m }): VeiligheidsberichtBijPunt => ({ ...item, actief_nu: binnenVenster(item, nu), afstand_m, geometrie: geometrieUitWgs84(item.geometrie!) }),
      )
    : null;
  return {
    data: {
      publicatietijden: { brugopeningen_op: bruggen?.publicatietijd ?? null, veiligheidsberichten_op: srti?.publicatietijd ?? null },
      brugopeningen_landelijk: bruggen ? bruggen.items.length : null,
      brugopeningen,
      veiligheidsberichten,
    },
    bronnen,
  };
}
