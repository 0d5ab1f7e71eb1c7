// The payload of GET /v1/pand/{postcode}/{huisnummer}/listing (documentation and type of `data`).
import { z } from 'zod';

export const listingStatus = z
  .enum(['gevonden', 'onder_bod', 'verkocht_of_verhuurd', 'niet_gevonden', 'geblokkeerd'])
  .describe(
    'gevonden (te koop, status Beschikbaar), onder_bod (Onder bod/Onder optie), verkocht_of_verhuurd (Verkocht, Verkocht onder voorbehoud, Verhuurd), ' +
      'niet_gevonden (geen advertentie voor dit adres, of de advertentie bestaat niet meer), geblokkeerd (de woningsite weigerde: captcha, HTTP 403 of 429)',
  );

export const listingSchema = z.object({
  status: listingStatus,
  status_tekst: z.string().nullable().describe('Status zoals de woningsite die toont: Beschikbaar, Onder bod, Verkocht (null als de pagina geen status toont)'),
  toelichting: z.string().nullable().describe('Uitleg bij niet_gevonden en geblokkeerd; null bij een gevonden advertentie'),
  bron_url: z.string().nullable().describe('Adres van de advertentiepagina die is gelezen (null als er geen advertentie is)'),
  adres: z
    .object({
      straat_en_nummer: z.string().nullable().describe('Straat, huisnummer en toevoeging zoals de advertentie ze schrijft'),
      postcode: z.string().nullable().describe('Postcode van de advertentie (1234AB)'),
      plaats: z.string().nullable(),
    })
    .nullable()
    .describe('Adres volgens de advertentie; null zonder advertentie'),
  vraagprijs: z.number().int().nullable().describe('Vraagprijs in euro (bij verkocht: de laatste vraagprijs); null bij "prijs op aanvraag"'),
  prijs_tekst: z.string().nullable().describe('De prijsregel zoals de site die toont, bijvoorbeeld "€ 325.000 kosten koper"'),
  vraagprijs_per_m2: z.number().int().nullable().describe('Afgeleid: vraagprijs gedeeld door woonoppervlakte, afgerond op hele euro'),
  woonoppervlakte_m2: z.number().int().nullable(),
  perceeloppervlakte_m2: z.number().int().nullable(),
  bouwjaar_vermeld: z.number().int().nullable().describe('Bouwjaar volgens de advertentie'),
  kamers: z.number().int().nullable(),
  slaapkamers: z.number().int().nullable(),
  woningtype: z.string().nullable().describe('Soort woning zoals de site die noemt, bijvoorbeeld "Eengezinswoning, tussenwoning"'),
  energieklasse: z.string().nullable().describe('Energieklasse volgens de advertentie (A++++ tot en met G)'),
  beschrijving: z.string().nullable(),
  foto_urls: z.array(z.string()).describe("Adressen van de foto's op de woningsite"),
  opgehaald_op: z.iso.datetime({ offset: true }).describe('ISO 8601-tijdstip waarop de woningsite is gelezen'),
  uit_cache: z.boolean().describe('true als dit antwoord uit de cache van deze dienst kwam (12 uur per adres)'),
});

export type Listing = z.infer<typeof listingSchema>;
