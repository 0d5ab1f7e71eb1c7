// The request budget of the monitor as the API last reported it (RateLimit-Limit, RateLimit-Remaining,
// RateLimit-Reset on every answer; Retry-After on a 429): one module-level store per browser tab, fed by the
// fetch layer (lib/client/api.ts) and read with useSyncExternalStore (useBudget), so the dashboard can say how
// many requests are left before they run out and, once they have, when the window ends.
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

/** The budget an answer reports, or null when it carries no rate-limit headers. */
export function budgetUit(status: number, headers: Headers, metSleutel: boolean, nu = Date.now()): Budget | null {
  const limiet = getal(headers.get('RateLimit-Limit'));
  const resterend = getal(headers.get('RateLimit-Remaining'));
  const reset = getal(headers.get('Retry-After')) ?? getal(headers.get('RateLimit-Reset'));
  if (status === 429) {
    if (reset === null) return null;
    return { limiet: limiet ?? stand?.limiet ?? 0, resterend: 0, resetOp: nu + reset * 1000, metSleutel };
  }
  if (limiet === null || resterend === null || reset === null) return null;
  return { limiet, resterend, resetOp: nu + reset * 1000, metSleutel };
}

/** Records what an answer of `url` says about the budget (the fetch layer calls this for every answer). */
export function registreerAntwoord(url: string, status: number, headers: Headers, metSleutel: boolean, nu = Date.now()): void {
  if (!pad(url).startsWith(BUDGET_PAD)) return;
  const b = budgetUit(status, headers, metSleutel, nu);
  if (!b) return;
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
