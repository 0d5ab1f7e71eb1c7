// The shapes of the AFM register financiële dienstverleners as this service keeps it (one institution with
// its licences, products and services), and the small pure rules on them shared by the parsers
// (parse.ts: the full XML export; names.ts: the names-only search-result CSV), the import, the query
// layer and the distribution monitor.
//
// * Institution id: the export's InstellingID (braces of a {GUID} removed); when a file has none (the
//   names-only CSV) or it is not [A-Za-z0-9-]{1,64}, the derived stable id 'afm-' + the first 16 hex
//   characters of sha-256(lower(naam)|lower(plaats)|lower(land)).
// * A service (Dienst) has its own period; `diensten` lists the names of all services of a product (for
//   the consumers that only need names), `perioden` each service with its dates. dienstenOp() is THE rule
//   for "the services valid at a peildatum" (same rule as common/status.ts: geldig without end date or
//   with an end date on/after the peildatum).
// * Fields the AFM full export does not carry (incoming European passport, home member state,
//   complaints institute, policy makers) stay null: never derived, never invented.
import { createHash } from 'node:crypto';
import { geldigheid } from '../common/status';

/** One service (Dienst) of a product with its own period. */
export interface FspDienstPeriode {
  dienst: string;
  /** yyyy-mm-dd */
  ingangsdatum: string | null;
  /** yyyy-mm-dd */
  einddatum: string | null;
}

export interface FspProduct {
  /** null when services are listed without a product */
  product: string | null;
  /** names of the product's services (distinct, in file order), whatever their period */
  diensten: string[];
  /** each service with its period (absent in versions imported before the full export was read) */
  perioden?: FspDienstPeriode[];
}

export interface FspLicence {
  vergunningnummer: string;
  ingangsdatum: string | null;
  einddatum: string | null;
  producten: FspProduct[];
}

export interface FspAddress {
  adres: string | null;
  postcode: string | null;
  plaats: string | null;
  land: string | null;
}

/** A trade name with the date it was registered from (Handelsnaam@StartDatum). */
export interface FspHandelsnaam {
  naam: string;
  ingangsdatum: string | null;
}

export interface FspInstitution {
  id: string;
  /** true when id is derived from naam, plaats and land (the file has no InstellingID) */
  id_afgeleid: boolean;
  naam: string;
  handelsnamen: string[];
  /** the trade names with their start dates (full export only; [] otherwise) */
  handelsnamen_perioden: FspHandelsnaam[];
  /** StatutaireZetel (the place of the statutory seat) */
  statutaire_zetel: string | null;
  rechtsvorm: string | null;
  kvk_nummer: string | null;
  adres: string | null;
  postcode: string | null;
  plaats: string | null;
  land: string | null;
  adressen: FspAddress[];
  /** incoming European passport: not in the AFM exports, so null */
  ep: boolean | null;
  lidstaat_herkomst: string | null;
  klachteninstituut: string | null;
  /** not in the AFM exports, so null */
  beleidsbepalers: string[] | null;
  vergunningen: FspLicence[];
  aantal_vergunningen: number;
  /** line where the institution starts in the file */
  eerste_regel: number;
  /** elements or columns without a fixed place, name → first value */
  extra: Record<string, string>;
}

const ID = /^[A-Za-z0-9-]{1,64}$/;
const NL = new Set(['nederland', 'nl', 'nld', 'the netherlands', 'netherlands', 'holland']);

/** The derived stable id of an institution without AFM id: 'afm-' + 16 hex chars of sha-256(naam|plaats|land), lower case. */
export function derivedFspId(naam: string, plaats: string | null, land: string | null): string {
  const key = [naam, plaats ?? '', land ?? ''].map((s) => s.toLowerCase()).join('|');
  return `afm-${createHash('sha256').update(key, 'utf8').digest('hex').slice(0, 16)}`;
}

/** True when `land` names the Netherlands (Nederland, NL, ...); false for another country or none. */
export function isNetherlands(land: string | null): boolean {
  return land !== null && NL.has(land.trim().toLowerCase());
}

/** The AFM id of a record ({GUID} braces removed): ok with null when absent, not ok when not [A-Za-z0-9-]{1,64}. */
export function usableAfmId(raw: string | null): { ok: true; id: string | null } | { ok: false } {
  if (!raw) return { ok: true, id: null };
  const s = raw.trim().replace(/^\{(.*)\}$/, '$1');
  return ID.test(s) ? { ok: true, id: s } : { ok: false };
}

/** A Dutch postcode as 1234AB (space removed, upper case); anything else as written. */
export function normalizePostcode(raw: string | null): string | null {
  if (!raw) return null;
  const m = /^(\d{4})\s*([A-Za-z]{2})$/.exec(raw.trim());
  return m ? `${m[1]}${m[2].toUpperCase()}` : raw.trim();
}

/**
 * The names of the services of `p` valid at `peildatum` (no end date, or an end date on/after it). A product
 * stored without periods (older versions) keeps all its services.
 */
export function dienstenOp(p: FspProduct, peildatum: Date | string): string[] {
  if (!p.perioden) return p.diensten;
  const out: string[] = [];
  for (const d of p.perioden) if (geldigheid(d.einddatum, peildatum) === 'geldig' && !out.includes(d.dienst)) out.push(d.dienst);
  return out;
}
