// Dutch descriptions of the API groups (the envelope's `api` value and the OpenAPI tags).
export const apiDescriptions: Record<string, string> = {
  addrreg: 'Adressen en locaties: zoeken, suggesties en opvragen (PDOK Locatieserver, BAG)',
  airnet: 'Luchtkwaliteit: meetstations en uurmetingen van Luchtmeetnet (RIVM en regionale meetnetten)',
  bronnen: 'Catalogus van alle operaties en bronnen van deze dienst, met roadmap',
  distributiemonitor:
    'Distributiemonitor: het open, geversioneerde beeld van de Nederlandse financiële adviesmarkt (vestigingen, holdings, samenwerkingsverbanden, versies, wijzigingen en kengetallen), afgeleid uit AFM, GLEIF en DNB',
  charity: 'ANBI-register: algemeen nut beogende instellingen van de Belastingdienst (collectiebron, geïmporteerd)',
  energie: 'Energieprijzen voor consumenten (CBS)',
  landreg: 'Kadastrale kaart (BRK): percelen, grenzen, bebouwing, straatnamen en huisnummerreeksen rond een punt',
  juridisch: 'Wet- en regelgeving: wetsartikelen in uitspraken (Rechtspraak open data) en artikelteksten met citatievormen (Basiswettenbestand)',
  lei: 'LEI-register: Nederlandse entiteiten uit de GLEIF golden copy (collectiebron, geïmporteerd)',
  toegang: 'Toegang: API-sleutels aanvragen (free_preview zonder sleutel, standard direct, enterprise na goedkeuring)',
  verduurzaming: 'Verduurzaming: gevalideerd pandobject, nulmeting, rapport en methodiek',
};
