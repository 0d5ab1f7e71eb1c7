// A part of a composed address operation that needs the address point (parcel, buildings, monuments,
// emission zone, air, traffic) cannot be asked when the Locatieserver gave the address without any
// coordinate (neither centroide_ll nor centroide_rd). Such a part is null and its source is 'onbeschikbaar'
// in bronnen with foutsoort 'geen_coordinaat', the way a source without its API key is 'geen_sleutel':
// never silently empty.
import type { BronEntry } from '@/lib/sources/bron';
import { failedBron } from '@/lib/sources/fetch';
import type { Sourced } from '@/lib/sources/gather';
import type { SourceDef } from '@/lib/sources/source';

/** The bronnen `foutsoort` of a part that was not asked because the address has no coordinate. */
export const GEEN_COORDINAAT = 'geen_coordinaat';

/** The 'onbeschikbaar' entry of a source not asked for lack of a coordinate. */
export function geenCoordinaatBron(def: SourceDef): BronEntry {
  return { ...failedBron(def, null, 'netwerk', 0), foutsoort: GEEN_COORDINAAT };
}

/** The result of a part that needs a point when there is none: null, with its source(s) 'onbeschikbaar'. */
export function zonderPunt(...defs: SourceDef[]): Sourced<null> {
  return { data: null, bronnen: defs.map(geenCoordinaatBron) };
}
