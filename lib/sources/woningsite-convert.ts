// Pure reading of the woningsite's pages (a Dutch property listing site with detail paths
// /detail/koop/{plaats}/{slug-huisnummer-toevoeging}/{id}/): the postcode results page, a listing detail
// page and the site's blocking page. HTML is parsed with node-html-parser; regular expressions only read
// short texts the parser has already isolated (a price, "95 m²", a slug), never the HTML itself.
// Detail pages: schema.org JSON-LD where present, then the visible kenmerken list (dt/dd pairs), which
// wins where both give a fact because it is what a visitor sees.
// Tolerant (issue 21): every fact shown both ways falls back to the other when one is missing (per fact,
// kamers and slaapkamers each), the heading's street and postcode line are told apart by their content
// rather than their position, JSON-LD keys are read in any case and numbers as strings; unknown is null.
// A result card without a link to a detail page cannot be a result: it is counted (kaarten_zonder_link),
// and the listing operation reports it as conversion drift.
import { HTMLElement, parse } from 'node-html-parser';
import { lowerKeys } from './values';

/** The parts of a listing detail path. */
export interface DetailPad {
  plaats: string;
  slug: string;
  id: string;
  /** Normalised path, with trailing slash: /detail/koop/{plaats}/{slug}/{id}/ */
  pad: string;
}

const DETAIL_PAD = /^\/detail\/koop\/([a-z0-9-]{1,80})\/([a-z0-9-]{1,160})\/([0-9]{5,12})\/?$/;

/** Reads a detail path (/detail/koop/{plaats}/{slug}/{id}/); null when the path has another shape. */
export function parseDetailPad(pathname: string): DetailPad | null {
  const m = DETAIL_PAD.exec(pathname.toLowerCase());
  if (!m) return null;
  const [, plaats, slug, id] = m;
  return { plaats, slug, id, pad: `/detail/koop/${plaats}/${slug}/${id}/` };
}

/** A house number with its addition as the slug writes it: lowercase letters and digits only (42 A → "42a"). */
export function huisnummerSleutel(huisnummer: number, toevoeging?: string | null): string {
  return `${huisnummer}${(toevoeging ?? '').toLowerCase().replace(/[^a-z0-9]/g, '')}`;
}

/**
 * True when the slug ends in the house number and addition (appartement-witte-de-withstraat-42-a for 42 A,
 * huis-anjerstraat-5 for 5). Without an addition only a slug ending in the bare number matches.
 */
export function slugPastBijAdres(slug: string, huisnummer: number, toevoeging?: string | null): boolean {
  const tokens = slug.toLowerCase().split('-').filter(Boolean);
  const want = huisnummerSleutel(huisnummer, toevoeging);
  const nummer = String(huisnummer);
  for (let i = tokens.length - 1; i >= 0; i--) {
    const suffix = tokens.slice(i).join('');
    if (suffix.length > want.length) return false;
    if (suffix === want && tokens[i].startsWith(nummer) && !/^\d/.test(tokens[i].slice(nummer.length))) return true;
  }
  return false;
}

/** Postcode as the API writes it (3012BR) from a text such as "3012 BR Rotterdam"; null when absent. */
export function postcodeUit(text: string | null | undefined): string | null {
  const m = /\b([1-9][0-9]{3})\s?([A-Z]{2})\b/.exec(text ?? '');
  return m ? `${m[1]}${m[2]}` : null;
}

// ---------------------------------------------------------------------------------------------------
// Blocking

export type Blokkade = 'captcha' | 'http_403' | 'http_429';

/** Recognises the site's bot-protection page (a captcha challenge instead of the page asked for). */
export function isCaptchaPagina(html: string): boolean {
  const root = parse(html);
  if (root.querySelector('.g-recaptcha, .h-captcha, .cf-turnstile, #captcha, [data-captcha], form[action*="captcha"], iframe[src*="captcha"]')) return true;
  const script = root.querySelectorAll('script[src]').some((s) => /captcha|challenge/i.test(s.getAttribute('src') ?? ''));
  if (script) return true;
  const titel = tekst(root.querySelector('title')).toLowerCase();
  return titel.includes('je bent bijna op de pagina') || titel.includes('captcha') || titel.includes('access denied');
}

// ---------------------------------------------------------------------------------------------------
// Postcode results page

