// The one company universe all four registers are drawn from, so they agree with each other (the
// distribution monitor joins them later on KvK number and LEI):
//
//   Dutch companies, each with a unique 8-digit KvK number, in contiguous role ranges:
//     top        ultimate parents (hoofdholdings), LEI, never a parent above them
//     holding    intermediate holdings, LEI, directly and ultimately consolidated by a top
//     office     advice/intermediation offices with an AFM licence, LEI (active), ~1/3 in a group
//     finreg     Dutch DNB-supervised institutions (banks, insurers, pension funds, …), mostly with LEI;
//                some of the banks/insurers/payment institutions also hold an AFM licence
//     generic    other companies with a LEI (the LEI file's bulk), a few in groups
//     unlicensed AFM-registered offices without a licence (no LEI)
//     person     natural persons (sole traders) in the AFM register, synthetic names (no LEI)
//   Foreign entities (all with a LEI, in the Level 1 file but filtered out by the importer):
//     top        foreign ultimate parents of Dutch groups
//     finreg     EEA institutions in the DNB register (passports, branches)
//     noise      unrelated foreign records, some with a Dutch headquarters address (not Dutch by rule)
//
// Only the structure is held in memory (typed arrays of parent links and flags, a few hundred KB at full
// scale); every record's details are rebuilt on demand from (seed, kind, index), see company() and
// foreignEntity().
import { addressIn, EEA_PLACES, FOREIGN_PLACES, pickPlace, type Address, type ForeignPlace } from './places';
import { brand, companyName, LEGAL_FORMS, legalFormOf, officeName, surname, syntheticPerson, syntheticSurname, type LegalForm } from './names';
import { makeLei } from './lei-check';
import { permutation, rngFor, type Rng } from './prng';
import { dayBetween } from './dates';
import type { RegisterCounts } from './scale';

export type FinregKind =
  | 'bank' | 'verzekeraar' | 'betaalinstelling' | 'elektronischgeld' | 'pensioenfonds' | 'trustkantoor' | 'ppi'
  | 'wisselinstelling' | 'clearinginstelling' | 'gedekteobligaties' | 'herverzekeraar' | 'rekeninginformatie' | 'actuarieel' | 'beheerder'
  | 'buitenlands';

/** How common each Dutch kind is among the Dutch DNB institutions (full scale ≈ 1,700 of them). */
const FINREG_NL_WEIGHTS: readonly (readonly [FinregKind, number])[] = [
  ['bank', 90], ['verzekeraar', 200], ['betaalinstelling', 110], ['elektronischgeld', 25], ['pensioenfonds', 180],
  ['trustkantoor', 160], ['ppi', 12], ['wisselinstelling', 15], ['clearinginstelling', 8], ['gedekteobligaties', 20],
  ['herverzekeraar', 60], ['rekeninginformatie', 40], ['actuarieel', 15], ['beheerder', 700],
];

/** The first Dutch institutions get one kind each, so every sub-register has rows even in a small sample. */
const FORCED_KINDS: readonly FinregKind[] = FINREG_NL_WEIGHTS.map(([k]) => k);

/** Share of Dutch institutions of a kind that have a LEI. */
const FINREG_LEI_SHARE: Record<FinregKind, number> = {
  bank: 1, verzekeraar: 0.95, betaalinstelling: 0.85, elektronischgeld: 0.9, pensioenfonds: 0.9, trustkantoor: 0.5, ppi: 1,
  wisselinstelling: 0.3, clearinginstelling: 1, gedekteobligaties: 0.7, herverzekeraar: 0.5, rekeninginformatie: 0.6, actuarieel: 0.3, beheerder: 0.75,
  buitenlands: 1,
};

/** Kinds whose institutions may also hold an AFM licence (they offer or advise on products themselves). */
const AFM_KINDS = new Set<FinregKind>(['bank', 'verzekeraar', 'betaalinstelling']);

export interface Range {
  start: number;
  end: number;
}
const len = (r: Range) => r.end - r.start;
const inRange = (r: Range, i: number) => i >= r.start && i < r.end;

