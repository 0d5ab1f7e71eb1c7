// Conversion of BAG Individuele Bevragingen v2 answers (application/hal+json) to this service's
// conventions. `/adressenuitgebreid` answers a HAL document whose `_embedded.adressen` lists the matching
// addresses with camelCase keys (nummeraanduidingIdentificatie, adresseerbaarObjectIdentificatie,
// pandIdentificaties, adresseerbaarObjectGeometrie.punt in the CRS asked with Accept-Crs, gebruiksdoelen,
// oppervlakte, oorspronkelijkBouwjaar as a list of texts, one per pand, adresseerbaarObjectStatus,
// pandStatussen, adresregel5/6): recorded answer for 1082GB 43-2 in
// test/upstream/fixtures/bag-individuele-bevragingen. An unknown address is HTTP 200 with ONLY `_links`
// (recorded for 9999ZZ 99): `toBagAdressen` gives null for it and the adapter maps that to a 404.
// Pure functions; I/O is in bag-individuele-bevragingen.ts.
import { z } from 'zod';
import { inNederlandRd, puntUitRd } from '@/lib/geo/rd';
import { bagId } from './bag-ogc-convert';
import { int, lowerKeys, num, str } from './values';
import { splitHuisNlt } from './pdok-locatieserver-convert';

/** One embedded address of /adressen or /adressenuitgebreid (keys kept open: the API adds fields over versions). */
export const ibAdresSchema = z.looseObject({
  nummeraanduidingIdentificatie: z.union([z.string(), z.number()]).optional(),
});

/** The HAL envelope: `_embedded` is absent when nothing matches. */
export const ibAdressenAnswerSchema = z.looseObject({
  _links: z.unknown().optional(),
  _embedded: z.looseObject({ adressen: z.array(ibAdresSchema).optional() }).optional(),
});
export type IbAdressenAnswer = z.infer<typeof ibAdressenAnswerSchema>;

const wgs84Schema = z.object({ lon: z.number(), lat: z.number() });
const rdSchema = z.object({ x: z.number(), y: z.number() });

export const bagAdresSchema = z.object({
  nummeraanduiding_id: z.string().nullable().describe('BAG-nummeraanduiding (16 cijfers)'),
  adresseerbaarobject_id: z.string().nullable().describe('BAG-verblijfsobject, -ligplaats of -standplaats (16 cijfers)'),
  type_adresseerbaar_object: z.string().nullable().describe('Verblijfsobject, Ligplaats of Standplaats'),
  pand_ids: z.array(z.string()).nullable().describe('BAG-panden (16 cijfers) waarin het object ligt; null als de bron ze niet gaf'),
  openbare_ruimte: z.object({
    id: z.string().nullable().describe('BAG-openbare ruimte (16 cijfers)'),
    naam: z.string().nullable(),
    korte_naam: z.string().nullable().describe('Verkorte naam (NEN 5825, hoogstens 24 tekens)'),
  }),
  woonplaats_gebied: z.object({ id: z.string().nullable().describe('Woonplaatscode (4 cijfers)'), naam: z.string().nullable() }),
  postcode: z.string().nullable(),
  huisnummer: z.number().int().nullable(),
  huisletter: z.string().nullable(),
  toevoeging: z.string().nullable().describe('Huisnummertoevoeging'),
  adresregels: z.array(z.string()).nullable().describe('Adres zoals op een envelop (adresregel 5 en 6 van de BAG, de regels die de bron gaf); null als de bron geen van beide gaf'),
  gebruiksdoelen: z
    .array(z.string())
    .nullable()
    .describe('Gebruiksdoelen, bijvoorbeeld woonfunctie (leeg voor een ligplaats of standplaats); null als de bron ze niet gaf'),
  oppervlakte_m2: z.number().nullable().describe('Gebruiksoppervlakte in m² (NEN 2580)'),
  oorspronkelijk_bouwjaar: z.number().int().nullable().describe('Oudste oorspronkelijk bouwjaar van de panden'),
  status: z.string().nullable().describe('Status van het adresseerbaar object, bijvoorbeeld Verblijfsobject in gebruik'),
  panden: z
    .array(z.object({ id: z.string(), oorspronkelijk_bouwjaar: z.number().int().nullable(), status: z.string().nullable() }))
    .nullable()
    .describe('Per pand bouwjaar en status (in de volgorde van de BAG); null als de panden onbekend zijn'),
  coordinaten: z.object({ wgs84: wgs84Schema, rd: rdSchema }).nullable().describe('Punt van het object in WGS84 en RD'),
});
export type BagAdres = z.infer<typeof bagAdresSchema>;

/**
 * The addresses of an /adressen(uitgebreid) answer; null when the answer has no `_embedded` addresses
 * (the API's way of saying "no such address": HTTP 200 with only `_links`).
 */
export function toBagAdressen(answer: IbAdressenAnswer): BagAdres[] | null {
  const list = answer._embedded?.adressen ?? [];
  if (list.length === 0) return null;
  return list.map((a) => toBagAdres(a as Record<string, unknown>));
}