export interface Zoekresultaat {
  detail: DetailPad;
  /** Street and number as shown ("Witte de Withstraat 42 A"), when the result shows it. */
  adres: string | null;
  /** Postcode shown with the result (3012BR), when shown. */
  postcode: string | null;
}

export interface Zoekpagina {
  /** False when the page is cut off, or neither a results list nor the site's "no results" answer (changed). */
  herkend: boolean;
  resultaten: Zoekresultaat[];
  /** Result cards without a (readable) link to a detail page: left out, to be counted as drift. */
  kaarten_zonder_link: number;
}

/**
 * Reads a postcode results page: every link to a detail page (absolute on the site's own host, or
 * relative), with the address lines of its result card. Links to other hosts are ignored.
 */
export function parseZoekpagina(html: string, toegestaneHosts: string[]): Zoekpagina {
  const root = parse(html);
  const resultaten: Zoekresultaat[] = [];
  const gezien = new Set<string>();
  for (const a of root.querySelectorAll('a[href]')) {
    const detail = detailVanLink(a.getAttribute('href') ?? '', toegestaneHosts);
    if (!detail || gezien.has(detail.pad)) continue;
    gezien.add(detail.pad);
    const kaart = a.closest('[data-testid="search-result-item"]') ?? a;
    const adres = tekst(kaart.querySelector('h2')) || null;
    const postcodeRegel = kaart.querySelector('[data-testid="search-result-postcode"]') ?? kaart.querySelector('h2')?.nextElementSibling ?? null;
    resultaten.push({ detail, adres, postcode: postcodeUit(tekst(postcodeRegel)) });
  }
  const herkend =
    heel(root) &&
    (resultaten.length > 0 ||
      root.querySelector('[data-testid="search-results"], [data-testid="search-no-results"], [data-testid="search-result-count"]') !== null);
  const kaarten_zonder_link = root
    .querySelectorAll('[data-testid="search-result-item"]')
    .filter((kaart) => !kaart.querySelectorAll('a[href]').some((a) => detailVanLink(a.getAttribute('href') ?? '', toegestaneHosts) !== null)).length;
  return { herkend, resultaten, kaarten_zonder_link };
}

function detailVanLink(href: string, toegestaneHosts: string[]): DetailPad | null {
  let url: URL;
  try {
    url = new URL(href, 'https://relatief.invalid');
  } catch {
    return null;
  }
  if (url.host !== 'relatief.invalid' && !toegestaneHosts.includes(url.host)) return null;
  // A configured base URL may carry a path prefix (the replay server's /woningsite): read from /detail on.
  const start = url.pathname.indexOf('/detail/koop/');
  return start < 0 ? null : parseDetailPad(url.pathname.slice(start));
}

/** The first result whose slug matches the house number and addition (and whose postcode, when shown, matches). */
export function kiesResultaat(resultaten: Zoekresultaat[], postcode: string, huisnummer: number, toevoeging?: string | null): Zoekresultaat | null {
  return (
    resultaten.find(
      (r) => slugPastBijAdres(r.detail.slug, huisnummer, toevoeging) && (r.postcode === null || r.postcode === postcode),
    ) ?? null
  );
}

// ---------------------------------------------------------------------------------------------------
// Detail page

export interface ListingFeiten {
  adres: { straat_en_nummer: string | null; postcode: string | null; plaats: string | null };
  vraagprijs: number | null;
  /** The price line as the site shows it ("€ 425.000 k.k.", "Prijs op aanvraag"). */
  prijs_tekst: string | null;
  woonoppervlakte_m2: number | null;
  perceeloppervlakte_m2: number | null;
  bouwjaar_vermeld: number | null;
  kamers: number | null;
  slaapkamers: number | null;
  woningtype: string | null;
  energieklasse: string | null;
  status_tekst: string | null;
  beschrijving: string | null;
  foto_urls: string[];
}

export interface Detailpagina {
  /** False when the page is cut off (no complete body) or shows no listing (neither street nor postcode in the heading, nor an address in the JSON-LD). */
  herkend: boolean;
  feiten: ListingFeiten;
}

