'use client';
// The dashboard's writes to /v1/distributiemonitor (the watch list, marking alerts read) through react-query's
// useMutation, next to useMonitor (use-monitor.ts) and with the same key of this tab (X-Api-Key) and the same
// problems (ApiProblem). After a success the monitor answers under the given paths are asked again, so what
// the mutation changed shows at once; no other copy of the data is kept.
import { useMutation, useQueryClient, type Query } from '@tanstack/react-query';
import { ApiProblem, apiEnvelop, type Envelop } from '@/lib/client/api';
import { useSleutel } from '@/components/toegang/use-sleutel';
import { MONITOR, monitorUrl, type Params } from './use-monitor';

/** One write: method, path under /v1/distributiemonitor, query parameters and an optional JSON body. */
export interface MonitorVerzoek {
  methode: 'POST' | 'DELETE' | 'PUT' | 'PATCH';
  pad: string;
  params?: Params;
  body?: unknown;
}

/** Whether a useMonitor query (key ['monitor', url, sleutel]) reads `pad` (with any parameters). */
export function leestPad(query: Pick<Query, 'queryKey'>, pad: string): boolean {
  const [soort, url] = query.queryKey;
  if (soort !== 'monitor' || typeof url !== 'string') return false;
  const basis = `${MONITOR}${pad}`;
  return url === basis || url.startsWith(`${basis}?`);
}

/**
 * A mutation on the monitor API: `verzoek(v)` says what to send for the variables `v`; after a success every
 * useMonitor answer under one of `ververs` (paths such as '/alerts/volglijst') is invalidated.
 */
export function useMonitorMutatie<V, T = unknown>(verzoek: (v: V) => MonitorVerzoek, ververs: readonly string[]) {
  const { koppen } = useSleutel();
  const queryClient = useQueryClient();
  return useMutation<Envelop<T>, ApiProblem, V>({
    mutationFn: (v) => {
      const r = verzoek(v);
      const metBody = r.body !== undefined;
      return apiEnvelop<T>(monitorUrl(r.pad, r.params), {
        method: r.methode,
        headers: { ...koppen, ...(metBody ? { 'Content-Type': 'application/json' } : {}) },
        body: metBody ? JSON.stringify(r.body) : undefined,
      });
    },
    onSuccess: () =>
      Promise.all(ververs.map((pad) => queryClient.invalidateQueries({ predicate: (q) => leestPad(q, pad) }))).then(() => undefined),
  });
}
