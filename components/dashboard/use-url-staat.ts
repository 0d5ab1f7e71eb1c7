'use client';
// The view's choices in the address bar (shareable, back button works): read from the search parameters
// with defaults, written with the History API (no scroll jump). A discrete choice (a select box, a tab or
// button, a checkbox, a date) is a new history entry (pushState), so Back undoes the last filter; continuous
// input (a slider being dragged, typing, a debounced write from a timer) replaces the current entry, so
// history is not flooded. Which of the two is read from the control that fired the event (nieuweStap below),
// one rule for every view instead of a flag at every call. The choices only steer what the client asks the API, so they need no server round trip: Next's
// router takes a replaceState over into useSearchParams by itself (its "native History API" support), in
// the order written. router.replace would fetch the page from the server for every slider step, and a
// burst of such navigations under load could leave the address on an older step than the one shown.
// useSearchParams follows in a transition, so until the writes have arrived the values just chosen are
// shown (a slider moved with the arrow keys steps from the value it shows, and a second choice made before
// the first arrived keeps the first). An address change we did not make (back button, a shared link) wins.
//
// Every component on the page writes through ONE queue (module state, url-schrijver.ts): choices made within
// a moment, also in different components (a version button, then an entity filter), go out as one write,
// based on the newest address asked for. So no choice overwrites another that is still on its way.
import { usePathname, useSearchParams } from 'next/navigation';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { schrijfUrl, urlAangekomen, urlRust } from './url-schrijver';

export type UrlStaat<K extends string> = Record<K, string>;

/** Input types whose value changes continuously (dragging, typing): their writes replace the history entry. */
const DOORLOPEND = new Set(['range', 'text', 'search', 'number', 'email', 'url', 'tel', 'password']);

/**
 * Whether the choice being written is discrete, so a new history entry: true inside an event from any
 * control other than a continuous one (range, text-like input, textarea). Outside an event (a debounced
 * write from a timer, an effect) false.
 */
export function nieuweStap(gebeurtenis: Event | undefined = typeof window === 'undefined' ? undefined : window.event): boolean {
  if (!gebeurtenis) return false;
  const doel = gebeurtenis.target;
  if (typeof HTMLTextAreaElement !== 'undefined' && doel instanceof HTMLTextAreaElement) return false;
  if (typeof HTMLInputElement !== 'undefined' && doel instanceof HTMLInputElement) return !DOORLOPEND.has(doel.type);
  return true;
}

/** The values of `standaard`'s keys from the URL (the default where absent) and a setter for some of them. */
export function useUrlStaat<K extends string>(standaard: UrlStaat<K>): [UrlStaat<K>, (wijziging: Partial<UrlStaat<K>>) => void] {
  const zoek = useSearchParams();
  const pad = usePathname();
  const [lokaal, setLokaal] = useState<Partial<UrlStaat<K>>>({});
  const standaardSleutel = JSON.stringify(standaard);

  useEffect(() => {
    urlAangekomen(zoek.toString());
    // Shown choices give way to the address once nothing is waiting or on its way.
    if (urlRust()) setLokaal({});
  }, [zoek]);

  const waarden = useMemo(() => {
    const std = JSON.parse(standaardSleutel) as UrlStaat<K>;
    const uitUrl = Object.fromEntries((Object.keys(std) as K[]).map((k) => [k, zoek.get(k) ?? std[k]])) as UrlStaat<K>;
    return { ...uitUrl, ...lokaal } as UrlStaat<K>;
  }, [zoek, lokaal, standaardSleutel]);

  const zet = useCallback(
    (wijziging: Partial<UrlStaat<K>>) => {
      const std = JSON.parse(standaardSleutel) as UrlStaat<K>;
      const nieuw = Object.fromEntries(Object.entries(wijziging).map(([k, v]) => [k, v ?? std[k as K]])) as Partial<UrlStaat<K>>;
      setLokaal((oud) => ({ ...oud, ...nieuw }));
      // The default is left out of the URL: a short address for the usual view.
      const params = Object.fromEntries(Object.entries(nieuw).map(([k, v]) => [k, v === undefined || v === '' || v === std[k as K] ? null : (v as string)]));
      schrijfUrl(
        params,
        (q, stap) => {
          const url = `${pad}${q ? `?${q}` : ''}`;
          if (stap) window.history.pushState(null, '', url);
          else window.history.replaceState(null, '', url);
        },
        undefined,
        nieuweStap(),
      );
    },
    [pad, standaardSleutel],
  );
  return [waarden, zet];
}

/** The dashboard-wide as-of date (?peildatum=JJJJ-MM-DD), empty for the newest version. */
export function usePeildatum(): string {
  return useSearchParams().get('peildatum') ?? '';
}
