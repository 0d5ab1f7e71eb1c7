// NTA 8800 "generieke XML" export on its own (root Energieprestatie in urn:nl.nta.8800.export, Versie
// 4.4 or 4.0), tolerant and best effort. This format has no label class, no BAG id and no measures;
// it has EP2 (Resultaten/Energie/PrimaireFossieleEnergieIndicator) and a free-text project address.
// No sample of this format exists as a separate file: the tests use the block embedded in s01.
import { at, child, textAt, type XmlElement } from './xml-tree';
import { ep2, type NulmetingVelden } from './velden';
import * as v from './values';

export function extractNta8800(root: XmlElement, format: string): NulmetingVelden {
  const gebouw = child(root, 'Gebouw');
  const project = at(gebouw, 'Invoer/Projectgegevens');
  const adres = child(project, 'Adres');
  const nummer = v.splitHuisnummer(textAt(adres, 'Huisnr'));
  return {
    format,
    energieklasse: null,
    energie_index_of_ep2: ep2(v.decimal(textAt(gebouw, 'Resultaten/Energie/PrimaireFossieleEnergieIndicator'))),
    adres: {
      postcode: v.postcode(textAt(adres, 'Postcode')),
      huisnummer: nummer.huisnummer,
      huisletter: nummer.huisletter,
      toevoeging: nummer.toevoeging,
      bag_verblijfsobject_id: null,
    },
    maatregelen: null,
    // Projectgegevens/Datum (xs:date or xs:dateTime): the only date in this format.
    opnamedatum: v.isoDate(textAt(project, 'Datum')),
  };
}
