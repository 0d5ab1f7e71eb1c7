// The calendar day (YYYY-MM-DD) of a source's peildatum, in Europe/Amsterdam. Pure.

/** The calendar day in Europe/Amsterdam of an ISO instant or date; a plain YYYY-MM-DD is returned as is. */
export function amsterdamDag(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const d = value instanceof Date ? value : new Date(value);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
}
