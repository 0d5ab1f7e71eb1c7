// GET /v1/verduurzaming: status and phasing of the sustainability layer, derived from the declarations.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { ownServiceBron } from '@/lib/sources/bron';
import { moduleStatuses } from '@/lib/verduurzaming/modules';
import { methodiekSources } from '@/lib/verduurzaming/methodiek';

const statusSchema = z.object({
  modules: z.array(
    z.object({
      id: z.string(),
      naam: z.string(),
      omschrijving: z.string(),
      operaties: z.array(z.string()),
      status: z.enum(['live', 'in ontwikkeling']),
    }),
  ),
  gevoede_bronnen: z.array(z.object({ id: z.string(), titel: z.string(), licentie: z.string() })),
  methodiek: z.string().describe('Pad van de methodiek'),
});

export const verduurzamingStatus = operation({
  id: 'verduurzaming-status',
  path: '/v1/verduurzaming',
  api: 'verduurzaming',
  bronType: 'eigen-dienst',
  summary: 'Status en fasering van de datavalidatielaag voor verduurzaming',
  description:
    'Modules (validatielaag, voorblad, nulmeting, rapport, one-stop-shop-uitvoer) met hun status: live zodra al hun operaties bestaan, anders in ontwikkeling. Plus de gevoede bronnen en het pad van de methodiek.',
  sources: [],
  statuses: [200],
  response: statusSchema,
  onderdeel: 'status',
  maxAgeSeconds: 300,
  async handle() {
    const { operations } = await import('@/lib/api/registry');
    return {
      data: {
        modules: moduleStatuses(operations),
        gevoede_bronnen: methodiekSources().map((s) => ({ id: s.id, titel: s.titel, licentie: s.licentie })),
        methodiek: '/v1/verduurzaming/methodiek',
      },
      bronnen: [ownServiceBron('Status van de verduurzamingslaag')],
    };
  },
});
