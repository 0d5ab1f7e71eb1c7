// The keys of an address that the composed services pass on to other sources: the BAG verblijfsobject id
// and the CBS buurt, wijk and gemeente codes, each only when it has the valid form (null otherwise, so no
// call is made with a malformed id). Pure.
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { gemeenteVan } from '@/lib/regio/codes';

export interface AdresSleutels {
  vbo: string | null;
  buurt: string | null;
  wijk: string | null;
  gemeente: string | null;
}

export function adresSleutels(l: Pick<Locatie, 'adresseerbaarobject_id' | 'buurt_code' | 'wijk_code' | 'gemeente'>): AdresSleutels {
  const vbo = l.adresseerbaarobject_id && /^\d{16}$/.test(l.adresseerbaarobject_id) ? l.adresseerbaarobject_id : null;
  const buurt = l.buurt_code && /^BU[0-9]{4}[0-9A-Z]{4}$/.test(l.buurt_code) ? l.buurt_code : null;
  const wijk = l.wijk_code && /^WK[0-9]{4}[0-9A-Z]{2}$/.test(l.wijk_code) ? l.wijk_code : null;
  const gm = l.gemeente?.code && /^GM[0-9]{4}$/.test(l.gemeente.code) ? l.gemeente.code : null;
  return { vbo, buurt, wijk, gemeente: gm ?? (buurt ? gemeenteVan(buurt) : null) };
}
