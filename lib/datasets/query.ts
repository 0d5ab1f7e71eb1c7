// The request and answer of a dataset query, shared by the CSV, JSON and CBS readers: simple equality
// filters (`kolom:waarde`; several values for one column mean "one of", different columns must all match),
// a column selection, and paging. Pure functions.
import { Problem } from '@/lib/api/problems';

export interface Filter {
  kolom: string;
  waarde: string;
}

export interface QueryVraag {
  start: number;
  rows: number;
  filters: Filter[];
  /** Selected columns in the requested order; null: all columns. */
  kolommen: string[] | null;
}

export interface QueryAntwoord {
  kolommen: string[];
  rijen: Record<string, unknown>[];
  /** Number of matching rows when known (the whole file was read), else null. */
  totaal: number | null;
  /** Whether more matching rows follow this page. */
  meer: boolean;
  /** The filters applied, column names as the file writes them. */
  filters: Filter[];
}

export const MAX_FILTERS = 20;
export const MAX_KOLOMMEN = 200;

/** Splits on commas not escaped with a backslash; `\,` and `\\` unescape. */
export function splitEscaped(text: string): string[] {
  const parts: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\' && (text[i + 1] === ',' || text[i + 1] === '\\')) {
      cur += text[++i];
    } else if (ch === ',') {
      parts.push(cur);
      cur = '';
    } else {
      cur += ch;
    }
  }
  parts.push(cur);
  return parts;
}

/** Parses `kolom:waarde[,kolom:waarde…]`; returns the filters or a Dutch reason why the text is not valid. */
export function parseFilters(text: string): Filter[] | string {
  const parts = splitEscaped(text).map((p) => p.trim());
  if (parts.length > MAX_FILTERS) return `ten hoogste ${MAX_FILTERS} filters`;
  const out: Filter[] = [];
  for (const p of parts) {
    const i = p.indexOf(':');
    if (i <= 0) return `filter "${p.slice(0, 60)}" heeft niet de vorm kolom:waarde`;
    out.push({ kolom: p.slice(0, i).trim(), waarde: p.slice(i + 1).trim() });
  }
  return out;
}

/** Parses a comma-separated column list (escapes as in filters), without duplicates. */
export function parseKolommen(text: string): string[] | string {
  const list = [...new Set(splitEscaped(text).map((k) => k.trim()))];
  if (list.some((k) => k === '')) return 'lege kolomnaam in de lijst';
  if (list.length > MAX_KOLOMMEN) return `ten hoogste ${MAX_KOLOMMEN} kolommen`;
  return list;
}

/**
 * Resolves the columns named in filters and kolommen against the columns a file has (exact name first,
 * else case-insensitive); throws one 400 problem naming the unknown ones and listing what exists.
 */
export function resolveKolommen(vraag: QueryVraag, beschikbaar: string[]): QueryVraag {
  const exact = new Set(beschikbaar);
  const lower = new Map<string, string>();
  for (const k of beschikbaar) if (!lower.has(k.toLowerCase())) lower.set(k.toLowerCase(), k);
  const find = (k: string) => (exact.has(k) ? k : lower.get(k.toLowerCase()));
  const unknown: { name: string; kolom: string }[] = [];
  const filters = vraag.filters.map((f) => {
    const k = find(f.kolom);
    if (!k) unknown.push({ name: 'filter', kolom: f.kolom });
    return { kolom: k ?? f.kolom, waarde: f.waarde };
  });
  const kolommen = vraag.kolommen?.map((c) => {
    const k = find(c);
    if (!k) unknown.push({ name: 'kolommen', kolom: c });
    return k ?? c;
  }) ?? null;
  if (unknown.length > 0) {
    const lijst = beschikbaar.slice(0, 50).join(', ') + (beschikbaar.length > 50 ? ', …' : '');
    throw new Problem('invalid_parameter', {
      detail: `Onbekende kolom${unknown.length > 1 ? 'men' : ''}: ${[...new Set(unknown.map((u) => u.kolom))].join(', ')}. Dit bestand heeft: ${lijst}.`,
      invalidParams: unknown.map((u) => ({ name: u.name, in: 'query' as const, reason: `onbekende kolom ${u.kolom}` })),
      extra: { beschikbare_kolommen: beschikbaar },
    });
  }
  return { ...vraag, filters, kolommen: kolommen ? [...new Set(kolommen)] : null };
}

/** The text a value is compared as: trimmed; null and undefined as the empty string; objects as JSON. */
export function vergelijkTekst(v: unknown): string {
  if (v === null || v === undefined) return '';
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v).trim();
}

/** A predicate for the filters: per column one of its values must equal the row's value (as text, exact). */
export function matcher(filters: Filter[]): (row: Record<string, unknown>) => boolean {
  const perKolom = new Map<string, Set<string>>();
  for (const f of filters) {
    const set = perKolom.get(f.kolom) ?? new Set<string>();
    set.add(f.waarde);
    perKolom.set(f.kolom, set);
  }
  const groups = [...perKolom.entries()];
  return (row) => groups.every(([k, values]) => values.has(vergelijkTekst(row[k])));
}

/** A row restricted to the selected columns, in their order (missing columns as null). */
export function project(row: Record<string, unknown>, kolommen: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of kolommen) out[k] = row[k] ?? null;
  return out;
}

/** Pages records held in memory (JSON files): filters, start, rows, exact total. */
export function queryRecords(records: Record<string, unknown>[], alleKolommen: string[], vraag: QueryVraag): QueryAntwoord {
  const v = resolveKolommen(vraag, alleKolommen);
  const kolommen = v.kolommen ?? alleKolommen;
  const match = matcher(v.filters);
  const hits = v.filters.length ? records.filter(match) : records;
  return {
    kolommen,
    rijen: hits.slice(v.start, v.start + v.rows).map((r) => project(r, kolommen)),
    totaal: hits.length,
    meer: hits.length > v.start + v.rows,
    filters: v.filters,
  };
}
