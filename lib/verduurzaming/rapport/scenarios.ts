// The three scenarios of the PDF report ("Eerste stap", "Tot label A", "Tot het beste doel") and the
// documented method behind their figures (see kentallen.ts for every constant and its source):
// - investment: from the file where it names one, else published reference values (kentallen);
// - saving: EP2 difference (kWh/m2·jr) × floor area = primary energy per year, turned into m3 gas and
//   kWh electricity per kind of measure, priced with the current CBS consumer prices;
// - financing: annuity at the Energiebespaarlening rate and term;
// - CO2: published emission factors of gas and electricity;
// - home value: the investment as a share of the WOZ value.
// Pure functions: the prices come in as an argument.
import type { LabelKlasse, Nulmeting, Pand } from '../types';
import { LABEL_CLASSES } from '../types';
import { maandlast } from './annuiteit';
import { categorieenVan } from './categorie';
import {
  CATEGORIEEN,
  CO2_AARDGAS,
  CO2_ELEKTRICITEIT,
  ENERGIE_PER_M3_AARDGAS,
  LOOPTIJD_ENERGIEBESPAARLENING,
  MAX_LEENSOM_ENERGIEBESPAARLENING,
  OPBRENGST_ZONNEPANELEN,
  PRIMAIRE_FACTOR_AARDGAS,
  PRIMAIRE_FACTOR_ELEKTRICITEIT,
  RENDEMENT_CV_KETEL,
  RENTE_ENERGIEBESPAARLENING,
  SCOP_WARMTEPOMP,
  STANDAARDPAKKETTEN,
  type Categorie,
  type Omrekening,
} from './kentallen';
import { atLeast, ep2Bovengrens, ep2Midden, labelIndex, labelVoorEp2 } from './label';
import { stapNaam, stapNummer } from './maatregel-naam';
import { EP2_DECIMALEN } from './opmaak';
import { euro } from './opmaak';
import type { Gerangschikt } from './rank';

export const SCENARIO_TITELS = {
  eerste_stap: 'Eerste stap',
  tot_label_a: 'Tot label A',
  beste_doel: 'Tot het beste doel',
} as const;
export type ScenarioId = keyof typeof SCENARIO_TITELS;

/** Consumer prices all-in (incl. VAT) as GET /v1/energie/prijzen answers them. */
export interface Energieprijzen {
  aardgas_per_m3: number;
  elektriciteit_per_kwh: number;
  peilmaand: string;
}

/** The starting point of every scenario: the current state of the home. */
export interface Uitgangspunt {
  huidig_label: LabelKlasse | null;
  huidig_label_herkomst: 'bestand' | 'ep-online' | 'ep2' | null;
  huidig_ep2: number | null;
  huidig_ep2_herkomst: 'bestand' | 'midden_van_label' | null;
  /** Which indicator the file's target indexes are in (only EP2 targets are used as numbers). */
  index_soort: 'EP2' | 'EI' | 'EPC' | null;
  oppervlakte_m2: number | null;
  woz_waarde: number | null;
  woz_peildatum: string | null;
}

export interface Investering {
  bedrag: number | null;
  herkomst: 'bestand' | 'kentallen' | 'onbekend';
  /** True when part of the measure has no reference price (the amount is a lower bound). */
  onvolledig: boolean;
  /** Ids of the reference values used (kentallen.ts). */
  kentallen: string[];
}

export interface Besparing {
  primair_kwh: number;
  aardgas_m3: number;
  /** Positive = less electricity bought; negative = more (heat pump). */
  elektriciteit_kwh: number;
  euro_per_jaar: number | null;
  co2_kg_per_jaar: number;
}

export interface Financiering {
  maandlast: number;
  rente: number;
  looptijd_jaar: number;
  boven_max_leensom: boolean;
}

export interface Scenario {
  id: ScenarioId;
  titel: (typeof SCENARIO_TITELS)[ScenarioId];
  status: 'berekend' | 'al_bereikt' | 'niet_te_berekenen';
  herkomst: 'bestand' | 'standaardpakket' | null;
  omschrijving: string;
  maatregel_rang: number | null;
  categorieen: Categorie[];
  doel_label: LabelKlasse | null;
  doel_ep2: number | null;
  doel_ep2_geschat: boolean;
  investering: Investering;
  besparing: Besparing | null;
  financiering: Financiering | null;
  netto_per_maand: number | null;
  aandeel_woz_pct: number | null;
  toelichting: string | null;
}

