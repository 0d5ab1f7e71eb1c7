'use client';
// The ownership tree of a hoofdholding as an ARIA tree (role tree / treeitem / group, aria-expanded,
// aria-level, aria-setsize, aria-posinset) with the keyboard of the WAI-ARIA tree pattern: one tab stop
// (roving tabindex); Up/Down to the previous/next visible item; Right opens a closed item or goes to its first
// child; Left closes an open item or goes to its parent; Home/End; Enter or Space opens/closes. A click on a
// row opens/closes it too. Collapsed children are not rendered.
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { getal } from '../opmaak';
// The count per holding is the active one, as the ranking's "Vestigingen (actief)" (lib/monitor/derive/telling.ts).
import type { StructuurKnoop } from '../typen';

const TYPE: Record<StructuurKnoop['type'], string> = { hoofdholding: 'hoofdholding', tussenholding: 'tussenholding', vestiging: 'vestiging' };

interface Zichtbaar {
  knoop: StructuurKnoop;
  ouder: string | null;
}

/** Ids on the path from the root to `doel` (both included), or [] when it is not in the tree. */
export function padNaar(boom: StructuurKnoop, doel: string): string[] {
  if (boom.id === doel) return [boom.id];
  for (const k of boom.kinderen) {
    const p = padNaar(k, doel);
    if (p.length) return [boom.id, ...p];
  }
  return [];
}

function alleOuders(k: StructuurKnoop, uit: Set<string>) {
  if (k.kinderen.length) uit.add(k.id);
  k.kinderen.forEach((c) => alleOuders(c, uit));
  return uit;
}

