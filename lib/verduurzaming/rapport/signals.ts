// Signals for the report: measures the file may leave out (build year and label suggest insulation the
// file does not list), insulation that was probably added already, and differences between the file and
// the registers (address, registered label). Each rule is data with its threshold and source, so the
// methodology document shows exactly what runs here. Pure functions.
import { z } from 'zod';
import type { LabelKlasse, Nulmeting, Pand } from '../types';
import { genoemdeCategorieen } from './categorie';
import type { Categorie } from './kentallen';
import { atLeast } from './label';
import { datum } from './opmaak';
import type { AdresControle } from './adres';

export const signaalSchema = z.object({
  code: z.string().describe('Vaste code van de regel'),
  soort: z
    .enum(['mogelijk_ontbrekende_maatregel', 'vermoedelijk_uitgevoerd', 'afwijking', 'ontbrekende_gegevens'])
    .describe('Soort signaal'),
  tekst: z.string().describe('Het signaal in gewone taal'),
  regel: z.string().describe('De regel met zijn drempels'),
  bron: z.string().nullable().describe('Bron van de drempel (URL), null voor een eigen controle'),
});
export type Signaal = z.infer<typeof signaalSchema>;

/** One rule of the signal set: its threshold text and source, for the methodology document. */
export interface SignaalRegel {
  code: string;
  soort: Signaal['soort'];
  regel: string;
  bron: string | null;
  bron_url: string | null;
  jaar: number | null;
}

const MC_SPOUW = 'https://www.milieucentraal.nl/energie-besparen/isoleren-en-besparen/spouwmuurisolatie/';
const SPOUW_1976 = 'https://nieuws.nl/lifestyle/20230523/je-huis-isoleren-loont-in-de-meeste-gevallen/';
const VOOR_1992 = 'https://www.bouwtotaal.nl/2017/03/isoleren-wat-kost-dat/';

/** Build-year rules for insulation the file does not list. */
const ISOLATIEREGELS: {
  code: string;
  categorie: Categorie;
  naam: string;
  vanaf: number | null;
  totEnMet: number;
  slechtsteLabelZonderSignaal: LabelKlasse;
  reden: string;
  bron: string;
  bron_url: string;
  jaar: number;
}[] = [
  {
    code: 'spouwmuurisolatie_niet_in_bestand',
    categorie: 'gevel',
    naam: 'Spouwmuur- of gevelisolatie',
    vanaf: 1920,
    totEnMet: 1975,
    slechtsteLabelZonderSignaal: 'C',
    reden: 'gebouwd met een spouwmuur die toen meestal niet werd geïsoleerd',
    bron: 'Milieu Centraal (vóór 1920 meestal enkelsteens muren); CPB/TNO via nieuws.nl (na 1976 spouw al geïsoleerd)',
    bron_url: MC_SPOUW,
    jaar: 2023,
  },
  {
    code: 'dakisolatie_niet_in_bestand',
    categorie: 'dak',
    naam: 'Dakisolatie',
    vanaf: null,
    totEnMet: 1991,
    slechtsteLabelZonderSignaal: 'B',
    reden: 'woningen van vóór 1992 zijn vaak maar gedeeltelijk geïsoleerd',
    bron: 'Rijksoverheid, campagne Energie besparen doe je nu (via Bouwtotaal)',
    bron_url: VOOR_1992,
    jaar: 2017,
  },
  {
    code: 'vloerisolatie_niet_in_bestand',
    categorie: 'vloer',
    naam: 'Vloerisolatie',
    vanaf: null,
    totEnMet: 1991,
    slechtsteLabelZonderSignaal: 'B',
    reden: 'bij woningen van vóór 1992 ontbreekt vooral isolatie van gevel en vloer',
    bron: 'Rijksoverheid, campagne Energie besparen doe je nu (via Bouwtotaal)',
    bron_url: VOOR_1992,
    jaar: 2017,
  },
  {
    code: 'isolatieglas_niet_in_bestand',
    categorie: 'glas',
    naam: 'Isolatieglas (HR++ of triple)',
    vanaf: null,
    totEnMet: 1991,
    slechtsteLabelZonderSignaal: 'C',
    reden: 'woningen van vóór 1992 zijn vaak maar gedeeltelijk geïsoleerd',
    bron: 'Rijksoverheid, campagne Energie besparen doe je nu (via Bouwtotaal)',
    bron_url: VOOR_1992,
    jaar: 2017,
  },
];

const NA_ISOLATIE = { totEnMet: 1974, label: 'B' as LabelKlasse };
const ISOLATIE: Categorie[] = ['gevel', 'dak', 'vloer', 'glas'];

function periode(vanaf: number | null, totEnMet: number): string {
  return vanaf === null ? `tot en met ${totEnMet}` : `${vanaf} tot en met ${totEnMet}`;
}