/** The current state from the file first, then the registers. */
export function uitgangspunt(nulmeting: Nulmeting, pand: Pand): Uitgangspunt {
  const ep = nulmeting.energie_index_of_ep2;
  const fileEp2 = ep?.soort === 'EP2' ? ep.waarde : null;
  let label: LabelKlasse | null = nulmeting.energieklasse;
  let labelHerkomst: Uitgangspunt['huidig_label_herkomst'] = label ? 'bestand' : null;
  if (!label && pand.energielabel) {
    label = pand.energielabel.klasse;
    labelHerkomst = 'ep-online';
  }
  if (!label && fileEp2 !== null) {
    label = labelVoorEp2(fileEp2);
    labelHerkomst = 'ep2';
  }
  const ep2 = fileEp2 ?? (label ? ep2Midden(label) : null);
  return {
    huidig_label: label,
    huidig_label_herkomst: labelHerkomst,
    huidig_ep2: ep2,
    huidig_ep2_herkomst: fileEp2 !== null ? 'bestand' : ep2 !== null ? 'midden_van_label' : null,
    index_soort: ep?.soort ?? null,
    oppervlakte_m2: pand.gebruiksoppervlakte_m2,
    woz_waarde: pand.woz_waarde?.waarde ?? null,
    woz_peildatum: pand.woz_waarde?.peildatum ?? null,
  };
}

/** Investment estimate for a set of categories from the reference values; null parts make it a lower bound. */
export function schatInvestering(categorieen: readonly Categorie[], oppervlakte: number | null): Investering {
  let bedrag = 0;
  let bekend = 0;
  const kentallen: string[] = [];
  for (const c of categorieen) {
    const k = CATEGORIEEN[c].kosten;
    if (!k || (k.per === 'm2' && oppervlakte === null)) continue;
    bedrag += k.per === 'm2' ? k.prijs.waarde * k.oppervlakte.waarde * (oppervlakte as number) : k.prijs.waarde;
    kentallen.push(k.prijs.id, ...(k.per === 'm2' ? [k.oppervlakte.id] : []));
    bekend++;
  }
  if (bekend === 0) return { bedrag: null, herkomst: 'onbekend', onvolledig: categorieen.length > 0, kentallen: [] };
  return { bedrag: Math.round(bedrag), herkomst: 'kentallen', onvolledig: bekend < categorieen.length, kentallen };
}

/** Gas and electricity behind a primary-energy saving, split evenly over the kinds of conversion present. */
export function splitsBesparing(primairKwh: number, categorieen: readonly Categorie[]): { aardgas_m3: number; elektriciteit_kwh: number } {
  const soorten = [...new Set(categorieen.map((c) => CATEGORIEEN[c].omrekening))] as Omrekening[];
  const deel = primairKwh / (soorten.length || 1);
  const fpGas = PRIMAIRE_FACTOR_AARDGAS.waarde;
  const fpEl = PRIMAIRE_FACTOR_ELEKTRICITEIT.waarde;
  const kwhPerM3 = ENERGIE_PER_M3_AARDGAS.waarde;
  const eta = RENDEMENT_CV_KETEL.waarde;
  const scop = SCOP_WARMTEPOMP.waarde;
  let gas = 0;
  let el = 0;
  for (const s of soorten.length ? soorten : (['warmte'] as Omrekening[])) {
    if (s === 'warmte') gas += deel / (fpGas * kwhPerM3);
    else if (s === 'stroom') el += deel / fpEl;
    else {
      // Heat moved from the boiler to the heat pump: primary saving per kWh heat is fpGas/eta - fpEl/scop.
      const warmte = deel / (fpGas / eta - fpEl / scop);
      gas += warmte / eta / kwhPerM3;
      el -= warmte / scop;
    }
  }
  return { aardgas_m3: gas, elektriciteit_kwh: el };
}

