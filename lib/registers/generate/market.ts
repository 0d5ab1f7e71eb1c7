// The sample MARKET: monthly versions of the advice market (AFM + GLEIF LEI/RR) drawn from one universe,
// for the distribution monitor's history (lib/monitor/README.md, "Sample market"). The universe is built
// at the OLDEST month's peildatum, so every base record's dates are in the past for every month and
// identical in every snapshot; the plan below then lays events over it, month by month:
//
//   takeovers  independent advice offices get a direct parent (a holding or a top) from that month on:
//              IS_DIRECTLY + IS_ULTIMATELY_CONSOLIDATED_BY records whose relationship period starts in
//              the month; a handful of Dutch tops are clear consolidators (they buy ~3/4)
//   exits      an office's open licences get an einddatum in the month (the institution stays in the
//              export, as the AFM export keeps ended licences)
//   entries    new offices (new KvK numbers: company indices after the universe's, never used before),
//              one advice licence starting in the month; half of them with a LEI
//   moves      an office gets another address (postcode, street and number) in the same town
//
// and, present in every month, franchise formulas (an invented formula name shared as first trade name
// by 3–40 independent offices of different KvK numbers, no LEI ownership between them) and purchasing
// groups (independent offices sharing one complaints-institute membership number). Ordinary names are
// made distinct (a suffix with the town) so equal trade names or Kifid numbers of unrelated offices do
// not look like networks, and about 40 % of the single-licence offices hold only a non-advice licence
// (volmacht), so the full scale gives about 8,000 vestigingen instead of 12,000.
//
// Events happen in months 2..N (month 1 is the starting state), dated inside (peildatum k-1, peildatum k];
// an office has at most one event over the whole series. Everything is derived from (seed, scale,
// peildata): the same options give the same plan. Memory: a few maps with some thousands of entries.
import { minMaanden } from '@/lib/kalender';
import { fspInstitution } from './afm';
import { addDays, dayBetween, isoDay, toMs } from './dates';
import { brand, legalFormOf, officeName } from './names';
import { addressIn, pickPlace, PLACES, type Address } from './places';
import { permutation, rngFor, type Rng } from './prng';
import { company, foreignRef, kvkOf, leiForSerial, NONE, type CompanyInfo, type Ref, type Universe } from './universe';

export interface Takeover {
  maand: number;
  /** start of the relationship period (yyyy-mm-dd) */
  dag: string;
  direct: Ref;
  ultimate: Ref;
}
export interface MarketEvent {
  maand: number;
  dag: string;
}
export interface Entry extends MarketEvent {
  e: number;
  /** company index (after the universe's companies) */
  index: number;
  lei: boolean;
  /** formula or purchasing group joined, -1 none */
  groep: number;
}
export interface Formula {
  nr: number;
  soort: 'formule' | 'inkoopgroep';
  /** the shared trade name (formule) or the group's own name (inkoopgroep: not in the registers) */
  naam: string;
  /** the shared Kifid membership (inkoopgroep) */
  kifid: string | null;
  /** company indices of the members from month 1 (entries that join later are in MarketPlan.entries) */
  leden: number[];
}

export interface MarketPlan {
  maanden: number;
  /** peildatum per month, [0] = oldest (= the universe's peildatum) */
  peildata: string[];
  takeovers: Map<number, Takeover>;
  exits: Map<number, MarketEvent>;
  moves: Map<number, MarketEvent>;
  entries: Entry[];
  formulas: Formula[];
  /** company index → formula/purchasing group nr */
  groepVan: Map<number, number>;
  /** company index → distinct name (offices whose generated name was already used by another office) */
  names: Map<number, { naam: string; handelsnaam: string | null }>;
  /** per fsp position k: 1 when the office's only licence is a non-advice (volmacht) licence */
  geenAdvies: Uint8Array;
  /** the consolidating tops */
  consolidators: Ref[];
}

/** Counts of one month (events of that month; stock counts planned, before the importers). */
export interface MarktAantallen {
  overnames: number;
  beeindigd: number;
  nieuw: number;
  verhuisd: number;
  formules: number;
  inkoopgroepen: number;
  /** offices in a formula or purchasing group this month */
  groepsleden: number;
}

/** Share of the single-licence offices whose only licence is a volmacht (no advice): ~8,000 vestigingen at full scale. */
export const GEEN_ADVIES_SHARE = 0.4;
/** Monthly rates, as a share of the active vestigingen at the start. */
const RATES = { overnames: 0.0045, beeindigd: 0.005, nieuw: 0.005, verhuisd: 0.003 } as const;
const MIN_PER_MONTH = { overnames: 3, beeindigd: 1, nieuw: 1, verhuisd: 1 } as const;
/** Share of takeovers by the consolidators. */
const CONSOLIDATOR_SHARE = 0.75;

