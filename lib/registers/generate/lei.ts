// GLEIF golden copy Level 1 (LEI-CDF 3.1 XML) of the universe: every Dutch company with a LEI (KvK as
// RA000463 registration; a share of the offices and other companies without a usable one, ZONDER_KVK_AANDEEL),
// retired earlier LEIs of some KvK numbers, and foreign records (parents, EEA institutions, unrelated ones;
// some with a Dutch headquarters, which does not make them Dutch), sorted by LEI as GLEIF publishes it.
// Pure: yields text; writing is the caller's (index.ts).
import { addDays, dayBetween, timestampOn } from './dates';
import { xmlText } from './encoding';
import { makeLei } from './lei-check';
import type { MarketMonth } from './market';
import { rngFor, type Rng } from './prng';
import {
  company, foreignEntity, FOREIGN_SERIAL, HISTORICAL_SERIAL, historicalCompany, leiForSerial, NONE, type CompanyInfo, type Universe,
} from './universe';

/**
 * Share of the Dutch offices and other companies (not holdings, tops or DNB institutions) whose LEI record
 * lacks a usable KvK number, as many real GLEIF records do: most say RegistrationAuthorityID RA999999 ('not
 * available') without an id, the rest write the number with a branch suffix (12 digits), which the importer
 * does not take as a KvK number. The monitor links them on name + place (lib/monitor/derive/koppeling.ts).
 */
export const ZONDER_KVK_AANDEEL = 0.1;

/** The registration authority and id a company's LEI record states (see ZONDER_KVK_AANDEEL). */
export function leiRegistratie(u: Universe, c: Pick<CompanyInfo, 'index' | 'role' | 'kvk'>): { ra: string; id: string | null } {
  if (!['office', 'unlicensed', 'generic', 'person'].includes(c.role)) return { ra: KVK_RA, id: c.kvk };
  const q = rngFor(u.seed, 'lei-zonder-kvk', c.index);
  if (!q.chance(ZONDER_KVK_AANDEEL)) return { ra: KVK_RA, id: c.kvk };
  return q.chance(0.7) ? { ra: 'RA999999', id: null } : { ra: KVK_RA, id: `${c.kvk}0000` };
}

/** GLEIF's own LEI, the Originator of its files. */
export const GLEIF_LEI = '5493001KJTIIGC8Y1R12';
const KVK_RA = 'RA000463';

/** File name of a golden-copy publication at the reference date (08:00 UTC), e.g. 20260901-0800-gleif-goldencopy-lei2-golden-copy.xml.zip. */
export function goldenCopyName(peildatum: string, kind: 'lei2' | 'rr'): string {
  return `${peildatum.replace(/-/g, '')}-0800-gleif-goldencopy-${kind}-golden-copy.xml`;
}

export const contentDate = (peildatum: string) => `${peildatum}T08:00:00Z`;

/** A (synthetic) managing LOU's LEI for a LEI prefix; valid check digits. */
export function louOf(lei: string): string {
  return makeLei(`${lei.slice(0, 6)}LOU${lei.slice(0, 4)}00001`);
}

export interface LeiPlan {
  /** record serials in file order (sorted by LEI) */
  serials: Int32Array;
  dutch: number;
  foreign: number;
  historical: number;
}

/** The serial numbers of all Level 1 records, sorted by their LEI. */
export function planLeiRecords(u: Universe): LeiPlan {
  const serials: number[] = [];
  for (let i = 0; i < u.nCompanies; i++) if (u.hasLei[i]) serials.push(i);
  for (let k = 0; k < u.historical; k++) serials.push(HISTORICAL_SERIAL + k);
  const dutch = serials.length;
  for (let f = 0; f < u.foreign.n; f++) serials.push(FOREIGN_SERIAL + f);
  const leis = serials.map((s) => leiForSerial(u.seed, s, s >= FOREIGN_SERIAL && s < HISTORICAL_SERIAL));
  const order = serials.map((_, k) => k).sort((a, b) => (leis[a] < leis[b] ? -1 : leis[a] > leis[b] ? 1 : 0));
  return { serials: Int32Array.from(order, (k) => serials[k]), dutch, foreign: u.foreign.n, historical: u.historical };
}

