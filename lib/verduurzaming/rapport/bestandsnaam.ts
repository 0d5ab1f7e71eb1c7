// The file name of the PDF report, one rule for the API (Content-Disposition) and the uploader page:
//   verduurzamingsrapport-<postcode>-<huisnummer><huisletter>[-<toevoeging>].pdf
// A house letter is written directly after the number, as on the letterbox and in the PDF's title (42 A ->
// 3012BR-42A); any other addition follows after a dash (42-2, 42A-2, 42-BIS). The toevoeging is the API's
// ("A", "2", "A-2"; see lib/verduurzaming/toevoeging.ts): a first part of one letter is the house letter.
// Accents are dropped and anything else than A-Z and 0-9 becomes a dash, so the name is plain ASCII and
// needs no filename* in the Content-Disposition header.

/** Upper-case ASCII letters and digits, accents dropped; other characters split parts. */
function delen(tekst: string): string[] {
  return tekst
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .split(/[^A-Z0-9]+/)
    .filter(Boolean);
}

/** The address part of the name: 3012BR-42A, 3012BR-42-2, 3012BR-42A-2. */
export function adresInBestandsnaam(a: { postcode: string; huisnummer: number | string; toevoeging?: string | null }): string {
  const postcode = delen(a.postcode).join('');
  const nummer = delen(String(a.huisnummer)).join('');
  const rest = delen(a.toevoeging ?? '');
  const letter = rest.length > 0 && /^[A-Z]$/.test(rest[0]) ? (rest.shift() as string) : '';
  return [postcode, `${nummer}${letter}`, ...rest].filter(Boolean).join('-');
}

/** verduurzamingsrapport-3012BR-42A.pdf */
export function rapportBestandsnaam(a: { postcode: string; huisnummer: number | string; toevoeging?: string | null }): string {
  return `verduurzamingsrapport-${adresInBestandsnaam(a)}.pdf`;
}
