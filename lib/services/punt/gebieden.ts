// GET /v1/punt/{lon}/{lat}/gebieden: the buurt, wijk, municipality, province and country a point lies in,
// with official codes (BU…, WK…, GM…, PV…, NL), the lies-in chain and links to the region services.
//
// How the areas are found: the PDOK Locatieserver's reverse geocoder, type=adres, the nearest address within
// GEBIED_ZOEKAFSTAND_M; its document carries buurtcode, wijkcode, gemeentecode (without GM), provinciecode
// (with PV). The reverse API also accepts type=gemeente/provincie, but its OpenAPI document only says it
// returns objects "in a range around" the point, not whether that is point-in-polygon or centroid distance,
// so we do not rely on it. Consequence (stated in the answer, bepaald_via): within a few hundred metres of a
// municipal border in open country the nearest address may lie across it. No address within the distance
// (a point abroad, at sea or in a large lake) gives 200 with gevonden false and every area null; a point
// far outside the Netherlands' bounding box is answered so without asking the Locatieserver.
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { lat, lon } from '@/lib/api/params';
import { reverse } from '@/lib/sources/pdok-locatieserver';
import type { ReverseTreffer } from '@/lib/sources/pdok-locatieserver-convert';
import { type Punt, puntUitWgs84 } from '@/lib/geo/rd';
import { regioLinks } from '@/lib/services/regio/profiel';

/** Search distance of the nearest address, in metres (rural addresses are rarely further apart). */
export const GEBIED_ZOEKAFSTAND_M = 2000;
/** A generous WGS84 box around the Netherlands (land and coastal waters); outside it the Locatieserver is not asked. */
export const NL_KADER = { lonMin: 3.0, lonMax: 7.3, latMin: 50.7, latMax: 53.7 };

export const LAND = { code: 'NL', cbs_code: 'NL00', naam: 'Nederland' } as const;

/** A CBS buurt code as the Locatieserver gives it, when well-formed; otherwise null. */
export function buurtCode(c: string | null): string | null {
  return c && /^BU[0-9]{4}[0-9A-Z]{4}$/.test(c) ? c : null;
}
/** A CBS wijk code when well-formed; otherwise null. */
export function wijkCode(c: string | null): string | null {
  return c && /^WK[0-9]{4}[0-9A-Z]{2}$/.test(c) ? c : null;
}
/** A province code PV + two digits when well-formed; otherwise null. */
export function provincieCode(c: string | null): string | null {
  return c && /^PV[0-9]{2}$/.test(c) ? c : null;
}

export function inNederlandsKader(p: { lon: number; lat: number }): boolean {
  return p.lon >= NL_KADER.lonMin && p.lon <= NL_KADER.lonMax && p.lat >= NL_KADER.latMin && p.lat <= NL_KADER.latMax;
}

const puntSchema = z.object({ wgs84: z.object({ lon: z.number(), lat: z.number() }), rd: z.object({ x: z.number(), y: z.number() }) });
const links = z.record(z.string(), z.string().nullable()).describe('Vervolgdiensten voor dit gebied');
const gebied = (niveau: string) =>
  z.object({
    niveau: z.literal(niveau),
    code: z.string(),
    naam: z.string().nullable(),
    ligt_in: z.string().nullable().describe('Code van het gebied waar dit gebied in ligt (null voor het land)'),
    links,
  });

export const gebiedenSchema = z.object({
  punt: puntSchema.describe('Het gevraagde punt in WGS84 en RD'),
  gevonden: z.boolean().describe('false als er binnen de zoekafstand geen adres ligt (buitenland, open water): alle gebieden zijn dan null'),
  toelichting: z.string().nullable(),
  bepaald_via: z
    .object({
      methode: z.literal('dichtstbijzijnd_adres'),
      weergavenaam: z.string().nullable().describe('Weergavenaam van het dichtstbijzijnde adres'),
      afstand_m: z.number().nullable().describe('Afstand van het punt tot dat adres in meters (Locatieserver)'),
      zoekafstand_m: z.number().int(),
    })
    .nullable()
    .describe('Hoe de gebieden bepaald zijn: de gebiedscodes van het dichtstbijzijnde adres (PDOK Locatieserver, reverse)'),
  buurt: gebied('buurt').nullable().describe('CBS-buurt (BU…); null als de Locatieserver hem niet geeft'),
  wijk: gebied('wijk').nullable().describe('CBS-wijk (WK…)'),
  gemeente: gebied('gemeente').nullable().describe('Gemeente (GM + CBS-gemeentecode)'),
  provincie: gebied('provincie').extend({ afkorting: z.string().nullable() }).nullable().describe('Provincie (PV + CBS-provinciecode)'),
  land_gebied: gebied('land').extend({ cbs_code: z.string() }).nullable().describe('Land: code volgens ISO 3166-1 (NL), cbs_code zoals in de Kerncijfers (NL00)'),
  woonplaats_gebied: z.object({ code: z.string().nullable(), naam: z.string().nullable() }).nullable().describe('Woonplaats uit de BAG (code van vier cijfers)'),
  ligt_in_keten: z
    .array(z.object({ gebied: z.string(), ligt_in: z.string() }))
    .describe('De ligt-in-relaties van klein naar groot, bijvoorbeeld BU… ⊂ WK… ⊂ GM… ⊂ PV… ⊂ NL'),
  links,
});
export type Gebieden = z.infer<typeof gebiedenSchema>;

