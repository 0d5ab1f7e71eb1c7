// Every number the scenario method of the sustainability report uses, in ONE place, each with its value,
// unit, kind (published reference value, norm, or an assumption of this service), source, URL and year.
// The scenario code, the PDF footer and GET /v1/verduurzaming/methodiek all read from here.
//
// The published reference values are averages from public information pages (Milieu Centraal, Warmtefonds,
// Consumentenbond, CO2emissiefactoren.nl); they are not quotes for a specific home. Investments are
// including VAT and excluding subsidies unless the note says otherwise.
import type { LabelKlasse } from '../types';

export type KentalSoort = 'gepubliceerde referentiewaarde' | 'norm' | 'aanname van deze dienst';

export interface Kental {
  id: string;
  omschrijving: string;
  waarde: number;
  eenheid: string;
  soort: KentalSoort;
  bron: string;
  url: string | null;
  /** Year the figure was published or refers to (price level). */
  jaar: number;
  toelichting?: string;
}

function kental(k: Kental): Kental {
  return k;
}

// --- Energy label classes (NTA 8800, EP2 in kWh/m2·jr) -------------------------------------------------

export const LABELGRENZEN_BRON = {
  bron: 'Regeling energieprestatie gebouwen, indeling energielabelklassen woningen (Stcrt. 2020, 57490)',
  url: 'https://zoek.officielebekendmakingen.nl/stcrt-2020-57490.html',
  jaar: 2021,
} as const;

/** Upper bound of EP2 (primary fossil energy, kWh/m2·jr) per label class for homes; G is open-ended. */
export const LABEL_BOVENGRENS_EP2: Record<LabelKlasse, number> = {
  'A++++': 0,
  'A+++': 50,
  'A++': 75,
  'A+': 105,
  A: 160,
  B: 190,
  C: 250,
  D: 290,
  E: 335,
  F: 380,
  G: Number.POSITIVE_INFINITY,
};

export const EP2_G_REPRESENTATIEF = kental({
  id: 'ep2_g_representatief',
  omschrijving: 'EP2 die voor label G wordt aangehouden als het bestand geen EP2 geeft (klasse G heeft geen bovengrens)',
  waarde: 420,
  eenheid: 'kWh/m2·jr',
  soort: 'aanname van deze dienst',
  bron: 'Ondergrens van G (380) plus 40',
  url: null,
  jaar: 2025,
});

// --- Conversion of primary energy (EP2) to gas and electricity ------------------------------------------

export const PRIMAIRE_FACTOR_ELEKTRICITEIT = kental({
  id: 'primaire_factor_elektriciteit',
  omschrijving: 'Primaire-energiefactor van elektriciteit van het net',
  waarde: 1.45,
  eenheid: 'kWh primair per kWh',
  soort: 'norm',
  bron: 'NTA 8800, tabel 5.2 (toegelicht door Vabi: "Bereken de CO2-uitstoot volgens de NTA 8800")',
  url: 'https://www.vabi.nl/nieuws/bereken-de-co2-uitstoot-volgens-de-nta-8800/',
  jaar: 2021,
});

export const PRIMAIRE_FACTOR_AARDGAS = kental({
  id: 'primaire_factor_aardgas',
  omschrijving: 'Primaire-energiefactor van aardgas',
  waarde: 1.0,
  eenheid: 'kWh primair per kWh',
  soort: 'norm',
  bron: 'NTA 8800, tabel 5.2',
  url: 'https://www.vabi.nl/nieuws/bereken-de-co2-uitstoot-volgens-de-nta-8800/',
  jaar: 2021,
});

export const ENERGIE_PER_M3_AARDGAS = kental({
  id: 'energie_per_m3_aardgas',
  omschrijving: 'Energie-inhoud van 1 m3 aardgas (bovenwaarde 35,17 MJ/m3 gedeeld door 3,6 MJ/kWh)',
  waarde: 9.769,
  eenheid: 'kWh per m3',
  soort: 'norm',
  bron: 'NTA 8800 rekent met de bovenwaarde van aardgas, 35,17 MJ/m3 (Vabi)',
  url: 'https://www.vabi.nl/nieuws/bereken-de-co2-uitstoot-volgens-de-nta-8800/',
  jaar: 2021,
});

