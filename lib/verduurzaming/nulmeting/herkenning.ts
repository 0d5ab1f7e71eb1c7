// Which of the looked-for fields the file gave a value for. The names are the response's own field
// paths, so a client can read herkend/niet_herkend against the payload directly.
import type { NulmetingVelden } from './velden';

export const GEZOCHTE_VELDEN = [
  'energieklasse',
  'energie_index_of_ep2',
  'adres.postcode',
  'adres.huisnummer',
  'adres.huisletter',
  'adres.toevoeging',
  'adres.bag_verblijfsobject_id',
  'maatregelen',
  'opnamedatum',
] as const;

export function herkenning(v: NulmetingVelden): { herkend: string[]; niet_herkend: string[] } {
  const found: Record<(typeof GEZOCHTE_VELDEN)[number], boolean> = {
    energieklasse: v.energieklasse !== null,
    energie_index_of_ep2: v.energie_index_of_ep2 !== null,
    'adres.postcode': v.adres.postcode !== null,
    'adres.huisnummer': v.adres.huisnummer !== null,
    'adres.huisletter': v.adres.huisletter !== null,
    'adres.toevoeging': v.adres.toevoeging !== null,
    'adres.bag_verblijfsobject_id': v.adres.bag_verblijfsobject_id !== null,
    maatregelen: v.maatregelen !== null && v.maatregelen.length > 0,
    opnamedatum: v.opnamedatum !== null,
  };
  return {
    herkend: GEZOCHTE_VELDEN.filter((f) => found[f]),
    niet_herkend: GEZOCHTE_VELDEN.filter((f) => !found[f]),
  };
}
