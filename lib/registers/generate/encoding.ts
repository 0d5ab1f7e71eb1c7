// Text → bytes for the exports and the escaping their formats need. The ANBI XML is ISO-8859-1 and the
// AFM CSV cp1252, as published; no iconv: Latin-1 maps code points 0–255 one to one, cp1252 differs only
// in 0x80–0x9F (€, curly quotes, …). A character neither can hold is a bug in the generator's
// vocabulary, so it throws rather than writing a '?'.

const CP1252_EXTRA: Record<number, number> = {
  0x20ac: 0x80, 0x201a: 0x82, 0x0192: 0x83, 0x201e: 0x84, 0x2026: 0x85, 0x2020: 0x86, 0x2021: 0x87, 0x02c6: 0x88,
  0x2030: 0x89, 0x0160: 0x8a, 0x2039: 0x8b, 0x0152: 0x8c, 0x017d: 0x8e, 0x2018: 0x91, 0x2019: 0x92, 0x201c: 0x93,
  0x201d: 0x94, 0x2022: 0x95, 0x2013: 0x96, 0x2014: 0x97, 0x02dc: 0x98, 0x2122: 0x99, 0x0161: 0x9a, 0x203a: 0x9b,
  0x0153: 0x9c, 0x017e: 0x9e, 0x0178: 0x9f,
};

const PLAIN_LATIN1 = /^[\x00-\x7f\xa0-\xff]*$/;

/** ISO-8859-1 bytes; throws on a character outside Latin-1 (and on the C1 controls 0x80–0x9F). */
export function encodeLatin1(s: string): Buffer {
  if (!PLAIN_LATIN1.test(s)) {
    const bad = /[^\x00-\x7f\xa0-\xff]/.exec(s)!;
    throw new Error(`character ${JSON.stringify(bad[0])} cannot be written in ISO-8859-1`);
  }
  return Buffer.from(s, 'latin1');
}

/** Windows-1252 bytes; throws on a character cp1252 cannot hold. */
export function encodeCp1252(s: string): Buffer {
  if (PLAIN_LATIN1.test(s)) return Buffer.from(s, 'latin1');
  const out = Buffer.allocUnsafe(s.length);
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80 || (c >= 0xa0 && c <= 0xff)) out[i] = c;
    else if (CP1252_EXTRA[c] !== undefined) out[i] = CP1252_EXTRA[c];
    else throw new Error(`character ${JSON.stringify(s[i])} cannot be written in cp1252`);
  }
  return out;
}

/** Escapes text for an XML element (the five predefined entities where needed). */
export function xmlText(s: string): string {
  return s.replace(/[&<>]/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : '&gt;'));
}

/** One CSV field, always quoted ("" for a quote inside), as the AFM export writes every field. */
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
