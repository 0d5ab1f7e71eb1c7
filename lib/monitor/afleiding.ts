// The derivation and versioning rules of the distribution monitor in the words /methodiek serves them
// (the code they describe: derive/vestigingen.ts, derive/koppeling.ts, derive/holdings.ts, derive/samenwerking.ts,
// derive/netwerk.ts, diff.ts, store.ts). Constants are imported, not restated.
import { MAX_DIEPTE } from './derive/holdings';
import { ZEKERHEID } from './derive/koppeling';
import { REGEL as SAMENWERKING_REGEL } from './derive/samenwerking';
import { ADVIESDIENSTEN, HYPOTHEEK_PRODUCT } from './derive/vestigingen';

/** What the AFM full export does not carry, and what that means for the monitor. */
export const AFM_ONTBREEKT =
  'De AFM-export bevat geen inkomend Europees paspoort, lidstaat van herkomst, beleidsbepalers of aansluiting bij een klachteninstituut: ' +
  'die velden zijn null (niet afgeleid, niet verzonnen). De samenwerkingsregel op het lidnummer bij een klachteninstituut heeft daardoor geen invoer; ' +
  'samenwerkingsverbanden blijken alleen uit gedeelde handelsnamen.';

export interface AfleidingRegel {
  id: string;
  titel: string;
  regel: string;
  bronnen: string[];
}

