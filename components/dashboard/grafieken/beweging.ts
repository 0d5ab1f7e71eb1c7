'use client';
// Whether the reader asked for less motion (prefers-reduced-motion): the charts then draw without animation.
import { useSyncExternalStore } from 'react';

const MINDER = '(prefers-reduced-motion: reduce)';
const abonneer = (melding: () => void) => {
  const mq = window.matchMedia(MINDER);
  mq.addEventListener('change', melding);
  return () => mq.removeEventListener('change', melding);
};

export function useMinderBeweging(): boolean {
  return useSyncExternalStore(abonneer, () => window.matchMedia(MINDER).matches, () => true);
}