/** A reference to an entity: ≥ 0 a Dutch company index, ≤ -2 a foreign entity (-2 - index), -1 none. */
export type Ref = number;
export const NONE = -1;
export const foreignRef = (f: number): Ref => -2 - f;
export const isForeignRef = (r: Ref) => r <= -2;
export const foreignIndexOf = (r: Ref) => -2 - r;

export type Role = 'top' | 'holding' | 'office' | 'finreg' | 'generic' | 'unlicensed' | 'person';

export interface Universe {
  seed: number;
  peildatum: string;
  counts: RegisterCounts;
  nCompanies: number;
  ranges: Record<Role, Range>;
  foreign: { n: number; top: Range; finreg: Range; noise: Range };
  /** per Dutch company: 1 when it has a LEI record */
  hasLei: Uint8Array;
  /** per Dutch company: direct and ultimate parent, and an ended earlier direct parent (Ref or NONE) */
  direct: Int32Array;
  ultimate: Int32Array;
  formerDirect: Int32Array;
  /** DNB institutions: Dutch ones first (company ranges.finreg.start + j), then foreign (foreign.finreg.start + j - finregNl) */
  finregKinds: FinregKind[];
  finregNl: number;
  /** registrations per DNB institution (sums to counts.finreg.registraties) */
  finregRegistrations: Uint16Array;
  /** AFM institutions, in this order before shuffling: offices, finreg overlap, unlicensed, persons, passports */
  fsp: {
    offices: number;
    /** DNB institution indices (Dutch) that also hold an AFM licence */
    overlap: number[];
    unlicensed: number;
    persons: number;
    passports: number;
    /** institutions with a licence, and how many of them have 3 and 2 licences (the first ones) */
    licensed: number;
    n3: number;
    n2: number;
  };
  /** retired earlier LEI records of a KvK that now has another (active) LEI */
  historical: number;
  /** Level 1 record counts: Dutch (what the importer keeps) and foreign */
  leiDutch: number;
  leiForeign: number;
  /** Level 2 relationship records */
  relationships: number;
}

const clamp = (n: number, lo: number) => Math.max(lo, n);

