// Conversion of PDOK Locatieserver (v3.1) documents to this service's conventions: snake_case names,
// null for unknown, GM-prefixed municipality codes, and coordinates in both WGS84 and RD parsed from the
// WKT centroids. Pure functions; the client in pdok-locatieserver.ts does the I/O.
// Tolerant of what the real upstream does: optional fields missing, extra fields, keys in another case,
// numbers sent as strings. What can be derived is derived (document type from the id prefix, RD from WGS84
// and back, huisnummer, letter and toevoeging from huis_nlt); unknown is null, never "" or "onbekend".
import { z } from 'zod';
import { naarRd, naarWgs84 } from '@/lib/geo/rd';
import { str, int, num, lowerKeys } from './values';
import { expected } from './drift';

/** A count of the envelope: a number or a numeric string ("10127"). */
const telling = z.preprocess((v) => int(v) ?? v, z.number().int().nonnegative());

/** The Solr answer envelope of free, suggest and lookup: `{ response: { numFound, start, docs } }` (keys in any case). */
export const solrAnswerSchema = z.preprocess(
  (v) => {
    const body = lowerKeys(v);
    if (!body || typeof body.response !== 'object') return body;
    const r = lowerKeys(body.response) ?? {};
    // start is absent from some answers (it is the asked offset): 0 then.
    return { ...body, response: { numFound: r.numfound, start: r.start ?? 0, docs: r.docs } };
  },
  z.object({
    response: z.object({
      numFound: telling,
      start: telling,
      // Any document is read (fields depend on its type and on `fl`); id, type and weergavenaam are in every
      // answer of every request this service makes, so one lacking them is counted as format drift.
      docs: z.array(z.looseObject({ id: expected(z.unknown()), type: expected(z.unknown()), weergavenaam: expected(z.unknown()) })),
    }),
  }),
);

export type SolrAnswer = z.output<typeof solrAnswerSchema>;
/** One raw document of the Locatieserver (fields depend on its type and on `fl`). */
export type LocatieserverDoc = Record<string, unknown>;