/** The kind of adresseerbaar object per collection of its `_links.adresseerbaarObject` link. */
const OBJECT_SOORT: Record<string, string> = { verblijfsobjecten: 'Verblijfsobject', ligplaatsen: 'Ligplaats', standplaatsen: 'Standplaats' };

/** The last path segment of a HAL link to one of the collections (…/{collectie}/{id}); null otherwise. */
function linkId(link: unknown, collecties: string): { collectie: string; id: string } | null {
  const href = str(lowerKeys(link)?.href);
  const m = href ? new RegExp(`/(${collecties})/([^/?#]+)/?(?:[?#].*)?$`, 'i').exec(href) : null;
  return m ? { collectie: m[1].toLowerCase(), id: m[2] } : null;
}

/**
 * Huisnummer, letter and toevoeging from adresregel5 ("Overvoorde 43-2", "Witte de Withstraat 42A"): what
 * follows the street name (korte or full), else the last word that starts with a digit.
 */
function nummerUitAdresregel(regel: string | null, straatnamen: (string | null)[]): ReturnType<typeof splitHuisNlt> {
  if (!regel) return null;
  const straat = straatnamen.find((n): n is string => !!n && regel.startsWith(`${n} `));
  const rest = straat ? regel.slice(straat.length + 1) : (/(?:^|\s)(\d[^\s]*)$/.exec(regel)?.[1] ?? null);
  return splitHuisNlt(rest);
}

/** A postcode as 1234AB from adresregel6 ("1082 GB  AMSTERDAM"); null when it does not start with one. */
function postcodeUitAdresregel(regel: string | null): string | null {
  const m = regel ? /^([1-9]\d{3})\s?([A-Za-z]{2})(?:\s|$)/.exec(regel) : null;
  return m ? `${m[1]}${m[2].toUpperCase()}` : null;
}

/**
 * One embedded address as our object. Coordinates are read as RD (the adapter asks Accept-Crs epsg:28992).
 * Keys are read in any case. What is missing is derived where the answer holds it elsewhere: the ids and the
 * kind of object from the `_links` (…/nummeraanduidingen/{id}, …/verblijfsobjecten/{id}, …/panden/{id}),
 * huisnummer, letter and toevoeging from adresregel5, the postcode from adresregel6; anything else is null.
 */
export function toBagAdres(raw: Record<string, unknown>): BagAdres {
  const a = lowerKeys(raw) ?? {};
  const links = lowerKeys(a._links) ?? {};
  const object = linkId(links.adresseerbaarobject, 'verblijfsobjecten|ligplaatsen|standplaatsen');
  const type = str(a.typeadresseerbaarobject) ?? (object ? OBJECT_SOORT[object.collectie] : null);
  const zonderPand = type === 'Ligplaats' || type === 'Standplaats';
  const uitLinks = Array.isArray(links.panden) ? links.panden.map((l) => linkId(l, 'panden')?.id) : [];
  const pandIds = a.pandidentificaties !== undefined && a.pandidentificaties !== null ? idList(a.pandidentificaties) : idList(uitLinks);
  const pandenBekend = pandIds.length > 0 || zonderPand;
  const jaren = textList(a.oorspronkelijkbouwjaar).map(int);
  const statussen = textList(a.pandstatussen);
  const geldigeJaren = jaren.filter((j): j is number => j !== null);
  const regel5 = str(a.adresregel5);
  const regel6 = str(a.adresregel6);
  const regels = [regel5, regel6].filter((r): r is string => r !== null);
  const naam = str(a.openbareruimtenaam);
  const korteNaam = str(a.kortenaam);
  const uitRegel = nummerUitAdresregel(regel5, [korteNaam, naam]);
  const doelen = textList(a.gebruiksdoelen);
  const heeftDoelen = a.gebruiksdoelen !== undefined && a.gebruiksdoelen !== null;
  return {
    nummeraanduiding_id:
      bagId(a.nummeraanduidingidentificatie) ??
      bagId(linkId(links.nummeraanduiding, 'nummeraanduidingen')?.id) ??
      bagId(linkId(links.self, 'adressen|adressenuitgebreid')?.id),
    adresseerbaarobject_id: bagId(a.adresseerbaarobjectidentificatie) ?? bagId(object?.id),
    type_adresseerbaar_object: type,
    pand_ids: pandenBekend ? pandIds : null,
    openbare_ruimte: {
      id: bagId(a.openbareruimteidentificatie) ?? bagId(linkId(links.openbareruimte, 'openbareruimten')?.id),
      naam,
      korte_naam: korteNaam,
    },
    woonplaats_gebied: {
      id: woonplaatsCode(a.woonplaatsidentificatie) ?? woonplaatsCode(linkId(links.woonplaats, 'woonplaatsen')?.id),
      naam: str(a.woonplaatsnaam),
    },
    postcode: str(a.postcode)?.replace(/\s+/g, '').toUpperCase() ?? postcodeUitAdresregel(regel6),
    huisnummer: int(a.huisnummer) ?? uitRegel?.huisnummer ?? null,
    huisletter: str(a.huisletter) ?? uitRegel?.huisletter ?? null,
    toevoeging: str(a.huisnummertoevoeging) ?? uitRegel?.toevoeging ?? null,
    adresregels: regels.length > 0 ? regels : null,
    // A ligplaats or standplaats has no gebruiksdoel; for a verblijfsobject a missing list is unknown.
    gebruiksdoelen: heeftDoelen ? doelen : zonderPand ? [] : null,
    oppervlakte_m2: num(a.oppervlakte),
    oorspronkelijk_bouwjaar: geldigeJaren.length > 0 ? Math.min(...geldigeJaren) : null,
    status: str(a.adresseerbaarobjectstatus),
    // The lists run parallel to pandIdentificaties; only zipped when the lengths agree.
    panden: pandenBekend
      ? pandIds.map((id, i) => ({
          id,
          oorspronkelijk_bouwjaar: jaren.length === pandIds.length ? (jaren[i] ?? null) : null,
          status: statussen.length === pandIds.length ? (statussen[i] ?? null) : null,
        }))
      : null,
    coordinaten: rdPunt(a.adresseerbaarobjectgeometrie),
  };
}

