'use client';
// The force graph itself (react-force-graph-2d on a canvas), loaded only in the browser (next/dynamic with
// ssr: false in netwerk.tsx). Node area by grootte, colour by structure, the top node of a structure with a
// dark ring and its name, ownership links solid with an arrow, samenwerking links dashed. The simulation stops
// after cooldownTicks (then the picture is fitted to the canvas and only redrawn on interaction), and the
// animation loop pauses while the graph is off screen. A click on a node goes to its structure.
import ForceGraph2D, { type ForceGraphMethods, type LinkObject, type NodeObject } from 'react-force-graph-2d';
import { useCallback, useEffect, useMemo, useRef, type RefObject } from 'react';
import type { GraafTekening } from '@/lib/client/export';
import { heeftEigenNaam } from '@/lib/monitor/holding-naam';
import { html, TYPE_NAAM, type NetwerkKnoop, type NetwerkVerbinding } from './graaf';
import { getal } from '../opmaak';
import { RELATIE_KLEUR } from '../kleuren';

type Knoop = NodeObject<NetwerkKnoop>;
type Verbinding = LinkObject<NetwerkKnoop, NetwerkVerbinding>;

/** Where a structure's top node is drawn, in CSS pixels from the canvas's top left corner. */
export type Posities = Record<string, [number, number]>;

export interface GraafProps {
  nodes: readonly NetwerkKnoop[];
  links: readonly NetwerkVerbinding[];
  breedte: number;
  hoogte: number;
  kleur: (groep: string) => string;
  /** Names shown next to these nodes (the largest structures). */
  labels: ReadonlySet<string>;
  /** The name of the structure a node belongs to, for the tooltip. */
  structuurNaam: (groep: string) => string | undefined;
  /** The address a click on the node opens, or null (not clickable). */
  doel: (n: NetwerkKnoop) => string | null;
  onKlik: (href: string) => void;
  /** Called when the simulation has settled and the picture is fitted (again after a resize or a drag). */
  onStil: (posities: Posities) => void;
  /** Called when the simulation (re)starts. */
  onBeweegt: () => void;
  /** Filled with a function that gives the picture as drawn now (for the SVG export, netwerk-export.tsx). */
  tekening?: RefObject<(() => GraafTekening) | null>;
}

const AFSTAND = { eigendom: 26, samenwerking: 34 };
/** Strength of the pull towards the middle. */
const ZWAARTE = 0.06;

