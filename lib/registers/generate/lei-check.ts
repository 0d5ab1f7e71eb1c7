// ISO 17442 LEI check digits: the 18-character base, letters as numbers (A=10 … Z=35), followed by the
// two check digits, read as one integer, is 1 modulo 97 (ISO 7064 MOD 97-10, as in IBANs).

/** The integer of a LEI-style string modulo 97, letters expanded to two digits. */
function mod97(s: string): number {
  let r = 0;
  for (const ch of s.toUpperCase()) {
    const c = ch.charCodeAt(0);
    const v = c >= 65 && c <= 90 ? c - 55 : c - 48;
    r = v >= 10 ? (r * 100 + v) % 97 : (r * 10 + v) % 97;
  }
  return r;
}

/** The two check digits for an 18-character base. */
export function leiCheckDigits(base18: string): string {
  if (!/^[A-Z0-9]{18}$/.test(base18)) throw new Error(`LEI base must be 18 alphanumerics: ${base18}`);
  return String(98 - mod97(base18 + '00')).padStart(2, '0');
}

/** A complete LEI from an 18-character base. */
export function makeLei(base18: string): string {
  return base18 + leiCheckDigits(base18);
}

/** True when the string is 20 alphanumerics with valid check digits. */
export function isValidLei(lei: string): boolean {
  return /^[A-Z0-9]{18}[0-9]{2}$/.test(lei) && mod97(lei) === 1;
}
