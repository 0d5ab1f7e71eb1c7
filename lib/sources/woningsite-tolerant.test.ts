// Tolerance of the woningsite page reading (issue 21 item 1) on variants of the pages in
// test/upstream/fixtures/woningsite (all `opgebouwd`: no real page of the site could be recorded, see its
// MANIFEST.md). HTML has no field paths: a "field" is a kenmerk (dt/dd pair), an element the reader uses,
// or a member of the JSON-LD (removed with the shared helpers). Each removed in turn: the page is still
// read, with the fact from the other place the page shows it (visible kenmerk, heading, JSON-LD), else null.
// Variants: extra kenmerken, elements and JSON-LD members; JSON-LD numbers as strings and keys in another
// case or order; tag names and kenmerk labels in upper case (HTML is case-insensitive).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'node-html-parser';
import { fieldPaths, numbersAsStrings, reversedKeys, unknownsNotNull, upperCaseKeys, withExtraFields, withoutField } from '@/test/tolerance';
import { listingSchema } from '@/lib/services/pand/listing-schema';
import { type ListingFeiten, bedragUit, parseDetailpagina, parseZoekpagina } from './woningsite-convert';

const dir = path.join(__dirname, '..', '..', 'test', 'upstream', 'fixtures', 'woningsite');
const page = (file: string) => fs.readFileSync(path.join(dir, file), 'utf8');
const HOSTS = ['www.funda.nl', 'funda.nl'];

/** The facts part of the operation's output schema. */
const feitenSchema = listingSchema.pick({
  status_tekst: true, adres: true, vraagprijs: true, prijs_tekst: true, woonoppervlakte_m2: true, perceeloppervlakte_m2: true, bouwjaar_vermeld: true,
  kamers: true, slaapkamers: true, woningtype: true, energieklasse: true, beschrijving: true, foto_urls: true,
});

// ---- HTML edits (the JSON-LD itself is edited with the helpers of test/tolerance.ts) ---------------------
const LD = 'script[type="application/ld+json"]';
const ldVan = (html: string) => {
  const s = parse(html).querySelector(LD);
  return s ? JSON.parse(s.rawText) : null;
};
function metLd(html: string, f: (ld: unknown) => unknown): string {
  const root = parse(html);
  const s = root.querySelector(LD);
  if (s) s.set_content(JSON.stringify(f(JSON.parse(s.rawText))));
  return root.toString();
}
function zonder(html: string, selector: string): string {
  const root = parse(html);
  for (const el of root.querySelectorAll(selector)) el.remove();
  return root.toString();
}
/** Without the kenmerk (its dt and the dd after it). */
function zonderKenmerk(html: string, label: string): string {
  const root = parse(html);
  for (const dt of root.querySelectorAll('dt')) {
    if (dt.textContent.trim() !== label) continue;
    dt.nextElementSibling?.remove();
    dt.remove();
  }
  return root.toString();
}
const kenmerken = (html: string) => parse(html).querySelectorAll('dt').map((dt) => dt.textContent.trim());
const metHoofdletterTags = (html: string) => html.replace(/<(\/?)([a-z][a-z0-9]*)/g, (_m, slash: string, tag: string) => `<${slash}${tag.toUpperCase()}`);
const metHoofdletterLabels = (html: string) => html.replace(/<dt>([^<]*)<\/dt>/g, (_m, t: string) => `<dt>${t.toUpperCase()}</dt>`);
const metExtraKenmerken = (html: string) =>
  html.replace(/<dl([^>]*)>/g, '<dl$1><dt>Nieuw kenmerk</dt><dd><span data-nieuw="x">iets</span></dd>').replace(/<main([^>]*)>/, '<main$1><section data-testid="nieuw-blok"><p>Nieuw</p></section>');

