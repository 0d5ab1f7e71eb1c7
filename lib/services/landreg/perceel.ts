// GET /v1/landreg/percelen/{id}: one cadastral parcel by its object identification (BRK Kadastrale kaart).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { Problem } from '@/lib/api/problems';
import { OBJECT_ID_PATROON, perceelMetId } from '@/lib/sources/brk-kadastrale-kaart';
import { kadastraalPerceelSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';

export const perceelId = z
  .string()
  .trim()
  .regex(OBJECT_ID_PATROON, { message: 'id is een kadastrale objectidentificatie: alleen cijfers, ten hoogste 15, bijvoorbeeld 25430435970000' })
  .describe('Kadastrale objectidentificatie (identificatie lokaal id van het perceel), bijvoorbeeld 25430435970000')
  .meta({ examples: ['61201410270000'] });

export const landregPerceel = operation({
  id: 'landreg-perceel',
  path: '/v1/landreg/percelen/{id}',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Eén kadastraal perceel bij zijn objectidentificatie',
  description:
    'Het perceel met deze kadastrale objectidentificatie (het `identificatie` van /v1/landreg/percelen) uit de Kadastrale kaart (BRK): ' +
    'kadastrale aanduiding, gemeente, sectie, perceelnummer, grootte, zwaartepunt en geometrie in WGS84 en RD. 404 als de kaart het ' +
    'perceel niet (meer) heeft; 400 voor een id dat geen objectidentificatie kan zijn.',
  sources: ['brk-kadastrale-kaart'],
  params: { path: z.object({ id: perceelId }) },
  statuses: [200, 400, 404, 502],
  response: kadastraalPerceelSchema,
  onderdeel: 'perceel',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const res = await perceelMetId(path.id, ctx.signal);
    if (!res.data) throw new Problem('not_found', { detail: `De Kadastrale kaart heeft geen perceel met objectidentificatie ${path.id}.` });
    return { data: res.data, bronnen: res.bronnen };
  },
});
