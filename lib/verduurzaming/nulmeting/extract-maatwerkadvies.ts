// EP-Online maatwerkadvies (TailoredAdvice): v2.0 carries the current situation and Step1..Step3 with
// target label, EP2 and investment (only when BRP = true); v1.0 carries only BAG ids and the advice
// date. Neither carries a postcode or house number.
import { at, child, textAt, type XmlElement } from './xml-tree';
import { ep2, type NulmetingVelden } from './velden';
import { firstVerblijfsobject } from './extract-monitoringsbestand';
import * as v from './values';
import type { Maatregel } from '@/lib/verduurzaming/types';

export function extractMaatwerkadvies(root: XmlElement, format: string, versie: 'v2.0' | 'v1.0' | null): NulmetingVelden {
  const location = at(root, 'TAObject/ObjectLocationList/ObjectLocation');
  const bag = child(location, 'BAGIdentification');
  // v2.0: BAGIdentification/BAGResidenceId; v1.0: BAGIdentification/BAGResidence/BAGResidenceId.
  const vbo = firstVerblijfsobject(bag) ?? firstVerblijfsobject(child(bag, 'BAGResidence'));
  const adres = { postcode: null, huisnummer: null, huisletter: null, toevoeging: null, bag_verblijfsobject_id: vbo };
  const opnamedatum = v.isoDate(textAt(root, 'TAAdvice/AdviceSources/AdviceDate'));

  if (versie === 'v1.0') {
    return { format, energieklasse: null, energie_index_of_ep2: null, adres, maatregelen: null, opnamedatum };
  }

  const steps = at(root, 'TAAdvice/AdviceStepsBRP');
  const current = child(steps, 'CurrentSituation');
  // Either LabelklasseHuidigBRP + PrimairFossiel, or LabelklasseHuidigBRPReg + PrimairFossielReg (ValidEPC = true).
  const registered = child(current, 'LabelklasseHuidigBRP') === null && child(current, 'LabelklasseHuidigBRPReg') !== null;
  const label = registered ? textAt(current, 'LabelklasseHuidigBRPReg') : textAt(current, 'LabelklasseHuidigBRP');
  const index = registered
    ? (textAt(current, 'PrimairFossielReg') ?? textAt(current, 'PrimairFossiel'))
    : (textAt(current, 'PrimairFossiel') ?? textAt(current, 'PrimairFossielReg'));

  return {
    format,
    energieklasse: v.labelKlasse(label),
    energie_index_of_ep2: ep2(v.decimal(index)),
    adres,
    maatregelen: steps ? adviceSteps(steps) : [],
    opnamedatum,
  };
}

/** One measure per StepN, in file order. The XSD has no free-text description, so omschrijving is the step's name. */
function adviceSteps(steps: XmlElement): Maatregel[] {
  return steps.children
    .filter((s) => /^Step\d{1,2}$/.test(s.name))
    .map((s) => ({
      omschrijving: s.name,
      // The XSD (which validates) says Labelklasse; the xlsx calls it LabelklasseBRP.
      doel_label: v.labelKlasse(textAt(s, 'Labelklasse') ?? textAt(s, 'LabelklasseBRP')),
      doel_index: v.decimal(textAt(s, 'PrimairFossiel')),
      investering: v.decimal(textAt(s, 'Investering')),
    }));
}
