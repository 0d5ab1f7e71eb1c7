// Text → bytes for the exports and the escaping their formats need. The ANBI XML is ISO-8859-1 as
// published (no iconv: Latin-1 maps code points 0–255 one to one); the AFM full export is UTF-8 XML. A
// character Latin-1 cannot hold is a bug in the generator's vocabulary, so it throws rather than writing a '?'.

const PLAIN_LATIN1 = /^[\x00-\x7f\xa0-\xff]*$/;

/** ISO-8859-1 bytes; throws on a character outside Latin-1 (and on the C1 controls 0x80–0x9F). */
export function encodeLatin1(s: string): Buffer {
  if (!PLAIN_LATIN1.test(s)) {
    const bad = /[^\x00-\x7f\xa0-\xff]/.exec(s)!;
    throw new Error(`character ${JSON.stringify(bad[0])} cannot be written in ISO-8859-1`);
  }
  return Buffer.from(s, 'latin1');
}

/** Escapes text for an XML element (the five predefined entities where needed). */
export function xmlText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** One CSV field, always quoted ("" for a quote inside). */
export function csvQuoted(s: string): string {
  return `"${s.replace(/"/g, '""')}"`;
}

/** One CSV field, quoted only when it holds the delimiter, a quote or a line break (the DNB style). */
export function csvMinimal(s: string, delimiter = ';'): string {
  return s.includes(delimiter) || s.includes('"') || s.includes('\n') || s.includes('\r') ? csvQuoted(s) : s;
}

/** dd-mm-yyyy of an ISO date (yyyy-mm-dd…). */
export function dutchDate(iso: string | null): string {
  if (!iso) return '';
  return `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
}
