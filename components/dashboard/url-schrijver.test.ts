// The page's one address write queue: choices of several components within a moment go out as one
// write, a write is based on the newest address asked for (not the stale address bar), and the
// arrival of our own writes is told apart from an address change someone else made.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetUrlSchrijver, schrijfUrl, urlAangekomen, urlRust, VERZAMEL_MS } from './url-schrijver';

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

  it('bases a later write on the address still on its way, so the earlier choice is kept', () => {
    const gestuurd: string[] = [];
    const stuur = (q: string) => gestuurd.push(q);
    schrijfUrl({ versie: '3' }, stuur, () => '');
    vi.advanceTimersByTime(VERZAMEL_MS);
    // The address bar still shows the old address: the next write must not drop versie=3.
    schrijfUrl({ entiteit: 'holding' }, stuur, () => '');
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd).toEqual(['versie=3', 'versie=3&entiteit=holding']);
    urlAangekomen('versie=3');
    expect(urlRust()).toBe(false);
    urlAangekomen('versie=3&entiteit=holding');
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
