// The address of a postcode and house number for operations that take no letter or addition (area-level
// answers: value indication, air quality): the address without letter and addition when it exists, else
// the first of the additions on that number (in order), so 3012BR 42 with only 42A-42D answers for 42A.
// An unknown postcode + house number is a 404 problem; a failing Locatieserver a 502.
import { Problem } from '@/lib/api/problems';
import { fetchSource } from '@/lib/sources/fetch';
import type { Sourced } from '@/lib/sources/gather';
import { pdokLocatieserver } from '@/lib/sources/pdok-locatieserver';
import { solrAnswerSchema, toLocatie, type Locatie } from '@/lib/sources/pdok-locatieserver-convert';
import { unreadableAnswer } from '@/lib/sources/source-error';
import { adresZoekvraag } from '@/lib/verduurzaming/adres';
import { toevoegingVan } from '@/lib/verduurzaming/toevoeging';

const DAY = 24 * 60 * 60 * 1000;

/** Picks the address: without letter/addition first, else the lowest addition. Pure. */
export function kiesOpHuisnummer(items: readonly Locatie[], postcode: string, huisnummer: number): Locatie | null {
  const pc = postcode.replace(/\s+/g, '').toUpperCase();
  const op = items.filter((l) => l.type === 'adres' && l.postcode?.toUpperCase() === pc && l.huisnummer === huisnummer);
  const sorted = [...op].sort((a, b) => toevoegingVan(a).localeCompare(toevoegingVan(b), 'nl', { numeric: true }));
  return sorted.find((l) => toevoegingVan(l) === '') ?? sorted[0] ?? null;
}

export async function zoekAdresOpHuisnummer(postcode: string, huisnummer: number, signal?: AbortSignal): Promise<Sourced<Locatie>> {
  const res = await fetchSource<unknown>(pdokLocatieserver, '/free', { query: adresZoekvraag(postcode, huisnummer), ttlMs: DAY, signal });
  const parsed = solrAnswerSchema.safeParse(res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  const gekozen = kiesOpHuisnummer(parsed.data.response.docs.map(toLocatie), postcode, huisnummer);
  if (!gekozen) {
    throw new Problem('not_found', { detail: `Het adres ${postcode.replace(/\s+/g, '').toUpperCase()} ${huisnummer} staat niet in de Basisregistratie Adressen en Gebouwen.` });
  }
  return { data: gekozen, bronnen: [res.bron] };
}
