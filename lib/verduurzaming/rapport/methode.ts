// The scenario method of the PDF report as a document (GET /v1/verduurzaming/methodiek, scenario_methode):
// formulas, every constant with value, unit, source, URL and year, the label bounds, financing, emission
// factors, the standard packages and the signal rules. Built from kentallen.ts and signals.ts, so the
// document and the computation cannot drift apart.
import { z } from 'zod';
import { LABEL_CLASSES } from '../types';
import { aannames } from './aannames';
import {
  CATEGORIEEN,
  CO2_AARDGAS,
  CO2_ELEKTRICITEIT,
  ENERGIEPRIJZEN_BRON,
  KENTALLEN,
  LABELGRENZEN_BRON,
  LABEL_BOVENGRENS_EP2,
  LOOPTIJD_ENERGIEBESPAARLENING,
  MAX_LEENSOM_ENERGIEBESPAARLENING,
  RENTE_ENERGIEBESPAARLENING,
  STANDAARDPAKKETTEN,
  type Categorie,
} from './kentallen';
import { SCENARIO_TITELS } from './scenarios';
import { SIGNAALREGELS } from './signals';

const kentalSchema = z.object({
  id: z.string(),
  omschrijving: z.string(),
  waarde: z.number(),
  eenheid: z.string(),
  soort: z.enum(['gepubliceerde referentiewaarde', 'norm', 'aanname van deze dienst']),
  bron: z.string(),
  url: z.string().nullable(),
  jaar: z.number().int(),
  toelichting: z.string().optional(),
});

export const scenarioMethodeSchema = z.object({
  samenvatting: z.string(),
  scenarios: z.array(z.object({ id: z.string(), titel: z.string(), keuze: z.string() })),
  formules: z.array(z.object({ grootheid: z.string(), formule: z.string(), toelichting: z.string() })),
  constanten: z.array(kentalSchema).describe('Elke constante met waarde, eenheid, soort, bron, URL en jaar'),
  labelklassen: z.object({
    bron: z.string(),
    url: z.string(),
    jaar: z.number().int(),
    bovengrens_ep2: z.record(z.string(), z.number().nullable()).describe('Bovengrens EP2 (kWh/m2·jr) per klasse; G heeft geen bovengrens (null)'),
  }),
  energieprijzen: z.object({ bron: z.string(), url: z.string(), toelichting: z.string() }),
  financiering: z.object({
    vorm: z.string(),
    rente: z.number(),
    looptijd_jaar: z.number(),
    max_leensom: z.number(),
    bron: z.string(),
    url: z.string().nullable(),
    jaar: z.number().int(),
    toelichting: z.string().optional(),
  }),
  emissiefactoren: z.array(z.object({ drager: z.string(), waarde: z.number(), eenheid: z.string(), bron: z.string(), url: z.string().nullable(), jaar: z.number().int() })),
  maatregelsoorten: z.array(
    z.object({ id: z.string(), naam: z.string(), trefwoorden: z.array(z.string()), omrekening: z.string(), investering_zonder_bestand: z.string() }),
  ),
  standaardpakketten: z.array(z.object({ scenario: z.string(), naam: z.string(), maatregelsoorten: z.array(z.string()), doel: z.string() })),
  signaalregels: z.array(
    z.object({ code: z.string(), soort: z.string(), regel: z.string(), bron: z.string().nullable(), bron_url: z.string().nullable(), jaar: z.number().int().nullable() }),
  ),
  aannames: z.array(z.object({ id: z.string(), tekst: z.string() })).describe('De aannames die de PDF in de voettekst op één regel afdrukt'),
  beperkingen: z.array(z.string()),
});
export type ScenarioMethode = z.infer<typeof scenarioMethodeSchema>;

function kostenTekst(c: Categorie): string {
  const k = CATEGORIEEN[c].kosten;
  if (!k) return 'geen kental: investering onbekend (bij meer soorten een ondergrens)';
  return k.per === 'm2'
    ? `${k.prijs.id} (${k.prijs.waarde} ${k.prijs.eenheid}) × ${k.oppervlakte.id} (${k.oppervlakte.waarde}) × gebruiksoppervlakte`
    : `${k.prijs.id} (${k.prijs.waarde} ${k.prijs.eenheid})`;
}

