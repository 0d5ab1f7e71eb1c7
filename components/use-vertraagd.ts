'use client';
// A value that follows another only after it stood still for a while: a search field asks once the typing
// pauses, not per keystroke (the dashboard's vestiging search, the report's address suggestions).
import { useEffect, useState } from 'react';

/** `waarde`, but only after it stood still for `ms`. */
export function useVertraagd<T>(waarde: T, ms: number): T {
  const [v, setV] = useState(waarde);
  useEffect(() => {
    const t = setTimeout(() => setV(waarde), ms);
    return () => clearTimeout(t);
  }, [waarde, ms]);
  return v;
}
