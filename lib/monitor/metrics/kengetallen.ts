// The sixteen key figures of the distribution monitor ("sixteen metric endpoints" of the spec), served as
// /v1/distributiemonitor/metrieken/{naam}. Computed once per version and stored, so each is one pass
// over the state or the rows.
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';
import { alsVestiging, beweging, byId, groep, hhi, jarenTussen, oplopend, percentiel, periode, rond, tel, vestigingRijen } from './common';

/** Window of the *_12m figures, in months (datum > peildatum − 12 months, ≤ peildatum). */
export const KENGETAL_MAANDEN = 12;
export const TOP_N_AANDEEL = 10;

export type KengetalNaam =
  | 'aantal_vestigingen_actief'
  | 'aantal_organisaties'
  | 'aantal_holdings'
  | 'aantal_hoofdholdingen'
  | 'aandeel_gebonden_pct'
  | 'aandeel_top10_pct'
  | 'hhi'
  | 'nieuw_12m'
  | 'beeindigd_12m'
  | 'overnames_12m'
  | 'verhuisd_12m'
  | 'netto_groei_12m'
  | 'gemiddelde_productbreedte'
  | 'mediane_vergunningsjaren'
  | 'hypotheek_vestigingen'
  | 'samenwerkingsverbanden';

/** A band of a scale: from `ondergrens` (inclusive) up to `bovengrens` (exclusive; null = no upper bound). */
export interface SchaalBand {
  ondergrens: number;
  bovengrens: number | null;
  label: string;
}

/** The range a key figure can take, with its usual reading bands where the field has them (HHI). */
export interface Schaal {
  min: number | null;
  max: number | null;
  banden: SchaalBand[];
}

export interface Kengetal {
  naam: KengetalNaam;
  titel: string;
  eenheid: string;
  formule: string;
  invoer: string[];
  /** What the figure says, in plain Dutch for an advisor. */
  uitleg: string;
  schaal: Schaal;
}

const AANTAL: Schaal = { min: 0, max: null, banden: [] };
const PROCENT: Schaal = { min: 0, max: 100, banden: [] };
/** The bands of the competition authorities (ACM, US DoJ/FTC 2010) for a HHI on 0–10.000. */
const HHI_SCHAAL: Schaal = {
  min: 0,
  max: 10_000,
  banden: [
    { ondergrens: 0, bovengrens: 1_500, label: 'niet geconcentreerd' },
    { ondergrens: 1_500, bovengrens: 2_500, label: 'matig geconcentreerd' },
    { ondergrens: 2_500, bovengrens: null, label: 'sterk geconcentreerd' },
  ],
};

const STAAT = ['vestigingen van de versie'];
const RIJEN = ['wijziging (vestiging, versies na de eerste)'];
const VENSTER = `wijzigingsdatum na peildatum − ${KENGETAL_MAANDEN} maanden en uiterlijk op de peildatum; rijen van de eerste versie (nulmeting) tellen niet`;