export function Boom({ boom, doel }: { boom: StructuurKnoop; doel?: string }) {
  const pad = useMemo(() => (doel ? padNaar(boom, doel) : []), [boom, doel]);
  const [open, setOpen] = useState<Set<string>>(() => new Set([boom.id, ...pad.slice(0, -1)]));
  const [actief, setActief] = useState<string>(pad.length ? pad[pad.length - 1] : boom.id);
  const items = useRef(new Map<string, HTMLLIElement>());

  // Another tree (other id or as-of date): start again from its root (and the target).
  useEffect(() => {
    setOpen(new Set([boom.id, ...pad.slice(0, -1)]));
    setActief(pad.length ? pad[pad.length - 1] : boom.id);
  }, [boom, pad]);

  // The target of a link from the graph: in view, without taking the focus.
  useEffect(() => {
    if (pad.length > 1) items.current.get(pad[pad.length - 1])?.scrollIntoView({ block: 'center' });
  }, [pad]);

  // The items a reader can reach now, in order.
  const zichtbaar = useMemo(() => {
    const uit: Zichtbaar[] = [];
    const loop = (k: StructuurKnoop, ouder: string | null) => {
      uit.push({ knoop: k, ouder });
      if (open.has(k.id)) k.kinderen.forEach((c) => loop(c, k.id));
    };
    loop(boom, null);
    return uit;
  }, [boom, open]);

  const focus = useCallback((id: string) => {
    setActief(id);
    items.current.get(id)?.focus();
  }, []);
  const wissel = useCallback((id: string, naar?: boolean) => {
    setOpen((o) => {
      const n = new Set(o);
      if (naar ?? !n.has(id)) n.add(id);
      else n.delete(id);
      return n;
    });
  }, []);

  // The tab stop: the active item, or the root when closing a branch hid it.
  const stop = zichtbaar.some((z) => z.knoop.id === actief) ? actief : boom.id;

  const toets = (e: KeyboardEvent<HTMLUListElement>) => {
    const i = zichtbaar.findIndex((z) => z.knoop.id === stop);
    if (i < 0) return;
    const { knoop, ouder } = zichtbaar[i];
    const ouderVan = knoop.kinderen.length > 0;
    let gedaan = true;
    switch (e.key) {
      case 'ArrowDown':
        if (i < zichtbaar.length - 1) focus(zichtbaar[i + 1].knoop.id);
        break;
      case 'ArrowUp':
        if (i > 0) focus(zichtbaar[i - 1].knoop.id);
        break;
      case 'ArrowRight':
        if (ouderVan && !open.has(knoop.id)) wissel(knoop.id, true);
        else if (ouderVan) focus(knoop.kinderen[0].id);
        break;
      case 'ArrowLeft':
        if (ouderVan && open.has(knoop.id)) wissel(knoop.id, false);
        else if (ouder) focus(ouder);
        break;
      case 'Home':
        focus(zichtbaar[0].knoop.id);
        break;
      case 'End':
        focus(zichtbaar[zichtbaar.length - 1].knoop.id);
        break;
      case 'Enter':
      case ' ':
        if (ouderVan) wissel(knoop.id);
        break;
      default:
        gedaan = false;
    }
    if (gedaan) e.preventDefault();
  };

  const item = (k: StructuurKnoop, niveau: number, positie: number, aantal: number) => {
    const isOpen = open.has(k.id);
    const ouderVan = k.kinderen.length > 0;
    const doelKlasse = doel && k.id === doel ? ' boom__rij--doel' : '';
    return (
      <li
        key={k.id}
        role="treeitem"
        aria-expanded={ouderVan ? isOpen : undefined}
        aria-level={niveau}
        aria-setsize={aantal}
        aria-posinset={positie}
        aria-labelledby={`boom-${k.id}`}
        aria-current={doel && k.id === doel ? 'true' : undefined}
        tabIndex={k.id === stop ? 0 : -1}
        data-id={k.id}
        ref={(el) => {
          if (el) items.current.set(k.id, el);
          else items.current.delete(k.id);
        }}
        onFocus={(e) => {
          if (e.target === e.currentTarget) setActief(k.id);
        }}
        className="boom__item"
      >
        <div
          id={`boom-${k.id}`}
          className={`boom__rij boom__rij--${k.type}${doelKlasse}`}
          onClick={() => {
            focus(k.id);
            if (ouderVan) wissel(k.id);
          }}
        >
          <span className="boom__pijl" aria-hidden="true">
            {ouderVan ? (isOpen ? '▾' : '▸') : '·'}
          </span>
          <span className="boom__tekst">
            <span className="boom__naam">{k.naam}</span>
            <span className="boom__soort">
              {TYPE[k.type]}
              {k.type !== 'vestiging'
                ? `, ${getal(k.aantal_vestigingen_actief)} ${k.aantal_vestigingen_actief === 1 ? 'vestiging' : 'vestigingen'} (actief)`
                : k.kvk_nummer
                  ? `, KvK ${k.kvk_nummer}`
                  : ''}
            </span>
          </span>
        </div>
        {ouderVan && isOpen && (
          <ul role="group" className="boom__groep">
            {k.kinderen.map((c, j) => item(c, niveau + 1, j + 1, k.kinderen.length))}
          </ul>
        )}
      </li>
    );
  };

  return (
    <div className="boom">
      <div className="boom__knoppen">
        <button type="button" className="knop knop--rand knop--klein" onClick={() => setOpen(alleOuders(boom, new Set()))}>
          Alles uitklappen
        </button>
        <button type="button" className="knop knop--rand knop--klein" onClick={() => setOpen(new Set([boom.id]))}>
          Alles inklappen
        </button>
      </div>
      <ul role="tree" aria-label={`Eigendomsboom van ${boom.naam}`} aria-describedby="boom-uitleg" className="boom__wortel" onKeyDown={toets} data-testid="boom">
        {item(boom, 1, 1, 1)}
      </ul>
      <p id="boom-uitleg" className="zacht">
        Pijltjestoetsen: omhoog en omlaag door de boom, rechts om open te klappen, links om dicht te klappen of naar boven; Enter klapt open of dicht.
      </p>
    </div>
  );
}
