// GET /v1/regio/{code}/trend: per characteristic a series over the yearly Kerncijfers tables with
// year-on-year deltas; a year that falls back to another table is detected and not listed twice.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { regioCode } from '@/lib/api/params';
import { niveauVan } from '@/lib/regio/codes';
import { overgeslagenSchema, trendReeksSchema } from '@/lib/regio/trend';
import { laadTrend } from './trend-laden';

export const regioTrend = operation({
  id: 'regio-trend',
  path: '/v1/regio/{code}/trend',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Reeks per kenmerk over de jaartabellen met jaarmutaties, zonder dubbele jaren',
  description:
    'Haalt de regio op uit elke jaargang van Kerncijfers wijken en buurten (parallel) en geeft per kenmerk een reeks met delta en ' +
    'delta_pct ten opzichte van het vorige jaar in de reeks. Kenmerken hebben in elke jaargang dezelfde stabiele naam. Een jaar ' +
    'zonder eigen tabel valt terug op een oudere jaargang; dat wordt herkend (net als een tabel die volgens zijn TableInfos een jaar ' +
    'beslaat dat al in de reeks staat) en staat in overgeslagen in plaats van dubbel in de reeks. Jaren waarin de regio niet bestond ' +
    '(andere gebiedsindeling) en jaargangen die het CBS niet leverde staan ook in overgeslagen. 404 als geen enkele jaargang de regio kent.',
  sources: ['cbs-statline'],
  params: { path: z.object({ code: regioCode.any }) },
  statuses: [200, 400, 404, 502],
  response: z.object({
    regio: z.object({ code: z.string(), naam: z.string().nullable(), niveau: z.string() }).meta({ id: 'RegioNaam' }),
    jaren: z.array(z.object({ jaar: z.number().int(), tabel: z.string() })),
    overgeslagen: z.array(overgeslagenSchema),
    kenmerken: z.array(trendReeksSchema),
  }),
  onderdeel: 'trend',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const { data, bronnen } = await laadTrend(path.code, ctx.signal);
    if (!data.nieuwste) throw new Problem('not_found', { detail: `Regio ${path.code} komt in geen enkele jaargang van Kerncijfers wijken en buurten voor.` });
    return {
      data: { regio: { code: path.code, naam: data.nieuwste.naam, niveau: niveauVan(path.code) }, ...data.trend },
      bronnen,
    };
  },
});
