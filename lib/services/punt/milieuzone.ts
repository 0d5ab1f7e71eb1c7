// GET /v1/punt/{lon}/{lat}/milieuzone: point-in-polygon over every national emission zone (NDW). Per zone the
// point lies in: name, municipality, the euro norms named in its rules and the regulation reference; when the
// point lies in none, the nearest zones with their distance to the zone border.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { lat, lon, nearestN } from '@/lib/api/params';
import { milieuzonesBijPunt, type ZoneBijPunt } from '@/lib/sources/ndw-emissiezones';
import type { Voorwaarde } from '@/lib/sources/ndw-emissiezones-convert';
import { puntUitWgs84 } from '@/lib/geo/rd';

/** The euro norms named anywhere in a zone's rules (e.g. euro5, euro6), in order of appearance. */
export function euronormen(v: Voorwaarde | null): string[] {
  const out: string[] = [];
  const walk = (x: Voorwaarde) => {
    if (x.soort === 'groep') x.voorwaarden.forEach(walk);
    else if (x.soort === 'voertuig' && x.euroklasse && !out.includes(x.euroklasse)) out.push(x.euroklasse);
  };
  if (v) walk(v);
  return out;
}

export const zoneSchema = z.object({
  id: z.string(),
  naam: z.string().nullable(),
  gemeente_naam: z.string().nullable().describe('Instantie (meestal de gemeente) die de zone instelde'),
  soort: z.string().nullable().describe('DATEX II controlledZoneType, bijvoorbeeld lowEmissionZone'),
  status: z.string().nullable(),
  in_zone: z.boolean().describe('true als het punt in de zone ligt'),
  afstand_m: z.number().int().describe('0 binnen de zone, anders de kortste afstand tot de zonegrens in meters'),
  euronormen: z.array(z.string()).describe('Euronormen die in de regels van de zone voorkomen'),
  besluit: z.string().nullable().describe('Verwijzing naar het verkeersbesluit (regulationId)'),
  url: z.string().nullable(),
  geldig_vanaf: z.iso.datetime({ offset: true }).nullable(),
  geldig_tot: z.iso.datetime({ offset: true }).nullable(),
  regels: z
    .unknown()
    .nullable()
    .describe(
      'De voertuigregels als boom: {soort: groep, operator: and|or (null als de bron het niet noemt), negatie, voorwaarden: [...]}, {soort: voertuig, negatie, ' +
        'eu_voertuigcategorie, bijzonder_voertuig, eigenaar, brandstof, euroklasse, leeftijd: {vergelijking, jaren}} of ' +
        '{soort: geldigheid, negatie, van, tot}',
    ),
}).meta({ id: 'Milieuzone' });

export const puntMilieuzone = operation({
  id: 'punt-milieuzone',
  path: '/v1/punt/{lon}/{lat}/milieuzone',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Milieuzones waarin een punt ligt, anders de dichtstbijzijnde met afstand',
  description:
    'Punt-in-polygoon over alle landelijke milieuzones uit de NDW-publicatie emissiezones (DATEX II v3). Per zone: naam, gemeente, ' +
    'de euronormen uit de regels, de verwijzing naar het verkeersbesluit, geldigheid en de regels als boom. Ligt het punt in geen ' +
    'zone, dan de n dichtstbijzijnde zones met de afstand tot de zonegrens. De publicatie wordt een uur gecachet.',
  sources: ['ndw-emissiezones'],
  params: { path: z.object({ lon, lat }), query: z.object({ n: nearestN(1, 10, 3) }) },
  statuses: [200, 400, 502],
  response: z.object({
    punt: z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) }),
    publicatietijd: z.iso.datetime({ offset: true }).nullable(),
    in_zone: z.boolean(),
    zones: z.array(zoneSchema),
  }),
  onderdeel: 'milieuzone',
  maxAgeSeconds: 600,
  async handle({ path, query, ctx }) {
    const r = await milieuzonesBijPunt({ lon: path.lon, lat: path.lat }, query.n, ctx.signal);
    const binnen = r.data.zones.filter((z) => z.binnen);
    const zones = (binnen.length > 0 ? binnen : r.data.zones).map(zoneUitvoer);
    return {
      data: { punt: puntUitWgs84({ lon: path.lon, lat: path.lat }), publicatietijd: r.data.publicatietijd, in_zone: binnen.length > 0, zones },
      bronnen: r.bronnen,
    };
  },
});

/** A zone near a point as the API gives it. */
export function zoneUitvoer({ zone, binnen: b, afstand_m }: ZoneBijPunt): z.infer<typeof zoneSchema> {
  return {
    id: zone.id,
    naam: zone.naam,
    gemeente_naam: zone.instantie,
    soort: zone.soort,
    status: zone.status,
    in_zone: b,
    afstand_m,
    euronormen: euronormen(zone.voorwaarden),
    besluit: zone.besluit,
    url: zone.url,
    geldig_vanaf: zone.geldig_vanaf,
    geldig_tot: zone.geldig_tot,
    regels: zone.voorwaarden,
  };
}