// ------------------------------------------------------------------ calendar


/** The peildata of `maanden` monthly snapshots ending at `peildatum` (oldest first). */
export function monthlyPeildata(peildatum: string, maanden: number): string[] {
  return Array.from({ length: maanden }, (_, k) => minMaanden(peildatum, maanden - 1 - k));
}

/** The name of month k's directory (1-based): maand-01 … */
export const maandDir = (k: number, maanden: number) => `maand-${String(k).padStart(Math.max(2, String(maanden).length), '0')}`;

// ------------------------------------------------------------------ names

const LEGAL_SUFFIX = /\s+(B\.V\.|N\.V\.|V\.O\.F\.|C\.V\.|U\.A\.)$/;

/** A name as the monitor compares names: lower case, legal form removed, spaces collapsed. */
export function nameKey(s: string): string {
  return s.replace(LEGAL_SUFFIX, '').replace(/\s+/g, ' ').trim().toLowerCase();
}

const keysOf = (naam: string, handelsnaam: string | null) => [nameKey(naam), ...(handelsnaam ? handelsnaam.split(' | ').map(nameKey) : [])];

function withSuffix(naam: string, sfx: string): string {
  const m = LEGAL_SUFFIX.exec(naam);
  return m ? `${naam.slice(0, m.index)} ${sfx}${m[0]}` : `${naam} ${sfx}`;
}

const DISTRICTS = ['Centrum', 'Noord', 'Zuid', 'Oost', 'West'];

/** Suffixes that make a name distinct, mildest first (the town, then a district, then a number). */
function* suffixes(city: string, name: string): Generator<string> {
  const hasCity = name.includes(city);
  if (!hasCity) yield city;
  for (const d of DISTRICTS) yield hasCity ? d : `${city}-${d}`;
  for (let n = 2; ; n++) yield hasCity ? String(n) : `${city} ${n}`;
}

/** Registers the names' keys for `group`; when one is taken by another group, a distinct variant. */
class NameRegistry {
  private readonly owner = new Map<string, string>();

  reserve(key: string, group: string) {
    if (!this.owner.has(key)) this.owner.set(key, group);
  }

  private free(keys: string[], group: string) {
    return keys.every((k) => {
      const o = this.owner.get(k);
      return o === undefined || o === group;
    });
  }

  /** null when the name is free; otherwise the renamed (naam, handelsnaam). Registers the result. */
  claim(naam: string, handelsnaam: string | null, city: string, group: string): { naam: string; handelsnaam: string | null } | null {
    let out: { naam: string; handelsnaam: string | null } | null = null;
    if (!this.free(keysOf(naam, handelsnaam), group)) {
      for (const sfx of suffixes(city, handelsnaam ?? naam)) {
        const n = withSuffix(naam, sfx);
        const h = handelsnaam ? handelsnaam.split(' | ').map((p) => `${p} ${sfx}`).join(' | ') : null;
        if (this.free(keysOf(n, h), group)) {
          out = { naam: n, handelsnaam: h };
          break;
        }
      }
    }
    for (const k of keysOf(out?.naam ?? naam, out ? out.handelsnaam : handelsnaam)) this.reserve(k, group);
    return out;
  }
}

// Invented formula names (no real company's): an invented stem and a kind of formula.
const STEM_HEADS = ['Hypo', 'Woon', 'Rente', 'Dak', 'Sleutel', 'Munt', 'Pand', 'Steen', 'Haard', 'Kluis', 'Gevel', 'Erf', 'Nok', 'Drempel', 'Kozijn', 'Schoorsteen'];
const STEM_TAILS = ['quint', 'lumen', 'varia', 'nova', 'drion', 'vanta', 'loria', 'minto', 'zelda', 'rivo', 'tessa', 'bora'];
const FORMULA_KINDS = ['Hypotheekformule', 'Advieshuys', 'Adviesformule', 'Geldwinkel', 'Hypotheekhuys', 'Adviespunt', 'Verzekeringsformule', 'Adviesnetwerk'];

// ------------------------------------------------------------------ the month view

/** One month of a market plan: the universe's records with the events up to that month applied. */
export class MarketMonth {
  readonly peildatum: string;
  private kifidPerm: (x: number) => number;

  constructor(
    readonly u: Universe,
    readonly plan: MarketPlan,
    /** 1-based */
    readonly maand: number,
  ) {
    this.peildatum = plan.peildata[maand - 1];
    this.kifidPerm = permutation(u.seed, 'kifid-markt', KIFID_SPACE);
  }

