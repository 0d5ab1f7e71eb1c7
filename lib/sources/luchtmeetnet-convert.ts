// Conversion of Luchtmeetnet open_api answers (api.luchtmeetnet.nl/open_api): the paged station list
// (`{pagination, data: [{number, location}]}`), one station's details (`{data: {type, components,
// geometry: {type: 'point', coordinates: [lon, lat]}, municipality, province, organisation, location,
// year_start, description: {NL, EN}}}`) and measurement rows (`{station_number?, value, formula,
// timestamp_measured, timestamp_measured_start?, timestamp_measured_end?}`, µg/m³, no unit field).
// Also the choice of the nearest stations to a point. Pure functions; I/O is in luchtmeetnet.ts.
// Tolerant of what the real upstream does (issue 21): record keys in another case, numbers as strings,
// optional fields missing (null; componenten null when not listed). Derived: the name from description.EN
// or the location when description.NL is missing; timestamp_measured and timestamp_measured_end from each
// other (both are the end of the measured hour). Left out explicitly and reported to `conversiefout`: a
// list entry without station number (nothing to ask the details of) and a measurement row without formula
// or without any timestamp (a value of no known substance or hour).
import { z } from 'zod';
import { type Punt, afstandRd, puntUitWgs84 } from '@/lib/geo/rd';
import { str, num, int, lowerKeys } from './values';

const paginationSchema = z.looseObject({
  last_page: z.union([z.number(), z.string()]).optional(),
  current_page: z.union([z.number(), z.string()]).optional(),
});

/** One page of GET /stations. */
export const stationsPaginaSchema = z.looseObject({
  pagination: paginationSchema.optional(),
  data: z.array(z.looseObject({ number: z.union([z.string(), z.number()]).nullable().optional(), location: z.unknown().optional() })),
});
export type StationsPagina = z.infer<typeof stationsPaginaSchema>;

/** GET /stations/{number}. */
export const stationDetailSchema = z.looseObject({
  data: z.looseObject({
    type: z.unknown().optional(),
    components: z.array(z.unknown()).optional(),
    geometry: z.looseObject({ type: z.unknown().optional(), coordinates: z.unknown().optional() }).nullable().optional(),
    municipality: z.unknown().optional(),
    province: z.unknown().optional(),
    organisation: z.unknown().optional(),
    location: z.unknown().optional(),
    year_start: z.unknown().optional(),
    description: z.looseObject({ NL: z.unknown().optional(), EN: z.unknown().optional() }).nullable().optional(),
  }),
});
export type StationDetail = z.infer<typeof stationDetailSchema>;

/** One page of GET /measurements (or /stations/{number}/measurements). */
export const metingenPaginaSchema = z.looseObject({
  pagination: paginationSchema.optional(),
  data: z.array(z.looseObject({ formula: z.unknown().optional(), value: z.unknown().optional(), timestamp_measured: z.unknown().optional() })),
});
export type MetingenPagina = z.infer<typeof metingenPaginaSchema>;

const coordinatenSchema = z.object({
  wgs84: z.object({ lon: z.number(), lat: z.number() }).describe('Lengte- en breedtegraad (EPSG:4326)'),
  rd: z.object({ x: z.number(), y: z.number() }).describe('Rijksdriehoekscoördinaten (EPSG:28992) in meters'),
});

export const luchtStationSchema = z.object({
  nummer: z.string().describe('Stationsnummer van Luchtmeetnet, bijvoorbeeld NL01487'),
  naam: z.string().nullable().describe('Naam van het station (omschrijving van Luchtmeetnet), bijvoorbeeld Rotterdam-Pleinweg'),
  locatienaam: z.string().nullable().describe('Locatienaam van het station'),
  gemeente_naam: z.string().nullable().describe('Gemeente waarin het station staat, zoals Luchtmeetnet haar noemt'),
  provincie_naam: z.string().nullable().describe('Provincie waarin het station staat, zoals Luchtmeetnet haar noemt'),
  type: z.string().nullable().describe('Soort station volgens Luchtmeetnet: Traffic, Regional, Industrial, …'),
  organisatie: z.string().nullable().describe('Beheerder van het station, bijvoorbeeld DCMR (Rijnmond)'),
  stoffen: z.array(z.string()).nullable().describe('Stoffen die het station meet (formules zoals NO2, PM10, PM25, O3); null als Luchtmeetnet ze niet noemt'),
  sinds_jaar: z.number().int().nullable().describe('Jaar waarin het station begon te meten'),
  coordinaten: coordinatenSchema.nullable().describe('Ligging van het station; null als Luchtmeetnet geen punt geeft'),
}).meta({ id: 'LuchtStation' });
export type LuchtStation = z.infer<typeof luchtStationSchema>;

