// OCPI 2.2.1 Location objects (NDW / DOT-NL national charging-point data) → the charging points this service
// returns: address, coordinates, operator and per EVSE its real-time status and connectors (standard, power).
// Pure. OCPI gives coordinates as decimal strings; max_electric_power in W (optional); when absent the power is
// derived from voltage × amperage (× 3 for AC_3_PHASE, OCPI's line-to-neutral voltage) and marked as derived.

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
  adres: string | null;
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

const tekst = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);
const getal = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

/** Power of a connector in kW (two decimals): max_electric_power, else voltage × amperage (× 3 for three-phase). */
export function vermogen(c: OcpiConnector): { kw: number | null; berekend: boolean } {
  const max = getal(c.max_electric_power);
  if (max !== null && max > 0) return { kw: Math.round(max / 10) / 100, berekend: false };
  const v = getal(c.voltage);
  const a = getal(c.amperage);
  if (v === null || a === null || v <= 0 || a <= 0) return { kw: null, berekend: false };
  const fasen = c.power_type === 'AC_3_PHASE' ? 3 : 1;
  return { kw: Math.round((v * a * fasen) / 10) / 100, berekend: true };
}

/** One OCPI Location; null without an id or usable coordinates, or when it is marked publish: false. */
export function laadlocatieUitOcpi(l: OcpiLocation): Laadlocatie | null {
  if (l?.publish === false) return null;
  const id = tekst(l?.id);
  const lat = Number(l?.coordinates?.latitude);
  const lon = Number(l?.coordinates?.longitude);
  if (!id || !Number.isFinite(lat) || !Number.isFinite(lon) || Math.abs(lat) > 90 || Math.abs(lon) > 180 || (lat === 0 && lon === 0)) return null;
  return {
    id,
    naam: tekst(l.name),
    adres: tekst(l.address),
    postcode: tekst(l.postal_code),
    plaats: tekst(l.city),
    land: tekst(l.country),
    parkeertype: tekst(l.parking_type) ?? tekst(l.type),
    exploitant: tekst(l.operator?.name),
    lon,
    lat,
    bijgewerkt_op: tekst(l.last_updated),
    evses: (Array.isArray(l.evses) ? l.evses : []).map((e) => ({
      uid: tekst(e.uid),
      evse_id: tekst(e.evse_id),
      status: tekst(e.status),
      bijgewerkt_op: tekst(e.last_updated),
      connectoren: (Array.isArray(e.connectors) ? e.connectors : []).map((c) => {
        const p = vermogen(c);
        return { standaard: tekst(c.standard), vorm: tekst(c.format), stroomtype: tekst(c.power_type), vermogen_kw: p.kw, vermogen_berekend: p.berekend };
      }),
    })),
  };
}

/** Counts of EVSEs per availability: AVAILABLE is free; REMOVED EVSEs are not counted. */
export function beschikbaarheid(evses: Evse[]): { evses: number; beschikbaar: number; bezet: number; buiten_gebruik: number; onbekend: number } {
  const out = { evses: 0, beschikbaar: 0, bezet: 0, buiten_gebruik: 0, onbekend: 0 };
  for (const e of evses) {
    if (e.status === 'REMOVED') continue;
    out.evses++;
    if (e.status === 'AVAILABLE') out.beschikbaar++;
    else if (e.status === 'CHARGING' || e.status === 'BLOCKED' || e.status === 'RESERVED') out.bezet++;
    else if (e.status === 'INOPERATIVE' || e.status === 'OUTOFORDER' || e.status === 'PLANNED') out.buiten_gebruik++;
    else out.onbekend++;
  }
  return out;
}
