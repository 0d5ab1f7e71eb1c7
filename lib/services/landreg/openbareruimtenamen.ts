// GET /v1/landreg/openbareruimtenamen: street and water name labels within a radius of a point.
import { operation } from '@/lib/api/operation';
import { openbareRuimteNamenRond } from '@/lib/sources/brk-kadastrale-kaart';
import { openbareRuimteNaamSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { rondAntwoord, rondQuery, rondResponse } from './rond';

export const landregOpenbareRuimteNamen = operation({
  id: 'landreg-openbareruimtenamen',
  path: '/v1/landreg/openbareruimtenamen',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Straatnamen rond een punt: naam, type, bag_openbare_ruimte_id, geometrie',
  description:
    'De namen van openbare ruimten (wegen en water) zoals de Kadastrale kaart ze toont, binnen `radius` meter van het punt, ' +
    'dichtstbijzijnde eerst: naam, type, BAG-openbareruimte-id en het labelpunt in WGS84 en RD. Een lange straat heeft meerdere labels; ' +
    'elk label is een element. Een punt buiten Nederland geeft 400.',
  sources: ['brk-kadastrale-kaart'],
  params: { query: rondQuery },
  statuses: [200, 400, 502],
  response: rondResponse('openbareruimtenamen', openbareRuimteNaamSchema, 'namen'),
  onderdeel: 'openbareruimtenamen',
  maxAgeSeconds: 3600,
  handle: ({ query, ctx }) => rondAntwoord('openbareruimtenamen', query, (rd, r) => openbareRuimteNamenRond(rd, r, ctx.signal)),
});
