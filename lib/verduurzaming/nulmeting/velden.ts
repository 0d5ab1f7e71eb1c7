// What an extractor returns: the fields read from the file, before the derived parts (labelsprong,
// herkend, niet_herkend) are added. One shape for every format.
import type { Nulmeting } from '@/lib/verduurzaming/types';

export type NulmetingVelden = Omit<Nulmeting, 'labelsprong' | 'herkend' | 'niet_herkend'>;
export type Adres = NulmetingVelden['adres'];

export const GEEN_ADRES: Adres = Object.freeze({
  postcode: null,
  huisnummer: null,
  huisletter: null,
  toevoeging: null,
  bag_verblijfsobject_id: null,
});

/** An EP2 indicator value, or null. */
export function ep2(waarde: number | null): NulmetingVelden['energie_index_of_ep2'] {
  return waarde === null ? null : { soort: 'EP2', waarde };
}
