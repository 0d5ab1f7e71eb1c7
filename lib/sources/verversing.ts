// The refresh rule of every source cache (the answers of lib/sources/fetch.ts, the parsed feeds of stream.ts),
// in one place:
// - A fresh entry is returned as is.
// - One refresh per key at a time, shared by every caller, and never tied to a caller: a caller that gives up
//   (its own signal, a composed operation's budget) stops waiting, while the refresh goes on for the others on
//   the source's own budgets. So one impatient client cannot fail the others or record a false failure.
// - An expired entry (within the source's maxStaleMs) is verouderd: callers arriving while a refresh is under
//   way, or after one failed, get it at once (a new refresh then runs in the background). The caller that
//   starts a refresh waits for it while it can, and gets the expired entry when the refresh fails or its own
//   wait ends first.
import { untilAborted } from './budget';

export interface Bewaard {
  /** Date.now() past which the entry is verouderd. */
  expiresAt: number;
  /** Set when a refresh of this expired entry failed: callers then get it at once while another refresh runs. */
  refreshFailed?: boolean;
}

export interface Opslag<E> {
  get(key: string): E | undefined;
  set(key: string, entry: E): void;
  delete(key: string): void;
}

export interface Uitkomst<E> {
  entry: E;
  /** Served from the cache (fresh or verouderd), not by this call's own refresh. */
  cache: boolean;
  verouderd: boolean;
}

export class Verversing<E extends Bewaard> {
  private readonly underway = new Map<string, Promise<E>>();
  // Emptying the cache also forgets refreshes under way: their results (read before the clear) are not stored.
  private generation = 0;

  constructor(private readonly opslag: Opslag<E>) {}

  /** Forgets refreshes under way (with the cache, which the caller empties). */
  clear(): void {
    this.underway.clear();
    this.generation++;
  }

  /**
   * The entry of `key`: fresh from the cache, else from the one refresh (`load`, which must not use the
   * caller's signal; `store` says whether its result is kept), else verouderd as described above.
   */
  async get(key: string, opts: { maxStaleMs: number; signal?: AbortSignal; store: boolean }, load: () => Promise<E>): Promise<Uitkomst<E>> {
    const now = Date.now();
    const hit = this.opslag.get(key);
    if (hit && hit.expiresAt > now) return { entry: hit, cache: true, verouderd: false };
    const stale = hit && opts.maxStaleMs > 0 && hit.expiresAt + opts.maxStaleMs > now ? hit : undefined;
    if (hit && !stale) this.opslag.delete(key);

    let pending = this.underway.get(key);
    if (stale && (pending || stale.refreshFailed)) {
      if (!pending) this.start(key, load, opts.store).catch(() => undefined);
      return { entry: stale, cache: true, verouderd: true };
    }
    pending ??= this.start(key, load, opts.store);
    try {
      return { entry: await untilAborted(pending, opts.signal), cache: false, verouderd: false };
    } catch (err) {
      if (stale) return { entry: stale, cache: true, verouderd: true };
      throw err;
    }
  }

  private start(key: string, load: () => Promise<E>, store: boolean): Promise<E> {
    const started = this.generation;
    const refresh: Promise<E> = load()
      .then((entry) => {
        if (store && started === this.generation) this.opslag.set(key, entry);
        return entry;
      })
      .catch((err: unknown) => {
        const previous = this.opslag.get(key);
        if (previous && started === this.generation) previous.refreshFailed = true;
        throw err;
      })
      .finally(() => {
        if (this.underway.get(key) === refresh) this.underway.delete(key);
      });
    // Nobody may be left waiting on it (a caller that gave up): its failure is not an unhandled rejection.
    refresh.catch(() => undefined);
    this.underway.set(key, refresh);
    return refresh;
  }
}
