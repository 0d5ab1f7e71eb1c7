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

  it('makes a write a new history entry when a discrete choice asked for one, and replaces for continuous input', () => {
    const gestuurd: [string, boolean][] = [];
    const stuur = (q: string, nieuweStap: boolean) => gestuurd.push([q, nieuweStap]);
    let adres = '';
    // A select box: a new entry.
    schrijfUrl({ sector: 'bank' }, stuur, () => adres, true);
    vi.advanceTimersByTime(VERZAMEL_MS);
    adres = '?sector=bank';
    urlAangekomen('sector=bank');
    // A slider dragged over three steps within a moment: one replace.
    schrijfUrl({ jaar: '2019' }, stuur, () => adres);
    vi.advanceTimersByTime(20);
    schrijfUrl({ jaar: '2020' }, stuur, () => adres);
    vi.advanceTimersByTime(20);
    schrijfUrl({ jaar: '2021' }, stuur, () => adres);
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd).toEqual([
      ['sector=bank', true],
      ['sector=bank&jaar=2021', false],
    ]);
  });

  it('keeps a new entry asked for when continuous input is gathered into the same write', () => {
    const gestuurd: [string, boolean][] = [];
    const stuur = (q: string, nieuweStap: boolean) => gestuurd.push([q, nieuweStap]);
    schrijfUrl({ jaar: '2020' }, stuur, () => '');
    schrijfUrl({ tab: 'tabel' }, stuur, () => '', true);
    schrijfUrl({ jaar: '2021' }, stuur, () => '');
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd).toEqual([['jaar=2021&tab=tabel', true]]);
  });

  it('sends a new entry one at a time too: a second push waits for the first to arrive', () => {
    const gestuurd: [string, boolean][] = [];
    const stuur = (q: string, nieuweStap: boolean) => gestuurd.push([q, nieuweStap]);
    let adres = '';
    schrijfUrl({ a: '1' }, stuur, () => adres, true);
    vi.advanceTimersByTime(VERZAMEL_MS);
    schrijfUrl({ b: '2' }, stuur, () => adres, true);
    vi.advanceTimersByTime(VERZAMEL_MS * 3);
    expect(gestuurd).toEqual([['a=1', true]]);
    adres = '?a=1';
    urlAangekomen('a=1');
    expect(gestuurd).toEqual([
      ['a=1', true],
      ['a=1&b=2', true],
    ]);
    urlAangekomen('a=1&b=2');
    expect(urlRust()).toBe(true);
    // A choice that changes nothing asks for no entry, and its wish does not stick to the next write.
    schrijfUrl({ b: '2' }, stuur, () => '?a=1&b=2', true);
    vi.advanceTimersByTime(VERZAMEL_MS);
    schrijfUrl({ b: '3' }, stuur, () => '?a=1&b=2');
    vi.advanceTimersByTime(VERZAMEL_MS);
    expect(gestuurd[gestuurd.length - 1]).toEqual(['a=1&b=3', false]);
  });
});
