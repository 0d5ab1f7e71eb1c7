// The page's one address write queue: choices of several components within a moment go out as one
// write, a write is based on the newest address asked for (not the stale address bar), and the
// arrival of our own writes is told apart from an address change someone else made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUrlSchrijver, schrijfUrl, urlAangekomen, urlRust, VERZAMEL_MS, WACHT_MAX_MS } from './url-schrijver';

beforeEach(() => {
  vi.useFakeTimers();
  resetUrlSchrijver();
});
afterEach(() => vi.useRealTimers());

describe('url-schrijver', () => {
  it('sends choices of two components made within a moment as one write', () => {
    const gestuurd: string[] = [];
    const stuur = (q: string) => gestuurd.push(q);
    schrijfUrl({ versie: '3' }, stuur, () => '?weergave=versies');
    vi.advanceTimersByTime(50);
    schrijfUrl({ entiteit: null }, stuur, () => '?weergave=versies');
    expect(urlRust()).toBe(false);
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd).toEqual(['weergave=versies&versie=3']);
  });

  it('sends a later write only when the earlier one has arrived, and bases it on that address', () => {
    const gestuurd: string[] = [];
    const stuur = (q: string) => gestuurd.push(q);
    let adres = '';
    schrijfUrl({ versie: '3' }, stuur, () => adres);
    vi.advanceTimersByTime(VERZAMEL_MS);
    // The address has not arrived yet: the next write waits (two writes in flight could commit in two
    // steps and put the older address back for a moment), and then builds on versie=3.
    schrijfUrl({ entiteit: 'holding' }, stuur, () => adres);
    vi.advanceTimersByTime(VERZAMEL_MS * 3);
    expect(gestuurd).toEqual(['versie=3']);
    expect(urlRust()).toBe(false);
    adres = '?versie=3';
    urlAangekomen('versie=3');
    expect(gestuurd).toEqual(['versie=3', 'versie=3&entiteit=holding']);
    expect(urlRust()).toBe(false);
    urlAangekomen('versie=3&entiteit=holding');
    expect(urlRust()).toBe(true);
  });

  it('sends a waiting write after WACHT_MAX_MS when the earlier one is never reported to arrive', () => {
    const gestuurd: string[] = [];
    const stuur = (q: string) => gestuurd.push(q);
    schrijfUrl({ jaar: '2006', versie: '3' }, stuur, () => '');
    vi.advanceTimersByTime(VERZAMEL_MS);
    // Built on the address still on its way (the address bar is taken to show the old one).
    schrijfUrl({ jaar: '2011' }, stuur, () => '');
    vi.advanceTimersByTime(VERZAMEL_MS + WACHT_MAX_MS - 10);
    expect(gestuurd).toEqual(['jaar=2006&versie=3']);
    vi.advanceTimersByTime(20);
    expect(gestuurd).toEqual(['jaar=2006&versie=3', 'jaar=2011&versie=3']);
    urlAangekomen('jaar=2011&versie=3');
    expect(urlRust()).toBe(true);
  });

  it('treats an address we did not ask for as an outside change, and skips a write that changes nothing', () => {
    const gestuurd: string[] = [];
    schrijfUrl({ jaar: '2020' }, (q) => gestuurd.push(q), () => '');
    vi.advanceTimersByTime(VERZAMEL_MS);
    urlAangekomen('jaar=2019'); // the back button
    expect(urlRust()).toBe(true);
    schrijfUrl({ jaar: '2019' }, (q) => gestuurd.push(q), () => '?jaar=2019');
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd).toEqual(['jaar=2020']);
    expect(urlRust()).toBe(true);
  });
});