export const KENGETALLEN: readonly Kengetal[] = [
  { naam: 'aantal_vestigingen_actief', uitleg: 'De omvang van de markt: hoeveel vestigingen van financiële dienstverleners nu een actieve registratie hebben.', schaal: AANTAL, titel: 'Actieve vestigingen', eenheid: 'aantal', formule: 'Aantal vestigingen met actief = waar.', invoer: STAAT },
  { naam: 'aantal_organisaties', uitleg: 'Hoeveel verschillende ondernemingen (KvK-nummers) achter de actieve vestigingen zitten; minder organisaties bij gelijke vestigingen wijst op concentratie.', schaal: AANTAL, titel: 'Organisaties', eenheid: 'aantal', formule: 'Aantal verschillende KvK-nummers onder de actieve vestigingen.', invoer: STAAT },
  { naam: 'aantal_holdings', uitleg: 'Hoeveel holdings er boven de vestigingen staan, tussenholdings meegeteld: een maat voor hoe gelaagd het eigendom is.', schaal: AANTAL, titel: 'Holdings', eenheid: 'aantal', formule: 'Aantal holdings (tussenholdings en hoofdholdingen) boven de vestigingen.', invoer: ['holdings van de versie'] },
  { naam: 'aantal_hoofdholdingen', uitleg: 'Hoeveel groepen er aan de top van een eigendomsketen staan: de partijen die vestigingen bundelen.', schaal: AANTAL, titel: 'Hoofdholdingen', eenheid: 'aantal', formule: "Aantal holdings van het type 'hoofdholding' (top van een eigendomsketen).", invoer: ['holdings van de versie'] },
  {
    naam: 'aandeel_gebonden_pct', uitleg: 'Welk deel van de actieve vestigingen bij een groep hoort in plaats van zelfstandig te zijn. Stijgt het, dan consolideert de markt.', schaal: PROCENT,
    titel: 'Aandeel gebonden vestigingen',
    eenheid: 'procent',
    formule: 'Actieve vestigingen met een hoofdholding / alle actieve vestigingen × 100, op 2 decimalen.',
    invoer: STAAT,
  },
  {
    naam: 'aandeel_top10_pct', uitleg: 'Welk deel van de actieve vestigingen in handen is van de tien grootste groepen.', schaal: PROCENT,
    titel: 'Aandeel top 10 hoofdholdingen',
    eenheid: 'procent',
    formule: `Actieve vestigingen onder de ${TOP_N_AANDEEL} hoofdholdingen met de meeste actieve vestigingen (gelijk: laagste id) / alle actieve vestigingen × 100, op 2 decimalen.`,
    invoer: STAAT,
  },
  {
    naam: 'hhi', uitleg: 'De gangbare maat voor marktconcentratie: de som van de gekwadrateerde marktaandelen. Onder 1.500 heet een markt niet geconcentreerd, van 1.500 tot 2.500 matig en boven 2.500 sterk geconcentreerd.', schaal: HHI_SCHAAL,
    titel: 'Herfindahl-Hirschman-index',
    eenheid: 'index (0–10.000)',
    formule:
      'Som over groepen van (aandeel in de actieve vestigingen in procenten)²; een groep is een hoofdholding, of voor een zelfstandige vestiging haar KvK-nummer. Op 2 decimalen.',
    invoer: STAAT,
  },
  { naam: 'nieuw_12m', uitleg: 'Hoeveel vestigingen er in de laatste twaalf maanden bij kwamen.', schaal: AANTAL, titel: 'Nieuwe vestigingen (12 mnd)', eenheid: 'aantal', formule: `Aantal wijzigingen 'nieuw' van vestigingen; ${VENSTER}.`, invoer: RIJEN },
  { naam: 'beeindigd_12m', uitleg: 'Hoeveel vestigingen er in de laatste twaalf maanden stopten.', schaal: AANTAL, titel: 'Beëindigde vestigingen (12 mnd)', eenheid: 'aantal', formule: `Aantal wijzigingen 'beëindigd' van vestigingen; ${VENSTER}.`, invoer: RIJEN },
  {
    naam: 'overnames_12m', uitleg: 'Hoeveel vestigingen er in de laatste twaalf maanden van eigenaar wisselden of bij een groep kwamen.', schaal: AANTAL,
    titel: 'Overnames (12 mnd)',
    eenheid: 'aantal',
    formule: `Aantal wijzigingen 'overgenomen' van vestigingen (hoofdholding gewijzigd, ook geen → wel); ${VENSTER}.`,
    invoer: RIJEN,
  },
  {
    naam: 'verhuisd_12m', uitleg: 'Hoeveel vestigingen er in de laatste twaalf maanden naar een ander adres gingen.', schaal: AANTAL,
    titel: 'Verhuizingen (12 mnd)',
    eenheid: 'aantal',
    formule: `Aantal wijzigingen 'verhuisd' van vestigingen met een nieuw adres (een verhuizing telt één keer, niet ook de rij van het oude adres); ${VENSTER}.`,
    invoer: RIJEN,
  },
  { naam: 'netto_groei_12m', uitleg: 'Of de markt groeit of krimpt: nieuwe min beëindigde vestigingen in de laatste twaalf maanden. Negatief is krimp.', schaal: { min: null, max: null, banden: [] }, titel: 'Netto groei (12 mnd)', eenheid: 'aantal', formule: 'nieuw_12m − beeindigd_12m.', invoer: RIJEN },
  {
    naam: 'gemiddelde_productbreedte', uitleg: 'Hoeveel productsoorten een vestiging gemiddeld adviseert: breed of gespecialiseerd.', schaal: AANTAL,
    titel: 'Gemiddelde productbreedte',
    eenheid: 'producten per vestiging',
    formule: 'Gemiddeld aantal geadviseerde producten per actieve vestiging, op 2 decimalen.',
    invoer: STAAT,
  },
  {
    naam: 'mediane_vergunningsjaren', uitleg: 'Hoe lang de helft van de vestigingen al een vergunning heeft: een hoge waarde duidt op een vergrijzende markt met opvolgingsvragen.', schaal: AANTAL,
    titel: 'Mediane vergunningsduur',
    eenheid: 'jaren',
    formule:
      'Mediaan (lineaire interpolatie) over de actieve vestigingen met een begindatum van (peildatum − vroegste adviesvergunning) in dagen / 365,25; op 1 decimaal.',
    invoer: STAAT,
  },
  {
    naam: 'hypotheek_vestigingen', uitleg: 'Hoeveel actieve vestigingen hypotheken adviseren of bemiddelen: de omvang van het hypotheeksegment.', schaal: AANTAL,
    titel: 'Vestigingen in hypotheken',
    eenheid: 'aantal',
    formule: "Aantal actieve vestigingen met de dienst adviseren of bemiddelen op het product 'Hypothecair krediet'.",
    invoer: STAAT,
  },
  {
    naam: 'samenwerkingsverbanden', uitleg: 'Hoeveel groepen zelfstandige ondernemingen samen optreden onder één handelsnaam of klachtenlidmaatschap zonder gemeenschappelijke eigenaar.', schaal: AANTAL,
    titel: 'Samenwerkingsverbanden',
    eenheid: 'aantal',
    formule: 'Aantal samenwerkingsverbanden: twee of meer vestigingen van verschillende KvK-nummers zonder gemeenschappelijke holding met dezelfde handelsnaam of hetzelfde lidnummer van een klachteninstituut.',
    invoer: ['vestigingen van de versie (handelsnamen, klachteninstituut)', 'holdings van de versie'],
  },
];

