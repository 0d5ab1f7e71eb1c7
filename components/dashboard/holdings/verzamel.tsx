'use client';
// A variable number of monitor answers for one view (a page per version, further pages of a list), each read
// through useMonitor by an invisible <Deel> that reports its answer to the parent's collection. Hooks cannot
// be called in a loop; components can.
import { useCallback, useEffect, useState } from 'react';
import type { ApiProblem } from '@/lib/client/api';
import { useMonitor, type Params } from '../use-monitor';

export interface DeelStaat<T> {
  data?: T;
  fout: ApiProblem | null;
  opnieuw: () => void;
}

/** The collected answers by name, and the function a <Deel> reports to. */
export function useVerzamel<T>(): [Record<string, DeelStaat<T>>, (naam: string, s: DeelStaat<T>) => void] {
  const [delen, setDelen] = useState<Record<string, DeelStaat<T>>>({});
  const melden = useCallback((naam: string, s: DeelStaat<T>) => setDelen((d) => ({ ...d, [naam]: s })), []);
  return [delen, melden];
}

/** Reads `pad` with `params` and reports the answer (or problem) under `naam`; shows nothing itself. */
export function Deel<T>({ pad, params, naam, melden }: { pad: string; params: Params; naam: string; melden: (naam: string, s: DeelStaat<T>) => void }) {
  const q = useMonitor<T>(pad, params);
  const { data, error, refetch } = q;
  useEffect(() => {
    melden(naam, { data: data?.data, fout: error ?? null, opnieuw: () => void refetch() });
  }, [naam, data, error, refetch, melden]);
  return null;
}
