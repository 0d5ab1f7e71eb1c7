// The woningsite: a Dutch property listing site (funda.nl) whose listing detail pages live at
// /detail/koop/{plaats}/{slug-huisnummer-toevoeging}/{id}/ and whose postcode results page is
// /zoeken/koop?selected_area=["<postcode>"]. No API and no open licence: the pages are read one address
// at a time (individual look-up) under the limits of lib/services/pand/listing-limieten.ts, with an honest
// User-Agent and a long time budget. Only the site's own host (or the configured base URL's host) is
// ever fetched: links to other hosts are ignored and a caller's url is reduced to its detail path.
import { source, baseUrl } from './source';
import { fetchSource, type SourceResponse } from './fetch';
import type { DetailPad } from './woningsite-convert';

/** Time budget of one page request; a scrape makes at most two (search and detail). */
const PAGINA_TIMEOUT_MS = Number(process.env.BRON_WONINGSITE_TIMEOUT_MS) > 0 ? Number(process.env.BRON_WONINGSITE_TIMEOUT_MS) : 30_000;

export const woningsite = source({
  id: 'woningsite',
  titel: 'Woningsite (funda.nl)',
  envVar: 'BRON_WONINGSITE_URL',
  defaultBaseUrl: 'https://www.funda.nl',
  licentie: 'Geen open licentie; voorwaarden van de woningsite, alleen voor individuele raadpleging',
  attributie: 'Gegevens van de woningsite (funda.nl); geen open licentie, alleen voor individuele raadpleging',
  documentatie: 'https://www.funda.nl',
  // The service keeps its own 12-hour cache per address (listing-limieten); page answers are not cached here.
  ttlMs: 0,
  timeoutMs: PAGINA_TIMEOUT_MS,
  firstByteMs: Math.min(15_000, PAGINA_TIMEOUT_MS), // the pages are rendered on request
});

/** Hosts whose detail links and url parameters are accepted: the real site and the configured base. */
export function woningsiteHosts(): string[] {
  const hosts = ['www.funda.nl', 'funda.nl', new URL(baseUrl(woningsite)).host];
  return [...new Set(hosts)];
}

/** Path prefix of the configured base URL ('' for the real site, /woningsite on the replay server). */
export function woningsiteBasisPad(): string {
  return new URL(baseUrl(woningsite)).pathname.replace(/\/+$/, '');
}

/** The full address of a detail page on the configured base (what is fetched, and bron_url). */
export function detailUrl(detail: DetailPad): string {
  return baseUrl(woningsite) + detail.pad;
}

const HEADERS = {
  Accept: 'text/html,application/xhtml+xml',
  'Accept-Language': 'nl-NL,nl;q=0.9',
  'User-Agent': 'nl-open-data-service/1.0 (individuele raadpleging van één adres; max. 30 pagina-opvragingen per uur)',
};

/** Statuses the listing operation reads itself: 404/410 (no such listing), 403/429 (blocked). */
const EIGEN_STATUSSEN = [403, 404, 410, 429];

/** The postcode results page (HTML) of the site. */
export function zoekpagina(postcode: string): Promise<SourceResponse<string>> {
  return fetchSource<string>(woningsite, '/zoeken/koop', {
    accept: 'text',
    ttlMs: 0,
    headers: HEADERS,
    acceptStatuses: EIGEN_STATUSSEN,
    query: {
      selected_area: JSON.stringify([postcode.toLowerCase()]),
      // Also sold and under-offer listings, so a recently sold address is reported as such.
      availability: JSON.stringify(['available', 'negotiations', 'unavailable']),
    },
  });
}

/** One listing detail page (HTML). */
export function detailpagina(detail: DetailPad): Promise<SourceResponse<string>> {
  return fetchSource<string>(woningsite, detail.pad, { accept: 'text', ttlMs: 0, headers: HEADERS, acceptStatuses: EIGEN_STATUSSEN });
}