export const RENDEMENT_CV_KETEL = kental({
  id: 'rendement_cv_ketel',
  omschrijving: 'Seizoensrendement van de bestaande hr-ketel (op bovenwaarde), voor de omrekening bij een warmtepomp',
  waarde: 0.9,
  eenheid: '-',
  soort: 'aanname van deze dienst',
  bron: 'Typische waarde voor een hr-combiketel',
  url: null,
  jaar: 2025,
});

export const SCOP_WARMTEPOMP = kental({
  id: 'scop_warmtepomp',
  omschrijving: 'Seizoensgemiddelde COP van een lucht/water-warmtepomp (hybride of volledig elektrisch)',
  waarde: 3.5,
  eenheid: '-',
  soort: 'aanname van deze dienst',
  bron: 'Typische waarde voor bestaande woningen',
  url: null,
  jaar: 2025,
});

// --- Prices of measures (investment when the file gives none) -------------------------------------------

export type Categorie =
  | 'gevel'
  | 'dak'
  | 'vloer'
  | 'glas'
  | 'hybride_warmtepomp'
  | 'warmtepomp'
  | 'zonnepanelen'
  | 'zonneboiler'
  | 'ventilatie'
  | 'overig';

/** How a category's share of the primary-energy saving turns into gas and electricity. */
export type Omrekening = 'warmte' | 'warmtepomp' | 'stroom';

export interface CategorieDef {
  naam: string;
  /** Lower-case fragments of a measure description that put it in this category (first match wins, in list order). */
  trefwoorden: string[];
  omrekening: Omrekening;
  /** Investment estimate when the file has none: per m2 of a part of the floor area, per home, or none. */
  kosten:
    | { per: 'm2'; prijs: Kental; oppervlakte: Kental }
    | { per: 'woning'; prijs: Kental }
    | null;
}

export const OPPERVLAKTE_GEVEL = kental({
  id: 'oppervlakte_gevel',
  omschrijving: 'Te isoleren gevel (spouwmuur) als fractie van de gebruiksoppervlakte',
  waarde: 0.5,
  eenheid: 'm2 per m2 gebruiksoppervlakte',
  soort: 'aanname van deze dienst',
  bron: 'Tussen de voorbeeldwoningen van Milieu Centraal in (muur tussenwoning 39 m2, hoekwoning 88 m2)',
  url: 'https://www.milieucentraal.nl/energie-besparen/isoleren-en-besparen/spouwmuurisolatie/',
  jaar: 2025,
});

export const OPPERVLAKTE_VLOER = kental({
  id: 'oppervlakte_vloer',
  omschrijving: 'Begane-grondvloer als fractie van de gebruiksoppervlakte (twee bouwlagen)',
  waarde: 0.5,
  eenheid: 'm2 per m2 gebruiksoppervlakte',
  soort: 'aanname van deze dienst',
  bron: 'Woning met twee bouwlagen',
  url: null,
  jaar: 2025,
});

export const OPPERVLAKTE_GLAS = kental({
  id: 'oppervlakte_glas',
  omschrijving: 'Glasoppervlak als fractie van de gebruiksoppervlakte',
  waarde: 0.18,
  eenheid: 'm2 per m2 gebruiksoppervlakte',
  soort: 'aanname van deze dienst',
  bron: 'Voorbeeld-hoekwoning van Milieu Centraal: 22 m2 glas bij circa 120 m2',
  url: 'https://www.milieucentraal.nl/energie-besparen/isoleren-en-besparen/isolatieglas/',
  jaar: 2025,
});

