// AFM register of financial service providers (fsp) in the ASSUMED export layout of fsp/columns.ts
// (EXPORT_LAYOUT): one row per institution × licence × product, the institution's columns repeated,
// several values in one cell joined with EXPORT_LAYOUT.separator, an institution without licence on one
// row with empty licence columns. Every field quoted, CRLF; the caller encodes cp1252. Institutions:
// licensed offices and the DNB institutions that also hold an AFM licence (all with an active LEI under
// their KvK number), offices without licence, natural persons (synthetic names), and incoming European
// passports (foreign, no KvK, no Dutch licence). Pure: yields CSV lines.
import { AFM_COLUMNS, EXPORT_LAYOUT } from '../fsp/columns';
import { addDays, dayBetween } from './dates';
import { csvQuoted, dutchDate } from './encoding';
import { syntheticPerson } from './names';
import { EEA_PLACES } from './places';
import { permutation, rngFor, type Rng } from './prng';
import type { Entry, MarketMonth } from './market';
import { company, foreignName, type Universe } from './universe';

/** The header line: first spelling of each EXPORT_LAYOUT field, in that order. */
export const AFM_HEADER = EXPORT_LAYOUT.header.map((f) => csvQuoted(AFM_COLUMNS[f][0])).join(';');
const SEP = EXPORT_LAYOUT.separator;

const ADVICE_PRODUCTS = [
  'Hypothecair krediet', 'Consumptief krediet', 'Schadeverzekeringen', 'Levensverzekeringen', 'Betaalrekeningen', 'Spaarrekeningen',
  'Pensioenverzekeringen', 'Beleggingsobjecten', 'Inkomensverzekeringen', 'Premiepensioenvorderingen', 'Natura-uitvaartverzekeringen',
];
const ADVICE_WEIGHTS = [30, 12, 35, 14, 4, 6, 10, 3, 15, 3, 4];

export interface Licence {
  nummer: string;
  ingang: string;
  einde: string;
  /** [product, services] */
  producten: [string, string][];
}

export interface FspInstitution {
  afmId: string;
  naam: string;
  handelsnaam: string;
  kvk: string;
  adres: string;
  postcode: string;
  plaats: string;
  land: string;
  paspoort: boolean;
  lidstaat: string;
  klachteninstituut: string;
  beleidsbepalers: string;
  licences: Licence[];
}

/** A deterministic version-4-style GUID (the AFM identifies institutions by GUID). */
export function guid(q: Rng): string {
  const h = Array.from({ length: 4 }, () => q.next32().toString(16).padStart(8, '0')).join('');
  const v = `${h.slice(0, 12)}4${h.slice(13, 16)}${'89ab'[parseInt(h[16], 16) & 3]}${h.slice(17)}`;
  return `${v.slice(0, 8)}-${v.slice(8, 12)}-${v.slice(12, 16)}-${v.slice(16, 20)}-${v.slice(20, 32)}`;
}

function pickWeighted(q: Rng, items: readonly string[], weights: readonly number[], k: number): string[] {
  const pool = items.map((it, i) => [it, weights[i]] as [string, number]);
  const out: string[] = [];
  while (out.length < k && pool.length) {
    const v = q.weighted(pool);
    out.push(v);
    pool.splice(pool.findIndex(([x]) => x === v), 1);
  }
  return out;
}