// ---- what the page shows in its other places (the fallbacks) ---------------------------------------------
function elders(html: string) {
  const root = parse(html);
  const ld = ldVan(html);
  const text = (sel: string) => root.querySelector(sel)?.textContent.replace(/\s+/g, ' ').trim() || null;
  const ldAdres = ld?.address;
  return {
    prijsKop: text('[data-testid="object-header-price"]'),
    statusLabel: text('[data-testid="object-status-label"]'),
    ldPrijs: ld?.offers?.price ?? null,
    ldAdres: ldAdres ? { straat_en_nummer: ldAdres.streetAddress, postcode: ldAdres.postalCode.replace(' ', ''), plaats: ldAdres.addressLocality } : null,
    ldWonen: ld?.floorSize?.value ?? null,
    ldKamers: ld?.numberOfRooms ?? null,
    ldSlaapkamers: ld?.numberOfBedrooms ?? null,
    ldBouwjaar: ld?.yearBuilt ?? null,
    ldBeschrijving: ld?.description ?? null,
    ldFotos: ([] as string[]).concat(ld?.image ?? []),
    galerij: root.querySelectorAll('[data-testid="media-gallery"] img').map((i) => i.getAttribute('src') ?? i.getAttribute('data-src') ?? i.getAttribute('srcset')?.split(/\s+/)[0]).filter((u): u is string => /^https?:/.test(u ?? '')),
  };
}
type Elders = ReturnType<typeof elders>;

/** What reading gives when one part of the page is missing: the full facts with these changes. */
const ZONDER: Record<string, (f: ListingFeiten, e: Elders) => void> = {
  // Kenmerken: the other place the page shows the fact, else null.
  'kenmerk:Vraagprijs': (f, e) => Object.assign(f, { prijs_tekst: e.prijsKop ?? (e.ldPrijs !== null ? `€ ${e.ldPrijs}` : null), vraagprijs: e.prijsKop ? bedragUit(e.prijsKop) : e.ldPrijs }),
  'kenmerk:Laatste vraagprijs': (f, e) => ZONDER['kenmerk:Vraagprijs'](f, e),
  'kenmerk:Status': (f, e) => (f.status_tekst = e.statusLabel),
  'kenmerk:Soort appartement': (f) => (f.woningtype = null),
  'kenmerk:Soort woonhuis': (f) => (f.woningtype = null),
  'kenmerk:Bouwjaar': (f, e) => (f.bouwjaar_vermeld = e.ldBouwjaar),
  'kenmerk:Gebruiksoppervlakten': (f, e) => (f.woonoppervlakte_m2 = e.ldWonen), // holds Wonen
  'kenmerk:Wonen': (f, e) => (f.woonoppervlakte_m2 = e.ldWonen),
  'kenmerk:Perceel': (f) => (f.perceeloppervlakte_m2 = null),
  'kenmerk:Aantal kamers': (f, e) => Object.assign(f, { kamers: e.ldKamers, slaapkamers: e.ldSlaapkamers }),
  'kenmerk:Energielabel': (f) => (f.energieklasse = null),
  // Elements.
  h1: (f, e) => (f.adres = e.ldAdres ?? { straat_en_nummer: null, postcode: null, plaats: null }),
  'h1 > span:first-child': (f, e) => (f.adres.straat_en_nummer = e.ldAdres?.straat_en_nummer ?? null),
  'h1 > span:last-child': (f, e) => Object.assign(f.adres, { postcode: e.ldAdres?.postcode ?? null, plaats: e.ldAdres?.plaats ?? null }),
  '[data-testid="object-header-price"]': () => {}, // the kenmerk Vraagprijs
  '[data-testid="object-status-label"]': () => {}, // the kenmerk Status
  '[data-testid="object-description-body"]': (f, e) => (f.beschrijving = e.ldBeschrijving),
  '[data-testid="media-gallery"]': (f, e) => (f.foto_urls = e.ldFotos),
  [LD]: (f, e) => (f.foto_urls = e.galerij), // every other fact is in the visible page
};
/** Kenmerken the service does not read. */
const ONGEBRUIKT = new Set([
  'Aangeboden sinds', 'Aanvaarding', 'Bijdrage VvE', 'Soort bouw', 'Gebouwgebonden buitenruimte', 'Inhoud', 'Aantal badkamers', 'Gelegen op',
  'Verwarming', 'Looptijd', 'Soort dak', 'Externe bergruimte', 'Aantal woonlagen', 'Isolatie',
]);
const ELEMENTEN = Object.keys(ZONDER).filter((k) => !k.startsWith('kenmerk:'));
/** JSON-LD members the reader does not use. */
const LD_ONGEBRUIKT = ['@context', 'name', 'url', 'address.@type', 'address.addressCountry', 'floorSize.@type', 'floorSize.unitCode', 'offers.@type', 'offers.priceCurrency', 'offers.availability'];

