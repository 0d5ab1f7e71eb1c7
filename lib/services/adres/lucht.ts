// GET /v1/adres/{postcode}/{huisnummer}/lucht: address -> coordinate (PDOK Locatieserver) -> the n
// nearest Luchtmeetnet stations (straight-line distance in RD) -> per station the newest measurement
// per substance. The station catalogue (coordinates) is cached 24 hours, measurements 10 minutes (see
// lib/sources/luchtmeetnet.ts). Without the Locatieserver or the station catalogue nothing can be
// answered (502 naming the source); a station whose measurement call fails keeps its place with
// metingen null and an 'onbeschikbaar' bronnen entry. An address the Locatieserver returned without any
// coordinate answers 200 with no stations and Luchtmeetnet 'onbeschikbaar' (geen_coordinaat): the
// upstream did answer, there is only no point to measure from (lib/adres/zonder-punt.ts).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, nearestN, postcode } from '@/lib/api/params';
import { gather } from '@/lib/sources/gather';
import { type Punt, puntUitRd, puntUitWgs84 } from '@/lib/geo/rd';
import { luchtmeetnet, dichtstbijzijndeStations, nieuwsteMetingen } from '@/lib/sources/luchtmeetnet';
import { luchtStationSchema, metingSchema } from '@/lib/sources/luchtmeetnet-convert';
import type { Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { adresKort, adresKortSchema, adresOpHuisnummer } from '@/lib/adres/op-huisnummer';
import { zonderPunt } from '@/lib/adres/zonder-punt';

export const stationSchema = luchtStationSchema.extend({
  coordinaten: luchtStationSchema.shape.coordinaten.unwrap(),
  afstand_m: z.number().int().describe('Afstand in rechte lijn van het adres tot het station, in meters (RD)'),
  metingen: z
    .array(metingSchema)
    .nullable()
    .describe('Nieuwste meting per stof; null als de metingen van dit station niet opgehaald konden worden (zie bronnen)'),
}).meta({ id: 'LuchtStationMetMetingen' });

export const luchtSchema = z.object({
  adres: adresKortSchema,
  stations: z.array(stationSchema).describe('De dichtstbijzijnde stations, dichtstbij eerst'),
  stationscatalogus: z
    .object({
      aantal_stations: z.number().int(),
      met_coordinaten: z.number().int(),
      volledig: z.boolean().describe('false als nog niet van alle stations de ligging bekend is (eerste vulling loopt nog of een detailverzoek faalde)'),
      bijgewerkt_op: z.iso.datetime({ offset: true }).nullable().describe('Tijdstip waarop de stationslijst met coördinaten volledig is opgehaald (ververst na 24 uur)'),
    })
    .nullable()
    .describe('Stand van de stationslijst waaruit gekozen is; null als het adres geen coördinaat heeft (dan is de lijst niet geraadpleegd)'),
});
export type Lucht = z.infer<typeof luchtSchema>;

export const adresLucht = operation({
  id: 'adres-lucht',
  path: '/v1/adres/{postcode}/{huisnummer}/lucht',
  api: 'adres',
  bronType: 'eigen-dienst',
  summary: 'Dichtstbijzijnde luchtmeetstations bij een adres met de nieuwste meting per stof',
  description:
    'Adres naar coördinaat (PDOK Locatieserver; zonder toevoeging het adres zonder letter/toevoeging, anders het eerste op het huisnummer), ' +
    'dan de n dichtstbijzijnde meetstations van Luchtmeetnet in rechte lijn, elk met nummer, naam, gemeente, coördinaten in WGS84 en RD, ' +
    'afstand in meters en per stof (NO2, PM10, PM25, O3, …) de nieuwste meting in µg/m³ met timestamp_measured. ' +
    'Stationscoördinaten worden 24 uur bewaard, metingen 10 minuten. ' +
    'Geeft de Locatieserver het adres zonder enige coördinaat (geen centroide_ll en geen centroide_rd), dan is het antwoord 200 met het adres, ' +
    'stations [] en stationscatalogus null, en staat luchtmeetnet in bronnen als onbeschikbaar met foutsoort geen_coordinaat. ' +
    '404 als het adres niet bestaat; 502 alleen als de Locatieserver of de stationslijst van Luchtmeetnet faalt.',
  sources: ['pdok-locatieserver', 'luchtmeetnet'],
  params: {
    path: z.object({ postcode, huisnummer }),
    query: z.object({ n: nearestN(1, 10, 3).describe('Aantal dichtstbijzijnde stations (1-10)') }),
  },
  statuses: [200, 400, 404, 502],
  response: luchtSchema,
  onderdeel: 'lucht',
  maxAgeSeconds: 600,
  async handle({ path, query, ctx }) {
    const adres = await adresOpHuisnummer(path.postcode, path.huisnummer, ctx.signal);
    const punt = puntVan(adres.data.locatie);
    if (!punt) {
      // No coordinate at all: nothing to measure from. Not a 502 (the Locatieserver did answer), not silently empty.
      const data: Lucht = { adres: adresKort(adres.data), stations: [], stationscatalogus: null };
      return { data, bronnen: [...adres.bronnen, ...zonderPunt(luchtmeetnet).bronnen] };
    }
    const dichtbij = await dichtstbijzijndeStations(punt, query.n, ctx.signal);
    const calls = Object.fromEntries(
      dichtbij.data.stations.map((s) => [s.nummer, { source: luchtmeetnet, run: (signal: AbortSignal) => nieuwsteMetingen(s.nummer, signal) }]),
    );
    const metingen = await gather(calls, { budgetMs: 8000, signal: ctx.signal });
    const data: Lucht = {
      adres: adresKort(adres.data),
      stations: dichtbij.data.stations.map((s) => ({ ...s, metingen: metingen.results[s.nummer] ?? null })),
      stationscatalogus: dichtbij.data.catalogus,
    };
    return { data, bronnen: [...adres.bronnen, ...dichtbij.bronnen, ...metingen.bronnen] };
  },
});

/** The address point in both systems; null when the Locatieserver gave the address without any coordinate. */
function puntVan(l: Locatie): Punt | null {
  if (l.coordinaten.rd) return puntUitRd(l.coordinaten.rd);
  if (l.coordinaten.wgs84) return puntUitWgs84(l.coordinaten.wgs84);
  return null;
}
