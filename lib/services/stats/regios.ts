// GET /v1/stats/regios: the regions of one level (buurt, wijk, gemeente) within an area, with codes and
// names, from the region list of the newest Kerncijfers wijken en buurten table (one call).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { regioCode } from '@/lib/api/params';
import { kwbNamen } from '@/lib/sources/cbs-kwb';
import { niveauVan, prefixBinnen } from '@/lib/regio/codes';
import { metNieuwsteTabel } from '@/lib/services/regio/laden';

const niveau = z.enum(['buurt', 'wijk', 'gemeente']).describe('Niveau van de gevraagde regio’s').meta({ examples: ['wijk'] });

export const statsRegios = operation({
  id: 'stats-regios',
  path: '/v1/stats/regios',
  api: 'stats',
  bronType: 'bron-api',
  summary: 'Regio’s van een niveau binnen een gebied, met codes',
  description:
    'Alle buurten, wijken of de gemeente binnen het gebied `binnen`, met code en naam, uit de regiolijst van de nieuwste tabel ' +
    'Kerncijfers wijken en buurten. Hetzelfde niveau als het gebied geeft het gebied zelf; een hoger niveau (wijken binnen een ' +
    'buurt) en een onbekend gebied geven 400.',
  sources: ['cbs-statline'],
  params: { query: z.object({ binnen: regioCode.any, niveau }) },
  statuses: [200, 400, 502],
  response: z.object({
    binnen: z.object({ code: z.string(), naam: z.string(), niveau: z.string() }),
    niveau,
    jaar: z.number().int(),
    tabel: z.string(),
    aantal: z.number().int(),
    regios: z.array(z.object({ code: z.string(), naam: z.string(), niveau })),
  }),
  onderdeel: 'regios',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const prefix = prefixBinnen(query.binnen, query.niveau);
    if (!prefix) {
      const reason = `een ${niveauVan(query.binnen)} bevat geen regio’s van niveau ${query.niveau}`;
      throw new Problem('invalid_parameter', { detail: reason, invalidParams: [{ name: 'niveau', in: 'query', reason }] });
    }
    return metNieuwsteTabel(async (editie) => {
      const namen = await kwbNamen(editie.tabel, [query.binnen, prefix], ctx.signal);
      const gebied = namen.data.find((n) => n.code === query.binnen);
      if (!gebied) {
        const reason = `komt niet voor in Kerncijfers wijken en buurten ${editie.jaar} (${editie.tabel})`;
        throw new Problem('invalid_parameter', { detail: `Gebied ${query.binnen} ${reason}.`, invalidParams: [{ name: 'binnen', in: 'query', reason }] });
      }
      const regios = namen.data
        .filter((n) => n.code.startsWith(prefix))
        .sort((a, b) => a.code.localeCompare(b.code))
        .map((n) => ({ code: n.code, naam: n.naam, niveau: query.niveau }));
      return {
        data: { binnen: { ...gebied, niveau: niveauVan(query.binnen) }, niveau: query.niveau, jaar: editie.jaar, tabel: editie.tabel, aantal: regios.length, regios },
        bronnen: namen.bronnen,
      };
    });
  },
});