/** Builds the universe's structure for a scale; cheap (no record details). */
export function buildUniverse(seed: number, counts: RegisterCounts, peildatum: string): Universe {
  const f = counts.factor;

  // --- AFM: licences (at most three per institution) and who holds them
  const licences = counts.fsp.vergunningen;
  const licensed = Math.max(1, Math.round(licences / 1.14));
  const extra = licences - licensed;
  const n3 = Math.floor(extra / 12);
  const n2 = extra - 2 * n3;

  // --- DNB institutions: Dutch first, then foreign (passports and branches)
  const finInst = counts.finreg.instellingen;
  const finregNl = finInst - Math.round(finInst * 0.48);
  const finregKinds: FinregKind[] = [];
  for (let j = 0; j < finInst; j++) {
    if (j >= finregNl) finregKinds.push('buitenlands');
    else if (j < FORCED_KINDS.length) finregKinds.push(FORCED_KINDS[j]);
    else finregKinds.push(rngFor(seed, 'finreg-kind', j).weighted(FINREG_NL_WEIGHTS));
  }
  const finregHasLei = finregKinds.slice(0, finregNl).map((k, j) => (j < FORCED_KINDS.length || rngFor(seed, 'finreg-lei', j).chance(FINREG_LEI_SHARE[k]) ? 1 : 0));
  const wantOverlap = Math.min(Math.round(250 * f), Math.floor(licensed / 4));
  const overlap: number[] = [];
  for (let j = 0; j < finregNl && overlap.length < wantOverlap; j++) if (finregHasLei[j] && AFM_KINDS.has(finregKinds[j])) overlap.push(j);
  const offices = licensed - overlap.length;
  const passports = Math.round(counts.fsp.instellingen * 0.08);
  const persons = Math.round(counts.fsp.instellingen * 0.06);
  const unlicensed = counts.fsp.instellingen - licensed - passports - persons;
  if (unlicensed < 0) throw new Error('schaal: te veel vergunningen voor het aantal instellingen');

  // --- group structure sizes
  const nTopNl = clamp(Math.round(420 * f), 5);
  const nTopForeign = clamp(Math.round(70 * f), 2);
  const nHolding = clamp(Math.round(1300 * f), 8);
  const finregLei = finregHasLei.reduce<number>((a, b) => a + b, 0);
  const leiDutch = counts.lei.entiteiten;
  const historical = Math.round(leiDutch * 0.015);
  const nGeneric = leiDutch - historical - nTopNl - nHolding - offices - finregLei;
  if (nGeneric < historical) throw new Error('schaal: te weinig LEI-entiteiten voor de kantoren en instellingen');

  const ranges = {} as Record<Role, Range>;
  let at = 0;
  for (const [role, n] of [
    ['top', nTopNl], ['holding', nHolding], ['office', offices], ['finreg', finregNl], ['generic', nGeneric],
    ['unlicensed', unlicensed], ['person', persons],
  ] as const) {
    ranges[role] = { start: at, end: at + n };
    at += n;
  }
  const nCompanies = at;
  const nFinForeign = finInst - finregNl;
  const nNoise = Math.round(leiDutch * 0.02);
  const foreign = {
    top: { start: 0, end: nTopForeign },
    finreg: { start: nTopForeign, end: nTopForeign + nFinForeign },
    noise: { start: nTopForeign + nFinForeign, end: nTopForeign + nFinForeign + nNoise },
    n: nTopForeign + nFinForeign + nNoise,
  };

  const hasLei = new Uint8Array(nCompanies);
  for (const role of ['top', 'holding', 'office', 'generic'] as const) hasLei.fill(1, ranges[role].start, ranges[role].end);
  finregHasLei.forEach((v, j) => (hasLei[ranges.finreg.start + j] = v));

  // --- parents. Group sizes are skewed (u² picks low indices more often): a few large chains of offices,
  // many small ones; 15 % of the tops are foreign.
  const nTops = nTopNl + nTopForeign;
  const topRef = (t: number): Ref => (t < nTopNl ? ranges.top.start + t : foreignRef(foreign.top.start + t - nTopNl));
  const pickTop = (q: Rng) => topRef(Math.floor(nTops * q.float() ** 1.5));
  const pickHolding = (q: Rng) => ranges.holding.start + Math.floor(nHolding * q.float() ** 2);
  const direct = new Int32Array(nCompanies).fill(NONE);
  const ultimate = new Int32Array(nCompanies).fill(NONE);
  const formerDirect = new Int32Array(nCompanies).fill(NONE);
  for (let i = ranges.holding.start; i < ranges.holding.end; i++) {
    direct[i] = ultimate[i] = pickTop(rngFor(seed, 'group', i));
  }
  const joinGroup = (i: number, pGroup: number, pViaHolding: number) => {
    const q = rngFor(seed, 'group', i);
    if (!q.chance(pGroup)) return;
    if (q.chance(pViaHolding)) {
      const h = pickHolding(q);
      direct[i] = h;
      ultimate[i] = ultimate[h];
      // a few offices moved between holdings: the ended relationship stays in the file, INACTIVE
      if (q.chance(0.06)) {
        const old = pickHolding(q);
        if (old !== h) formerDirect[i] = old;
      }
    } else direct[i] = ultimate[i] = pickTop(q);
  };
  for (let i = ranges.office.start; i < ranges.office.end; i++) joinGroup(i, 0.32, 0.8);
  for (let i = ranges.generic.start; i < ranges.generic.end; i++) joinGroup(i, 0.022, 0.5);
  for (let j = 0; j < finregNl; j++) {
    const i = ranges.finreg.start + j;
    if (!hasLei[i]) continue;
    const q = rngFor(seed, 'group', i);
    // Dutch banks and insurers are often part of a (foreign) financial group
    if (q.chance(0.35)) direct[i] = ultimate[i] = q.chance(0.6) ? foreignRef(foreign.top.start + q.int(0, nTopForeign - 1)) : pickTop(q);
  }
  let relationships = 0;
  for (let i = 0; i < nCompanies; i++) {
    if (direct[i] !== NONE) relationships += 2;
    if (formerDirect[i] !== NONE) relationships++;
  }

  // --- registrations per DNB institution: at least one each, the rest spread by kind (banks and foreign
  // institutions with their many notifications get the most), exact total
  const regWeight: Record<FinregKind, number> = {
    bank: 40, verzekeraar: 12, betaalinstelling: 8, elektronischgeld: 6, pensioenfonds: 2, trustkantoor: 4, ppi: 4,
    wisselinstelling: 2, clearinginstelling: 5, gedekteobligaties: 2, herverzekeraar: 3, rekeninginformatie: 3, actuarieel: 1, beheerder: 8, buitenlands: 17,
  };
  const finregRegistrations = new Uint16Array(finInst).fill(1);
  const w = finregKinds.map((k, j) => regWeight[k] * (0.3 + 1.4 * rngFor(seed, 'finreg-regs', j).float()));
  const W = w.reduce((a, b) => a + b, 0);
  let left = counts.finreg.registraties - finInst;
  const share = left;
  for (let j = 0; j < finInst; j++) {
    const n = Math.floor((share * w[j]) / W);
    finregRegistrations[j] += n;
    left -= n;
  }
  for (let j = 0; left > 0; j = (j + 1) % finInst, left--) finregRegistrations[j]++;

  return {
    seed,
    peildatum,
    counts,
    nCompanies,
    ranges,
    foreign,
    hasLei,
    direct,
    ultimate,
    formerDirect,
    finregKinds,
    finregNl,
    finregRegistrations,
    fsp: { offices, overlap, unlicensed, persons, passports, licensed, n3, n2 },
    historical,
    leiDutch,
    leiForeign: foreign.n,
    relationships,
  };
}

