// OCPI 2.2.1 Location objects (NDW / DOT-NL national charging-point data) → the charging points this service
// returns: address, coordinates, operator and per EVSE its real-time status and connectors (standard, power).
// Pure. OCPI gives coordinates as decimal strings; max_electric_power in W (optional); when absent the power is
// derived from voltage × amperage (× 3 for AC_3_PHASE, OCPI's line-to-neutral voltage) and marked as derived.
// Tolerant reading (issue 21): keys in any case, numbers as strings, missing optional fields become null; a
// Location is left out only explicitly (no id, no usable coordinates, or publish: false).
import { z } from 'zod';
import { lowerKeys, num, str } from './values';

export interface OcpiConnector {
  id?: string;
  standard?: string;
  format?: string;
  power_type?: string;
  voltage?: number | null;
  amperage?: number | null;
  max_electric_power?: number | null;
}

export interface OcpiEvse {
  uid?: string;
  evse_id?: string | null;
  status?: string;
  connectors?: OcpiConnector[] | null;
  last_updated?: string;
}

export interface OcpiLocation {
  id?: string;
  type?: string;
  parking_type?: string;
  name?: string | null;
  address?: string;
  city?: string;
  postal_code?: string | null;
  country?: string;
  coordinates?: { latitude?: string; longitude?: string };
  evses?: OcpiEvse[] | null;
  operator?: { name?: string } | null;
  /** OCPI 2.2.1: false means the location may not be published (shown only to the eMSP). */
  publish?: boolean;
  last_updated?: string;
}

export interface Connector {
  standaard: string | null;
  vorm: string | null;
  stroomtype: string | null;
  vermogen_kw: number | null;
  vermogen_berekend: boolean;
}

export interface Evse {
  uid: string | null;
  evse_id: string | null;
  status: string | null;
  bijgewerkt_op: string | null;
  connectoren: Connector[];
}

export interface Laadlocatie {
  id: string;
  naam: string | null;
  adresregel: string | null;
  postcode: string | null;
  plaats: string | null;
  land: string | null;
  parkeertype: string | null;
  exploitant: string | null;
  lon: number;
  lat: number;
  bijgewerkt_op: string | null;
  evses: Evse[];
}

const tekst = str;
const getal = num;
/** The object's fields with keys in lower case (a missing or non-object value reads as no fields). */
const velden = (v: unknown): Record<string, unknown> => lowerKeys(v) ?? {};
const lijst = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Power of a connector in kW (two decimals): max_electric_power, else voltage × amperage (× 3 for three-phase). */
export function vermogen(connector: OcpiConnector): { kw: number | null; berekend: boolean } {
  const c = velden(connector);
  const max = getal(c.max_electric_power);
  if (max !== null && max > 0) return { kw: Math.round(max / 10) / 100, berekend: false };
  const v = getal(c.voltage);
  const a = getal(c.amperage);
  if (v === null || a === null || v <= 0 || a <= 0) return { kw: null, berekend: false };
  const fasen = tekst(c.power_type) === 'AC_3_PHASE' ? 3 : 1;
  return { kw: Math.round((v * a * fasen) / 10) / 100, berekend: true };
}

/**
 * One OCPI Location; null (left out on purpose) without an id, without usable coordinates (the service finds
 * charging points by position: a Location without one cannot be placed) or when it is marked publish: false.
 */
export function laadlocatieUitOcpi(location: OcpiLocation): Laadlocatie | null {
  const l = velden(location);
  if (l.publish === false || tekst(l.publish)?.toLowerCase() === 'false') return null;
  const id = tekst(l.id);
  const coordinaten = velden(l.coordinates);
  const lat = getal(coordinaten.latitude);
  const lon = getal(coordinaten.longitude);
  if (!id || lat === null || lon === null || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) return null;
  return {
    id,
    naam: tekst(l.name),
    adresregel: tekst(l.address),
    postcode: tekst(l.postal_code),
    plaats: tekst(l.city),
    land: tekst(l.country),
    parkeertype: tekst(l.parking_type) ?? tekst(l.type),
    exploitant: tekst(velden(l.operator).name),
    lon,
    lat,
    bijgewerkt_op: tekst(l.last_updated),
    evses: lijst(l.evses).map((evse) => {
      const e = velden(evse);
      return {
        uid: tekst(e.uid),
        evse_id: tekst(e.evse_id),
        status: tekst(e.status),
        bijgewerkt_op: tekst(e.last_updated),
        connectoren: lijst(e.connectors).map((connector) => {
          const c = velden(connector);
          const p = vermogen(c as OcpiConnector);
          return { standaard: tekst(c.standard), vorm: tekst(c.format), stroomtype: tekst(c.power_type), vermogen_kw: p.kw, vermogen_berekend: p.berekend };
        }),
      };
    }),
  };
}

/** The shape of a converted Location (checked by the tolerance tests; unknown is null). */
export const laadlocatieSchema = z.object({
  id: z.string().min(1),
  naam: z.string().min(1).nullable(),
  adresregel: z.string().min(1).nullable(),
  postcode: z.string().min(1).nullable(),
  plaats: z.string().min(1).nullable(),
  land: z.string().min(1).nullable(),
  parkeertype: z.string().min(1).nullable(),
  exploitant: z.string().min(1).nullable(),
  lon: z.number().min(-180).max(180),
  lat: z.number().min(-90).max(90),
  bijgewerkt_op: z.iso.datetime({ offset: true }).min(1).nullable(),
  evses: z.array(
    z.object({
      uid: z.string().min(1).nullable(),
      evse_id: z.string().min(1).nullable(),
      status: z.string().min(1).nullable(),
      bijgewerkt_op: z.iso.datetime({ offset: true }).min(1).nullable(),
      connectoren: z.array(
        z.object({
          standaard: z.string().min(1).nullable(),
          vorm: z.string().min(1).nullable(),
          stroomtype: z.string().min(1).nullable(),
          vermogen_kw: z.number().nullable(),
          vermogen_berekend: z.boolean(),
        }),
      ),
    }),
  ),
}) satisfies z.ZodType<Laadlocatie>;

/** Counts of EVSEs per availability: AVAILABLE is free; REMOVED EVSEs are not counted. */
export function beschikbaarheid(evses: Evse[]): { aantal_evses: number; beschikbaar: number; bezet: number; buiten_gebruik: number; onbekend: number } {
  const out = { aantal_evses: 0, beschikbaar: 0, bezet: 0, buiten_gebruik: 0, onbekend: 0 };
  for (const e of evses) {
    if (e.status === 'REMOVED') continue;
    out.aantal_evses++;
    if (e.status === 'AVAILABLE') out.beschikbaar++;
    else if (e.status === 'CHARGING' || e.status === 'BLOCKED' || e.status === 'RESERVED') out.bezet++;
    else if (e.status === 'INOPERATIVE' || e.status === 'OUTOFORDER' || e.status === 'PLANNED') out.buiten_gebruik++;
    else out.onbekend++;
  }
  return out;
}
