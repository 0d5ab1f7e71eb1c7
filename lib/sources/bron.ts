// The shape of one entry of an envelope's `bronnen` list: where data came from, under which licence,
// how long the call took and whether it succeeded.
import { z } from 'zod';

export const bronStatus = z.enum(['ok', 'onbeschikbaar']);

export const bronEntrySchema = z.object({
  bron: z.string().describe('Korte naam van de bron, bijvoorbeeld pdok-locatieserver'),
  titel: z.string().describe('Leesbare naam van de bron'),
  url: z.string().nullable().describe('Basisadres dat is bevraagd; null voor eigen gegevens'),
  licentie: z.string(),
  attributie: z.string(),
  status: bronStatus,
  duur_ms: z.number().int().nonnegative().nullable(),
  opgehaald_op: z.iso.datetime({ offset: true }).nullable().describe('ISO 8601-tijdstip waarop de bron is bevraagd (of uit de cache kwam)'),
  cache: z.boolean().describe('true als het antwoord uit de cache van deze dienst kwam'),
  foutsoort: z
    .string()
    .nullable()
    .describe('Bij status onbeschikbaar: timeout, http_<status>, netwerk, onleesbaar, onvolledig (antwoord afgebroken voor het einde) geen_sleutel (bron vraagt een API-sleutel die niet is ingesteld) of geen_coordinaat (niet gevraagd: het adres heeft geen coördinaat)'),
  opname: z
    .object({ bestand: z.string(), soort: z.enum(['opgenomen', 'opgebouwd']), toelichting: z.string() })
    .nullable()
    .describe('Gezet als het antwoord van de replay-server kwam (demo of test), niet van de echte bron'),
  verouderd: z
    .boolean()
    .optional()
    .describe(
      'true als het antwoord uit de cache kwam terwijl de bewaartermijn al verstreken was: de bron wordt op dat moment ververst of gaf bij verversen geen antwoord; opgehaald_op zegt hoe oud het is. Ontbreekt bij een vers antwoord',
    ),
  peildatum: z.iso.date().nullable().optional().describe('Collectiebronnen: peildatum (JJJJ-MM-DD) van de geïmporteerde export'),
  bron_url: z.string().nullable().optional().describe('Collectiebronnen: adres van de officiële export'),
  voorbeelddata: z
    .boolean()
    .optional()
    .describe('Collectiebronnen: true als de gegevens gegenereerde voorbeelddata zijn (geen officiële export), bijvoorbeeld na de eerste start'),
}).meta({ id: 'Bron' });

export type BronEntry = z.infer<typeof bronEntrySchema>;

/** The bronnen entry for data this service produces itself (documents, declarations). */
export function ownServiceBron(titel: string): BronEntry {
  return {
    bron: 'eigen-dienst',
    titel,
    url: null,
    licentie: 'CC0 1.0',
    attributie: 'Nederlandse publieke data, één standaard',
    status: 'ok',
    duur_ms: 0,
    opgehaald_op: null,
    cache: false,
    foutsoort: null,
    opname: null,
  };
}
