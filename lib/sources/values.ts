// Tolerant reading of upstream values for the pure conversion modules: trimmed text (empty = null),
// finite numbers and integers, from JSON values that may arrive as strings or numbers, and objects whose
// keys arrive in another case.

/** Trimmed text; null for empty, missing or non-text values (a finite number is written as text). */
export function str(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value !== 'string') return null;
  const t = value.trim();
  return t === '' ? null : t;
}

/** A finite number from a number or a numeric string; null otherwise. */
export function num(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isFinite(n) ? n : null;
}

/** An integer from a number or a numeric string; null otherwise. */
export function int(value: unknown): number | null {
  const n = num(value);
  return n !== null && Number.isInteger(n) ? n : null;
}

/**
 * The object with its keys in lower case, so "Huisnummer" or "CENTROIDE_LL" read as the documented field;
 * a key already in lower case wins over a differently cased duplicate. Null for anything but an object.
 */
export function lowerKeys(value: unknown): Record<string, unknown> | null {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) {
    const lk = k.toLowerCase();
    if (lk === k || !(lk in out)) out[lk] = v;
  }
  return out;
}
