// Luchtmeetnet open_api (RIVM and the regional networks): the station catalogue with coordinates and the
// newest measurements of one station. Keyless; the publisher asks for at most about 100 requests per
// 5 minutes, while the station list carries no coordinates (only number and location), so every
// station's coordinates need one detail call. Economy, as the spec's "station coordinates cached 24 hours":
// - the catalogue (list pages + one detail call per station) is filled ONCE per 24 hours per process,
//   by one coalesced background fill; concurrent requests join it, they never start a second one;
// - detail calls of a fill are paced: at most 4 at a time and at most DETAIL_PER_VENSTER per 5 minutes,
//   leaving the rest of the upstream allowance to list pages and measurement calls;
// - after 24 hours the old catalogue keeps answering while the refill runs in the background (stations
//   do not move); only a process without any catalogue waits, up to WACHT_MS, for the first fill;
// - a station whose details answer 404 is kept without coordinates (not asked again for 24 hours); a
//   detail call that fails otherwise leaves the catalogue incomplete, and the next request fills only
//   the missing stations (the list pages come from the 24-hour answer cache).
// Measurements: one call per station (`/measurements?station_number=…&order_by=timestamp_measured&
// order_direction=desc`, first page = newest hour of every substance), cached 10 minutes.
import { source } from './source';
import { failedBron, fetchSource } from './fetch';
import type { Sourced } from './gather';
import type { BronEntry } from './bron';
import { SourceError, unreadableAnswer } from './source-error';
import type { Punt } from '@/lib/geo/rd';
import { log } from '@/lib/log';
import {
  type LuchtStation,
  type Meting,
  type StationMetAfstand,
  dichtstbij,
  laatstePagina,
  metingenPaginaSchema,
  naarMetingen,
  nieuwstePerFormule,
  stationDetailSchema,
  stationNummers,
  stationsPaginaSchema,
  toLuchtStation,
} from './luchtmeetnet-convert';
import { checkShape, recordConversionFailure } from './drift';

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
/** Lifetime of the station catalogue (coordinates): the spec's 24 hours. */
export const CATALOGUS_TTL_MS = DAY;
/** Lifetime of a station's newest measurements: Luchtmeetnet publishes hourly values. */
export const METINGEN_TTL_MS = 10 * MINUTE;
/** Upper bound of list pages followed (a safety net against a pagination block that never ends). */
const MAX_PAGINAS = 20;
/** Detail calls per 5-minute window during a fill (the upstream allows about 100 requests per 5 minutes). */
export const DETAIL_PER_VENSTER = 60;
const VENSTER_MS = 5 * MINUTE;
const GELIJKTIJDIG = 4;

export const luchtmeetnet = source({
  id: 'luchtmeetnet',
  titel: 'Luchtmeetnet (RIVM), open API',
  envVar: 'BRON_LUCHTMEETNET_URL',
  defaultBaseUrl: 'https://api.luchtmeetnet.nl/open_api',
  licentie: 'Niet duidelijk vermeld door de uitgever (open API zonder sleutel); hergebruik met bronvermelding',
  attributie: 'Bron: Luchtmeetnet (RIVM en regionale meetnetten)',
  documentatie: 'https://api-docs.luchtmeetnet.nl/',
  ttlMs: METINGEN_TTL_MS,
});

/** The state of the station catalogue, as answers report it. */
export interface CatalogusStand {
  aantal_stations: number;
  met_coordinaten: number;
  volledig: boolean;
  bijgewerkt_op: string | null;
}

interface Catalogus {
  stations: Map<string, { station: LuchtStation; opgehaaldOp: number }>;
  nummers: string[] | null;
  volledigOp: number | null;
  /** A fill has run through (possibly with missing stations): later requests no longer wait for one. */
  gevuld: boolean;
  bron: BronEntry | null;
  fout: SourceError | null;
}

const leeg = (): Catalogus => ({ stations: new Map(), nummers: null, volledigOp: null, gevuld: false, bron: null, fout: null });
let catalogus: Catalogus = leeg();
let vulling: Promise<void> | null = null;
const detailTijden: number[] = [];

/** Forgets the station catalogue (tests; after changing the source URL at run time). */
export function clearLuchtmeetnetCatalogus(): void {
  catalogus = leeg();
  vulling = null;
  detailTijden.length = 0;
}

/** How long a request waits for the first fill before answering with what is known (or failing). */
function wachtMs(): number {
  const v = Number(process.env.LUCHTMEETNET_WACHT_MS);
  return Number.isFinite(v) && v > 0 ? v : 15000;
}

