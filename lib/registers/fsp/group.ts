// Grouping of AFM export rows (one per institution × licence × product, parse.ts) into institutions and
// their licences. Pure and deterministic: the same rows give the same result, in order of first
// appearance.
//
// * Institution key: the export's id column (afm_id; braces of a {GUID} removed); when the export has
//   no id (the documented four-column export) or a row's id is empty or not [A-Za-z0-9-]{1,64}, a derived
//   stable id 'afm-' + the first 16 hex characters of sha-256(lower(naam)|lower(plaats)|lower(land)).
// * Scalar institution fields: the first non-empty value over its rows. Trade names and policy
//   determiners: distinct, in order of appearance. Addresses: the distinct (adres, postcode, plaats, land).
// * ep (incoming European passport): the column's value when any row has one; otherwise true when a land
//   is given that is not the Netherlands (a foreign firm in the Dutch register works under a passport).
// * Licences keyed by (institution, vergunningnummer), products merged by name with their services
//   united; a row without vergunningnummer adds no licence. Dates: the first non-empty value.
//
// Memory is bounded by the number of institutions and licences (about 23 and 14 thousand in the real
// register, a few MB), not by the size of the file: the rows themselves are not kept.
import { createHash } from 'node:crypto';
import type { AfmRow } from './parse';

export interface FspProduct {
  /** null when a row names services without a product */
  product: string | null;
  diensten: string[];
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

export interface FspInstitution {
  id: string;
  /** true when id is derived from naam, plaats and land (the export has no id) */
  id_afgeleid: boolean;
  naam: string;
  handelsnamen: string[];
  kvk_nummer: string | null;
  adres: string | null;
  postcode: string | null;
  plaats: string | null;
  land: string | null;
  adressen: FspAddress[];
  ep: boolean;
  lidstaat_herkomst: string | null;
  klachteninstituut: string | null;
  beleidsbepalers: string[];
  vergunningen: FspLicence[];
  aantal_vergunningen: number;
  /** first source line and number of rows of this institution */
  eerste_regel: number;
  regels: number;
  /** unmapped columns: first non-empty value per column over the rows */
  extra: Record<string, string>;
}

/** What grouping noticed besides the institutions (counted as warnings by the import). */
export interface FspGroupStats {
  /** rows whose afm_id was unusable as id (derived id used instead) */
  id_ongeldig: number;
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

/** ep when the export says nothing: a land is given and it is not the Netherlands. */
export function derivedEp(land: string | null): boolean {
  return land !== null && land.trim() !== '' && !isNetherlands(land);
}

/** The AFM id of a row ({GUID} braces removed): ok with null when absent, not ok when not [A-Za-z0-9-]{1,64}. */
export function usableAfmId(raw: string | null): { ok: true; id: string | null } | { ok: false } {
  if (!raw) return { ok: true, id: null };
  const s = raw.trim().replace(/^\{(.*)\}$/, '$1');
  return ID.test(s) ? { ok: true, id: s } : { ok: false };
}

interface LicenceAcc {
  vergunningnummer: string;
  ingangsdatum: string | null;
  einddatum: string | null;
  producten: Map<string, { product: string | null; diensten: string[] }>;
}

interface InstitutionAcc {
  inst: Omit<FspInstitution, 'vergunningen' | 'aantal_vergunningen' | 'ep'>;
  epColumn: boolean | null;
  licences: Map<string, LicenceAcc>;
}

const addDistinct = (to: string[], values: readonly string[]) => {
  for (const v of values) if (!to.includes(v)) to.push(v);
};

/** Accumulates rows (in file order) into institutions; feed it while streaming, then call result(). */
export class FspGrouper {
  private readonly byId = new Map<string, InstitutionAcc>();
  readonly stats: FspGroupStats = { id_ongeldig: 0 };

  get instellingen(): number {
    return this.byId.size;
  }

  add(row: AfmRow): void {
    const own = usableAfmId(row.afm_id);
    if (!own.ok) this.stats.id_ongeldig++;
    const afmId = own.ok ? own.id : null;
    const id = afmId ?? derivedFspId(row.statutaire_naam, row.plaats, row.land);
    let acc = this.byId.get(id);
    if (!acc) {
      acc = {
        inst: {
          id,
          id_afgeleid: afmId === null,
          naam: row.statutaire_naam,
          handelsnamen: [],
          kvk_nummer: null,
          adres: null,
          postcode: null,
          plaats: null,
          land: null,
          adressen: [],
          lidstaat_herkomst: null,
          klachteninstituut: null,
          beleidsbepalers: [],
          eerste_regel: row.line,
          regels: 0,
          extra: {},
        },
        epColumn: null,
        licences: new Map(),
      };
      this.byId.set(id, acc);
    }
    const i = acc.inst;
    i.regels++;
    addDistinct(i.handelsnamen, row.handelsnamen);
    addDistinct(i.beleidsbepalers, row.beleidsbepalers);
    i.kvk_nummer ??= row.kvk_nummer;
    i.adres ??= row.adres;
    i.postcode ??= row.postcode;
    i.plaats ??= row.plaats;
    i.land ??= row.land;
    i.lidstaat_herkomst ??= row.lidstaat_herkomst;
    i.klachteninstituut ??= row.klachteninstituut;
    acc.epColumn ??= row.europees_paspoort;
    for (const [k, v] of Object.entries(row.extra)) if (!(k in i.extra)) i.extra[k] = v;
    if (row.adres || row.postcode || row.plaats || row.land) {
      const a: FspAddress = { adres: row.adres, postcode: row.postcode, plaats: row.plaats, land: row.land };
      if (!i.adressen.some((b) => b.adres === a.adres && b.postcode === a.postcode && b.plaats === a.plaats && b.land === a.land)) {
        i.adressen.push(a);
      }
    }

    if (!row.vergunningnummer) return;
    let lic = acc.licences.get(row.vergunningnummer);
    if (!lic) {
      lic = { vergunningnummer: row.vergunningnummer, ingangsdatum: null, einddatum: null, producten: new Map() };
      acc.licences.set(row.vergunningnummer, lic);
    }
    lic.ingangsdatum ??= row.vergunning_ingangsdatum;
    lic.einddatum ??= row.vergunning_einddatum;
    if (row.product !== null || row.diensten.length > 0) {
      const key = row.product ?? '';
      let p = lic.producten.get(key);
      if (!p) {
        p = { product: row.product, diensten: [] };
        lic.producten.set(key, p);
      }
      addDistinct(p.diensten, row.diensten);
    }
  }

  /** The institutions in order of first appearance, each with its licences. */
  *result(): Generator<FspInstitution> {
    for (const { inst, epColumn, licences } of this.byId.values()) {
      const vergunningen: FspLicence[] = [...licences.values()].map((l) => ({
        vergunningnummer: l.vergunningnummer,
        ingangsdatum: l.ingangsdatum,
        einddatum: l.einddatum,
        producten: [...l.producten.values()].map((p) => ({ product: p.product, diensten: [...p.diensten] })),
      }));
      yield { ...inst, ep: epColumn ?? derivedEp(inst.land), vergunningen, aantal_vergunningen: vergunningen.length };
    }
  }
}

/** Groups rows into institutions with their licences (see the header comment for the rules). */
export function groupFspRows(rows: Iterable<AfmRow>): { instellingen: FspInstitution[]; stats: FspGroupStats } {
  const g = new FspGrouper();
  for (const r of rows) g.add(r);
  return { instellingen: [...g.result()], stats: g.stats };
}
