// The address of the operations that take no toevoeging (/v1/adres/…/lucht, /subsidies, /v1/pand/…/waarde-indicatie): the spec
// gives these paths only postcode and huisnummer. We take the address without letter and toevoeging when
// it exists; otherwise the first address on the number in sort order of its toevoeging (Witte de
// Withstraat 42 has only 42A-42D: we answer for 42A). All addresses on one number share the building, so
// for coordinates, monuments, air quality and subsidies the choice hardly matters; the answer says which
// address was taken and which others exist. Same Locatieserver call (and cache) as zoekAdres.
import { z } from 'zod';
import { fetchSource } from '@/lib/sources/fetch';
import type { Sourced } from '@/lib/sources/gather';
import { unreadableAnswer } from '@/lib/sources/source-error';
import { pdokLocatieserver } from '@/lib/sources/pdok-locatieserver';
import { type Locatie, solrAnswerSchema, toLocatie } from '@/lib/sources/pdok-locatieserver-convert';
import { Problem } from '@/lib/api/problems';
import { adresZoekvraag, kiesAdres } from '@/lib/verduurzaming/adres';

const DAY = 24 * 60 * 60 * 1000;

export interface AdresOpNummer {
  locatie: Locatie;
  /** exact: the address without letter and toevoeging; eerste_op_huisnummer: the first of several. */
  keuze: 'exact' | 'eerste_op_huisnummer';
  /** The toevoegingen (letter + toevoeging) that exist on this number, sorted; empty when only the bare number exists. */
  toevoegingen: string[];
}

/** The address for postcode and huisnummer (rule above); throws a 404 Problem when none exists on the number. */
export async function adresOpHuisnummer(postcode: string, huisnummer: number, signal?: AbortSignal): Promise<Sourced<AdresOpNummer>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/free', { query: adresZoekvraag(postcode, huisnummer), ttlMs: DAY, signal });
  const parsed = solrAnswerSchema.safeParse(res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const items = parsed.data.response.docs.map(toLocatie);
  const kaal = kiesAdres(items, postcode, huisnummer, null);
  if (kaal.gekozen) return { data: { locatie: kaal.gekozen, keuze: 'exact', toevoegingen: [] }, bronnen: [res.bron] };
  const eerste = kaal.mogelijk[0];
  const gekozen = eerste ? kiesAdres(items, postcode, huisnummer, eerste).gekozen : null;
  if (!gekozen) {
    const pc = postcode.replace(/\s+/g, '').toUpperCase();
    throw new Problem('not_found', { detail: `Het adres ${pc} ${huisnummer} staat niet in de Basisregistratie Adressen en Gebouwen.` });
  }
  return { data: { locatie: gekozen, keuze: 'eerste_op_huisnummer', toevoegingen: kaal.mogelijk }, bronnen: [res.bron] };
}

export const adresKortSchema = z
  .object({
    weergavenaam: z.string().nullable(),
    straat: z.string().nullable(),
    huisnummer: z.number().int().nullable(),
    huisletter: z.string().nullable(),
    toevoeging: z.string().nullable(),
    postcode: z.string().nullable(),
    woonplaats: z.string().nullable(),
    gemeente_code: z.string().nullable().describe('GM gevolgd door vier cijfers'),
    gemeente_naam: z.string().nullable(),
    nummeraanduiding_id: z.string().nullable(),
    adresseerbaarobject_id: z.string().nullable(),
    coordinaten: z.object({
      wgs84: z.object({ lon: z.number(), lat: z.number() }).nullable(),
      rd: z.object({ x: z.number(), y: z.number() }).nullable(),
    }),
    keuze: z
      .enum(['exact', 'eerste_op_huisnummer'])
      .describe('exact: het adres zonder letter of toevoeging; eerste_op_huisnummer: dat bestaat niet, het eerste adres op dit huisnummer is genomen'),
    toevoegingen_op_huisnummer: z.array(z.string()).describe('Letters/toevoegingen die op dit huisnummer bestaan (leeg als alleen het kale nummer bestaat)'),
  })
  .describe('Het adres waarvoor geantwoord is').meta({ id: 'GekozenAdres' });
export type AdresKort = z.infer<typeof adresKortSchema>;

/** The short address block of these operations' answers. */
export function adresKort(a: AdresOpNummer): AdresKort {
  const l = a.locatie;
  return {
    weergavenaam: l.weergavenaam,
    straat: l.straatnaam,
    huisnummer: l.huisnummer,
    huisletter: l.huisletter,
    toevoeging: l.toevoeging,
    postcode: l.postcode,
    woonplaats: l.woonplaats,
    gemeente_code: l.gemeente?.code ?? null,
    gemeente_naam: l.gemeente?.naam ?? null,
    nummeraanduiding_id: l.nummeraanduiding_id,
    adresseerbaarobject_id: l.adresseerbaarobject_id,
    coordinaten: l.coordinaten,
    keuze: a.keuze,
    toevoegingen_op_huisnummer: a.toevoegingen,
  };
}
