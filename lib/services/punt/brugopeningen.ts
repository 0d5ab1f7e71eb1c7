// GET /v1/punt/{lon}/{lat}/brugopeningen: planned bridge openings near a point (NDW brugopeningen, DATEX II v3:
// GeneralNetworkManagement records with validity window, status and the bridge's RIS-index code) and the current
// safety-related traffic messages near it (NDW SRTI feed), each list nearest first with the straight-line distance.
import { z } from 'zod';
import { geometriePaarSchema } from '@/lib/geo/geojson-schema';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN, radius } from '@/lib/api/params';
import { brugopeningenRond } from '@/lib/sources/ndw-brugopeningen';
import { puntUitWgs84 } from '@/lib/geo/rd';

const puntSchema = z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) });

export const brugopeningSchema = z.object({
  id: z.string().describe('Id van het situationRecord (BMS01_<brugcode>_<volgnummer>_01)'),
  versie: z.string().nullable(),
  situatie_id: z.string().nullable(),
  type: z.string().nullable().describe('generalNetworkManagementType, bijvoorbeeld bridgeSwingInOperation'),
  status: z.string().nullable().describe('operatorActionStatus: approved (gepland), implemented (bezig), beingTerminated, …'),
  waarschijnlijkheid: z.string().nullable().describe('probabilityOfOccurrence, bijvoorbeeld riskOf'),
  geldig_vanaf: z.iso.datetime({ offset: true }).nullable().describe('Begin van de (geplande) opening'),
  geldig_tot: z.iso.datetime({ offset: true }).nullable().describe('Einde van de (geplande) opening'),
  actief_nu: z.boolean().describe('true als het moment van bevragen binnen het venster valt'),
  brug_code: z.string().nullable().describe('Code van de brug in de RIS-index (ISRS-code, externalLocationCode)'),
  codesysteem: z.string().nullable().describe('externalReferencingSystem, bijvoorbeeld RIS-index'),
  naam: z.string().nullable().describe('Naam van brug of weg, als NDW die geeft (de landelijke feed geeft meestal geen naam)'),
  omschrijving: z.string().nullable().describe('Toelichting (generalPublicComment), als gegeven'),
  bron: z.string().nullable().describe('Leverancier van het bericht (sourceName), bijvoorbeeld BMS01'),
  versietijd: z.iso.datetime({ offset: true }).nullable(),
  afstand_m: z.number().int().describe('Afstand in rechte lijn van het punt tot de brug, in meters'),
  locatie: puntSchema.nullable().describe('Locatie van de brug in WGS84 en RD'),
});

export const veiligheidsberichtSchema = z.object({
  id: z.string(),
  versie: z.string().nullable(),
  situatie_id: z.string().nullable(),
  type: z.string().nullable().describe('Soort bericht (xsi:type), bijvoorbeeld VehicleObstruction'),
  subtype: z.string().nullable().describe('Eigen typering van het bericht, bijvoorbeeld vehicleObstructionType'),
  veiligheidsgerelateerd: z.boolean().nullable().describe('safetyRelatedMessage'),
  ernst: z.string().nullable().describe('overallSeverity van de situatie'),
  waarschijnlijkheid: z.string().nullable().describe('probabilityOfOccurrence, bijvoorbeeld certain'),
  geldig_vanaf: z.iso.datetime({ offset: true }).nullable(),
  geldig_tot: z.iso.datetime({ offset: true }).nullable(),
  actief_nu: z.boolean(),
  omschrijving: z.string().nullable().describe('generalPublicComment, bijvoorbeeld Botsabsorber'),
  bron: z.string().nullable(),
  rijbaan: z.string().nullable(),
  richting: z.string().nullable().describe('ALERT-C-richting (positive/negative)'),
  versietijd: z.iso.datetime({ offset: true }).nullable(),
  afstand_m: z.number().int().describe('Kortste afstand in rechte lijn van het punt tot de locatie van het bericht, in meters'),
  geometrie: geometriePaarSchema('GeoJSON in WGS84', 'Dezelfde geometrie in RD (EPSG:28992)'),
});

export const puntBrugopeningen = operation({
  id: 'punt-brugopeningen',
  path: '/v1/punt/{lon}/{lat}/brugopeningen',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Geplande brugopeningen en actuele veiligheidsberichten rond een punt',
  description:
    'Geplande brugopeningen (GeneralNetworkManagement, bridgeSwingInOperation) binnen de straal uit het NDW-bestand ' +
    'brugopeningen, met geldigheidsvenster, status, RIS-indexcode van de brug en locatie, plus de actuele ' +
    'veiligheidsgerelateerde verkeersberichten (SRTI) binnen dezelfde straal. Beide lijsten dichtstbijzijnde eerst ' +
    '(bij gelijke afstand het vroegste begin eerst), elk hooguit n. Beide NDW-bestanden (DATEX II v3) worden 5 minuten ' +
    'gecachet. Valt een van beide uit, dan is die lijst null en staat die bron als onbeschikbaar in bronnen; ' +
    'alleen als beide uitvallen antwoordt de operatie 502 met de namen van beide bronnen.',
  sources: ['ndw-brugopeningen', 'ndw-srti'],
  params: {
    path: z.object({ lon, lat }),
    query: z.object({ radius: radius(100, 50000, 15000), n: nearestN(1, 25, 10) }),
  },
  statuses: [200, 400, 502],
  response: z.object({
    punt: puntSchema,
    radius_m: z.number().int(),
    publicatietijden: z
      .object({ brugopeningen_op: z.iso.datetime({ offset: true }).nullable(), veiligheidsberichten_op: z.iso.datetime({ offset: true }).nullable() })
      .describe('Publicatietijd van elk NDW-bestand (brugopeningen, SRTI); null als dat bestand onbeschikbaar is'),
    brugopeningen_landelijk: z.number().int().nullable().describe('Aantal brugopeningen in de landelijke publicatie; null als dat bestand onbeschikbaar is'),
    brugopeningen: z.array(brugopeningSchema).nullable().describe('Dichtstbijzijnde eerst; null als het bestand brugopeningen onbeschikbaar is'),
    veiligheidsberichten: z.array(veiligheidsberichtSchema).nullable().describe('Dichtstbijzijnde eerst; null als het SRTI-bestand onbeschikbaar is'),
  }),
  onderdeel: 'brugopeningen',
  maxAgeSeconds: 60,
  async handle({ path, query, ctx }) {
    const p = { lon: path.lon, lat: path.lat };
    const r = await brugopeningenRond(p, query.radius, query.n, ctx.signal);
    return { data: { punt: puntUitWgs84(p), radius_m: query.radius, ...r.data }, bronnen: r.bronnen };
  },
});
