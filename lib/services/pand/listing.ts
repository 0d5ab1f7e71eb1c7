// GET /v1/pand/{postcode}/{huisnummer}/listing: the listing facts of one address from the woningsite
// (funda.nl), or data.status niet_gevonden / geblokkeerd. With `url` the detail page is read directly;
// otherwise the postcode results page is read first and the result whose slug ends in the house number
// and addition is opened. Limits for the whole process: one scrape at a time, at most 30 per sliding hour,
// 12-hour cache per address and per url (listing-limieten.ts).
import { z } from 'zod';
import { operation } from '@/lib/api/operation';
import { huisnummer, postcode, toevoeging } from '@/lib/api/params';
import { Problem } from '@/lib/api/problems';
import type { BronEntry } from '@/lib/sources/bron';
import type { SourceResponse } from '@/lib/sources/fetch';
import { SourceError, describeFailure, unreadableAnswer } from '@/lib/sources/source-error';
import { detailUrl, detailpagina, woningsite, woningsiteBasisPad, woningsiteHosts, zoekpagina } from '@/lib/sources/woningsite';
import {
  type Blokkade,
  type DetailPad,
  type ListingFeiten,
  huisnummerSleutel,
  isCaptchaPagina,
  kiesResultaat,
  parseDetailPad,
  parseDetailpagina,
  parseZoekpagina,
  slugPastBijAdres,
  statusVan,
} from '@/lib/sources/woningsite-convert';
import { log } from '@/lib/log';
import { recordConversionFailure } from '@/lib/sources/drift';
import { LISTING_WACHT_RETRY_S, WachtVerstreken, listingLimieten } from './listing-limieten';
import { type Listing, listingSchema } from './listing-schema';

/** One scrape's result as cached: the payload without the cache flag, its source entry and detail page. */
interface Scrape {
  data: Omit<Listing, 'uit_cache'>;
  bron: BronEntry;
  detail: DetailPad | null;
}

export const pandListing = operation({
  id: 'pand-listing',
  path: '/v1/pand/{postcode}/{huisnummer}/listing',
  api: 'pand',
  bronType: 'eigen-dienst',
  summary: 'Woningaanbod van het adres op een woningsite (vraagprijs, oppervlak, label) of status niet_gevonden/geblokkeerd',
  description:
    'Leest de advertentie van één adres op de woningsite (funda.nl): vraagprijs, vraagprijs per m² (afgeleid), woonoppervlakte, perceel, ' +
    "bouwjaar, kamers, slaapkamers, soort woning, energielabel, status, omschrijving en foto's. Met `url` (een advertentiepagina " +
    '/detail/koop/{plaats}/{straat-huisnummer-toevoeging}/{id}/ op de woningsite) wordt die pagina direct gelezen; dat is de betrouwbaarste ' +
    'aanroep. Zonder `url` wordt de advertentie gezocht via de zoekpagina van de postcode. data.status is gevonden, onder_bod, ' +
    'verkocht_of_verhuurd, niet_gevonden of geblokkeerd (de site weigerde: captcha, HTTP 403/429). Limieten voor de hele dienst: één ' +
    'scrape tegelijk, hoogstens 30 per uur, resultaten 12 uur gecachet per adres (geblokkeerd 15 minuten). Een eerste scrape kan 30 tot ' +
    '60 seconden duren; latere aanroepen komen uit de cache. Is het uurbudget op, of faalt de woningsite, dan volgt 503 (met Retry-After ' +
    'bij het budget); een adres in de cache antwoordt dan nog gewoon. De gegevens vallen onder de voorwaarden van de woningsite: geen ' +
    'open licentie, alleen voor individuele raadpleging; geautomatiseerd verzamelen staat de site niet zonder toestemming toe.',
  sources: ['woningsite'],
  params: {
    path: z.object({ postcode, huisnummer }),
    query: z.object({
      toevoeging: toevoeging.describe('Huisletter en/of huisnummertoevoeging, bijvoorbeeld A, 2 of A-2'),
      url: z
        .string()
        .trim()
        .max(500)
        .optional()
        .describe(
          'Bekende advertentiepagina van dit adres op de woningsite, met pad /detail/koop/{plaats}/{straat-huisnummer-toevoeging}/{id}/ (slaat het zoeken over)',
        )
        .meta({ examples: ['https://www.funda.nl/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/'] }),
    }),
  },
  statuses: [200, 400, 503],
  response: listingSchema,
  onderdeel: 'listing',
  maxAgeSeconds: 300,
  async handle({ path, query, ctx }) {
    const { data, bronnen } = await getListing(path.postcode, path.huisnummer, query.toevoeging, query.url, ctx.signal);
    return { data, bronnen };
  },
});

