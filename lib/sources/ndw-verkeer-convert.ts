// NDW traffic feeds, record by record (pure functions over the record trees of lib/sources/xml-records.ts):
// - DATEX II v2 measurement site table (measurement_current.xml.gz, MeasurementSiteTablePublication NDW01_MT):
//   one measurementSiteRecord → a measuring point with name, road, direction, display point and, for linear
//   sites (travel-time sections), the line from start to end point (linearByCoordinatesExtension).
// - DATEX II v2 travel times (traveltime.xml.gz, MeasuredDataPublication): one siteMeasurements → the travel
//   time of a section (basicData xsi:type TravelTimeData, travelTime/duration) and its reference (free-flow)
//   time from the NDW extension basicDataReferenceValue. NDW writes -1 for "no value".
// - DATEX II v3 situations (tijdelijke_verkeersmaatregelen_*.xml.gz, actueel_beeld.xml.gz): per situation the
//   closures (RoadOrCarriagewayOrLaneManagement of a closing type) and temporary maximum speeds
//   (SpeedManagement) with validity, cause, lanes, limit and the location's line (gmlLineString posList,
//   "lat lon" pairs in WGS 84) or point.
// Tolerant reading (issue 21): what is missing is null and what can be derived is derived (a record's type from its
// type element, a linear site's position from its line, travel-time data from its travelTime element). Records
// are left out only explicitly: without an id, without any position (a measuring point), without travel-time
// data (a measurement of another kind), or a lane management whose kind is unknown (it may be no closure).
import { z } from 'zod';
import type { Geometrie } from '@/lib/geo/geojson';
import { at, child, childrenNamed, find, findAll, num, text, xsiType, type XNode } from './xml-records';

export type LonLat = [number, number];

export interface Meetlocatie {
  id: string;
  naam: string | null;
  /** Road number read from the name (A12, N201), when the name starts with or contains one. */
  weg: string | null;
  /** measurementSide (for example westBound), else the ALERT-C direction (positive/negative). */
  richting: string | null;
  rijstroken: number | null;
  /** The point the index uses: locationForDisplay, else the first coordinate, else the line's middle. */
  lon: number;
  lat: number;
  /** Start and end (and intermediate) points of a linear site, as given; null for a point site. */
  lijn: LonLat[] | null;
  /** Sum of lengthAffected of the linear parts, in metres. */
  lengte_m: number | null;
}

export interface Reistijd {
  id: string;
  meettijd: string | null;
  /** Current travel time in seconds; null when NDW gives none (-1). */
  reistijd_s: number | null;
  /** Reference (free-flow) travel time in seconds, when given. */
  referentie_s: number | null;
  /** travelTimeType, for example reconstituted or estimated. */
  soort: string | null;
}

export type MaatregelSoort = 'afsluiting' | 'maximumsnelheid';

export interface Maatregel {
  id: string;
  versie: string | null;
  situatie_id: string | null;
  soort: MaatregelSoort;
  /** roadOrCarriagewayOrLaneManagementType or speedManagementType. */
  type: string | null;
  ernst: string | null;
  status: string | null;
  geldig_vanaf: string | null;
  geldig_tot: string | null;
  perioden: { van: string | null; tot: string | null }[];
  oorzaak: string | null;
  oorzaak_detail: string | null;
  rijstroken: {
    rijbaan: string | null;
    afgesloten: number | null;
    beschikbaar: number | null;
    oorspronkelijk: number | null;
    betrokken_stroken: string[];
  };
  maximumsnelheid_kmh: number | null;
  weg: string | null;
  wegnaam: string | null;
  richting: string | null;
  beheerder: string | null;
  opmerking: string | null;
  /** WGS84 geometry of the location (LineString, MultiLineString, Point or MultiPoint); null with only ALERT-C codes. */
  geometrie: Geometrie | null;
}

/** RoadOrCarriagewayOrLaneManagement types that close a road, carriageway or lane (DATEX II v3 enumeration). */
export const AFSLUITING_TYPES = new Set([
  'roadClosed',
  'carriagewayClosures',
  'laneClosures',
  'overnightClosures',
  'intermittentShortTermClosures',
  'closedPermanentlyForTheWinter',
  'doNotUseSpecifiedLanesOrCarriageways',
]);