  /** A company's details in this month (renamed, formula trade name, moved address); entries too. */
  company(i: number): CompanyInfo {
    const u = this.u;
    const base = i >= u.nCompanies ? entryCompany(u, this.plan.entries[i - u.nCompanies]) : company(u, i);
    const renamed = this.plan.names.get(i);
    let { naam, handelsnaam } = renamed ?? base;
    const g = this.plan.groepVan.get(i);
    const f = g === undefined ? null : this.plan.formulas[g];
    if (f?.soort === 'formule') handelsnaam = handelsnaam ? `${f.naam} | ${handelsnaam}` : f.naam;
    const mv = this.plan.moves.get(i);
    const adres = mv && mv.maand <= this.maand ? movedAddress(u, i, base.adres) : base.adres;
    return { ...base, naam, handelsnaam, adres, vorm: renamed ? legalFormOf(naam) : base.vorm };
  }

  /** True when the office at fsp position k holds only a non-advice licence. */
  geenAdvies(k: number): boolean {
    return this.plan.geenAdvies[k] === 1;
  }

  /** The (unique) Kifid membership of the fsp institution at position k (entries: n + e); a purchasing group's shared one. */
  kifid(k: number, companyIndex: number | null): string {
    const g = companyIndex === null ? undefined : this.plan.groepVan.get(companyIndex);
    const f = g === undefined ? null : this.plan.formulas[g];
    if (f?.kifid) return f.kifid;
    return kifidNumber(10_000 + this.kifidPerm(k));
  }

  /** The exit of a company in or before this month. */
  exit(i: number): MarketEvent | null {
    const x = this.plan.exits.get(i);
    return x && x.maand <= this.maand ? x : null;
  }

  takeover(i: number): Takeover | null {
    const t = this.plan.takeovers.get(i);
    return t && t.maand <= this.maand ? t : null;
  }

  /** The entries present in this month, in entry order. */
  entries(): Entry[] {
    return this.plan.entries.filter((x) => x.maand <= this.maand);
  }

  /** Relationship records added by takeovers up to this month (two per takeover). */
  extraRelationships(): number {
    let n = 0;
    for (const t of this.plan.takeovers.values()) if (t.maand <= this.maand) n += 2;
    return n;
  }

  counts(): MarktAantallen {
    const inMonth = (m: Map<number, MarketEvent>) => [...m.values()].filter((x) => x.maand === this.maand).length;
    const entries = this.entries();
    return {
      overnames: inMonth(this.plan.takeovers),
      beeindigd: inMonth(this.plan.exits),
      nieuw: entries.filter((x) => x.maand === this.maand).length,
      verhuisd: inMonth(this.plan.moves),
      formules: this.plan.formulas.filter((f) => f.soort === 'formule').length,
      inkoopgroepen: this.plan.formulas.filter((f) => f.soort === 'inkoopgroep').length,
      groepsleden: this.plan.formulas.reduce((n, f) => n + f.leden.length, 0) + entries.filter((x) => x.groep >= 0).length,
    };
  }
}

const KIFID_SPACE = 89_989; // prime: Kifid numbers 300.010000–300.099988
const kifidNumber = (n: number) => `Kifid 300.0${n}`;

/** The address an office moved to (same town, another postcode and street/number). */
function movedAddress(u: Universe, i: number, old: Address): Address {
  const q = rngFor(u.seed, 'markt-verhuis-adres', i);
  const place = PLACES.find((p) => p.name === old.city) ?? pickPlace(q);
  for (;;) {
    const a = addressIn(q, place);
    if (a.postcode !== old.postcode && a.line !== old.line) return a;
  }
}

/** The details of a new office (before renaming and formula). */
export function entryCompany(u: Universe, x: Entry): CompanyInfo {
  const q = rngFor(u.seed, 'markt-nieuw', x.e);
  const place = pickPlace(q);
  const adres = addressIn(q, place);
  const merk = brand(q);
  const { naam, handelsnaam } = officeName(q, place.name);
  return {
    index: x.index,
    role: 'office',
    kvk: kvkOf(u, x.index),
    naam,
    handelsnaam,
    merk,
    vorm: legalFormOf(naam),
    adres,
    opgericht: dayBetween(q, addDays(x.dag, -720), addDays(x.dag, -14)),
    lei: x.lei ? leiForSerial(u.seed, x.index) : null,
    finregKind: null,
  };
}

// ------------------------------------------------------------------ the plan

