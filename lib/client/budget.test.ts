// The budget store: what an answer's rate-limit headers say, which answers count, when the budget is low or
// used up, and the minutes the notice shows (rounded up).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { abonneerBudget, budgetStand, budgetUit, laag, minutenTekst, registreerAntwoord, secondenTot, uitgeput, vervangt, wisBudget } from './budget';

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

// An answer served from the browser's HTTP cache carries the RateLimit headers it had when the server made it.
describe('old readings (answers from the browser cache)', () => {
  const http = (ms: number) => new Date(ms).toUTCString();
  const lees = (resterend: number, reset: number, datum: number, nu: number, extra: Record<string, string> = {}) =>
    registreerAntwoord('/v1/distributiemonitor/universum', 200, koppen({ 'RateLimit-Limit': '60', 'RateLimit-Remaining': String(resterend), 'RateLimit-Reset': String(reset), Date: http(datum), ...extra }), false, nu);

  it('a cached answer with more left does not replace a newer reading of the same window', () => {
    lees(40, 1800, NU, NU); // fresh: 40 left, the window ends in 30 minutes
    // Three minutes later the browser serves an answer it cached four minutes before (it said 45 then).
    lees(45, 2040, NU - 240_000, NU + 180_000);
    expect(budgetStand()).toMatchObject({ resterend: 40, resetOp: NU + 1_800_000 });
  });

  it('in the same window the lower remaining wins, whichever arrives first', () => {
    lees(45, 2040, NU - 240_000, NU + 1_000); // an old one first (a new tab, from the cache)
    lees(40, 1800, NU, NU + 1_000); // then a fresh one
    expect(budgetStand()).toMatchObject({ resterend: 40 });
  });

  it('a reading of an earlier window than the one known is ignored; a later window replaces, also with more left', () => {
    lees(3, 600, NU, NU);
    // Cached in the previous window (it ended 10 minutes before NU's window end minus an hour).
    lees(1, 100, NU - 3_600_000 + 400_000, NU + 1_000);
    expect(budgetStand()).toMatchObject({ resterend: 3, resetOp: NU + 600_000 });
    // After the window turned: a fresh answer of the new one.
    lees(59, 3599, NU + 601_000, NU + 601_000);
    expect(budgetStand()).toMatchObject({ resterend: 59, resetOp: NU + 601_000 + 3_599_000 });
  });

  it('places a cached reading on this browser\'s clock through the Date of fresh answers (server clock 30 s behind)', () => {
    const achter = 30_000;
    lees(40, 600, NU - achter, NU); // fresh: the window ends 600 s from now
    expect(budgetStand()!.resetOp).toBe(NU + 600_000);
    wisBudget();
    lees(50, 600, NU - achter, NU); // learn the clock from a fresh answer
    lees(30, 800, NU - achter - 200_000, NU + 1_000); // made 200 s earlier, 800 s before the same window end
    expect(budgetStand()).toMatchObject({ resterend: 30, resetOp: NU + 600_000 });
  });

  it('another budget (a key now, or another limit) always replaces the reading', () => {
    lees(5, 600, NU, NU);
    registreerAntwoord('/v1/distributiemonitor/universum', 200, koppen({ 'RateLimit-Limit': '1000', 'RateLimit-Remaining': '990', 'RateLimit-Reset': '600', Date: http(NU) }), true, NU + 1_000);
    expect(budgetStand()).toMatchObject({ limiet: 1000, resterend: 990, metSleutel: true });
  });

  it('vervangt: the rule on its own', () => {
    const b = (resterend: number, resetOp: number, metSleutel = false) => ({ limiet: 60, resterend, resetOp, metSleutel });
    expect(vervangt(b(10, NU), null)).toBe(true);
    expect(vervangt(b(9, NU + 2_000), b(10, NU))).toBe(true);
    expect(vervangt(b(11, NU - 2_000), b(10, NU))).toBe(false);
    expect(vervangt(b(10, NU), b(10, NU))).toBe(false);
    expect(vervangt(b(60, NU + 3_600_000), b(0, NU))).toBe(true);
    expect(vervangt(b(0, NU - 3_600_000), b(30, NU))).toBe(false);
    expect(vervangt(b(50, NU, true), b(10, NU))).toBe(true);
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