export default function GraafCanvas(p: GraafProps) {
  const fg = useRef<ForceGraphMethods<Knoop, Verbinding> | undefined>(undefined);
  const houder = useRef<HTMLDivElement>(null);
  const stil = useRef(false);
  // The library adds x, y and object links to what it gets: a fresh copy per answer.
  const data = useMemo(
    () => ({ nodes: p.nodes.map((n) => ({ ...n })) as Knoop[], links: p.links.map((l) => ({ ...l })) as Verbinding[] }),
    [p.nodes, p.links],
  );
  const { onStil, onBeweegt } = p;

  // The picture as drawn, from the same nodes, sizes, colours and labels as the canvas below.
  const { tekening, kleur, labels } = p;
  useEffect(() => {
    if (!tekening) return;
    const straal = (n: Knoop) => 4 * Math.sqrt(Math.max(1, n.grootte));
    const punt = (e: unknown) => (typeof e === 'object' && e !== null ? (e as Knoop) : undefined);
    tekening.current = () => ({
      knopen: data.nodes
        .filter((n) => n.x !== undefined && n.y !== undefined)
        .map((n) => ({
          x: n.x!,
          y: n.y!,
          r: straal(n),
          kleur: kleur(n.groep),
          rand: n.id === n.groep,
          gestreept: n.type === 'samenwerkingsverband',
          label: labels.has(n.id) ? n.naam : null,
        })),
      lijnen: data.links.flatMap((l) => {
        const [a, b] = [punt(l.source), punt(l.target)];
        if (a?.x === undefined || a.y === undefined || b?.x === undefined || b.y === undefined) return [];
        const samen = l.type === 'samenwerking';
        return [{ x1: a.x, y1: a.y, x2: b.x, y2: b.y, kleur: samen ? RELATIE_KLEUR.samenwerking : RELATIE_KLEUR.eigendom, gestreept: samen, pijl: !samen, r2: straal(b) }];
      }),
    });
    return () => {
      tekening.current = null;
    };
  }, [tekening, data, kleur, labels]);

  // A new graph: it moves again (also when it was paused off screen).
  useEffect(() => {
    stil.current = false;
    fg.current?.resumeAnimation();
    onBeweegt();
  }, [data, onBeweegt]);

  const passen = useCallback(() => {
    const g = fg.current;
    if (!g) return;
    g.zoomToFit(0, 24);
    const posities: Posities = {};
    for (const n of data.nodes) {
      if (n.id !== n.groep || n.x === undefined || n.y === undefined) continue;
      const s = g.graph2ScreenCoords(n.x, n.y);
      posities[n.id] = [Math.round(s.x), Math.round(s.y)];
    }
    onStil(posities);
  }, [data, onStil]);

  // Shorter links inside a structure, a little more push between nodes, and a pull towards the middle (stronger
  // across the canvas's short side) so the separate structures do not drift apart: compact clusters that fill
  // the canvas instead of specks in a corner.
  const verhouding = p.breedte / Math.max(1, p.hoogte);
  useEffect(() => {
    const g = fg.current;
    if (!g) return;
    const link = g.d3Force('link');
    link?.distance?.((l: Verbinding) => AFSTAND[l.type as NetwerkVerbinding['type']] ?? 30);
    g.d3Force('charge')?.strength?.(-45);
    let knopen: Knoop[] = [];
    const kx = ZWAARTE * Math.min(1, 1 / verhouding);
    const ky = ZWAARTE * Math.min(1, verhouding);
    const midden = Object.assign(
      (alpha: number) => {
        for (const n of knopen) {
          n.vx = (n.vx ?? 0) - (n.x ?? 0) * kx * alpha;
          n.vy = (n.vy ?? 0) - (n.y ?? 0) * ky * alpha;
        }
      },
      { initialize: (ns: Knoop[]) => void (knopen = ns) },
    );
    g.d3Force('midden', midden);
  }, [data, verhouding]);

  // A resized canvas after the graph settled: fit it again.
  useEffect(() => {
    if (stil.current) passen();
  }, [p.breedte, p.hoogte, passen]);

  // No animation frames while a settled graph is off screen (a moving one keeps going: it has to settle).
  const inBeeld = useRef(true);
  useEffect(() => {
    const el = houder.current;
    if (!el || typeof IntersectionObserver === 'undefined') return;
    const io = new IntersectionObserver(([e]) => {
      inBeeld.current = e.isIntersecting;
      if (e.isIntersecting) fg.current?.resumeAnimation();
      else if (stil.current) fg.current?.pauseAnimation();
    });
    io.observe(el);
    return () => io.disconnect();
  }, []);

  const label = (n: Knoop) => {
    const structuur = n.id === n.groep ? undefined : p.structuurNaam(n.groep);
    const doel = p.doel(n);
    return (
      `<strong>${html(n.naam)}</strong>${n.type !== 'vestiging' && n.type !== 'samenwerkingsverband' && !heeftEigenNaam(n.naam, n.id) ? ` <small>${html(n.id)}</small>` : ''}<br>${TYPE_NAAM[n.type]} · ${getal(n.grootte)} ${n.grootte === 1 ? 'vestiging' : 'vestigingen'}` +
      (structuur ? `<br>In de structuur van ${html(structuur)}` : '') +
      (doel ? '<br><em>Klik voor de structuur</em>' : '')
    );
  };

  return (
    <div ref={houder}>
      <ForceGraph2D<NetwerkKnoop, NetwerkVerbinding>
        ref={fg}
        graphData={data}
        width={p.breedte}
        height={p.hoogte}
        nodeId="id"
        nodeRelSize={4}
        nodeVal={(n) => Math.max(1, n.grootte)}
        nodeColor={(n) => p.kleur(n.groep)}
        nodeLabel={label}
        nodeCanvasObjectMode={(n) => (n.id === n.groep ? 'after' : undefined)}
        nodeCanvasObject={(n, ctx, schaal) => {
          if (n.x === undefined || n.y === undefined) return;
          const r = 4 * Math.sqrt(Math.max(1, n.grootte));
          ctx.beginPath();
          ctx.arc(n.x, n.y, r, 0, 2 * Math.PI);
          ctx.lineWidth = 2 / schaal;
          ctx.strokeStyle = '#1b1f24';
          if (n.type === 'samenwerkingsverband') ctx.setLineDash([3 / schaal, 2 / schaal]);
          ctx.stroke();
          ctx.setLineDash([]);
          if (p.labels.has(n.id)) {
            const grootte = 12 / schaal;
            ctx.font = `600 ${grootte}px system-ui, sans-serif`;
            ctx.textAlign = 'center';
            ctx.textBaseline = 'top';
            ctx.lineWidth = 3 / schaal;
            ctx.strokeStyle = 'rgba(255,255,255,0.9)';
            ctx.strokeText(n.naam, n.x, n.y + r + 2 / schaal);
            ctx.fillStyle = '#1b1f24';
            ctx.fillText(n.naam, n.x, n.y + r + 2 / schaal);
          }
        }}
        linkColor={(l) => (l.type === 'samenwerking' ? RELATIE_KLEUR.samenwerking : RELATIE_KLEUR.eigendom)}
        linkWidth={(l) => (l.type === 'samenwerking' ? 1.2 : 1)}
        linkLineDash={(l) => (l.type === 'samenwerking' ? [4, 3] : null)}
        linkDirectionalArrowLength={(l) => (l.type === 'eigendom' ? 3 : 0)}
        linkDirectionalArrowRelPos={1}
        showPointerCursor={(o) => !!o && 'grootte' in o && p.doel(o as Knoop) !== null}
        onNodeClick={(n) => {
          const doel = p.doel(n);
          if (doel) p.onKlik(doel);
        }}
        // The page scrolls under the wheel; Ctrl/⌘ + wheel zooms the graph (and a pinch on a touchpad, which sends ctrlKey).
        enableZoomInteraction={(e: MouseEvent) => e.ctrlKey || e.metaKey}
        warmupTicks={40}
        cooldownTicks={160}
        d3AlphaDecay={0.035}
        onEngineStop={() => {
          stil.current = true;
          passen();
          if (!inBeeld.current) fg.current?.pauseAnimation();
        }}
        onNodeDrag={() => {
          if (stil.current) {
            stil.current = false;
            onBeweegt();
          }
        }}
      />
    </div>
  );
}