/**
 * The listing of one address (the operation's payload and bronnen), under the process's limits.
 * `signal` only bounds the wait for a turn: a scrape that has started runs on and is cached, so a client
 * that gave up finds the answer in the cache.
 */
export async function getListing(
  pc: string,
  hn: number,
  tv: string | undefined,
  url: string | undefined,
  signal?: AbortSignal,
): Promise<{ data: Listing; bronnen: BronEntry[] }> {
  const detail = url !== undefined ? valideerUrl(url, hn, tv) : null;
  const adresSleutel = `adres:${pc}:${huisnummerSleutel(hn, tv)}`;
  const sleutel = detail ? `url:${detail.pad}` : adresSleutel;
  const limieten = listingLimieten<Scrape>();

  const hit = limieten.uitCache(sleutel);
  if (hit) return antwoord(hit.waarde, true, pc, detail !== null);

  let vrijgeven: () => void;
  try {
    vrijgeven = await limieten.beurt(signal);
  } catch (err) {
    if (!(err instanceof WachtVerstreken) && !signal?.aborted) throw err;
    // A caller that went away while waiting gets the same answer (nobody reads it; no error log).
    throw new Problem('service_unavailable', {
      detail: 'Er loopt al een scrape van de woningsite (woningsite) en de wachttijd is verstreken; probeer het later opnieuw.',
      headers: { 'Retry-After': String(LISTING_WACHT_RETRY_S) },
      extra: { bron: woningsite.id },
    });
  }
  try {
    // Whoever had the turn before may just have read this address.
    const tussendoor = limieten.uitCache(sleutel);
    if (tussendoor) return antwoord(tussendoor.waarde, true, pc, detail !== null);

    const budget = limieten.budget();
    if (!budget.toegestaan) {
      throw new Problem('service_unavailable', {
        detail:
          `Het scrapebudget voor de woningsite (woningsite) is op: hoogstens ${limieten.opties.perUur} per uur. ` +
          `Probeer het over ${budget.retryAfterS} seconden opnieuw; adressen in de cache antwoorden wel.`,
        headers: { 'Retry-After': String(budget.retryAfterS) },
        extra: { bron: woningsite.id },
      });
    }
    limieten.verbruik();
    const opgehaaldOp = new Date(limieten.opties.nu()).toISOString();
    let scrape: Scrape;
    try {
      scrape = detail ? await scrapeDetail(detail, [], opgehaaldOp) : await scrapeAdres(pc, hn, tv, opgehaaldOp);
    } catch (err) {
      if (err instanceof SourceError) throw bronFaalde(err);
      throw err;
    }

    const ttl = scrape.data.status === 'geblokkeerd' ? limieten.opties.blokkadeCacheMs : limieten.opties.cacheMs;
    const sleutels = [sleutel];
    if (scrape.detail && heeftAdvertentie(scrape)) {
      sleutels.push(`url:${scrape.detail.pad}`);
      if (!detail || scrape.data.adres?.postcode === pc) sleutels.push(adresSleutel);
    }
    limieten.inCache([...new Set(sleutels)], scrape, ttl);
    return antwoord(scrape, false, pc, detail !== null);
  } finally {
    vrijgeven();
  }
}

/** Checks a caller's url: the site's host (or the configured base), the detail path format, and the house number. */
export function valideerUrl(url: string, hn: number, tv: string | undefined): DetailPad {
  const fout = (reason: string) =>
    new Problem('invalid_parameter', { detail: `Ongeldige parameter: url. ${reason}`, invalidParams: [{ name: 'url', in: 'query', reason }] });
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw fout('geen geldig adres (verwacht https://www.funda.nl/detail/koop/{plaats}/{straat-huisnummer-toevoeging}/{id}/)');
  }
  if (!['https:', 'http:'].includes(parsed.protocol) || !woningsiteHosts().includes(parsed.host) || parsed.username || parsed.password) {
    throw fout(`alleen advertentiepagina's van de woningsite (${woningsiteHosts()[0]}) zijn toegestaan`);
  }
  // A configured base URL may carry a path prefix (the replay server's /woningsite).
  const basisPad = woningsiteBasisPad();
  const pad = basisPad && parsed.pathname.startsWith(basisPad + '/') ? parsed.pathname.slice(basisPad.length) : parsed.pathname;
  const detail = parseDetailPad(pad);
  if (!detail) throw fout('het pad moet de vorm /detail/koop/{plaats}/{straat-huisnummer-toevoeging}/{id}/ hebben');
  if (!slugPastBijAdres(detail.slug, hn, tv)) {
    throw fout(`de advertentie (${detail.slug}) hoort niet bij huisnummer ${hn}${tv ? ` toevoeging ${tv}` : ''}`);
  }
  return detail;
}