function licenceProducts(q: Rng, nr: number, finregKind: string | null): [string, string][] {
  if (finregKind === 'bank')
    return q.sample(['Betaalrekeningen', 'Spaarrekeningen', 'Hypothecair krediet', 'Consumptief krediet', 'Beleggingsobjecten'], q.int(2, 5)).map((p) => [p, `Aanbieden${SEP}Adviseren`]);
  if (finregKind === 'verzekeraar')
    return q.sample(['Schadeverzekeringen', 'Levensverzekeringen', 'Inkomensverzekeringen', 'Pensioenverzekeringen', 'Natura-uitvaartverzekeringen'], q.int(1, 4)).map((p) => [p, `Aanbieden${SEP}Adviseren`]);
  if (finregKind === 'betaalinstelling') return [['Betaalrekeningen', 'Aanbieden']];
  if (nr === 1) {
    const agent = q.chance(0.7) ? 'Optreden als gevolmachtigd agent' : 'Optreden als ondergevolmachtigd agent';
    return (q.chance(0.6) ? ['Schadeverzekeringen'] : ['Schadeverzekeringen', 'Inkomensverzekeringen']).map((p) => [p, agent]);
  }
  if (nr === 2) return q.sample(['Beleggingsobjecten', 'Premiepensioenvorderingen', 'Consumptief krediet'], q.int(1, 2)).map((p) => [p, 'Adviseren']);
  return pickWeighted(q, ADVICE_PRODUCTS, ADVICE_WEIGHTS, q.int(1, 5)).map((p) => {
    const services = q.chance(0.7) ? `Adviseren${SEP}Bemiddelen` : q.chance(0.6) ? 'Adviseren' : 'Bemiddelen';
    return [p, services];
  });
}

const kifid = (q: Rng) => `Kifid 300.0${q.int(10_000, 29_999)}`;
const policyMakers = (q: Rng) => Array.from({ length: q.int(1, 3) }, () => syntheticPerson(q)).join(SEP);

/**
 * The fsp institution at pre-shuffle position k (see Universe.fsp for the order of the kinds). With a market
 * month (market.ts): that month's names, addresses, Kifid numbers and ended licences; without, the
 * single-export output exactly as before.
 */
export function fspInstitution(u: Universe, k: number, licPerm: (x: number) => number, m?: MarketMonth): FspInstitution {
  const q = rngFor(u.seed, 'afm', k);
  const afmId = guid(rngFor(u.seed, 'afm-id', k));
  const { offices, overlap, unlicensed, persons, licensed, n3, n2 } = u.fsp;
  const companyOf = (i: number) => (m ? m.company(i) : company(u, i));
  if (k < licensed) {
    const isOverlap = k >= offices;
    const index = isOverlap ? u.ranges.finreg.start + overlap[k - offices] : u.ranges.office.start + k;
    const c = companyOf(index);
    const nLic = k < n3 ? 3 : k < n3 + n2 ? 2 : 1;
    const serial0 = k < n3 ? 3 * k : k < n3 + n2 ? 3 * n3 + 2 * (k - n3) : 3 * n3 + 2 * n2 + (k - n3 - n2);
    const licences: Licence[] = [];
    const first = dayBetween(q, c.opgericht > '2006-01-01' ? c.opgericht : '2006-01-01', addDays(u.peildatum, -30));
    // a market's volmacht-only office: its one licence has the agent products, no advice
    const geenAdvies = m?.geenAdvies(k) ?? false;
    for (let l = 0; l < nLic; l++) {
      const ingang = l === 0 ? first : dayBetween(q, first, addDays(u.peildatum, -10));
      const einde = q.chance(0.06) ? dayBetween(q, addDays(ingang, 180), addDays(u.peildatum, -1)) : '';
      licences.push({ nummer: String(12_000_000 + licPerm(serial0 + l)), ingang, einde, producten: licenceProducts(q, geenAdvies ? 1 : l, c.finregKind) });
    }
    const exit = m?.exit(index);
    if (exit) for (const l of licences) if (!l.einde) l.einde = exit.dag;
    const klachten = kifid(q);
    return {
      afmId, naam: c.naam, handelsnaam: c.handelsnaam ?? '', kvk: c.kvk, adres: c.adres.line, postcode: c.adres.postcode.replace(' ', ''),
      plaats: c.adres.city, land: 'Nederland', paspoort: false, lidstaat: '', klachteninstituut: m ? m.kifid(k, index) : klachten,
      beleidsbepalers: policyMakers(q), licences,
    };
  }
  if (k < licensed + unlicensed + persons) {
    const isPerson = k >= licensed + unlicensed;
    const c = companyOf(isPerson ? u.ranges.person.start + (k - licensed - unlicensed) : u.ranges.unlicensed.start + (k - licensed));
    const klachten = q.chance(0.6) ? kifid(q) : '';
    return {
      afmId, naam: c.naam, handelsnaam: c.handelsnaam ?? '', kvk: c.kvk, adres: c.adres.line, postcode: c.adres.postcode.replace(' ', ''),
      plaats: c.adres.city, land: 'Nederland', paspoort: false, lidstaat: '', klachteninstituut: m && klachten ? m.kifid(k, null) : klachten,
      beleidsbepalers: isPerson ? c.naam : policyMakers(q), licences: [],
    };
  }
  // incoming European passport: supervised at home, notified to the AFM
  const place = q.pick(EEA_PLACES);
  return {
    afmId, naam: foreignName(q, place), handelsnaam: '', kvk: '', adres: `${place.street} ${q.int(1, 200)}`, postcode: place.postcode,
    plaats: place.city, land: place.land, paspoort: true, lidstaat: place.land, klachteninstituut: '', beleidsbepalers: '', licences: [],
  };
}

