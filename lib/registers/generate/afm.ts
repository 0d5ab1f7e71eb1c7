// AFM register of financial service providers (fsp) in the format of the real full export
// (export.aspx?fdregister=1, lib/registers/fsp/parse.ts): one XML file in a ZIP, namespace
// http://www.afm.nl/WfdExternRegister/Export/3.0, one <Instelling InstellingID> per institution with
// Bedrijfsgegevens (StatutaireNaam, StatutaireZetel, KVKNummer, Rechtsvorm, Handelsnamen/Handelsnaam@Naam
// @StartDatum, VestigingsAdres@Straat@Huisnummer@Huisnummertoevoeging@Postcode@Plaats@Land) and
// Vergunningen/Vergunning@Vergunningnummer@StartDatum@EindDatum/PDCs/Product@Omschrijving/
// Dienst@Omschrijving@StartDatum@EindDatum, values in attributes as in the structure example's first
// institution. The export carries no passporting, home member state, complaints institute or policy
// makers, so neither does this file. Institutions: licensed offices and the DNB institutions that also
// hold an AFM licence (all with an active LEI under their KvK number), offices without licence, natural
// persons (synthetic names), and foreign institutions (no KvK, no Dutch licence). Pure: yields XML text.
import { AFM_NAMESPACE, AFM_ROOT } from '../fsp/parse';
import { addDays, dayBetween } from './dates';
import { xmlText } from './encoding';
import { LEGAL_FORMS, syntheticPerson, type LegalForm } from './names';
import { EEA_PLACES } from './places';
import { permutation, rngFor, type Rng } from './prng';
import type { Entry, MarketMonth } from './market';
import { company, foreignName, type CompanyInfo, type Universe } from './universe';

/** The XML declaration and root up to the first institution. */
export const AFM_XML_HEAD = `<?xml version="1.0" encoding="utf-8"?>\n<${AFM_ROOT} xmlns="${AFM_NAMESPACE}">\n  <Instellingen>\n`;
/** The end of the file: closes the list and the root element (a file without it is refused as cut). */
export const AFM_XML_TAIL = `  </Instellingen>\n</${AFM_ROOT}>\n`;
/** The name of the one XML entry in the ZIP. */
export const AFM_XML_ENTRY = 'WfdExternRegister.xml';
/** Several trade names of one company in the generator's own data (split into Handelsnaam elements). */
const SEP = ' | ';

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
  /** services that ended before the licence: `${product}|${dienst}` → EindDatum (yyyy-mm-dd) */
  dienstEinde?: Record<string, string>;
}

/** Share of an office's advice products of which one service ended while the licence went on. */
const DIENST_EINDE = 0.06;

// Some services end before their licence (as Schadeverzekeringen/Adviseren in the structure example). A
// separate random stream, so every other value of the universe stays the same.
function endSomeServices(u: Universe, k: number, licences: Licence[]): void {
  const r = rngFor(u.seed, 'afm-dienst-einde', k);
  for (const l of licences) {
    if (l.einde) continue;
    for (const [p, d] of l.producten) {
      const diensten = d.split(SEP);
      if (diensten.length < 2 || !r.chance(DIENST_EINDE)) continue;
      const from = addDays(l.ingang, 180);
      const to = addDays(u.peildatum, -1);
      if (from >= to) continue;
      (l.dienstEinde ??= {})[`${p}|${diensten[diensten.length - 1]}`] = dayBetween(r, from, to);
    }
  }
}

export interface FspInstitution {
  afmId: string;
  naam: string;
  /** trade names joined by ' | ' ('' for none) */
  handelsnaam: string;
  /** yyyy-mm-dd: the trade names' StartDatum */
  handelsnaamSinds: string;
  kvk: string;
  rechtsvorm: string;
  /** StatutaireZetel */
  zetel: string;
  adres: string;
  postcode: string;
  plaats: string;
  land: string;
  /** foreign institution (no KvK number, no Dutch licence) */
  buitenlands: boolean;
  licences: Licence[];
}

const RECHTSVORM: Record<string, string> = {
  [LEGAL_FORMS.bv.elf]: 'Besloten Vennootschap',
  [LEGAL_FORMS.nv.elf]: 'Naamloze Vennootschap',
  [LEGAL_FORMS.stichting.elf]: 'Stichting',
  [LEGAL_FORMS.cooperatie.elf]: 'Coöperatie',
  [LEGAL_FORMS.vereniging.elf]: 'Vereniging',
  [LEGAL_FORMS.cv.elf]: 'Commanditaire Vennootschap',
  [LEGAL_FORMS.vof.elf]: 'Vennootschap onder firma',
  [LEGAL_FORMS.eenmanszaak.elf]: 'Eenmanszaak',
};
const rechtsvormOf = (v: LegalForm) => RECHTSVORM[v.elf] ?? '';

