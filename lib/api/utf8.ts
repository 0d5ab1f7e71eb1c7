// Strict UTF-8 for request bodies: a body that is (or, like XML without a declaration, defaults to) UTF-8
// and holds a byte sequence UTF-8 does not allow is refused with the place of the first bad byte, instead
// of being "repaired" with U+FFFD and read as if nothing happened.
import { Problem } from './problems';

/**
 * Byte offset of the first byte of the first ill-formed UTF-8 sequence, or -1 when all are well formed.
 * The well-formed sequences of the Unicode Standard (table 3-7): no overlong forms (C0, C1, E0 80–9F,
 * F0 80–8F), no surrogates (ED A0–BF), nothing above U+10FFFF (F4 90–, F5–FF), no truncated sequence.
 */
export function firstInvalidUtf8(b: Uint8Array): number {
  for (let i = 0; i < b.length; ) {
    const c = b[i];
    if (c < 0x80) {
      i++;
      continue;
    }
    let more: number;
    let lo = 0x80;
    let hi = 0xbf;
    if (c >= 0xc2 && c <= 0xdf) more = 1;
    else if (c >= 0xe0 && c <= 0xef) {
      more = 2;
      if (c === 0xe0) lo = 0xa0;
      else if (c === 0xed) hi = 0x9f;
    } else if (c >= 0xf0 && c <= 0xf4) {
      more = 3;
      if (c === 0xf0) lo = 0x90;
      else if (c === 0xf4) hi = 0x8f;
    } else return i;
    if (i + more >= b.length) return i;
    if (b[i + 1] < lo || b[i + 1] > hi) return i;
    for (let k = 2; k <= more; k++) if ((b[i + k] & 0xc0) !== 0x80) return i;
    i += more + 1;
  }
  return -1;
}

/** 1-based line and column (in characters, a BOM not counted) of byte `offset`; the bytes before it are valid UTF-8. */
export function utf8Position(b: Uint8Array, offset: number): { line: number; column: number } {
  const before = new TextDecoder('utf-8').decode(b.subarray(0, offset));
  let line = 1;
  for (let i = before.indexOf('\n'); i !== -1; i = before.indexOf('\n', i + 1)) line++;
  const column = [...before.slice(before.lastIndexOf('\n') + 1)].length + 1; // code points, not UTF-16 units
  return { line, column };
}

/**
 * The bytes as UTF-8 text (a BOM dropped); a 400 bad_request problem "Ongeldige UTF-8 op regel L, kolom K."
 * (with regel and kolom as fields) at the first ill-formed byte; `hint` is appended to the detail.
 */
export function decodeUtf8Strict(b: Uint8Array, hint = ''): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(b);
  } catch {
    const { line, column } = utf8Position(b, Math.max(0, firstInvalidUtf8(b)));
    throw new Problem('bad_request', {
      detail: `Ongeldige UTF-8 op regel ${line}, kolom ${column}.${hint ? ` ${hint}` : ''}`,
      extra: { regel: line, kolom: column },
    });
  }
}
