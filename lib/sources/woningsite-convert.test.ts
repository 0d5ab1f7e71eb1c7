// Reading the woningsite's pages: every fixture page (built from the site's public page structure, see
// test/upstream/fixtures/woningsite/MANIFEST.md) with concrete values, and the small text readers.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES_DIR } from '@/test/upstream/server';
import {
  bedragUit,
  huisnummerSleutel,
  isCaptchaPagina,
  kiesResultaat,
  labelUit,
  m2Uit,
  parseDetailPad,
  parseDetailpagina,
  parseZoekpagina,
  postcodeUit,
  slugPastBijAdres,
  statusVan,
} from './woningsite-convert';

const page = (file: string) => fs.readFileSync(path.join(FIXTURES_DIR, 'woningsite', file), 'utf8');
const HOSTS = ['www.funda.nl', 'funda.nl'];

describe('detail pages', () => {
  it('reads the Rotterdam apartment (JSON-LD and kenmerken list)', () => {
    const { herkend, feiten } = parseDetailpagina(page('detail-rotterdam-witte-de-withstraat-42-a.html'));
    expect(herkend).toBe(true);
    expect(feiten).toEqual({
      adres: { straat_en_nummer: 'Witte de Withstraat 42 A', postcode: '3012BR', plaats: 'Rotterdam' },
      vraagprijs: 325000,
      prijs_tekst: '€ 325.000 kosten koper',
      woonoppervlakte_m2: 62,
      perceeloppervlakte_m2: null,
      bouwjaar_vermeld: 1873,
      kamers: 3,
      slaapkamers: 2,
      woningtype: 'Bovenwoning (appartement)',
      energieklasse: 'B',
      status_tekst: 'Beschikbaar',
      beschrijving:
        'Licht bovenhuis op de tweede verdieping van een monumentaal pand uit 1873, midden in het centrum.\n' +
        'De woonkamer heeft hoge plafonds en kijkt uit op de Witte de Withstraat. & Op loopafstand van het Museumpark.',
      foto_urls: [
        'https://cloud.funda.nl/valentina_media/201/431/001_720x480.jpg',
        'https://cloud.funda.nl/valentina_media/201/431/002_720x480.jpg',
        'https://cloud.funda.nl/valentina_media/201/431/003_720x480.jpg',
      ],
    });
    expect(statusVan(feiten.status_tekst)).toBe('gevonden');
  });

  it('reads the sold Hoogeveen house from the visible HTML alone (no JSON-LD)', () => {
    const { herkend, feiten } = parseDetailpagina(page('detail-hoogeveen-anjerstraat-5.html'));
    expect(herkend).toBe(true);
    expect(feiten.adres).toEqual({ straat_en_nummer: 'Anjerstraat 5', postcode: '7906LE', plaats: 'Hoogeveen' });
    expect(feiten.vraagprijs).toBe(289000);
    expect(feiten.prijs_tekst).toBe('€ 289.000 k.k.');
    expect(feiten.woonoppervlakte_m2).toBe(96);
    expect(feiten.perceeloppervlakte_m2).toBe(140);
    expect(feiten.bouwjaar_vermeld).toBe(1968);
    expect(feiten.kamers).toBe(5);
    expect(feiten.slaapkamers).toBe(4);
    expect(feiten.woningtype).toBe('Eengezinswoning, tussenwoning');
    expect(feiten.energieklasse).toBe('C');
    expect(feiten.status_tekst).toBe('Verkocht');
    expect(feiten.beschrijving).toMatch(/^Ruime tussenwoning met diepe achtertuin op het zuiden/);
    expect(feiten.foto_urls).toHaveLength(3);
    expect(feiten.foto_urls[2]).toBe('https://cloud.funda.nl/valentina_media/198/776/103_720x480.jpg');
    expect(statusVan(feiten.status_tekst)).toBe('verkocht_of_verhuurd');
  });

  it('reads the under-offer listing with price on request', () => {
    const { feiten } = parseDetailpagina(page('detail-rotterdam-witte-de-withstraat-42-c.html'));
    expect(feiten.status_tekst).toBe('Onder bod');
    expect(statusVan(feiten.status_tekst)).toBe('onder_bod');
    expect(feiten.vraagprijs).toBeNull();
    expect(feiten.prijs_tekst).toBe('Prijs op aanvraag');
    expect(feiten.woonoppervlakte_m2).toBe(48);
    expect(feiten.kamers).toBe(2);
    expect(feiten.slaapkamers).toBe(1);
    expect(feiten.energieklasse).toBeNull(); // "Niet verplicht"
    expect(feiten.woningtype).toBe('Dakappartement (appartement)');
    // JSON-LD image and the first srcset candidate are the same photo: listed once
    expect(feiten.foto_urls).toEqual(['https://cloud.funda.nl/valentina_media/201/502/001_720x480.jpg']);
  });

  it('does not recognise a page without a listing, nor a page cut off halfway', () => {
    expect(parseDetailpagina(page('niet-gevonden.html')).herkend).toBe(false);
    const full = page('detail-hoogeveen-anjerstraat-5.html');
    expect(parseDetailpagina(full.slice(0, Math.floor(full.length / 2))).herkend).toBe(false);
  });
});

