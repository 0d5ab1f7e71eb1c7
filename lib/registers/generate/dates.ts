// Calendar helpers for generated records: every date is derived from the reference date (peildatum), so
// a run with the same peildatum gives the same dates, and "in the past" / "ended" mean relative to it.
import type { Rng } from './prng';

const DAY = 86_400_000;

// Both conversions are memoised: a run converts a few tens of thousands of distinct days, millions of
// times (the LEI file alone), and Date parsing/formatting was a third of its run time.
const msCache = new Map<string, number>();
const dayCache = new Map<number, string>();

export const toMs = (iso: string): number => {
  const key = iso.length === 10 ? iso : iso.slice(0, 10);
  let ms = msCache.get(key);
  if (ms === undefined) {
    ms = Date.parse(`${key}T00:00:00Z`);
    if (msCache.size < 200_000) msCache.set(key, ms);
  }
  return ms;
};
export const isoDay = (ms: number): string => {
  let s = dayCache.get(ms);
  if (s === undefined) {
    s = new Date(ms).toISOString().slice(0, 10);
    if (ms % DAY === 0 && dayCache.size < 200_000) dayCache.set(ms, s);
  }
  return s;
};
export const addDays = (iso: string, days: number): string => isoDay(toMs(iso) + days * DAY);

/** A day uniformly in [from, to] (ISO dates); `from` when the range is empty. */
export function dayBetween(r: Rng, from: string, to: string): string {
  const a = toMs(from);
  const b = toMs(to);
  return b <= a ? isoDay(a) : isoDay(a + r.int(0, Math.round((b - a) / DAY)) * DAY);
}

/** An ISO timestamp (UTC, seconds) on the given day, at an office-hours time. */
export function timestampOn(r: Rng, iso: string): string {
  const s = r.int(7 * 3600, 18 * 3600);
  const hh = String(Math.floor(s / 3600)).padStart(2, '0');
  const mm = String(Math.floor((s % 3600) / 60)).padStart(2, '0');
  const ss = String(s % 60).padStart(2, '0');
  return `${iso.slice(0, 10)}T${hh}:${mm}:${ss}Z`;
}

/** Checks and normalises a --peildatum value (yyyy-mm-dd). */
export function parsePeildatum(s: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  if (!m || Number.isNaN(toMs(s)) || isoDay(toMs(s)) !== s.trim()) throw new Error(`ongeldige peildatum ${JSON.stringify(s)}: gebruik JJJJ-MM-DD`);
  return s.trim();
}
