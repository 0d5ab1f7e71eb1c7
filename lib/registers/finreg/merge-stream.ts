// The streaming variant of institutions.ts, used by the importer: registrations are completed as rows
// arrive, so they can be written at once, while only the institutions (about 3.3 thousand) stay in
// memory. Rows of one registration (one per activity) are consecutive in a DNB download: consecutive rows
// with the same relatienummer, sub-register, type, statute article and validity dates are merged into
// one registration. A row of an earlier registration that turns up again later (not consecutive)
// becomes a registration of its own (counted in `herhaald`), unlike groupInstitutions, which indexes
// every registration. Pure: no I/O.
import {
  addActivity,
  mergeIdentity,
  newIdentity,
  newRegistratie,
  registrationKey,
  type DnbInstitutionIdentity,
  type DnbRegistratie,
} from './institutions';
import type { DnbRegistration } from './parse';

/** An institution while the import runs: its identity, counts and the unmapped columns of its rows. */
export interface InstitutionState extends DnbInstitutionIdentity {
  aantal_registraties: number;
  /** columns not in columns.ts (first value per column) */
  extra: Record<string, string>;
}

/** A completed registration with the institution it belongs to. */
export interface CompletedRegistration extends DnbRegistratie {
  relatienummer: string;
  /** statutory name from the registration's first row */
  instelling_naam: string;
  /** trade names of the registration's rows */
  handelsnamen: string[];
  /** physical line of the first row (in its file) */
  line: number;
}

export class RegistrationMerger {
  /** Every institution seen, by relatienummer, in order of first appearance. */
  readonly institutions = new Map<string, InstitutionState>();
  /** Registrations whose key was completed before (rows not consecutive in the input). */
  herhaald = 0;
  private current: { key: string; reg: CompletedRegistration } | null = null;
  private readonly completedKeys = new Set<string>();

  /** Adds one row; returns the registration this row completes (the previous one), or null. */
  add(r: DnbRegistration): CompletedRegistration | null {
    const inst = this.institutions.get(r.relatienummer);
    if (inst) mergeIdentity(inst, r);
    else this.institutions.set(r.relatienummer, { ...newIdentity(r), aantal_registraties: 0, extra: { ...r.extra } });
    if (inst) for (const [k, v] of Object.entries(r.extra)) if (!(k in inst.extra)) inst.extra[k] = v;

    const key = registrationKey(r);
    if (this.current && this.current.key === key) {
      addActivity(this.current.reg, r);
      if (r.handelsnaam && !this.current.reg.handelsnamen.includes(r.handelsnaam)) this.current.reg.handelsnamen.push(r.handelsnaam);
      return null;
    }
    const done = this.close();
    this.current = {
      key,
      reg: { ...newRegistratie(r), relatienummer: r.relatienummer, instelling_naam: r.statutaire_naam, handelsnamen: r.handelsnaam ? [r.handelsnaam] : [], line: r.line },
    };
    return done;
  }

  /** Completes the open registration (at the end of a file or of the input); null when none is open. */
  close(): CompletedRegistration | null {
    if (!this.current) return null;
    const { key, reg } = this.current;
    this.current = null;
    if (this.completedKeys.has(key)) this.herhaald++;
    else this.completedKeys.add(key);
    this.institutions.get(reg.relatienummer)!.aantal_registraties++;
    return reg;
  }
}