/** The role of a Dutch company index. */
export function roleOf(u: Universe, i: number): Role {
  for (const role of Object.keys(u.ranges) as Role[]) if (inRange(u.ranges[role], i)) return role;
  throw new Error(`company index out of range: ${i}`);
}

// ---------------------------------------------------------------- identifiers

const KVK_SPACE = 89_999_999; // prime: KvK numbers 10000000–99999998
const kvkPerm = new Map<number, (x: number) => number>();

/** The KvK number of a Dutch company: unique, 8 digits. */
export function kvkOf(u: Universe, i: number): string {
  let p = kvkPerm.get(u.seed);
  if (!p) kvkPerm.set(u.seed, (p = permutation(u.seed, 'kvk', KVK_SPACE)));
  return String(10_000_000 + p(i));
}

const LOUS: readonly (readonly [string, number])[] = [
  ['724500', 35], ['549300', 25], ['984500', 25], ['894500', 10], ['213800', 5],
];
const FOREIGN_LOUS: readonly (readonly [string, number])[] = [
  ['529900', 30], ['969500', 20], ['635400', 15], ['549300', 20], ['213800', 15],
];
const LEI_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * A LEI with valid check digits: a LOU prefix (6), 7 random characters, the serial in base 36 (5, so every
 * serial gives a different LEI), 2 check digits. Serials: companies i, foreign 2,000,000 + f, historical
 * records 4,000,000 + k.
 */
export function leiForSerial(seed: number, serial: number, foreignLou = false): string {
  const q = rngFor(seed, 'lei-code', serial);
  const lou = q.weighted(foreignLou ? FOREIGN_LOUS : LOUS);
  return makeLei(lou + q.chars(LEI_CHARS, 7) + serial.toString(36).toUpperCase().padStart(5, '0'));
}

export const FOREIGN_SERIAL = 2_000_000;
export const HISTORICAL_SERIAL = 4_000_000;