export const PRIJS_SPOUWMUURISOLATIE = kental({
  id: 'prijs_spouwmuurisolatie',
  omschrijving: 'Spouwmuurisolatie (ook gebruikt voor gevelisolatie, als ondergrens)',
  waarde: 26.7,
  eenheid: 'euro per m2 gevel',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Milieu Centraal, Spouwmuurisolatie: hoekwoning € 2.350 voor 88 m2 muur, excl. subsidie',
  url: 'https://www.milieucentraal.nl/energie-besparen/isoleren-en-besparen/spouwmuurisolatie/',
  jaar: 2025,
});

export const PRIJS_VLOERISOLATIE = kental({
  id: 'prijs_vloerisolatie',
  omschrijving: 'Vloerisolatie via de kruipruimte (middenwaarde van € 25 tot € 45 per m2)',
  waarde: 35,
  eenheid: 'euro per m2 vloer',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'BINT, De werkelijke kosten van vloer-, dak- en gevelisolatie (inclusief plaatsing, exclusief btw)',
  url: 'https://ikbenbint.nl/artikelen/de%20werkelijke%20kosten%20van%20vloer%20dak%20en%20gevelisolatie',
  jaar: 2025,
  toelichting: 'Exclusief btw, anders dan de andere kentallen.',
});

export const PRIJS_ISOLATIEGLAS = kental({
  id: 'prijs_isolatieglas',
  omschrijving: 'HR++-glas in bestaande kozijnen',
  waarde: 182,
  eenheid: 'euro per m2 glas',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Milieu Centraal, Isolatieglas: hoekwoning € 4.000 voor 22 m2, excl. subsidie',
  url: 'https://www.milieucentraal.nl/energie-besparen/isoleren-en-besparen/isolatieglas/',
  jaar: 2025,
});

export const PRIJS_DAKISOLATIE = kental({
  id: 'prijs_dakisolatie',
  omschrijving: 'Isolatie van een schuin dak, hoekwoning of twee-onder-een-kap',
  waarde: 4600,
  eenheid: 'euro per woning',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Consumentenbond, Huis isoleren (tabel met berekeningen van Milieu Centraal)',
  url: 'https://www.consumentenbond.nl/energie-vergelijken/huis-isoleren',
  jaar: 2019,
  toelichting: 'Oudere prijspeil; waarschijnlijk aan de lage kant.',
});

export const PRIJS_HYBRIDE_WARMTEPOMP = kental({
  id: 'prijs_hybride_warmtepomp',
  omschrijving: 'Hybride warmtepomp zonder nieuwe cv-ketel (middenwaarde van € 4.000 tot € 7.000), incl. installatie',
  waarde: 5500,
  eenheid: 'euro per woning',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Consumentenbond, Kosten warmtepomp',
  url: 'https://www.consumentenbond.nl/warmtepomp/kosten-warmtepomp',
  jaar: 2025,
});

export const PRIJS_WARMTEPOMP = kental({
  id: 'prijs_warmtepomp',
  omschrijving: 'Volledig elektrische warmtepomp (middenwaarde van € 8.000 tot € 16.000), incl. installatie',
  waarde: 12000,
  eenheid: 'euro per woning',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Consumentenbond, Kosten warmtepomp',
  url: 'https://www.consumentenbond.nl/warmtepomp/kosten-warmtepomp',
  jaar: 2025,
});

export const PRIJS_ZONNEPANELEN = kental({
  id: 'prijs_zonnepanelen',
  omschrijving: '10 zonnepanelen van 435 Wp, incl. omvormer en installatie',
  waarde: 3900,
  eenheid: 'euro per woning',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Milieu Centraal, Kosten en opbrengst zonnepanelen',
  url: 'https://www.milieucentraal.nl/energie-besparen/zonnepanelen/zonnepanelen-kopen/prijs-en-opbrengst-zonnepanelen/',
  jaar: 2025,
});