/** The method document (independent of any one report). */
export function scenarioMethode(): ScenarioMethode {
  return {
    samenvatting:
      "Drie scenario's per rapport. Investering uit het bestand waar het die noemt, anders gepubliceerde referentiewaarden (kentallen); bij een stappenplan van een maatwerkadvies (Step1..Step3) geldt het doellabel van stap N na de stappen 1 t/m N, dus telt de investering van die stappen samen. " +
      'Besparing uit het verschil in EP2 (NTA 8800) maal de gebruiksoppervlakte, omgerekend naar aardgas en elektriciteit en geprijsd met ' +
      'de actuele CBS-consumentenprijzen. Financiering als annuïteit tegen de rente en looptijd van de Energiebespaarlening. CO2 met ' +
      'gepubliceerde emissiefactoren. Woningwaarde: de investering als aandeel van de WOZ-waarde. Alle bedragen indicatief.',
    scenarios: [
      {
        id: 'eerste_stap',
        titel: SCENARIO_TITELS.eerste_stap,
        keuze:
          'De minst ambitieuze maatregel uit het bestand die minstens één labelklasse wint (bij gelijk doel de goedkoopste); zonder zo’n maatregel een standaardpakket naar de volgende labelklasse met de isolatie die de signalen open noemen, of anders een hybride warmtepomp.',
      },
      {
        id: 'tot_label_a',
        titel: SCENARIO_TITELS.tot_label_a,
        keuze: 'De minst ambitieuze maatregel uit het bestand met doellabel A of beter; zonder zo’n maatregel het standaardpakket naar label A (EP2 160). Heeft de woning al A of beter, dan: al bereikt.',
      },
      {
        id: 'beste_doel',
        titel: SCENARIO_TITELS.beste_doel,
        keuze: 'De maatregel met het beste doellabel in het bestand (rang 1); zonder maatregelen label A plus 10 zonnepanelen (of alleen zonnepanelen bij label A of beter).',
      },
    ],
    formules: [
      { grootheid: 'primaire besparing (kWh/jr)', formule: '(EP2_nu − EP2_doel) × gebruiksoppervlakte', toelichting: 'EP2 in kWh/m2·jr; EP2_doel zonder EP2-doelwaarde = bovengrens van de doelklasse; EP2_nu zonder EP2 = midden van de huidige klasse.' },
      { grootheid: 'verdeling', formule: 'deel = primaire besparing / aantal soorten omrekening in de maatregel', toelichting: 'Soorten: warmte (isolatie, glas, ventilatie, overig), warmtepomp, stroom (zonnepanelen).' },
      { grootheid: 'aardgas (m3/jr), soort warmte', formule: 'deel / (fp_aardgas × energie_per_m3_aardgas)', toelichting: 'fp_aardgas 1,0; 9,769 kWh per m3 (bovenwaarde).' },
      { grootheid: 'elektriciteit (kWh/jr), soort stroom', formule: 'deel / fp_elektriciteit', toelichting: 'fp_elektriciteit 1,45.' },
      {
        grootheid: 'soort warmtepomp',
        formule: 'warmte = deel / (fp_aardgas/η_ketel − fp_elektriciteit/SCOP); aardgas = warmte / η_ketel / energie_per_m3_aardgas; elektriciteit = −warmte / SCOP',
        toelichting: 'De warmtepomp neemt warmte over van de cv-ketel: minder gas, meer stroom.',
      },
      { grootheid: 'besparing (euro/jr)', formule: 'aardgas × prijs_aardgas_all_in + elektriciteit × prijs_elektriciteit_all_in', toelichting: 'Vaste tarieven en vermindering energiebelasting blijven gelijk en tellen niet mee.' },
      { grootheid: 'CO2 (kg/jr)', formule: 'aardgas × co2_aardgas + elektriciteit × co2_elektriciteit', toelichting: 'Meer stroom (warmtepomp) telt als extra uitstoot.' },
      {
        grootheid: 'maandlast (euro)',
        formule: 'I × r / (1 − (1 + r)^(−n)), r = (1 + rente)^(1/12) − 1, n = 12 × looptijd',
        toelichting: 'Annuïteit met maandbetaling; de rente is effectief per jaar. Controle: € 15.000, 10 jaar, 4,35% geeft € 153,80 (voorbeeld Warmtefonds).',
      },
      { grootheid: 'netto per maand (euro)', formule: 'besparing / 12 − maandlast', toelichting: 'Positief: de besparing dekt de lening.' },
      { grootheid: 'aandeel woningwaarde (%)', formule: 'investering / WOZ-waarde × 100', toelichting: 'WOZ-waarde op de peildatum; geen taxatie.' },
    ],
    constanten: KENTALLEN.map((k) => ({ ...k })),
    labelklassen: {
      ...LABELGRENZEN_BRON,
      bovengrens_ep2: Object.fromEntries(LABEL_CLASSES.map((k) => [k, Number.isFinite(LABEL_BOVENGRENS_EP2[k]) ? LABEL_BOVENGRENS_EP2[k] : null])),
    },
    energieprijzen: {
      ...ENERGIEPRIJZEN_BRON,
      toelichting: 'All-in consumentenprijzen incl. btw (variabel leveringstarief, ODE waar aanwezig, energiebelasting) van de nieuwste maand, live via GET /v1/energie/prijzen; zonder prijzen geen besparing in euro.',
    },
    financiering: {
      vorm: 'annuïteit, maandelijkse betaling',
      rente: RENTE_ENERGIEBESPAARLENING.waarde,
      looptijd_jaar: LOOPTIJD_ENERGIEBESPAARLENING.waarde,
      max_leensom: MAX_LEENSOM_ENERGIEBESPAARLENING,
      bron: RENTE_ENERGIEBESPAARLENING.bron,
      url: RENTE_ENERGIEBESPAARLENING.url,
      jaar: RENTE_ENERGIEBESPAARLENING.jaar,
      toelichting: RENTE_ENERGIEBESPAARLENING.toelichting,
    },
    emissiefactoren: [
      { drager: 'aardgas', waarde: CO2_AARDGAS.waarde, eenheid: CO2_AARDGAS.eenheid, bron: CO2_AARDGAS.bron, url: CO2_AARDGAS.url, jaar: CO2_AARDGAS.jaar },
      { drager: 'elektriciteit', waarde: CO2_ELEKTRICITEIT.waarde, eenheid: CO2_ELEKTRICITEIT.eenheid, bron: CO2_ELEKTRICITEIT.bron, url: CO2_ELEKTRICITEIT.url, jaar: CO2_ELEKTRICITEIT.jaar },
    ],
    maatregelsoorten: (Object.keys(CATEGORIEEN) as Categorie[]).map((c) => ({
      id: c,
      naam: CATEGORIEEN[c].naam,
      trefwoorden: CATEGORIEEN[c].trefwoorden,
      omrekening: CATEGORIEEN[c].omrekening,
      investering_zonder_bestand: kostenTekst(c),
    })),
    standaardpakketten: [
      { scenario: SCENARIO_TITELS.eerste_stap, naam: STANDAARDPAKKETTEN.eerste_stap.naam, maatregelsoorten: ['de isolatie uit de signalen'], doel: 'de volgende labelklasse (bovengrens)' },
      { scenario: SCENARIO_TITELS.tot_label_a, naam: STANDAARDPAKKETTEN.tot_label_a.naam, maatregelsoorten: STANDAARDPAKKETTEN.tot_label_a.categorieen, doel: 'EP2 160 (bovengrens label A)' },
      {
        scenario: SCENARIO_TITELS.beste_doel,
        naam: STANDAARDPAKKETTEN.beste_doel.naam,
        maatregelsoorten: STANDAARDPAKKETTEN.beste_doel.categorieen,
        doel: 'EP2 160 min opbrengst_zonnepanelen × fp_elektriciteit / gebruiksoppervlakte',
      },
    ],
    signaalregels: SIGNAALREGELS,
    aannames: aannames(null, null).map((a) => ({ id: a.id, tekst: a.lang })),
    beperkingen: [
      'EP2 is een genormeerd gebruik (NTA 8800), geen gemeten verbruik; bij slechte labels ligt het werkelijke verbruik vaak lager, dus de besparing in euro ook.',
      'Kentallen zijn landelijke gemiddelden uit publieksvoorlichting, geen offerte; investeringen incl. btw en excl. subsidie (ISDE, gemeentelijk).',
      'Maatregelen uit het bestand worden elk als route van de huidige staat naar hun doel gelezen; bedragen worden niet opgeteld.',
      'De soort maatregel wordt afgeleid uit trefwoorden in de omschrijving; een omschrijving zonder trefwoord telt als warmte (aardgas).',
      'Vaste leverings- en netkosten, salderen en terugleververgoedingen zijn niet meegenomen.',
    ],
  };
}
