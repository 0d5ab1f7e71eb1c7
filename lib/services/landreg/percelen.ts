// GET /v1/landreg/percelen: the cadastral parcels within a radius of a point (BRK Kadastrale kaart).
import { operation } from '@/lib/api/operation';
import { percelenRond } from '@/lib/sources/brk-kadastrale-kaart';
import { perceelMetAfstandSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { rondAntwoord, rondQuery, rondResponse } from './rond';

export const landregPercelen = operation({
  id: 'landreg-percelen',
  path: '/v1/landreg/percelen',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Gestandaardiseerde kadastrale percelen rond een punt',
  description:
    'Kadastrale percelen uit de Kadastrale kaart (BRK) die binnen `radius` meter van het punt liggen (afstand van het punt tot het ' +
    'perceelvlak; 0 als het punt in het perceel ligt), dichtstbijzijnde eerst. Per perceel: objectidentificatie, kadastrale aanduiding, ' +
    'gemeente, sectie, perceelnummer, kadastrale grootte, zwaartepunt en geometrie, alles in WGS84 en RD. Een punt buiten Nederland geeft 400.',
  sources: ['brk-kadastrale-kaart'],
  params: { query: rondQuery },
  statuses: [200, 400, 502],
  response: rondResponse('percelen', perceelMetAfstandSchema, 'percelen'),
  onderdeel: 'percelen',
  maxAgeSeconds: 3600,
  handle: ({ query, ctx }) => rondAntwoord('percelen', query, (rd, r) => percelenRond(rd, r, ctx.signal)),
});
