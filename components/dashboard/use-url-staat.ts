'use client';
// The view's choices in the address bar (shareable, back button works): read from the search parameters
// with defaults, written with router.replace (no new history entry per keystroke, no scroll jump).
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useMemo } from 'react';

export type UrlStaat<K extends string> = Record<K, string>;

/** The values of `standaard`'s keys from the URL (the default where absent) and a setter for some of them. */
export function useUrlStaat<K extends string>(standaard: UrlStaat<K>): [UrlStaat<K>, (wijziging: Partial<UrlStaat<K>>) => void] {
  const zoek = useSearchParams();
  const router = useRouter();
  const pad = usePathname();
  const sleutels = Object.keys(standaard) as K[];
  const waarden = useMemo(
    () => Object.fromEntries(sleutels.map((k) => [k, zoek.get(k) ?? standaard[k]])) as UrlStaat<K>,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [zoek, ...sleutels.map((k) => standaard[k])],
  );
  const zet = useCallback(
    (wijziging: Partial<UrlStaat<K>>) => {
      const q = new URLSearchParams(zoek.toString());
      for (const [k, v] of Object.entries(wijziging) as [K, string | undefined][]) {
        // The default is left out of the URL: a short address for the usual view.
        if (v === undefined || v === '' || v === standaard[k]) q.delete(k);
        else q.set(k, v);
      }
      const s = q.toString();
      router.replace(`${pad}${s ? `?${s}` : ''}`, { scroll: false });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [zoek, router, pad, ...sleutels.map((k) => standaard[k])],
  );
  return [waarden, zet];
}

/** The dashboard-wide as-of date (?peildatum=JJJJ-MM-DD), empty for the newest version. */
export function usePeildatum(): string {
  return useSearchParams().get('peildatum') ?? '';
}
