// GET /v1/regio/{code}/vergelijk: the core figures of two regions (levels may differ) side by side with the
// absolute and the percentage difference per characteristic.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { regioCode } from '@/lib/api/params';
import { vergelijkRegios, verschilSchema } from '@/lib/regio/vergelijk';
import { jaarParam, tabelKeuzeSchema } from '@/lib/services/stats/kerncijfers';
import { laadRegios, regioOf400 } from './laden';
import { regioKop, regioKopSchema } from './kop';

export const regioVergelijk = operation({
  id: 'regio-vergelijk',
  path: '/v1/regio/{code}/vergelijk',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Kerncijfers van twee regio’s naast elkaar met absoluut en procentueel verschil',
  description:
    'Vergelijkt de regio met de regio `met` (niveaus mogen verschillen, bijvoorbeeld een buurt met haar gemeente) in dezelfde tabel ' +
    'Kerncijfers wijken en buurten: per kenmerk beide waarden, verschil = regio − met en verschil_pct = (regio − met) / |met| × 100. ' +
    'Let op: bij absolute kenmerken (soort absoluut) zegt het verschil vooral iets over de omvang. Zonder jaar de nieuwste tabel; ' +
    'een jaar zonder eigen tabel valt terug op de dichtstbijzijnde oudere (terugval: true). Een regio die niet in de tabel voorkomt geeft 400.',
  sources: ['cbs-statline'],
  params: {
    path: z.object({ code: regioCode.any }),
    query: z.object({ met: regioCode.any.describe('De regio om mee te vergelijken (BU, WK of GM)'), jaar: jaarParam.optional() }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    regio: regioKopSchema,
    met: regioKopSchema,
    jaar: z.number().int(),
    tabel: z.string(),
    ...tabelKeuzeSchema.shape,
    kenmerken: z.array(verschilSchema),
  }),
  onderdeel: 'vergelijk',
  maxAgeSeconds: 3600,
  async handle({ path, query, ctx }) {
    const geladen = await laadRegios([path.code, query.met], query.jaar, ctx.signal);
    const a = regioOf400(geladen.data, path.code, 'code');
    const b = regioOf400(geladen.data, query.met, 'met', 'query');
    return {
      data: {
        regio: regioKop(a),
        met: regioKop(b),
        jaar: a.jaar,
        tabel: a.tabel,
        gevraagd_jaar: query.jaar ?? null,
        terugval: geladen.data.keuze.terugval,
        kenmerken: vergelijkRegios(a, b),
      },
      bronnen: geladen.bronnen,
    };
  },
});