export const metingSchema = z.object({
  formule: z.string().describe('Stof: NO2, PM10, PM25, O3, NO, FN, BCWB, …'),
  waarde: z.number().nullable().describe('Gemeten concentratie'),
  eenheid: z.string().describe('µg/m³ (Luchtmeetnet geeft geen eenheid mee; de open_api meet concentraties in µg/m³)'),
  timestamp_measured: z.iso.datetime({ offset: true }).describe('ISO 8601-tijdstip van de meting (einde van het meetuur), zoals Luchtmeetnet het geeft'),
  timestamp_measured_start: z.iso.datetime({ offset: true }).nullable().describe('Begin van het meetuur, als Luchtmeetnet het geeft'),
  timestamp_measured_end: z.iso.datetime({ offset: true }).nullable().describe('Einde van het meetuur, als Luchtmeetnet het geeft'),
}).meta({ id: 'LuchtMeting' });
export type Meting = z.infer<typeof metingSchema>;

export const EENHEID = 'µg/m³';

/** The last page number of a paged answer (1 when the pagination block is missing or unreadable). */
export function laatstePagina(pagina: { pagination?: { last_page?: number | string } }): number {
  const n = int(pagina.pagination?.last_page);
  return n !== null && n >= 1 ? n : 1;
}

/** The station numbers of one list page (trimmed, without duplicates); an entry without number is reported to `conversiefout`. */
export function stationNummers(pagina: StationsPagina, conversiefout: (veld: string) => void = () => {}): string[] {
  const nummers = pagina.data.map((s) => str(lowerKeys(s)?.number));
  if (nummers.includes(null)) conversiefout('data[].number');
  return [...new Set(nummers.filter((n): n is string => n !== null))];
}

/** One station's detail answer as our station object. */
export function toLuchtStation(nummer: string, detail: StationDetail): LuchtStation {
  const d = lowerKeys(detail.data) ?? {};
  const beschrijving = lowerKeys(d.description);
  const locatie = str(d.location);
  return {
    nummer,
    naam: str(beschrijving?.nl) ?? str(beschrijving?.en) ?? locatie,
    locatienaam: locatie,
    gemeente_naam: str(d.municipality),
    provincie_naam: str(d.province),
    type: str(d.type),
    organisatie: str(d.organisation),
    stoffen: Array.isArray(d.components) ? d.components.map(str).filter((c): c is string => c !== null) : null,
    sinds_jaar: int(d.year_start),
    coordinaten: puntVan(lowerKeys(d.geometry)?.coordinates),
  };
}

/** GeoJSON-style [lon, lat] (Luchtmeetnet writes `type: "point"` in lower case) as a point in WGS84 and RD. */
function puntVan(coordinates: unknown): Punt | null {
  if (!Array.isArray(coordinates) || coordinates.length < 2) return null;
  const lon = num(coordinates[0]);
  const lat = num(coordinates[1]);
  if (lon === null || lat === null || lon < -180 || lon > 180 || lat < -90 || lat > 90) return null;
  return puntUitWgs84({ lon, lat });
}

/** Preferred order of substances in answers: the ones people ask about first, then alphabetical. */
const VOLGORDE = ['NO2', 'PM10', 'PM25', 'O3', 'NO', 'SO2', 'CO', 'NH3', 'FN', 'BCWB', 'C6H6', 'H2S', 'PS'];

function rang(formule: string): number {
  const i = VOLGORDE.indexOf(formule);
  return i === -1 ? VOLGORDE.length : i;
}

/**
 * One measurement row read tolerantly, or null when it cannot be represented (no formula, or no readable
 * timestamp: reported to `conversiefout`). timestamp_measured and timestamp_measured_end stand in for each other.
 */