/** The saving of going from `vanEp2` to `naarEp2` on `oppervlakte` m2, priced when prices are known. */
export function berekenBesparing(
  vanEp2: number,
  naarEp2: number,
  oppervlakte: number,
  categorieen: readonly Categorie[],
  prijzen: Energieprijzen | null,
): Besparing {
  const primair = (vanEp2 - naarEp2) * oppervlakte;
  const { aardgas_m3, elektriciteit_kwh } = splitsBesparing(primair, categorieen);
  const euro = prijzen ? aardgas_m3 * prijzen.aardgas_per_m3 + elektriciteit_kwh * prijzen.elektriciteit_per_kwh : null;
  const co2 = aardgas_m3 * CO2_AARDGAS.waarde + elektriciteit_kwh * CO2_ELEKTRICITEIT.waarde;
  return {
    primair_kwh: Math.round(primair),
    aardgas_m3: Math.round(aardgas_m3),
    elektriciteit_kwh: Math.round(elektriciteit_kwh),
    euro_per_jaar: euro === null ? null : Math.round(euro),
    co2_kg_per_jaar: Math.round(co2),
  };
}

/** Financing of an investment with the Energiebespaarlening (annuity, monthly). */
export function financiering(bedrag: number): Financiering {
  const rente = RENTE_ENERGIEBESPAARLENING.waarde;
  const jaren = LOOPTIJD_ENERGIEBESPAARLENING.waarde;
  return {
    maandlast: Math.round(maandlast(bedrag, rente, jaren) * 100) / 100,
    rente,
    looptijd_jaar: jaren,
    boven_max_leensom: bedrag > MAX_LEENSOM_ENERGIEBESPAARLENING,
  };
}

/** A way to a target: one measure of the file or a standard package. */
interface Kandidaat {
  omschrijving: string;
  rang: number | null;
  herkomst: 'bestand' | 'standaardpakket';
  categorieen: Categorie[];
  doelEp2: number;
  doelEp2Geschat: boolean;
  doelLabel: LabelKlasse;
  investering: Investering;
}

function kandidaatUitMaatregel(m: Gerangschikt, u: Uitgangspunt): Kandidaat | null {
  const indexIsEp2 = u.index_soort === 'EP2' && m.doel_index !== null;
  const doelEp2 = indexIsEp2 ? (m.doel_index as number) : m.doel_label ? ep2Bovengrens(m.doel_label) : null;
  if (doelEp2 === null) return null;
  // Categories from the file's own text (a step's element name has none: it counts as heat, as documented).
  const categorieen = categorieenVan(m.omschrijving);
  return {
    omschrijving: m.naam,
    rang: m.rang,
    herkomst: 'bestand',
    categorieen,
    doelEp2,
    doelEp2Geschat: !indexIsEp2,
    doelLabel: m.doel_label ?? labelVoorEp2(doelEp2),
    investering:
      m.investering !== null
        ? { bedrag: Math.round(m.investering), herkomst: 'bestand', onvolledig: false, kentallen: [] }
        : schatInvestering(categorieen, u.oppervlakte_m2),
  };
}

function pakket(naam: string, categorieen: Categorie[], doelEp2: number, u: Uitgangspunt): Kandidaat {
  return {
    omschrijving: naam,
    rang: null,
    herkomst: 'standaardpakket',
    categorieen,
    doelEp2,
    doelEp2Geschat: true,
    doelLabel: labelVoorEp2(doelEp2),
    investering: schatInvestering(categorieen, u.oppervlakte_m2),
  };
}

function verbetert(k: Kandidaat, u: Uitgangspunt): boolean {
  if (u.huidig_label && labelIndex(k.doelLabel) < labelIndex(u.huidig_label)) return true;
  return u.huidig_ep2 !== null && k.doelEp2 < u.huidig_ep2 && (!u.huidig_label || k.doelLabel === u.huidig_label);
}

const kosten = (k: Kandidaat) => k.investering.bedrag ?? Number.POSITIVE_INFINITY;

/** Least ambitious first (worst target label, highest target EP2), then cheapest. */
function bescheidenEerst(a: Kandidaat, b: Kandidaat): number {
  return labelIndex(b.doelLabel) - labelIndex(a.doelLabel) || b.doelEp2 - a.doelEp2 || kosten(a) - kosten(b);
}

