// Calendar days (YYYY-MM-DD): the Amsterdam day of an instant, and month arithmetic (the monitor's windows,
// the generator's monthly snapshots). Pure.

/** The calendar day in Europe/Amsterdam of an ISO instant or date; a plain YYYY-MM-DD is returned as is. */
export function amsterdamDag(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}

/** `datum` (YYYY-MM-DD) minus `n` calendar months; the day is clamped to the month's length (31 Mar − 1 → 28/29 Feb). */
export function minMaanden(datum: string, n: number): string {
  const y = Number(datum.slice(0, 4));
  const m = Number(datum.slice(5, 7));
  const d = Number(datum.slice(8, 10));
  const t = y * 12 + (m - 1) - n;
  const ny = Math.floor(t / 12);
  const nm = t - ny * 12 + 1;
  const last = new Date(Date.UTC(ny, nm, 0)).getUTCDate();
  return `${String(ny).padStart(4, '0')}-${String(nm).padStart(2, '0')}-${String(Math.min(d, last)).padStart(2, '0')}`;
}