/** Reads the facts of a listing detail page; facts the page does not show are null. */
export function parseDetailpagina(html: string): Detailpagina {
  const root = parse(html);
  const ld = jsonLdListing(root);
  const kenmerken = kenmerkenLijst(root);
  const k = (...namen: string[]) => {
    for (const n of namen) {
      const v = kenmerken.get(n.toLowerCase());
      if (v) return v;
    }
    return null;
  };

  const kop = root.querySelector('h1');
  const kopDelen = kop ? kop.querySelectorAll('span').map(tekst).filter(Boolean) : [];
  const ldAdres = ldObject(ld?.address);
  // The heading's parts by their content: the line with a postcode, and the street before it.
  const postcodeRegel = kopDelen.find((d) => postcodeUit(d) !== null) ?? null;
  const straatDeel = kopDelen.find((d) => postcodeUit(d) === null) ?? (kopDelen.length === 0 ? tekst(kop) || null : null);
  const straat = straatDeel ?? ldString(ldAdres?.streetaddress);
  const postcode = postcodeUit(postcodeRegel) ?? postcodeUit(ldString(ldAdres?.postalcode)?.toUpperCase());
  const plaats = (postcodeRegel ? postcodeRegel.replace(/^\s*[1-9][0-9]{3}\s?[A-Z]{2}\s*/, '').trim() || null : null) ?? ldString(ldAdres?.addresslocality);

  const prijsTekst = k('Vraagprijs', 'Laatste vraagprijs') ?? (tekst(root.querySelector('[data-testid="object-header-price"]')) || null);
  const ldPrijs = ldNumber(ldObject(ld?.offers)?.price);
  const vraagprijs = prijsTekst ? bedragUit(prijsTekst) : ldPrijs;

  const kamerTekst = k('Aantal kamers');
  const kamers = (kamerTekst ? getalVoor(kamerTekst, /(\d+)\s*kamers?/i) : null) ?? ldNumber(ld?.numberofrooms);
  const slaapkamers = (kamerTekst ? getalVoor(kamerTekst, /(\d+)\s*slaapkamers?/i) : null) ?? ldNumber(ld?.numberofbedrooms);

  const labelTekst = k('Energielabel');
  const statusTekst = k('Status') ?? (tekst(root.querySelector('[data-testid="object-status-label"]')) || null);

  const feiten: ListingFeiten = {
    adres: { straat_en_nummer: straat, postcode, plaats },
    vraagprijs,
    prijs_tekst: prijsTekst ?? (ldPrijs !== null ? `€ ${ldPrijs}` : null),
    woonoppervlakte_m2: m2Uit(k('Wonen', 'Woonoppervlakte')) ?? ldNumber(ldObject(ld?.floorsize)?.value),
    perceeloppervlakte_m2: m2Uit(k('Perceel', 'Perceeloppervlakte')),
    bouwjaar_vermeld: jaarUit(k('Bouwjaar')) ?? ldNumber(ld?.yearbuilt),
    kamers,
    slaapkamers,
    woningtype: k('Soort woonhuis', 'Soort appartement', 'Soort woning', 'Soort object'),
    energieklasse: labelUit(labelTekst),
    status_tekst: statusTekst,
    beschrijving: beschrijvingUit(root) ?? ldString(ld?.description),
    foto_urls: fotoUrls(root, ld),
  };
  return { herkend: heel(root) && Boolean(straat || postcode || ldAdres), feiten };
}

