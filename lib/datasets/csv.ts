// Querying a CSV file while it streams in: the delimiter (';', ',' or tab) is sniffed from the header line,
// a UTF-8 BOM and other encodings are handled by the register importers' CSV reader, and reading stops as
// soon as the page is complete. Small files are read to the end to give an exact total (see TEL_GRENS).
import type { ParseInput } from '@/lib/registers/common/input';
import { readCsv } from '@/lib/registers/common/csv';
import { matcher, project, resolveKolommen, type QueryAntwoord, type QueryVraag } from './query';
import { DownloadError } from './download';

/** After a page is complete, the rest of the file is still read for an exact total while at most this many bytes were read. */
export const TEL_GRENS_BYTES = 2 * 1024 * 1024;

/** Header names made usable as keys: trimmed, empty ones named kolom_<n>, duplicates suffixed _2, _3, … */
export function kolomNamen(header: string[]): string[] {
  const seen = new Map<string, number>();
  return header.map((h, i) => {
    const base = h.trim() || `kolom_${i + 1}`;
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    return n === 1 ? base : `${base}_${n}`;
  });
}

/** The input with a record of whether its last character is a line end (for the check of a cut-off last row). */
function metEinde(input: ParseInput): { input: ParseInput; eindigtMetRegeleinde: () => boolean } {
  let laatste: number | null = null;
  const isEinde = () => laatste === 0x0a || laatste === 0x0d;
  // A file path or a Node stream is read as is (callers that need the check hand over an iterable of chunks).
  if (typeof input === 'string' || typeof (input as { pipe?: unknown }).pipe === 'function') return { input, eindigtMetRegeleinde: () => true };
  async function* volg(): AsyncGenerator<Uint8Array | string> {
    for await (const chunk of input as AsyncIterable<Uint8Array | string> | Iterable<Uint8Array | string>) {
      if (chunk.length > 0) laatste = typeof chunk === 'string' ? chunk.charCodeAt(chunk.length - 1) : chunk[chunk.length - 1];
      yield chunk;
    }
  }
  return { input: volg(), eindigtMetRegeleinde: isEinde };
}

/**
 * The requested page of a CSV stream. `gelezen` reports the bytes read so far (for the counting limit).
 * Values are text as in the file; an empty field is null. A file read to its end whose last row has fewer
 * fields than the header and no line end was cut off: a DownloadError 'onvolledig', never a page of data.
 */
export async function queryCsv(input: ParseInput, vraag: QueryVraag, gelezen: () => number, telGrens = TEL_GRENS_BYTES): Promise<QueryAntwoord> {
  const bron = metEinde(input);
  let laatsteVelden = 0;
  let kolommenBestand: string[] | null = null;
  let v = vraag;
  let match: (row: Record<string, unknown>) => boolean = () => true;
  let kolommen: string[] = [];
  const rijen: Record<string, unknown>[] = [];
  let treffers = 0;
  let meer = false;
  let totEinde = true;

  for await (const { fields } of readCsv(bron.input, { delimiter: 'auto' })) {
    if (!kolommenBestand) {
      kolommenBestand = kolomNamen(fields);
      v = resolveKolommen(vraag, kolommenBestand);
      match = matcher(v.filters);
      kolommen = v.kolommen ?? kolommenBestand;
      continue;
    }
    laatsteVelden = fields.length;
    const row: Record<string, unknown> = {};
    kolommenBestand.forEach((k, i) => {
      const f = fields[i];
      row[k] = f === undefined || f.trim() === '' ? null : f;
    });
    if (!match(row)) continue;
    treffers++;
    if (treffers <= v.start) continue;
    if (rijen.length < v.rows) {
      rijen.push(project(row, kolommen));
      continue;
    }
    meer = true;
    if (gelezen() > telGrens) {
      totEinde = false;
      break;
    }
  }
  if (!kolommenBestand) kolommen = v.kolommen ?? [];
  else if (totEinde && laatsteVelden > 0 && laatsteVelden < kolommenBestand.length && !bron.eindigtMetRegeleinde()) {
    throw new DownloadError('onvolledig', `gaf een onvolledig bestand: de laatste regel houdt midden in op (${laatsteVelden} van ${kolommenBestand.length} kolommen, geen regeleinde)`);
  }
  return { kolommen, rijen, totaal: totEinde ? treffers : null, meer, filters: v.filters };
}
