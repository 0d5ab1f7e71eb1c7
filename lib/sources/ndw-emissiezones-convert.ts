// NDW emission zones (DATEX II v3 ControlledZoneTablePublication, emissiezones.xml.gz): each
// urbanVehicleAccessRegulation becomes a zone with its name, kind, status, issuing authority, regulation id,
// validity, the vehicle conditions as a readable tree, and its polygons (posList "lat lon lat lon …" in
// WGS 84) as GeoJSON in WGS84 plus RD. Parsing never expands entities. Pure functions.
// Tolerant reading (issue 21): what is missing is null ("onbekend", as NDW writes an unknown regulationId, too);
// what can be derived is derived: a zone's id from its regulation order's (<id>_TRO) or regulation's (<id>_TR),
// a condition's kind from its content when xsi:type is missing, an absent negate is false (the DATEX II default).
// A zone is left out only explicitly: without any id or without an area (a zone is found by its area).
import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { geometrieUitWgs84, type Geometrie } from '@/lib/geo/geojson';
import { geometrieSchema } from './ndw-verkeer-convert';

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  removeNSPrefix: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => ['urbanVehicleAccessRegulation', 'gmlPolygon', 'conditions', 'value', 'interior'].includes(name),
});

export type Voorwaarde =
  | { soort: 'groep'; operator: 'and' | 'or' | null; negatie: boolean; voorwaarden: Voorwaarde[] }
  | { soort: 'voertuig'; negatie: boolean; eu_voertuigcategorie: string | null; bijzonder_voertuig: string | null; eigenaar: string | null; brandstof: string | null; euroklasse: string | null; leeftijd: { vergelijking: string; jaren: number } | null }
  | { soort: 'geldigheid'; negatie: boolean; van: string | null; tot: string | null };

export interface Milieuzone {
  id: string;
  naam: string | null;
  soort: string | null;
  status: string | null;
  instantie: string | null;
  besluit: string | null;
  url: string | null;
  geldig_vanaf: string | null;
  geldig_tot: string | null;
  toegang: string | null;
  voorwaarden: Voorwaarde | null;
  geometrie: { wgs84: Geometrie; rd: Geometrie };
}

type Node = Record<string, unknown>;
const obj = (v: unknown): Node => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Node) : {});
const list = (v: unknown): Node[] => (Array.isArray(v) ? v.map(obj) : v === undefined ? [] : [obj(v)]);
const text = (v: unknown): string | null => {
  if (typeof v === 'string') return v.trim() === '' || v.trim().toLowerCase() === 'onbekend' ? null : v.trim();
  if (v && typeof v === 'object' && '#text' in (v as Node)) return text((v as Node)['#text']);
  return null;
};
/** The xsi:type of an element (the parser drops namespace prefixes, also of attributes). */
const xsiType = (c: Node): string => String(c['@_type'] ?? c['@_xsi:type'] ?? '');

/**
 * The kind of a condition: its xsi:type, else derived from what it holds (sub-conditions: a ConditionSet; a
 * validity, location or vehicle part: that kind of condition).
 */
function soortVan(c: Node): string {
  const type = xsiType(c);
  if (type) return type;
  if ('conditions' in c) return 'ConditionSet';
  if ('validityByOrder' in c) return 'ValidityCondition';
  if ('locationByOrder' in c) return 'LocationCondition';
  if ('vehicleCharacteristics' in c) return 'VehicleCondition';
  return '';
}
const nlValue = (v: unknown): string | null => {
  // A value without attributes arrives as plain text, one with a language as {'#text', '@_lang'}.
  const value = obj(obj(v).values).value;
  const values: unknown[] = Array.isArray(value) ? value : value === undefined ? [] : [value];
  const nl = values.find((x) => obj(x)['@_lang'] === 'nl') ?? values[0];
  return text(nl);
};

/** The zones of an emissiezones publication; throws on a document that is not one. */
export function parseMilieuzones(xml: string): { publicatietijd: string | null; zones: Milieuzone[] } {
  const doc = obj(parser.parse(xml));
  const payload = obj(obj(doc.messageContainer).payload);
  const table = obj(payload.controlledZoneTable);
  if (!('controlledZoneTable' in payload)) throw new Error('not a ControlledZoneTablePublication');
  const zones = list(table.urbanVehicleAccessRegulation)
    .map(toZone)
    .filter((x): x is Milieuzone => x !== null);
  return { publicatietijd: text(payload.publicationTime), zones };
}

/** A zone's id: its own, else its regulation order's without _TRO, else its regulation's without _TR. */
function zoneId(r: Node, order: Node, regulation: Node): string | null {
  const eigen = text(r['@_id']);
  if (eigen) return eigen;
  const uit = (v: unknown, suffix: string) => {
    const t = text(v);
    return t && t.endsWith(suffix) && t.length > suffix.length ? t.slice(0, -suffix.length) : null;
  };
  return uit(order['@_id'], '_TRO') ?? uit(regulation['@_id'], '_TR');
}

