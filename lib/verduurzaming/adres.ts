// Step 1 of the property object: postcode + huisnummer (+ toevoeging) to exactly one BAG address through
// the PDOK Locatieserver free search, filtered on type adres, postcode and huisnummer. The toevoeging of
// the API may be a huisletter ("A"), a huisnummertoevoeging ("2", "bis") or both ("A-2"). Without the
// Locatieserver nothing else can be asked, so its failure fails the call (502); no match is a 404.
import { fetchSource } from '@/lib/sources/fetch';
import { checkShape } from '@/lib/sources/drift';
import type { Sourced } from '@/lib/sources/gather';
import { unreadableAnswer } from '@/lib/sources/source-error';
import { pdokLocatieserver, LOCATIESERVER_MAX_ROWS } from '@/lib/sources/pdok-locatieserver';
import { type Locatie, solrAnswerSchema, toLocatie } from '@/lib/sources/pdok-locatieserver-convert';
import { Problem } from '@/lib/api/problems';
import { toevoegingVan } from './toevoeging';

export { toevoegingVan };

const DAY = 24 * 60 * 60 * 1000;

/** The query of the free search for all addresses with this postcode and huisnummer (all toevoegingen). */
export function adresZoekvraag(postcode: string, huisnummer: number): Record<string, string | number> {
  const pc = normalisePostcode(postcode);
  return {
    q: `postcode:${pc} AND huisnummer:${huisnummer}`,
    fq: `type:adres AND postcode:${pc} AND huisnummer:${huisnummer}`,
    rows: LOCATIESERVER_MAX_ROWS,
  };
}

/**
 * Whether a search result is an address on this postcode and huisnummer. The search itself filtered on
 * type, postcode and huisnummer (adresZoekvraag's fq), so a value the document lacks (no type and no id to
 * derive it from, no postcode) does not exclude it: an address the upstream returned is never "not found".
 */
export function isAdresOpHuisnummer(l: Locatie, postcode: string, huisnummer: number): boolean {
  return (
    (l.type === null || l.type === 'adres') &&
    (l.postcode === null || l.postcode.toUpperCase() === normalisePostcode(postcode)) &&
    l.huisnummer === huisnummer
  );
}

export type AdresKeuze = { gekozen: Locatie } | { gekozen: null; mogelijk: string[] };

/**
 * Chooses the address among the search results: same postcode and huisnummer, and the huisletter plus
 * toevoeging equal to the requested toevoeging (case, spaces and dashes ignored). Without a toevoeging only
 * the address without letter and toevoeging matches. `mogelijk` lists the toevoegingen that do exist.
 */
export function kiesAdres(items: Locatie[], postcode: string, huisnummer: number, toevoeging?: string | null): AdresKeuze {
  const kandidaten = items.filter((l) => isAdresOpHuisnummer(l, postcode, huisnummer));
  const gevraagd = normaliseToevoeging(toevoeging ?? '');
  const gekozen = kandidaten.find((l) => normaliseToevoeging(`${l.huisletter ?? ''}${l.toevoeging ?? ''}`) === gevraagd);
  if (gekozen) return { gekozen };
  const mogelijk = [...new Set(kandidaten.map((l) => toevoegingVan(l)))].filter((t) => t !== '').sort();
  return { gekozen: null, mogelijk };
}

/** The address for postcode, huisnummer and toevoeging; throws a 404 Problem when it does not exist. */
export async function zoekAdres(
  postcode: string,
  huisnummer: number,
  toevoeging: string | null | undefined,
  signal?: AbortSignal,
): Promise<Sourced<Locatie>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/free', { query: adresZoekvraag(postcode, huisnummer), ttlMs: DAY, signal });
  const parsed = checkShape(pdokLocatieserver, solrAnswerSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const keuze = kiesAdres(parsed.data.response.docs.map(toLocatie), postcode, huisnummer, toevoeging);
  if (keuze.gekozen) return { data: keuze.gekozen, bronnen: [res.bron] };
  throw new Problem('not_found', { detail: nietGevonden(postcode, huisnummer, toevoeging, keuze.mogelijk) });
}

function nietGevonden(postcode: string, huisnummer: number, toevoeging: string | null | undefined, mogelijk: string[]): string {
  const adres = `${normalisePostcode(postcode)} ${huisnummer}${toevoeging ? ` toevoeging ${toevoeging}` : ''}`;
  if (mogelijk.length === 0) return `Het adres ${adres} staat niet in de Basisregistratie Adressen en Gebouwen.`;
  const lijst = mogelijk.slice(0, 20).join(', ') + (mogelijk.length > 20 ? ', …' : '');
  return `Het adres ${adres} bestaat niet; op dit huisnummer bestaan de toevoegingen: ${lijst}. Geef er één op met ?toevoeging=.`;
}


function normalisePostcode(postcode: string): string {
  return postcode.replace(/\s+/g, '').toUpperCase();
}

function normaliseToevoeging(value: string): string {
  return value.toUpperCase().replace(/[\s\-_/]+/g, '');
}
