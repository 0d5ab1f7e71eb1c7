// Normalising single values read from an energy file. Every function takes the trimmed text (or null)
// and returns the normalised value, or null when the text is missing or not of the expected form; they
// never guess beyond the stated rule.
import { LABEL_CLASSES, type LabelKlasse } from '@/lib/verduurzaming/types';

const LABELS = new Set<string>(LABEL_CLASSES);

/** An energy label class as in LABEL_CLASSES ("A++++" … "G"); null for anything else (also "NVT" and "A+++++"). */
export function labelKlasse(text: string | null): LabelKlasse | null {
  if (text === null) return null;
  const v = text.replace(/\s+/g, '').toUpperCase();
  return LABELS.has(v) ? (v as LabelKlasse) : null;
}

/** Position of a class in LABEL_CLASSES (0 = best). */
export function labelRank(label: LabelKlasse): number {
  return LABEL_CLASSES.indexOf(label);
}

const DECIMAL_DOT = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const DECIMAL_COMMA = /^[+-]?(\d+(,\d*)?|,\d+)$/;

/** A decimal with a dot (the XSDs' xs:decimal); with `allowComma`, a decimal comma is accepted too (legacy files). */
export function decimal(text: string | null, allowComma = false): number | null {
  if (text === null) return null;
  let v = text.trim();
  if (allowComma && DECIMAL_COMMA.test(v)) v = v.replace(',', '.');
  if (!DECIMAL_DOT.test(v)) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** A house number: a whole number 1..99999. */
export function huisnummer(text: string | null): number | null {
  if (text === null || !/^\d{1,5}$/.test(text.trim())) return null;
  const n = Number(text.trim());
  return n >= 1 ? n : null;
}

/** A postcode as four digits and two capitals without space ("3514 cn" -> "3514CN"). */
export function postcode(text: string | null): string | null {
  if (text === null) return null;
  const v = text.replace(/\s+/g, '').toUpperCase();
  return /^[0-9]{4}[A-Z]{2}$/.test(v) ? v : null;
}

/** A house letter: one letter, as written. */
export function huisletter(text: string | null): string | null {
  if (text === null) return null;
  const v = text.trim();
  return /^[A-Za-z]$/.test(v) ? v : null;
}

/** A house-number addition as a string (leading zeros kept): up to 25 letters, digits, spaces or dashes. */
export function toevoeging(text: string | null): string | null {
  if (text === null) return null;
  const v = text.trim();
  return v !== '' && v.length <= 25 && /^[\p{L}\p{N}][\p{L}\p{N} -]*$/u.test(v) ? v : null;
}

/** A BAG verblijfsobject id: 16 digits with object-type digits 5-6 = "01"; kept as a string. */
export function verblijfsobjectId(text: string | null): string | null {
  if (text === null) return null;
  const v = text.trim();
  return /^[0-9]{16}$/.test(v) && v.slice(4, 6) === '01' ? v : null;
}

/** An ISO date (YYYY-MM-DD) from YYYYMMDD, from YYYY-MM-DD, or from the date part of an xs:dateTime. */
export function isoDate(text: string | null): string | null {
  if (text === null) return null;
  const v = text.trim();
  const m = /^(\d{4})(\d{2})(\d{2})$/.exec(v) ?? /^(\d{4})-(\d{2})-(\d{2})(?:$|T|Z|[+-]\d{2}:\d{2}$)/.exec(v);
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  return `${m[1]}-${m[2]}-${m[3]}`;
}

/**
 * Splits a free-text house number ("27", "14A", "214B-3", "27-2", "14 hs") into number, letter and
 * addition. Best effort for the NTA 8800 `Huisnr`; an unrecognised tail leaves letter and addition null.
 */
export function splitHuisnummer(text: string | null): { huisnummer: number | null; huisletter: string | null; toevoeging: string | null } {
  const none = { huisnummer: null, huisletter: null, toevoeging: null };
  if (text === null) return none;
  const m = /^(\d{1,5})(.*)$/.exec(text.trim());
  if (!m) return none;
  const nummer = huisnummer(m[1]);
  const rest = m[2].trim();
  if (rest === '') return { huisnummer: nummer, huisletter: null, toevoeging: null };
  let p: RegExpExecArray | null;
  if ((p = /^([A-Za-z])$/.exec(rest))) return { huisnummer: nummer, huisletter: p[1], toevoeging: null };
  if ((p = /^([A-Za-z])\s*-\s*([A-Za-z0-9]{1,4})$/.exec(rest)) || (p = /^([A-Za-z])\s+([A-Za-z0-9]{1,4})$/.exec(rest))) {
    return { huisnummer: nummer, huisletter: p[1], toevoeging: p[2] };
  }
  if ((p = /^(?:-\s*|\s*)([A-Za-z0-9]{1,4})$/.exec(rest))) return { huisnummer: nummer, huisletter: null, toevoeging: p[1] };
  return { huisnummer: nummer, huisletter: null, toevoeging: null };
}