/** One zone; null (left out on purpose) without any id or without an area: a zone is found by its area only. */
function toZone(r: Node): Milieuzone | null {
  const order = obj(r.trafficRegulationOrder);
  const regulation = obj(order.trafficRegulation);
  const top = obj(regulation.condition);
  const polygons: number[][][][] = [];
  let geldig: { van: string | null; tot: string | null } = { van: null, tot: null };
  for (const c of list(top.conditions)) {
    const type = soortVan(c);
    if (type.endsWith('LocationCondition')) {
      for (const p of list(obj(obj(c.locationByOrder).gmlMultiPolygon).gmlPolygon)) {
        const rings = [ring(obj(p.exterior).posList), ...list(p.interior).map((i) => ring(i.posList))].filter((x) => x.length >= 4);
        if (rings.length > 0) polygons.push(rings);
      }
    } else if (type.endsWith('ValidityCondition') && geldig.van === null) {
      geldig = validity(c);
    }
  }
  const id = zoneId(r, order, regulation);
  if (!id || polygons.length === 0) return null;
  return {
    id,
    naam: nlValue(r.name),
    soort: text(r.controlledZoneType),
    status: text(r.status),
    instantie: nlValue(order.issuingAuthority),
    besluit: text(order.regulationId),
    url: text(r.urlForFurtherInformation),
    geldig_vanaf: geldig.van,
    geldig_tot: geldig.tot,
    toegang: text(obj(regulation.typeOfRegulation).accessRestrictionType),
    voorwaarden: 'operator' in top || 'conditions' in top ? condition(top, true) : null,
    geometrie: geometrieUitWgs84({ type: 'MultiPolygon', coordinates: polygons }),
  };
}

/** "lat lon lat lon …" to a GeoJSON ring of [lon, lat]. */
export function ring(posList: unknown): number[][] {
  const nums = (text(posList) ?? '').split(/\s+/).map(Number).filter((n) => Number.isFinite(n));
  const out: number[][] = [];
  for (let i = 0; i + 1 < nums.length; i += 2) out.push([nums[i + 1], nums[i]]);
  return out;
}

function validity(c: Node): { van: string | null; tot: string | null } {
  const spec = obj(obj(c.validityByOrder).validityTimeSpecification);
  return { van: text(spec.overallStartTime), tot: text(spec.overallEndTime) };
}

/** The condition tree without the location (that is the geometry). */
function condition(c: Node, top = false): Voorwaarde | null {
  const type = soortVan(c);
  const negatie = text(c.negate)?.toLowerCase() === 'true';
  if (type.endsWith('ConditionSet') || top) {
    const voorwaarden = list(c.conditions)
      .map((x) => condition(x))
      .filter((x): x is Voorwaarde => x !== null);
    const operator = text(c.operator)?.toLowerCase();
    return { soort: 'groep', operator: operator === 'or' || operator === 'and' ? operator : null, negatie, voorwaarden };
  }
  if (type.endsWith('ValidityCondition')) return { soort: 'geldigheid', negatie, ...validity(c) };
  if (type.endsWith('VehicleCondition')) {
    const vc = obj(c.vehicleCharacteristics);
    const extended = obj(obj(vc._vehicleCharacteristicsExtension).vehicleCharacteristicsExtended);
    const ext = obj(extended.regulatedCharacteristics);
    const age = obj(extended.ageCharacteristic);
    const leeftijd = text(age.vehicleAge);
    const jaren = leeftijd === null ? NaN : Number(leeftijd);
    return {
      soort: 'voertuig',
      negatie,
      eu_voertuigcategorie: text(ext.euVehicleCategory),
      bijzonder_voertuig: text(ext.euSpecialPurposeVehicle),
      eigenaar: text(obj(extended.ownerCharacteristic).ownerType),
      brandstof: text(vc.fuelType),
      euroklasse: text(obj(vc.emissions).emissionClassificationEuro),
      leeftijd: Number.isFinite(jaren) && text(age.comparisonOperator) ? { vergelijking: text(age.comparisonOperator) as string, jaren } : null,
    };
  }
  return null; // LocationCondition: the geometry
}

const tekst = z.string().min(1).nullable();

/** A condition tree as the conversion gives it. */
export const voorwaardeSchema: z.ZodType<Voorwaarde> = z.lazy(() =>
  z.union([
    z.object({ soort: z.literal('groep'), operator: z.enum(['and', 'or']).nullable(), negatie: z.boolean(), voorwaarden: z.array(voorwaardeSchema) }),
    z.object({
      soort: z.literal('voertuig'),
      negatie: z.boolean(),
      eu_voertuigcategorie: tekst,
      bijzonder_voertuig: tekst,
      eigenaar: tekst,
      brandstof: tekst,
      euroklasse: tekst,
      leeftijd: z.object({ vergelijking: z.string().min(1), jaren: z.number() }).nullable(),
    }),
    z.object({ soort: z.literal('geldigheid'), negatie: z.boolean(), van: tekst, tot: tekst }),
  ]),
);

/** The shape of a converted zone (checked by the tolerance tests; unknown is null). */
export const milieuzoneSchema = z.object({
  id: z.string().min(1),
  naam: tekst,
  soort: tekst,
  status: tekst,
  instantie: tekst,
  besluit: tekst,
  url: tekst,
  geldig_vanaf: tekst,
  geldig_tot: tekst,
  toegang: tekst,
  voorwaarden: voorwaardeSchema.nullable(),
  geometrie: z.object({ wgs84: geometrieSchema, rd: geometrieSchema }),
}) satisfies z.ZodType<Milieuzone>;
