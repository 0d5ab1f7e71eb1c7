// The shared shapes of the sustainability layer: the zero-measurement read from an energy XML file
// (nulmeting) and the validated property object (pand). The parser, the property service, the report
// and the PDF all use these schemas; field names are Dutch as the API surface is.
import { z } from 'zod';

/** Energy label classes, best first (EP-Online writes A++++ … G). */
export const LABEL_CLASSES = ['A++++', 'A+++', 'A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export const labelKlasse = z.enum(LABEL_CLASSES);
export type LabelKlasse = z.infer<typeof labelKlasse>;

export const maatregelSchema = z.object({
  omschrijving: z.string().describe('Naam of omschrijving van de maatregel of stap zoals in het bestand'),
  doel_label: labelKlasse.nullable().describe('Doellabel na de maatregel, uit het bestand'),
  doel_index: z.number().nullable().describe('Doelwaarde van de energie-index/EP2 na de maatregel, uit het bestand'),
  investering: z.number().nullable().describe('Investering in euro, uit het bestand (null als het bestand er geen noemt)'),
});
export type Maatregel = z.infer<typeof maatregelSchema>;

export const nulmetingSchema = z.object({
  format: z
    .string()
    .describe('Herkend formaat, bijvoorbeeld ep-online-monitoringsbestand-v4.4 of ep-online-maatwerkadvies-v2.0'),
  energieklasse: labelKlasse.nullable().describe('Huidige energieklasse'),
  energie_index_of_ep2: z
    .object({
      soort: z.enum(['EP2', 'EI', 'EPC']).describe('Welke indicator: EP2 (NTA 8800, kWh/m2·jr), EI (energie-index) of EPC'),
      waarde: z.number(),
    })
    .nullable(),
  adres: z.object({
    postcode: z.string().nullable(),
    huisnummer: z.number().int().nullable(),
    huisletter: z.string().nullable(),
    toevoeging: z.string().nullable(),
    bag_verblijfsobject_id: z.string().nullable(),
  }).meta({ id: 'NulmetingAdres' }),
  maatregelen: z.array(maatregelSchema).nullable().describe('null als het formaat geen maatregelen kent'),
  opnamedatum: z.iso.date().nullable().describe('ISO-datum van de opname of het advies'),
  stappenplan_inhoud: z
    .array(z.string())
    .optional()
    .describe(
      'Alleen maatwerkadvies v2.0 met samenvatting: wat het hele stappenplan (stap 1 t/m 3) verandert, in woorden, afgeleid uit Summary (huidige situatie tegenover advies); de stappen zelf hebben in het bestand geen omschrijving',
    ),
  labelsprong: z
    .object({
      van_klasse: labelKlasse,
      naar_klasse: labelKlasse,
      stappen: z.number().int().describe('Aantal labelklassen verbetering (naar beter is positief)'),
    })
    .meta({ id: 'Labelsprong' })
    .nullable()
    .describe('Afgeleid uitsluitend uit de doelwaarden in het bestand: huidige klasse naar het beste doellabel; niet herberekend'),
  herkend: z.array(z.string()).describe('Velden die in het bestand zijn gevonden'),
  niet_herkend: z.array(z.string()).describe('Velden die gezocht zijn maar niet gevonden'),
}).meta({ id: 'Nulmeting' });
export type Nulmeting = z.infer<typeof nulmetingSchema>;

/** Status of one field of the property object. */
export const veldStatus = z
  .enum(['ok', 'onbekend', 'onbeschikbaar'])
  .describe('ok; onbekend = de bron kent het niet (waarde null); onbeschikbaar = de bron faalde (waarde null)');
export type VeldStatus = z.infer<typeof veldStatus>;


/** The fields of the property object, each a plain typed value (null = unknown at the source or failed). */
export const pandVelden = {
  adres: z.object({
    straat: z.string(),
    huisnummer: z.number().int(),
    huisletter: z.string().nullable(),
    toevoeging: z.string().nullable(),
    postcode: z.string(),
    woonplaats: z.string(),
    nummeraanduiding_id: z.string().nullable(),
    verblijfsobject_id: z.string().nullable(),
    coordinaten: z.object({
      wgs84: z.object({ lon: z.number(), lat: z.number() }).nullable(),
      rd: z.object({ x: z.number(), y: z.number() }).nullable(),
    }),
  }),
  bouwjaar: z.number().int(),
  gebruiksoppervlakte_m2: z.number(),
  gebruiksdoelen: z.array(z.string()),
  pandstatus: z.string(),
  woz_waarde: z.object({ waarde: z.number(), peildatum: z.iso.date() }),
  energielabel: z.object({
    klasse: labelKlasse,
    registratiedatum: z.iso.date().nullable(),
    // format also on the nullable itself: the API Design Rules want it on a *_datum property, not inside anyOf
    geldig_tot_datum: z.iso.date().nullable().meta({ format: 'date', description: 'Laatste geldigheidsdag van het energielabel (JJJJ-MM-DD)' }),
    berekeningstype: z.string().nullable(),
    gebouwtype: z.string().nullable(),
  }),
  kadastraal_perceel: z.object({
    identificatie: z.string(),
    kadastrale_gemeente: z.string().nullable(),
    sectie: z.string().nullable(),
    perceelnummer: z.number().int().nullable(),
    grootte_m2: z.number().nullable(),
  }),
  buurt: z.object({
    code: z.string(),
    naam: z.string().nullable(),
    inwoners: z.number().nullable(),
    gemiddelde_woz_waarde: z.number().nullable().describe('Gemiddelde WOZ-waarde van woningen in euro'),
    peiljaar: z.number().int().nullable(),
  }),
};
export type PandVeld = keyof typeof pandVelden;
export const PAND_VELDEN = Object.keys(pandVelden) as PandVeld[];

type NullableVelden = { [K in PandVeld]: z.ZodNullable<(typeof pandVelden)[K]> };
const nullableVelden = Object.fromEntries(
  PAND_VELDEN.map((k) => [k, pandVelden[k].nullable()]),
) as unknown as NullableVelden;

/** Where one field of the property object comes from: its source and status. */
export const veldHerkomstSchema = z
  .object({
    veld: z.enum(PAND_VELDEN as [PandVeld, ...PandVeld[]]).describe('Naam van het veld van het pand'),
    bron: z.string().describe('Id van de bron (zie bronnen)'),
    status: veldStatus,
  })
  .meta({ id: 'PandVeldHerkomst' });
export type VeldHerkomst = z.infer<typeof veldHerkomstSchema>;

export const pandSchema = z.object({
  ...nullableVelden,
  herkomst_per_veld: z
    .array(veldHerkomstSchema)
    .describe('Bron en status van elk veld van het pand, één per veld in de volgorde van de velden (null in een veld = onbekend bij de bron of bron onbeschikbaar)'),
}).meta({ id: 'Pandgegevens' });
export type Pand = z.infer<typeof pandSchema>;
