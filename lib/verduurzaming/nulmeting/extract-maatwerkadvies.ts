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

  const inhoud = steps ? stappenplanInhoud(at(root, 'TAAdvice/Summary')) : [];
  return {
    format,
    energieklasse: v.labelKlasse(label),
    energie_index_of_ep2: ep2(v.decimal(index)),
    adres,
    maatregelen: steps ? adviceSteps(steps) : [],
    opnamedatum,
    ...(inhoud.length ? { stappenplan_inhoud: inhoud } : {}),
  };
}

/** Heat generators a plan may switch to, worded as the XSD documents HoofdtypeVerwarmingstoestelEnumeration. */
const OPWEKKERS: Record<string, string> = {
  ElektrischeWarmtepomp: 'elektrisch aangedreven warmtepomp',
  GasWarmtepomp: 'gas aangedreven warmtepomp',
  Absorptiewarmtepomp: 'absorptiewarmtepomp',
  ExterneWarmte: 'externe warmtelevering',
  WKK: '(micro)WKK',
  HR107: 'HR107-ketel',
  HR104: 'HR104-ketel',
  HR100: 'HR100-ketel',
  Pelletkachel: 'pelletkachel',
};

/** Ventilation systems, worded as the XSD documents VentilatieHoofdtype (A natural ... E combined). */
const VENTILATIE: Record<string, string> = {
  B: 'mechanische toevoer (ventilatiesysteem B)',
  C: 'mechanische afvoer (ventilatiesysteem C)',
  Dc: 'gebalanceerde ventilatie, centraal (D)',
  Dd: 'gebalanceerde ventilatie, decentraal (D)',
  E: 'gecombineerd ventilatiesysteem (E)',
};

/**
 * What the whole step plan changes, from TAAdvice/Summary: CurrentSituation against Advice ("samenvatting
 * van de invoer na toepassing van alle maatregelen (stap 3)"). The steps themselves carry no description,
 * so this is the only text the file gives about the content of the plan. Only clear improvements count.
 */
function stappenplanInhoud(summary: XmlElement | null): string[] {
  const nu = child(summary, 'CurrentSituation');
  const advies = child(summary, 'Advice');
  if (!nu || !advies) return [];
  const getal = (el: XmlElement, naam: string) => v.decimal(textAt(el, naam));
  const hoger = (naam: string) => {
    const [a, b] = [getal(nu, naam), getal(advies, naam)];
    return a !== null && b !== null && b > a;
  };
  const lager = (naam: string) => {
    const [a, b] = [getal(nu, naam), getal(advies, naam)];
    return a !== null && b !== null && b < a;
  };
  const nieuw = (naam: string) => textAt(nu, naam) !== 'true' && textAt(advies, naam) === 'true';
  const uit: string[] = [];
  if (hoger('RcGevels')) uit.push('gevelisolatie');
  if (hoger('RcDaken')) uit.push('dakisolatie');
  if (hoger('RcVloeren')) uit.push('vloerisolatie');
  if (lager('URamen')) uit.push('isolatieglas');
  if (lager('UDeuren')) uit.push('isolerende deuren');
  if (lager('Luchtdoorlatendheid')) uit.push('kierdichting');
  const opwekker = textAt(advies, 'OpwekkertypeVerwarming');
  if (opwekker && opwekker !== textAt(nu, 'OpwekkertypeVerwarming') && OPWEKKERS[opwekker]) uit.push(OPWEKKERS[opwekker]);
  if (nieuw('HybrideWarmtepomp')) uit.push('hybride warmtepomp');
  const ventilatie = textAt(advies, 'VentilatieHoofdtype');
  if (ventilatie && ventilatie !== textAt(nu, 'VentilatieHoofdtype') && VENTILATIE[ventilatie]) uit.push(VENTILATIE[ventilatie]);
  if (nieuw('DoucheWTWAanwezig')) uit.push('douche-wtw');
  if (hoger('OppervlaktePV') || hoger('WattpiekvermogenPV')) uit.push('zonnepanelen');
  if (nieuw('ZonneboilerAanwezig')) uit.push('zonneboiler');
  if (nieuw('BatterijopslagAanwezig')) uit.push('thuisbatterij');
  return uit;
}

/**
 * One measure per StepN, in file order. The XSD has no free-text description, so omschrijving is the step's
 * name (the report names it "Stap N van het maatwerkadvies"); the plan's content is in stappenplan_inhoud.
 */
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
