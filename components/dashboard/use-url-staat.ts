'use client';
// The view's choices in the address bar (shareable, back button works): read from the search parameters
// with defaults, written with router.replace (no new history entry per keystroke, no scroll jump).
// The router replaces the address in a transition, so the URL lags behind a choice; until our own writes
// have arrived, the values just chosen are shown (a slider moved with the arrow keys steps from the value it
// shows, and a second choice made before the first arrived keeps the first). An address change we did not
// make (back button, a shared link) wins at once.
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

export type UrlStaat<K extends string> = Record<K, string>;

/** The values of `standaard`'s keys from the URL (the default where absent) and a setter for some of them. */
export function useUrlStaat<K extends string>(standaard: UrlStaat<K>): [UrlStaat<K>, (wijziging: Partial<UrlStaat<K>>) => void] {
  const zoek = useSearchParams();
  const router = useRouter();
  const pad = usePathname();
  const [lokaal, setLokaal] = useState<Partial<UrlStaat<K>>>({});
  /** The query strings we asked for and have not seen in the address yet, oldest first. */
  const onderweg = useRef<string[]>([]);
  const standaardSleutel = JSON.stringify(standaard);

  useEffect(() => {
    const nu = zoek.toString();
    const i = onderweg.current.indexOf(nu);
    onderweg.current = i >= 0 ? onderweg.current.slice(i + 1) : [];
    if (onderweg.current.length === 0) setLokaal({});
  }, [zoek]);

  const waarden = useMemo(() => {
    const std = JSON.parse(standaardSleutel) as UrlStaat<K>;
    const uitUrl = Object.fromEntries((Object.keys(std) as K[]).map((k) => [k, zoek.get(k) ?? std[k]])) as UrlStaat<K>;
    return { ...uitUrl, ...lokaal } as UrlStaat<K>;
  }, [zoek, lokaal, standaardSleutel]);

  // Writes are gathered for a moment and sent as ONE router.replace: a burst (arrow keys on a slider) gives
  // one navigation to its last value instead of a queue of navigations that may land out of order.
  const lokaalRef = useRef(lokaal);
  useEffect(() => {
    lokaalRef.current = lokaal;
  }, [lokaal]);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const zet = useCallback(
    (wijziging: Partial<UrlStaat<K>>) => {
      const std = JSON.parse(standaardSleutel) as UrlStaat<K>;
      const nieuw = Object.fromEntries(Object.entries(wijziging).map(([k, v]) => [k, v ?? std[k as K]])) as Partial<UrlStaat<K>>;
      lokaalRef.current = { ...lokaalRef.current, ...nieuw };
      setLokaal(lokaalRef.current);
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        timer.current = null;
        // From what is shown (the address plus every choice still on its way), not from the address alone.
        const q = new URLSearchParams(window.location.search);
        for (const [k, v] of Object.entries(lokaalRef.current) as [K, string | undefined][]) {
          // The default is left out of the URL: a short address for the usual view.
          if (v === undefined || v === '' || v === std[k]) q.delete(k);
          else q.set(k, v);
        }
        const s = q.toString();
        onderweg.current = [...onderweg.current, s];
        router.replace(`${pad}${s ? `?${s}` : ''}`, { scroll: false });
      }, 80);
    },
    [router, pad, standaardSleutel],
  );
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  return [waarden, zet];
}

/** The dashboard-wide as-of date (?peildatum=JJJJ-MM-DD), empty for the newest version. */
export function usePeildatum(): string {
  return useSearchParams().get('peildatum') ?? '';
}