export const OPBRENGST_ZONNEPANELEN = kental({
  id: 'opbrengst_zonnepanelen',
  omschrijving: 'Jaarlijkse opbrengst van 10 zonnepanelen van 435 Wp',
  waarde: 3800,
  eenheid: 'kWh per jaar',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Milieu Centraal, Kosten en opbrengst zonnepanelen',
  url: 'https://www.milieucentraal.nl/energie-besparen/zonnepanelen/zonnepanelen-kopen/prijs-en-opbrengst-zonnepanelen/',
  jaar: 2025,
});

/** The measure categories, in match order (hybride before warmtepomp, spouw/gevel before dak …). */
export const CATEGORIEEN: Record<Categorie, CategorieDef> = {
  hybride_warmtepomp: { naam: 'hybride warmtepomp', trefwoorden: ['hybride'], omrekening: 'warmtepomp', kosten: { per: 'woning', prijs: PRIJS_HYBRIDE_WARMTEPOMP } },
  warmtepomp: { naam: 'warmtepomp', trefwoorden: ['warmtepomp'], omrekening: 'warmtepomp', kosten: { per: 'woning', prijs: PRIJS_WARMTEPOMP } },
  zonneboiler: { naam: 'zonneboiler', trefwoorden: ['zonneboiler'], omrekening: 'warmte', kosten: null },
  zonnepanelen: { naam: 'zonnepanelen', trefwoorden: ['zonnepane', 'zon-pv', 'pv-', ' pv', 'fotovolta'], omrekening: 'stroom', kosten: { per: 'woning', prijs: PRIJS_ZONNEPANELEN } },
  gevel: { naam: 'gevel-/spouwmuurisolatie', trefwoorden: ['spouw', 'gevel', 'muur'], omrekening: 'warmte', kosten: { per: 'm2', prijs: PRIJS_SPOUWMUURISOLATIE, oppervlakte: OPPERVLAKTE_GEVEL } },
  dak: { naam: 'dakisolatie', trefwoorden: ['dak', 'zolder'], omrekening: 'warmte', kosten: { per: 'woning', prijs: PRIJS_DAKISOLATIE } },
  vloer: { naam: 'vloerisolatie', trefwoorden: ['vloer', 'bodemisolatie', 'kruipruimte'], omrekening: 'warmte', kosten: { per: 'm2', prijs: PRIJS_VLOERISOLATIE, oppervlakte: OPPERVLAKTE_VLOER } },
  glas: { naam: 'isolatieglas', trefwoorden: ['glas', 'beglazing', 'kozijn', 'raam', 'ramen'], omrekening: 'warmte', kosten: { per: 'm2', prijs: PRIJS_ISOLATIEGLAS, oppervlakte: OPPERVLAKTE_GLAS } },
  ventilatie: { naam: 'ventilatie', trefwoorden: ['ventilatie', 'wtw', 'warmteterugwin'], omrekening: 'warmte', kosten: null },
  overig: { naam: 'overige maatregel', trefwoorden: [], omrekening: 'warmte', kosten: null },
};

/** Standard packages for scenarios the file does not cover (no measures, or none reaching label A). */
export const STANDAARDPAKKETTEN = {
  eerste_stap: { naam: 'Na-isolatie (standaardpakket)', categorieen: ['gevel', 'vloer'] as Categorie[] },
  tot_label_a: { naam: 'Isolatie en hybride warmtepomp (standaardpakket)', categorieen: ['gevel', 'dak', 'vloer', 'glas', 'hybride_warmtepomp'] as Categorie[] },
  beste_doel: { naam: 'Label A-pakket plus zonnepanelen (standaardpakket)', categorieen: ['gevel', 'dak', 'vloer', 'glas', 'hybride_warmtepomp', 'zonnepanelen'] as Categorie[] },
};

// --- Financing ------------------------------------------------------------------------------------------

