'use client';
// The site's main navigation: every top-level page. Wide screens show the links in the header; on a phone
// (narrow screens, see .site-nav in app/globals.css) a disclosure button "Menu" (aria-expanded) opens them
// as a panel below the header. Keyboard: the button is a real button (Enter/Space), Escape closes the panel
// and returns focus to the button; choosing a page or clicking outside closes it too.
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useEffect, useId, useRef, useState } from 'react';

/** The top-level pages, in the order of the menu. */
export const HOOFDPAGINAS: readonly { pad: string; titel: string }[] = [
  { pad: '/dashboard', titel: 'Dashboard' },
  { pad: '/verduurzaming/rapport', titel: 'Rapport' },
  { pad: '/status', titel: 'Status' },
  { pad: '/referentie', titel: 'API-referentie' },
  { pad: '/sleutel', titel: 'API-sleutel' },
  { pad: '/problemen', titel: 'Foutcodes' },
];

export function SiteNav() {
  const pad = usePathname();
  const [open, setOpen] = useState(false);
  const lijstId = useId();
  const knop = useRef<HTMLButtonElement>(null);
  const nav = useRef<HTMLElement>(null);

  // A new page closes the menu.
  useEffect(() => setOpen(false), [pad]);

  useEffect(() => {
    if (!open) return;
    const toets = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      knop.current?.focus();
    };
    const klik = (e: PointerEvent) => {
      if (nav.current && !nav.current.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', toets);
    document.addEventListener('pointerdown', klik);
    return () => {
      document.removeEventListener('keydown', toets);
      document.removeEventListener('pointerdown', klik);
    };
  }, [open]);

  const actief = (p: string) => pad === p || pad.startsWith(`${p}/`);
  return (
    <nav ref={nav} className="site-nav" aria-label="Hoofdnavigatie" data-open={open ? 'ja' : undefined}>
      <button ref={knop} type="button" className="site-nav__knop" aria-expanded={open} aria-controls={lijstId} onClick={() => setOpen((o) => !o)}>
        <span className="site-nav__streepjes" aria-hidden="true" />
        Menu
      </button>
      <ul id={lijstId} className="site-nav__lijst">
        {HOOFDPAGINAS.map((p) => (
          <li key={p.pad}>
            <Link href={p.pad} aria-current={actief(p.pad) ? 'page' : undefined} onClick={() => setOpen(false)}>
              {p.titel}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