/** Type elements of a record that do not name its own kind (cause is a part of every record). */
export const GEEN_SUBTYPE = new Set(['causeType', 'detailedCauseType']);

/**
 * The record's type: its xsi:type, else derived from its own type element (DATEX II names it after the class:
 * generalNetworkManagementType in a GeneralNetworkManagement, vehicleObstructionType in a VehicleObstruction).
 */
export function recordType(r: XNode): string | null {
  const own = xsiType(r);
  if (own) return own;
  const el = r.children.find((c) => /^[a-z]\w*Type$/.test(c.name) && !GEEN_SUBTYPE.has(c.name));
  return el ? el.name[0].toUpperCase() + el.name.slice(1, -'Type'.length) : null;
}

const round6 = (v: number) => Math.round(v * 1e6) / 1e6;

function latLon(n: XNode | undefined): LonLat | null {
  const lat = num(child(n, 'latitude'));
  const lon = num(child(n, 'longitude'));
  if (lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return [round6(lon), round6(lat)];
}

/** The Dutch text of a multilingual element (values/value lang="nl"), else the first value. */
function nl(n: XNode | undefined): string | null {
  const values = findAll(n, 'value');
  const pick = values.find((v) => v.attrs.lang === 'nl') ?? values[0];
  return text(pick);
}

const ROAD = /\b([AN]\d{1,3})\b/;

/** A measuring point from one v2 measurementSiteRecord; null (on purpose) without an id or usable coordinates. */
export function meetlocatieUitRecord(r: XNode): Meetlocatie | null {
  const id = r.attrs.id;
  if (!id) return null;
  const naam = nl(child(r, 'measurementSiteName'));
  const loc = child(r, 'measurementSiteLocation');
  const lijn: LonLat[] = [];
  let lengte = 0;
  let heeftLengte = false;
  const parts = childrenNamed(loc, 'locationContainedInItinerary').map((c) => child(c, 'location'));
  for (const part of parts.length > 0 ? parts : [loc]) {
    const ext = find(part, 'linearByCoordinatesExtension');
    for (const end of ['linearCoordinatesStartPoint', 'linearCoordinatesEndPoint']) {
      const p = latLon(at(ext, end, 'pointCoordinates'));
      const last = lijn[lijn.length - 1];
      if (p && !(last && last[0] === p[0] && last[1] === p[1])) lijn.push(p);
    }
    for (const a of findAll(part, 'lengthAffected')) {
      const v = num(a);
      if (v !== null) {
        lengte += v;
        heeftLengte = true;
      }
    }
  }
  // locationForDisplay, else the point of a point site, else the middle of the line (NDW's display point of a
  // travel-time section is its middle), else the one point of a line that lost its other end.
  const display = latLon(find(loc, 'locationForDisplay')) ?? latLon(at(find(loc, 'pointByCoordinates'), 'pointCoordinates'));
  const punt = display ?? (lijn.length > 0 ? midden(lijn) : null);
  if (!punt) return null; // no position at all: a measuring point is found by position only
  return {
    id,
    naam,
    weg: naam?.match(ROAD)?.[1] ?? null,
    richting: text(child(r, 'measurementSide')) ?? text(find(loc, 'alertCDirectionCoded')),
    rijstroken: num(child(r, 'measurementSiteNumberOfLanes')),
    lon: punt[0],
    lat: punt[1],
    lijn: lijn.length >= 2 ? lijn : null,
    lengte_m: heeftLengte ? lengte : null,
  };
}

function midden(lijn: LonLat[]): LonLat {
  const a = lijn[0];
  const b = lijn[lijn.length - 1];
  return [round6((a[0] + b[0]) / 2), round6((a[1] + b[1]) / 2)];
}

/** The travel time of one v2 siteMeasurements; null (on purpose) without a site id or when it holds no TravelTimeData. */
export function reistijdUitMeting(r: XNode): Reistijd | null {
  const id = child(r, 'measurementSiteReference')?.attrs.id;
  if (!id) return null;
  for (const outer of childrenNamed(r, 'measuredValue')) {
    const inner = child(outer, 'measuredValue') ?? outer;
    const basic = child(inner, 'basicData');
    // TravelTimeData by its xsi:type, or (without one) by its travelTime element.
    const soort = xsiType(basic);
    if (!basic || !(soort ? soort.includes('TravelTime') : child(basic, 'travelTime'))) continue;
    const duur = num(at(basic, 'travelTime', 'duration'));
    const ref = num(find(find(inner, 'basicDataReferenceValue'), 'duration'));
    return {
      id,
      meettijd: text(child(r, 'measurementTimeDefault')),
      reistijd_s: duur !== null && duur >= 0 ? duur : null,
      referentie_s: ref !== null && ref >= 0 ? ref : null,
      soort: text(child(basic, 'travelTimeType')),
    };
  }
  return null;
}

/** Delay against the reference time in seconds (0 when faster), one decimal; null without both times. */
export function vertraging(r: Pick<Reistijd, 'reistijd_s' | 'referentie_s'>): number | null {
  if (r.reistijd_s === null || r.referentie_s === null) return null;
  return Math.round(Math.max(0, r.reistijd_s - r.referentie_s) * 10) / 10;
}

/** The closures and temporary maximum speeds of one v3 situation (other record types are left out). */
export function maatregelenUitSituatie(s: XNode): Maatregel[] {
  const out: Maatregel[] = [];
  const ernst = text(child(s, 'overallSeverity'));
  for (const r of childrenNamed(s, 'situationRecord')) {
    const type = recordType(r);
    let soort: MaatregelSoort;
    let subtype: string | null;
    if (type === 'RoadOrCarriagewayOrLaneManagement') {
      subtype = text(child(r, 'roadOrCarriagewayOrLaneManagementType'));
      // Only closures; without its type a lane management cannot be told to be one (left out on purpose).
      if (!subtype || !AFSLUITING_TYPES.has(subtype)) continue;
      soort = 'afsluiting';
    } else if (type === 'SpeedManagement') {
      subtype = text(child(r, 'speedManagementType'));
      soort = 'maximumsnelheid';
    } else continue;
    const id = r.attrs.id;
    if (!id) continue;
    const spec = at(r, 'validity', 'validityTimeSpecification');
    const locRef = child(r, 'locationReference');
    const cw = find(locRef, 'carriageway');
    const detail = child(at(r, 'cause'), 'detailedCauseType');
    out.push({
      id,
      versie: r.attrs.version ?? null,
      situatie_id: s.attrs.id ?? null,
      soort,
      type: subtype,
      ernst,
      status: text(child(r, 'operatorActionStatus')),
      geldig_vanaf: text(child(spec, 'overallStartTime')),
      geldig_tot: text(child(spec, 'overallEndTime')),
      perioden: childrenNamed(spec, 'validPeriod').map((p) => ({ van: text(child(p, 'startOfPeriod')), tot: text(child(p, 'endOfPeriod')) })),
      oorzaak: text(at(r, 'cause', 'causeType')),
      oorzaak_detail: detail?.children[0] ? text(detail.children[0]) : null,
      rijstroken: {
        rijbaan: text(child(cw, 'carriageway')),
        afgesloten: num(at(r, 'impact', 'numberOfLanesRestricted')),
        beschikbaar: num(at(r, 'impact', 'numberOfOperationalLanes')),
        oorspronkelijk: num(child(cw, 'originalNumberOfLanes')),
        betrokken_stroken: [...new Set(findAll(locRef, 'laneUsage').map(text).filter((x): x is string => x !== null))],
      },
      maximumsnelheid_kmh: soort === 'maximumsnelheid' ? num(child(r, 'temporarySpeedLimit')) : null,
      weg: text(find(locRef, 'roadNumber')),
      wegnaam: nl(find(locRef, 'roadName')) ?? text(find(locRef, 'roadName')),
      richting: text(find(locRef, 'alertCDirectionCoded')),
      beheerder: nl(at(r, 'source', 'sourceName')),
      opmerking: nl(at(r, 'generalPublicComment', 'comment')),
      geometrie: geometrieUitLocatie(locRef),
    });
  }
  return out;
}

const positie = z.array(z.number()).min(2);
/** A WGS84 geometry as the NDW conversions give it (GeoJSON positions [lon, lat]). */
export const geometrieSchema: z.ZodType<Geometrie> = z.union([
  z.object({ type: z.literal('Point'), coordinates: positie }),
  z.object({ type: z.enum(['MultiPoint', 'LineString']), coordinates: z.array(positie) }),
  z.object({ type: z.enum(['MultiLineString', 'Polygon']), coordinates: z.array(z.array(positie)) }),
  z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(positie))) }),
]);

