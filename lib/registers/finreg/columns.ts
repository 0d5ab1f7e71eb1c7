// THE one place mapping DNB public-register CSV header names to our field names. Headers are compared
// after normalizeHeader() (case, accents, spaces, underscores, dashes ignored), so 'StatutaireNaam',
// 'Statutaire naam' and 'statutaire_naam' all match; their order in the file does not matter, columns
// not listed here are kept in `extra` and otherwise ignored.
// The layout is DNB's CSV download per sub-register (https://www.dnb.nl/nl-NL/registerdownload/csv/<CODE>):
// 34 semicolon-separated columns in this order, dates dd-mm-yyyy, Inliquidatie "Nee"/"Ja", and the
// Deelregister cell holding the register's NAME ("Banken"), not its code (sources-registers.md §3,
// update 2026-11-27). The first spelling of each field is DNB's header; the generator writes exactly
// these, in this order.
import { normalizeHeader } from '../common/header-map';

export const DNB_COLUMNS = {
  deelregister: ['Deelregister'],
  relatienummer: ['Relatienummer'],
  statutaire_naam: ['StatutaireNaam'],
  statutaire_land: ['StatutaireLand'],
  statutaire_plaats: ['StatutairePlaats'],
  in_liquidatie: ['Inliquidatie', 'InLiquidatie'],
  datum_in_liquidatie: ['DatumInLiquidatie'],
  handelsnaam: ['Handelsnaam'],
  adres_vestiging: ['AdresVestiging'],
  postcode_vestiging: ['PostcodeVestiging'],
  plaats_vestiging: ['PlaatsVestiging'],
  land_vestiging: ['LandVestiging'],
  landcode_vestiging: ['LandCodeVestiging'],
  postadres: ['Postadres'],
  plaats_postadres: ['PlaatsPostadres'],
  land_postadres: ['LandPostadres'],
  landcode_postadres: ['LandCodePostadres'],
  kvk_nummer: ['KvK', 'KvKNummer'],
  rsin: ['RSIN'],
  lei: ['LEI'],
  registratietype: ['RegistratieType'],
  wetsartikel: ['Wetsartikel'],
  begindatum: ['Begindatum'],
  einddatum: ['Einddatum'],
  activiteit: ['ActiviteitBranche'],
  begindatum_activiteit: ['BegindatumActiviteit'],
  einddatum_activiteit: ['EinddatumActiviteit'],
  onherroepelijkheidsdatum: ['Onherroepelijkheidsdatum'],
  gerelateerd_relatienummer: ['GerelateerdRelatienummer'],
  gerelateerd_statutaire_naam: ['GerelateerdStatutaireNaam'],
  registratie_land: ['Land'],
  registratie_landcode: ['LandCode'],
  apf_relatienummer: ['APFRelatienummer'],
  apf_statutaire_naam: ['APFStatutaireNaam'],
} as const satisfies Record<string, readonly string[]>;

export type DnbField = keyof typeof DNB_COLUMNS;

/** DNB's 34 header names in the download's order (what the generator writes). */
export const DNB_HEADERS: readonly string[] = (Object.keys(DNB_COLUMNS) as DnbField[]).map((f) => DNB_COLUMNS[f][0]);

/** Without these a row cannot be used; the parser fails clearly when a header lacks them. */
export const DNB_REQUIRED: readonly DnbField[] = ['relatienummer', 'statutaire_naam'];

const LOOKUP = new Map<string, DnbField>();
for (const [field, names] of Object.entries(DNB_COLUMNS) as [DnbField, readonly string[]][]) {
  for (const n of names) LOOKUP.set(normalizeHeader(n), field);
}

export function dnbFieldFor(header: string): DnbField | undefined {
  return LOOKUP.get(normalizeHeader(header));
}