export const RENTE_ENERGIEBESPAARLENING = kental({
  id: 'rente_energiebespaarlening',
  omschrijving: 'Effectieve rente per jaar van de Energiebespaarlening (voorbeeld van het Warmtefonds)',
  waarde: 0.0435,
  eenheid: 'per jaar (effectief)',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Nationaal Warmtefonds, Voorbeelden Energiebespaarlening (€ 15.000 in 10 jaar: € 153,80 per maand)',
  url: 'https://www.warmtefonds.nl/particulieren/voorbeelden-energiebespaarlening',
  jaar: 2025,
  toelichting: 'Huishoudens met een verzamelinkomen onder € 60.000 lenen tegen 0%; leensom € 1.000 tot € 27.000.',
});

export const LOOPTIJD_ENERGIEBESPAARLENING = kental({
  id: 'looptijd_energiebespaarlening',
  omschrijving: 'Looptijd van de lening, annuïtair, maandelijkse betaling',
  waarde: 10,
  eenheid: 'jaar',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'Nationaal Warmtefonds, Voorbeelden Energiebespaarlening',
  url: 'https://www.warmtefonds.nl/particulieren/voorbeelden-energiebespaarlening',
  jaar: 2025,
});

export const MAX_LEENSOM_ENERGIEBESPAARLENING = 27000;

// --- CO2 emission factors -------------------------------------------------------------------------------

export const CO2_AARDGAS = kental({
  id: 'co2_aardgas',
  omschrijving: 'CO2-emissiefactor van aardgas (directe emissie bij verbranding)',
  waarde: 1.78,
  eenheid: 'kg CO2 per m3',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'CO2emissiefactoren.nl, lijst emissiefactoren: aardgas',
  url: 'https://www.co2emissiefactoren.nl/lijst-emissiefactoren/',
  jaar: 2020,
});

export const CO2_ELEKTRICITEIT = kental({
  id: 'co2_elektriciteit',
  omschrijving: 'CO2-emissiefactor van in Nederland geproduceerde elektriciteit (productie, zonder ketenemissies)',
  waarde: 0.3,
  eenheid: 'kg CO2 per kWh',
  soort: 'gepubliceerde referentiewaarde',
  bron: 'CE Delft voor CO2emissiefactoren.nl, Ketenemissies elektriciteit: actualisatie elektriciteitsmix 2021',
  url: 'https://ce.nl/publicaties/ketenemissies-elektriciteit-actualisatie-elektriciteitsmix-2021/',
  jaar: 2021,
});

// --- Energy prices (live) -------------------------------------------------------------------------------

export const ENERGIEPRIJZEN_BRON = {
  bron: 'CBS StatLine 85592NED, Gemiddelde energietarieven voor consumenten (via GET /v1/energie/prijzen)',
  url: 'https://opendata.cbs.nl/ODataApi/odata/85592NED',
} as const;

/** Every constant above, for the methodology document (one source of truth). */
export const KENTALLEN: Kental[] = [
  PRIMAIRE_FACTOR_ELEKTRICITEIT,
  PRIMAIRE_FACTOR_AARDGAS,
  ENERGIE_PER_M3_AARDGAS,
  RENDEMENT_CV_KETEL,
  SCOP_WARMTEPOMP,
  EP2_G_REPRESENTATIEF,
  PRIJS_SPOUWMUURISOLATIE,
  PRIJS_VLOERISOLATIE,
  PRIJS_ISOLATIEGLAS,
  PRIJS_DAKISOLATIE,
  PRIJS_HYBRIDE_WARMTEPOMP,
  PRIJS_WARMTEPOMP,
  PRIJS_ZONNEPANELEN,
  OPBRENGST_ZONNEPANELEN,
  OPPERVLAKTE_GEVEL,
  OPPERVLAKTE_VLOER,
  OPPERVLAKTE_GLAS,
  RENTE_ENERGIEBESPAARLENING,
  LOOPTIJD_ENERGIEBESPAARLENING,
  CO2_AARDGAS,
  CO2_ELEKTRICITEIT,
];
