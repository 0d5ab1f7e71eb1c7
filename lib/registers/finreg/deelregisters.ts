// THE list of the sub-registers (deelregisters) of the DNB public register that the importer downloads,
// the generator writes and the API accepts (?deelregister=). Codes and names are VERIFIED: they are the 15
// registers of type TheNetherlands in DNB's own register list (GET /api/publicregister/Registers, saved
// 2025-10-21; copy in test/fixtures/registers/dnb/api-records/registers.jsonl, see its README), names
// exactly as that list gives them (`register_name`). The names matter: the CSV download's Deelregister
// cell holds the NAME ("Banken"), not the code.
// Out of scope: the 5 Caribbean-Netherlands registers of type DutchCaribbean in the same list (WFMBESKI,
// WFMBESVE, WFMBESPNF, WFMBESTK, WFMBESGTK); they are deliberately not imported.
import { normalizeHeader } from '../common/header-map';

export interface Deelregister {
  code: string;
  /** the register's name exactly as DNB's register list gives it */
  omschrijving: string;
  /** where code and name come from: DNB's register list (API), verified */
  herkomst: 'dnb-registerlijst';
}

const r = (code: string, omschrijving: string): Deelregister => ({ code, omschrijving, herkomst: 'dnb-registerlijst' });

export const DEELREGISTERS: readonly Deelregister[] = [
  r('WFTAF', 'Afwikkelondernemingen'),
  r('PWACB', 'Actuariële organisaties'),
  r('WFTKF', 'Banken'),
  r('WFTBI', 'Betaalinstellingen'),
  r('WFTCI', 'Clearinginstellingen'),
  r('WFTDG', 'Depositogarantiestelsel'),
  r('WFTEG', 'Elektronischgeldinstellingen'),
  r('WFTGO', 'Gedekte obligaties'),
  r('WFTHV', 'Herverzekeraars'),
  r('PWPNF', 'Pensioenfondsen'),
  r('WFTPP', 'Premiepensioen instellingen'),
  r('WTTTK', 'Trustkantoren'),
  r('WFTVE', 'Verzekeraars'),
  r('WFTWI', 'Wisselinstellingen'),
  r('WFTRI', 'Rekeninginformatiedienstverleners'),
];

export const DEELREGISTER_CODES: readonly string[] = DEELREGISTERS.map((d) => d.code);

const BY_KEY = new Map<string, string>();
for (const d of DEELREGISTERS) {
  BY_KEY.set(normalizeHeader(d.omschrijving), d.code);
  BY_KEY.set(normalizeHeader(d.code), d.code);
}

/**
 * The code of a sub-register from the Deelregister cell of the CSV download, which holds its NAME
 * ("Banken" → WFTKF); a code ("WFTKF") is accepted too. Case, accents and spacing are ignored.
 * null when the value names none of the 15.
 */
export function deelregisterCode(value: string | null | undefined): string | null {
  if (!value) return null;
  return BY_KEY.get(normalizeHeader(value)) ?? null;
}

/** The name of a sub-register by its code (the value the CSV's Deelregister cell holds). */
export function deelregisterNaam(code: string): string | null {
  return DEELREGISTERS.find((d) => d.code === code)?.omschrijving ?? null;
}

/** Where DNB publishes the CSV download of one sub-register [D, unverified]. */
export const dnbCsvUrl = (code: string, base = 'https://www.dnb.nl/nl-NL/registerdownload/csv') => `${base.replace(/\/+$/, '')}/${code}`;
