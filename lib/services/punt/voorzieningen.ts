// GET /v1/punt/{lon}/{lat}/voorzieningen: three parts in parallel (gather): the nearest charging points with real-time
// EVSE availability (NDW / DOT-NL OCPI locations), the nearest shared-bike stations of every national GBFS system,
// and the current weather at the nearest Buienradar station. A failing part is null with an 'onbeschikbaar' bronnen
// entry (the operation still answers 200); only when all three fail does it answer 502.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN, radius } from '@/lib/api/params';
import { gather } from '@/lib/sources/gather';
import { laadpuntenRond, ndwLaadpunten } from '@/lib/sources/ndw-laadpunten';
import { deelfietsenRond, gbfs } from '@/lib/sources/gbfs';
import { buienradar, weerBijPunt } from '@/lib/sources/buienradar';
import { weerstationSchema } from '@/lib/sources/buienradar-convert';
import { sourceErrorFromBronnen } from '@/lib/sources/source-error';
import { puntUitWgs84 } from '@/lib/geo/rd';

const puntSchema = z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) });

const connectorSchema = z.object({
  standaard: z.string().nullable().describe('OCPI ConnectorType, bijvoorbeeld IEC_62196_T2 of IEC_62196_T2_COMBO'),
  vorm: z.string().nullable().describe('SOCKET of CABLE'),
  stroomtype: z.string().nullable().describe('AC_1_PHASE, AC_3_PHASE of DC'),
  vermogen_kw: z.number().nullable().describe('Maximaal vermogen in kW'),
  vermogen_berekend: z.boolean().describe('true als het vermogen is berekend uit spanning × stroomsterkte (× 3 bij AC_3_PHASE) omdat max_electric_power ontbreekt'),
});

const laadpuntSchema = z.object({
  id: z.string().describe('OCPI-locatie-id'),
  naam: z.string().nullable(),
  adresregel: z.string().nullable().describe('Straat en huisnummer, als één tekst'),
  postcode: z.string().nullable(),
  plaats: z.string().nullable(),
  land: z.string().nullable(),
  parkeertype: z.string().nullable().describe('OCPI parking_type (of type in OCPI 2.1), bijvoorbeeld ON_STREET'),
  exploitant: z.string().nullable().describe('Naam van de exploitant (operator)'),
  bijgewerkt_op: z.iso.datetime({ offset: true }).nullable(),
  locatie: puntSchema,
  afstand_m: z.number().int(),
  beschikbaarheid: z
    .object({ aantal_evses: z.number().int(), beschikbaar: z.number().int(), bezet: z.number().int(), buiten_gebruik: z.number().int(), onbekend: z.number().int() })
    .describe('Aantallen EVSEs naar actuele status (AVAILABLE = beschikbaar; CHARGING, BLOCKED, RESERVED = bezet; INOPERATIVE, OUTOFORDER, PLANNED = buiten gebruik; REMOVED telt niet mee)'),
  evses: z.array(
    z.object({
      uid: z.string().nullable(),
      evse_id: z.string().nullable().describe('eMI3 EVSE-id, bijvoorbeeld NL*NUO*EALF*0005115*1'),
      status: z.string().nullable().describe('Actuele OCPI-status: AVAILABLE, CHARGING, BLOCKED, …'),
      bijgewerkt_op: z.iso.datetime({ offset: true }).nullable(),
      connectoren: z.array(connectorSchema),
    }),
  ),
});

const stationSchema = z.object({
  systeem: z.string().describe('Id van het GBFS-systeem, bijvoorbeeld ovfiets of donkey_rotterdam'),
  systeem_naam: z.string(),
  station_id: z.string(),
  naam: z.string().nullable(),
  adresregel: z.string().nullable().describe('Straat en huisnummer, als één tekst'),
  capaciteit: z.number().nullable(),
  fietsen_beschikbaar: z.number().nullable().describe('num_bikes_available (v2) of num_vehicles_available (v3)'),
  plekken_beschikbaar: z.number().nullable().describe('num_docks_available'),
  in_bedrijf: z.boolean().nullable(),
  verhuurt: z.boolean().nullable(),
  neemt_terug: z.boolean().nullable(),
  laatst_gemeld: z.iso.datetime({ offset: true }).nullable().describe('last_reported als ISO 8601 (UTC)'),
  locatie: puntSchema,
  afstand_m: z.number().int(),
});