/** The LEI of a reference (Dutch company with a LEI, or foreign entity). */
export function leiOfRef(u: Universe, ref: Ref): string {
  if (isForeignRef(ref)) return leiForSerial(u.seed, FOREIGN_SERIAL + foreignIndexOf(ref), true);
  if (!u.hasLei[ref]) throw new Error(`company ${ref} has no LEI`);
  return leiForSerial(u.seed, ref);
}

/** The company an earlier, retired LEI record belongs to (spread evenly over the generic companies). */
export function historicalCompany(u: Universe, k: number): number {
  const g = u.ranges.generic;
  return g.start + Math.floor((k * len(g)) / Math.max(1, u.historical));
}

/**
 * RSIN (9 digits, elfproef): a unique 7-digit prefix from a permutation of the index, an 8th digit chosen so
 * the check digit is never 10 (of the ten choices at most one gives 10), then the check digit.
 */
export function rsinFrom(prefix7: number): string {
  const p = String(prefix7).padStart(7, '0');
  let s7 = 0;
  for (let k = 0; k < 7; k++) s7 += Number(p[k]) * (9 - k);
  for (let d8 = 0; d8 <= 9; d8++) {
    const c = (s7 + d8 * 2) % 11;
    if (c !== 10) return `${p}${d8}${c}`;
  }
  throw new Error('unreachable');
}

/** True when a 9-digit number passes the elfproef (9·d1 + … + 2·d8 − d9 ≡ 0 mod 11). */
export function isElfproef(n: string): boolean {
  if (!/^\d{9}$/.test(n)) return false;
  let s = 0;
  for (let k = 0; k < 8; k++) s += Number(n[k]) * (9 - k);
  return (s - Number(n[8])) % 11 === 0;
}

const finregRsinPerm = new Map<number, (x: number) => number>();
/** RSIN of a Dutch DNB institution (prefix range 8500000–8699999, apart from the ANBI range). */
export function finregRsin(u: Universe, j: number): string {
  let p = finregRsinPerm.get(u.seed);
  if (!p) finregRsinPerm.set(u.seed, (p = permutation(u.seed, 'rsin-finreg', 199_999)));
  return rsinFrom(8_500_000 + p(j));
}

// ---------------------------------------------------------------- company details

export interface CompanyInfo {
  index: number;
  role: Role;
  kvk: string;
  naam: string;
  handelsnaam: string | null;
  /** brand word offices of a group may carry */
  merk: string;
  vorm: LegalForm;
  adres: Address;
  /** yyyy-mm-dd */
  opgericht: string;
  lei: string | null;
  finregKind: FinregKind | null;
}

const FINREG_TRADE: Record<Exclude<FinregKind, 'buitenlands'>, (b: string, s: string, q: Rng) => string> = {
  bank: (b, _s, q) => q.pick([`${b} Bank N.V.`, `${b} Spaarbank N.V.`, `Coöperatieve ${b} Bank U.A.`, `${b} Hypotheekbank N.V.`]),
  verzekeraar: (b, _s, q) => q.pick([`${b} Verzekeringen N.V.`, `${b} Levensverzekering N.V.`, `${b} Schadeverzekering N.V.`, `Onderlinge Verzekeringsmaatschappij ${b} U.A.`]),
  betaalinstelling: (b, _s, q) => q.pick([`${b} Payments B.V.`, `${b}Pay B.V.`, `${b} Betaaldiensten B.V.`]),
  elektronischgeld: (b) => `${b} E-Money B.V.`,
  pensioenfonds: (b, s, q) => q.pick([`Stichting Pensioenfonds ${b}`, `Stichting Pensioenfonds ${s}`, `Stichting Bedrijfstakpensioenfonds ${b}`]),
  trustkantoor: (b, s, q) => q.pick([`${b} Trust B.V.`, `${s} Corporate Services B.V.`, `${b} Management B.V.`]),
  ppi: (b) => `${b} Premiepensioeninstelling N.V.`,
  wisselinstelling: (b) => `${b} Change B.V.`,
  clearinginstelling: (b) => `${b} Clearing B.V.`,
  gedekteobligaties: (b, _s, q) => q.pick([`${b} Covered Bond Company B.V.`, `${b} SB Covered Bond Company B.V.`]),
  herverzekeraar: (b, _s, q) => q.pick([`${b} Herverzekering N.V.`, `${b} Re N.V.`]),
  rekeninginformatie: (b) => `${b} Account Information B.V.`,
  actuarieel: (b, s, q) => q.pick([`${b} Actuarissen B.V.`, `${s} Actuarieel Advies B.V.`]),
  beheerder: (b, _s, q) => q.pick([`${b} Investment Management B.V.`, `${b} Vermogensbeheer B.V.`, `${b} Capital Partners B.V.`, `${b} Asset Management N.V.`]),
};

