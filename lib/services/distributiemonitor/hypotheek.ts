// GET /v1/distributiemonitor/hypotheek: depth of the mortgage-credit segment: core per service, stock per
// year (for a time slider), licence-duration cohorts, spread per municipality per 10,000 households (a
// bundled, labelled table) and concentration (top-5/top-10 share, HHI).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { getDb } from '@/lib/db/client';
import { hypotheekVan } from '@/lib/monitor/berekening-cache';
import { cachedMarkt } from '@/lib/monitor/markt-cache';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorVersies, peildatumParam, PREFIX, versieOp } from './markt';
import { OP_DATASET_VERSIE } from './versie-cache';

/** The bundled households table the spread is computed with (HUISHOUDENS_BRON); also on /methodiek. */
export const huishoudensBronSchema = z
  .object({
    titel: z.string(),
    jaar: z.number().int(),
    tabel: z.string(),
    benadering: z.boolean().describe('true: afgeronde, meegeleverde waarden, niet live opgehaald'),
    toelichting: z.string(),
  })
  .meta({ id: 'HuishoudensBron' });

export const monitorHypotheek = operation({
  id: 'distributiemonitor-hypotheek',
  path: `${PREFIX}/hypotheek`,
  api: API,
  cache: OP_DATASET_VERSIE,
  bronType: 'eigen-dienst',
  summary: 'Diepte van het hypotheeksegment: kern per dienst, voorraad per jaar, cohorten, spreiding en consolidatie',
  description:
    "Segment: vestigingen met adviseren of bemiddelen op het product 'Hypothecair krediet'. voorraad: per jaar het aantal op 31 december (het lopende " +
    'jaar op de peildatum); cohorten naar jaren sinds de vroegste adviesvergunning; spreiding per gemeente per 10.000 particuliere huishoudens uit een ' +
    'meegeleverde, afgeronde tabel (spreiding.brontabel zegt welke; een benadering); concentratie: aandeel top 5 en top 10 hoofdholdings en de HHI.',
  sources: MONITOR_BRONNEN,
  params: { query: z.object({ peildatum: peildatumParam }) },
  statuses: [200, 400, 503],
  response: z.object({
    peildatum: z.iso.date().describe('Peildatum van de datasetversie (JJJJ-MM-DD)'),
    kern: z.object({ totaal: z.number().int(), adviseren: z.number().int(), bemiddelen: z.number().int(), beide: z.number().int() }),
    voorraad: z.array(z.object({ jaar: z.number().int(), peildatum: z.iso.date(), aantal: z.number().int() })),
    voorraad_zonder_sinds: z.number().int().describe('Vestigingen in het segment zonder begindatum van een adviesvergunning: niet in voorraad'),
    cohorten: z.array(z.object({ cohort: z.string(), aantal: z.number().int() })),
    spreiding: z.object({
      brontabel: huishoudensBronSchema,
      gemeenten: z.array(
        z.object({
          gemeente_naam: z.string(),
          aantal_vestigingen: z.number().int(),
          huishoudens: z.number().int().nullable().describe('Particuliere huishoudens volgens de tabel van bron; null in de regel gemeente onbekend (plaatsen buiten de tabel)'),
          per_10000_huishoudens: z.number().nullable(),
        }),
      ),
      dekking: z.object({
        vestigingen_gekoppeld: z.number().int().describe('Vestigingen in het segment waarvan de plaats aan een gemeente van de tabel is gekoppeld'),
        vestigingen_onbekend: z.number().int(),
        aandeel_gekoppeld_pct: z.number().nullable(),
      }),
    }),
    concentratie: z.object({
      aantal_vestigingen: z.number().int(),
      aantal_groepen: z.number().int().describe('Hoofdholdings, en zelfstandige organisaties elk als eigen groep'),
      top5_pct: z.number().nullable(),
      top10_pct: z.number().nullable(),
      hhi: z.number(),
      top: z.array(z.object({ hoofdholding_id: z.string(), naam: z.string(), aantal_vestigingen: z.number().int(), aandeel_pct: z.number() })),
    }),
    dekking: dekkingSchema,
  }),
  onderdeel: 'hypotheek',
  async handle({ query, ctx }) {
    const versies = await monitorVersies();
    const v = versieOp(versies, query.peildatum, ctx.toegang);
    const [uitkomst, m] = await Promise.all([hypotheekVan(getDb(), v, versies), cachedMarkt(getDb(), v)]);
    return { data: { ...uitkomst, dekking: dekking(m, query.peildatum ?? null) }, bronnen: monitorBronnen(v, ctx.startedAt) };
  },
});
