// The addresses of one house number for the pand operations: every BAG address the PDOK Locatieserver
// free search returns for postcode + huisnummer (all letters and toevoegingen), the same search and cache
// entry as the verduurzaming address resolution (lib/verduurzaming/adres.ts), and a compact address shape.
import { z } from 'zod';
import { fetchSource } from '@/lib/sources/fetch';
import { checkShape } from '@/lib/sources/drift';
import type { Sourced } from '@/lib/sources/gather';
import { unreadableAnswer } from '@/lib/sources/source-error';
import { pdokLocatieserver } from '@/lib/sources/pdok-locatieserver';
import { type Locatie, coordinatenSchema, solrAnswerSchema, toLocatie } from '@/lib/sources/pdok-locatieserver-convert';
import { adresZoekvraag, isAdresOpHuisnummer, toevoegingVan } from '@/lib/verduurzaming/adres';

const DAY = 24 * 60 * 60 * 1000;

export const adresKortSchema = z.object({
  weergavenaam: z.string().nullable().describe('Leesbaar adres, bijvoorbeeld "Anjerstraat 5, 7906LE Hoogeveen"'),
  straat: z.string().nullable(),
  huisnummer: z.number().int().nullable(),
  huisletter: z.string().nullable(),
  toevoeging: z.string().nullable().describe('Huisnummertoevoeging'),
  postcode: z.string().nullable(),
  woonplaats: z.string().nullable(),
  nummeraanduiding_id: z.string().nullable().describe('BAG-nummeraanduiding (16 cijfers)'),
  verblijfsobject_id: z.string().nullable().describe('BAG-verblijfsobject (16 cijfers)'),
  coordinaten: coordinatenSchema,
}).meta({ id: 'AdresKort' });
export type AdresKort = z.infer<typeof adresKortSchema>;

/** The compact address of a Locatieserver address. */
export function adresKort(l: Locatie): AdresKort {
  return {
    weergavenaam: l.weergavenaam,
    straat: l.straatnaam,
    huisnummer: l.huisnummer,
    huisletter: l.huisletter,
    toevoeging: l.toevoeging,
    postcode: l.postcode,
    woonplaats: l.woonplaats,
    nummeraanduiding_id: l.nummeraanduiding_id,
    verblijfsobject_id: l.adresseerbaarobject_id,
    coordinaten: l.coordinaten,
  };
}

/** Every address on postcode + huisnummer, sorted by letter and toevoeging (none first); empty when none exists. */
export async function adressenOpHuisnummer(postcode: string, huisnummer: number, signal?: AbortSignal): Promise<Sourced<Locatie[]>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/free', { query: adresZoekvraag(postcode, huisnummer), ttlMs: DAY, signal });
  const parsed = checkShape(pdokLocatieserver, solrAnswerSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const adressen = parsed.data.response.docs
    .map(toLocatie)
    .filter((l) => isAdresOpHuisnummer(l, postcode, huisnummer))
    .sort((a, b) => toevoegingVan(a).localeCompare(toevoegingVan(b), 'nl', { numeric: true }));
  // The same address twice (by BAG id, else Locatieserver id, else its full house number) is listed once.
  const sleutel = (l: Locatie) => l.nummeraanduiding_id ?? l.id ?? `${l.postcode} ${l.huisnummer_volledig}`;
  const uniek = adressen.filter((l, i) => adressen.findIndex((o) => sleutel(o) === sleutel(l)) === i);
  return { data: uniek, bronnen: [res.bron] };
}

/**
 * The addresses matching the optional letter and toevoeging (case, spaces and dashes ignored). `letter`
 * compares with the huisletter. `toevoeging` compares with the huisnummertoevoeging; when no letter is given
 * it may also be written as this API's combined form ("A", "A-2"), so ?toevoeging=A finds 42A as well.
 */
export function filterAdressen(adressen: Locatie[], filter: { letter?: string | null; toevoeging?: string | null }): Locatie[] {
  const letter = filter.letter ? norm(filter.letter) : null;
  const toevoeging = filter.toevoeging ? norm(filter.toevoeging) : null;
  return adressen.filter((l) => {
    if (letter !== null && norm(l.huisletter ?? '') !== letter) return false;
    if (toevoeging === null) return true;
    if (norm(l.toevoeging ?? '') === toevoeging) return true;
    return letter === null && norm(`${l.huisletter ?? ''}${l.toevoeging ?? ''}`) === toevoeging;
  });
}

function norm(v: string): string {
  return v.toUpperCase().replace(/[\s\-_/]+/g, '');
}
