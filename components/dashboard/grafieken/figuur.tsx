'use client';
// What the chart views (radar, kansmodel, hypotheek) share: a figure with a title and a one-sentence summary
// (the chart's text form for screen readers and for a quick read), the chart itself, and the same figures as
// a table behind a native disclosure (keyboard and screen reader work without extra code); the colours of
// the series; a tick that shortens long names on the category axis. For a key that may export, a Download
// menu under the chart (PNG, SVG, and the table's CSV).
import type { ReactNode } from 'react';
import { GrafiekExport, InFiguur } from '../export/export-menu';
import { wijzigingKleur } from '../kleuren';
import { useMedia } from './beweging';
import { korteNaam } from './namen';

export function Figuur({
  titel,
  samenvatting,
  tabel,
  children,
  testid,
  tabelLabel = 'Toon de cijfers als tabel',
}: {
  titel: string;
  samenvatting: ReactNode;
  tabel?: ReactNode;
  children: ReactNode;
  testid?: string;
  tabelLabel?: string;
}) {
  return (
    <figure className="figuur" data-testid={testid}>
      <figcaption>
        <strong className="figuur__titel">{titel}</strong>
        <span className="figuur__samenvatting">{samenvatting}</span>
      </figcaption>
      <div className="figuur__grafiek">{children}</div>
      <GrafiekExport titel={titel} metTabel={!!tabel} />
      {tabel && (
        <details className="figuur__tabel">
          <summary>{tabelLabel}</summary>
          <div className="tabel-houder">
            <InFiguur.Provider value>{tabel}</InFiguur.Provider>
          </div>
        </details>
      )}
    </figure>
  );
}

/** The series colours and the colours of the movements live in the one palette (../kleuren). */
export { PALET } from '../kleuren';
export const BEWEGING_KLEUR = {
  nieuw: wijzigingKleur('nieuw'),
  beeindigd: wijzigingKleur('beëindigd'),
  overgenomen: wijzigingKleur('overgenomen'),
  verhuisd: wijzigingKleur('verhuisd'),
} as const;

/** The category axis' tick: the name shortened to `max` characters (the whole name in a <title> and in the table). */
export function KorteNaamTick({ x, y, payload, max = 24 }: { x?: number | string; y?: number | string; payload?: { value: string }; max?: number }) {
  const naam = String(payload?.value ?? '');
  const kort = korteNaam(naam, max);
  return (
    <g transform={`translate(${x ?? 0},${y ?? 0})`}>
      <text x={-6} y={0} dy={4} textAnchor="end" fontSize={12} fill="#1b1f24">
        <title>{naam}</title>
        {kort}
      </text>
    </g>
  );
}

/** Whether the window is phone-narrow: the charts then leave less room for names on their axis. */
export function useSmal(): boolean {
  return useMedia('(max-width: 40rem)', false);
}

/** A legend in the order the series are drawn (recharts sorts by label unless told otherwise). */
export const inVolgorde =
  (sleutels: readonly string[]) =>
  (item: { dataKey?: unknown }): number =>
    sleutels.indexOf(String(item.dataKey));

/** Legend labels in the text colour (recharts colours them like their series: light colours read badly). */
export const legendaTekst = (waarde: unknown) => <span style={{ color: '#1b1f24' }}>{String(waarde)}</span>;
