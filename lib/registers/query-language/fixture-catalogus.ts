// A catalogue shaped like /v1/fsp/instellingen, used by the tests of this folder and as an example of a
// definition. The real catalogues live with their operations.
import { defineCatalogus } from './catalogue';

export const testCatalogus = defineCatalogus({
  operatie: 'test-instellingen',
  id: 'id',
  standaardSortering: 'naam',
  velden: [
    { naam: 'id', type: 'tekst', sql: 'e.id', sorteerbaar: true, selecteerbaar: true },
    { naam: 'naam', type: 'tekst', sql: 'e.naam', sorteerbaar: true, selecteerbaar: true },
    { naam: 'kvk_nummer', type: 'tekst', sql: 'e.kvk_nummer', sorteerbaar: true, selecteerbaar: true, operatoren: ['eq', 'ne', 'in', 'startswith'] },
    { naam: 'plaats', type: 'tekst', sql: 'e.plaats', sorteerbaar: true, selecteerbaar: true },
    {
      naam: 'status',
      type: 'enum',
      waarden: ['geldig', 'beëindigd'],
      sql: "CASE WHEN e.einddatum IS NULL OR e.einddatum >= m.peildatum THEN 'geldig' ELSE 'beëindigd' END",
      sorteerbaar: false,
      selecteerbaar: true,
    },
    { naam: 'peildatum', type: 'datum', sql: 'm.peildatum', sorteerbaar: true, selecteerbaar: true },
    { naam: 'aantal_vergunningen', type: 'getal', geheel: true, sql: 'e.aantal_vergunningen', sorteerbaar: true, selecteerbaar: true },
    { naam: 'score', type: 'getal', sql: 'e.score', sorteerbaar: false, selecteerbaar: true },
    { naam: 'ep', type: 'jaNee', sql: 'e.ep', sorteerbaar: false, selecteerbaar: true },
    { naam: 'bron_hash', type: 'tekst', sql: 'e.bron_hash', sorteerbaar: false, selecteerbaar: false, filterbaar: false },
  ],
});