async function scrapeAdres(pc: string, hn: number, tv: string | undefined, opgehaaldOp: string): Promise<Scrape> {
  const zoek = await zoekpagina(pc);
  const blokkade = blokkadeVan(zoek);
  if (blokkade) return geblokkeerd(blokkade, [zoek.bron], opgehaaldOp);
  if (zoek.status !== 200) throw onleesbaar(zoek.bron, 'zoekpagina_status');
  const pagina = parseZoekpagina(zoek.body, woningsiteHosts());
  if (!pagina.herkend) throw onleesbaar(zoek.bron, 'zoekpagina_onbekend');
  // A result card without a link to a detail page is left out by the parser: counted, never silent.
  if (pagina.kaarten_zonder_link > 0) recordConversionFailure(woningsite, 'zoekpagina:search-result-item:a[href]');
  const gekozen = kiesResultaat(pagina.resultaten, pc, hn, tv);
  if (!gekozen) {
    const adres = `${pc} ${hn}${tv ? ` ${tv}` : ''}`;
    const toelichting =
      pagina.resultaten.length === 0
        ? `De zoekpagina van postcode ${pc} toont geen advertenties.`
        : `De zoekpagina van postcode ${pc} toont ${pagina.resultaten.length} advertentie(s), geen voor ${adres}.`;
    return leeg('niet_gevonden', toelichting, null, [zoek.bron], opgehaaldOp);
  }
  const scrape = await scrapeDetail(gekozen.detail, [zoek.bron], opgehaaldOp);
  // A results page may also show listings around the postcode: the detail page's postcode decides.
  const pcAdvertentie = scrape.data.adres?.postcode ?? null;
  if (heeftAdvertentie(scrape) && pcAdvertentie !== null && pcAdvertentie !== pc) {
    const toelichting = `De zoekpagina van postcode ${pc} toont alleen een advertentie met dit huisnummer in postcode ${pcAdvertentie}.`;
    return leeg('niet_gevonden', toelichting, null, [scrape.bron], opgehaaldOp);
  }
  return scrape;
}

async function scrapeDetail(detail: DetailPad, eerder: BronEntry[], opgehaaldOp: string): Promise<Scrape> {
  const res = await detailpagina(detail);
  const bronnen = [...eerder, res.bron];
  const blokkade = blokkadeVan(res);
  if (blokkade) return geblokkeerd(blokkade, bronnen, opgehaaldOp);
  if (res.status === 404 || res.status === 410) {
    return leeg('niet_gevonden', 'De advertentiepagina bestaat niet (meer) op de woningsite.', detail, bronnen, opgehaaldOp);
  }
  const pagina = parseDetailpagina(res.body);
  if (!pagina.herkend) throw onleesbaar(res.bron, 'detailpagina_onbekend');
  const f = pagina.feiten;
  return {
    detail,
    bron: combineer(bronnen),
    data: {
      status: statusVan(f.status_tekst),
      status_tekst: f.status_tekst,
      toelichting: null,
      bron_url: detailUrl(detail),
      adres: f.adres,
      vraagprijs: f.vraagprijs,
      prijs_tekst: f.prijs_tekst,
      vraagprijs_per_m2: perM2(f),
      woonoppervlakte_m2: f.woonoppervlakte_m2,
      perceeloppervlakte_m2: f.perceeloppervlakte_m2,
      bouwjaar_vermeld: f.bouwjaar_vermeld,
      kamers: f.kamers,
      slaapkamers: f.slaapkamers,
      woningtype: f.woningtype,
      energieklasse: f.energieklasse,
      beschrijving: f.beschrijving,
      foto_urls: f.foto_urls,
      opgehaald_op: opgehaaldOp,
    },
  };
}

