// GET /v1/landreg/grenzen: parcel boundaries within a radius of a point (BRK Kadastrale kaart).
import { operation } from '@/lib/api/operation';
import { grenzenRond } from '@/lib/sources/brk-kadastrale-kaart';
import { grensSchema } from '@/lib/sources/brk-kadastrale-kaart-convert';
import { rondAntwoord, rondQuery, rondResponse } from './rond';

export const landregGrenzen = operation({
  id: 'landreg-grenzen',
  path: '/v1/landreg/grenzen',
  api: 'landreg',
  bronType: 'bron-api',
  summary: 'Perceelgrenzen rond een punt: type_grens, kwaliteit, perceel links en rechts, geometrie',
  description:
    'Kadastrale grenzen uit de Kadastrale kaart (BRK) binnen `radius` meter van het punt, dichtstbijzijnde eerst: soort grens, ' +
    'kwaliteitsklasse, de objectidentificaties van de percelen links en rechts en de lijn in WGS84 en RD. Een punt buiten Nederland geeft 400.',
  sources: ['brk-kadastrale-kaart'],
  params: { query: rondQuery },
  statuses: [200, 400, 502],
  response: rondResponse('grenzen', grensSchema, 'grenzen'),
  onderdeel: 'grenzen',
  maxAgeSeconds: 3600,
  handle: ({ query, ctx }) => rondAntwoord('grenzen', query, (rd, r) => grenzenRond(rd, r, ctx.signal)),
});