/** The whole station catalogue with its bronnen entry; fills or refreshes it as described above. */
export async function stationsCatalogus(signal?: AbortSignal): Promise<Sourced<{ stations: LuchtStation[]; stand: CatalogusStand }>> {
  const vers = catalogus.volledigOp !== null && Date.now() - catalogus.volledigOp < CATALOGUS_TTL_MS;
  let gewacht = false;
  if (!vers) {
    const start = !vulling;
    if (start) {
      const c = catalogus;
      const deze: Promise<void> = vul(c).finally(() => {
        if (vulling === deze) vulling = null;
      });
      deze.catch(() => undefined); // a background refill failure is kept in catalogus.fout
      vulling = deze;
    }
    // Only a process that never finished a fill waits; otherwise the known stations answer while the
    // (re)fill runs in the background.
    if (!catalogus.gevuld && vulling) {
      gewacht = true;
      await wacht(vulling, wachtMs(), signal);
    }
  }
  const stations = [...catalogus.stations.values()].map((s) => s.station);
  if (stations.length === 0) {
    throw catalogus.fout ?? new SourceError('timeout', failedBron(luchtmeetnet, null, 'timeout', wachtMs()));
  }
  const stand: CatalogusStand = {
    aantal_stations: stations.length,
    met_coordinaten: stations.filter((s) => s.coordinaten).length,
    volledig: catalogus.volledigOp !== null,
    bijgewerkt_op: catalogus.volledigOp !== null ? new Date(catalogus.volledigOp).toISOString() : null,
  };
  // The entry of the list call that (re)built the catalogue: opgehaald_op says when the list was read;
  // a request that did not wait for a fill answered from the catalogue (cache).
  const bron: BronEntry = catalogus.bron
    ? { ...catalogus.bron, cache: !gewacht, duur_ms: gewacht ? catalogus.bron.duur_ms : 0 }
    : failedBron(luchtmeetnet, null, 'netwerk', null);
  return { data: { stations, stand }, bronnen: [bron] };
}

/** The n stations nearest to a point (straight-line distance), with the state of the catalogue. */
export async function dichtstbijzijndeStations(
  punt: Punt,
  n: number,
  signal?: AbortSignal,
): Promise<Sourced<{ stations: StationMetAfstand[]; catalogus: CatalogusStand }>> {
  const cat = await stationsCatalogus(signal);
  return { data: { stations: dichtstbij(cat.data.stations, punt, n), catalogus: cat.data.stand }, bronnen: cat.bronnen };
}

