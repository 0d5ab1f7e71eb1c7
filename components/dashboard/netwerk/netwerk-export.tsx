'use client';
// The network graph's Download menu (keys that may export): PNG of the canvas as drawn (toDataURL) and SVG
// drawn from the graph's nodes and links, both with title, legend and source line, the PNG at twice the size.
import { usePathname } from 'next/navigation';
import { useRef, type RefObject } from 'react';
import { bestandsnaam, peildatumUitTekst, weergaveUitPad, type GraafTekening, type LegendaItem } from '@/lib/client/export';
import { bronregelBij, canvasSvgDocument, download, graafSvgDocument, svgNaarPng } from '@/lib/client/export-dom';
import { ExportMenu, useExportRecht } from '../export/export-menu';
import { RELATIE_KLEUR } from '../kleuren';
import { OVERIG } from './graaf';

export function NetwerkExport({
  titel,
  tekening,
  structuren,
  max,
}: {
  titel: string;
  tekening: RefObject<(() => GraafTekening) | null>;
  /** The structures in legend order, with their colours. */
  structuren: readonly { naam: string; kleur: string }[];
  /** Structures with their own colour in the legend (the rest under "andere"). */
  max: number;
}) {
  const mag = useExportRecht();
  const pad = usePathname() ?? '/dashboard/netwerk';
  const hier = useRef<HTMLDivElement>(null);
  if (!mag) return null;

  const legenda: LegendaItem[] = [
    ...structuren.slice(0, max).map((s) => ({ kleur: s.kleur, tekst: s.naam })),
    ...(structuren.length > max ? [{ kleur: OVERIG, tekst: `${structuren.length - max} andere` }] : []),
    { kleur: RELATIE_KLEUR.eigendom, tekst: 'eigendom', lijn: true },
    { kleur: RELATIE_KLEUR.samenwerking, tekst: 'samenwerking', lijn: true, gestreept: true },
  ];
  const canvas = () => {
    const c = hier.current?.parentElement?.querySelector<HTMLCanvasElement>('[data-testid="netwerk-graaf"] canvas');
    if (!c) throw new Error('de graaf is nog niet getekend.');
    return c;
  };
  const naam = (ext: 'png' | 'svg') => bestandsnaam(weergaveUitPad(pad), titel, peildatumUitTekst(bronregelBij(canvas())), ext);
  return (
    <div ref={hier} className="export-houder">
      <ExportMenu
        onderwerp="De netwerkgraaf"
        keuzes={[
          {
            label: 'PNG',
            maak: async () => {
              const c = canvas();
              download(await svgNaarPng(canvasSvgDocument(c, titel, bronregelBij(c), legenda), 2), naam('png'));
            },
          },
          {
            label: 'SVG',
            maak: () => {
              const c = canvas();
              const maak = tekening.current;
              if (!maak) throw new Error('de graaf is nog niet getekend.');
              const { width, height } = c.getBoundingClientRect();
              const doc = graafSvgDocument(maak(), { breedte: width, hoogte: height }, titel, bronregelBij(c), legenda);
              download(doc.svg, naam('svg'), 'image/svg+xml;charset=utf-8');
            },
          },
        ]}
      />
    </div>
  );
}
