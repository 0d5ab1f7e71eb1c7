// THE one place mapping DNB public-register CSV header names to our field names. Headers are compared
// after normalizeHeader() (case, accents, spaces, underscores, dashes ignored), so 'StatutaireNaam',
// 'Statutaire naam' and 'statutaire_naam' all match. Adjusting to the live file = editing this file.
// Column names from one third party (sources-registers.md §3, unverified against a live download).
import { normalizeHeader } from '../common/header-map';

export type DnbField =
  | 'deelregister'
  | 'relatienummer'
  | 'statutaire_naam'
  | 'statutaire_plaats'
  | 'plaats_vestiging'
  | 'kvk_nummer'
  | 'rsin'
  | 'lei'
  | 'handelsnaam'
  | 'registratietype'
  | 'wetsartikel'
  | 'begindatum'
  | 'einddatum'
  | 'activiteit'
  | 'begindatum_activiteit'
  | 'einddatum_activiteit'
  | 'land';

export const DNB_COLUMNS: Record<DnbField, readonly string[]> = {
  deelregister: ['Deelregister', 'Register', 'RegisterCode'],
  relatienummer: ['Relatienummer', 'RelationNumber', 'Relatie nummer'],
  statutaire_naam: ['StatutaireNaam', 'Statutaire naam', 'StatutoryName', 'Naam'],
  statutaire_plaats: ['StatutairePlaats', 'Statutaire zetel', 'StatutoryPlace'],
  plaats_vestiging: ['PlaatsVestiging', 'Vestigingsplaats', 'Plaats'],
  kvk_nummer: ['KvK', 'KvKNummer', 'KvK-nummer', 'ChamberOfCommerce', 'Handelsregisternummer'],
  rsin: ['RSIN', 'RsinCode'],
  lei: ['LEI', 'LEICode', 'LEI-code'],
  handelsnaam: ['Handelsnaam', 'Handelsnamen', 'TradeName'],
  registratietype: ['RegistratieType', 'Registratie type', 'RegistrationType', 'Soort registratie'],
  wetsartikel: ['Wetsartikel', 'ActArticleName', 'Artikel'],
  begindatum: ['Begindatum', 'Ingangsdatum', 'Datum ingang', 'ValidityPeriodStartDate'],
  einddatum: ['Einddatum', 'Datum einde', 'ValidityPeriodEndDate'],
  activiteit: ['ActiviteitBranche', 'Activiteit', 'Activiteiten'],
  begindatum_activiteit: ['BegindatumActiviteit', 'Begindatum activiteit'],
  einddatum_activiteit: ['EinddatumActiviteit', 'Einddatum activiteit'],
  land: ['Land', 'StatutairLand', 'StatutoryCountry', 'Country'],
};

/** Without these a row cannot be used; the parser fails clearly when a header lacks them. */
export const DNB_REQUIRED: readonly DnbField[] = ['relatienummer', 'statutaire_naam'];

const LOOKUP = new Map<string, DnbField>();
for (const [field, names] of Object.entries(DNB_COLUMNS) as [DnbField, readonly string[]][]) {
  for (const n of names) LOOKUP.set(normalizeHeader(n), field);
}

export function dnbFieldFor(header: string): DnbField | undefined {
  return LOOKUP.get(normalizeHeader(header));
}