describe.each([
  'detail-rotterdam-witte-de-withstraat-42-a.html', // JSON-LD and kenmerken
  'detail-rotterdam-witte-de-withstraat-42-c.html', // onder bod, prijs op aanvraag, a JSON-LD with address and one image
  'detail-hoogeveen-anjerstraat-5.html', // verkocht, visible HTML only
])('the detail page %s', (file) => {
  const html = page(file);
  const volledig = parseDetailpagina(html);
  const e = elders(html);
  const delen = [...kenmerken(html).map((k) => `kenmerk:${k}`), ...ELEMENTEN.filter((sel) => parse(html).querySelector(sel))];

  it('is read, and every kenmerk of it is known to this test', () => {
    expect(volledig.herkend).toBe(true);
    expect(kenmerken(html).filter((k) => !(`kenmerk:${k}` in ZONDER) && !ONGEBRUIKT.has(k))).toEqual([]);
  });

  it.each(delen)('without %s: still read, with the fact from elsewhere on the page', (deel) => {
    const zonderDeel = deel.startsWith('kenmerk:') ? zonderKenmerk(html, deel.slice(8)) : zonder(html, deel);
    const p = parseDetailpagina(zonderDeel);
    const verwacht = structuredClone(volledig.feiten);
    ZONDER[deel]?.(verwacht, e);
    expect(feitenSchema.safeParse(p.feiten).success).toBe(true);
    expect(p.feiten).toEqual(verwacht);
    // Without heading and JSON-LD address the page shows no listing that can be tied to the address: not
    // recognised (the operation answers onleesbaar), explicitly rather than as a listing of nulls. Either
    // line of the heading (street, or postcode and place) is enough.
    expect(p.herkend).toBe(deel !== 'h1' || e.ldAdres !== null);
  });

  it('with extra kenmerken and elements, tag names or kenmerk labels in upper case: the same facts', () => {
    expect(parseDetailpagina(metExtraKenmerken(html))).toEqual(volledig);
    expect(parseDetailpagina(metHoofdletterTags(html))).toEqual(volledig);
    expect(parseDetailpagina(metHoofdletterLabels(html))).toEqual(volledig);
  });

  it('with every fact removed: facts of nulls, never "" or "onbekend"', () => {
    const leeg = parseDetailpagina('<!DOCTYPE html><html><head><title>x</title></head><body><main><h1></h1><dl><dt>Energielabel</dt><dd> </dd></dl></main></body></html>');
    expect(leeg.herkend).toBe(false);
    expect(feitenSchema.safeParse(leeg.feiten).success).toBe(true);
    expect(leeg.feiten).toEqual({
      adres: { straat_en_nummer: null, postcode: null, plaats: null }, vraagprijs: null, prijs_tekst: null, woonoppervlakte_m2: null, perceeloppervlakte_m2: null,
      bouwjaar_vermeld: null, kamers: null, slaapkamers: null, woningtype: null, energieklasse: null, status_tekst: null, beschrijving: null, foto_urls: [],
    });
    expect(unknownsNotNull(leeg.feiten)).toEqual([]);
    expect(unknownsNotNull(volledig.feiten)).toEqual([]);
  });
});