export const AFLEIDING: readonly AfleidingRegel[] = [
  {
    id: 'vestiging',
    titel: 'Vestiging (fysieke advieslocatie)',
    regel:
      `Eén vestiging per verschillend (KvK-nummer, postcode, huisnummer) van een instelling in het AFM-register met minstens één vergunning waarvan een product de dienst ${ADVIESDIENSTEN.join(' of ')} heeft. ` +
      "vestiging_id = 'V' + 10 base32-tekens van sha-256(KvK-nummer|postcode|huisnummer): stabiel over versies. huisnummer is de laatste getalgroep van het adres, huisnummer_toevoeging de toevoeging erachter (letters of na een streepje, in hoofdletters); de sleutel van vestiging_id is beide samen als '12-A'. " +
      'actief = zo’n vergunning is geldig op de peildatum (geen einddatum, of einddatum op of na de peildatum). Instellingen zonder KvK-nummer (buitenlandse instellingen) zijn geen vestiging. ' +
      'producten en hypotheek_diensten tellen alleen diensten die op de peildatum geldig zijn (elke dienst heeft in de AFM-export een eigen begin- en einddatum). ' +
      `hypotheek_diensten: de adviesdiensten op het product '${HYPOTHEEK_PRODUCT}'. ` +
      'Bron is de volledige AFM-export (export.aspx?fdregister=1); een gepubliceerde namenlijst (zonder KvK-nummers en vergunningen) wordt niet gebruikt: de vorige datasetversie blijft staan. ' +
      AFM_ONTBREEKT,
    bronnen: ['afm-register'],
  },
  {
    id: 'koppeling',
    titel: 'Koppeling aan GLEIF (LEI) en DNB',
    regel:
      'De organisatie (het KvK-nummer) van een vestiging wordt gekoppeld aan een LEI-entiteit en aan een instelling in het DNB-register. ' +
      `1. Op KvK-nummer (methode kvk, zekerheid ${ZEKERHEID.kvk}): de entiteit met hetzelfde KvK-nummer, ook als het anders geschreven is ('KvK 1234 5678'); de actieve eerst, dan het laagste id. ` +
      '2. Waar geen entiteit dat KvK-nummer draagt (GLEIF-records missen het vaak), op naam en plaats (methode naam_plaats): alleen entiteiten zonder KvK-nummer zijn kandidaat ' +
      '(een entiteit met een ander KvK-nummer is een andere rechtspersoon). Namen worden vergeleken zonder hoofdletters, accenten, leestekens en dubbele spaties, ' +
      "met & als 'en' en zonder rechtsvormwoorden aan het begin of eind (B.V., N.V., V.O.F., C.V., U.A., Stichting, Coöperatie(ve), besloten/naamloze vennootschap); " +
      "'Holding', 'Groep' en 'Beheer' blijven staan: een holding is een andere rechtspersoon dan het kantoor. Plaatsen op dezelfde manier, met 's-Gravenhage = Den Haag en 's-Hertogenbosch = Den Bosch. " +
      'GLEIF: de juridische naam en de plaats van het juridisch adres; DNB: de statutaire naam en de statutaire plaats of de plaats van vestiging. ' +
      `Eerst de statutaire naam van de AFM-instelling in een van de plaatsen van haar vestigingen (zekerheid ${ZEKERHEID.statutaire_naam}); alleen als die geen enkele kandidaat geeft een handelsnaam (zekerheid ${ZEKERHEID.handelsnaam}). ` +
      'Alleen een UNIEKE kandidaat koppelt (actieve entiteiten gaan voor inactieve): twee of meer kandidaten, of één entiteit die op naam bij twee organisaties past, ' +
      'is dubbelzinnig en blijft ongekoppeld (geteld). Per vestiging staan methode en zekerheid in koppeling; de dekking (aantal en aandeel van de actieve vestigingen op KvK-nummer, ' +
      'op naam en plaats, niet gekoppeld, waarvan dubbelzinnig) per doel staat in de aantallen van de versie en in /universum. ' +
      'Een koppeling die alleen van methode verandert (bijvoorbeeld van naam_plaats naar kvk) is geen wijziging; een structuur die pas door een nieuwe naamkoppeling zichtbaar wordt, is gewijzigd en geen overname.',
    bronnen: ['afm-register', 'gleif-golden-copy', 'dnb-register'],
  },
  {
    id: 'holding',
    titel: 'Holding en hoofdholding',
    regel:
      'De LEI-entiteit van een vestiging komt uit de koppeling (KvK-nummer, anders een unieke naam en plaats; zie koppeling). Van daar volgen we IS_DIRECTLY_CONSOLIDATED_BY omhoog; IS_ULTIMATELY_CONSOLIDATED_BY geeft de top als ' +
      'de directe keten die niet bereikt. Alleen relaties met status ACTIVE (of zonder status) waarvan een relatieperiode de peildatum dekt tellen. Elke entiteit boven een vestiging is een holding ' +
      `(holding_id = LEI); de top van de keten is de hoofdholding. sector_rang: hoofdholdings naar aantal actieve vestigingen (beëindigde blijven in vestiging_ids maar tellen niet), aflopend, dan naam, dan id. Kringen worden één keer gevolgd; ketens stoppen op diepte ${MAX_DIEPTE}.`,
    bronnen: ['gleif-golden-copy'],
  },
  {
    id: 'samenwerkingsverband',
    titel: 'Samenwerkingsverband (zonder kapitaalband)',
    regel: `${SAMENWERKING_REGEL} ${AFM_ONTBREEKT}`,
    bronnen: ['afm-register', 'gleif-golden-copy'],
  },
  {
    id: 'netwerk',
    titel: 'Relatienetwerk (graaf)',
    regel:
      'Knopen: hoofdholdings, tussenholdings, actieve vestigingen en samenwerkingsverbanden; verbindingen: eigendom en samenwerking. De stand van de nieuwste datasetversie op of vóór ' +
      '31 december van jaar. De drukste structuren eerst tot max_nodes (standaard 90); grootte = vestigingen eronder, groep = hoofdholding of verband.',
    bronnen: ['afm-register', 'gleif-golden-copy'],
  },
  {
    id: 'versies',
    titel: 'Datasetversies en wijzigingen',
    regel:
      'Elke publicatie van fsp, lei of finreg levert een herberekening; een nieuwe set gepubliceerde imports levert een datasetversie (peildatum = de laatste peildatum van haar bronnen). ' +
      'Het verschil met de vorige versie wordt als wijzigingsrijen toegevoegd: nieuw, beëindigd (ook een vestiging die uit het register verdween: die blijft inactief zichtbaar), ' +
      'gewijzigd, overgenomen (de hoofdholding veranderde, ook van geen naar wel; niet als de eigen LEI-entiteit pas nu op naam en plaats gevonden is: dan gewijzigd) en verhuisd (een vertrokken en een nieuw adres bij hetzelfde KvK-nummer: twee rijen). ' +
      'oud en nieuw zijn volledige records; velden noemt wat verschilt. De database weigert UPDATE, DELETE en TRUNCATE op wijzigingen. De eerste versie is de nulmeting.',
    bronnen: ['afm-register', 'gleif-golden-copy', 'dnb-register'],
  },
  {
    id: 'peildatum',
    titel: 'Antwoord op een peildatum (as-of)',
    regel:
      'Met peildatum antwoordt een entiteitoperatie met de nieuwste datasetversie waarvan de peildatum op of vóór die datum ligt. Die stand wordt per entiteit gereconstrueerd uit de ' +
      'wijzigingsrijen: het nieuw-record van de laatste rij tot en met die versie (null: niet aanwezig). Een datum vóór de eerste versie geeft 400.',
    bronnen: [],
  },
];