export interface KengetallenInput {
  vestigingen: readonly MarktVestiging[];
  holdings: readonly MarktHolding[];
  wijzigingen: readonly WijzigingRij[];
  versies: readonly VersieInfo[];
  peildatum: string;
  /** Counted by the samenwerking derivation (lib/monitor/derive/samenwerking.ts). */
  samenwerkingsverbanden_aantal: number;
}

export function berekenKengetallen(input: KengetallenInput): Record<KengetalNaam, number> {
  const actief = input.vestigingen.filter((v) => v.actief);
  const n = actief.length;
  const pct = (x: number) => (n === 0 ? 0 : rond((100 * x) / n, 2));

  const gebonden = actief.filter((v) => v.hoofdholding_id);
  const perHoofd = [...tel(gebonden.map((v) => v.hoofdholding_id!)).entries()].sort((a, b) => b[1] - a[1] || byId(a[0], b[0]));
  const top10 = perHoofd.slice(0, TOP_N_AANDEEL).reduce((s, [, c]) => s + c, 0);

  const p = periode(input.peildatum, KENGETAL_MAANDEN);
  const rijen = vestigingRijen(beweging(input.wijzigingen, input.versies), p);
  const aantal = (t: WijzigingRij['wijziging_type']) => rijen.filter((w) => w.wijziging_type === t).length;
  const nieuw = aantal('nieuw');
  const beeindigd = aantal('beëindigd');

  const jaren = actief.filter((v) => v.sinds).map((v) => jarenTussen(v.sinds!, input.peildatum)).sort(oplopend);
  const mediaan = percentiel(jaren, 50);

  return {
    aantal_vestigingen_actief: n,
    aantal_organisaties: new Set(actief.map((v) => v.kvk_nummer)).size,
    aantal_holdings: input.holdings.length,
    aantal_hoofdholdingen: input.holdings.filter((h) => h.type === 'hoofdholding').length,
    aandeel_gebonden_pct: pct(gebonden.length),
    aandeel_top10_pct: pct(top10),
    hhi: rond(hhi(tel(actief.map(groep)).values()), 2),
    nieuw_12m: nieuw,
    beeindigd_12m: beeindigd,
    overnames_12m: aantal('overgenomen'),
    verhuisd_12m: rijen.filter((w) => w.wijziging_type === 'verhuisd' && alsVestiging(w.nieuw)).length,
    netto_groei_12m: nieuw - beeindigd,
    gemiddelde_productbreedte: n === 0 ? 0 : rond(actief.reduce((s, v) => s + v.producten.length, 0) / n, 2),
    mediane_vergunningsjaren: mediaan === null ? 0 : rond(mediaan, 1),
    hypotheek_vestigingen: actief.filter((v) => v.hypotheek_diensten.length > 0).length,
    samenwerkingsverbanden: input.samenwerkingsverbanden_aantal,
  };
}
