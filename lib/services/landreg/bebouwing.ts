// GET /v1/landreg/bebouwing: buildings of the cadastral map within a radius of a point, with BAG pand ids.
import { operation } from '@/lib/api/operation';
import { bebouwingRond } from '@/lib/sources/brk-kadastrale-kaart';
import { bebouwingMetAfstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { rondAntwoord, rondQuery, rondResponse } from './rond';

export const landregBebouwing = operation({
  id: 'landreg-bebouwing',
  path: '/v1/landreg/bebouwing',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Bebouwing rond een punt: bag_pand_id, status_bgt, geometrie',
  description:
    'De bebouwing van de Kadastrale kaart (een selectie van panden uit de BGT) binnen `radius` meter van het punt, dichtstbijzijnde eerst ' +
    '(0 als het punt in het pand ligt): BAG-pandidentificatie, BGT-status en het vlak in WGS84 en RD. Een punt buiten Nederland geeft 400.',
  sources: ['brk-kadastrale-kaart'],
  params: { query: rondQuery },
  statuses: [200, 400, 502],
  response: rondResponse('bebouwing', bebouwingMetAfstandSchema, 'panden'),
  onderdeel: 'bebouwing',
  maxAgeSeconds: 3600,
  handle: ({ query, ctx }) => rondAntwoord('bebouwing', query, (rd, r) => bebouwingRond(rd, r, ctx.signal)),
});
