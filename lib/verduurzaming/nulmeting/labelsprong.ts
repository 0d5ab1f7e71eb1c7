// The label jump, derived only from values in the file: from the current class to the best target
// label among the measures. Nothing is recalculated; stappen counts classes in LABEL_CLASSES order
// (positive = better).
import type { LabelKlasse, Maatregel, Nulmeting } from '@/lib/verduurzaming/types';
import { labelRank } from './values';

export function labelsprong(energieklasse: LabelKlasse | null, maatregelen: Maatregel[] | null): Nulmeting['labelsprong'] {
  if (energieklasse === null || maatregelen === null) return null;
  let naar: LabelKlasse | null = null;
  for (const m of maatregelen) {
    if (m.doel_label !== null && (naar === null || labelRank(m.doel_label) < labelRank(naar))) naar = m.doel_label;
  }
  if (naar === null) return null;
  return { van_klasse: energieklasse, naar_klasse: naar, stappen: labelRank(energieklasse) - labelRank(naar) };
}
