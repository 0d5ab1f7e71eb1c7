// Samenwerkingsverbanden: offices of different organisations tied without capital (franchise formulas,
// purchasing groups), found through the registers' relations instead of LEI ownership. Pure.
//
// Rule (the words of /methodiek):
// - Only active vestigingen count.
// - Two vestigingen are related when they carry the same normalised trade name, or the same
//   complaints-institute membership number.
//   - A trade name is normalised to lower case with diacritics folded, dots dropped (B.V. → bv), other
//     punctuation turned into spaces, the legal forms bv, nv, vof, cv, ua, wa, ba and the word holding
//     removed, and spaces collapsed. Names shorter than 4 characters after this are ignored.
//   - A complaints-institute entry counts by its membership number: its digits (Kifid 300.012345 →
//     300012345). Entries with fewer than 4 digits (an empty entry, or only the institute's name) are ignored.
// - Each shared name or number forms its own group (no chaining across keys: one common surname or a
//   reused number would glue unrelated formulas together); keys shared by exactly the same vestigingen are
//   one group. A vestiging can be in several groups (a franchise and a purchasing group).
// - A group is a samenwerkingsverband when it spans at least 2 capital units. A capital unit is the
//   vestiging's hoofdholding when it has one, else its KvK number. Offices of one organisation (or of one
//   ownership structure) that share a name are therefore not a samenwerkingsverband.
// - `sleutels` are the group's shared names and numbers; `soort` says which kinds they are (handelsnaam,
//   klachteninstituut or beide).
// - The id is 'S' + 10 base32 characters of the sha-256 of the group's leading key (a trade name before a
//   number, then the smallest): stable while the formula keeps its name, whoever joins or leaves.
// - `naam` is the trade name that occurs in most of the group's vestigingen (ties alphabetical; without
//   trade names the most frequent office name).
import { createHash } from 'node:crypto';
import type { MarktVestiging } from './types';

/** The rule in Dutch, as /methodiek serves it. */
export const REGEL =
  'Een samenwerkingsverband is een groep actieve vestigingen van ten minste twee verschillende kapitaaleenheden ' +
  '(de hoofdholding, of het KvK-nummer als er geen hoofdholding is) die zonder kapitaalband met elkaar verbonden zijn ' +
  'door dezelfde handelsnaam of hetzelfde aansluitnummer bij het klachteninstituut. Handelsnamen worden vergeleken ' +
  'in kleine letters, zonder accenten en leestekens en zonder rechtsvorm (B.V., N.V., V.O.F., C.V., U.A., W.A., B.A.) ' +
  'of het woord Holding; namen korter dan 4 tekens tellen niet. Van het klachteninstituut telt alleen het ' +
  'aansluitnummer (de cijfers, ten minste 4). Elke gedeelde naam of elk gedeeld nummer vormt een eigen groep (geen ketens ' +
  'over verschillende namen heen); namen en nummers met precies dezelfde vestigingen vormen één groep. Een vestiging kan in ' +
  'meer dan één samenwerkingsverband zitten.';

export type SamenwerkingSoort = 'handelsnaam' | 'klachteninstituut' | 'beide';

export interface Samenwerkingsverband {
  samenwerkingsverband_id: string;
  naam: string;
  soort: SamenwerkingSoort;
  /** Shared keys, sorted: 'handelsnaam:<normalised name>' and 'klachteninstituut:<digits>'. */
  sleutels: string[];
  vestiging_ids: string[];
  kvk_nummers: string[];
  aantal_vestigingen: number;
  /** Capital units: distinct hoofdholdingen plus the KvK numbers of independent vestigingen. */
  aantal_organisaties: number;
  plaatsen: string[];
}

/** Legal forms and words dropped from a trade name (after dots are removed). */
const RECHTSVORMEN = new Set(['bv', 'nv', 'vof', 'cv', 'ua', 'wa', 'ba', 'holding']);
/** Shortest normalised trade name that counts. */
export const MIN_NAAM = 4;
/** Fewest digits of a complaints-institute membership number that counts. */
export const MIN_CIJFERS = 4;

/** A trade name as it is compared ('Hypotheekshop Zuid B.V.' → 'hypotheekshop zuid'), or null when too short. */
export function normaalHandelsnaam(naam: string): string | null {
  const s = naam
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\./g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((w) => w && !RECHTSVORMEN.has(w))
    .join(' ');
  return s.length >= MIN_NAAM ? s : null;
}

/** A complaints-institute entry as its membership number ('Kifid 300.012345' → '300012345'), or null. */
export function normaalKlachtnummer(k: string | null | undefined): string | null {
  const digits = (k ?? '').replace(/\D+/g, '');
  return digits.length >= MIN_CIJFERS ? digits : null;
}

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';

