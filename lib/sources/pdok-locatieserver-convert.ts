// Conversion of PDOK Locatieserver (v3.1) documents to this service's conventions: snake_case names,
// null for unknown, GM-prefixed municipality codes, and coordinates in both WGS84 and RD parsed from the
// WKT centroids. Pure functions; the client in pdok-locatieserver.ts does the I/O.
import { z } from 'zod';
import { str, int, num } from './values';

/** The Solr answer envelope of free, suggest and lookup: `{ response: { numFound, start, docs } }`. */
export const solrAnswerSchema = z.object({
  response: z.object({
    numFound: z.number().int().nonnegative(),
    start: z.number().int().nonnegative(),
    docs: z.array(z.record(z.string(), z.unknown())),
  }),
});

export type SolrAnswer = z.infer<typeof solrAnswerSchema>;
/** One raw document of the Locatieserver (fields depend on its type and on `fl`). */
export type LocatieserverDoc = Record<string, unknown>;

export const suggestieSchema = z.object({
  id: z.string().describe('Id in de Locatieserver, bruikbaar voor /v1/addrreg/lookup (bijvoorbeeld adr-…)'),
  weergavenaam: z.string().describe('Leesbare naam, bijvoorbeeld "Damrak 1, 1012LG Amsterdam"'),
  type: z.string().describe('Soort object: adres, postcode, weg, woonplaats, gemeente, provincie, …'),
});
export type Suggestie = z.infer<typeof suggestieSchema>;

const codeNaam = z.object({ code: z.string().nullable(), naam: z.string().nullable() });

export const coordinatenSchema = z
  .object({
    wgs84: z.object({ lon: z.number(), lat: z.number() }).nullable().describe('Lengte- en breedtegraad (EPSG:4326); null als onbekend'),
    rd: z.object({ x: z.number(), y: z.number() }).nullable().describe('Rijksdriehoekscoördinaten (EPSG:28992) in meters; null als onbekend'),
  })
  .describe('Zwaartepunt (centroïde) van het object');

export const locatieSchema = z
  .object({
    id: z.string().describe('Id in de Locatieserver'),
    type: z.string().describe('Soort object: adres, postcode, weg, woonplaats, gemeente, …'),
    weergavenaam: z.string().nullable(),
    bronregistratie: z.string().nullable().describe('Registratie waar het object vandaan komt, bijvoorbeeld BAG of NWB'),
    straatnaam: z.string().nullable(),
    huisnummer: z.number().int().nullable(),
    huisletter: z.string().nullable(),
    toevoeging: z.string().nullable().describe('Huisnummertoevoeging'),
    huisnummer_volledig: z.string().nullable().describe('Huisnummer met letter en toevoeging zoals weergegeven, bijvoorbeeld 23L-1'),
    postcode: z.string().nullable(),
    woonplaats: z.string().nullable().describe('Naam van de woonplaats'),
    woonplaats_code: z.string().nullable().describe('Code van de woonplaats in de BAG (vier cijfers)'),
    gemeente: codeNaam.nullable().describe('Gemeente; code is GM gevolgd door vier cijfers'),
    provincie: codeNaam.extend({ afkorting: z.string().nullable() }).nullable().describe('Provincie; code is PV gevolgd door twee cijfers'),
    wijk_code: z.string().nullable().describe('CBS-wijkcode (WK…)'),
    wijk_naam: z.string().nullable(),
    buurt_code: z.string().nullable().describe('CBS-buurtcode (BU…)'),
    buurt_naam: z.string().nullable(),
    waterschap: codeNaam.nullable(),
    nummeraanduiding_id: z.string().nullable().describe('BAG-nummeraanduiding (16 cijfers)'),
    adresseerbaarobject_id: z.string().nullable().describe('BAG-verblijfsobject, -standplaats of -ligplaats (16 cijfers)'),
    openbareruimte_id: z.string().nullable().describe('BAG-openbare ruimte (16 cijfers)'),
    percelen: z.array(z.string()).nullable().describe('Gekoppelde kadastrale percelen, bijvoorbeeld UTT00-R-364; null als onbekend'),
    appartementsrechten: z.array(z.string()).nullable().describe('Gekoppelde appartementsrechten; null als onbekend'),
    coordinaten: coordinatenSchema,
  })
  .describe('Gestandaardiseerd locatieobject (adres, postcode, weg, woonplaats, gemeente, …) uit de Locatieserver');
export type Locatie = z.infer<typeof locatieSchema>;

/** A suggest document as {id, weergavenaam, type}; null when the document lacks one of them. */
export function toSuggestie(doc: LocatieserverDoc): Suggestie | null {
  const id = str(doc.id);
  const weergavenaam = str(doc.weergavenaam);
  const type = str(doc.type);
  if (!id || !weergavenaam || !type) return null;
  return { id, weergavenaam, type };
}