// The station as lib/sources/buienradar-convert.ts reads it, placed relative to the point.
const weerSchema = weerstationSchema.omit({ lon: true, lat: true }).extend({
  locatie: puntSchema,
  afstand_m: z.number().int().describe('Afstand van het punt tot het weerstation'),
  bronvermelding: z.string().describe('Verplichte bronvermelding volgens de voorwaarden van Buienradar'),
});

export const puntVoorzieningen = operation({
  id: 'punt-voorzieningen',
  path: '/v1/punt/{lon}/{lat}/voorzieningen',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Laadpunten, deelfietsen en het actuele weer rond een punt',
  description:
    'Drie delen parallel: de dichtstbijzijnde laadpunten binnen de straal met actuele beschikbaarheid per EVSE en connectoren ' +
    '(NDW/DOT-NL, OCPI 2.2.1-locaties, 5 minuten gecachet), de dichtstbijzijnde deelfietsstations van alle landelijke ' +
    'GBFS-systemen binnen de straal (OV-fiets, Donkey Republic, nextbike, Cykl, HTM, GoAbout; gecachet volgens de ttl van ' +
    'de feeds) en de actuele metingen van het dichtstbijzijnde Buienradar-weerstation (ongeacht de straal). Laadpunten en ' +
    'stations: dichtstbijzijnde eerst, elk hooguit n. Valt een deel uit, dan is het null en staat de bron als ' +
    'onbeschikbaar in bronnen; alleen als alle drie uitvallen antwoordt de operatie 502.',
  sources: ['ndw-laadpunten', 'gbfs', 'buienradar'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(50, 5000, 750), n: nearestN(1, 25, 5) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: puntSchema,
    radius_m: z.number().int(),
    laadpunten: z
      .object({ laadpunten_landelijk: z.number().int().describe('Aantal laadlocaties in het landelijke bestand'), locaties: z.array(laadpuntSchema).describe('Laadlocaties (OCPI-locaties), dichtstbijzijnde eerst') })
      .nullable()
      .describe('null als de laadpuntenbron onbeschikbaar is'),
    deelfietsen: z
      .object({
        systemen_bevraagd: z.number().int(),
        systemen_beschikbaar: z.number().int().describe('Systemen die antwoordden (per systeem een bronnen-regel)'),
        stations: z.array(stationSchema),
      })
      .nullable()
      .describe('null als geen enkel GBFS-systeem antwoordde'),
    weer: weerSchema.nullable().describe('null als Buienradar onbeschikbaar is'),
  }),
  onderdeel: 'voorzieningen',
  maxAgeSeconds: 60,
  async handle({ path, query, ctx }) {
    const p = { lon: path.lon, lat: path.lat };
    const { results, bronnen } = await gather(
      {
        laadpunten: { source: ndwLaadpunten, run: (signal: AbortSignal) => laadpuntenRond(p, query.radius, query.n, signal) },
        deelfietsen: { source: gbfs, run: (signal: AbortSignal) => deelfietsenRond(p, query.radius, query.n, signal) },
        weer: { source: buienradar, run: (signal: AbortSignal) => weerBijPunt(p, signal) },
      },
      { budgetMs: 20_000, signal: ctx.signal },
    );
    if (!results.laadpunten && !results.deelfietsen && !results.weer) throw sourceErrorFromBronnen(bronnen);
    return {
      data: { punt: puntUitWgs84(p), radius_m: query.radius, laadpunten: results.laadpunten, deelfietsen: results.deelfietsen, weer: results.weer },
      bronnen,
    };
  },
});