/** The details of a Dutch company, rebuilt from (seed, index). */
export function company(u: Universe, i: number): CompanyInfo {
  const role = roleOf(u, i);
  const q = rngFor(u.seed, 'company', i);
  const place = pickPlace(q);
  const adres = addressIn(q, place);
  const merk = brand(q);
  const s = surname(q);
  let naam: string;
  let handelsnaam: string | null = null;
  let vorm: LegalForm | null = null;
  let finregKind: FinregKind | null = null;
  switch (role) {
    case 'top':
      naam = q.pick([`${merk} Groep N.V.`, `${merk} Group B.V.`, `${s} Beheer B.V.`, `${merk} Holding N.V.`]);
      handelsnaam = q.chance(0.4) ? `${merk} Groep` : null;
      break;
    case 'holding':
      naam = q.pick([`${s} Holding B.V.`, `${merk} Holding B.V.`, `Beheermaatschappij ${s} B.V.`, `${merk} Adviesgroep Holding B.V.`]);
      break;
    case 'office':
    case 'unlicensed': {
      const h = u.direct[i];
      if (h >= 0 && roleOf(u, h) === 'holding' && q.chance(0.5)) {
        // offices of a chain carry the chain's brand and their own town
        const chain = company(u, h).merk;
        naam = `${chain} ${place.name} B.V.`;
        handelsnaam = `${chain} ${place.name}`;
      } else ({ naam, handelsnaam } = officeName(q, place.name));
      break;
    }
    case 'finreg': {
      const kind = u.finregKinds[i - u.ranges.finreg.start] as Exclude<FinregKind, 'buitenlands'>;
      finregKind = kind;
      naam = FINREG_TRADE[kind](merk, s, q);
      handelsnaam = q.chance(0.5) ? merk : null;
      break;
    }
    case 'generic': {
      const c = companyName(q);
      naam = c.naam;
      vorm = c.vorm;
      break;
    }
    case 'person': {
      const sn = syntheticSurname(q);
      const person = syntheticPerson(q);
      naam = person.replace(/\S+$/, sn);
      handelsnaam = q.pick([`${sn} Assurantiën`, `${sn} Hypotheekadvies`, `Adviesbureau ${sn}`]);
      vorm = LEGAL_FORMS.eenmanszaak;
      break;
    }
  }
  const opgericht = dayBetween(q, role === 'top' ? '1950-01-01' : '1975-01-01', `${Number(u.peildatum.slice(0, 4)) - 2}-12-31`);
  return {
    index: i,
    role,
    kvk: kvkOf(u, i),
    naam,
    handelsnaam,
    merk,
    vorm: vorm ?? legalFormOf(naam),
    adres,
    opgericht,
    lei: u.hasLei[i] ? leiForSerial(u.seed, i) : null,
    finregKind,
  };
}

export interface ForeignInfo {
  index: number;
  kind: 'top' | 'finreg' | 'noise';
  lei: string;
  naam: string;
  place: ForeignPlace;
  adres: string;
  /** the legal form as written out (GLEIF code 8888 = not in the ELF list) */
  rechtsvorm: string;
  raEntityId: string;
  /** noise records with a Dutch headquarters (legal address abroad: not Dutch by the importer's rule) */
  nlHeadquarters: Address | null;
}

