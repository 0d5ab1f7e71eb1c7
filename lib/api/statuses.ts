// The statuses an operation can answer because of what it reads, derived from its declaration: the spec's
// `statuses` list does not always name them (GET /v1/airnet/stations declares only 200, yet answers 502 when
// Luchtmeetnet is down). The OpenAPI document and the tests use this one rule.
import type { Operation } from './operation';
import { sourceById } from '@/lib/sources/registry';

/** Whether a request of this operation may wait on a live upstream: a bron-api, or a source that is not imported. */
export function readsLiveUpstream(op: Operation): boolean {
  return op.bronType === 'bron-api' || op.sources.some((id) => !sourceById(id).imported);
}

/**
 * The statuses an operation can answer: its declared ones, plus 502 (source_unavailable) where it reads a live
 * upstream, unless it declares 503 as the answer to a failing upstream (pand-listing, as the spec says).
 * 503 for an import without a published version is declared by every operation that serves one.
 */
export function answerableStatuses(op: Operation): number[] {
  const derived = readsLiveUpstream(op) && !op.statuses.includes(503) ? [502] : [];
  return [...new Set([...op.statuses, ...derived])].sort((a, b) => a - b);
}

/** Statuses answerableStatuses adds to the declared ones, with the reason the OpenAPI document gives. */
export function derivedStatuses(op: Operation): { status: number; reden: string }[] {
  return answerableStatuses(op)
    .filter((s) => !op.statuses.includes(s))
    .map((status) => ({ status, reden: 'afgeleid: de operatie leest een live bron (niet in de specificatie genoemd)' }));
}
