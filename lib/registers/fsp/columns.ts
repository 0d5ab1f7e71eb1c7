// THE one place mapping AFM register export header names (CSV columns, or XML element names) to our field
// names. Headers are compared after normalizeHeader() (case, accents, spaces, underscores, dashes, dots
// ignored), so 'Statutaire naam', 'StatutaireNaam' and 'statutaire_naam' are one spelling.
// Known for certain [D]: "Statutaire naam";"Handelsnaam";"Plaats";"Land" (sources-registers.md §2).
// Everything else below is a plausible alternative, NOT seen in a live file: adjusting the importer to the
// live AFM export is a change to this file only. Unknown columns are kept in `extra`, never an error.
import { normalizeHeader } from '../common/header-map';

export type AfmField =
  | 'statutaire_naam'
  | 'handelsnaam'
  | 'plaats'
  | 'land'
  | 'kvk_nummer'
  | 'afm_id'
  | 'vergunningnummer';

export const AFM_COLUMNS: Record<AfmField, readonly string[]> = {
  statutaire_naam: ['Statutaire naam', 'Statutairenaam', 'Naam', 'Naam onderneming', 'Organisatienaam'],
  handelsnaam: ['Handelsnaam', 'Handelsnamen', 'Handelsna(a)m(en)'],
  plaats: ['Plaats', 'Vestigingsplaats', 'Statutaire plaats', 'Woonplaats'],
  land: ['Land', 'Vestigingsland', 'Land van herkomst', 'Country'],
  kvk_nummer: ['KvK-nummer', 'KvK nummer', 'KvK', 'Kamer van Koophandel nummer', 'Handelsregisternummer'],
  afm_id: ['Id', 'Relatienummer', 'AFM-nummer', 'Registratienummer'],
  vergunningnummer: ['Vergunningnummer', 'Vergunningsnummer', 'Registratienummer vergunning'],
};

/** Without these the export is unusable; the parser stops with an error naming the columns it found. */
export const AFM_REQUIRED: readonly AfmField[] = ['statutaire_naam'];

/** Expected in the documented header; when absent the parser reports it once (not an error). */
export const AFM_EXPECTED: readonly AfmField[] = ['statutaire_naam', 'handelsnaam', 'plaats', 'land'];

const LOOKUP = new Map<string, AfmField>();
for (const [field, names] of Object.entries(AFM_COLUMNS) as [AfmField, readonly string[]][]) {
  for (const n of names) LOOKUP.set(normalizeHeader(n), field);
}

export function afmFieldFor(header: string): AfmField | undefined {
  return LOOKUP.get(normalizeHeader(header));
}
