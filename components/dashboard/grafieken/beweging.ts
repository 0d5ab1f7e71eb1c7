'use client';
// Media queries the charts follow, kept current: whether the reader asked for less motion
// (prefers-reduced-motion: the charts then draw without animation) and whether the window is phone-narrow.
import { useSyncExternalStore } from 'react';

/** One subscription function per query, so React keeps its subscription between renders. */
const abonnementen = new Map<string, (melding: () => void) => () => void>();
const abonnement = (query: string) => {
  let a = abonnementen.get(query);
  if (!a) {
    a = (melding) => {
      const mq = window.matchMedia(query);
      mq.addEventListener('change', melding);
      return () => mq.removeEventListener('change', melding);
    };
    abonnementen.set(query, a);
  }
  return a;
};

/** Whether `query` matches now; `opServer` on the server and while hydrating. */
export function useMedia(query: string, opServer: boolean): boolean {
  return useSyncExternalStore(abonnement(query), () => window.matchMedia(query).matches, () => opServer);
}

export function useMinderBeweging(): boolean {
  return useMedia('(prefers-reduced-motion: reduce)', true);
}
