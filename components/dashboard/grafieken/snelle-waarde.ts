'use client';
// A control bound to a URL parameter must answer at once: useUrlStaat's value changes only after the router
// has replaced the address (a transition), so a slider moved by the arrow keys would step from the old
// value and lose presses. This keeps the value just chosen until the address has caught up; an address
// change this control did not make (back button, a shared link) wins at once.
import { useEffect, useRef, useState } from 'react';

export function useSnelleUrlWaarde(urlWaarde: string, zet: (waarde: string) => void): [string, (waarde: string) => void] {
  const [lokaal, setLokaal] = useState<string | null>(null);
  const geschreven = useRef<string[]>([]);
  useEffect(() => {
    const w = geschreven.current;
    // Still on the way (an earlier value of ours): keep showing the newest choice.
    if (w.includes(urlWaarde) && urlWaarde !== w[w.length - 1]) return;
    geschreven.current = [];
    setLokaal(null);
  }, [urlWaarde]);
  const kies = (waarde: string) => {
    geschreven.current = [...geschreven.current, waarde];
    setLokaal(waarde);
    zet(waarde);
  };
  return [lokaal ?? urlWaarde, kies];
}
