'use client';
// The API key of this browser tab: kept in sessionStorage (gone when the tab closes, never sent anywhere but
// in X-Api-Key to this site's own /v1 API), shared by every component of the tab that uses this hook (the
// key page, and the dashboard's watch list). useSleutelInfo checks the key with GET /v1/toegang/sleutel.
// A key just issued on /sleutel is kept here at once (AanvraagFormulier). It is deliberately NOT shared with
// other tabs (no localStorage, no BroadcastChannel): a key outlives no tab and reaches no document the user did
// not give it to (docs/toegang.md, "keeps it in this browser tab only"). Browsers copy sessionStorage only into
// a tab opened with an opener, which links with target=_blank no longer have; the other tab asks for the key.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import { ApiProblem } from '@/lib/client/api';
import { leesSleutelInfo, SLEUTEL_VORM, sleutelKoppen } from './api';

/** The sessionStorage entry. */
export const SLEUTEL_OPSLAG = 'nlod.api-sleutel';
/** Dispatched on window when this tab changes the key (the storage event only reaches other documents). */
const GEWIJZIGD = 'nlod:sleutel-gewijzigd';

function lees(): string | null {
  try {
    const s = window.sessionStorage.getItem(SLEUTEL_OPSLAG);
    return s && SLEUTEL_VORM.test(s) ? s : null;
  } catch {
    return null; // storage switched off (privacy settings): no key kept
  }
}

function abonneer(melding: () => void): () => void {
  const opslag = (e: StorageEvent) => {
    if (e.key === null || e.key === SLEUTEL_OPSLAG) melding();
  };
  window.addEventListener('storage', opslag);
  window.addEventListener(GEWIJZIGD, melding);
  return () => {
    window.removeEventListener('storage', opslag);
    window.removeEventListener(GEWIJZIGD, melding);
  };
}

const geenAbonnement = () => () => undefined;

export interface SleutelStand {
  /** The key of this tab, or null. Always null in the server render and the first (hydrating) render. */
  sleutel: string | null;
  /** false until the browser's sessionStorage was read (render nothing key-dependent before). */
  gelezen: boolean;
  /** Whether sessionStorage can be used in this browser. */
  opslagMogelijk: boolean;
  /** Keeps `sleutel` for this tab (false when it is not a key or cannot be kept). */
  bewaar: (sleutel: string) => boolean;
  /** Forgets the key of this tab ("afmelden"). */
  wis: () => void;
  /** The headers for a call with the key (X-Api-Key), empty without one. */
  koppen: Record<string, string>;
}

function opslagWerkt(): boolean {
  try {
    const t = '__nlod_test__';
    window.sessionStorage.setItem(t, t);
    window.sessionStorage.removeItem(t);
    return true;
  } catch {
    return false;
  }
}

/** The API key kept for this browser tab. */
export function useSleutel(): SleutelStand {
  const sleutel = useSyncExternalStore(abonneer, lees, () => null);
  const gelezen = useSyncExternalStore(geenAbonnement, () => true, () => false);
  const opslagMogelijk = useSyncExternalStore(geenAbonnement, opslagWerkt, () => true);
  const queryClient = useQueryClient();

  const bewaar = useCallback((s: string) => {
    const k = s.trim();
    if (!SLEUTEL_VORM.test(k)) return false;
    try {
      window.sessionStorage.setItem(SLEUTEL_OPSLAG, k);
    } catch {
      return false;
    }
    window.dispatchEvent(new Event(GEWIJZIGD));
    return true;
  }, []);

  const wis = useCallback(() => {
    try {
      window.sessionStorage.removeItem(SLEUTEL_OPSLAG);
    } catch {
      /* nothing kept */
    }
    // Nothing about the key stays in memory either.
    queryClient.removeQueries({ queryKey: ['toegang', 'sleutel'] });
    window.dispatchEvent(new Event(GEWIJZIGD));
  }, [queryClient]);

  return { sleutel, gelezen, opslagMogelijk, bewaar, wis, koppen: sleutelKoppen(sleutel) };
}

/** No retry for a refused key (4xx): asking again gives the same answer. */
const nogEens = (n: number, e: unknown) => !(e instanceof ApiProblem && e.status >= 400 && e.status < 500) && n < 1;

/** GET /v1/toegang/sleutel for `sleutel` (tier, limit, prefix …); idle without a key. */
export function useSleutelInfo(sleutel: string | null) {
  return useQuery({
    queryKey: ['toegang', 'sleutel', sleutel],
    queryFn: () => leesSleutelInfo(sleutel!),
    enabled: sleutel !== null,
    retry: nogEens,
    staleTime: 30_000,
  });
}