const FOREIGN_HEADS = ['Nord', 'Alpen', 'Rhein', 'Atlantic', 'Baltic', 'Euro', 'Hanse', 'Meridian', 'Aurora', 'Castell', 'Lumen', 'Trident', 'Solano', 'Vesta', 'Orion'];
const FORM_BY_COUNTRY: Record<string, string> = {
  DE: 'AG', BE: 'NV', FR: 'S.A.', LU: 'S.A.', IE: 'DAC', ES: 'S.A.', IT: 'S.p.A.', AT: 'AG', DK: 'A/S', SE: 'AB', MT: 'p.l.c.',
  LT: 'UAB', GB: 'plc', CH: 'AG', US: 'Inc.',
};
const FOREIGN_TRADE: Record<string, readonly string[]> = {
  DE: ['Versicherung', 'Bank', 'Kredit', 'Finanz'], AT: ['Versicherung', 'Bank', 'Finanz'], CH: ['Versicherungen', 'Holding', 'Finanz'],
  FR: ['Assurances', 'Banque', 'Crédit'], BE: ['Verzekeringen', 'Bank', 'Assurances'], LU: ['Assurances', 'Banque', 'Payments'],
  IT: ['Assicurazioni', 'Banca', 'Credito'], ES: ['Seguros', 'Banco', 'Pagos'], SE: ['Försäkring', 'Bank', 'Betalningar'],
  DK: ['Forsikring', 'Bank', 'Finans'], IE: ['Insurance', 'Bank', 'Payments'], MT: ['Insurance', 'Payments', 'Finance'],
  LT: ['Payments', 'Finance', 'Pay'], GB: ['Insurance', 'Bank', 'Group'], US: ['Holdings', 'Financial', 'Group'],
};

/** A foreign company name, e.g. "Nordwerk Versicherung AG". */
export function foreignName(q: Rng, place: ForeignPlace): string {
  const head = q.pick(FOREIGN_HEADS) + q.pick(['', 'ia', 'is', 'a', 'o', 'ex']);
  return `${head} ${q.pick(FOREIGN_TRADE[place.country] ?? ['Finance'])} ${FORM_BY_COUNTRY[place.country] ?? 'Ltd'}`;
}

/** The details of a foreign entity, rebuilt from (seed, index). */
export function foreignEntity(u: Universe, fi: number): ForeignInfo {
  const kind = inRange(u.foreign.top, fi) ? 'top' : inRange(u.foreign.finreg, fi) ? 'finreg' : 'noise';
  const q = rngFor(u.seed, 'foreign', fi);
  const place = kind === 'finreg' ? q.pick(EEA_PLACES) : q.pick(FOREIGN_PLACES);
  const naam = kind === 'top' ? `${q.pick(FOREIGN_HEADS)}${q.pick(['', 'a', 'is'])} Group ${FORM_BY_COUNTRY[place.country] ?? 'Ltd'}` : foreignName(q, place);
  return {
    index: fi,
    kind,
    lei: leiForSerial(u.seed, FOREIGN_SERIAL + fi, true),
    naam,
    place,
    adres: `${place.street} ${q.int(1, 200)}`,
    rechtsvorm: FORM_BY_COUNTRY[place.country] ?? 'Ltd',
    raEntityId: String(q.int(100000, 99999999)),
    nlHeadquarters: kind === 'noise' && q.chance(0.2) ? addressIn(q, pickPlace(q)) : null,
  };
}

/** The AFM-licensed Dutch companies' KvK numbers, for coherence checks (offices and finreg overlap). */
export function licensedCompanies(u: Universe): number[] {
  const out: number[] = [];
  for (let i = u.ranges.office.start; i < u.ranges.office.end; i++) out.push(i);
  for (const j of u.fsp.overlap) out.push(u.ranges.finreg.start + j);
  return out;
}
