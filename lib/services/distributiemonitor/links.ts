// The operations of the distribution monitor as links (path and what it answers), for the status and the
// first-call overview. Kept next to the declarations' paths so a new operation is one line here too.
import { PREFIX } from './markt';

export const MONITOR_LINKS: { pad: string; titel: string }[] = [
  { pad: `${PREFIX}/universum`, titel: 'Overzicht voor de eerste aanroep' },
  { pad: `${PREFIX}/methodiek`, titel: 'Methodiek: afleiding, formules, gewichten en beperkingen' },
  { pad: `${PREFIX}/vestigingen`, titel: 'Adviesvestigingen (postcode, kvk_nummer, actief, peildatum)' },
  { pad: `${PREFIX}/holdings`, titel: 'Holdings met hun vestigingen' },
  { pad: `${PREFIX}/hoofdholdings`, titel: 'Ranglijst van hoofdholdings (sector_rang_max)' },
  { pad: `${PREFIX}/hoofdholdings/{id}/structuur`, titel: 'Eigendomsboom onder een hoofdholding' },
  { pad: `${PREFIX}/samenwerkingsverbanden`, titel: 'Netwerken zonder kapitaalband: top 20 en totaal' },
  { pad: `${PREFIX}/relaties/zoeken`, titel: 'Entiteiten zoeken met aantallen relaties (q)' },
  { pad: `${PREFIX}/relaties/{instelling_id}`, titel: 'Moeders en dochters rond één entiteit' },
  { pad: `${PREFIX}/relaties/netwerk`, titel: 'Graafgegevens per jaar (jaar, max_nodes)' },
  { pad: `${PREFIX}/versies`, titel: 'Datasetversies met changelog' },
  { pad: `${PREFIX}/versies/{id}/wijzigingen`, titel: 'Wijzigingen van één versie' },
  { pad: `${PREFIX}/radar`, titel: 'Consolidatoren, overnamesignalen en marktbeweging' },
  { pad: `${PREFIX}/kansmodel`, titel: 'Top 20 consolidatiekansen met gewichten' },
  { pad: `${PREFIX}/benchmark`, titel: 'Peergroepverdeling en eigen percentielpositie' },
  { pad: `${PREFIX}/hypotheek`, titel: 'Diepte van het hypotheeksegment' },
  { pad: `${PREFIX}/metrieken`, titel: 'De zestien kengetallen, elk met reeks over de versies' },
];