describe('postcode results pages', () => {
  it('lists the detail links of the Rotterdam page, ignoring other hosts', () => {
    const p = parseZoekpagina(page('zoeken-3012br.html'), HOSTS);
    expect(p.herkend).toBe(true);
    expect(p.resultaten.map((r) => [r.detail.slug, r.detail.id, r.adres, r.postcode])).toEqual([
      ['appartement-witte-de-withstraat-42-c', '43012377', 'Witte de Withstraat 42 C', '3012BR'],
      ['appartement-witte-de-withstraat-42-a', '43012345', 'Witte de Withstraat 42 A', '3012BR'],
      ['huis-witte-de-withstraat-142', '43012399', 'Witte de Withstraat 142', '3012BR'],
    ]);
  });

  it('picks the result of the house number and addition', () => {
    const { resultaten } = parseZoekpagina(page('zoeken-3012br.html'), HOSTS);
    expect(kiesResultaat(resultaten, '3012BR', 42, 'A')?.detail.pad).toBe('/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/');
    expect(kiesResultaat(resultaten, '3012BR', 42, 'c')?.detail.id).toBe('43012377');
    expect(kiesResultaat(resultaten, '3012BR', 142, undefined)?.detail.id).toBe('43012399');
    expect(kiesResultaat(resultaten, '3012BR', 42, undefined)).toBeNull();
    expect(kiesResultaat(resultaten, '3012BR', 42, 'B')).toBeNull();
    expect(kiesResultaat(resultaten, '3012BS', 42, 'A')).toBeNull(); // shown postcode differs
  });

  it('reads relative links (Hoogeveen) and the empty results page (Vinkeveen)', () => {
    const hoogeveen = parseZoekpagina(page('zoeken-7906le.html'), HOSTS);
    expect(hoogeveen.resultaten).toHaveLength(1);
    expect(hoogeveen.resultaten[0]).toMatchObject({ adres: 'Anjerstraat 5', postcode: '7906LE' });
    expect(hoogeveen.resultaten[0].detail.pad).toBe('/detail/koop/hoogeveen/huis-anjerstraat-5/43088812/');
    expect(parseZoekpagina(page('zoeken-3645ae-geen-resultaten.html'), HOSTS)).toEqual({ herkend: true, resultaten: [], kaarten_zonder_link: 0 });
  });

  it('does not take a captcha or error page, nor a page cut off halfway, for a results page', () => {
    const leeg = page('zoeken-3645ae-geen-resultaten.html');
    expect(parseZoekpagina(leeg.slice(0, Math.floor(leeg.length / 2)), HOSTS).herkend).toBe(false);
    expect(parseZoekpagina(page('captcha.html'), HOSTS).herkend).toBe(false);
    expect(parseZoekpagina(page('te-veel-verzoeken.html'), HOSTS).herkend).toBe(false);
  });
});

describe('blocking', () => {
  it('recognises the captcha page and nothing else', () => {
    expect(isCaptchaPagina(page('captcha.html'))).toBe(true);
    for (const f of ['zoeken-3012br.html', 'detail-rotterdam-witte-de-withstraat-42-a.html', 'te-veel-verzoeken.html', 'niet-gevonden.html']) {
      expect(isCaptchaPagina(page(f)), f).toBe(false);
    }
  });
});

describe('text readers', () => {
  it.each([
    ['€ 425.000 k.k.', 425000],
    ['€ 1.250.000 v.o.n.', 1250000],
    ['€ 289.000 kosten koper', 289000],
    ['€ 950 per maand', 950],
    ['Prijs op aanvraag', null],
    ['Bij inschrijving', null],
  ])('bedragUit(%s) = %s', (text, want) => expect(bedragUit(text)).toBe(want));

  it('reads areas, labels and postcodes', () => {
    expect(m2Uit('95 m²')).toBe(95);
    expect(m2Uit('1.250 m²')).toBe(1250);
    expect(m2Uit('214 m³')).toBeNull();
    expect(labelUit('A+++ Wat betekent dit?')).toBe('A+++');
    expect(labelUit('C')).toBe('C');
    expect(labelUit('Niet beschikbaar')).toBeNull();
    expect(postcodeUit('3012 BR Rotterdam')).toBe('3012BR');
    expect(postcodeUit('Rotterdam')).toBeNull();
  });

  it('reads detail paths and matches slugs to house numbers', () => {
    expect(parseDetailPad('/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/')).toEqual({
      plaats: 'rotterdam',
      slug: 'appartement-witte-de-withstraat-42-a',
      id: '43012345',
      pad: '/detail/koop/rotterdam/appartement-witte-de-withstraat-42-a/43012345/',
    });
    expect(parseDetailPad('/detail/koop/rotterdam/appartement-x-1/43012345')?.pad).toBe('/detail/koop/rotterdam/appartement-x-1/43012345/');
    expect(parseDetailPad('/detail/huur/rotterdam/appartement-x-1/43012345/')).toBeNull();
    expect(parseDetailPad('/detail/koop/rotterdam/../../admin/43012345/')).toBeNull();
    expect(huisnummerSleutel(42, 'A-2')).toBe('42a2');
    expect(slugPastBijAdres('appartement-witte-de-withstraat-42-a', 42, 'A')).toBe(true);
    expect(slugPastBijAdres('appartement-witte-de-withstraat-42a', 42, 'a')).toBe(true);
    expect(slugPastBijAdres('appartement-kinkerstraat-12-2', 12, '2')).toBe(true);
    expect(slugPastBijAdres('huis-anjerstraat-5', 5, undefined)).toBe(true);
    expect(slugPastBijAdres('huis-anjerstraat-15', 5, undefined)).toBe(false);
    expect(slugPastBijAdres('appartement-witte-de-withstraat-42-a', 42, undefined)).toBe(false);
  });

  it.each([
    ['Beschikbaar', 'gevonden'],
    ['Onder bod', 'onder_bod'],
    ['Onder optie', 'onder_bod'],
    ['Verkocht', 'verkocht_of_verhuurd'],
    ['Verkocht onder voorbehoud', 'verkocht_of_verhuurd'],
    ['Verhuurd', 'verkocht_of_verhuurd'],
    [null, 'gevonden'],
  ] as const)('status %s → %s', (text, want) => expect(statusVan(text)).toBe(want));
});
