// The operations of the interface specification with the family they belong to and a Dutch summary.
// The /v1/bronnen catalogue lists every one that has no declaration yet as 'in ontwikkeling' (the roadmap);
// declared operations drop out of the roadmap automatically.
export interface RoadmapEntry { methode: 'GET' | 'POST'; pad: string; familie: string; samenvatting: string; issue: number; bron_type: 'eigen-dienst' | 'collectiebron' | 'bron-api' }

export const specOperations: RoadmapEntry[] = [
  // Regiodiensten (issue 8)
  { methode: 'GET', pad: '/v1/regio/{code}', familie: 'Regio', samenvatting: 'Regioprofiel: kerncijfers, grootste afwijkingen van landelijk, trend, woningprijzen, grootste wijken/buurten en datasets', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/regio/{code}/top', familie: 'Regio', samenvatting: 'Wijken of buurten van een gemeente of wijk gerangschikt op één kenmerk (rang, code, waarde)', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/regio/{code}/landelijk', familie: 'Regio', samenvatting: 'Afwijking per vergelijkbaar kerncijfer ten opzichte van het landelijk gemiddelde (afwijking_pct)', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/regio/{code}/woningmarkt', familie: 'Regio', samenvatting: 'Gemiddelde verkoopprijs van bestaande koopwoningen per gemeente (vanaf 1995) met jaarmutaties, WOZ en voorraad', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/regio/{code}/trend', familie: 'Regio', samenvatting: 'Reeks per kenmerk over de beschikbare jaartabellen met jaarmutaties, zonder dubbele jaren', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/regio/{code}/vergelijk', familie: 'Regio', samenvatting: 'Kerncijfers van twee regio’s naast elkaar met absoluut en procentueel verschil per kenmerk', issue: 8, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/monitoring/regio/{code}', familie: 'Regio', samenvatting: 'Kerncijfers en woningprijzen van een regio met één hash per bron voor pull-monitoring', issue: 8, bron_type: 'eigen-dienst' },

  // Adres- en pandiensten (issue 9)
  { methode: 'GET', pad: '/v1/adres/{postcode}/{huisnummer}', familie: 'Adres en pand', samenvatting: 'Alles over één adres uit 12 bronnen tegelijk: adres, WOZ, monument, perceel, buurt, lucht, verkeer, subsidies', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/adres/{postcode}/{huisnummer}/context', familie: 'Adres en pand', samenvatting: 'Adresidentiteit, kerncijfers van buurt en wijk, percelen en panden rond het punt en rijksmonumenten', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/adres/{postcode}/{huisnummer}/subsidies', familie: 'Adres en pand', samenvatting: 'Actuele landelijke verduurzamingssubsidies per maatregel met vervolglinks (opgevraagd_op)', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/adres/{postcode}/{huisnummer}/lucht', familie: 'Adres en pand', samenvatting: 'Dichtstbijzijnde luchtmeetstations bij het adres met de nieuwste meting per stof', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/dossier', familie: 'Adres en pand', samenvatting: 'Pandidentificaties, perceel, monumentstatus, buurtprofiel en toegang tot het energielabel', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/woz', familie: 'Adres en pand', samenvatting: 'Vastgestelde WOZ-waarden over alle peildata uit het WOZ-waardeloket, mogelijk meerdere objecten', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/woningtype', familie: 'Adres en pand', samenvatting: 'Woningtype volgens consensus van energielabel en pandcontouren, met afleidingsdetails', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/listing', familie: 'Adres en pand', samenvatting: 'Woningaanbod van het adres op een woningsite (vraagprijs, oppervlak, label) of status niet_gevonden/geblokkeerd', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/pand/{postcode}/{huisnummer}/waarde-indicatie', familie: 'Adres en pand', samenvatting: 'WOZ, woningvoorraad en verkoopprijzen rond het adres; uitdrukkelijk geen taxatie', issue: 9, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/monitoring/pand/{postcode}/{huisnummer}', familie: 'Adres en pand', samenvatting: 'Alle wijzigingsgevoelige gegevens rond een adres met één hash per bron', issue: 9, bron_type: 'eigen-dienst' },

  // Puntdiensten (issue 10)
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/context', familie: 'Punt', samenvatting: 'Dichtstbijzijnde adres, kerncijfers van buurt en wijk, percelen, panden en rijksmonumenten rond een punt', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/reistijden', familie: 'Punt', samenvatting: 'Dichtstbijzijnde verkeersmeetpunten met actuele reistijd per wegvak', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/brugopeningen', familie: 'Punt', samenvatting: 'Geplande brugopeningen (locatie, geldigheid) en actuele veiligheidsberichten rond een punt', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/gebieden', familie: 'Punt', samenvatting: 'Gemeente, provincie en land met officiële codes en ligt-in-relaties, plus links naar regiodiensten', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/verkeer', familie: 'Punt', samenvatting: 'Actuele afsluitingen en tijdelijke maximumsnelheden met geldigheid, oorzaak, rijstroken en afstand', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/bgt', familie: 'Punt', samenvatting: 'Acht BGT-collecties tegelijk rond een punt (panden, wegdelen, water, begroeiing, ...), zonder geometrie', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/milieuzone', familie: 'Punt', samenvatting: 'Milieuzones waarin het punt ligt (naam, gemeente, euronormen, regeling) of anders de dichtstbijzijnde', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/punt/{lon}/{lat}/voorzieningen', familie: 'Punt', samenvatting: 'Dichtstbijzijnde laadpunten (realtime), deelfietsstations en het actuele weer', issue: 10, bron_type: 'eigen-dienst' },

  // Wet- en regelgeving (issue 10)
  { methode: 'GET', pad: '/v1/rechtspraak/{ecli}/relevante-artikelen', familie: 'Wet- en regelgeving', samenvatting: 'Wetsartikelen die in een uitspraak worden aangehaald, elk met citatie, bwb_id en artikel_endpoint', issue: 10, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/wet/{bwb_id}/artikelen/{artikel}/relevant', familie: 'Wet- en regelgeving', samenvatting: 'Artikeltekst met genormaliseerde citatievormen en vervolgstappen naar relevante rechtspraak', issue: 10, bron_type: 'eigen-dienst' },

  // Energie en verduurzaming (issue 2 live, 3 in ontwikkeling, backlog 10)
  { methode: 'GET', pad: '/v1/energie/prijzen', familie: 'Energie en verduurzaming', samenvatting: 'Nieuwste maandgemiddelde consumentenprijzen voor gas en stroom, all-in inclusief btw, met componenten', issue: 2, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/verduurzaming', familie: 'Energie en verduurzaming', samenvatting: 'Status en fasering van de verduurzamingsvalidatielaag: modules, gevoede bronnen en methodiek', issue: 2, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/verduurzaming/pand/{postcode}/{huisnummer}', familie: 'Energie en verduurzaming', samenvatting: 'Eén gevalideerd pandobject (bouwjaar, oppervlak, WOZ, energielabel, perceel) met bron en status per veld', issue: 3, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/verduurzaming/methodiek', familie: 'Energie en verduurzaming', samenvatting: 'Per veld definitie, bronvelden en beperkingen; bronnen met licentie en privacyafspraak', issue: 2, bron_type: 'eigen-dienst' },
  { methode: 'POST', pad: '/v1/verduurzaming/nulmeting', familie: 'Energie en verduurzaming', samenvatting: 'Nulmeting uit een XML-exportbestand: energieklasse, EI/EPC, adres en maatregelen met doellabels', issue: 3, bron_type: 'eigen-dienst' },
  { methode: 'POST', pad: '/v1/verduurzaming/rapport', familie: 'Energie en verduurzaming', samenvatting: 'Volledig rapport: voorblad met actuele pandgegevens plus nulmeting, maatregelen gerangschikt op doellabel', issue: 3, bron_type: 'eigen-dienst' },
  { methode: 'POST', pad: '/v1/verduurzaming/rapport.pdf', familie: 'Energie en verduurzaming', samenvatting: 'Rapport als PDF van één A4-pagina met labelsprong, drie scenario’s, woningwaarde, CO2 en bronnen', issue: 3, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/diensten/backlog', familie: 'Energie en verduurzaming', samenvatting: 'Werklijst van kandidaat-eigen-diensten met machinaal afgeleide status', issue: 10, bron_type: 'eigen-dienst' },

  // Collectieregisters (issue 4)
  { methode: 'GET', pad: '/v1/fsp/register', familie: 'Collectieregisters', samenvatting: 'Manifest van het register financiële dienstverleners: peildatum, sha-256, aantallen, verversingsstatus, hergebruik', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/fsp/instellingen', familie: 'Collectieregisters', samenvatting: 'Financiële dienstverleners met bedrijfsgegevens en aantal vergunningen, filterbaar en gepagineerd', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/fsp/instellingen/{id}', familie: 'Collectieregisters', samenvatting: 'Volledig dossier van een dienstverlener: handelsnamen, adressen, paspoorten, vergunningen en beleidsbepalers', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/fsp/vergunningen', familie: 'Collectieregisters', samenvatting: 'Platte lijst van alle vergunningen: vergunningnummer, instelling, data en status', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/finreg/register', familie: 'Collectieregisters', samenvatting: 'Manifest van het register financiële instellingen: peildatum, sha-256, aantallen per deelregister, licentie', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/finreg/instellingen', familie: 'Collectieregisters', samenvatting: 'Financiële instellingen met identificaties (KvK/RSIN/LEI) en aantal registraties', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/finreg/instellingen/{relatienummer}', familie: 'Collectieregisters', samenvatting: 'Dossier van een instelling: identiteit, adressen, deelregisters en alle registraties met geldigheid', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/finreg/registraties', familie: 'Collectieregisters', samenvatting: 'Platte lijst van alle registraties over 15 deelregisters, filterbaar op status en type', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/charity/register', familie: 'Collectieregisters', samenvatting: 'Manifest van het goede-doelenregister: peildatum uit de bestandskop, bronversie, sha-256, aantallen', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/charity/instellingen', familie: 'Collectieregisters', samenvatting: 'Goede-doeleninstellingen met RSIN, namen, plaats en status', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/charity/instellingen/{id}', familie: 'Collectieregisters', samenvatting: 'Volledige beschikking: naam, RSIN, dossiernummer, plaats, website, geldigheid en afgeleide status', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/lei/register', familie: 'Collectieregisters', samenvatting: 'Manifest van het LEI-register: peildatum, sha-256, aantallen en verversingsstatus', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/lei/entiteiten', familie: 'Collectieregisters', samenvatting: 'Nederlandse LEI-entiteiten met LEI, naam, KvK-nummer en status', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/lei/entiteiten/{lei}', familie: 'Collectieregisters', samenvatting: 'Volledig LEI-record met data, statussen en beherende uitgevende instantie', issue: 4, bron_type: 'collectiebron' },
  { methode: 'GET', pad: '/v1/lei/kvk/{kvk_nummer}', familie: 'Collectieregisters', samenvatting: 'Alle LEI-records (actief en historisch) bij één KvK-nummer', issue: 4, bron_type: 'collectiebron' },

  // Enkelvoudige bronnen en catalogus
  { methode: 'GET', pad: '/v1/bronnen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Catalogus van alle API’s (endpoint, parameters, licentie, status) plus roadmap', issue: 2, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/addrreg/adressen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Gestandaardiseerde adresobjecten bij een zoekterm', issue: 2, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/addrreg/suggest', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Type-ahead-suggesties voor adressen (id, weergavenaam, type)', issue: 2, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/addrreg/lookup', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Eén volledig genormaliseerd adresobject bij een locatieserver-id', issue: 2, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/stats/kerncijfers', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Gestandaardiseerde kerncijfers van een buurt, wijk of gemeente', issue: 8, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/stats/regios', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Regio’s van een niveau (buurt, wijk, gemeente) binnen een gebied, met codes', issue: 8, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/percelen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Gestandaardiseerde kadastrale percelen rond een punt', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/percelen/{id}', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Eén kadastraal perceel bij zijn objectidentificatie', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/grenzen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Perceelgrenzen rond een punt: type_grens, kwaliteit, perceel links en rechts, geometrie', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/bebouwing', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Bebouwing rond een punt: bag_pand_id, status_bgt, geometrie', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/openbareruimtenamen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Straatnamen rond een punt: naam, type, bag_openbare_ruimte_id, geometrie', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/landreg/nummeraanduidingreeksen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Huisnummerreeksen rond een punt: label, vbo-ids, bebouwing_id, geometrie', issue: 9, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/airnet/metingen', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Gestandaardiseerde luchtkwaliteitsmetingen van één station, filterbaar op stof en periode', issue: 10, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/airnet/stations', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Luchtmeetstations, optioneel gefilterd op zoekterm', issue: 10, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/catalogus/datasets', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Zoeken in alle open datasets van de nationale catalogus', issue: 8, bron_type: 'bron-api' },
  { methode: 'GET', pad: '/v1/datasets/{id}/query', familie: 'Enkelvoudige bronnen en catalogus', samenvatting: 'Bevragen van een dataset uit de nationale catalogus zonder registratie', issue: 8, bron_type: 'bron-api' },

  // Distributiemonitor (issue 5)
  { methode: 'GET', pad: '/v1/distributiemonitor/universum', familie: 'Distributiemonitor', samenvatting: 'Overzicht voor de eerste aanroep van de distributiemonitor', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor', familie: 'Distributiemonitor', samenvatting: 'Status van de distributiemonitor', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/methodiek', familie: 'Distributiemonitor', samenvatting: 'Volledig register van de metrieken van de distributiemonitor', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/vestigingen', familie: 'Distributiemonitor', samenvatting: 'Adviesvestigingen zoeken op postcode, KvK-nummer en actief', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/holdings', familie: 'Distributiemonitor', samenvatting: 'Alle holdings met onderliggende vestigingen en dekking', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/hoofdholdings', familie: 'Distributiemonitor', samenvatting: 'Ranglijst van hoofdholdings, filterbaar op maximale sector_rang', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/hoofdholdings/{id}/structuur', familie: 'Distributiemonitor', samenvatting: 'Volledige eigendomsboom onder één hoofdholding', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/samenwerkingsverbanden', familie: 'Distributiemonitor', samenvatting: 'Netwerken zonder kapitaalband (franchise, inkoopgroepen): top 20 naar omvang plus totaal aantal', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/relaties/zoeken', familie: 'Distributiemonitor', samenvatting: 'Entiteiten zoeken op naam of KvK-nummer met aantallen uitgaande en inkomende relaties', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/relaties/{instelling_id}', familie: 'Distributiemonitor', samenvatting: 'Structuur rond één entiteit: moeder- en dochterondernemingen, recursief', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/relaties/netwerk', familie: 'Distributiemonitor', samenvatting: 'Graafgegevens (knopen en verbindingen) van de drukste structuren per jaar', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/versies', familie: 'Distributiemonitor', samenvatting: 'Alle datasetversies met changelog', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/versies/{id}/wijzigingen', familie: 'Distributiemonitor', samenvatting: 'Alle wijzigingen in één datasetversie, filterbaar op entiteit_type en wijziging_type', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/radar', familie: 'Distributiemonitor', samenvatting: 'Overzicht van consolidatoren, signalering van overnamedoelen en marktbeweging', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/alerts/volglijst', familie: 'Distributiemonitor', samenvatting: 'Volglijst per gebruiker_id beheren', issue: 6, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/alerts/tijdlijn', familie: 'Distributiemonitor', samenvatting: 'Chronologische alertfeed per gebruiker_id, optioneel alleen ongelezen', issue: 6, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/benchmark', familie: 'Distributiemonitor', samenvatting: 'Verdeling binnen de peergroep en eigen percentielpositie van een vestiging', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/kansmodel', familie: 'Distributiemonitor', samenvatting: 'Top 20 consolidatiekansen met richting en publieke factorgewichten', issue: 5, bron_type: 'eigen-dienst' },
  { methode: 'GET', pad: '/v1/distributiemonitor/hypotheek', familie: 'Distributiemonitor', samenvatting: 'Diepte van het hypotheeksegment: kern per dienst, voorraad per jaar, cohorten, spreiding en consolidatie', issue: 5, bron_type: 'eigen-dienst' },
];
