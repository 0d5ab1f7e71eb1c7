// Groups DNB registration rows into institutions by relatienummer (pure, no I/O). Rows of one registration
// that differ only in their activity are merged into one registration with an activities list.
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

/** One institution: the identity fields of its registration rows, plus everything grouped below. */
export interface DnbInstitution
  extends Pick<DnbRegistration, 'relatienummer' | 'statutaire_naam' | 'statutaire_plaats' | 'plaats_vestiging' | 'land' | 'kvk_nummer' | 'rsin' | 'lei'> {
  handelsnamen: string[];
  deelregisters: string[];
  registraties: DnbRegistratie[];
  /** identity fields that differ between rows of the same relatienummer: field → distinct values */
  conflicten: Record<string, string[]>;
}

const IDENTITY = ['statutaire_naam', 'statutaire_plaats', 'plaats_vestiging', 'land', 'kvk_nummer', 'rsin', 'lei'] as const;

export function groupInstitutions(rows: Iterable<DnbRegistration>): DnbInstitution[] {
  const byRel = new Map<string, DnbInstitution>();
  const regIndex = new Map<string, Map<string, DnbRegistratie>>();
  for (const r of rows) {
    let inst = byRel.get(r.relatienummer);
    if (!inst) {
      inst = {
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
        registraties: [],
        conflicten: {},
      };
      byRel.set(r.relatienummer, inst);
      regIndex.set(r.relatienummer, new Map());
    } else {
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
    }
    if (r.handelsnaam && !inst.handelsnamen.includes(r.handelsnaam)) inst.handelsnamen.push(r.handelsnaam);
    if (r.deelregister && !inst.deelregisters.includes(r.deelregister)) inst.deelregisters.push(r.deelregister);
    const key = [r.deelregister, r.registratietype, r.wetsartikel, r.begindatum, r.einddatum].join('\u0000');
    const regs = regIndex.get(r.relatienummer)!;
    let reg = regs.get(key);
    if (!reg) {
      reg = {
        deelregister: r.deelregister,
        registratietype: r.registratietype,
        wetsartikel: r.wetsartikel,
        begindatum: r.begindatum,
        einddatum: r.einddatum,
        activiteiten: [],
      };
      regs.set(key, reg);
      inst.registraties.push(reg);
    }
    if (r.activiteit && !reg.activiteiten.some((a) => a.activiteit === r.activiteit && a.begindatum === r.begindatum_activiteit))
      reg.activiteiten.push({ activiteit: r.activiteit, begindatum: r.begindatum_activiteit, einddatum: r.einddatum_activiteit });
  }
  return [...byRel.values()];
}
