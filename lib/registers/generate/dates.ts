// Calendar helpers for generated records: every date is derived from the reference date (peildatum), so
// a run with the same peildatum gives the same dates, and "in the past" / "ended" mean relative to it.
import type { Rng } from './prng';

const DAY = 86_400_000;

export const toMs = (iso: string): number => Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
export const isoDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);
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