export const suggestieSchema = z.object({
  id: z.string().nullable().describe('Id in de Locatieserver, bruikbaar voor /v1/addrreg/lookup (bijvoorbeeld adr-…); null als het antwoord er geen gaf'),
  weergavenaam: z.string().nullable().describe('Leesbare naam, bijvoorbeeld "Damrak 1, 1012LG Amsterdam"; null als de Locatieserver er geen gaf'),
  type: z.string().nullable().describe('Soort object: adres, postcode, weg, woonplaats, gemeente, provincie, …; afgeleid uit het id als de Locatieserver het niet geeft, null als onbekend'),
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
    id: z.string().nullable().describe('Id in de Locatieserver; null als het antwoord er geen gaf'),
    type: z
      .string()
      .nullable()
      .describe('Soort object: adres, postcode, weg, woonplaats, gemeente, …; afgeleid uit het id (adr-, pcd-, …) als het veld ontbreekt, null als onbekend'),
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
  .describe('Gestandaardiseerd locatieobject (adres, postcode, weg, woonplaats, gemeente, …) uit de Locatieserver').meta({ id: 'Locatie' });
export type Locatie = z.infer<typeof locatieSchema>;

/**
 * A suggest document as {id, weergavenaam, type}: type derived from the id when absent. Null only for a
 * document with neither id nor weergavenaam (nothing to show or look up); the caller counts those.
 */
export function toSuggestie(raw: LocatieserverDoc): Suggestie | null {
  const doc = lowerKeys(raw) ?? {};
  const id = str(doc.id);
  const weergavenaam = str(doc.weergavenaam);
  if (!id && !weergavenaam) return null;
  return { id, weergavenaam, type: str(doc.type) ?? typeUitId(id) };
}

/** Any Locatieserver document (adres, postcode, weg, woonplaats, gemeente, …) as a standardised object. */
export function toLocatie(raw: LocatieserverDoc): Locatie {
  const doc = lowerKeys(raw) ?? {};
  const gemeenteCode = gemeenteCodeOf(doc.gemeentecode);
  const gemeenteNaam = str(doc.gemeentenaam);
  const provincieCode = str(doc.provinciecode);
  const provincieNaam = str(doc.provincienaam);
  const waterschapCode = str(doc.waterschapscode);
  const waterschapNaam = str(doc.waterschapsnaam);
  const id = str(doc.id);
  const weergavenaam = str(doc.weergavenaam);
  const nummer = huisnummerDelen(doc);
  const wgs84 = pointOf(doc.centroide_ll, (a, b) => ({ lon: a, lat: b }));
  const rd = pointOf(doc.centroide_rd, (a, b) => ({ x: a, y: b }));
  return {
    id,
    type: str(doc.type) ?? typeUitId(id),
    weergavenaam,
    bronregistratie: str(doc.bron),
    straatnaam: str(doc.straatnaam),
    huisnummer: nummer.huisnummer,
    huisletter: nummer.huisletter,
    toevoeging: nummer.toevoeging,
    huisnummer_volledig: nummer.volledig,
    postcode: postcodeOf(doc.postcode) ?? postcodeUitNaam(weergavenaam),
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
    // One point in both systems: the one the answer lacks is derived from the other (lib/geo/rd.ts).
    coordinaten: {
      wgs84: wgs84 ?? (rd ? naarWgs84(rd) : null),
      rd: rd ?? (wgs84 ? naarRd(wgs84) : null),
    },
  };
}

/**
 * Document type by the prefix of its Locatieserver id ("adr-…" is an adres). Several spellings are known
 * for some types (the index has used wyk- and wijk-, brt- and buurt-); an unknown prefix gives null.
 */
const TYPE_VOOR_PREFIX: Record<string, string> = {
  adr: 'adres',
  adres: 'adres',
  pcd: 'postcode',
  pc6: 'postcode',
  postcode: 'postcode',
  weg: 'weg',
  wpl: 'woonplaats',
  woonplaats: 'woonplaats',
  gem: 'gemeente',
  gemeente: 'gemeente',
  prv: 'provincie',
  pro: 'provincie',
  provincie: 'provincie',
  wyk: 'wijk',
  wijk: 'wijk',
  brt: 'buurt',
  buurt: 'buurt',
  hmp: 'hectometerpaal',
  wts: 'waterschap',
  wtr: 'waterschap',
  waterschap: 'waterschap',
  pcl: 'perceel',
  per: 'perceel',
  perceel: 'perceel',
  app: 'appartementsrecht',
  apr: 'appartementsrecht',
  appartementsrecht: 'appartementsrecht',
};

/** The document type derived from a Locatieserver id ("adr-…" → adres); null when the prefix is unknown. */
export function typeUitId(id: string | null): string | null {
  const m = id ? /^([a-z0-9]+)[-_]/i.exec(id.trim()) : null;
  return m ? (TYPE_VOOR_PREFIX[m[1].toLowerCase()] ?? null) : null;
}

/** Splits a displayed house number ("12", "12A", "12A-2", "12-bis", "12 A 2") into its parts; null when it is not one. */
export function splitHuisNlt(value: unknown): { huisnummer: number; huisletter: string | null; toevoeging: string | null } | null {
  const t = str(value);
  if (!t) return null;
  const m = /^(\d{1,5})\s*(?:([A-Za-z])(?=$|[\s\-_/]))?\s*(?:[\s\-_/]+\s*)?([A-Za-z0-9]{1,4})?\s*$/.exec(t);
  if (!m) return null;
  return { huisnummer: Number(m[1]), huisletter: m[2] ?? null, toevoeging: m[3] ?? null };
}

/** Huisnummer, letter and toevoeging from huis_nlt, huisletter, huisnummertoevoeging in that order (first known value wins). */
function huisnummerDelen(doc: Record<string, unknown>) {
  const nlt = splitHuisNlt(doc.huis_nlt);
  const huisnummer = int(doc.huisnummer) ?? nlt?.huisnummer ?? null;
  const huisletter = nlt?.huisletter ?? str(doc.huisletter);
  const toevoeging = nlt?.toevoeging ?? str(doc.huisnummertoevoeging);
  const volledig =
    str(doc.huis_nlt) ?? (huisnummer === null ? null : `${huisnummer}${huisletter ?? ''}${toevoeging ? `-${toevoeging}` : ''}`);
  return { huisnummer, huisletter, toevoeging, volledig };
}

/** A Dutch postcode as "1234AB" (space removed, upper case); null when absent or not a postcode. */
function postcodeOf(value: unknown): string | null {
  const t = str(value)?.replace(/\s+/g, '').toUpperCase();
  return t && /^\d{4}[A-Z]{2}$/.test(t) ? t : null;
}

/** The postcode in a display name ("Damrak 1, 1012LG Amsterdam"), for documents that lack the field. */
function postcodeUitNaam(naam: string | null): string | null {
  const m = naam ? /\b(\d{4})\s?([A-Z]{2})\b/.exec(naam) : null;
  return m ? `${m[1]}${m[2]}` : null;
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
  const afstand = num(lowerKeys(doc)?.afstand);
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