function leegScenario(id: ScenarioId, status: Scenario['status'], toelichting: string): Scenario {
  return {
    id,
    titel: SCENARIO_TITELS[id],
    status,
    herkomst: null,
    omschrijving: toelichting,
    maatregel_rang: null,
    categorieen: [],
    doel_label: null,
    doel_ep2: null,
    doel_ep2_geschat: false,
    investering: { bedrag: null, herkomst: 'onbekend', onvolledig: false, kentallen: [] },
    besparing: null,
    financiering: null,
    netto_per_maand: null,
    aandeel_woz_pct: null,
    toelichting,
  };
}

function uitwerken(id: ScenarioId, k: Kandidaat, u: Uitgangspunt, prijzen: Energieprijzen | null): Scenario {
  const notes: string[] = [];
  let besparing: Besparing | null = null;
  if (u.huidig_ep2 !== null && u.oppervlakte_m2 !== null && k.doelEp2 < u.huidig_ep2) {
    besparing = berekenBesparing(u.huidig_ep2, k.doelEp2, u.oppervlakte_m2, k.categorieen, prijzen);
  } else if (u.oppervlakte_m2 === null) {
    notes.push('gebruiksoppervlakte onbekend: geen besparing berekend');
  } else {
    notes.push('geen daling van EP2 te berekenen');
  }
  if (besparing && besparing.euro_per_jaar === null) notes.push('energieprijzen niet beschikbaar');
  const bedrag = k.investering.bedrag;
  const fin = bedrag !== null && bedrag > 0 ? financiering(bedrag) : null;
  if (fin?.boven_max_leensom) notes.push(`boven de maximale leensom van ${euro(MAX_LEENSOM_ENERGIEBESPAARLENING)}`);
  if (k.investering.onvolledig) notes.push('niet voor elk onderdeel een kental: investering is een ondergrens');
  return {
    id,
    titel: SCENARIO_TITELS[id],
    status: 'berekend',
    herkomst: k.herkomst,
    omschrijving: k.omschrijving,
    maatregel_rang: k.rang,
    categorieen: k.categorieen,
    doel_label: k.doelLabel,
    doel_ep2: Math.round(k.doelEp2 * 10 ** EP2_DECIMALEN) / 10 ** EP2_DECIMALEN,
    doel_ep2_geschat: k.doelEp2Geschat,
    investering: k.investering,
    besparing,
    financiering: fin,
    netto_per_maand:
      besparing?.euro_per_jaar !== null && besparing?.euro_per_jaar !== undefined && fin
        ? Math.round((besparing.euro_per_jaar / 12 - fin.maandlast) * 100) / 100
        : null,
    aandeel_woz_pct: bedrag !== null && u.woz_waarde ? Math.round((bedrag / u.woz_waarde) * 1000) / 10 : null,
    toelichting: notes.length ? notes.join('; ') : null,
  };
}

export interface ScenarioInput {
  uitgangspunt: Uitgangspunt;
  gerangschikt: readonly Gerangschikt[];
  prijzen: Energieprijzen | null;
  /** Insulation the signals say is probably still open: the content of a standard first step. */
  openCategorieen?: readonly Categorie[];
  /** What a maatwerkadvies step plan changes as a whole (nulmeting.stappenplan_inhoud). */
  stappenplanInhoud?: readonly string[];
}

/**
 * A maatwerkadvies step plan (Step1..Step3) is cumulative: the target label of step N holds after steps
 * 1..N (EP-Online's field description: "de labelklasse na treffen maatregelen uit stap 1 en 2"). So the way
 * to step N costs the investments of steps 1..N together (null when one of them is unknown), and it is
 * named "Stap 1 t/m N van het maatwerkadvies".
 */
export function stappenplanCumulatief(gerangschikt: readonly Gerangschikt[], inhoud?: readonly string[]): Gerangschikt[] {
  const stap = (m: Gerangschikt) => stapNummer(m.omschrijving);
  if (gerangschikt.length < 2 || !gerangschikt.every((m) => stap(m) !== null)) return [...gerangschikt];
  const laatste = Math.max(...gerangschikt.map((m) => stap(m) as number));
  return gerangschikt.map((m) => {
    const n = stap(m) as number;
    const eerdere = gerangschikt.filter((x) => (stap(x) as number) <= n);
    const bedragen = eerdere.map((x) => x.investering);
    return {
      ...m,
      // The file's summary describes the plan after its last step: that is what steps 1..last do together.
      naam: n === laatste && inhoud?.length ? `${stapNaam(n, 1)}: ${inhoud.join(', ')}` : stapNaam(n, 1),
      investering: bedragen.every((b): b is number => b !== null) ? bedragen.reduce((a, b) => a + b, 0) : null,
    };
  });
}

