// What was read from the uploaded file and what was not, in words a client reads: the looked-for fields
// (GEZOCHTE_VELDEN, as field paths in the API answer) each with one Dutch name. A new looked-for field
// without a name here does not compile.
import { GEZOCHTE_VELDEN } from '../nulmeting/herkenning';

type GezochtVeld = (typeof GEZOCHTE_VELDEN)[number];

export const VELD_NAMEN: Record<GezochtVeld, string> = {
  energieklasse: 'energielabel',
  energie_index_of_ep2: 'energieprestatie (EP2 of energie-index)',
  'adres.postcode': 'postcode',
  'adres.huisnummer': 'huisnummer',
  'adres.huisletter': 'huisletter',
  'adres.toevoeging': 'toevoeging',
  'adres.bag_verblijfsobject_id': 'BAG-adresnummer',
  maatregelen: 'maatregelen',
  opnamedatum: 'opnamedatum',
};

/** The Dutch name of a looked-for field; an unknown path as it is. */
export function veldNaam(veld: string): string {
  return (VELD_NAMEN as Record<string, string>)[veld] ?? veld;
}

/** "a, b en c"; null for no items. */
export function opsomming(items: readonly string[]): string | null {
  if (items.length === 0) return null;
  return items.length === 1 ? items[0] : `${items.slice(0, -1).join(', ')} en ${items[items.length - 1]}`;
}

/** The fields read from the file in words: "energielabel, postcode en opnamedatum"; null when none. */
export function gelezen(herkend: readonly string[]): string | null {
  return opsomming(herkend.map(veldNaam));
}

/** The looked-for fields the file did not give, in words; null when none is missing. */
export function nietGelezen(nietHerkend: readonly string[]): string | null {
  return opsomming(nietHerkend.map(veldNaam));
}