const shuffle = <T>(q: Rng, xs: T[]): T[] => {
  for (let k = xs.length - 1; k > 0; k--) {
    const m = q.int(0, k);
    [xs[k], xs[m]] = [xs[m], xs[k]];
  }
  return xs;
};

/** Lays the market's events over the universe (built at peildata[0]). */
export function buildMarket(u: Universe, peildata: string[]): MarketPlan {
  if (u.peildatum !== peildata[0]) throw new Error('interne fout: het universum hoort bij de oudste peildatum');
  const seed = u.seed;
  const f = u.counts.factor;
  const { offices, n3, n2, licensed } = u.fsp;
  const officeStart = u.ranges.office.start;
  const plan: MarketPlan = {
    maanden: peildata.length,
    peildata,
    takeovers: new Map(),
    exits: new Map(),
    moves: new Map(),
    entries: [],
    formulas: [],
    groepVan: new Map(),
    names: new Map(),
    geenAdvies: new Uint8Array(licensed),
    consolidators: [],
  };
  // 1. volmacht-only offices (single-licence offices only)
  for (let k = n3 + n2; k < offices; k++) if (rngFor(seed, 'markt-geen-advies', k).chance(GEEN_ADVIES_SHARE)) plan.geenAdvies[k] = 1;

  // 2. which offices are active advice locations at the start
  const first = new MarketMonth(u, plan, 1);
  const licPerm = permutation(seed, 'vergunningnummer', 999_983);
  const active = new Uint8Array(offices);
  for (let k = 0; k < offices; k++) {
    if (plan.geenAdvies[k]) continue;
    const inst = fspInstitution(u, k, licPerm, first);
    if (inst.licences.some((l) => !l.einde)) active[k] = 1;
  }
  const isIndependent = (i: number) => u.direct[i] === NONE && u.formerDirect[i] === NONE;
  const activeOffices: number[] = [];
  for (let k = 0; k < offices; k++) if (active[k]) activeOffices.push(officeStart + k);
  const nActive = activeOffices.length;
  const used = new Set<number>();

  // 3. formulas and purchasing groups among the independent active offices
  const fq = rngFor(seed, 'markt-formules');
  const candidates = shuffle(fq, activeOffices.filter(isIndependent));
  const nFormulas = Math.max(3, Math.round(45 * f));
  const nGroups = Math.max(1, Math.round(12 * f));
  const maxSize = Math.max(4, Math.min(40, Math.round(40 * Math.sqrt(f))));
  const budget = Math.floor(candidates.length * 0.35);
  const stems = new Set<string>();
  let at = 0;
  for (let g = 0; g < nFormulas + nGroups; g++) {
    const soort = g < nFormulas ? 'formule' : 'inkoopgroep';
    let stem: string;
    do stem = fq.pick(STEM_HEADS) + fq.pick(STEM_TAILS);
    while (stems.has(stem));
    stems.add(stem);
    const naam = soort === 'formule' ? `${stem} ${fq.pick(FORMULA_KINDS)}` : `Inkoopcombinatie ${stem}`;
    const size = 3 + Math.floor((maxSize - 2) * fq.float() ** 2.5);
    if (at + size > budget) break;
    const leden = candidates.slice(at, at + size);
    at += size;
    const nr = plan.formulas.length;
    for (const i of leden) {
      plan.groepVan.set(i, nr);
      used.add(i);
    }
    plan.formulas.push({ nr, soort, naam, kifid: null, leden });
  }
  for (const fm of plan.formulas) if (fm.soort === 'inkoopgroep') fm.kifid = first.kifid(fm.leden[0] - officeStart, null);

  // 4. distinct names: the DNB institutions with a licence keep theirs, offices get a suffix when taken
  const reg = new NameRegistry();
  for (const fm of plan.formulas) reg.reserve(nameKey(fm.naam), `f${fm.nr}`);
  for (const j of u.fsp.overlap) {
    const c = company(u, u.ranges.finreg.start + j);
    reg.claim(c.naam, c.handelsnaam, c.adres.city, `c${c.index}`);
  }
  for (let k = 0; k < offices; k++) {
    const i = officeStart + k;
    const c = company(u, i);
    const renamed = reg.claim(c.naam, c.handelsnaam, c.adres.city, u.ultimate[i] !== NONE ? `g${u.ultimate[i]}` : `c${i}`);
    if (renamed) plan.names.set(i, renamed);
  }

  // 5. the consolidators: Dutch tops, those with holdings first
  const holdingsOf = new Map<number, number[]>();
  for (let h = u.ranges.holding.start; h < u.ranges.holding.end; h++) {
    const t = u.ultimate[h];
    if (t >= 0) (holdingsOf.get(t) ?? holdingsOf.set(t, []).get(t)!).push(h);
  }
  const cq = rngFor(seed, 'markt-consolidatoren');
  const tops = shuffle(cq, Array.from({ length: u.ranges.top.end - u.ranges.top.start }, (_, t) => u.ranges.top.start + t));
  tops.sort((a, b) => Number(holdingsOf.has(b)) - Number(holdingsOf.has(a)));
  plan.consolidators = tops.slice(0, Math.min(tops.length, Math.max(3, Math.round(6 * f ** 0.25))));
  const consWeights = plan.consolidators.map((t, n) => [t, 1 / (n + 1)] as const);
  const nTops = u.ranges.top.end - u.ranges.top.start + (u.foreign.top.end - u.foreign.top.start);
  const nHolding = u.ranges.holding.end - u.ranges.holding.start;
  const buyer = (q: Rng): [Ref, Ref] => {
    if (q.chance(CONSOLIDATOR_SHARE)) {
      const t = q.weighted(consWeights);
      const hs = holdingsOf.get(t);
      if (hs && q.chance(0.7)) return [hs[Math.floor(hs.length * q.float() ** 1.5)], t];
      return [t, t];
    }
    if (q.chance(0.5)) {
      const h = u.ranges.holding.start + Math.floor(nHolding * q.float() ** 2);
      return [h, u.ultimate[h]];
    }
    const t = Math.floor(nTops * q.float() ** 1.5);
    const nl = u.ranges.top.end - u.ranges.top.start;
    const top = t < nl ? u.ranges.top.start + t : foreignRef(u.foreign.top.start + t - nl);
    return [top, top];
  };

  // 6. the events, month by month
  const eq = rngFor(seed, 'markt-gebeurtenissen');
  const takeoverPool = candidates.slice(at);
  const exitPool = shuffle(eq, activeOffices.filter((i) => !plan.groepVan.has(i)));
  const movePool = shuffle(eq, activeOffices.slice());
  const pos = { t: 0, x: 0, v: 0 };
  const next = (pool: number[], key: 't' | 'x' | 'v') => {
    while (pos[key] < pool.length) {
      const i = pool[pos[key]++];
      if (!used.has(i) || (key === 'v' && plan.groepVan.has(i) && !plan.moves.has(i) && !plan.exits.has(i))) {
        used.add(i);
        return i;
      }
    }
    return null;
  };
  const groupWeights = plan.formulas.map((fm) => [fm.nr, fm.leden.length] as const);
  let e = 0;
  for (let m = 2; m <= peildata.length; m++) {
    const q = rngFor(seed, 'markt-maand', m);
    const from = addDays(peildata[m - 2], 1);
    const to = peildata[m - 1];
    const n = (what: keyof typeof RATES) => Math.max(MIN_PER_MONTH[what], Math.round(nActive * RATES[what] * (0.75 + 0.5 * q.float())));
    const [nT, nX, nE, nV] = [n('overnames'), n('beeindigd'), n('nieuw'), n('verhuisd')];
    for (let c = 0; c < nT; c++) {
      const i = next(takeoverPool, 't');
      if (i === null) break;
      const [direct, ultimate] = buyer(q);
      plan.takeovers.set(i, { maand: m, dag: dayBetween(q, from, to), direct, ultimate });
    }
    for (let c = 0; c < nX; c++) {
      const i = next(exitPool, 'x');
      if (i === null) break;
      plan.exits.set(i, { maand: m, dag: dayBetween(q, from, addDays(to, -1)) });
    }
    for (let c = 0; c < nV; c++) {
      const i = next(movePool, 'v');
      if (i === null) break;
      plan.moves.set(i, { maand: m, dag: dayBetween(q, from, to) });
    }
    for (let c = 0; c < nE; c++, e++) {
      const groep = groupWeights.length && q.chance(0.15) ? q.weighted(groupWeights) : -1;
      const x: Entry = { e, index: u.nCompanies + e, maand: m, dag: dayBetween(q, from, to), lei: q.chance(0.5), groep };
      plan.entries.push(x);
      if (groep >= 0) plan.groepVan.set(x.index, groep);
      const ec = entryCompany(u, x);
      const renamed = reg.claim(ec.naam, ec.handelsnaam, ec.adres.city, `c${x.index}`);
      if (renamed) plan.names.set(x.index, renamed);
    }
  }
  return plan;
}

/** Earliest and latest day of month k's events (1-based, k ≥ 2). */
export function monthWindow(plan: MarketPlan, k: number): [string, string] {
  return [isoDay(toMs(plan.peildata[k - 2]) + 86_400_000), plan.peildata[k - 1]];
}
