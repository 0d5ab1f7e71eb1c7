// The request budget of the monitor as the API last reported it (RateLimit-Limit, RateLimit-Remaining,
// RateLimit-Reset on every answer; Retry-After on a 429): one module-level store per browser tab, fed by the
// fetch layer (lib/client/api.ts) and read with useSyncExternalStore (useBudget), so the dashboard can say how
// many requests are left before they run out and, once they have, when the window ends.
//
// An answer the browser serves from its HTTP cache (monitor answers may be reused for five minutes,
// lib/api/cache.ts) carries the RateLimit headers it had when the server made it: an OLD reading. Each
// reading is therefore placed in time by the answer's Date header (readable: the dashboard is same-origin),
// and an older reading never replaces a newer one: in the same window the lower remaining wins (the count only
// goes down within a window), a reading of an earlier window than the one known is ignored.
import { useSyncExternalStore } from 'react';

/** Only the monitor's answers count against the free preview's hourly budget (lib/access/toegang.ts). */
export const BUDGET_PAD = '/v1/distributiemonitor';
/** At or below this share of the limit the dashboard shows what is left. */
export const LAAG_AANDEEL = 0.25;

export interface Budget {
  limiet: number;
  resterend: number;
  /** When the window ends (ms since the epoch, this browser's clock). */
  resetOp: number;
  /** Whether the answer was for a request with a key (its own budget) rather than the free preview. */
  metSleutel: boolean;
}

let stand: Budget | null = null;
/**
 * This browser's clock minus the server's (ms), estimated as the smallest (now - Date) of the answers seen:
 * a fresh answer's Date is the server's now, a cached one's is older. null before an answer had a Date.
 */
let klokVerschil: number | null = null;
/** When the window of `stand` ends on the server's clock (readings are compared there, whatever the clock estimate). */
let standEinde: number | null = null;
/** Two readings whose windows end within this of each other are of the same window (windows are an hour). */
export const ZELFDE_VENSTER_MS = 60_000;
const luisteraars = new Set<() => void>();
let wekker: ReturnType<typeof setTimeout> | null = null;

function meld(): void {
  for (const l of luisteraars) l();
}

const getal = (s: string | null): number | null => {
  if (s === null || s.trim() === '') return null;
  const n = Number(s);
  return Number.isFinite(n) && n >= 0 ? n : null;
};

/** When the server made the answer (its Date header, ms on the server's clock), or null without a valid one. */
export function datumVan(headers: Headers): number | null {
  const d = headers.get('Date');
  const t = d ? Date.parse(d) : NaN;
  return Number.isFinite(t) ? t : null;
}

/**
 * The budget an answer reports, or null when it carries no rate-limit headers. The window's end is counted from
 * when the server made the answer (Date; without one: now) and put on this browser's clock with `klok` (this
 * clock minus the server's; by default what this answer's Date says, right for a fresh answer).
 */
export function budgetUit(status: number, headers: Headers, metSleutel: boolean, nu = Date.now(), klok?: number | null): Budget | null {
  const limiet = getal(headers.get('RateLimit-Limit'));
  const resterend = getal(headers.get('RateLimit-Remaining'));
  const reset = getal(headers.get('Retry-After')) ?? getal(headers.get('RateLimit-Reset'));
  const datum = datumVan(headers);
  const verschil = datum === null ? 0 : (klok ?? nu - datum);
  const gemaakt = datum === null ? nu : datum + verschil;
  if (status === 429) {
    if (reset === null) return null;
    return { limiet: limiet ?? stand?.limiet ?? 0, resterend: 0, resetOp: gemaakt + reset * 1000, metSleutel };
  }
  if (limiet === null || resterend === null || reset === null) return null;
  return { limiet, resterend, resetOp: gemaakt + reset * 1000, metSleutel };
}

/**
 * Whether reading `nieuw` may replace `oud`: always for another budget (with or without a key, another limit) or
 * a later window; in the same window only when it has less left; never for an earlier window.
 */
export function vervangt(nieuw: Budget, oud: Budget | null): boolean {
  if (!oud || nieuw.metSleutel !== oud.metSleutel || nieuw.limiet !== oud.limiet) return true;
  if (Math.abs(nieuw.resetOp - oud.resetOp) <= ZELFDE_VENSTER_MS) return nieuw.resterend < oud.resterend;
  return nieuw.resetOp > oud.resetOp;
}

/** Records what an answer of `url` says about the budget (the fetch layer calls this for every answer). */
export function registreerAntwoord(url: string, status: number, headers: Headers, metSleutel: boolean, nu = Date.now()): void {
  if (!pad(url).startsWith(BUDGET_PAD)) return;
  const datum = datumVan(headers);
  if (datum !== null) klokVerschil = Math.min(klokVerschil ?? Infinity, nu - datum);
  const klok = klokVerschil ?? 0;
  const nieuw = budgetUit(status, headers, metSleutel, nu, klok);
  if (!nieuw) return;
  // The known reading on this browser's clock as now estimated (a fresh answer may just have corrected it).
  const oud = stand && standEinde !== null ? { ...stand, resetOp: standEinde + klok } : null;
  const b = oud && !vervangt(nieuw, oud) ? oud : nieuw;
  standEinde = b.resetOp - klok;
  if (stand && b.resterend === stand.resterend && b.resetOp === stand.resetOp && b.limiet === stand.limiet && b.metSleutel === stand.metSleutel) return;
  stand = b;
  // When the window ends, everyone reading the store hears it (the notice goes, panels may try again).
  if (wekker) clearTimeout(wekker);
  // A new snapshot object, so useSyncExternalStore renders again although the numbers did not change.
  wekker = uitgeput(b, nu)
    ? setTimeout(() => {
        if (stand === b) stand = { ...b };
        meld();
      }, Math.max(0, b.resetOp - nu) + 250)
    : null;
  meld();
}

function pad(url: string): string {
  try {
    return new URL(url, 'http://x').pathname;
  } catch {
    return url;
  }
}

/** The latest budget, or null before any answer reported one. */
export const budgetStand = (): Budget | null => stand;

export function abonneerBudget(l: () => void): () => void {
  luisteraars.add(l);
  return () => void luisteraars.delete(l);
}

/** Forgets the budget (tests). */
export function wisBudget(): void {
  stand = null;
  klokVerschil = null;
  standEinde = null;
  if (wekker) clearTimeout(wekker);
  wekker = null;
  meld();
}

/** Nothing left and the window has not ended yet. */
export const uitgeput = (b: Budget | null, nu = Date.now()): boolean => !!b && b.resterend === 0 && nu < b.resetOp;

/** A quarter of the limit or less left (and the window still running). */
export const laag = (b: Budget | null, nu = Date.now()): boolean => !!b && b.limiet > 0 && nu < b.resetOp && b.resterend <= b.limiet * LAAG_AANDEEL;

/** Whole seconds until the window ends (0 once it has). */
export const secondenTot = (b: Budget, nu = Date.now()): number => Math.max(0, Math.ceil((b.resetOp - nu) / 1000));

/** "1 minuut", "50 minuten": the wait rounded up to whole minutes, at least one. */
export function minutenTekst(seconden: number): string {
  const m = Math.max(1, Math.ceil(seconden / 60));
  return `${m} ${m === 1 ? 'minuut' : 'minuten'}`;
}

/** The latest budget; re-renders when an answer reports a new one or the window ends. */
export function useBudget(): Budget | null {
  return useSyncExternalStore(abonneerBudget, budgetStand, () => null);
}
