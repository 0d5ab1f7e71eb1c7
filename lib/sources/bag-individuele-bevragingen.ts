// BAG Individuele Bevragingen v2 (Kadaster): the authentic address register asked per address. Needs a free
// API key from Kadaster, sent as the `X-Api-Key` header (BAG_API_KEY). Without a key the source is not
// called at all: the answer is null with an 'onbeschikbaar' bronnen entry whose foutsoort is 'geen_sleutel'.
// Coordinates are asked in RD (`Accept-Crs: epsg:28992`) and returned in RD and WGS84. The API answers an
// unknown address with HTTP 200 and only `_links`; that becomes our 404 problem. Rate limits of the real API
// (recorded headers): 50 requests per second (RateLimit-Limit) and 50 000 per day
// (Kadaster-RateLimit-DayLimit); answers are cached 24 hours, which keeps repeated look-ups off the quota.
import { Problem } from '@/lib/api/problems';
import { source } from './source';
import { failedBron, fetchSource } from './fetch';
import type { Sourced } from './gather';
import type { BronEntry } from './bron';
import { unreadableAnswer } from './source-error';
import { checkShape } from './drift';
import { type BagAdres, adresDelen, ibAdressenAnswerSchema, kiesBagAdres, toBagAdressen } from './bag-individuele-bevragingen-convert';

const DAY = 24 * 60 * 60 * 1000;

export const bagIndividueleBevragingen = source({
  id: 'bag-individuele-bevragingen',
  titel: 'Basisregistratie Adressen en Gebouwen (BAG), Individuele Bevragingen v2',
  envVar: 'BRON_BAG_INDIVIDUELE_BEVRAGINGEN_URL',
  defaultBaseUrl: 'https://api.bag.kadaster.nl/lvbag/individuelebevragingen/v2',
  licentie: 'CC0 1.0',
  attributie: 'Bron: Kadaster, Basisregistratie Adressen en Gebouwen',
  documentatie: 'https://lvbag.github.io/BAG-API/Technische%20specificatie/',
  ttlMs: DAY,
  keyEnvVar: 'BAG_API_KEY',
  keyHeader: 'X-Api-Key',
});

/** The bronnen `foutsoort` when no API key is configured (same value as EP-Online's). */
export const GEEN_SLEUTEL = 'geen_sleutel';

/** The CRS asked for geometry: RD New. */
export const ACCEPT_CRS = 'epsg:28992';

/** The key in force, or null when none is configured. */
export function bagApiKey(): string | null {
  const key = process.env[bagIndividueleBevragingen.keyEnvVar as string]?.trim();
  return key ? key : null;
}

export interface AdresDelen {
  /** One letter (BAG huisletter), case as given. */
  huisletter?: string | null;
  /** BAG huisnummertoevoeging (up to 4 characters). */
  toevoeging?: string | null;
}

/**
 * The addresses on a postcode and house number from /adressenuitgebreid. With a huisletter and/or
 * toevoeging only that exact address is asked (exacteMatch=true); without them every address on the number
 * (42, 42A, 42-1, …). Throws a 404 Problem when the BAG knows no such address (a 200 with only `_links`),
 * a SourceError naming the source when the call fails. Without a key: data null, 'onbeschikbaar' entry.
 */
export async function adressenUitgebreid(
  postcode: string,
  huisnummer: number,
  delen: AdresDelen = {},
  signal?: AbortSignal,
): Promise<Sourced<BagAdres[] | null>> {
  const res = await vraagAdressen(postcode, huisnummer, delen, signal);
  if (res.data === ONBEKEND) throw new Problem('not_found', { detail: `De BAG kent geen adres ${adresTekst(postcode, huisnummer, delen)}.` });
  return { data: res.data, bronnen: res.bronnen };
}

const ONBEKEND = 'onbekend' as const;

/** The call itself: the addresses, ONBEKEND for a 200 with only `_links`, or null without a key. */
async function vraagAdressen(
  postcode: string,
  huisnummer: number,
  delen: AdresDelen,
  signal?: AbortSignal,
): Promise<Sourced<BagAdres[] | typeof ONBEKEND | null>> {
  const pc = postcode.replace(/\s+/g, '').toUpperCase();
  if (!/^[1-9][0-9]{3}[A-Z]{2}$/.test(pc)) throw new Error(`invalid postcode ${postcode}`);
  if (!Number.isInteger(huisnummer) || huisnummer < 1 || huisnummer > 99999) throw new Error(`invalid huisnummer ${huisnummer}`);
  const huisletter = delen.huisletter?.trim() || undefined;
  const toevoeging = delen.toevoeging?.trim() || undefined;
  if (!bagApiKey()) return { data: null, bronnen: [geenSleutelBron()] };

  const exact = huisletter !== undefined || toevoeging !== undefined;
  const res = await fetchSource<unknown>(bagIndividueleBevragingen, '/adressenuitgebreid', {
    query: { postcode: pc, huisnummer, huisletter, huisnummertoevoeging: toevoeging, exacteMatch: exact ? 'true' : undefined },
    headers: { Accept: 'application/hal+json', 'Accept-Crs': ACCEPT_CRS },
    signal,
  });
  const parsed = checkShape(bagIndividueleBevragingen, ibAdressenAnswerSchema, res.body);
  if (!parsed.success) throw unreadableAnswer(res.bron);
  return { data: toBagAdressen(parsed.data) ?? ONBEKEND, bronnen: [res.bron] };
}

function adresTekst(postcode: string, huisnummer: number, delen: AdresDelen): string {
  const letter = delen.huisletter?.trim() ?? '';
  const toev = delen.toevoeging?.trim();
  return `${postcode.replace(/\s+/g, '').toUpperCase()} ${huisnummer}${letter}${toev ? `-${toev}` : ''}`;
}

/** The bronnen entry of a call not made because no key is configured. */
export function geenSleutelBron(): BronEntry {
  return { ...failedBron(bagIndividueleBevragingen, null, 'netwerk', 0), foutsoort: GEEN_SLEUTEL };
}

/**
 * The one BAG address for postcode, huisnummer and the API's toevoeging ("A", "2", "A-2"): with a toevoeging
 * exactly that address, without one the address without letter and toevoeging, else the first on the number
 * (as /v1/adres does). Throws a 404 Problem when there is none; without a key data is null (geen_sleutel).
 */
export async function bagAdres(
  postcode: string,
  huisnummer: number,
  toevoeging: string | null | undefined,
  signal?: AbortSignal,
): Promise<Sourced<BagAdres | null>> {
  const res = await bagAdresOfNull(postcode, huisnummer, toevoeging, signal);
  if (res.data === null && res.bronnen[0]?.status === 'ok') {
    throw new Problem('not_found', { detail: `De BAG kent geen adres ${adresTekst(postcode, huisnummer, adresDelen(toevoeging))}.` });
  }
  return res;
}

/**
 * As bagAdres, but an unknown address is data null with the 'ok' bronnen entry of the call instead of a
 * 404: for composed operations (gather) where another source already established the address.
 */
export async function bagAdresOfNull(
  postcode: string,
  huisnummer: number,
  toevoeging: string | null | undefined,
  signal?: AbortSignal,
): Promise<Sourced<BagAdres | null>> {
  const delen = adresDelen(toevoeging);
  const res = await vraagAdressen(postcode, huisnummer, delen, signal);
  if (res.data === null || res.data === ONBEKEND) return { data: null, bronnen: res.bronnen };
  return { data: kiesBagAdres(res.data, delen), bronnen: res.bronnen };
}
