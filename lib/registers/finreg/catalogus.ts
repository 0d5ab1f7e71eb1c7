// Field catalogues of the two finreg list operations for the enterprise layer (waar, velden, sorteer;
// lib/registers/query-language). Names are the output keys of the list items (query.ts); the SQL
// expressions are columns of finreg_instelling / finreg_registratie, fixed in code.
import { geldigheidSql } from '../common/peildatum-sql';
import { defineCatalogus } from '@/lib/registers/query-language';

/** GET /v1/finreg/instellingen. */
export const finregInstellingenVelden = defineCatalogus({
  operatie: 'finreg-instellingen',
  id: 'relatienummer',
  standaardSortering: 'naam',
  voorbeeld: "plaats eq 'Amsterdam'",
  velden: [
    { naam: 'relatienummer', type: 'tekst', sql: 'relatienummer', omschrijving: 'Relatienummer bij DNB', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'naam', omschrijving: 'Statutaire naam', sorteerbaar: true, selecteerbaar: true },
    { naam: 'kvk_nummer', type: 'tekst', sql: 'kvk_nummer', omschrijving: 'KvK-nummer (8 cijfers)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'rsin', type: 'tekst', sql: 'rsin', omschrijving: 'RSIN (9 cijfers)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'lei', type: 'tekst', sql: 'lei', omschrijving: 'LEI (20 tekens)', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'plaats', type: 'tekst', sql: 'COALESCE(plaats_vestiging, statutaire_plaats)',
      omschrijving: 'Plaats van vestiging, anders de statutaire plaats', sorteerbaar: true, selecteerbaar: true,
    },
    { naam: 'land', type: 'tekst', sql: 'land', omschrijving: 'Land (zoals DNB het noemt)', sorteerbaar: true, selecteerbaar: true },
    {
      // A text[] column, filtered as its comma-joined text: contains(deelregisters,'WFTAF').
      naam: 'deelregisters', type: 'tekst', sql: "array_to_string(deelregisters, ',')", operatoren: ['contains'],
      omschrijving: 'Codes van de deelregisters waarin de instelling staat', sorteerbaar: false, selecteerbaar: true,
    },
    {
      naam: 'aantal_registraties', type: 'getal', geheel: true, sql: 'aantal_registraties',
      omschrijving: 'Aantal registraties over alle deelregisters', sorteerbaar: true, selecteerbaar: true,
    },
  ],
});

/**
 * GET /v1/finreg/registraties. status (geldig/beëindigd) is derived against the peildatum of the
 * published version, joined into the list query as a bound value (common/peildatum-sql.ts).
 */
export const finregRegistratiesVelden = defineCatalogus({
  operatie: 'finreg-registraties',
  id: 'volgnr',
  standaardSortering: 'volgnr',
  voorbeeld: "status eq 'geldig'",
  velden: [
    {
      naam: 'volgnr', type: 'getal', geheel: true, sql: 'volgnr',
      omschrijving: 'Volgnummer van de registratie binnen deze versie (volgorde van de download)', sorteerbaar: true, selecteerbaar: true,
    },
    { naam: 'relatienummer', type: 'tekst', sql: 'relatienummer', omschrijving: 'Relatienummer van de instelling', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'instelling_naam', omschrijving: 'Statutaire naam van de instelling', sorteerbaar: true, selecteerbaar: true },
    { naam: 'deelregister', type: 'tekst', sql: 'deelregister', omschrijving: 'Code van het deelregister', sorteerbaar: true, selecteerbaar: true },
    { naam: 'type', type: 'tekst', sql: 'registratietype', omschrijving: 'Registratietype (Vergunning, Ontheffing, ...)', sorteerbaar: true, selecteerbaar: true },
    { naam: 'wetsartikel', type: 'tekst', sql: 'wetsartikel', omschrijving: 'Wetsartikel', sorteerbaar: true, selecteerbaar: true },
    { naam: 'begindatum', type: 'datum', sql: 'begindatum', omschrijving: 'Begindatum van de registratie', sorteerbaar: true, selecteerbaar: true },
    { naam: 'einddatum', type: 'datum', sql: 'einddatum', omschrijving: 'Einddatum van de registratie (leeg: lopend)', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'status', type: 'enum', waarden: ['geldig', 'beëindigd'], sql: geldigheidSql('einddatum'),
      omschrijving: 'geldig of beëindigd, afgeleid tegen de peildatum', sorteerbaar: true, selecteerbaar: true,
    },
    {
      naam: 'activiteiten', type: 'tekst', sql: 'activiteiten', filterbaar: false,
      omschrijving: 'Activiteiten met hun data', sorteerbaar: false, selecteerbaar: true,
    },
  ],
});