/** The euro amount of a price line ("€ 425.000 k.k." → 425000); null for "Prijs op aanvraag" and the like. */
export function bedragUit(text: string): number | null {
  const m = /€\s*([0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)(?:,-)?/.exec(text);
  return m ? Number(m[1].replace(/\./g, '')) : null;
}

/** Square metres from "95 m²" (also "1.250 m²"); null when absent. */
export function m2Uit(text: string | null): number | null {
  if (!text) return null;
  const m = /([0-9]{1,3}(?:\.[0-9]{3})+|[0-9]+)\s*m(?:²|2)/.exec(text);
  return m ? Number(m[1].replace(/\./g, '')) : null;
}

function jaarUit(text: string | null): number | null {
  const m = text ? /^\s*(1[5-9][0-9]{2}|20[0-9]{2})\s*$/.exec(text) : null;
  return m ? Number(m[1]) : null;
}

function getalVoor(text: string, pattern: RegExp): number | null {
  const m = pattern.exec(text);
  return m ? Number(m[1]) : null;
}

/** The energy label class at the start of the text ("A", "A++++", "C Wat betekent dit?"). */
export function labelUit(text: string | null): string | null {
  const m = text ? /^\s*(A\+{1,5}|[A-G])(?![A-Za-z])/.exec(text) : null;
  return m ? m[1] : null;
}

/** dt/dd pairs of the kenmerken (features) lists, keyed by lowercased term; the first occurrence wins. */
function kenmerkenLijst(root: HTMLElement): Map<string, string> {
  const map = new Map<string, string>();
  for (const dt of root.querySelectorAll('dl dt')) {
    const dd = dt.nextElementSibling;
    if (!dd || dd.tagName !== 'DD') continue;
    const key = tekst(dt).toLowerCase();
    const value = tekst(dd);
    if (key && value && !map.has(key)) map.set(key, value);
  }
  return map;
}

function beschrijvingUit(root: HTMLElement): string | null {
  const el = root.querySelector('[data-testid="object-description-body"]');
  if (!el) return null;
  const text = el.structuredText.replace(/[ \t]+\n/g, '\n').trim();
  return text || null;
}

function fotoUrls(root: HTMLElement, ld: Record<string, unknown> | null): string[] {
  const urls: string[] = [];
  const add = (u: unknown) => {
    if (typeof u !== 'string') return;
    const s = u.trim();
    if (/^https?:\/\//.test(s) && !urls.includes(s)) urls.push(s);
  };
  const ldImages = ld?.image;
  const urlVan = (i: unknown) => (typeof i === 'object' && i ? lowerKeys(i)?.url : i);
  if (Array.isArray(ldImages)) ldImages.forEach((i) => add(urlVan(i)));
  else add(urlVan(ldImages));
  for (const img of root.querySelectorAll('[data-testid="media-gallery"] img')) {
    add(img.getAttribute('src') ?? img.getAttribute('data-src') ?? img.getAttribute('srcset')?.split(/\s+/)[0]);
  }
  return urls;
}

const LISTING_TYPES = ['Residence', 'SingleFamilyResidence', 'Apartment', 'House', 'Accommodation', 'RealEstateListing', 'Product'];

/** The schema.org object of the listing in the page's JSON-LD scripts, or null. */
function jsonLdListing(root: HTMLElement): Record<string, unknown> | null {
  for (const script of root.querySelectorAll('script[type="application/ld+json"]')) {
    let value: unknown;
    try {
      value = JSON.parse(script.rawText);
    } catch {
      continue;
    }
    const graph = lowerKeys(value)?.['@graph'];
    const candidates = Array.isArray(value) ? value : [value, ...(Array.isArray(graph) ? graph : [])];
    for (const c of candidates) {
      const obj = ldObject(c);
      const types = ([] as unknown[]).concat(obj?.['@type'] ?? []);
      if (obj && types.some((t) => typeof t === 'string' && LISTING_TYPES.includes(t))) return obj;
    }
  }
  return null;
}

/** A JSON-LD object with its keys in lower case (streetAddress and STREETADDRESS read alike). */
function ldObject(v: unknown): Record<string, unknown> | null {
  if (Array.isArray(v)) return ldObject(v[0]);
  return lowerKeys(v);
}

function ldString(v: unknown): string | null {
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
}

function ldNumber(v: unknown): number | null {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\d+(\.\d+)?$/.test(v.trim()) ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * True when the document is complete: the parser found a closed body element. A page cut off in transit
 * has none (node-html-parser dissolves unclosed elements), so its missing facts are not taken for absent ones.
 */
function heel(root: HTMLElement): boolean {
  return root.querySelector('body') !== null;
}

/** Visible text of an element, whitespace collapsed; '' for a missing element. */
function tekst(el: HTMLElement | null | undefined): string {
  return el ? el.textContent.replace(/\s+/g, ' ').trim() : '';
}

// ---------------------------------------------------------------------------------------------------
// Status

export type ListingStatus = 'gevonden' | 'onder_bod' | 'verkocht_of_verhuurd' | 'niet_gevonden' | 'geblokkeerd';

/**
 * data.status of a found listing from the site's status text: Beschikbaar → gevonden; Onder bod (and
 * Onder optie) → onder_bod; Verkocht, Verkocht onder voorbehoud, Verhuurd → verkocht_of_verhuurd; a
 * listing without status text counts as gevonden.
 */
export function statusVan(statusTekst: string | null): Exclude<ListingStatus, 'niet_gevonden' | 'geblokkeerd'> {
  const s = (statusTekst ?? '').toLowerCase();
  if (s.startsWith('verkocht') || s.startsWith('verhuurd')) return 'verkocht_of_verhuurd';
  if (s.startsWith('onder bod') || s.startsWith('onder optie')) return 'onder_bod';
  return 'gevonden';
}
