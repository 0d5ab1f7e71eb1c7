'use client';
// Printing shows what is folded away: every closed disclosure (<details>, such as a chart's "Toon de cijfers als
// tabel") is opened just before the browser prints (beforeprint) and closed again afterwards (afterprint); one
// the reader had opened stays open. Registered once per page by the print line (afdrukregel.tsx).
import { useEffect } from 'react';

/** A disclosure as far as printing needs it (an HTMLDetailsElement). */
export interface Uitklapbaar {
  open: boolean;
}

/** Opens every closed one of `elementen`; the function it returns closes those again (and only those). */
export function klapUitVoorAfdruk(elementen: Iterable<Uitklapbaar>): () => void {
  const dicht = [...elementen].filter((d) => !d.open);
  for (const d of dicht) d.open = true;
  return () => {
    for (const d of dicht) d.open = false;
  };
}

/** While mounted: folded disclosures of the page open for printing and close again after it. */
export function useUitklappenBijAfdrukken(): void {
  useEffect(() => {
    let herstel: (() => void) | null = null;
    const na = () => {
      herstel?.();
      herstel = null;
    };
    const voor = () => {
      na();
      herstel = klapUitVoorAfdruk(document.querySelectorAll('details'));
    };
    window.addEventListener('beforeprint', voor);
    window.addEventListener('afterprint', na);
    return () => {
      window.removeEventListener('beforeprint', voor);
      window.removeEventListener('afterprint', na);
      na();
    };
  }, []);
}