/**
 * A market month's Level 1 serials: the universe's (in `plan` order) with the month's new offices that
 * have a LEI merged in, still sorted by LEI (binary search per new office: the base order is not rebuilt).
 */
export function monthLeiSerials(u: Universe, plan: LeiPlan, m: MarketMonth): { serials: Int32Array; dutch: number } {
  const extra = m
    .entries()
    .filter((x) => x.lei)
    .map((x) => ({ serial: x.index, lei: leiForSerial(u.seed, x.index) }))
    .sort((a, b) => (a.lei < b.lei ? -1 : 1));
  if (!extra.length) return { serials: plan.serials, dutch: plan.dutch };
  const leiAt = (k: number) => {
    const s = plan.serials[k];
    return leiForSerial(u.seed, s, s >= FOREIGN_SERIAL && s < HISTORICAL_SERIAL);
  };
  const out = new Int32Array(plan.serials.length + extra.length);
  let from = 0;
  let o = 0;
  for (const x of extra) {
    let lo = from;
    let hi = plan.serials.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (leiAt(mid) < x.lei) lo = mid + 1;
      else hi = mid;
    }
    out.set(plan.serials.subarray(from, lo), o);
    o += lo - from;
    out[o++] = x.serial;
    from = lo;
  }
  out.set(plan.serials.subarray(from), o);
  return { serials: out, dutch: plan.dutch + extra.length };
}

const I1 = '   ';
const I2 = '      ';
const I3 = '         ';
const el = (indent: string, name: string, value: string, attrs = '') => `${indent}<lei:${name}${attrs}>${xmlText(value)}</lei:${name}>\n`;

interface Addr {
  line: string;
  city: string;
  country: string;
  postcode: string;
  lang: string;
}
function address(name: string, a: Addr): string {
  return (
    `${I2}<lei:${name} xml:lang="${a.lang}">\n` +
    el(I3, 'FirstAddressLine', a.line) +
    el(I3, 'City', a.city) +
    el(I3, 'Country', a.country) +
    el(I3, 'PostalCode', a.postcode) +
    `${I2}</lei:${name}>\n`
  );
}

interface Registration {
  initial: string;
  lastUpdate: string;
  status: string;
  nextRenewal: string;
  lou: string;
  ra: string;
  raEntity: string | null;
}

function registration(r: Registration): string {
  return (
    `${I1}<lei:Registration>\n` +
    el(I2, 'InitialRegistrationDate', r.initial) +
    el(I2, 'LastUpdateDate', r.lastUpdate) +
    el(I2, 'RegistrationStatus', r.status) +
    el(I2, 'NextRenewalDate', r.nextRenewal) +
    el(I2, 'ManagingLOU', r.lou) +
    el(I2, 'ValidationSources', 'FULLY_CORROBORATED') +
    `${I2}<lei:ValidationAuthority>\n` +
    el(I3, 'ValidationAuthorityID', r.ra) +
    (r.raEntity === null ? '' : el(I3, 'ValidationAuthorityEntityID', r.raEntity)) +
    `${I2}</lei:ValidationAuthority>\n` +
    `${I1}</lei:Registration>\n`
  );
}

/** Registration dates for a status, relative to the peildatum. */
function registrationDates(q: Rng, peildatum: string, status: string, earliest: string): Pick<Registration, 'initial' | 'lastUpdate' | 'nextRenewal'> {
  const first = dayBetween(q, earliest > '2012-06-01' ? earliest : '2012-06-01', addDays(peildatum, -60));
  let next: string;
  let last: string;
  if (status === 'ISSUED') {
    next = dayBetween(q, addDays(peildatum, 1), addDays(peildatum, 364));
    last = dayBetween(q, addDays(next, -365) > first ? addDays(next, -365) : first, addDays(peildatum, -1));
  } else {
    // lapsed / retired / duplicate: the renewal date has passed
    next = dayBetween(q, addDays(first, 365) < addDays(peildatum, -2) ? addDays(first, 365) : addDays(peildatum, -2), addDays(peildatum, -2));
    last = dayBetween(q, first, addDays(peildatum, -1));
    if (last < first) last = first;
  }
  return { initial: timestampOn(q, first), lastUpdate: timestampOn(q, last), nextRenewal: timestampOn(q, next) };
}

