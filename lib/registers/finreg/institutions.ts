// Groups DNB registration rows into institutions by relatienummer (pure, no I/O). Rows of one registration
// that differ only in their activity are merged into one registration with an activities list. The
// building blocks (identity merge, registration key, activity merge) are shared with the streaming
// variant in merge-stream.ts, which the importer uses.
import type { DnbRegistration } from './parse';

export interface DnbActiviteit {
  activiteit: string;
  begindatum: string | null;
  einddatum: string | null;
}

export interface DnbRegistratie {
  deelregister: string | null;
  registratietype: string | null;
  wetsartikel: string | null;
  begindatum: string | null;
  einddatum: string | null;
  activiteiten: DnbActiviteit[];
}

/** The identity of an institution as gathered from its rows, without its registrations. */
export interface DnbInstitutionIdentity
  extends Pick<DnbRegistration, 'relatienummer' | 'statutaire_naam' | 'statutaire_plaats' | 'plaats_vestiging' | 'land' | 'kvk_nummer' | 'rsin' | 'lei'> {
  handelsnamen: string[];
  deelregisters: string[];
  /** identity fields that differ between rows of the same relatienummer: field → distinct values */
  conflicten: Record<string, string[]>;
}

/** One institution: the identity fields of its registration rows, plus everything grouped below. */
export interface DnbInstitution extends DnbInstitutionIdentity {
  registraties: DnbRegistratie[];
}

const IDENTITY = ['statutaire_naam', 'statutaire_plaats', 'plaats_vestiging', 'land', 'kvk_nummer', 'rsin', 'lei'] as const;

/** A new institution identity from its first row. */
export function newIdentity(r: DnbRegistration): DnbInstitutionIdentity {
  const inst: DnbInstitutionIdentity = {
    relatienummer: r.relatienummer,
    statutaire_naam: r.statutaire_naam,
    statutaire_plaats: r.statutaire_plaats,
    plaats_vestiging: r.plaats_vestiging,
    land: r.land,
    kvk_nummer: r.kvk_nummer,
    rsin: r.rsin,
    lei: r.lei,
    handelsnamen: [],
    deelregisters: [],
    conflicten: {},
  };
  addNames(inst, r);
  return inst;
}

function addNames(inst: DnbInstitutionIdentity, r: DnbRegistration): void {
  if (r.handelsnaam && !inst.handelsnamen.includes(r.handelsnaam)) inst.handelsnamen.push(r.handelsnaam);
  if (r.deelregister && !inst.deelregisters.includes(r.deelregister)) inst.deelregisters.push(r.deelregister);
}

/**
 * Merges a later row of the same relatienummer into the identity: an empty field is filled from the row,
 * a different value is recorded in conflicten (the first value stays); trade names and sub-registers are collected.
 */
export function mergeIdentity(inst: DnbInstitutionIdentity, r: DnbRegistration): void {
  for (const k of IDENTITY) {
    const a = inst[k];
    const b = r[k];
    if (b === null || a === b) continue;
    if (a === null) {
      inst[k] = b; // fill a gap from a later row
      continue;
    }
    const list = (inst.conflicten[k] ??= [a]);
    if (!list.includes(b)) list.push(b);
  }
  addNames(inst, r);
}

/** What makes two rows the same registration: sub-register, type, statute article and validity dates. */
export function registrationKey(r: DnbRegistration): string {
  return [r.relatienummer, r.deelregister, r.registratietype, r.wetsartikel, r.begindatum, r.einddatum].join('\u0000');
}

/** A new registration from its first row (activity included). */
export function newRegistratie(r: DnbRegistration): DnbRegistratie {
  const reg: DnbRegistratie = {
    deelregister: r.deelregister,
    registratietype: r.registratietype,
    wetsartikel: r.wetsartikel,
    begindatum: r.begindatum,
    einddatum: r.einddatum,
    activiteiten: [],
  };
  addActivity(reg, r);
  return reg;
}

/** Adds the row's activity to the registration unless the same activity (name and start) is there. */
export function addActivity(reg: DnbRegistratie, r: DnbRegistration): void {
  if (r.activiteit && !reg.activiteiten.some((a) => a.activiteit === r.activiteit && a.begindatum === r.begindatum_activiteit))
    reg.activiteiten.push({ activiteit: r.activiteit, begindatum: r.begindatum_activiteit, einddatum: r.einddatum_activiteit });
}

export function groupInstitutions(rows: Iterable<DnbRegistration>): DnbInstitution[] {
  const byRel = new Map<string, DnbInstitution>();
  const regIndex = new Map<string, Map<string, DnbRegistratie>>();
  for (const r of rows) {
    let inst = byRel.get(r.relatienummer);
    if (!inst) {
      inst = { ...newIdentity(r), registraties: [] };
      byRel.set(r.relatienummer, inst);
      regIndex.set(r.relatienummer, new Map());
    } else mergeIdentity(inst, r);
    const key = registrationKey(r);
    const regs = regIndex.get(r.relatienummer)!;
    const reg = regs.get(key);
    if (reg) addActivity(reg, r);
    else {
      const created = newRegistratie(r);
      regs.set(key, created);
      inst.registraties.push(created);
    }
  }
  return [...byRel.values()];
}
