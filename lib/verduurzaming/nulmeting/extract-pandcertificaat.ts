// Legacy label records with an energy index (EI) instead of EP2, tolerant and best effort: the old
// EP-Online XML export (`Pandcertificaat` with `Pand_*` fields, labels before 2021) and the 2008-2013
// Agentschap NL file (`PandVanMeting_*`). No XSD or sample of these exists in the official material;
// field names follow the documented column names, matched case-insensitively, and the tests use small
// inputs built by hand from those names.
import { childCi, type XmlElement } from './xml-tree';
import type { NulmetingVelden } from './velden';
import * as v from './values';

export function extractPandcertificaat(record: XmlElement, prefix: string, format: string): NulmetingVelden {
  const field = (name: string): string | null => {
    const el = childCi(record, `${prefix}${name}`);
    return el && el.text !== '' ? el.text : null;
  };
  const ei = v.decimal(field('energieprestatieindex'), true);
  const ep = v.decimal(field('primaire_fossiele_energie'), true);
  return {
    format,
    energieklasse: v.labelKlasse(field('energieklasse')),
    energie_index_of_ep2: ei !== null ? { soort: 'EI', waarde: ei } : ep !== null ? { soort: 'EP2', waarde: ep } : null,
    adres: {
      postcode: v.postcode(field('postcode')),
      huisnummer: v.huisnummer(field('huisnummer')),
      huisletter: v.huisletter(field('huisletter')),
      toevoeging: v.toevoeging(field('huisnummer_toev') ?? field('huisnummertoevoeging')),
      bag_verblijfsobject_id: v.verblijfsobjectId(field('bagverblijfsobjectid')),
    },
    maatregelen: null,
    opnamedatum: v.isoDate(field('opnamedatum')),
  };
}