function dutchRecord(
  u: Universe,
  c: CompanyInfo,
  lei: string,
  q: Rng,
  status: { entity: 'ACTIVE' | 'INACTIVE'; reg: string; successor: string | null },
  peildatum = u.peildatum,
): string {
  const a: Addr = { line: c.adres.line, city: c.adres.city, country: 'NL', postcode: c.adres.postcode, lang: 'nl' };
  const ra = leiRegistratie(u, c);
  const tradeName = c.handelsnaam?.split(' | ')[0] ?? null;
  let entity =
    `${I1}<lei:Entity>\n` +
    el(I2, 'LegalName', c.naam, ' xml:lang="nl"') +
    (tradeName && tradeName !== c.naam
      ? `${I2}<lei:OtherEntityNames>\n${el(I3, 'OtherEntityName', tradeName, ' xml:lang="nl" type="TRADING_OR_OPERATING_NAME"')}${I2}</lei:OtherEntityNames>\n`
      : '') +
    address('LegalAddress', a) +
    address('HeadquartersAddress', a) +
    `${I2}<lei:RegistrationAuthority>\n` +
    el(I3, 'RegistrationAuthorityID', ra.ra) +
    (ra.id === null ? '' : el(I3, 'RegistrationAuthorityEntityID', ra.id)) +
    `${I2}</lei:RegistrationAuthority>\n` +
    el(I2, 'LegalJurisdiction', 'NL') +
    el(I2, 'EntityCategory', c.vorm.elf === '62Y3' ? 'SOLE_PROPRIETOR' : 'GENERAL') +
    `${I2}<lei:LegalForm>\n${el(I3, 'EntityLegalFormCode', c.vorm.elf)}${I2}</lei:LegalForm>\n` +
    el(I2, 'EntityStatus', status.entity) +
    el(I2, 'EntityCreationDate', `${c.opgericht}T00:00:00Z`);
  const reg = { ...registrationDates(q, peildatum, status.reg, c.opgericht), status: status.reg, lou: louOf(lei), ra: ra.ra, raEntity: ra.id };
  if (status.entity === 'INACTIVE') {
    entity += el(I2, 'EntityExpirationDate', `${reg.lastUpdate.slice(0, 10)}T00:00:00Z`);
    entity += el(I2, 'EntityExpirationReason', status.successor ? 'CORPORATE_ACTION' : q.pick(['DISSOLVED', 'DISSOLVED', 'CORPORATE_ACTION']));
  }
  if (status.successor) entity += `${I2}<lei:SuccessorEntity>\n${el(I3, 'SuccessorLEI', status.successor)}${I2}</lei:SuccessorEntity>\n`;
  entity += `${I1}</lei:Entity>\n`;
  return `<lei:LEIRecord>\n${el(I1, 'LEI', lei)}${entity}${registration(reg)}</lei:LEIRecord>\n`;
}

/**
 * The Level 1 record of one serial (company, foreign entity or historical record); with a market month
 * (market.ts) also its new offices (serials from u.nCompanies), with that month's names and addresses.
 */
