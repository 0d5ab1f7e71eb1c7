// Runs the source calls of a composed operation in parallel within one time budget. A failing
// sub-source never fails the whole: its result is null and its bronnen entry says 'onbeschikbaar'.
import type { BronEntry } from './bron';
import type { SourceDef } from './source';
import { failedBron } from './fetch';
import { SourceError } from './source-error';
import { describeError, log } from '@/lib/log';

/** A value together with the bronnen entries of the calls that produced it. */
export interface Sourced<T> {
  data: T;
  bronnen: BronEntry[];
}

export interface GatherCall<T> {
  /** The source reported when the call fails without its own entry (budget exceeded, bug). */
  source: SourceDef;
  run: (signal: AbortSignal) => Promise<Sourced<T>>;
}

type Results<C extends Record<string, GatherCall<unknown>>> = {
  [K in keyof C]: C[K] extends GatherCall<infer T> ? T | null : never;
};

/** Runs every call in parallel; returns each result (or null) and all bronnen entries in call order. */
export async function gather<C extends Record<string, GatherCall<unknown>>>(
  calls: C,
  options: { budgetMs: number; signal?: AbortSignal },
): Promise<{ results: Results<C>; bronnen: BronEntry[] }> {
  const controller = new AbortController();
  const onAbort = () => controller.abort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const budget = new Promise<'budget'>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve('budget');
    }, options.budgetMs);
  });

  const keys = Object.keys(calls) as (keyof C)[];
  const settled = await Promise.all(
    keys.map(async (key) => {
      const call = calls[key];
      try {
        const outcome = await Promise.race([call.run(controller.signal), budget]);
        if (outcome === 'budget') throw new SourceError('timeout', failedBron(call.source, null, 'timeout', elapsed(started)));
        return { key, data: outcome.data, bronnen: outcome.bronnen };
      } catch (err) {
        if (err instanceof SourceError) return { key, data: null, bronnen: [err.bron] };
        log('error', 'deelbron_fout', { bron: call.source.id, ...describeError(err) });
        return { key, data: null, bronnen: [failedBron(call.source, null, 'onleesbaar', elapsed(started))] };
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

function elapsed(started: number): number {
  return Math.round(performance.now() - started);
}
