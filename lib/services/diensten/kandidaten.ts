// The work list of candidate own services ("eigen diensten"): what each would combine (source ids of
// lib/sources/registry.ts) and under which operation path it is or would be offered. Only these facts are
// typed in; the status of each candidate (al-live, onderzoek, sleutel-nodig, direct-bouwbaar) is derived by
// backlog.ts from the operation declarations and the source configuration, never written here. A source id
// that is not (yet) in the registry is allowed: it makes the candidate 'onderzoek'.

export interface Kandidaat {
  /** Stable id, kebab-case. */
  id: string;
  titel: string;
  /** Free-text domain (filter `domein`), e.g. Punt, Adres en pand, Energie en verduurzaming. */
  domein: string;
  beschrijving: string;
  /** Ids of the sources the service combines (lib/sources/registry.ts ids, or the intended id of a source not built yet). */
  bronnen: string[];
  /** The operation the service is or would be offered as. */
  operatie: { methode: 'GET' | 'POST'; pad: string };
}

export const KANDIDATEN: Kandidaat[] = [
  // --- Already offered (the path is declared) ---
  {
    id: 'adres-alles',
    titel: 'Alles over één adres',
    domein: 'Adres en pand',
    beschrijving: 'Adres, WOZ, monument, perceel, panden, buurt, lucht, verkeer en subsidies in één antwoord.',
    bronnen: ['pdok-locatieserver', 'bag-ogc', 'woz-waardeloket', 'rce-monumenten', 'brk-kadastrale-kaart', 'cbs-statline', 'luchtmeetnet', 'rvo-isde'],
    operatie: { methode: 'GET', pad: '/v1/adres/{postcode}/{huisnummer}' },
  },
  {
    id: 'punt-milieuzone',
    titel: 'Milieuzones bij een punt',
    domein: 'Punt',
    beschrijving: 'In welke milieuzone een punt ligt, met euronormen en verkeersbesluit.',
    bronnen: ['ndw-emissiezones'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/milieuzone' },
  },
  {
    id: 'punt-bgt',
    titel: 'Topografie rond een punt',
    domein: 'Punt',
    beschrijving: 'Acht BGT-collecties rond een punt: panden, wegdelen, water, begroeiing, straatmeubilair, ...',
    bronnen: ['bgt'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/bgt' },
  },
  {
    id: 'pand-woningtype',
    titel: 'Woningtype van een adres',
    domein: 'Adres en pand',
    beschrijving: 'Woningtype uit energielabel en pandcontouren, met afleiding.',
    bronnen: ['pdok-locatieserver', 'ep-online', 'bag-ogc'],
    operatie: { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/woningtype' },
  },
  {
    id: 'rechtspraak-artikelen',
    titel: 'Wetsartikelen in een uitspraak',
    domein: 'Wet- en regelgeving',
    beschrijving: 'De wetsartikelen die een uitspraak aanhaalt, met verwijzing naar het artikel.',
    bronnen: ['rechtspraak', 'bwb-repository'],
    operatie: { methode: 'GET', pad: '/v1/rechtspraak/{ecli}/relevante-artikelen' },
  },
  // --- In the spec, not built yet ---
  {
    id: 'punt-context',
    titel: 'Context van een punt',
    domein: 'Punt',
    beschrijving: 'Dichtstbijzijnde adres, kerncijfers van buurt en wijk, percelen, panden en rijksmonumenten rond een punt.',
    bronnen: ['pdok-locatieserver', 'cbs-statline', 'brk-kadastrale-kaart', 'rce-monumenten'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/context' },
  },
  {
    id: 'punt-brugopeningen',
    titel: 'Brugopeningen rond een punt',
    domein: 'Punt',
    beschrijving: 'Geplande brugopeningen en actuele veiligheidsberichten rond een punt.',
    bronnen: ['ndw-brugopeningen', 'ndw-srti'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/brugopeningen' },
  },
  {
    id: 'punt-voorzieningen',
    titel: 'Voorzieningen rond een punt',
    domein: 'Punt',
    beschrijving: 'Dichtstbijzijnde laadpunten, deelfietsstations en het actuele weer.',
    bronnen: ['ndw-laadpunten', 'gbfs', 'buienradar'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/voorzieningen' },
  },
  // --- Ideas outside the spec ---
  {
    id: 'punt-verharding',
    titel: 'Verharding rond een punt',
    domein: 'Punt',
    beschrijving: 'Aandeel verhard, half verhard, onverhard en begroeid oppervlak binnen een straal (uit BGT-wegdelen en begroeide terreindelen), voor hittestress en wateroverlast.',
    bronnen: ['bgt'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/verharding' },
  },
  {
    id: 'punt-monumenten',
    titel: 'Rijksmonumenten rond een punt',
    domein: 'Punt',
    beschrijving: 'Rijksmonumenten binnen een straal, met de BGT-panden waarin ze liggen.',
    bronnen: ['rce-monumenten', 'bgt'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/monumenten' },
  },
  {
    id: 'regio-energielabels',
    titel: 'Energielabels per buurt',
    domein: 'Energie en verduurzaming',
    beschrijving: 'Verdeling van de energielabels van de woningen in een buurt naast de kerncijfers van die buurt.',
    bronnen: ['ep-online', 'cbs-statline'],
    operatie: { methode: 'GET', pad: '/v1/regio/{code}/energielabels' },
  },
  {
    id: 'finreg-rapportages',
    titel: 'Toezichtsgegevens van een financiële instelling',
    domein: 'Collectieregisters',
    beschrijving: 'De registraties van een instelling naast haar statistische rapportages aan DNB.',
    bronnen: ['dnb-register', 'dnb-api'],
    operatie: { methode: 'GET', pad: '/v1/finreg/instellingen/{relatienummer}/rapportages' },
  },
  {
    id: 'punt-hittestress',
    titel: 'Hittestress rond een punt',
    domein: 'Punt',
    beschrijving: 'Gevoelstemperatuur en hitte-eilandeffect uit de Atlas Leefomgeving naast de verharding uit de BGT.',
    bronnen: ['rivm-atlas-leefomgeving', 'bgt'],
    operatie: { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/hittestress' },
  },
];