export function leiRecordXml(u: Universe, serial: number, m?: MarketMonth): string {
  const q = rngFor(u.seed, 'lei-record', serial);
  const companyOf = (i: number) => (m ? m.company(i) : company(u, i));
  if (m && serial >= u.nCompanies && serial < FOREIGN_SERIAL) {
    // a new office: its registration dates relative to the month it entered, so the record is the same in
    // every later month
    const x = m.plan.entries[serial - u.nCompanies];
    const c = m.company(serial);
    return dutchRecord(u, c, c.lei!, q, { entity: 'ACTIVE', reg: 'ISSUED', successor: null }, m.plan.peildata[x.maand - 1]);
  }
  if (serial >= HISTORICAL_SERIAL) {
    // an earlier LEI of the same KvK number: retired, or found to be a duplicate, pointing to the current one
    const c = companyOf(historicalCompany(u, serial - HISTORICAL_SERIAL));
    const lei = leiForSerial(u.seed, serial);
    const reg = q.chance(0.7) ? 'RETIRED' : 'DUPLICATE';
    return dutchRecord(u, c, lei, q, { entity: 'INACTIVE', reg, successor: c.lei });
  }
  if (serial >= FOREIGN_SERIAL) return foreignRecordXml(u, serial - FOREIGN_SERIAL, q);
  const c = companyOf(serial);
  const lei = c.lei!;
  // parents and everything in a chain, licensed offices and DNB institutions are active; among the rest
  // some companies have been dissolved
  const mustBeActive = c.role !== 'generic' || u.direct[serial] !== NONE;
  if (!mustBeActive && q.chance(0.06)) return dutchRecord(u, c, lei, q, { entity: 'INACTIVE', reg: q.chance(0.7) ? 'RETIRED' : 'LAPSED', successor: null });
  const lapsedShare = c.role === 'generic' ? 0.3 : c.role === 'office' ? 0.2 : 0.05;
  return dutchRecord(u, c, lei, q, { entity: 'ACTIVE', reg: q.chance(lapsedShare) ? 'LAPSED' : 'ISSUED', successor: null });
}

function foreignRecordXml(u: Universe, fi: number, q: Rng): string {
  const e = foreignEntity(u, fi);
  const lang = { DE: 'de', AT: 'de', CH: 'de', FR: 'fr', LU: 'fr', IT: 'it', ES: 'es', SE: 'sv', DK: 'da', LT: 'lt', BE: 'nl' }[e.place.country] ?? 'en';
  const legal: Addr = { line: e.adres, city: e.place.city, country: e.place.country, postcode: e.place.postcode, lang };
  const hq: Addr = e.nlHeadquarters
    ? { line: e.nlHeadquarters.line, city: e.nlHeadquarters.city, country: 'NL', postcode: e.nlHeadquarters.postcode, lang: 'nl' }
    : legal;
  const status = e.kind === 'noise' && q.chance(0.1) ? 'LAPSED' : 'ISSUED';
  const entity =
    `${I1}<lei:Entity>\n` +
    el(I2, 'LegalName', e.naam, ` xml:lang="${lang}"`) +
    address('LegalAddress', legal) +
    address('HeadquartersAddress', hq) +
    `${I2}<lei:RegistrationAuthority>\n` +
    el(I3, 'RegistrationAuthorityID', e.place.ra) +
    el(I3, 'RegistrationAuthorityEntityID', e.raEntityId) +
    `${I2}</lei:RegistrationAuthority>\n` +
    el(I2, 'LegalJurisdiction', e.place.country) +
    el(I2, 'EntityCategory', 'GENERAL') +
    `${I2}<lei:LegalForm>\n${el(I3, 'EntityLegalFormCode', '8888')}${el(I3, 'OtherLegalForm', e.rechtsvorm)}${I2}</lei:LegalForm>\n` +
    el(I2, 'EntityStatus', 'ACTIVE') +
    el(I2, 'EntityCreationDate', `${dayBetween(q, '1900-01-01', '2015-12-31')}T00:00:00Z`) +
    `${I1}</lei:Entity>\n`;
  const reg = { ...registrationDates(q, u.peildatum, status, '2012-06-01'), status, lou: louOf(e.lei), ra: e.place.ra, raEntity: e.raEntityId };
  return `<lei:LEIRecord>\n${el(I1, 'LEI', e.lei)}${entity}${registration(reg)}</lei:LEIRecord>\n`;
}

export function leiHeaderXml(peildatum: string, recordCount: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<lei:LEIData xmlns:lei="http://www.gleif.org/data/schema/leidata/2016" xmlns:gleif="http://www.gleif.org/data/schema/golden-copy/extensions/1.0" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n' +
    '<lei:LEIHeader>\n' +
    el(I1, 'ContentDate', contentDate(peildatum)) +
    el(I1, 'Originator', GLEIF_LEI) +
    el(I1, 'FileContent', 'GLEIF_FULL_PUBLISHED') +
    el(I1, 'RecordCount', String(recordCount)) +
    '</lei:LEIHeader>\n<lei:LEIRecords>\n'
  );
}

export const LEI_FOOTER = '</lei:LEIRecords>\n</lei:LEIData>\n';
