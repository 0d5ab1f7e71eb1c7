// GET /v1/punt/{lon}/{lat}/reistijden: the nearest NDW measuring points with a current travel time (the national
// site table of over 100 000 measuring points, cached 24 hours with a geographic index; travel times cached 10
// minutes). Per measuring point: distance, coordinates in WGS84 and RD, the section's line, travel time,
// reference time, delay and measurement time. The first call after a cache expires reads the feed again.
import { z } from 'zod';
import { geometriePaarSchema } from '@/lib/geo/geojson-schema';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN, radius } from '@/lib/api/params';
import { reistijdenRond } from '@/lib/sources/ndw-verkeer';
import { puntUitWgs84 } from '@/lib/geo/rd';

const wgs84 = z.object({ lon: z.number(), lat: z.number() });
const rd = z.object({ x: z.number(), y: z.number() });
const puntSchema = z.object({ wgs84, rd });
const geometrieSchema = geometriePaarSchema('GeoJSON LineString in WGS84', 'Dezelfde lijn in RD (EPSG:28992)')
  .nullable()
  .describe('Lijn van begin- naar eindpunt van het wegvak; null bij een meetpunt zonder lijn');

export const meetpuntSchema = z.object({
  id: z.string().describe('NDW-id van de meetlocatie (measurementSiteRecord)'),
  naam: z.string().nullable(),
  weg: z.string().nullable().describe('Wegnummer uit de naam (bijvoorbeeld A2, N201), anders null'),
  richting: z.string().nullable().describe('measurementSide (bijvoorbeeld northBound) of de ALERT-C-richting'),
  locatie: puntSchema.describe('Weergavepunt van het meetpunt in WGS84 en RD'),
  geometrie: geometrieSchema,
  lengte_m: z.number().nullable().describe('Lengte van het wegvak in meters (lengthAffected)'),
  afstand_m: z.number().int().describe('Afstand in rechte lijn (grootcirkel) van het punt tot het weergavepunt, in meters'),
  reistijd_s: z.number().nullable().describe('Actuele reistijd over het wegvak in seconden'),
  referentie_reistijd_s: z.number().nullable().describe('Referentiereistijd (vrije doorstroming) in seconden, als NDW die geeft'),
  vertraging_s: z.number().nullable().describe('reistijd_s min referentie_reistijd_s, 0 als het sneller gaat; null zonder referentie'),
  reistijd_soort: z.string().nullable().describe('travelTimeType van NDW, bijvoorbeeld reconstituted'),
  meettijd: z.iso.datetime({ offset: true }).nullable().describe('Tijdstip van de meting (measurementTimeDefault)'),
}).meta({ id: 'Reistijdmeetpunt' });

export const puntReistijden = operation({
  id: 'punt-reistijden',
  path: '/v1/punt/{lon}/{lat}/reistijden',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Dichtstbijzijnde verkeersmeetpunten met actuele reistijd per wegvak',
  description:
    'De n dichtstbijzijnde NDW-meetpunten binnen de straal die in de actuele reistijdpublicatie een reistijd hebben (meetpunten ' +
    'zonder reistijd, zoals lussen voor intensiteit en snelheid, worden overgeslagen). Uit de landelijke meetlocatietabel ' +
    '(DATEX II v2, ruim 100.000 meetpunten, 24 uur gecachet met een ruimtelijke index) en de reistijden (10 minuten gecachet). ' +
    'Per meetpunt: afstand, coördinaten in WGS84 en RD, de lijn van het wegvak, actuele reistijd, referentiereistijd, vertraging ' +
    'en meettijd. De eerste aanroep na het verlopen van de cache leest het landelijke bestand opnieuw en kan tientallen seconden duren.',
  sources: ['ndw-meetlocaties', 'ndw-reistijden'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(100, 50000, 10000), n: nearestN(1, 25, 10) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: puntSchema,
    radius_m: z.number().int(),
    publicatietijd_meetlocaties: z.iso.datetime({ offset: true }).nullable(),
    publicatietijd_reistijden: z.iso.datetime({ offset: true }).nullable(),
    meetpunten_landelijk: z.number().int().describe('Aantal meetpunten in de landelijke meetlocatietabel'),
    meetpunten_met_reistijd_landelijk: z.number().int().describe('Waarvan met een actuele reistijd'),
    meetpunten: z.array(meetpuntSchema).describe('Dichtstbijzijnde eerst'),
  }),
  onderdeel: 'reistijden',
  maxAgeSeconds: 60,
  async handle({ path, query, ctx }) {
    const p = { lon: path.lon, lat: path.lat };
    const r = await reistijdenRond(p, query.radius, query.n, ctx.signal);
    return { data: { punt: puntUitWgs84(p), radius_m: query.radius, ...r.data }, bronnen: r.bronnen };
  },
});
