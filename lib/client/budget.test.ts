// The budget store: what an answer's rate-limit headers say, which answers count, when the budget is low or
// used up, and the minutes the notice shows (rounded up).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abonneerBudget, budgetStand, budgetUit, laag, minutenTekst, registreerAntwoord, secondenTot, uitgeput, wisBudget } from './budget';

const koppen = (h: Record<string, string>) => new Headers(h);
const NU = 1_000_000_000_000;

afterEach(() => {
  wisBudget();
  vi.useRealTimers();
});

describe('budgetUit', () => {
  it('reads RateLimit-Limit, -Remaining and -Reset', () => {
    expect(budgetUit(200, koppen({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '14', 'RateLimit-Reset': '600' }), false, NU)).toEqual({
      limiet: 60,
      resterend: 14,
      resetOp: NU + 600_000,
      metSleutel: false,
    });
  });
  it('a 429 means nothing left, until Retry-After', () => {
    expect(budgetUit(429, koppen({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '2993', 'Retry-After': '2993' }), false, NU)).toEqual({
      limiet: 60,
      resterend: 0,
      resetOp: NU + 2_993_000,
      metSleutel: false,
    });
  });
  it('an answer without the headers reports nothing', () => {
    expect(budgetUit(200, koppen({}), false, NU)).toBeNull();
    expect(budgetUit(200, koppen({ 'RateLimit-Limit': 'veel', 'RateLimit-Remaining': '1', 'RateLimit-Reset': '5' }), false, NU)).toBeNull();
  });
});

describe('the store', () => {
  it('records monitor answers and tells subscribers', () => {
    const gehoord = vi.fn();
    const stop = abonneerBudget(gehoord);
    registreerAntwoord('/v1/distributiemonitor/radar?peildatum=2026-01-01', 200, koppen({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '40', 'RateLimit-Reset': '60' }), false, NU);
    expect(budgetStand()).toMatchObject({ limiet: 60, resterend: 40 });
    expect(gehoord).toHaveBeenCalledTimes(1);
    stop();
  });
  it('ignores the other APIs (their limit is not the free preview budget)', () => {
    registreerAntwoord('/v1/toegang/sleutel', 200, koppen({ 'RateLimit-Limit': '1000', 'RateLimit-Remaining': '999', 'RateLimit-Reset': '60' }), false, NU);
    expect(budgetStand()).toBeNull();
  });
  it('when the window of a 429 ends, subscribers hear it and the budget is no longer used up', () => {
    vi.useFakeTimers({ now: NU });
    const gehoord = vi.fn();
    const stop = abonneerBudget(gehoord);
    registreerAntwoord('/v1/distributiemonitor/versies', 429, koppen({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': '0', 'RateLimit-Reset': '90', 'Retry-After': '90' }), false);
    const voor = budgetStand();
    expect(uitgeput(voor)).toBe(true);
    expect(gehoord).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(91_000);
    expect(gehoord).toHaveBeenCalledTimes(2);
    // A new snapshot, so useSyncExternalStore renders again.
    expect(budgetStand()).not.toBe(voor);
    expect(uitgeput(budgetStand())).toBe(false);
    stop();
  });
});

describe('low and used up', () => {
  const b = (resterend: number, limiet = 60) => ({ limiet, resterend, resetOp: NU + 60_000, metSleutel: false });
  it('low at a quarter of the limit or less', () => {
    expect(laag(b(16), NU)).toBe(false);
    expect(laag(b(15), NU)).toBe(true);
    expect(laag(b(1), NU)).toBe(true);
    expect(laag(b(15), NU + 60_000)).toBe(false); // the window has ended
  });
  it('used up only while the window runs', () => {
    expect(uitgeput(b(0), NU)).toBe(true);
    expect(uitgeput(b(1), NU)).toBe(false);
    expect(uitgeput(b(0), NU + 60_000)).toBe(false);
    expect(uitgeput(null, NU)).toBe(false);
  });
  it('seconds until the window ends', () => {
    expect(secondenTot(b(0), NU + 500)).toBe(60);
    expect(secondenTot(b(0), NU + 90_000)).toBe(0);
  });
});

describe('minutenTekst', () => {
  it('rounds up to whole minutes, at least one', () => {
    expect(minutenTekst(2993)).toBe('50 minuten');
    expect(minutenTekst(2940)).toBe('49 minuten');
    expect(minutenTekst(61)).toBe('2 minuten');
    expect(minutenTekst(60)).toBe('1 minuut');
    expect(minutenTekst(1)).toBe('1 minuut');
    expect(minutenTekst(0)).toBe('1 minuut');
  });
});
