// How many records each register gets at a scale. Full scale ("vol") mirrors the size of the real
// registers; "klein" is about 1 % with floors so every register still has a few hundred records (the
// sample a fresh machine loads on first start); a number in (0, 1] is a plain fraction with small floors
// that keep the structure intact (every DNB sub-register used, some groups, some passports).

export type Schaal = 'vol' | 'klein' | number;

export interface RegisterCounts {
  /** the factor applied to the full-scale numbers */
  factor: number;
  fsp: { instellingen: number; vergunningen: number };
  finreg: { instellingen: number; registraties: number };
  charity: { beschikkingen: number };
  lei: { entiteiten: number };
}

export const FULL = {
  fsp: { instellingen: 23_000, vergunningen: 14_000 },
  finreg: { instellingen: 3_300, registraties: 46_000 },
  charity: { beschikkingen: 54_000 },
  lei: { entiteiten: 195_000 },
} as const;

const KLEIN_FLOOR = { fspInst: 300, fspLic: 180, finInst: 60, finReg: 600, charity: 400, lei: 2_500 };
const FRACTION_FLOOR = { fspInst: 40, fspLic: 25, finInst: 30, finReg: 90, charity: 20, lei: 300 };

/** Parses the CLI's --schaal: vol, klein or a factor in (0, 1]. */
export function parseSchaal(s: string): Schaal {
  if (s === 'vol' || s === 'klein') return s;
  const f = Number(s.replace(',', '.'));
  if (!Number.isFinite(f) || f <= 0 || f > 1) throw new Error(`ongeldige schaal ${JSON.stringify(s)}: gebruik vol, klein of een factor tussen 0 en 1`);
  return f === 1 ? 'vol' : f;
}

export function countsFor(schaal: Schaal): RegisterCounts {
  const factor = schaal === 'vol' ? 1 : schaal === 'klein' ? 0.01 : schaal;
  if (!(factor > 0 && factor <= 1)) throw new Error(`schaal buiten (0, 1]: ${schaal}`);
  const floor = schaal === 'klein' ? KLEIN_FLOOR : FRACTION_FLOOR;
  const n = (full: number, min: number) => (factor === 1 ? full : Math.max(min, Math.round(full * factor)));
  const fspInst = n(FULL.fsp.instellingen, floor.fspInst);
  const finInst = n(FULL.finreg.instellingen, floor.finInst);
  return {
    factor,
    // an institution has at most three licences, and at least ~half are without one
    fsp: { instellingen: fspInst, vergunningen: Math.min(n(FULL.fsp.vergunningen, floor.fspLic), Math.floor(fspInst * 0.75)) },
    finreg: { instellingen: finInst, registraties: Math.max(n(FULL.finreg.registraties, floor.finReg), finInst * 3) },
    charity: { beschikkingen: n(FULL.charity.beschikkingen, floor.charity) },
    lei: { entiteiten: n(FULL.lei.entiteiten, floor.lei) },
  };
}