/** Stable id of a samenwerkingsverband from its leading key. */
export function samenwerkingsverbandId(sleutel: string): string {
  const h = createHash('sha256').update(sleutel).digest();
  let out = 'S';
  for (let i = 0; i < 10; i++) out += BASE32[h[i] & 31];
  return out.toUpperCase();
}

const cmpId = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const cmpNaam = (a: string, b: string) => a.localeCompare(b, 'nl') || cmpId(a, b);

/** The samenwerkingsverbanden among `vestigingen`: largest first (then naam, then id). */
export function deriveSamenwerkingsverbanden(vestigingen: readonly MarktVestiging[]): Samenwerkingsverband[] {
  const vs = vestigingen.filter((v) => v.actief).sort((a, b) => cmpId(a.vestiging_id, b.vestiging_id));
  const unit = vs.map((v) => (v.hoofdholding_id ? `h:${v.hoofdholding_id}` : `k:${v.kvk_nummer}`));

  // key → indices of the vestigingen holding it.
  const holders = new Map<string, number[]>();
  const keysOf: string[][] = vs.map((v) => {
    const keys = new Set<string>();
    for (const n of v.handelsnamen) {
      const k = normaalHandelsnaam(n);
      if (k) keys.add(`handelsnaam:${k}`);
    }
    const nr = normaalKlachtnummer(v.klachteninstituut);
    if (nr) keys.add(`klachteninstituut:${nr}`);
    return [...keys];
  });
  keysOf.forEach((keys, i) => {
    for (const k of keys) (holders.get(k) ?? holders.set(k, []).get(k)!).push(i);
  });

  // One group per shared key; keys with exactly the same members are one group (a formula whose members
  // also share a complaints number). No chaining across keys: one common surname or a reused number
  // would otherwise glue unrelated formulas into one giant component.
  const groups = new Map<string, { idx: number[]; keys: string[] }>();
  for (const [k, idx] of holders) {
    if (idx.length < 2) continue;
    const sig = idx.join(',');
    const g = groups.get(sig);
    if (g) g.keys.push(k);
    else groups.set(sig, { idx, keys: [k] });
  }

  const out: Samenwerkingsverband[] = [];
  for (const { idx, keys } of groups.values()) {
    if (idx.length < 2) continue;
    const units = new Set(idx.map((i) => unit[i]));
    if (units.size < 2) continue;
    const sleutels = [...keys].sort(cmpId);
    // A trade name leads over a number (the formula's own name), then the smallest key.
    const leading = [...sleutels].sort((a, b) => Number(b.startsWith('handelsnaam:')) - Number(a.startsWith('handelsnaam:')) || cmpId(a, b))[0];
    const naamSoort = sleutels.some((k) => k.startsWith('handelsnaam:'));
    const nrSoort = sleutels.some((k) => k.startsWith('klachteninstituut:'));
    // The most frequent trade name (each vestiging counts a name once); without any, the most frequent office name.
    const tel = new Map<string, number>();
    for (const i of idx) for (const n of new Set(vs[i].handelsnamen.map((x) => x.trim()).filter(Boolean))) tel.set(n, (tel.get(n) ?? 0) + 1);
    if (tel.size === 0) for (const i of idx) tel.set(vs[i].naam, (tel.get(vs[i].naam) ?? 0) + 1);
    const naam = [...tel.entries()].sort((a, b) => b[1] - a[1] || cmpNaam(a[0], b[0]))[0][0];
    out.push({
      samenwerkingsverband_id: samenwerkingsverbandId(leading),
      naam,
      soort: naamSoort && nrSoort ? 'beide' : naamSoort ? 'handelsnaam' : 'klachteninstituut',
      sleutels,
      vestiging_ids: idx.map((i) => vs[i].vestiging_id), // vs is sorted by id, idx ascending
      kvk_nummers: [...new Set(idx.map((i) => vs[i].kvk_nummer))].sort(cmpId),
      aantal_vestigingen: idx.length,
      aantal_organisaties: units.size,
      plaatsen: [...new Set(idx.map((i) => vs[i].plaats).filter((p): p is string => !!p))].sort(cmpNaam),
    });
  }
  return out.sort(cmpVerband);
}

const cmpVerband = (a: Samenwerkingsverband, b: Samenwerkingsverband) =>
  b.aantal_vestigingen - a.aantal_vestigingen || cmpNaam(a.naam, b.naam) || cmpId(a.samenwerkingsverband_id, b.samenwerkingsverband_id);
