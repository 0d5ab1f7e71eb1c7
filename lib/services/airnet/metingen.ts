// GET /v1/airnet/metingen: the measurements of one Luchtmeetnet station in a time window, standardised
// (formule, waarde, eenheid, timestamps), newest first. Window: van/tot as ISO 8601 date-times with offset;
// default the 24 hours before now (tot = now, van = tot - 24 h); at most 7 days. The upstream is paged:
// at most MAX_METING_PAGINAS pages are read per request, and `volledig` says whether the window fitted.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { MAX_METING_PAGINAS, metingen } from '@/lib/sources/luchtmeetnet';
import { metingSchema } from '@/lib/sources/luchtmeetnet-convert';

const HOUR = 60 * 60 * 1000;
/** Default window length when van is absent. */
export const STANDAARD_VENSTER_UREN = 24;
/** Longest window per request. */
export const MAX_VENSTER_DAGEN = 7;

const stationParam = z
  .string()
  .regex(/^NL[0-9]+$/, { message: 'station is NL gevolgd door cijfers, bijvoorbeeld NL01487' })
  .describe('Stationsnummer van Luchtmeetnet: NL gevolgd door cijfers')
  .meta({ examples: ['NL01487'] });

const formuleParam = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9]{1,12}$/, { message: 'formule is een stofcode van letters en cijfers, bijvoorbeeld NO2 of PM25' })
  .transform((s) => s.toUpperCase())
  .optional()
  .describe('Stof (formule zoals Luchtmeetnet die schrijft): NO2, NO, PM10, PM25, O3, FN, BCWB, …; zonder: alle stoffen')
  .meta({ examples: ['NO2'] });

const tijdParam = (wat: string) =>
  z.iso
    .datetime({ offset: true, message: 'moet een ISO 8601-tijdstip met tijdzone zijn, bijvoorbeeld 2026-08-28T00:00:00Z' })
    .optional()
    .describe(wat);

export const airnetMetingen = operation({
  id: 'airnet-metingen',
  path: '/v1/airnet/metingen',
  api: 'airnet',
  bronType: 'bron-api',
  summary: 'Gestandaardiseerde luchtkwaliteitsmetingen van één station, filterbaar op stof en periode',
  description:
    'De uurmetingen van één Luchtmeetnet-station (nieuwste eerst) met stof, waarde, eenheid (µg/m³; LKI als index) en begin en ' +
    `einde van het meetuur. Periode van van tot tot (ISO 8601 met tijdzone); zonder van de ${STANDAARD_VENSTER_UREN} uur vóór tot, zonder ` +
    `tot nu; ten hoogste ${MAX_VENSTER_DAGEN} dagen. Luchtmeetnet pagineert: per verzoek worden ten hoogste ${MAX_METING_PAGINAS} pagina's ` +
    'gelezen, volledig = false zegt dat de oudste metingen van de periode ontbreken (kies dan een kortere periode of één stof). ' +
    'Een onbekend station geeft een lege lijst (Luchtmeetnet kent geen 404 op metingen). Metingen worden 10 minuten gecachet.',
  sources: ['luchtmeetnet'],
  params: {
    query: z.object({
      station: stationParam,
      formule: formuleParam,
      van: tijdParam(`Begin van de periode (ISO 8601 met tijdzone); standaard ${STANDAARD_VENSTER_UREN} uur vóór tot`).meta({ examples: ['2026-08-28T00:00:00Z'] }),
      tot: tijdParam('Einde van de periode (ISO 8601 met tijdzone); standaard nu').meta({ examples: ['2026-08-29T00:00:00Z'] }),
    }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    station: z.string(),
    formule: z.string().nullable().describe('De gevraagde stof; null voor alle stoffen'),
    van: z.iso.datetime({ offset: true }).describe('Begin van de gevraagde periode (UTC)'),
    tot: z.iso.datetime({ offset: true }).describe('Einde van de gevraagde periode (UTC)'),
    aantal: z.number().int(),
    volledig: z.boolean().describe(`false als de periode meer dan ${MAX_METING_PAGINAS} pagina's telde: de oudste metingen ontbreken`),
    paginas: z.object({ aantal_gelezen: z.number().int(), totaal: z.number().int() }).describe('Pagina\'s van Luchtmeetnet: gelezen en totaal'),
    metingen: z.array(metingSchema).describe('Metingen, nieuwste eerst'),
  }),
  onderdeel: 'metingen',
  maxAgeSeconds: 600,
  async handle({ query, ctx }) {
    const { van, tot } = venster(query.van, query.tot, new Date());
    const r = await metingen(query.station, { formule: query.formule, van, tot }, ctx.signal);
    return {
      data: {
        station: query.station,
        formule: query.formule ?? null,
        van: van.toISOString(),
        tot: tot.toISOString(),
        aantal: r.data.metingen.length,
        volledig: r.data.volledig,
        paginas: { aantal_gelezen: r.data.paginas_gelezen, totaal: r.data.paginas_totaal },
        metingen: r.data.metingen,
      },
      bronnen: r.bronnen,
    };
  },
});

/** The window from the optional van/tot (rules above); a 400 problem when van is not before tot or the window exceeds the maximum. */
export function venster(vanText: string | undefined, totText: string | undefined, nu: Date): { van: Date; tot: Date } {
  const tot = totText ? new Date(totText) : nu;
  const van = vanText ? new Date(vanText) : new Date(tot.getTime() - STANDAARD_VENSTER_UREN * HOUR);
  if (van.getTime() >= tot.getTime()) {
    throw new Problem('invalid_parameter', {
      detail: 'van moet vóór tot liggen.',
      invalidParams: [{ name: 'van', in: 'query', reason: 'ligt niet vóór tot' }],
    });
  }
  if (tot.getTime() - van.getTime() > MAX_VENSTER_DAGEN * 24 * HOUR) {
    throw new Problem('invalid_parameter', {
      detail: `De periode van van tot tot is ten hoogste ${MAX_VENSTER_DAGEN} dagen.`,
      invalidParams: [
        { name: 'van', in: 'query', reason: `periode langer dan ${MAX_VENSTER_DAGEN} dagen` },
        { name: 'tot', in: 'query', reason: `periode langer dan ${MAX_VENSTER_DAGEN} dagen` },
      ],
    });
  }
  return { van, tot };
}