/** A woonplaatscode as 4 digits (zero-padded). */
export function woonplaatsCode(value: unknown): string | null {
  const s = typeof value === 'number' && Number.isInteger(value) ? String(value) : typeof value === 'string' ? value.trim() : '';
  return /^\d{1,4}$/.test(s) ? s.padStart(4, '0') : null;
}

/**
 * The point of adresseerbaarObjectGeometrie in RD and WGS84: `punt` (verblijfsobject), else the centroid of
 * the outer ring of `vlak` (ligplaats, standplaats). Null when absent or not in the RD domain.
 */
export function rdPunt(geometrie: unknown): BagAdres['coordinaten'] {
  const g = lowerKeys(geometrie);
  if (!g) return null;
  const c = lowerKeys(g.punt)?.coordinates;
  if (Array.isArray(c) && num(c[0]) !== null && num(c[1]) !== null) return inRd(num(c[0])!, num(c[1])!);
  const vlak = lowerKeys(g.vlak)?.coordinates;
  const ring = Array.isArray(vlak) ? vlak[0] : null;
  if (!Array.isArray(ring)) return null;
  const pts = ring.filter((p): p is number[] => Array.isArray(p) && typeof p[0] === 'number' && typeof p[1] === 'number');
  if (pts.length < 4) return null;
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < pts.length - 1; i++) {
    const [x0, y0] = pts[i];
    const [x1, y1] = pts[i + 1];
    const f = x0 * y1 - x1 * y0;
    a += f;
    cx += (x0 + x1) * f;
    cy += (y0 + y1) * f;
  }
  if (a === 0) return null;
  return inRd(cx / (3 * a), cy / (3 * a));
}

function inRd(x: number, y: number): BagAdres['coordinaten'] {
  if (!inNederlandRd({ x, y })) return null;
  return puntUitRd({ x, y });
}

function textList(value: unknown): string[] {
  const list = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return list.map(str).filter((v): v is string => v !== null);
}

function idList(value: unknown): string[] {
  return (Array.isArray(value) ? value : []).map(bagId).filter((v): v is string => v !== null);
}

/**
 * The API's toevoeging ("A", "2", "A-2", "A2", "bis") split into the BAG's huisletter and
 * huisnummertoevoeging: one letter, optionally followed by a dash, space or a digit-led rest, is the
 * huisletter; everything else is the huisnummertoevoeging. The inverse of toevoegingVan.
 */
export function adresDelen(toevoeging: string | null | undefined): { huisletter?: string; toevoeging?: string } {
  const t = (toevoeging ?? '').trim();
  if (t === '') return {};
  const m = /^([A-Za-z])(?:[-\s]+([A-Za-z0-9]{1,4})|([0-9][A-Za-z0-9]{0,3}))?$/.exec(t);
  if (m) {
    const rest = m[2] ?? m[3];
    return rest ? { huisletter: m[1], toevoeging: rest } : { huisletter: m[1] };
  }
  return { toevoeging: t.replace(/^[-\s]+/, '') };
}

/**
 * The one address a caller means among those on a number: the exact letter/toevoeging when given
 * (case-insensitive), else the address without letter and toevoeging, else the first in BAG order.
 */
export function kiesBagAdres(adressen: BagAdres[], delen: { huisletter?: string | null; toevoeging?: string | null }): BagAdres | null {
  const norm = (v: string | null | undefined) => (v ?? '').trim().toUpperCase();
  const letter = norm(delen.huisletter);
  const toev = norm(delen.toevoeging);
  const exact = adressen.find((a) => norm(a.huisletter) === letter && norm(a.toevoeging) === toev);
  if (exact) return exact;
  return letter === '' && toev === '' ? (adressen[0] ?? null) : null;
}
