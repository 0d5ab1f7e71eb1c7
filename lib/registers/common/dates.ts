// Date normalisation for register exports: ISO (yyyy-mm-dd, with or without a time part) and Dutch
// (dd-mm-yyyy, d-m-yyyy, dd/mm/yyyy, dd.mm.yyyy), padded with spaces, returned as 'yyyy-mm-dd'.

export type DateResult = { ok: true; value: string | null } | { ok: false; raw: string };

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ][\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const NL = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})(?:[T ][\d:.]+)?$/;
const COMPACT = /^(\d{4})(\d{2})(\d{2})$/;

function build(y: number, m: number, d: number): string | null {
  if (m < 1 || m > 12 || d < 1 || d > 31 || y < 1000) return null;
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
}

/** Empty / whitespace → {ok, null}; valid → {ok, 'yyyy-mm-dd'}; anything else → {ok:false, raw}. */
export function normalizeDate(raw: string | null | undefined): DateResult {
  const s = (raw ?? '').trim();
  if (s === '') return { ok: true, value: null };
  let m = ISO.exec(s);
  if (m) {
    const v = build(+m[1], +m[2], +m[3]);
    return v ? { ok: true, value: v } : { ok: false, raw: s };
  }
  m = NL.exec(s);
  if (m) {
    const v = build(+m[3], +m[2], +m[1]);
    return v ? { ok: true, value: v } : { ok: false, raw: s };
  }
  m = COMPACT.exec(s);
  if (m) {
    const v = build(+m[1], +m[2], +m[3]);
    return v ? { ok: true, value: v } : { ok: false, raw: s };
  }
  return { ok: false, raw: s };
}

/** Re-pads a number that lost its leading zeros (RSIN 9, KvK 8). null when empty, 'invalid' when not digits or too long. */
export function padDigits(raw: string | null | undefined, width: number): string | null | 'invalid' {
  const s = (raw ?? '').replace(/[\s.]/g, '');
  if (s === '') return null;
  if (!/^\d+$/.test(s) || s.length > width) return 'invalid';
  if (/^0+$/.test(s)) return 'invalid';
  return s.padStart(width, '0');
}
