// The dashboard's one palette: every colour that stands for a category (a kind of change, a direction of
// the consolidation model, a kind of relation in the network) and the series colours of the charts. A view
// never writes a category colour of its own: it imports it from here, so "overgenomen" looks the same on
// Radar, Versies, Holdings and the Volglijst. Okabe–Ito colours: distinguishable for the common
// colour-vision deficiencies.
import type { CSSProperties } from 'react';
import type { WijzigingType } from '@/lib/monitor/derive/types';
import type { Richting } from '@/lib/monitor/metrics/kansmodel';

/** Series colours, in order, for charts whose series are not a category (factors, signals, parts). */
export const PALET = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#D55E00', '#56B4E9', '#7a5c00', '#000000'] as const;

/** The colour of a chart with one series. */
export const REEKS_KLEUR = PALET[0];

/** The kinds of change (wijziging_type), as the API writes them. */
export const WIJZIGING_KLEUR = {
  nieuw: '#009E73',
  beëindigd: '#D55E00',
  overgenomen: '#0072B2',
  verhuisd: '#E69F00',
  gewijzigd: '#6b7280',
} as const satisfies Record<WijzigingType, string>;
export type WijzigingSoort = keyof typeof WIJZIGING_KLEUR;

/** The colour of a kind of change; also the key without diaeresis that some series use ("beeindigd"). */
export function wijzigingKleur(soort: string): string {
  const sleutel = (soort === 'beeindigd' ? 'beëindigd' : soort) as WijzigingSoort;
  return WIJZIGING_KLEUR[sleutel] ?? OVERIG;
}

/** The directions of the consolidation model (kansmodel richting). */
export const RICHTING_KLEUR = {
  overname_kandidaat: '#CC79A7',
  zelf_consolidierend: '#56B4E9',
  monitoring: '#9aa4b1',
} as const satisfies Record<Richting, string>;

/** The kinds of relation in the network graph. */
export const RELATIE_KLEUR = { eigendom: '#8795a6', samenwerking: '#b35c00' } as const;

/** Groups in the network graph (one per structure, the largest first), and everything after them. */
export const GROEP_PALET = ['#4e79a7', '#f28e2b', '#e15759', '#59a14f', '#b07aa1', '#76b7b2', '#edc948', '#9c755f', '#ff9da7'] as const;
export const OVERIG = '#aab4bf';

/** A chip (class "soort" or "richting") in a category colour: a light tint behind dark text of the same hue. */
export const categorieStijl = (kleur: string): CSSProperties => ({ ['--categorie' as string]: kleur });
