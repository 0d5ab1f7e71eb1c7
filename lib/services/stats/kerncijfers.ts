// GET /v1/stats/kerncijfers: the standardised core figures of one buurt, wijk or gemeente from CBS
// Kerncijfers wijken en buurten, from the newest table or the table of a given year.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { intParam, regioCode } from '@/lib/api/params';
import { kerncijfersSchema } from '@/lib/regio/kerncijfers';
import { laadRegios, regioOf400 } from '@/lib/services/regio/laden';

export const jaarParam = intParam(1900, 2999, 'Jaar van de tabel; zonder eigen jaartabel geldt de dichtstbijzijnde oudere (terugval)').meta({ examples: [2024] });

export const tabelKeuzeSchema = z.object({
  gevraagd_jaar: z.number().int().nullable().describe('Het gevraagde jaar; null als de nieuwste tabel is gebruikt'),
  terugval: z.boolean().describe('true als het gevraagde jaar geen eigen tabel heeft en een oudere jaargang is gebruikt'),
});

export const statsKerncijfers = operation({
  id: 'stats-kerncijfers',
  path: '/v1/stats/kerncijfers',
  api: 'stats',
  bronType: 'bron-api',
  summary: 'Gestandaardiseerde kerncijfers van een buurt, wijk of gemeente',
  description:
    'Alle kerncijfers van de regio uit CBS Kerncijfers wijken en buurten: per kenmerk een stabiele naam (gelijk in elke jaargang, ' +
    'ook al verschillen de CBS-sleutels), titel, eenheid (bedragen in euro), soort (absoluut of relatief) en waarde; null betekent ' +
    'niet beschikbaar of afgeschermd. Zonder jaar de nieuwste tabel; met jaar de tabel van dat jaar, of de dichtstbijzijnde oudere ' +
    'als dat jaar geen eigen tabel heeft (terugval: true). Een regio die niet in de tabel voorkomt geeft 400.',
  sources: ['cbs-statline'],
  params: { query: z.object({ regio: regioCode.any, jaar: jaarParam.optional() }) },
  statuses: [200, 400, 502],
  response: kerncijfersSchema.extend(tabelKeuzeSchema.shape),
  onderdeel: 'kerncijfers',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const geladen = await laadRegios([query.regio], query.jaar, ctx.signal);
    const regio = regioOf400(geladen.data, query.regio, 'regio', 'query');
    return {
      data: { ...regio, gevraagd_jaar: query.jaar ?? null, terugval: geladen.data.keuze.terugval },
      bronnen: geladen.bronnen,
    };
  },
});
