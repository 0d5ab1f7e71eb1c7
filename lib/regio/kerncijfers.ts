// The standardised core figures of one region in one KWB edition: every measure under its stable name with
// title, unit (amounts in euros), kind and value (null = not available or shielded by CBS). Pure functions.
import { z } from 'zod';
import { maatWaarde, cbsTekst, type CbsMaat, type MaatSoort } from '@/lib/sources/cbs-maten';
import type { TypedRow } from '@/lib/sources/cbs-statline';
import { niveauVan, type RegioNiveau } from './codes';

export const kenmerkSchema = z.object({
  naam: z.string().describe('Stabiele naam van het kenmerk (snake_case), gelijk in elke jaargang'),
  titel: z.string().describe('Titel zoals het CBS hem schrijft'),
  eenheid: z.string().nullable().describe('Eenheid; bedragen zijn omgerekend naar euro'),
  soort: z.enum(['absoluut', 'relatief']).describe('absoluut: telling of totaal (groeit met de omvang van het gebied); relatief: vergelijkbaar tussen gebieden'),
  groep: z.string().nullable().describe('Onderwerpgroep van het CBS, bijvoorbeeld Bevolking of Wonen en vastgoed'),
  waarde: z.number().nullable().describe('null: niet beschikbaar of afgeschermd door het CBS'),
}).meta({ id: 'Kenmerk' });
export type Kenmerk = z.infer<typeof kenmerkSchema>;

export const kerncijfersSchema = z.object({
  code: z.string(),
  naam: z.string().nullable(),
  niveau: z.enum(['gemeente', 'wijk', 'buurt', 'land']),
  gemeente_naam: z.string().nullable(),
  jaar: z.number().int().describe('Jaar van de tabel (jaargang van Kerncijfers wijken en buurten)'),
  tabel: z.string().describe('CBS-tabel, bijvoorbeeld 85984NED'),
  kenmerken: z.array(kenmerkSchema),
  beschrijvend: z.record(z.string(), z.string().nullable()).describe('Beschrijvende velden: soort regio, meest voorkomende postcode, stedelijkheid'),
}).meta({ id: 'Kerncijfers' });
export type Kerncijfers = z.infer<typeof kerncijfersSchema>;

export interface EditieMeta {
  tabel: string;
  jaar: number;
  maten: CbsMaat[];
}

/** The core figures of a region from its row; descriptive measures go to `beschrijvend`. */
export function naarKerncijfers(row: TypedRow, editie: EditieMeta, code: string, naam: string | null): Kerncijfers {
  const kenmerken: Kenmerk[] = [];
  const beschrijvend: Record<string, string | null> = {};
  let gemeentenaam: string | null = null;
  for (const m of editie.maten) {
    if (m.soort === 'beschrijvend') {
      const tekst = cbsTekst(row[m.key]);
      if (m.naam === 'gemeentenaam') gemeentenaam = tekst;
      else beschrijvend[m.naam] = tekst;
      continue;
    }
    kenmerken.push({ naam: m.naam, titel: m.titel, eenheid: m.eenheid, soort: m.soort as Exclude<MaatSoort, 'beschrijvend'>, groep: m.groep[0] ?? null, waarde: maatWaarde(row, m) });
  }
  const niveau: RegioNiveau = niveauVan(code);
  return {
    code,
    naam: naam ?? (niveau === 'gemeente' ? gemeentenaam : niveau === 'land' ? 'Nederland' : null),
    niveau,
    gemeente_naam: niveau === 'land' ? null : gemeentenaam,
    jaar: editie.jaar,
    tabel: editie.tabel,
    kenmerken,
    beschrijvend,
  };
}

/** A figure by name; null when the edition lacks it. */
export function kenmerk(k: Kerncijfers, naam: string): Kenmerk | null {
  return k.kenmerken.find((m) => m.naam === naam) ?? null;
}

/** The value of a figure by name; null when missing or not available. */
export function waardeVan(k: Kerncijfers, naam: string): number | null {
  return kenmerk(k, naam)?.waarde ?? null;
}

/** Short names accepted for common characteristics (the spec's default kenmerk is "inwoners"). */
export const KENMERK_ALIASSEN: Readonly<Record<string, string>> = {
  inwoners: 'aantal_inwoners',
  woz: 'gemiddelde_woz_waarde_van_woningen',
  huishoudens: 'huishoudens_totaal',
  woningen: 'woningvoorraad',
  dichtheid: 'bevolkingsdichtheid',
  inkomen: 'gemiddeld_inkomen_per_inwoner',
};

/** The stable name for a requested characteristic (alias or stable name). */
export function kenmerkNaam(gevraagd: string): string {
  const n = gevraagd.trim().toLowerCase();
  return KENMERK_ALIASSEN[n] ?? n;
}

/** The headline characteristics of the region profile's trend. */
export const PROFIEL_TREND = [
  'aantal_inwoners',
  'huishoudens_totaal',
  'gemiddelde_huishoudensgrootte',
  'woningvoorraad',
  'gemiddelde_woz_waarde_van_woningen',
  'koopwoningen',
  'gemiddeld_inkomen_per_inwoner',
] as const;
