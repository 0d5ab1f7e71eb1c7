// GET /v1/regio/{code}/landelijk: per comparable core figure the deviation from the national figure
// (afwijking_pct); absolute totals are kept apart with the region's share of the national total.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { regioCode } from '@/lib/api/params';
import { LAND_CODE } from '@/lib/regio/codes';
import { afwijkingSchema, totaalSchema, vergelijkLandelijk } from '@/lib/regio/afwijking';
import { laadRegios, regioOf400 } from './laden';
import { regioKopSchema, regioKop } from './kop';

export const regioLandelijk = operation({
  id: 'regio-landelijk',
  path: '/v1/regio/{code}/landelijk',
  api: 'regio',
  bronType: 'eigen-dienst',
  summary: 'Afwijking per vergelijkbaar kerncijfer ten opzichte van het landelijk gemiddelde',
  description:
    'Zet elk kerncijfer van de regio naast het landelijke cijfer (rij Nederland van dezelfde tabel Kerncijfers wijken en buurten). ' +
    'Vergelijkbare kenmerken (percentages, gemiddelden, dichtheden, per inwoner) krijgen afwijking_pct = (regio − landelijk) / ' +
    '|landelijk| × 100. Absolute totalen (aantallen, hectares) zijn zo niet vergelijkbaar: die staan apart in absolute_totalen, met ' +
    'het aandeel van de regio in het landelijke totaal. Een regio die niet in de tabel voorkomt geeft 400; een storing bij het CBS 502.',
  sources: ['cbs-statline'],
  params: { path: z.object({ code: regioCode.any }) },
  statuses: [200, 400, 502],
  response: z.object({
    regio: regioKopSchema,
    jaar: z.number().int(),
    tabel: z.string(),
    vergelijkbaar: z.array(afwijkingSchema),
    absolute_totalen: z.array(totaalSchema),
  }),
  onderdeel: 'landelijk',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const geladen = await laadRegios([path.code, LAND_CODE], undefined, ctx.signal);
    const regio = regioOf400(geladen.data, path.code, 'code');
    const land = regioOf400(geladen.data, LAND_CODE, 'code');
    return {
      data: { regio: regioKop(regio), jaar: regio.jaar, tabel: regio.tabel, ...vergelijkLandelijk(regio, land) },
      bronnen: geladen.bronnen,
    };
  },
});