/** Every rule with its threshold and source (for GET /v1/verduurzaming/methodiek). */
export const SIGNAALREGELS: SignaalRegel[] = [
  ...ISOLATIEREGELS.map((r) => ({
    code: r.code,
    soort: 'mogelijk_ontbrekende_maatregel' as const,
    regel: `Bouwjaar ${periode(r.vanaf, r.totEnMet)}, huidig label slechter dan ${r.slechtsteLabelZonderSignaal}, en geen maatregel in het bestand die ${r.naam.toLowerCase()} noemt.`,
    bron: r.bron,
    bron_url: r.bron_url,
    jaar: r.jaar,
  })),
  {
    code: 'na_isolatie_vermoedelijk_uitgevoerd',
    soort: 'vermoedelijk_uitgevoerd',
    regel: `Bouwjaar tot en met ${NA_ISOLATIE.totEnMet} en huidig label ${NA_ISOLATIE.label} of beter, terwijl het bestand geen isolatiemaatregel noemt: de schil is vermoedelijk al na-geïsoleerd.`,
    bron: 'Milieu Centraal; CPB/TNO via nieuws.nl (spouwmuren na 1976 al geïsoleerd)',
    bron_url: SPOUW_1976,
    jaar: 2023,
  },
  {
    code: 'label_wijkt_af_van_registratie',
    soort: 'afwijking',
    regel: 'De energieklasse in het bestand verschilt van het geregistreerde label in EP-Online.',
    bron: 'EP-Online (RVO)',
    bron_url: 'https://www.ep-online.nl',
    jaar: null,
  },
  {
    code: 'adres_wijkt_af',
    soort: 'afwijking',
    regel: 'Postcode, huisnummer of toevoeging in het bestand verschilt van het opgevraagde adres.',
    bron: null,
    bron_url: null,
    jaar: null,
  },
  {
    code: 'geen_maatregelen_in_bestand',
    soort: 'ontbrekende_gegevens',
    regel: "Het bestand noemt geen maatregelen; de scenario's komen dan uit standaardpakketten.",
    bron: null,
    bron_url: null,
    jaar: null,
  },
  {
    code: 'bouwjaar_onbekend',
    soort: 'ontbrekende_gegevens',
    regel: 'Het bouwjaar is onbekend; de regels op bouwjaar zijn niet toegepast.',
    bron: null,
    bron_url: null,
    jaar: null,
  },
];

export interface SignaalInput {
  nulmeting: Nulmeting;
  pand: Pand;
  adres: AdresControle;
  /** The current label as the report uses it (file first, then the register). */
  huidigLabel: LabelKlasse | null;
}

/** The signals for one report, in a fixed order: differences first, then missing and probable measures. */
export function signalen({ nulmeting, pand, adres, huidigLabel }: SignaalInput): Signaal[] {
  const out: Signaal[] = [];
  const regel = (code: string) => SIGNAALREGELS.find((r) => r.code === code) as SignaalRegel;
  const add = (code: string, tekst: string) => {
    const r = regel(code);
    out.push({ code, soort: r.soort, tekst, regel: r.regel, bron: r.bron_url });
  };

  if (adres.overeenkomst === 'nee') {
    add('adres_wijkt_af', `Het bestand hoort bij ${adres.bestand ?? 'een ander adres'}, niet bij ${adres.opgevraagd}. Controleer of het juiste bestand is gebruikt.`);
  }

  const geregistreerd = pand.energielabel;
  if (geregistreerd && nulmeting.energieklasse && geregistreerd.klasse !== nulmeting.energieklasse) {
    const wanneer = geregistreerd.registratiedatum ? ` (geregistreerd ${datum(geregistreerd.registratiedatum)})` : '';
    add('label_wijkt_af_van_registratie', `EP-Online noemt label ${geregistreerd.klasse}${wanneer}; het bestand noemt ${nulmeting.energieklasse}.`);
  }

  if (!nulmeting.maatregelen || nulmeting.maatregelen.length === 0) {
    add('geen_maatregelen_in_bestand', "Het bestand noemt geen maatregelen; de scenario's zijn standaardpakketten met gepubliceerde kentallen.");
  }

  const bouwjaar = pand.bouwjaar;
  if (bouwjaar === null) {
    add('bouwjaar_onbekend', 'Het bouwjaar is onbekend, dus is niet nagegaan welke isolatie bij dit bouwjaar te verwachten is.');
    return out;
  }
  if (huidigLabel === null) return out;

  // The file's measures and, for a maatwerkadvies, what its step plan changes according to its summary.
  const genoemd = genoemdeCategorieen(nulmeting.maatregelen, nulmeting.stappenplan_inhoud);
  for (const r of ISOLATIEREGELS) {
    const inPeriode = (r.vanaf === null || bouwjaar >= r.vanaf) && bouwjaar <= r.totEnMet;
    if (inPeriode && !atLeast(huidigLabel, r.slechtsteLabelZonderSignaal) && !genoemd.has(r.categorie)) {
      add(r.code, `${r.naam} staat niet in het bestand, terwijl bouwjaar ${bouwjaar} (${r.reden}) en label ${huidigLabel} erop wijzen dat die nog mogelijk is.`);
    }
  }
  if (bouwjaar <= NA_ISOLATIE.totEnMet && atLeast(huidigLabel, NA_ISOLATIE.label) && !ISOLATIE.some((c) => genoemd.has(c))) {
    add(
      'na_isolatie_vermoedelijk_uitgevoerd',
      `Bouwjaar ${bouwjaar} met label ${huidigLabel}: de woning is vermoedelijk al na-geïsoleerd. Het bestand noemt geen isolatie; controleer of die is vastgelegd.`,
    );
  }
  return out;
}

/** The insulation the signals call possibly missing: the content of a standard first step. */
export function openCategorieen(lijst: readonly Signaal[]): Categorie[] {
  return ISOLATIEREGELS.filter((r) => lijst.some((s) => s.code === r.code)).map((r) => r.categorie);
}
