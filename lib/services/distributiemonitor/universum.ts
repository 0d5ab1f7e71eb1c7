// GET /v1/distributiemonitor/universum: the first-call overview: the market's counts and coverage, the
// peildatum per source, the newest version with its changelog, the key figures and links to every operation.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { MONITOR_LINKS } from './links';
import { API, dekking, dekkingSchema, MONITOR_BRONNEN, monitorBronnen, monitorMarkt, monitorVersies, PREFIX } from './markt';
import { versieItem, versieSchema } from './versies';

export const monitorUniversum = operation({
  id: 'distributiemonitor-universum',
  path: `${PREFIX}/universum`,
  api: API,
  bronType: 'eigen-dienst',
  summary: 'Overzicht voor de eerste aanroep van de distributiemonitor',
  description:
    'Aantallen (vestigingen, actief, organisaties, holdings, hoofdholdings, samenwerkingsverbanden), dekking (aandeel met LEI, onder een hoofdholding, ' +
    'onder DNB-toezicht), de peildatum per bron, de nieuwste datasetversie met changelog, de kengetallen en links naar elke operatie.',
  sources: MONITOR_BRONNEN,
  statuses: [200, 503],
  response: z.object({
    aantallen: z.record(z.string(), z.number()),
    dekking: dekkingSchema,
    nieuwste_versie: versieSchema,
    aantal_versies: z.number().int(),
    eerste_peildatum: z.string(),
    kengetallen: z.record(z.string(), z.number()),
    links: z.array(z.object({ pad: z.string(), titel: z.string() })),
  }),
  onderdeel: 'universum',
  async handle({ ctx }) {
    const versies = await monitorVersies();
    const m = await monitorMarkt(ctx.toegang);
    return {
      data: {
        aantallen: m.versie.aantallen,
        dekking: dekking(m, null),
        nieuwste_versie: versieItem(m.versie, versies.length === 1),
        aantal_versies: versies.length,
        eerste_peildatum: versies[0].peildatum,
        kengetallen: m.versie.kengetallen,
        links: MONITOR_LINKS,
      },
      bronnen: monitorBronnen(m.versie, ctx.startedAt),
    };
  },
});
