// NDW / DOT-NL national charging-point data: OCPI 2.2.1 Locations with real-time EVSE status. The file is
// https://opendata.ndw.nu/charging_point_locations_ocpi.json.gz (about 18 MB gzipped, about 200 MB of JSON,
// some 80 000 locations; keyless, CC0 like all NDW open data). UNVERIFIED from here: the notes leave the endpoint
// open; this is the bulk file NDW publishes next to its other open-data files, used by several public projects.
// It is streamed (gzip), cut into Location objects one at a time (lib/sources/json-elements.ts; a bare array and
// an OCPI envelope {"data":[…]} are both read), reduced to the fields returned and indexed with kdbush for
// nearest-N within a radius; cached 5 minutes (real-time availability).
import KDBush from 'kdbush';
import { around, distance } from 'geokdbush';
import { source } from './source';
import { streamSource } from './stream';
import type { Sourced } from './gather';
import { jsonArrayElements } from './json-elements';
import { checkKnownFields, recordConversionFailure } from './drift';
import { beschikbaarheid, laadlocatieUitOcpi, type Laadlocatie, type OcpiLocation } from './ndw-laadpunten-convert';
import { puntUitWgs84, type Punt, type Wgs84 } from '@/lib/geo/rd';

export const ndwLaadpunten = source({
  id: 'ndw-laadpunten',
  titel: 'NDW DOT-NL laadpunten (OCPI 2.2.1 locaties met actuele EVSE-status)',
  envVar: 'BRON_NDW_LAADPUNTEN_URL',
  defaultBaseUrl: 'https://opendata.ndw.nu',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Nationaal Dataportaal Wegverkeer (NDW), DOT-NL',
  documentatie: 'https://docs.ndw.nu/',
  ttlMs: 5 * 60 * 1000,
  timeoutMs: 120_000,
  maxStaleMs: 60 * 60 * 1000, // live availability: at most an hour old, marked verouderd
});

export const LAADPUNTEN_BESTAND = '/charging_point_locations_ocpi.json.gz';

export interface LaadpuntIndex {
  locaties: Laadlocatie[];
  index: KDBush;
}

/** Builds the geographic index over charging locations (exported for tests). */
export function indexeerLaadlocaties(locaties: Laadlocatie[]): LaadpuntIndex {
  const index = new KDBush(Math.max(1, locaties.length));
  for (const l of locaties) index.add(l.lon, l.lat);
  if (locaties.length === 0) index.add(0, 0);
  index.finish();
  return { locaties, index };
}

/** Every charging location of the national file, indexed (cached 5 minutes). */
export async function laadlocaties(signal?: AbortSignal): Promise<Sourced<LaadpuntIndex>> {
  const r = await streamSource(
    ndwLaadpunten,
    LAADPUNTEN_BESTAND,
    async (chunks) => {
      const locaties: Laadlocatie[] = [];
      // Format drift (lib/sources/drift.ts): fields of the first locations outside the recorded file, and
      // locations the converter could not read.
      const reported = new Set<string>();
      let n = 0;
      let unreadable = false;
      for await (const el of jsonArrayElements(chunks)) {
        if (n++ < 100) checkKnownFields(ndwLaadpunten, el, 'data[]', reported);
        const l = laadlocatieUitOcpi(el as OcpiLocation);
        if (l) locaties.push(l);
        else if (!unreadable && (el as OcpiLocation | null)?.publish !== false) {
          // publish: false is left out on purpose; any other location without a result could not be read
          unreadable = true;
          recordConversionFailure(ndwLaadpunten, 'data[]');
        }
      }
      return indexeerLaadlocaties(locaties);
    },
    { signal },
  );
  return { data: r.data, bronnen: [r.bron] };
}

export interface LaadpuntBijPunt extends Omit<Laadlocatie, 'lon' | 'lat'> {
  locatie: Punt;
  afstand_m: number;
  beschikbaarheid: ReturnType<typeof beschikbaarheid>;
}

/** The nearest charging locations within radiusM (nearest first, at most n). */
export function laadpuntenBijPunt(ix: LaadpuntIndex, p: Wgs84, radiusM: number, n: number): LaadpuntBijPunt[] {
  const ids = around(ix.index, p.lon, p.lat, n, radiusM / 1000, (i) => i < ix.locaties.length);
  return ids.map((i) => {
    const { lon, lat, ...rest } = ix.locaties[i];
    return { ...rest, locatie: puntUitWgs84({ lon, lat }), afstand_m: Math.round(distance(p.lon, p.lat, lon, lat) * 1000), beschikbaarheid: beschikbaarheid(rest.evses) };
  });
}

/** Charging points near a point with real-time EVSE status. */
export async function laadpuntenRond(p: Wgs84, radiusM: number, n: number, signal?: AbortSignal): Promise<Sourced<{ laadpunten_landelijk: number; locaties: LaadpuntBijPunt[] }>> {
  const r = await laadlocaties(signal);
  return { data: { laadpunten_landelijk: r.data.locaties.length, locaties: laadpuntenBijPunt(r.data, p, radiusM, n) }, bronnen: r.bronnen };
}
