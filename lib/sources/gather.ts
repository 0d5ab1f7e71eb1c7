// Runs the source calls of a composed operation in parallel within one time budget. A failing part never
// fails the whole: its result is null and the source that failed is 'onbeschikbaar' in bronnen. The
// bronnen entry of a failure comes from the error (SourceError.bronnen), which names the source that
// failed: a part that reads several sources (allSources) reports each of them, never the part's label.
import type { BronEntry } from './bron';
import type { SourceDef } from './source';
import { failedBron } from './fetch';
import { SourceError, sourceErrorFromBronnen, type SourceFailureKind } from './source-error';
import { describeError, log } from '@/lib/log';

/** A value together with the bronnen entries of the calls that produced it. */
export interface Sourced<T> {
  data: T;
  bronnen: BronEntry[];
}

export interface GatherCall<T> {
  /**
   * The source(s) this part reads. Only consulted when the part fails without a SourceError (a bug, or the
   * budget ended it and it did not stop within BUDGET_GRACE_MS): each of them is then reported.
   */
  source: SourceDef | readonly SourceDef[];
  run: (signal: AbortSignal) => Promise<Sourced<T>>;
}

type Results<C extends Record<string, GatherCall<unknown>>> = {
  [K in keyof C]: C[K] extends GatherCall<infer T> ? T | null : never;
};

/** How long a part may take to stop (and name the source it was waiting for) after the budget aborted it. */
export const BUDGET_GRACE_MS = 250;

/** The abort reason when the budget of a composed operation ends: upstream calls classify it as a timeout. */
function budgetReason(): DOMException {
  return new DOMException('Het tijdsbudget van de samengestelde operatie is verstreken', 'TimeoutError');
}

/**
 * Runs every call in parallel; returns each result (or null) and all bronnen entries in call order. Without
 * budgetMs each source keeps its own time budget only.
 */
export async function gather<C extends Record<string, GatherCall<unknown>>>(
  calls: C,
  options: { budgetMs?: number; signal?: AbortSignal },
): Promise<{ results: Results<C>; bronnen: BronEntry[] }> {
  const controller = new AbortController();
  const onAbort = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<'budget'>((resolve) => {
    if (options.budgetMs === undefined) return;
    timer = setTimeout(() => {
      controller.abort(budgetReason());
      resolve('budget');
    }, options.budgetMs);
  });

  const keys = Object.keys(calls) as (keyof C)[];
  const settled = await Promise.all(
    keys.map(async (key) => {
      const call = calls[key];
      const declared = sourcesOf(call);
      try {
        const run = call.run(controller.signal);
        run.catch(() => {}); // it may still fail after the grace period, when nobody listens any more
        let outcome = await Promise.race([run, budget]);
        if (outcome === 'budget') {
          // The budget aborted the signal: the part stops now and names the source it was waiting for.
          outcome = await Promise.race([run, delay(BUDGET_GRACE_MS).then(() => 'budget' as const)]);
          if (outcome === 'budget') return { key, data: null, bronnen: declared.map((d) => failedBron(d, null, 'timeout', elapsed(started))) };
        }
        return { key, data: outcome.data, bronnen: outcome.bronnen };
      } catch (err) {
        if (err instanceof SourceError) return { key, data: null, bronnen: err.bronnen };
        const kind = unnamedFailureKind(err, 'deelbron_fout', declared);
        return { key, data: null, bronnen: declared.map((d) => failedBron(d, null, kind, elapsed(started))) };
      }
    }),
  );
  clearTimeout(timer);
  options.signal?.removeEventListener('abort', onAbort);

  const results = {} as Results<C>;
  const bronnen: BronEntry[] = [];
  for (const s of settled) {
    (results as Record<keyof C, unknown>)[s.key] = s.data;
    bronnen.push(...s.bronnen);
  }
  return { results, bronnen };
}

type SourcedAll<T extends readonly unknown[]> = { [K in keyof T]: Sourced<T[K]> };
type SubCalls<T extends readonly unknown[]> = { [K in keyof T]: readonly [SourceDef, (signal: AbortSignal) => Promise<Sourced<T[K]>>] };

/**
 * Runs the sub-calls a part needs all of (each named by its source) in parallel and returns their results.
 * When one fails, the part fails once all have settled, with a SourceError whose bronnen hold every failed
 * sub-call (each under its own source, failures first) and every one that answered. A sub-call that fails
 * without a SourceError (an abort reason: the operation's budget ended it) is reported under its source.
 */
export async function allSources<T extends readonly unknown[]>(calls: SubCalls<T>, signal?: AbortSignal): Promise<SourcedAll<T>> {
  const settled = await Promise.allSettled(calls.map(([, run]) => run(signal ?? new AbortController().signal)));
  if (settled.every((s) => s.status === 'fulfilled')) return settled.map((s) => (s as PromiseFulfilledResult<Sourced<unknown>>).value) as SourcedAll<T>;
  const ok: BronEntry[] = [];
  const failed: BronEntry[] = [];
  settled.forEach((s, i) => {
    const def = calls[i][0];
    if (s.status === 'fulfilled') ok.push(...s.value.bronnen);
    else if (s.reason instanceof SourceError) for (const b of s.reason.bronnen) (b.status === 'ok' ? ok : failed).push(b);
    else failed.push(failedBron(def, null, unnamedFailureKind(s.reason, 'deelbron_fout', [def]), null));
  });
  throw sourceErrorFromBronnen([...failed, ...ok]);
}

/** Classifies a failure that carries no source (an abort reason, or a bug, which is logged). */
function unnamedFailureKind(err: unknown, event: string, declared: readonly SourceDef[]): SourceFailureKind {
  const name = err instanceof Error || err instanceof DOMException ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') return 'timeout';
  log('error', event, { bron: declared.map((d) => d.id).join(','), ...describeError(err) });
  return 'onleesbaar';
}

function sourcesOf(call: GatherCall<unknown>): readonly SourceDef[] {
  return Array.isArray(call.source) ? (call.source as readonly SourceDef[]) : [call.source as SourceDef];
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref?.());
}

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
