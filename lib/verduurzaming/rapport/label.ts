// Energy-label arithmetic: order of the classes, how many classes apart two labels are, the class of an
// EP2 value and the EP2 that stands for a class when a file gives only the letter. Pure functions.
import { LABEL_CLASSES, type LabelKlasse } from '../types';
import { EP2_G_REPRESENTATIEF, LABEL_BOVENGRENS_EP2 } from './kentallen';

/** Position of a class, 0 = A++++ (best) … 10 = G (worst). */
export function labelIndex(klasse: LabelKlasse): number {
  return LABEL_CLASSES.indexOf(klasse);
}

/** Number of classes from `van` to `naar`; positive when `naar` is better. */
export function labelStappen(van: LabelKlasse, naar: LabelKlasse): number {
  return labelIndex(van) - labelIndex(naar);
}

/** True when `a` is the same class as `b` or better. */
export function atLeast(a: LabelKlasse, b: LabelKlasse): boolean {
  return labelIndex(a) <= labelIndex(b);
}

/** The label class of an EP2 value (kWh/m2·jr) by the NTA 8800 class bounds. */
export function labelVoorEp2(ep2: number): LabelKlasse {
  for (const klasse of LABEL_CLASSES) if (ep2 <= LABEL_BOVENGRENS_EP2[klasse]) return klasse;
  return 'G';
}

/** Lower bound (exclusive) of a class: the upper bound of the next better class; A++++ has none. */
function ondergrens(klasse: LabelKlasse): number | null {
  const i = labelIndex(klasse);
  return i === 0 ? null : LABEL_BOVENGRENS_EP2[LABEL_CLASSES[i - 1]];
}

/** A representative EP2 for a current class: the middle of the class (G: a fixed assumption; A++++: 0). */
export function ep2Midden(klasse: LabelKlasse): number {
  if (klasse === 'G') return EP2_G_REPRESENTATIEF.waarde;
  const onder = ondergrens(klasse);
  if (onder === null) return 0;
  return (onder + LABEL_BOVENGRENS_EP2[klasse]) / 2;
}

/** The EP2 that just reaches a target class (its upper bound): the conservative target. */
export function ep2Bovengrens(klasse: LabelKlasse): number {
  return klasse === 'G' ? EP2_G_REPRESENTATIEF.waarde : LABEL_BOVENGRENS_EP2[klasse];
}
