'use client';
// The dashboard's one data path: GET /v1/distributiemonitor/<pad> through react-query, with the key of this
// browser tab (components/toegang/use-sleutel.ts) when there is one. Answers are the whole envelope (data,
// bronnen), problems are ApiProblem (title, detail, errorCode: shown as the API says them).
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiProblem, apiEnvelop, type Envelop } from '@/lib/client/api';
import { useSleutel } from '@/components/toegang/use-sleutel';

export const MONITOR = '/v1/distributiemonitor';

export type Params = Record<string, string | number | boolean | null | undefined>;

/** `/v1/distributiemonitor<pad>?<params>` without empty parameters, in a stable order. */
export function monitorUrl(pad: string, params: Params = {}): string {
  const q = new URLSearchParams();
  for (const k of Object.keys(params).sort()) {
    const v = params[k];
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  }
  const s = q.toString();
  return `${MONITOR}${pad}${s ? `?${s}` : ''}`;
}

/**
 * How long a monitor answer counts as fresh: its data changes only when a new version is imported (monthly),
 * and every request costs the free preview one of its 60 per hour, so going back to a view in the same tab
 * asks nothing for half an hour (and the answer is kept for the rest of the hour). Changes a user makes
 * (watch list, alerts) invalidate their queries (use-monitor-mutatie.ts).
 */
export const MONITOR_VERS_MS = 30 * 60_000;
const MONITOR_BEWAAR_MS = 60 * 60_000;

/** No retry for a 4xx: asking again gives the same answer. */
const nogEens = (n: number, e: unknown) => !(e instanceof ApiProblem && e.status >= 400 && e.status < 500) && n < 1;

/**
 * One monitor answer. `enabled: false` waits (e.g. until a choice is made); while new parameters load,
 * the previous answer stays on screen (no flashing) and `isPlaceholderData` says so.
 */
export function useMonitor<T>(pad: string, params: Params = {}, opties: { enabled?: boolean } = {}) {
  const { sleutel, gelezen, koppen } = useSleutel();
  const url = monitorUrl(pad, params);
  return useQuery<Envelop<T>, ApiProblem>({
    // The key is part of the cache key: another key may see other history (tier).
    queryKey: ['monitor', url, sleutel],
    queryFn: ({ signal }) => apiEnvelop<T>(url, { headers: koppen, signal }),
    enabled: gelezen && (opties.enabled ?? true),
    retry: nogEens,
    staleTime: MONITOR_VERS_MS,
    gcTime: MONITOR_BEWAAR_MS,
    placeholderData: keepPreviousData,
  });
}