/** The three scenarios, always in the order Eerste stap, Tot label A, Tot het beste doel. */
export function scenarios({ uitgangspunt: u, gerangschikt, prijzen, openCategorieen = [], stappenplanInhoud }: ScenarioInput): Scenario[] {
  if (u.huidig_ep2 === null || u.huidig_label === null) {
    const reden = 'huidige energieprestatie onbekend (geen label of EP2 in bestand of register)';
    return (Object.keys(SCENARIO_TITELS) as ScenarioId[]).map((id) => leegScenario(id, 'niet_te_berekenen', reden));
  }
  const huidig = u.huidig_label;
  const uitBestand = stappenplanCumulatief(gerangschikt, stappenplanInhoud)
    .map((m) => kandidaatUitMaatregel(m, u))
    .filter((k): k is Kandidaat => k !== null && verbetert(k, u));

  // Eerste stap: the least ambitious measure that gains a label class (else one that only lowers EP2);
  // without such a measure, one class up with the insulation the signals call open.
  let eerste: Scenario;
  const klasseWinst = (k: Kandidaat) => labelIndex(k.doelLabel) < labelIndex(huidig);
  const bescheiden = [...uitBestand].sort((a, b) => Number(klasseWinst(b)) - Number(klasseWinst(a)) || bescheidenEerst(a, b))[0];
  if (bescheiden) eerste = uitwerken('eerste_stap', bescheiden, u, prijzen);
  else if (huidig === 'A++++') eerste = leegScenario('eerste_stap', 'al_bereikt', 'De woning heeft al het beste label.');
  else {
    const volgende = LABEL_CLASSES[labelIndex(huidig) - 1];
    const cats = openCategorieen.length ? [...openCategorieen] : (['hybride_warmtepomp'] as Categorie[]);
    const naam = openCategorieen.length ? STANDAARDPAKKETTEN.eerste_stap.naam : 'Hybride warmtepomp (standaardpakket)';
    eerste = uitwerken('eerste_stap', pakket(naam, cats, Math.min(ep2Bovengrens(volgende), u.huidig_ep2 - 1), u), u, prijzen);
  }

  // Tot label A: the least ambitious measure reaching A or better; else the standard package to A.
  let totA: Scenario;
  if (atLeast(huidig, 'A')) totA = leegScenario('tot_label_a', 'al_bereikt', `De woning heeft al label ${huidig}.`);
  else {
    const naarA = uitBestand.filter((k) => atLeast(k.doelLabel, 'A')).sort(bescheidenEerst)[0];
    const p = STANDAARDPAKKETTEN.tot_label_a;
    totA = uitwerken('tot_label_a', naarA ?? pakket(p.naam, [...p.categorieen], ep2Bovengrens('A'), u), u, prijzen);
  }

  // Tot het beste doel: the best-ranked improving measure; else label A plus solar panels.
  let beste: Scenario;
  const top = uitBestand.sort((a, b) => (a.rang ?? 0) - (b.rang ?? 0))[0];
  if (top) beste = uitwerken('beste_doel', top, u, prijzen);
  else if (u.oppervlakte_m2 === null) {
    beste = leegScenario('beste_doel', 'niet_te_berekenen', 'Gebruiksoppervlakte onbekend: effect van zonnepanelen niet te bepalen.');
  } else {
    const pvEffect = (OPBRENGST_ZONNEPANELEN.waarde * PRIMAIRE_FACTOR_ELEKTRICITEIT.waarde) / u.oppervlakte_m2;
    const p = STANDAARDPAKKETTEN.beste_doel;
    const cats: Categorie[] = atLeast(huidig, 'A') ? ['zonnepanelen'] : [...p.categorieen];
    const naam = atLeast(huidig, 'A') ? 'Zonnepanelen (standaardpakket)' : p.naam;
    beste = uitwerken('beste_doel', pakket(naam, cats, Math.min(u.huidig_ep2, ep2Bovengrens('A')) - pvEffect, u), u, prijzen);
  }
  return [eerste, totA, beste];
}
