'use client';
// A text field whose value lives in the URL (useUrlStaat): the field keeps what is typed, the URL gets it
// after a pause (one replace instead of one per keystroke) and only when it is valid. A change of the URL
// from elsewhere (back button, a link) is taken over.
import { useEffect, useRef, useState } from 'react';

export function useInvoer(urlWaarde: string, schrijf: (waarde: string) => void, opties: { wachtMs?: number; geldig?: (waarde: string) => boolean } = {}) {
  const { wachtMs = 300, geldig = () => true } = opties;
  const [invoer, setInvoer] = useState(urlWaarde);
  const geschreven = useRef(urlWaarde);
  useEffect(() => {
    if (urlWaarde === geschreven.current) return;
    geschreven.current = urlWaarde;
    setInvoer(urlWaarde);
  }, [urlWaarde]);
  const ok = geldig(invoer);
  const schrijfRef = useRef(schrijf);
  useEffect(() => {
    schrijfRef.current = schrijf;
  });
  useEffect(() => {
    if (!ok || invoer === geschreven.current) return;
    const t = setTimeout(() => {
      geschreven.current = invoer;
      schrijfRef.current(invoer);
    }, wachtMs);
    return () => clearTimeout(t);
  }, [invoer, ok, wachtMs]);
  return { invoer, setInvoer, geldig: ok };
}
