// EP-Online monitoringsbestand (v4.4 = Version 11.00, v4.0 and the 2019 set = Version 7.00): the
// registration file of one energy label. Only the outer EP-Online elements are read; the embedded
// NTA 8800 block (EPSurvey/SurveySourceData/Energieprestatie) and ReferenceBuildingList addresses are
// ignored, as are the 12 Labelklassegrenzen/@klasse attributes.
import { at, child, children, textAt, type XmlElement } from './xml-tree';
import { ep2, type NulmetingVelden } from './velden';
import * as v from './values';
import type { Maatregel } from '@/lib/verduurzaming/types';

export function extractMonitoringsbestand(root: XmlElement, format: string, versie: 'v4.4' | 'v4.0' | '2019' | null): NulmetingVelden {
  const summary = at(root, 'EPSurvey/Summary');
  const location = at(root, 'EPObject/MainBuilding/ObjectLocation');
  const tpg = child(location, 'TPGIdentification');
  const bag = child(location, 'BAGIdentification');

  return {
    format,
    energieklasse: v.labelKlasse(textAt(summary, 'Labelklasse')),
    // EP2 = IndicatorPrimaireFossieleEnergie (not …EMGForfaitair, not EisPrimaireFossieleEnergie, not the PrimairFossiel block).
    energie_index_of_ep2: ep2(v.decimal(textAt(summary, 'IndicatorPrimaireFossieleEnergie'))),
    adres: {
      postcode: v.postcode(textAt(tpg, 'ZipCode')),
      huisnummer: v.huisnummer(textAt(tpg, 'Number')),
      huisletter: v.huisletter(textAt(tpg, 'Letter')),
      // v4.4 Addition; v4.0 and 2019 Extension (both the huisnummertoevoeging).
      toevoeging: v.toevoeging(textAt(tpg, 'Addition') ?? textAt(tpg, 'Extension')),
      bag_verblijfsobject_id: firstVerblijfsobject(bag),
    },
    maatregelen: versie === '2019' ? objectAdjustments(root) : null,
    opnamedatum: v.isoDate(textAt(summary, 'SurveyDate')),
  };
}

/** The first BAGResidenceId that is a verblijfsobject id (type digits 01); ligplaats/standplaats give null. */
export function firstVerblijfsobject(bag: XmlElement | null): string | null {
  for (const id of children(bag, 'BAGResidenceId')) {
    const vbo = v.verblijfsobjectId(id.text);
    if (vbo) return vbo;
  }
  return null;
}

/** 2019 set: one measure per ObjectAdjustment, named by its AdjustmentId (EffectiveValue is a quantity, not an investment). */
function objectAdjustments(root: XmlElement): Maatregel[] {
  const list = at(root, 'EPSurvey/ObjectAdjustmentList');
  const out: Maatregel[] = [];
  for (const adj of children(list, 'ObjectAdjustment')) {
    const id = textAt(adj, 'AdjustmentId');
    if (id === null) continue;
    out.push({ omschrijving: id, doel_label: null, doel_index: null, investering: null });
  }
  return out;
}
