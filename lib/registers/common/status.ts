// Validity of a licence, registration or decision as the spec derives it (not stored by the source):
// geldig when there is no end date or the end date is on or after the reference date (peildatum),
// otherwise beëindigd. Pure and shared by every register.

export type Geldigheid = 'geldig' | 'beëindigd';

// Calendar day (YYYY-MM-DD) of a date or ISO string; dates are compared as days, not instants.
function day(value: Date | string): string | null {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString().slice(0, 10);
  const m = /^\s*(\d{4}-\d{2}-\d{2})/.exec(value);
  if (m) return m[1];
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? null : d.toISOString().slice(0, 10);
}

/** geldig when there is no (readable) end date or it is on/after the peildatum; otherwise beëindigd. */
export function geldigheid(einddatum: Date | string | null | undefined, peildatum: Date | string): Geldigheid {
  if (einddatum === null || einddatum === undefined || einddatum === '') return 'geldig';
  const eind = day(einddatum);
  const peil = day(peildatum);
  if (!eind || !peil) return 'geldig';
  return eind >= peil ? 'geldig' : 'beëindigd';
}
