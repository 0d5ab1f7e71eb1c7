// An energy-label chip in the official label colour.
import { LABEL_COLOURS, labelTextColour } from '@/lib/verduurzaming/label-colours';
import type { LabelKlasse } from '@/lib/verduurzaming/types';

/** Shows one label class (e.g. "C") as a coloured chip; a dash when unknown. */
export function LabelChip({ klasse, groot = false }: { klasse: LabelKlasse | null; groot?: boolean }) {
  if (!klasse) return <span className="label-chip label-chip--leeg">–</span>;
  return (
    <span
      className={`label-chip${groot ? ' label-chip--groot' : ''}`}
      style={{ background: LABEL_COLOURS[klasse], color: labelTextColour(klasse) }}
      aria-label={`energielabel ${klasse}`}
    >
      {klasse}
    </span>
  );
}