describe('the JSON-LD of detail-rotterdam-witte-de-withstraat-42-a.html', () => {
  const html = page('detail-rotterdam-witte-de-withstraat-42-a.html');
  const volledig = parseDetailpagina(html);
  const ld = ldVan(html);
  // Only the JSON-LD left: every visible fact, heading, description and gallery removed.
  const alleenLd = (h: string) => [...ELEMENTEN.filter((s) => s !== LD), 'dl'].reduce(zonder, h);
  const uitLd = parseDetailpagina(alleenLd(html));

  it('is read on its own: the facts it gives', () => {
    expect(uitLd.herkend).toBe(true);
    expect(uitLd.feiten).toMatchObject({
      adres: { straat_en_nummer: 'Witte de Withstraat 42 A', postcode: '3012BR', plaats: 'Rotterdam' },
      vraagprijs: 325000, prijs_tekst: '€ 325000', woonoppervlakte_m2: 62, kamers: 3, slaapkamers: null, bouwjaar_vermeld: 1873,
      beschrijving: ld.description, foto_urls: ld.image,
    });
  });

  it.each(fieldPaths(ld))('without %s: the visible page still gives every fact', (veld) => {
    expect(parseDetailpagina(metLd(html, (l) => withoutField(l, veld)))).toEqual(volledig);
  });

  it('every JSON-LD member is used or listed as unused', () => {
    const gebruikt = ['@type', 'address', 'address.streetAddress', 'address.postalCode', 'address.addressLocality', 'floorSize', 'floorSize.value', 'numberOfRooms', 'yearBuilt', 'description', 'image', 'offers', 'offers.price'];
    expect(fieldPaths(ld).filter((p) => !gebruikt.includes(p) && !LD_ONGEBRUIKT.includes(p))).toEqual([]);
  });

  it('with extra members, numbers as strings, keys in upper case or in reversed order: the same facts', () => {
    for (const variant of [withExtraFields, numbersAsStrings, upperCaseKeys, reversedKeys]) {
      expect(parseDetailpagina(alleenLd(metLd(html, variant)))).toEqual(uitLd);
      expect(parseDetailpagina(metLd(html, variant))).toEqual(volledig);
    }
  });
});

describe('the result cards of zoeken-3012br.html', () => {
  const html = page('zoeken-3012br.html');
  const volledig = parseZoekpagina(html, HOSTS);
  const KAART = '[data-testid="search-result-item"]';

  it('reads the three cards', () => {
    expect(volledig.resultaten).toHaveLength(3);
    expect(volledig.kaarten_zonder_link).toBe(0);
  });

  it('without the address heading: adres null; without the postcode line: postcode null; every card kept', () => {
    const zonderKop = parseZoekpagina(zonder(html, `${KAART} h2`), HOSTS);
    expect(zonderKop.resultaten).toEqual(volledig.resultaten.map((r) => ({ ...r, adres: null })));
    const zonderPostcode = parseZoekpagina(zonder(html, `${KAART} [data-testid="search-result-postcode"]`), HOSTS);
    expect(zonderPostcode.resultaten).toEqual(volledig.resultaten.map((r) => ({ ...r, postcode: null })));
    expect(unknownsNotNull(zonderKop)).toEqual([]);
  });

  it('without the link a card cannot be a result: left out and counted (kaarten_zonder_link)', () => {
    const root = parse(html);
    root.querySelector(`${KAART} a`)!.removeAttribute('href');
    const p = parseZoekpagina(root.toString(), HOSTS);
    expect(p.resultaten).toEqual(volledig.resultaten.slice(1));
    expect(p.kaarten_zonder_link).toBe(1);
  });

  it('with extra elements and tag names in upper case: the same results', () => {
    expect(parseZoekpagina(metExtraKenmerken(html), HOSTS)).toEqual(volledig);
    expect(parseZoekpagina(metHoofdletterTags(html), HOSTS)).toEqual(volledig);
  });
});
