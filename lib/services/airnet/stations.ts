// GET /v1/airnet/stations: the Luchtmeetnet station catalogue (number, name, municipality, type, components,
// coordinates in WGS84 and RD), optionally filtered by a search text. Served from the 24-hour catalogue of
// lib/sources/luchtmeetnet.ts (list pages plus one detail call per station, paced).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { stationsCatalogus } from '@/lib/sources/luchtmeetnet';
import { luchtStationSchema, zoekStations } from '@/lib/sources/luchtmeetnet-convert';

export const airnetStations = operation({
  id: 'airnet-stations',
  path: '/v1/airnet/stations',
  api: 'airnet',
  bronType: 'bron-api',
  summary: 'Luchtmeetstations, optioneel gefilterd op zoekterm',
  description:
    'Alle meetstations van Luchtmeetnet met nummer, naam, locatie, gemeente, provincie, soort, beheerder, gemeten stoffen, ' +
    'beginjaar en coördinaten in WGS84 en RD, gesorteerd op nummer. zoek filtert op nummer, naam, locatie, gemeente, provincie ' +
    'en beheerder (deel van de tekst, hoofdletter- en accentongevoelig). De stationslijst met coördinaten wordt 24 uur bewaard; ' +
    'stationscatalogus zegt hoe volledig en hoe oud hij is. Afwijking van de specificatie (die alleen 200 noemt): kan Luchtmeetnet ' +
    'geen enkele stationslijst leveren, dan 502 met de bron, geen lege lijst.',
  sources: ['luchtmeetnet'],
  params: {
    query: z.object({
      zoek: z.string().trim().max(100).optional().describe('Zoekterm (deel van nummer, naam, locatie, gemeente, provincie of beheerder)').meta({ examples: ['Rotterdam'] }),
    }),
  },
  statuses: [200],
  response: z.object({
    zoek: z.string().nullable(),
    aantal: z.number().int(),
    stations: z.array(luchtStationSchema),
    stationscatalogus: z.object({
      aantal_stations: z.number().int(),
      met_coordinaten: z.number().int(),
      volledig: z.boolean().describe('false als nog niet van alle stations de details (ligging) bekend zijn'),
      bijgewerkt_op: z.iso.datetime({ offset: true }).nullable().describe('Tijdstip waarop de stationslijst volledig is opgehaald (ververst na 24 uur)'),
    }),
  }),
  onderdeel: 'stations',
  maxAgeSeconds: 3600,
  async handle({ query, ctx }) {
    const cat = await stationsCatalogus(ctx.signal);
    const zoek = query.zoek ? query.zoek : null;
    const stations = zoekStations(cat.data.stations, zoek ?? undefined);
    return { data: { zoek, aantal: stations.length, stations, stationscatalogus: cat.data.stand }, bronnen: cat.bronnen };
  },
});