/** The location's lines (posList "lat lon …" in WGS 84), else its points; null with only ALERT-C codes. */
export function geometrieUitLocatie(locRef: XNode | undefined): Geometrie | null {
  const lines = findAll(locRef, 'posList')
    .map((p) => posList(text(p)))
    .filter((l) => l.length >= 2);
  if (lines.length === 1) return { type: 'LineString', coordinates: lines[0] };
  if (lines.length > 1) return { type: 'MultiLineString', coordinates: lines };
  const points = findAll(locRef, 'pointCoordinates')
    .map(latLon)
    .filter((p): p is LonLat => p !== null);
  if (points.length === 1) return { type: 'Point', coordinates: points[0] };
  if (points.length > 1) return { type: 'MultiPoint', coordinates: points };
  return null;
}

function posList(s: string | null): LonLat[] {
  if (!s) return [];
  const v = s.split(/\s+/).map(Number);
  const out: LonLat[] = [];
  for (let i = 0; i + 1 < v.length; i += 2) {
    const [lat, lon] = [v[i], v[i + 1]];
    if (Number.isFinite(lat) && Number.isFinite(lon) && Math.abs(lat) <= 90 && Math.abs(lon) <= 180) out.push([round6(lon), round6(lat)]);
  }
  return out;
}

/** Whether a measure is in force at a moment: inside the overall window and, when periods are given, inside one. */
export function actiefOp(m: Pick<Maatregel, 'geldig_vanaf' | 'geldig_tot' | 'perioden'>, nu: Date): boolean {
  const t = nu.getTime();
  const binnen = (van: string | null, tot: string | null) => (van === null || Date.parse(van) <= t) && (tot === null || t < Date.parse(tot));
  if (!binnen(m.geldig_vanaf, m.geldig_tot)) return false;
  return m.perioden.length === 0 || m.perioden.some((p) => binnen(p.van, p.tot));
}