/** Any Locatieserver document (adres, postcode, weg, woonplaats, gemeente, …) as a standardised object. */
export function toLocatie(doc: LocatieserverDoc): Locatie {
  const gemeenteCode = gemeenteCodeOf(doc.gemeentecode);
  const gemeenteNaam = str(doc.gemeentenaam);
  const provincieCode = str(doc.provinciecode);
  const provincieNaam = str(doc.provincienaam);
  const waterschapCode = str(doc.waterschapscode);
  const waterschapNaam = str(doc.waterschapsnaam);
  return {
    id: str(doc.id) ?? '',
    type: str(doc.type) ?? 'onbekend',
    weergavenaam: str(doc.weergavenaam),
    bronregistratie: str(doc.bron),
    straatnaam: str(doc.straatnaam),
    huisnummer: int(doc.huisnummer),
    huisletter: str(doc.huisletter),
    toevoeging: str(doc.huisnummertoevoeging),
    huisnummer_volledig: str(doc.huis_nlt),
    postcode: str(doc.postcode),
    woonplaats: str(doc.woonplaatsnaam),
    woonplaats_code: str(doc.woonplaatscode),
    gemeente: gemeenteCode || gemeenteNaam ? { code: gemeenteCode, naam: gemeenteNaam } : null,
    provincie:
      provincieCode || provincieNaam ? { code: provincieCode, naam: provincieNaam, afkorting: str(doc.provincieafkorting) } : null,
    wijk_code: str(doc.wijkcode),
    wijk_naam: str(doc.wijknaam),
    buurt_code: str(doc.buurtcode),
    buurt_naam: str(doc.buurtnaam),
    waterschap: waterschapCode || waterschapNaam ? { code: waterschapCode, naam: waterschapNaam } : null,
    nummeraanduiding_id: str(doc.nummeraanduiding_id),
    adresseerbaarobject_id: str(doc.adresseerbaarobject_id),
    openbareruimte_id: str(doc.openbareruimte_id),
    percelen: strList(doc.gekoppeld_perceel),
    appartementsrechten: strList(doc.gekoppeld_appartement),
    coordinaten: {
      wgs84: pointOf(doc.centroide_ll, (a, b) => ({ lon: a, lat: b })),
      rd: pointOf(doc.centroide_rd, (a, b) => ({ x: a, y: b })),
    },
  };
}

/** The municipality code with the CBS prefix: the Locatieserver gives "0344", we answer "GM0344". */
export function gemeenteCodeOf(value: unknown): string | null {
  const raw = typeof value === 'number' ? String(value) : str(value);
  if (!raw) return null;
  const digits = raw.replace(/^GM/i, '');
  return /^\d{1,4}$/.test(digits) ? `GM${digits.padStart(4, '0')}` : null;
}

/** Parses a WKT point "POINT(a b)" into its two numbers; null when absent or not a point. */
export function parseWktPoint(value: unknown): [number, number] | null {
  if (typeof value !== 'string') return null;
  const m = /^\s*POINT\s*\(\s*(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s+(-?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)\s*\)\s*$/i.exec(value);
  if (!m) return null;
  const a = Number(m[1]);
  const b = Number(m[2]);
  return Number.isFinite(a) && Number.isFinite(b) ? [a, b] : null;
}

function pointOf<T>(value: unknown, make: (a: number, b: number) => T): T | null {
  const p = parseWktPoint(value);
  return p ? make(p[0], p[1]) : null;
}



function strList(value: unknown): string[] | null {
  if (Array.isArray(value)) return value.map(str).filter((s): s is string => s !== null);
  const single = str(value);
  return single ? [single] : null;
}

/** A document of the reverse geocoder: the location plus its distance to the asked point. */
export type ReverseTreffer = Locatie & {
  /** Distance from the asked point in metres, as the Locatieserver gives it (`afstand`); null when the answer lacks it (custom fl). */
  afstand_m: number | null;
};

/** A reverse document (type adres by default) as a standardised location with its distance. */
export function toReverseTreffer(doc: LocatieserverDoc): ReverseTreffer {
  const afstand = num(doc.afstand);
  return { ...toLocatie(doc), afstand_m: afstand === null ? null : Math.round(afstand * 10) / 10 };
}

/**
 * Reverse documents nearest first, without those the Locatieserver puts beyond the asked distance (it should
 * not; a defensive check so an answer never claims an address outside the radius). Documents without
 * afstand keep their upstream order after those with one.
 */
export function binnenAfstand(items: ReverseTreffer[], distanceM: number): ReverseTreffer[] {
  return items
    .filter((t) => t.afstand_m === null || t.afstand_m <= distanceM)
    .sort((a, b) => (a.afstand_m ?? Infinity) - (b.afstand_m ?? Infinity));
}
