// Numbers, amounts and texts of the sustainability report as Dutch readers expect them: a decimal comma
// and a thousands dot (318,45; € 1.250.000), a real minus sign. One helper for the report page
// (components/upload) and the PDF (pdf.tsx), so both write every figure the same way.

/** A number with exactly `decimals` decimals in Dutch notation (1.234,5); '–' for a missing value. */
export function getal(n: number | null | undefined, decimals = 0): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  const t = Math.abs(n).toLocaleString('nl-NL', { minimumFractionDigits: decimals, maximumFractionDigits: decimals, useGrouping: true });
  return n < 0 && t.replace(/[0,.]/g, '') !== '' ? `−${t}` : t;
}

/** A number with at most `maxDecimals` decimals (trailing zeros dropped): 318,45, 231,1, 42. */
export function decimaal(n: number | null | undefined, maxDecimals = 2): string {
  if (n === null || n === undefined || !Number.isFinite(n)) return '–';
  const t = Math.abs(n).toLocaleString('nl-NL', { minimumFractionDigits: 0, maximumFractionDigits: maxDecimals, useGrouping: true });
  return n < 0 && t.replace(/[0,.]/g, '') !== '' ? `−${t}` : t;
}

/** An amount in euro: € 9.400, −€ 12,50. */
export function euro(n: number, decimals = 0): string {
  return `${n < 0 ? '−' : ''}€ ${getal(Math.abs(n), decimals)}`;
}

/** A signed whole number with a real minus sign: +3, −1.640. */
export function teken(n: number): string {
  return `${n < 0 ? '−' : n > 0 ? '+' : ''}${getal(Math.abs(n))}`;
}

/**
 * Shortens a text to at most `n` characters at a word boundary, ending in an ellipsis; text that fits is
 * returned whole (white space collapsed). Only an unbroken run longer than `n` (a code, a URL) is cut inside.
 */
export function kortInWoorden(tekst: string, n: number): string {
  const t = tekst.replace(/\s+/g, ' ').trim();
  if (t.length <= n) return t;
  const ruimte = t.slice(0, n - 1);
  const grens = t[n - 1] === ' ' ? ruimte.length : ruimte.lastIndexOf(' ');
  const basis = grens >= n / 2 ? ruimte.slice(0, grens) : ruimte;
  return `${basis.replace(/[\s,;:.·–-]+$/, '')}…`;
}

const MAANDEN = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/**
 * A date as Dutch readers write it: "1 januari 2025". A calendar date (2025-01-01) is written as it is, without
 * a time zone; a moment (an ISO timestamp) as its date in Amsterdam. Anything else is returned unchanged;
 * '–' for a missing value.
 */
export function datum(iso: string | null | undefined): string {
  if (!iso) return '–';
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso.trim());
  if (d) return `${Number(d[3])} ${MAANDEN[Number(d[2]) - 1] ?? d[2]} ${d[1]}`;
  if (!/^\d{4}-\d{2}-\d{2}T/.test(iso)) return iso;
  const t = new Date(iso);
  if (Number.isNaN(t.getTime())) return iso;
  const [jaar, maand, dag] = t.toLocaleDateString('en-CA', { timeZone: 'Europe/Amsterdam' }).split('-');
  return datum(`${jaar}-${maand}-${dag}`);
}

/** A month as Dutch readers write it: "2025-09" -> "september 2025"; anything else unchanged, '–' for a missing value. */
export function maand(jjjjmm: string | null | undefined): string {
  if (!jjjjmm) return '–';
  const m = /^(\d{4})-(\d{2})$/.exec(jjjjmm.trim());
  return m && MAANDEN[Number(m[2]) - 1] ? `${MAANDEN[Number(m[2]) - 1]} ${m[1]}` : jjjjmm;
}

/** Decimals of an energy performance figure (EP2 in kWh/m²·jr, or an energy index): the file's own precision. */
export const EP2_DECIMALEN = 2;

/** An EP2 value or energy index, wherever the report shows one (card, table, nulmeting): 68,05; 318,45; 1,2. */
export function ep2(n: number | null | undefined): string {
  return decimaal(n, EP2_DECIMALEN);
}