const tekst = z.string().min(1).nullable();
const lonLat = z.tuple([z.number().min(-180).max(180), z.number().min(-90).max(90)]);

/** The shape of a converted measuring point (checked by the tolerance tests; unknown is null). */
export const meetlocatieSchema = z.object({
  id: z.string().min(1),
  naam: tekst,
  weg: tekst,
  richting: tekst,
  rijstroken: z.number().nullable(),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  lijn: z.array(lonLat).min(2).nullable(),
  lengte_m: z.number().nullable(),
}) satisfies z.ZodType<Meetlocatie>;

/** The shape of a converted travel time (checked by the tolerance tests; unknown is null). */
export const reistijdSchema = z.object({
  id: z.string().min(1),
  meettijd: tekst,
  reistijd_s: z.number().min(0).nullable(),
  referentie_s: z.number().min(0).nullable(),
  soort: tekst,
}) satisfies z.ZodType<Reistijd>;

/** The shape of a converted closure or temporary maximum speed (checked by the tolerance tests; unknown is null). */
export const maatregelSchema = z.object({
  id: z.string().min(1),
  versie: tekst,
  situatie_id: tekst,
  soort: z.enum(['afsluiting', 'maximumsnelheid']),
  type: tekst,
  ernst: tekst,
  status: tekst,
  geldig_vanaf: tekst,
  geldig_tot: tekst,
  perioden: z.array(z.object({ van: tekst, tot: tekst })),
  oorzaak: tekst,
  oorzaak_detail: tekst,
  rijstroken: z.object({
    rijbaan: tekst,
    afgesloten: z.number().nullable(),
    beschikbaar: z.number().nullable(),
    oorspronkelijk: z.number().nullable(),
    betrokken_stroken: z.array(z.string().min(1)),
  }),
  maximumsnelheid_kmh: z.number().nullable(),
  weg: tekst,
  wegnaam: tekst,
  richting: tekst,
  beheerder: tekst,
  opmerking: tekst,
  geometrie: geometrieSchema.nullable(),
}) satisfies z.ZodType<Maatregel>;
