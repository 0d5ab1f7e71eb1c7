// THE one place mapping AFM register export header names (CSV columns, or XML element names) to our field
// names. Headers are compared after normalizeHeader() (case, accents, spaces, underscores, dashes, dots
// ignored), so 'Statutaire naam', 'StatutaireNaam' and 'statutaire_naam' are one spelling.
//
// Known for certain [D]: "Statutaire naam";"Handelsnaam";"Plaats";"Land" (sources-registers.md §2). The
// AFM shows licences, products, services, passports and policy determiners on its detail pages; how the
// full export carries them is NOT known. We assume the layout the DNB download uses: one row per
// institution × licence × product, the institution's columns repeated on each row, several values in one
// cell separated by ' | ' (EXPORT_LAYOUT below). Every name after the first four is such an assumption:
// adjusting the importer to the live AFM export is a change to this file only. Unknown columns are kept
// in `extra`, never an error.
import { normalizeHeader } from '../common/header-map';

export type AfmField =
  | 'statutaire_naam'
  | 'handelsnaam'
  | 'plaats'
  | 'land'
  | 'kvk_nummer'
  | 'afm_id'
  | 'adres'
  | 'postcode'
  | 'europees_paspoort'
  | 'lidstaat_herkomst'
  | 'klachteninstituut'
  | 'beleidsbepalers'
  | 'vergunningnummer'
  | 'vergunning_ingangsdatum'
  | 'vergunning_einddatum'
  | 'product'
  | 'diensten';

export const AFM_COLUMNS: Record<AfmField, readonly string[]> = {
  statutaire_naam: ['Statutaire naam', 'Statutairenaam', 'Naam', 'Naam onderneming', 'Organisatienaam'],
  handelsnaam: ['Handelsnaam', 'Handelsnamen', 'Handelsna(a)m(en)'],
  plaats: ['Plaats', 'Vestigingsplaats', 'Statutaire plaats', 'Woonplaats'],
  land: ['Land', 'Vestigingsland', 'Country'],
  kvk_nummer: ['KvK-nummer', 'KvK nummer', 'KvK', 'Kamer van Koophandel nummer', 'Handelsregisternummer'],
  afm_id: ['Id', 'AFM-id', 'Relatienummer', 'AFM-nummer', 'Registratienummer'],
  adres: ['Adres', 'Vestigingsadres', 'Bezoekadres', 'Straat en huisnummer'],
  postcode: ['Postcode', 'Vestigingspostcode'],
  europees_paspoort: ['Europees paspoort', 'Inkomend paspoort', 'Paspoort'],
  lidstaat_herkomst: ['Lidstaat van herkomst', 'Land van herkomst', 'Thuislidstaat'],
  klachteninstituut: ['Klachteninstituut', 'Aangesloten klachteninstituut', 'Kifid'],
  beleidsbepalers: ['Beleidsbepalers', 'Dagelijks beleidsbepalers', 'Beleidsbepaler'],
  vergunningnummer: ['Vergunningnummer', 'Vergunningsnummer', 'Registratienummer vergunning'],
  vergunning_ingangsdatum: ['Ingangsdatum vergunning', 'Datum vergunning', 'Vergunning ingangsdatum', 'Ingangsdatum'],
  vergunning_einddatum: ['Einddatum vergunning', 'Vergunning einddatum', 'Datum intrekking', 'Einddatum'],
  product: ['Financieel product', 'Product', 'Productcategorie'],
  diensten: ['Financiële dienst', 'Financiële diensten', 'Dienst', 'Diensten'],
};

/** Without these the export is unusable; the parser stops with an error naming the columns it found. */
export const AFM_REQUIRED: readonly AfmField[] = ['statutaire_naam'];

/** Expected in the documented header; when absent the parser reports it once (not an error). */
export const AFM_EXPECTED: readonly AfmField[] = ['statutaire_naam', 'handelsnaam', 'plaats', 'land'];

/** The assumed layout of the values (see the header comment); also what scripts/generate-registers writes. */
export const EXPORT_LAYOUT = {
  /** Several values in one cell (trade names, services, policy determiners). */
  separator: ' | ',
  /** Values of the europees_paspoort column meaning "yes". */
  ja: ['ja', 'j', 'yes', 'y', 'true', '1'],
  /** The column order the generator writes (first spelling of each field). */
  header: [
    'afm_id', 'statutaire_naam', 'handelsnaam', 'kvk_nummer', 'adres', 'postcode', 'plaats', 'land', 'europees_paspoort',
    'lidstaat_herkomst', 'klachteninstituut', 'beleidsbepalers', 'vergunningnummer', 'vergunning_ingangsdatum',
    'vergunning_einddatum', 'product', 'diensten',
  ] as const satisfies readonly AfmField[],
} as const;

const LOOKUP = new Map<string, AfmField>();
for (const [field, names] of Object.entries(AFM_COLUMNS) as [AfmField, readonly string[]][]) {
  for (const n of names) LOOKUP.set(normalizeHeader(n), field);
}

export function afmFieldFor(header: string): AfmField | undefined {
  return LOOKUP.get(normalizeHeader(header));
}
