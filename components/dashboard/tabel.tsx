'use client';
// A table of the dashboard: a caption (hidden where the heading or the figure around it already says it),
// one row of column headers (numbers right-aligned) and the rows the caller draws; for a key that may export,
// a Download CSV button above it (export/export-menu.tsx; a figure's table is offered by the figure's menu).
import { useRef, type ReactNode } from 'react';
import { TabelExport } from './export/export-menu';

export interface Kolom {
  titel: ReactNode;
  /** A column of numbers: right-aligned. */
  getal?: boolean;
}

export const getalKolom = (titel: ReactNode): Kolom => ({ titel, getal: true });

export function Tabel({
  bijschrift,
  verborgen = false,
  kolommen,
  testid,
  compact = true,
  klasse,
  exportNaam,
  children,
}: {
  bijschrift: ReactNode;
  /** The caption for screen readers only. */
  verborgen?: boolean;
  /** Plain text: a text column. */
  kolommen: (string | Kolom)[];
  testid?: string;
  compact?: boolean;
  /** More class names for the table. */
  klasse?: string;
  /** The name in the CSV's file name (default: the caption without its parenthesised parts). */
  exportNaam?: string;
  /** The rows (tr) of the body. */
  children: ReactNode;
}) {
  const tabel = useRef<HTMLTableElement>(null);
  return (
    <>
      <TabelExport tabel={tabel} naam={exportNaam} />
      <table ref={tabel} className={['tabel', compact && 'tabel--compact', klasse].filter(Boolean).join(' ')} data-testid={testid}>
        <caption className={verborgen ? 'verborgen' : undefined}>{bijschrift}</caption>
        <thead>
          <tr>
            {kolommen.map((k, i) => {
              const kolom = typeof k === 'string' ? { titel: k } : k;
              return (
                <th key={i} scope="col" className={kolom.getal ? 'getal' : undefined}>
                  {kolom.titel}
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </>
  );
}