function leesRij(raw: unknown, conversiefout: (veld: string) => void): { meting: Meting; tijd: number } | null {
  const row = lowerKeys(raw) ?? {};
  const formule = str(row.formula);
  const eind = str(row.timestamp_measured_end);
  const ts = str(row.timestamp_measured) ?? eind;
  const tijd = ts ? Date.parse(ts) : NaN;
  if (!formule) conversiefout('data[].formula');
  if (!ts) conversiefout('data[].timestamp_measured');
  else if (Number.isNaN(tijd)) conversiefout('data[].timestamp_measured');
  if (!formule || !ts || Number.isNaN(tijd)) return null;
  return {
    tijd,
    meting: {
      formule,
      waarde: num(row.value),
      eenheid: formule.toUpperCase() === 'LKI' ? 'index (LKI)' : EENHEID,
      timestamp_measured: ts,
      timestamp_measured_start: str(row.timestamp_measured_start),
      timestamp_measured_end: eind ?? ts,
    },
  };
}

/** The newest measurement per substance among the rows (a row that cannot be read is reported to `conversiefout`) (newest timestamp_measured wins; LKI is an index, not a concentration, and is left out). */
export function nieuwstePerFormule(rows: MetingenPagina['data'], conversiefout: (veld: string) => void = () => {}): Meting[] {
  const beste = new Map<string, { meting: Meting; tijd: number }>();
  for (const row of rows) {
    const gelezen = leesRij(row, conversiefout);
    if (!gelezen || gelezen.meting.formule.toUpperCase() === 'LKI') continue;
    const huidig = beste.get(gelezen.meting.formule);
    if (huidig && huidig.tijd >= gelezen.tijd) continue;
    beste.set(gelezen.meting.formule, gelezen);
  }
  return [...beste.values()]
    .map((b) => b.meting)
    .sort((a, b) => rang(a.formule) - rang(b.formule) || a.formule.localeCompare(b.formule));
}

export type StationMetAfstand = LuchtStation & { coordinaten: Punt; afstand_m: number };

/** The n stations nearest to a point (straight line in RD metres), nearest first; ties by station number. Stations without coordinates are skipped. */
export function dichtstbij(stations: Iterable<LuchtStation>, punt: Punt, n: number): StationMetAfstand[] {
  const metAfstand: StationMetAfstand[] = [];
  for (const s of stations) {
    if (!s.coordinaten) continue;
    metAfstand.push({ ...s, coordinaten: s.coordinaten, afstand_m: Math.round(afstandRd(punt.rd, s.coordinaten.rd)) });
  }
  return metAfstand.sort((a, b) => a.afstand_m - b.afstand_m || a.nummer.localeCompare(b.nummer)).slice(0, n);
}

/**
 * All measurement rows of one or more pages as our measurement objects, newest first (then in the preferred
 * substance order). Rows without formula or a readable timestamp are skipped (reported to `conversiefout`); LKI (the air-quality index,
 * not a concentration) keeps its rows with eenheid "index (LKI)". Duplicate rows (same formula and hour,
 * as can happen when pages shift during paging) are kept once.
 */
export function naarMetingen(rows: MetingenPagina['data'], conversiefout: (veld: string) => void = () => {}): Meting[] {
  const gezien = new Set<string>();
  const out: { meting: Meting; tijd: number }[] = [];
  for (const row of rows) {
    const gelezen = leesRij(row, conversiefout);
    if (!gelezen) continue;
    const sleutel = `${gelezen.meting.formule}|${gelezen.tijd}`;
    if (gezien.has(sleutel)) continue;
    gezien.add(sleutel);
    out.push(gelezen);
  }
  return out
    .sort((a, b) => b.tijd - a.tijd || rang(a.meting.formule) - rang(b.meting.formule) || a.meting.formule.localeCompare(b.meting.formule))
    .map((m) => m.meting);
}

/** Stations whose number, name, location or municipality contains the search text (case- and accent-insensitive); all when zoek is empty. */
export function zoekStations(stations: Iterable<LuchtStation>, zoek: string | undefined): LuchtStation[] {
  const norm = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  const q = zoek ? norm(zoek.trim()) : '';
  const all = [...stations].sort((a, b) => a.nummer.localeCompare(b.nummer));
  if (!q) return all;
  return all.filter((s) => [s.nummer, s.naam, s.locatienaam, s.gemeente_naam, s.provincie_naam, s.organisatie].some((v) => v !== null && norm(v).includes(q)));
}
