// GET /v1/landreg/nummeraanduidingreeksen: house-number range labels within a radius of a point.
import { operation } from '@/lib/api/operation';
import { nummeraanduidingreeksenRond } from '@/lib/sources/brk-kadastrale-kaart';
import { nummeraanduidingreeksSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { rondAntwoord, rondQuery, rondResponse } from './rond';

export const landregNummeraanduidingreeksen = operation({
  id: 'landreg-nummeraanduidingreeksen',
  path: '/v1/landreg/nummeraanduidingreeksen',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Huisnummerreeksen rond een punt: label, vbo-ids, bebouwing_id, geometrie',
  description:
    'De huisnummerreeksen die de Kadastrale kaart op de bebouwing toont, binnen `radius` meter van het punt, dichtstbijzijnde eerst: ' +
    'het label (bijvoorbeeld 42A-42D), de BAG-verblijfsobjecten van het laagste en hoogste nummer, de bebouwing waar het label bij hoort ' +
    '(bebouwing_id = identificatie in /v1/landreg/bebouwing) en het labelpunt in WGS84 en RD. Een punt buiten Nederland geeft 400.',
  sources: ['brk-kadastrale-kaart'],
  params: { query: rondQuery },
  statuses: [200, 400, 502],
  response: rondResponse('nummeraanduidingreeksen', nummeraanduidingreeksSchema, 'reeksen'),
  onderdeel: 'nummeraanduidingreeksen',
  maxAgeSeconds: 3600,
  handle: ({ query, ctx }) => rondAntwoord('nummeraanduidingreeksen', query, (rd, r) => nummeraanduidingreeksenRond(rd, r, ctx.signal)),
});
