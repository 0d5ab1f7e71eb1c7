// Maps a CSV header row to known fields via a column table; unknown columns are kept for `extra`.

export class MissingColumnsError extends Error {
  constructor(
    readonly register: string,
    readonly missing: string[],
    readonly found: string[],
  ) {
    super(
      `${register}: required column(s) ${missing.join(', ')} not found in the header; ` +
        `columns found: ${found.map((f) => JSON.stringify(f)).join(', ') || '(none)'}`,
    );
    this.name = 'MissingColumnsError';
  }
}

export interface HeaderMap<F extends string> {
  /** field → column index */
  index: Partial<Record<F, number>>;
  /** columns not mapped to a field: [index, original header] */
  unknown: [number, string][];
  headers: string[];
}

export function mapHeader<F extends string>(
  register: string,
  headers: string[],
  fieldFor: (h: string) => F | undefined,
  required: readonly F[],
  /** shows the expected spelling of a missing field in the error */
  expectedName: (f: F) => string,
): HeaderMap<F> {
  const cleaned = headers.map((h) => h.replace(/^\uFEFF/, '').trim());
  const index: Partial<Record<F, number>> = {};
  const unknown: [number, string][] = [];
  cleaned.forEach((h, i) => {
    const f = h === '' ? undefined : fieldFor(h);
    if (f !== undefined && index[f] === undefined) index[f] = i;
    else if (h !== '') unknown.push([i, h]);
  });
  const missing = required.filter((f) => index[f] === undefined);
  if (missing.length) throw new MissingColumnsError(register, missing.map(expectedName), cleaned);
  return { index, unknown, headers: cleaned };
}

/** Trims, collapses inner runs of whitespace (incl. NBSP), turns '' into null. */
export function clean(v: string | undefined): string | null {
  if (v === undefined) return null;
  const s = v.replace(/[\s\u00a0]+/g, ' ').trim();
  return s === '' ? null : s;
}

/** Header normalisation used by the column maps: lower case, no accents, no spaces/underscores/dashes/dots. */
export function normalizeHeader(h: string): string {
  return h
    .replace(/^\uFEFF/, '')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[\s_\-./()]+/g, '');
}