/** Asking price per m² of living area, rounded to whole euros; null when either is unknown. */
export function perM2(f: Pick<ListingFeiten, 'vraagprijs' | 'woonoppervlakte_m2'>): number | null {
  return f.vraagprijs !== null && f.woonoppervlakte_m2 ? Math.round(f.vraagprijs / f.woonoppervlakte_m2) : null;
}

function blokkadeVan(res: SourceResponse<string>): Blokkade | null {
  if (res.status === 429) return 'http_429';
  if (res.status === 403) return isCaptchaPagina(res.body) ? 'captcha' : 'http_403';
  return isCaptchaPagina(res.body) ? 'captcha' : null;
}

const BLOKKADE_UITLEG: Record<Blokkade, string> = {
  captcha: 'De woningsite toonde een captcha (botbescherming) in plaats van de pagina.',
  http_403: 'De woningsite weigerde de pagina (HTTP 403).',
  http_429: 'De woningsite meldde te veel verzoeken (HTTP 429).',
};

function geblokkeerd(blokkade: Blokkade, bronnen: BronEntry[], opgehaaldOp: string): Scrape {
  log('warn', 'woningsite_geblokkeerd', { blokkade });
  const scrape = leeg('geblokkeerd', `${BLOKKADE_UITLEG[blokkade]} Probeer het later opnieuw (na 15 minuten).`, null, bronnen, opgehaaldOp);
  scrape.bron = { ...scrape.bron, status: 'onbeschikbaar', foutsoort: blokkade };
  return scrape;
}

function leeg(status: 'niet_gevonden' | 'geblokkeerd', toelichting: string, detail: DetailPad | null, bronnen: BronEntry[], opgehaaldOp: string): Scrape {
  return {
    detail,
    bron: combineer(bronnen),
    data: {
      status,
      status_tekst: null,
      toelichting,
      bron_url: null,
      adres: null,
      vraagprijs: null,
      prijs_tekst: null,
      vraagprijs_per_m2: null,
      woonoppervlakte_m2: null,
      perceeloppervlakte_m2: null,
      bouwjaar_vermeld: null,
      kamers: null,
      slaapkamers: null,
      woningtype: null,
      energieklasse: null,
      beschrijving: null,
      foto_urls: [],
      opgehaald_op: opgehaaldOp,
    },
  };
}

function heeftAdvertentie(s: Scrape): boolean {
  return s.data.status !== 'niet_gevonden' && s.data.status !== 'geblokkeerd';
}

/** The payload for a scrape, fresh or cached; a url call checks that the listing's postcode is the one asked for. */
function antwoord(scrape: Scrape, uitCache: boolean, pc: string, metUrl: boolean): { data: Listing; bronnen: BronEntry[] } {
  const pcAdvertentie = scrape.data.adres?.postcode ?? null;
  if (metUrl && heeftAdvertentie(scrape) && pcAdvertentie !== null && pcAdvertentie !== pc) {
    const reason = `de advertentie hoort bij postcode ${pcAdvertentie}, niet bij ${pc}`;
    throw new Problem('invalid_parameter', { detail: `Ongeldige parameter: url. ${reason}`, invalidParams: [{ name: 'url', in: 'query', reason }] });
  }
  const bron = uitCache ? { ...scrape.bron, cache: true, duur_ms: 0 } : scrape.bron;
  return { data: { ...scrape.data, uit_cache: uitCache }, bronnen: [bron] };
}

/** The one or two page requests of a scrape as one bronnen entry: total time, the last page's address. */
function combineer(entries: BronEntry[]): BronEntry {
  const last = entries[entries.length - 1];
  return { ...last, duur_ms: entries.reduce((sum, e) => sum + (e.duur_ms ?? 0), 0) };
}

function onleesbaar(bron: BronEntry, reden: string): SourceError {
  log('warn', 'woningsite_onleesbaar', { reden });
  return unreadableAnswer(bron);
}

/** A failing woningsite (HTTP error, timeout, unreadable page) is a 503 naming the source, as the spec declares. */
function bronFaalde(err: SourceError): Problem {
  return new Problem('service_unavailable', {
    detail: `Bron ${err.sourceTitle} (${err.sourceId}) ${describeFailure(err.kind, err.httpStatus)}.`,
    extra: { bron: err.sourceId },
  });
}