/** The areas of a point from the nearest address (null: none within the distance). Pure. */
export function gebiedenVan(punt: Punt, treffer: ReverseTreffer | null, zoekafstandM: number): Gebieden {
  const puntLinks = puntVervolg(punt);
  if (!treffer) {
    return {
      punt,
      gevonden: false,
      toelichting:
        `Binnen ${zoekafstandM} m van dit punt ligt geen adres in de Basisregistratie Adressen en Gebouwen: het punt ligt ` +
        'waarschijnlijk buiten Nederland of in open water. Gemeente, provincie en land zijn daarom niet bepaald.',
      bepaald_via: null,
      buurt: null,
      wijk: null,
      gemeente: null,
      provincie: null,
      land_gebied: null,
      woonplaats_gebied: null,
      ligt_in_keten: [],
      links: puntLinks,
    };
  }
  const bu = buurtCode(treffer.buurt_code);
  const wk = wijkCode(treffer.wijk_code) ?? (bu ? `WK${bu.slice(2, 8)}` : null);
  const gm = treffer.gemeente?.code ?? (wk ? `GM${wk.slice(2, 6)}` : null);
  const pv = provincieCode(treffer.provincie?.code ?? null);
  // The chain skips a level the answer lacks (a buurt then lies in the next known area).
  const keten = [bu, wk, gm, pv, LAND.code].filter((c): c is string => c !== null);
  const boven = (code: string) => keten[keten.indexOf(code) + 1] ?? null;
  const regio = (code: string) => ({ regio: `/v1/regio/${code}`, ...regioLinks(code) });
  return {
    punt,
    gevonden: true,
    toelichting: null,
    bepaald_via: { methode: 'dichtstbijzijnd_adres', weergavenaam: adresNaam(treffer), afstand_m: treffer.afstand_m, zoekafstand_m: zoekafstandM },
    buurt: bu ? { niveau: 'buurt', code: bu, naam: treffer.buurt_naam, ligt_in: boven(bu), links: regio(bu) } : null,
    wijk: wk ? { niveau: 'wijk', code: wk, naam: wk === treffer.wijk_code ? treffer.wijk_naam : null, ligt_in: boven(wk), links: regio(wk) } : null,
    gemeente: gm ? { niveau: 'gemeente', code: gm, naam: treffer.gemeente?.naam ?? null, ligt_in: boven(gm), links: regio(gm) } : null,
    provincie: pv
      ? { niveau: 'provincie', code: pv, naam: treffer.provincie?.naam ?? null, afkorting: treffer.provincie?.afkorting ?? null, ligt_in: LAND.code, links: {} }
      : null,
    land_gebied: { niveau: 'land', code: LAND.code, cbs_code: LAND.cbs_code, naam: LAND.naam, ligt_in: null, links: {} },
    woonplaats_gebied: treffer.woonplaats || treffer.woonplaats_code ? { code: treffer.woonplaats_code, naam: treffer.woonplaats } : null,
    ligt_in_keten: keten.slice(0, -1).map((c, i) => ({ gebied: c, ligt_in: keten[i + 1] })),
    links: puntLinks,
  };
}

/** The readable name of an address document; built from its parts when the answer has no weergavenaam (narrow fl). */
export function adresNaam(t: ReverseTreffer): string | null {
  if (t.weergavenaam) return t.weergavenaam;
  const nummer = t.huisnummer_volledig ?? (t.huisnummer !== null ? String(t.huisnummer) : null);
  const straat = [t.straatnaam, nummer].filter(Boolean).join(' ');
  const plaats = [t.postcode, t.woonplaats].filter(Boolean).join(' ');
  const naam = [straat, plaats].filter(Boolean).join(', ');
  return naam || null;
}

/** The other point services for the same point. */
function puntVervolg(punt: Punt): Record<string, string> {
  const p = `/v1/punt/${punt.wgs84.lon}/${punt.wgs84.lat}`;
  return { context: `${p}/context`, milieuzone: `${p}/milieuzone`, verkeer: `${p}/verkeer`, reistijden: `${p}/reistijden` };
}

export const puntGebieden = operation({
  id: 'punt-gebieden',
  path: '/v1/punt/{lon}/{lat}/gebieden',
  api: 'punt',
  bronType: 'eigen-dienst',
  summary: 'Gemeente, provincie en land met officiële codes en ligt-in-relaties, plus links naar regiodiensten',
  description:
    'De buurt (BU…), wijk (WK…), gemeente (GM…), provincie (PV…) en het land (NL) waarin een punt ligt, elk met naam, code, het ' +
    'gebied waar het in ligt en links naar de regiodiensten (/v1/regio/{code} en verder). Bepaald uit het dichtstbijzijnde adres ' +
    `binnen ${GEBIED_ZOEKAFSTAND_M} m (PDOK Locatieserver, reverse geocoding); bepaald_via noemt dat adres en de afstand. Vlak bij ` +
    'een gemeentegrens buiten de bebouwing kan het dichtstbijzijnde adres in de buurgemeente liggen. Ligt er geen adres binnen de ' +
    'zoekafstand (buitenland, open water), dan 200 met gevonden = false en alle gebieden null; 502 als de Locatieserver faalt.',
  sources: ['pdok-locatieserver'],
  params: { path: z.object({ lon, lat }) },
  statuses: [200, 400, 502],
  response: gebiedenSchema,
  onderdeel: 'gebieden',
  maxAgeSeconds: 3600,
  async handle({ path, ctx }) {
    const wgs = { lon: path.lon, lat: path.lat };
    const punt = puntUitWgs84(wgs);
    if (!inNederlandsKader(wgs)) return { data: gebiedenVan(punt, null, GEBIED_ZOEKAFSTAND_M), bronnen: [] };
    const r = await reverse(wgs, { distanceM: GEBIED_ZOEKAFSTAND_M, rows: 1, ttlMs: 24 * 60 * 60 * 1000 }, ctx.signal);
    return { data: gebiedenVan(punt, r.data.items[0] ?? null, GEBIED_ZOEKAFSTAND_M), bronnen: r.bronnen };
  },
});
