// The process-wide limits of the listing operation: one turn at a time in arrival order, the sliding
// hourly budget with its Retry-After, and cache expiry, all on an injected clock.
import { describe, expect, it } from 'vitest';
import { LISTING_BLOKKADE_CACHE_MS, LISTING_CACHE_MS, LISTING_PER_UUR, ScrapeLimieten, WachtVerstreken, optiesUitOmgeving } from './listing-limieten';

function klok(start = Date.UTC(2026, 0, 5, 9, 0, 0)) {
  let t = start;
  return { nu: () => t, verder: (ms: number) => (t += ms) };
}

describe('turn (one scrape at a time)', () => {
  it('serves waiting callers in arrival order, one at a time', async () => {
    const l = new ScrapeLimieten<string>({ wachtMs: 5000 });
    const volgorde: string[] = [];
    let bezig = 0;
    let maxBezig = 0;
    const scrape = async (naam: string, ms: number) => {
      const vrij = await l.beurt();
      bezig++;
      maxBezig = Math.max(maxBezig, bezig);
      volgorde.push(`start ${naam}`);
      await new Promise((r) => setTimeout(r, ms));
      volgorde.push(`eind ${naam}`);
      bezig--;
      vrij();
    };
    await Promise.all([scrape('a', 30), scrape('b', 5), scrape('c', 1)]);
    expect(maxBezig).toBe(1);
    expect(volgorde).toEqual(['start a', 'eind a', 'start b', 'eind b', 'start c', 'eind c']);
  });

  it('gives up waiting after wachtMs, and drops a caller that went away', async () => {
    const l = new ScrapeLimieten<string>({ wachtMs: 40 });
    const vrij = await l.beurt();
    await expect(l.beurt()).rejects.toBeInstanceOf(WachtVerstreken);
    const weg = new AbortController();
    const wacht = l.beurt(weg.signal);
    expect(l.wachtenden).toBe(1);
    weg.abort();
    await expect(wacht).rejects.toBeDefined();
    expect(l.wachtenden).toBe(0);
    vrij();
    vrij(); // a second release is harmless
    const weer = await l.beurt();
    weer();
  });
});

describe('hourly budget', () => {
  it('allows 30 scrapes in a sliding hour; the 31st waits until the oldest leaves the window', () => {
    const k = klok();
    const l = new ScrapeLimieten<string>({ nu: k.nu, perUur: 30 });
    for (let i = 0; i < 30; i++) {
      expect(l.budget().toegestaan).toBe(true);
      l.verbruik();
      k.verder(60_000); // one a minute
    }
    // 30 minutes after the first scrape: the window holds 30
    const b = l.budget();
    expect(b).toMatchObject({ toegestaan: false, gebruikt: 30, resterend: 0 });
    expect(b.retryAfterS).toBe(30 * 60); // the first leaves at 09:60
    k.verder(30 * 60_000);
    expect(l.budget()).toMatchObject({ toegestaan: true, gebruikt: 29, resterend: 1, retryAfterS: 0 });
  });
});

describe('cache', () => {
  it('keeps a value under every key until its time runs out', () => {
    const k = klok();
    const l = new ScrapeLimieten<string>({ nu: k.nu });
    l.inCache(['adres:3012BR:42a', 'url:/detail/koop/x/y-42-a/1/'], 'listing', LISTING_CACHE_MS);
    k.verder(LISTING_CACHE_MS - 1);
    expect(l.uitCache('adres:3012BR:42a')?.waarde).toBe('listing');
    expect(l.uitCache('url:/detail/koop/x/y-42-a/1/')?.waarde).toBe('listing');
    k.verder(1);
    expect(l.uitCache('adres:3012BR:42a')).toBeNull();
  });
});

describe('settings', () => {
  it('uses the named constants, overridable per environment variable', () => {
    const standaard = optiesUitOmgeving({});
    expect(standaard).toMatchObject({ perUur: LISTING_PER_UUR, cacheMs: LISTING_CACHE_MS, blokkadeCacheMs: LISTING_BLOKKADE_CACHE_MS });
    expect(LISTING_PER_UUR).toBe(30);
    expect(LISTING_CACHE_MS).toBe(12 * 3600 * 1000);
    expect(optiesUitOmgeving({ LISTING_PER_UUR: '2', LISTING_CACHE_MS: '1000', LISTING_WACHT_MS: 'x' })).toMatchObject({ perUur: 2, cacheMs: 1000, wachtMs: 75_000 });
  });
});