/** The CSV lines (without line end) of one institution. */
export function fspRows(f: FspInstitution): string[] {
  const base = [f.afmId, f.naam, f.handelsnaam, f.kvk, f.adres, f.postcode, f.plaats, f.land, f.paspoort ? 'ja' : 'nee', f.lidstaat, f.klachteninstituut, f.beleidsbepalers];
  const line = (lic: string[]) => [...base, ...lic].map(csvQuoted).join(';');
  if (!f.licences.length) return [line(['', '', '', '', ''])];
  return f.licences.flatMap((l) => l.producten.map(([p, d]) => line([l.nummer, dutchDate(l.ingang), dutchDate(l.einde || null), p, d])));
}

/** A market's new office (market.ts): one advice licence from its entry day. */
export function fspEntry(u: Universe, x: Entry, licPerm: (x: number) => number, m: MarketMonth): FspInstitution {
  const q = rngFor(u.seed, 'afm-nieuw', x.e);
  const afmId = guid(rngFor(u.seed, 'afm-nieuw-id', x.e));
  const c = m.company(x.index);
  const licences: Licence[] = [
    { nummer: String(12_000_000 + licPerm(u.counts.fsp.vergunningen + x.e)), ingang: x.dag, einde: '', producten: licenceProducts(q, 0, null) },
  ];
  const exit = m.exit(x.index);
  if (exit) licences[0].einde = exit.dag;
  return {
    afmId, naam: c.naam, handelsnaam: c.handelsnaam ?? '', kvk: c.kvk, adres: c.adres.line, postcode: c.adres.postcode.replace(' ', ''),
    plaats: c.adres.city, land: 'Nederland', paspoort: false, lidstaat: '', klachteninstituut: m.kifid(u.counts.fsp.instellingen + x.e, x.index),
    beleidsbepalers: policyMakers(q), licences,
  };
}

/**
 * The fsp institutions in file order (a seeded shuffle, so the kinds are mixed as in a real export); with a
 * market month, its new offices follow (in order of entry).
 */
export function* fspInstitutions(u: Universe, m?: MarketMonth): Generator<FspInstitution> {
  const n = u.counts.fsp.instellingen;
  const order = new Int32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  const q = rngFor(u.seed, 'afm-order');
  for (let k = n - 1; k > 0; k--) {
    const j = q.int(0, k);
    [order[k], order[j]] = [order[j], order[k]];
  }
  const licPerm = permutation(u.seed, 'vergunningnummer', 999_983);
  for (let k = 0; k < n; k++) yield fspInstitution(u, order[k], licPerm, m);
  if (m) for (const x of m.entries()) yield fspEntry(u, x, licPerm, m);
}