/** The newest measurement per substance of one station (first page of its measurements, newest first). */
export async function nieuwsteMetingen(station: string, signal?: AbortSignal): Promise<Sourced<Meting[]>> {
  if (!/^[A-Z]{2}[0-9A-Z_]{1,20}$/.test(station)) throw new Error(`invalid station number ${station}`);
  const res = await fetchSource<unknown>(luchtmeetnet, '/measurements', {
    query: { station_number: station, order_by: 'timestamp_measured', order_direction: 'desc', page: 1 },
    ttlMs: METINGEN_TTL_MS,
    signal,
  });
  const parsed = checkShape(luchtmeetnet, metingenPaginaSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const answer = res.body as object;
  return { data: nieuwstePerFormule(parsed.data.data, (veld) => recordConversionFailure(luchtmeetnet, veld, answer)), bronnen: [res.bron] };
}

/** Upper bound of measurement pages read per request (the upstream allows about 100 requests per 5 minutes). */
export const MAX_METING_PAGINAS = 5;

export interface MetingenVraag {
  /** Substance formula as Luchtmeetnet writes it (NO2, PM10, PM25, O3, …); all substances when absent. */
  formule?: string;
  /** Start of the window (Luchtmeetnet `start`, ISO 8601). */
  van: Date;
  /** End of the window (Luchtmeetnet `end`, ISO 8601). */
  tot: Date;
}

export interface MetingenAntwoord {
  metingen: Meting[];
  paginas_gelezen: number;
  paginas_totaal: number;
  /** false when the window had more pages than MAX_METING_PAGINAS: the oldest rows are missing. */
  volledig: boolean;
}

/**
 * The measurements of one station in a window, newest first: `/measurements?station_number=…&formula=…&
 * start=…&end=…&order_by=timestamp_measured&order_direction=desc&page=N`. The first page says how many
 * pages there are; pages 2 to MAX_METING_PAGINAS follow in parallel. Cached 10 minutes per URL.
 */
export async function metingen(station: string, vraag: MetingenVraag, signal?: AbortSignal): Promise<Sourced<MetingenAntwoord>> {
  if (!/^[A-Z]{2}[0-9A-Z_]{1,20}$/.test(station)) throw new Error(`invalid station number ${station}`);
  const iso = (d: Date) => d.toISOString().replace(/\.000Z$/, 'Z');
  const pagina = async (page: number) => {
    const res = await fetchSource<unknown>(luchtmeetnet, '/measurements', {
      query: {
        station_number: station,
        formula: vraag.formule,
        start: iso(vraag.van),
        end: iso(vraag.tot),
        order_by: 'timestamp_measured',
        order_direction: 'desc',
        page,
      },
      ttlMs: METINGEN_TTL_MS,
      signal,
    });
    const parsed = checkShape(luchtmeetnet, metingenPaginaSchema, res.body);
    if (!parsed.success) throw unreadableAnswer(res.bron);
    return { data: parsed.data, bron: res.bron, body: res.body as object };
  };
  const eerste = await pagina(1);
  const totaal = laatstePagina(eerste.data);
  const verder = await Promise.all(Array.from({ length: Math.min(totaal, MAX_METING_PAGINAS) - 1 }, (_, i) => pagina(i + 2)));
  const paginas = [eerste, ...verder];
  return {
    data: {
      // A failed conversion is counted once per set of answers (the first page stands for them).
      metingen: naarMetingen(paginas.flatMap((p) => p.data.data), (veld) => recordConversionFailure(luchtmeetnet, veld, eerste.body)),
      paginas_gelezen: paginas.length,
      paginas_totaal: totaal,
      volledig: totaal <= MAX_METING_PAGINAS,
    },
    bronnen: paginas.map((p) => p.bron),
  };
}

/** One fill: all list pages, then details for every station not known within the last 24 hours. */
async function vul(c: Catalogus): Promise<void> {
  const started = Date.now();
  try {
    const eerste = await lijstPagina(1);
    // An entry without number is left out (nothing to ask the details of) and counted as conversion drift.
    const nummers = stationNummers(eerste.data, (veld) => recordConversionFailure(luchtmeetnet, veld, eerste.body));
    const laatste = Math.min(laatstePagina(eerste.data), MAX_PAGINAS);
    for (let p = 2; p <= laatste; p++) {
      const pagina = await lijstPagina(p);
      nummers.push(...stationNummers(pagina.data, (veld) => recordConversionFailure(luchtmeetnet, veld, pagina.body)));
    }
    c.nummers = [...new Set(nummers)];
    c.bron = eerste.bron;

    const nodig = c.nummers.filter((nr) => {
      const bekend = c.stations.get(nr);
      return !bekend || started - bekend.opgehaaldOp >= CATALOGUS_TTL_MS;
    });
    let mislukt = 0;
    await perPartij(nodig, GELIJKTIJDIG, async (nr) => {
      try {
        const station = await detail(nr);
        c.stations.set(nr, { station, opgehaaldOp: Date.now() });
      } catch (err) {
        mislukt++;
        if (!(err instanceof SourceError)) throw err;
      }
    });
    // Stations that left the list are dropped.
    for (const nr of [...c.stations.keys()]) if (!c.nummers.includes(nr)) c.stations.delete(nr);
    c.fout = null;
    c.gevuld = true;
    if (mislukt === 0) c.volledigOp = started;
    log('info', 'luchtmeetnet_catalogus', { stations: c.stations.size, detailverzoeken: nodig.length, mislukt, duur_ms: Date.now() - started });
  } catch (err) {
    if (err instanceof SourceError) c.fout = err;
    throw err;
  }
}

async function lijstPagina(page: number) {
  const res = await fetchSource<unknown>(luchtmeetnet, '/stations', { query: { page }, ttlMs: DAY });
  const parsed = checkShape(luchtmeetnet, stationsPaginaSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: parsed.data, bron: res.bron, body: res.body as object };
}

async function detail(nummer: string): Promise<LuchtStation> {
  await beurt();
  const res = await fetchSource<unknown>(luchtmeetnet, `/stations/${encodeURIComponent(nummer)}`, { ttlMs: DAY, acceptStatuses: [404] });
  if (res.status === 404) return { ...leegStation(nummer) };
  const parsed = checkShape(luchtmeetnet, stationDetailSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return toLuchtStation(nummer, parsed.data);
}

function leegStation(nummer: string): LuchtStation {
  return { nummer, naam: null, locatienaam: null, gemeente_naam: null, provincie_naam: null, type: null, organisatie: null, stoffen: null, sinds_jaar: null, coordinaten: null };
}

/** Waits until a detail call fits in the 5-minute window (sliding window over this process's detail calls). */
async function beurt(): Promise<void> {
  for (;;) {
    const nu = Date.now();
    while (detailTijden.length > 0 && nu - detailTijden[0] >= VENSTER_MS) detailTijden.shift();
    if (detailTijden.length < DETAIL_PER_VENSTER) {
      detailTijden.push(nu);
      return;
    }
    await new Promise((r) => setTimeout(r, Math.max(50, detailTijden[0] + VENSTER_MS - nu)));
  }
}

async function perPartij<T>(items: T[], gelijktijdig: number, werk: (item: T) => Promise<void>): Promise<void> {
  let i = 0;
  const lopers = Array.from({ length: Math.min(gelijktijdig, items.length) }, async () => {
    while (i < items.length) await werk(items[i++]);
  });
  await Promise.all(lopers);
}

async function wacht(p: Promise<void>, ms: number, signal?: AbortSignal): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    p.catch(() => undefined),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      signal?.addEventListener('abort', () => resolve(), { once: true });
    }),
  ]);
  clearTimeout(timer);
}
