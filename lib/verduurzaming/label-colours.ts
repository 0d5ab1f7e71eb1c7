// The colours of the energy-label classes as on the Dutch/EU label (dark green for the best class to red
// for G), used by the uploader page and the PDF report alike.
import type { LabelKlasse } from './types';

export const LABEL_COLOURS: Record<LabelKlasse, string> = {
  'A++++': '#00803c',
  'A+++': '#00963f',
  'A++': '#1ea548',
  'A+': '#52b447',
  A: '#8cc63f',
  B: '#c8d92b',
  C: '#fff200',
  D: '#fdb913',
  E: '#f58220',
  F: '#ed1c24',
  G: '#b2191f',
};

/** Text colour that reads on the chip (dark on the light yellow-green classes). */
export function labelTextColour(klasse: LabelKlasse): string {
  return ['B', 'C', 'D', 'A'].includes(klasse) ? '#1a1a1a' : '#ffffff';
}