/** The fields of a Dutch company an institution takes over. */
function companyFields(c: CompanyInfo, licences: Licence[]) {
  const starts = licences.map((l) => l.ingang).sort();
  return {
    naam: c.naam, handelsnaam: c.handelsnaam ?? '', handelsnaamSinds: starts[0] ?? c.opgericht, kvk: c.kvk, rechtsvorm: rechtsvormOf(c.vorm),
    zetel: c.adres.city, adres: c.adres.line, postcode: c.adres.postcode.replace(' ', ''), plaats: c.adres.city, land: 'Nederland', buitenlands: false,
  };
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

// The real export carries no complaints institute and no policy makers. These draws are kept (not written)
// so that every other value of the generated universe stays as it was.
const kifid = (q: Rng) => `Kifid 300.0${q.int(10_000, 29_999)}`;
const policyMakers = (q: Rng) => Array.from({ length: q.int(1, 3) }, () => syntheticPerson(q)).join(SEP);

/**
 * The fsp institution at pre-shuffle position k (see Universe.fsp for the order of the kinds). With a market
 * month (market.ts): that month's names, addresses and ended licences; without, the
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
    endSomeServices(u, k, licences);
    const exit = m?.exit(index);
    if (exit) for (const l of licences) if (!l.einde) l.einde = exit.dag;
    kifid(q);
    policyMakers(q);
    return { afmId, ...companyFields(c, licences), licences };
  }
  if (k < licensed + unlicensed + persons) {
    const isPerson = k >= licensed + unlicensed;
    const c = companyOf(isPerson ? u.ranges.person.start + (k - licensed - unlicensed) : u.ranges.unlicensed.start + (k - licensed));
    if (q.chance(0.6)) kifid(q);
    if (!isPerson) policyMakers(q);
    return { afmId, ...companyFields(c, []), licences: [] };
  }
  // incoming European passport: supervised at home, notified to the AFM
  const place = q.pick(EEA_PLACES);
  const naam = foreignName(q, place);
  return {
    afmId, naam, handelsnaam: '', handelsnaamSinds: '', kvk: '', rechtsvorm: '', zetel: place.city, adres: `${place.street} ${q.int(1, 200)}`,
    postcode: place.postcode, plaats: place.city, land: place.land, buitenlands: true, licences: [],
  };
}

const attr = (name: string, value: string | null | undefined) => (value ? ` ${name}="${xmlText(value).replace(/"/g, '&quot;')}"` : '');
const el = (name: string, value: string) => (value ? `<${name}>${xmlText(value)}</${name}>` : '');

/** Street, house number and addition of an address line such as "Kerkstraat 12a" or "Dorpsweg 3-2". */
export function splitAdres(line: string): { straat: string; huisnummer: string; toevoeging: string } {
  const m = /^(.*?)\s+(\d+)\s*-?\s*(.*)$/.exec(line.trim());
  return m ? { straat: m[1], huisnummer: m[2], toevoeging: m[3] } : { straat: line.trim(), huisnummer: '', toevoeging: '' };
}

/** The <Instelling> element of one institution (indented, ending in a newline). */
export function fspXml(f: FspInstitution): string {
  const a = splitAdres(f.adres);
  const names = f.handelsnaam ? f.handelsnaam.split(SEP) : [];
  let x = `    <Instelling InstellingID="${f.afmId}">\n      <Bedrijfsgegevens>\n        ${el('StatutaireNaam', f.naam)}${el('StatutaireZetel', f.zetel)}`;
  x += `${el('KVKNummer', f.kvk)}${el('Rechtsvorm', f.rechtsvorm)}\n`;
  x += names.length
    ? `        <Handelsnamen>${names.map((n) => `<Handelsnaam${attr('Naam', n)}${attr('StartDatum', f.handelsnaamSinds)} />`).join('')}</Handelsnamen>\n`
    : '        <Handelsnamen />\n';
  x += `        <VestigingsAdres${attr('Straat', a.straat)}${attr('Huisnummer', a.huisnummer)}${attr('Huisnummertoevoeging', a.toevoeging)}`;
  x += `${attr('Postcode', f.postcode)}${attr('Plaats', f.plaats)}${attr('Land', f.land)} />\n      </Bedrijfsgegevens>\n`;
  if (f.licences.length) {
    x += '      <Vergunningen>\n';
    for (const l of f.licences) {
      x += `        <Vergunning${attr('Vergunningnummer', l.nummer)}${attr('StartDatum', l.ingang)}${attr('EindDatum', l.einde)}>\n          <PDCs>\n`;
      for (const [p, d] of l.producten) {
        const diensten = d
          .split(SEP)
          .map((s) => `<Dienst${attr('Omschrijving', s)}${attr('StartDatum', l.ingang)}${attr('EindDatum', l.dienstEinde?.[`${p}|${s}`] ?? l.einde)} />`);
        x += `            <Product${attr('Omschrijving', p)}>${diensten.join('')}</Product>\n`;
      }
      x += '          </PDCs>\n        </Vergunning>\n';
    }
    x += '      </Vergunningen>\n';
  }
  return `${x}    </Instelling>\n`;
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
  policyMakers(q);
  return { afmId, ...companyFields(c, licences), licences };
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
