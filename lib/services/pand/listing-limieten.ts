// The limits of the listing operation, for the whole process (one Node process serves many requests):
// one scrape at a time (a FIFO turn with a bounded wait), at most LISTING_PER_UUR scrapes in any sliding
// hour, and a cache per address (12 hours; a blocked answer only 15 minutes). Cache hits cost nothing:
// they need no turn and do not count against the budget. A scrape counts once, whether it makes one page
// request (url given) or two (search and detail). The clock is injectable for tests.
import { perProces } from '@/lib/per-proces';

/** Scrapes allowed in any sliding hour (env LISTING_PER_UUR). */
export const LISTING_PER_UUR = 30;
/** How long a result is kept per address and per url (env LISTING_CACHE_MS): 12 hours. */
export const LISTING_CACHE_MS = 12 * 60 * 60 * 1000;
/** How long a geblokkeerd result is kept (env LISTING_BLOKKADE_CACHE_MS): 15 minutes, so a block is retried soon but not hammered. */
export const LISTING_BLOKKADE_CACHE_MS = 15 * 60 * 1000;
/** Longest wait for the turn behind a running scrape (env LISTING_WACHT_MS): a little over one slow scrape. */
export const LISTING_WACHT_MS = 75_000;
/** Retry-After (seconds) when the wait for a turn ran out. */
export const LISTING_WACHT_RETRY_S = 60;
/** Entries kept at most in the cache (oldest dropped first). */
const CACHE_MAX = 5000;
const UUR_MS = 60 * 60 * 1000;

export interface LimietOpties {
  perUur: number;
  cacheMs: number;
  blokkadeCacheMs: number;
  wachtMs: number;
  /** Clock in epoch milliseconds. */
  nu: () => number;
}

/** The limits in force: the named constants, overridden per environment variable (tests, operators). */
export function optiesUitOmgeving(env: Record<string, string | undefined> = process.env): LimietOpties {
  const getal = (naam: string, standaard: number) => {
    const n = Number(env[naam]);
    return env[naam] !== undefined && env[naam] !== '' && Number.isFinite(n) && n >= 0 ? n : standaard;
  };
  return {
    perUur: getal('LISTING_PER_UUR', LISTING_PER_UUR),
    cacheMs: getal('LISTING_CACHE_MS', LISTING_CACHE_MS),
    blokkadeCacheMs: getal('LISTING_BLOKKADE_CACHE_MS', LISTING_BLOKKADE_CACHE_MS),
    wachtMs: getal('LISTING_WACHT_MS', LISTING_WACHT_MS),
    nu: Date.now,
  };
}

/** The wait for a turn ran out (another scrape took too long, or many were queued). */
export class WachtVerstreken extends Error {
  constructor() {
    super('wachttijd voor een scrape verstreken');
    this.name = 'WachtVerstreken';
  }
}

export interface Budget {
  toegestaan: boolean;
  gebruikt: number;
  resterend: number;
  /** Seconds until the oldest scrape of the hour leaves the window (0 when allowed). */
  retryAfterS: number;
}

interface CacheEntry<T> {
  waarde: T;
  opgeslagenOp: number;
  verlooptOp: number;
}

interface Wachtende {
  start: () => void;
}

/** Turn, budget and cache of one process. */
export class ScrapeLimieten<T> {
  readonly opties: LimietOpties;
  private bezet = false;
  private readonly wachtrij: Wachtende[] = [];
  private readonly scrapes: number[] = [];
  private readonly cache = new Map<string, CacheEntry<T>>();

  constructor(opties: Partial<LimietOpties> = {}) {
    this.opties = { ...optiesUitOmgeving(), ...opties };
  }

  /** A cached value that has not expired, with the time it was stored. */
  uitCache(sleutel: string): { waarde: T; opgeslagenOp: number } | null {
    const e = this.cache.get(sleutel);
    if (!e) return null;
    if (e.verlooptOp <= this.opties.nu()) {
      this.cache.delete(sleutel);
      return null;
    }
    return { waarde: e.waarde, opgeslagenOp: e.opgeslagenOp };
  }

  /** Stores a value under one or more keys (address and url) for ttlMs. */
  inCache(sleutels: string[], waarde: T, ttlMs: number): void {
    if (ttlMs <= 0) return;
    const nu = this.opties.nu();
    for (const s of sleutels) {
      this.cache.delete(s);
      this.cache.set(s, { waarde, opgeslagenOp: nu, verlooptOp: nu + ttlMs });
    }
    while (this.cache.size > CACHE_MAX) this.cache.delete(this.cache.keys().next().value as string);
  }

  /**
   * Waits for the one scrape turn (first come, first served) and returns its release function. Throws
   * WachtVerstreken after wachtMs, or the abort reason when the caller goes away while waiting.
   */
  beurt(signal?: AbortSignal): Promise<() => void> {
    if (!this.bezet) {
      this.bezet = true;
      return Promise.resolve(this.vrijgave());
    }
    return new Promise((resolve, reject) => {
      const wachtende: Wachtende = {
        start: () => {
          opruimen();
          resolve(this.vrijgave());
        },
      };
      const verwijder = () => {
        const i = this.wachtrij.indexOf(wachtende);
        if (i >= 0) this.wachtrij.splice(i, 1);
      };
      const timer = setTimeout(() => {
        verwijder();
        opruimen();
        reject(new WachtVerstreken());
      }, this.opties.wachtMs);
      const onAbort = () => {
        verwijder();
        opruimen();
        reject(signal?.reason ?? new Error('afgebroken'));
      };
      const opruimen = () => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.wachtrij.push(wachtende);
    });
  }

  /** Number of requests waiting for the turn. */
  get wachtenden(): number {
    return this.wachtrij.length;
  }

  private vrijgave(): () => void {
    let klaar = false;
    return () => {
      if (klaar) return;
      klaar = true;
      const volgende = this.wachtrij.shift();
      if (volgende) volgende.start();
      else this.bezet = false;
    };
  }

  /** The sliding-hour budget now. */
  budget(): Budget {
    const nu = this.opties.nu();
    while (this.scrapes.length > 0 && this.scrapes[0] <= nu - UUR_MS) this.scrapes.shift();
    const gebruikt = this.scrapes.length;
    const toegestaan = gebruikt < this.opties.perUur;
    const oudste = this.scrapes[Math.max(0, gebruikt - this.opties.perUur)];
    const retryAfterS = toegestaan ? 0 : oudste === undefined ? UUR_MS / 1000 : Math.max(1, Math.ceil((oudste + UUR_MS - nu) / 1000));
    return { toegestaan, gebruikt, resterend: Math.max(0, this.opties.perUur - gebruikt), retryAfterS };
  }

  /** Records one scrape now (before it starts: a scrape that fails still reached the site). */
  verbruik(): void {
    this.scrapes.push(this.opties.nu());
  }
}

const houder = () => perProces('listing-limieten', () => ({ huidig: new ScrapeLimieten<unknown>() }));

/** The process's listing limits. */
export function listingLimieten<T>(): ScrapeLimieten<T> {
  return houder().huidig as ScrapeLimieten<T>;
}

/** Replaces the process's limits (tests: a fresh cache and budget, a fake clock, small numbers). */
export function zetListingLimieten(opties: Partial<LimietOpties> = {}): ScrapeLimieten<unknown> {
  const h = houder();
  h.huidig = new ScrapeLimieten<unknown>(opties);
  return h.huidig;
}
