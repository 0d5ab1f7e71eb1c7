// GET /v1/punt/{lon}/{lat}/verkeer: closures and temporary maximum speeds near a point from NDW's DATEX II v3
// feeds (tijdelijke verkeersmaatregelen: afsluitingen and maximum snelheden, plus the actueel beeld), each with
// validity window, cause, lanes, limit, road and the straight-line distance from the point to the road line.
import { z } from 'zod';
import { geometriePaarSchema } from '@/lib/geo/geojson-schema';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN, radius } from '@/lib/api/params';
import { verkeerRond } from '@/lib/sources/ndw-verkeer';
import { puntUitWgs84 } from '@/lib/geo/rd';

const puntSchema = z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) });

export const maatregelSchema = z.object({
  id: z.string().describe('Id van het situationRecord'),
  versie: z.string().nullable(),
  situatie_id: z.string().nullable(),
  soort: z.enum(['afsluiting', 'maximumsnelheid']),
  type: z.string().nullable().describe('roadOrCarriagewayOrLaneManagementType (bijvoorbeeld laneClosures, roadClosed) of speedManagementType'),
  feed: z.enum(['afsluitingen', 'maximum_snelheden', 'actueel_beeld']).describe('NDW-bestand waaruit de maatregel komt'),
  ernst: z.string().nullable().describe('overallSeverity van de situatie'),
  status: z.string().nullable().describe('operatorActionStatus, bijvoorbeeld implemented'),
  geldig_vanaf: z.iso.datetime({ offset: true }).nullable(),
  geldig_tot: z.iso.datetime({ offset: true }).nullable(),
  perioden: z.array(z.object({ van: z.iso.datetime({ offset: true }).nullable(), tot: z.iso.datetime({ offset: true }).nullable() })).describe('Geldigheidsperioden binnen het venster (validPeriod), als gegeven'),
  actief_nu: z.boolean().describe('true als de maatregel op dit moment geldt (binnen het venster en, als gegeven, een periode)'),
  oorzaak: z.string().nullable().describe('causeType, bijvoorbeeld roadMaintenance'),
  oorzaak_detail: z.string().nullable(),
  rijstroken: z.object({
    rijbaan: z.string().nullable().describe('Rijbaan, bijvoorbeeld mainCarriageway of entrySlipRoad'),
    afgesloten: z.number().nullable().describe('Aantal afgesloten rijstroken (numberOfLanesRestricted)'),
    beschikbaar: z.number().nullable().describe('Aantal beschikbare rijstroken (numberOfOperationalLanes)'),
    oorspronkelijk: z.number().nullable().describe('Oorspronkelijk aantal rijstroken'),
    betrokken_stroken: z.array(z.string()).describe('Betrokken rijstroken (laneUsage), bijvoorbeeld hardShoulder'),
  }),
  maximumsnelheid_kmh: z.number().nullable().describe('Tijdelijke maximumsnelheid in km/h (temporarySpeedLimit)'),
  weg: z.string().nullable().describe('Wegnummer (roadNumber), als NDW het geeft'),
  wegnaam: z.string().nullable(),
  richting: z.string().nullable().describe('ALERT-C-richting (positive/negative)'),
  beheerder: z.string().nullable().describe('Bron van het bericht (sourceName), meestal de wegbeheerder'),
  opmerking: z.string().nullable(),
  afstand_m: z.number().int().describe('Kortste afstand in rechte lijn van het punt tot de weglijn (of het punt) van de maatregel, in meters'),
  geometrie: geometriePaarSchema('GeoJSON in WGS84', 'Dezelfde geometrie in RD (EPSG:28992)'),
}).meta({ id: 'Verkeersmaatregel' });

export const puntVerkeer = operation({
  id: 'punt-verkeer',
  path: '/v1/punt/{lon}/{lat}/verkeer',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Actuele afsluitingen en tijdelijke maximumsnelheden rond een punt',
  description:
    'Afsluitingen (RoadOrCarriagewayOrLaneManagement van een afsluitend type) en tijdelijke maximumsnelheden (SpeedManagement) ' +
    'binnen de straal, dichtstbijzijnde eerst, uit de NDW-bestanden tijdelijke verkeersmaatregelen (afsluitingen, maximum ' +
    'snelheden) en het actueel beeld (DATEX II v3, 10 minuten gecachet). Per maatregel: geldigheid, oorzaak, rijstroken, ' +
    'limiet, weg en de afstand in rechte lijn van het punt tot de weglijn. Maatregelen met alleen een ALERT-C-locatiecode ' +
    '(zonder coördinaten) kunnen niet op afstand worden gezocht en ontbreken.',
  sources: ['ndw-verkeersmaatregelen'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(100, 50000, 10000), n: nearestN(1, 25, 10) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: puntSchema,
    radius_m: z.number().int(),
    publicatietijden: z.object({ afsluitingen: z.iso.datetime({ offset: true }).nullable(), maximum_snelheden: z.iso.datetime({ offset: true }).nullable(), actueel_beeld: z.iso.datetime({ offset: true }).nullable() }),
    maatregelen: z.array(maatregelSchema).describe('Dichtstbijzijnde eerst'),
  }),
  onderdeel: 'verkeer',
  maxAgeSeconds: 60,
  async handle({ path, query, ctx }) {
    const p = { lon: path.lon, lat: path.lat };
    const r = await verkeerRond(p, query.radius, query.n, ctx.signal);
    return { data: { punt: puntUitWgs84(p), radius_m: query.radius, ...r.data }, bronnen: r.bronnen };
  },
});
