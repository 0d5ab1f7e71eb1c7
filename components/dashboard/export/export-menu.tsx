'use client';
// The dashboard's Download menu for keyed users: CSV of a table, PNG and SVG of a chart (and CSV of the
// figures behind it). Who may export follows the tier declaration (lib/access/tiers.ts, `csv`) as GET
// /v1/toegang/sleutel answers it for the tab's key in `rechten`; without a key nothing is shown (the key status
// line above the tabs already says what a key adds). Hidden in print.
import { usePathname } from 'next/navigation';
import { createContext, useContext, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { SleutelInfo } from '@/components/toegang/api';
import { useSleutel, useSleutelInfo } from '@/components/toegang/use-sleutel';
import { bestandsnaam, peildatumUitTekst, tabelCsv, weergaveUitPad } from '@/lib/client/export';
import { bronregelBij, download, grafiekSvg, leesTabel, svgNaarPng } from '@/lib/client/export-dom';

/** Whether a key's tier may export: the tier's CSV right, the one declaration of what a tier may take away. */
export const magExporteren = (info: SleutelInfo | undefined): boolean => info?.rechten.csv === true;

/** Whether this tab's key may export (false without a key, while it is checked, or when it is refused). */
export function useExportRecht(): boolean {
  const { sleutel } = useSleutel();
  const info = useSleutelInfo(sleutel);
  return sleutel !== null && !info.isError && magExporteren(info.data);
}

/** Set by a figure that offers its table's CSV itself: the table inside then shows no button of its own. */
export const InFiguur = createContext(false);

export interface ExportKeuze {
  /** What the button says ("PNG"). */
  label: string;
  /** Makes and downloads the file; a thrown error is shown next to the menu. */
  maak: () => Promise<void> | void;
}

/** A Download menu: one button for a single choice, else a disclosure with a button per format. */
export function ExportMenu({ keuzes, onderwerp, opmerking }: { keuzes: ExportKeuze[]; onderwerp: string; opmerking?: string }) {
  const [open, setOpen] = useState(false);
  const [fout, setFout] = useState<string | null>(null);
  const knop = useRef<HTMLButtonElement>(null);
  const id = useId();
  const kies = async (k: ExportKeuze) => {
    setFout(null);
    try {
      await k.maak();
      setOpen(false);
    } catch (e) {
      setFout(`Downloaden mislukt: ${e instanceof Error ? e.message : String(e)}`);
    }
  };
  const toets = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      knop.current?.focus();
    }
  };
  return (
    <div className="export-menu" data-testid="export-menu" onKeyDown={toets}>
      {keuzes.length === 1 ? (
        <button type="button" className="export-menu__knop" title={`${onderwerp} downloaden als ${keuzes[0].label}`} onClick={() => void kies(keuzes[0])}>
          Download {keuzes[0].label}
        </button>
      ) : (
        <>
          <button ref={knop} type="button" className="export-menu__knop" aria-expanded={open} aria-controls={id} title={`${onderwerp} downloaden`} onClick={() => setOpen(!open)}>
            Download
          </button>
          <span id={id} className="export-menu__keuzes" role="group" aria-label={`${onderwerp} downloaden als`} hidden={!open}>
            {keuzes.map((k) => (
              <button key={k.label} type="button" className="export-menu__keuze" onClick={() => void kies(k)}>
                {k.label}
              </button>
            ))}
            {opmerking && <span className="export-menu__opmerking">{opmerking}</span>}
          </span>
        </>
      )}
      {fout && (
        <span className="export-menu__fout" role="alert">
          {fout}
        </span>
      )}
    </div>
  );
}

/** The file name of an export of `el` on this view: `<view>-<naam>-<peildatum of its source line>.<ext>`. */
function naamVoor(pad: string, el: Element, naam: string, ext: 'csv' | 'png' | 'svg') {
  return bestandsnaam(weergaveUitPad(pad), naam, peildatumUitTekst(bronregelBij(el)), ext);
}

/** The CSV of `tabel` downloaded as `<view>-<naam>-<peildatum>.csv`. */
function csvKeuze(pad: string, tabel: () => HTMLTableElement | null | undefined, naam: () => string): ExportKeuze {
  return {
    label: 'CSV',
    maak: () => {
      const t = tabel();
      if (!t) throw new Error('de tabel staat niet op de pagina.');
      download(tabelCsv(leesTabel(t)), naamVoor(pad, t, naam(), 'csv'), 'text/csv;charset=utf-8');
    },
  };
}

/** The table name for its file: the caption without what is only for this moment. */
const tabelNaam = (t: HTMLTableElement | null | undefined) => (t?.caption?.textContent ?? '').trim() || 'tabel';

/** A table's Download CSV button (none inside a figure, whose own menu offers the CSV). */
export function TabelExport({ tabel, naam }: { tabel: RefObject<HTMLTableElement | null>; naam?: string }) {
  const mag = useExportRecht();
  const inFiguur = useContext(InFiguur);
  const pad = usePathname() ?? '/dashboard';
  if (!mag || inFiguur) return null;
  return <ExportMenu onderwerp="De tabel" keuzes={[csvKeuze(pad, () => tabel.current, () => naam ?? tabelNaam(tabel.current))]} />;
}

/**
 * The Download menu of a chart: PNG and SVG of the chart in the enclosing <figure> (or `houder`), with its
 * title, legend and source line, and the CSV of the figure's table when it has one.
 */
export function GrafiekExport({ titel, houder, metTabel = false }: { titel: string; houder?: RefObject<HTMLElement | null>; metTabel?: boolean }) {
  const mag = useExportRecht();
  const pad = usePathname() ?? '/dashboard';
  const hier = useRef<HTMLSpanElement>(null);
  if (!mag) return null;
  const figuur = () => houder?.current ?? hier.current?.closest('figure') ?? null;
  const svg = () => {
    const f = figuur();
    const doc = f && grafiekSvg(f, titel);
    if (!f || !doc) throw new Error('de grafiek is nog niet getekend.');
    return { f, doc };
  };
  const keuzes: ExportKeuze[] = [
    {
      label: 'PNG',
      maak: async () => {
        const { f, doc } = svg();
        download(await svgNaarPng(doc, 2), naamVoor(pad, f, titel, 'png'));
      },
    },
    {
      label: 'SVG',
      maak: () => {
        const { f, doc } = svg();
        download(doc.svg, naamVoor(pad, f, titel, 'svg'), 'image/svg+xml;charset=utf-8');
      },
    },
  ];
  const tabel = () => figuur()?.querySelector('table');
  if (metTabel) keuzes.push(csvKeuze(pad, tabel, () => tabelNaam(tabel())));
  return (
    <span ref={hier} className="export-houder">
      <ExportMenu onderwerp={`Grafiek ‘${titel}’`} keuzes={keuzes} />
    </span>
  );
}
