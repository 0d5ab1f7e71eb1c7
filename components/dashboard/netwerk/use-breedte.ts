'use client';
// The width of an element as it is laid out now (ResizeObserver), for pictures that draw at a pixel size:
// the force graph's canvas and the recharts charts (which then never render at width 0). A callback ref, so
// an element that appears later (after its data) is measured too.
import { useEffect, useState } from 'react';

export function useBreedte<T extends HTMLElement>(): [(el: T | null) => void, number] {
  const [el, setEl] = useState<T | null>(null);
  const [breedte, setBreedte] = useState(0);
  useEffect(() => {
    if (!el) return;
    setBreedte(Math.floor(el.getBoundingClientRect().width));
    const ro = new ResizeObserver(([e]) => setBreedte(Math.floor(e.contentRect.width)));
    ro.observe(el);
    return () => ro.disconnect();
  }, [el]);
  return [setEl, breedte];
}
