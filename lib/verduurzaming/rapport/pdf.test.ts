// The PDF report: rendered for a typical and for extreme inputs (ten measures with long descriptions, the
// longest address, four two-line signals) and for the real maatwerkadvies sample, then checked with
// poppler: exactly one A4 page, the label chips, the three scenario titles and the whole assumptions line
// are in the text, nothing of the body runs into the source line, and the current-label chip is drawn in
// its label colour. Overflow is checked on the words' boxes (pdftotext -bbox): every word inside the page
// margins, inside its scenario card and inside its table column; font sizes follow from the word heights
// (DejaVu Sans: ascent + descent = 1.164 em), so the smallest text and the assumptions line are >= 6.5 pt.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nulmeting, Pand } from '../types';
import { LABEL_COLOURS } from '../label-colours';
import { aannameRegel } from './aannames';
import { leesNulmeting } from '../nulmeting';
import { fixtureText } from '@/test/fixtures/energy/fixtures';
import { kort, MIN_FONT_SIZE, PAGE_MARGIN_X, renderRapportPdf } from './pdf';
import { besteDoel, pdfRapport, rapportBasis, type PdfRapport } from './report';
import type { Energieprijzen } from './scenarios';
import { extremeNulmeting, extremePand, nulmetingFixture, pandFixture, PRIJZEN_2025_09, signaalrijkeInvoer, volstePaginaInvoer } from './testdata';

const BRONNEN = [
  { titel: 'BAG', attributie: 'Bron: Kadaster, Basisregistratie Adressen en Gebouwen (via PDOK)', status: 'ok' as const },
  { titel: 'WOZ', attributie: 'Bron: WOZ-waardeloket (Kadaster, Waarderingskamer)', status: 'ok' as const },
  { titel: 'EP-Online', attributie: 'Bron: EP-Online, Rijksdienst voor Ondernemend Nederland', status: 'onbeschikbaar' as const },
  { titel: 'CBS', attributie: 'Bron: CBS', status: 'ok' as const },
];

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rapport-pdf-'));
});
afterAll(() => {
  fs.rmSync(dir, { recursive: true, force: true });
});

function rapport(n: Nulmeting, p: Pand, prijzen: Energieprijzen | null = PRIJZEN_2025_09): PdfRapport {
  return pdfRapport(rapportBasis(n, p, { postcode: '3511AB', huisnummer: 12 }), prijzen, BRONNEN, new Date('2026-11-22T10:00:00Z'));
}

async function renderTo(name: string, r: PdfRapport): Promise<string> {
  const file = path.join(dir, `${name}.pdf`);
  fs.writeFileSync(file, await renderRapportPdf(r));
  return file;
}

interface Word {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
  t: string;
}
/** Every word of the page with its box (pdftotext -bbox), in reading order. */
function words(file: string): Word[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    x0: Number(m[1]),
    y0: Number(m[2]),
    x1: Number(m[3]),
    y1: Number(m[4]),
    t: m[5].replace(/&amp;/g, '&').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"'),
  }));
}
/** DejaVu Sans: a word's box is (ascent + descent) = 1.164 em high. */
const fontSize = (w: Word) => (w.y1 - w.y0) / 1.1641;
const A4 = { w: 595.28, h: 841.89 };
const EPS = 0.5;

const pdfinfo = (file: string) => execFileSync('pdfinfo', [file], { encoding: 'utf8' });
const pdftext = (file: string) => execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
const squash = (t: string) => t.replace(/\s+/g, ' ');

/** y (top) of the first word matching `re` in pdftotext's bounding-box output. */
function wordTops(file: string, re: RegExp): number[] {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  return [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)]
    .filter((m) => re.test(m[3]))
    .map((m) => Number(m[1]));
}
function lowestBodyBottom(file: string): { body: number; bronnen: number } {
  const html = execFileSync('pdftotext', ['-bbox', file, '-'], { encoding: 'utf8' });
  const words = [...html.matchAll(/<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)<\/word>/g)].map((m) => ({
    top: Number(m[1]),
    bottom: Number(m[2]),
  }));
  const bronnen = wordTops(file, /^Bronnen:$/)[0];
  return { body: Math.max(...words.filter((w) => w.top < bronnen).map((w) => w.bottom)), bronnen };
}

describe.each([
  ['typisch', () => rapport(nulmetingFixture(), pandFixture())],
  ['extreem', () => rapport(extremeNulmeting(), extremePand())],
  ['veel-signalen', () => rapport(signaalrijkeInvoer().nulmeting, signaalrijkeInvoer().pand)],
  ['zonder-prijzen-en-maatregelen', () => rapport(nulmetingFixture({ maatregelen: null }), pandFixture(), null)],
  ['volste-pagina', () => rapport(volstePaginaInvoer().nulmeting, volstePaginaInvoer().pand)],
])('PDF %s', (name, make) => {
  let file: string;
  let r: PdfRapport;
  beforeAll(async () => {
    r = make();
    file = await renderTo(name, r);
  });

  it('is exactly one A4 page', () => {
    const info = pdfinfo(file);
    expect(info).toMatch(/^Pages:\s+1$/m);
    expect(info).toMatch(/^Page size:\s+595\.28 x 841\.89 pts \(A4\)$/m);
  });

  it('shows the label chips, the three scenario titles and the whole assumptions line', () => {
    const text = pdftext(file);
    expect(text).toContain('huidig label');
    expect(text).toContain('beste doel');
    const esc = (k: string | null) => (k ?? '?').replace(/\+/g, '\\+');
    const doel = besteDoel(r) ?? r.scenarios[2].doel_label;
    expect(text).toMatch(new RegExp(`${esc(r.uitgangspunt.huidig_label)}\\s+→\\s+${esc(doel)}`));
    for (const title of ['Eerste stap', 'Tot label A', 'Tot het beste doel']) expect(text).toContain(title);
    expect(squash(text)).toContain(squash(aannameRegel(r.aannames)));
  });

  it('keeps the body above the source line', () => {
    const { body, bronnen } = lowestBodyBottom(file);
    expect(body).toBeLessThan(bronnen);
  });

  it('keeps every word inside the page margins, its scenario card and its table column', () => {
    const all = words(file);
    expect(all.length).toBeGreaterThan(100);
    for (const w of all) {
      expect(w.x0, w.t).toBeGreaterThanOrEqual(PAGE_MARGIN_X - EPS);
      expect(w.x1, w.t).toBeLessThanOrEqual(A4.w - PAGE_MARGIN_X + EPS);
      expect(w.y0, w.t).toBeGreaterThanOrEqual(0);
      expect(w.y1, w.t).toBeLessThanOrEqual(A4.h - 10);
    }
    // The three cards share the 535 pt width with 6 pt gaps; between a card title and the note under
    // the cards every word lies inside one card, with the card's 6 pt padding.
    const top = Math.min(...all.filter((w) => w.t === 'Eerste').map((w) => w.y0));
    const bottom = Math.min(...all.filter((w) => w.t === '*').map((w) => w.y0));
    const cardW = (A4.w - 2 * PAGE_MARGIN_X - 12) / 3;
    const cards = [0, 1, 2].map((i) => ({ x0: PAGE_MARGIN_X + i * (cardW + 6), x1: PAGE_MARGIN_X + i * (cardW + 6) + cardW }));
    const inCards = all.filter((w) => w.y0 >= top && w.y1 <= bottom);
    expect(inCards.length).toBeGreaterThan(40);
    for (const w of inCards) {
      expect(
        cards.some((c) => w.x0 >= c.x0 + 6 - EPS && w.x1 <= c.x1 - 6 + EPS),
        `"${w.t}" (${w.x0.toFixed(1)}-${w.x1.toFixed(1)}) outside its card`,
      ).toBe(true);
    }
    // The measures table: a name stays left of the Doel column (535 - 66 - 44 - 58 - 42 pt from the left).
    const kop = all.find((w, i) => w.t === 'Maatregel' && all[i + 1]?.t === 'Doel');
    if (kop) {
      const doelX = A4.w - PAGE_MARGIN_X - 66 - 44 - 58 - 42;
      const eind = all.find((w) => w.y0 > kop.y1 && /^(Het|En|Bronnen:)$/.test(w.t) && w.x0 < PAGE_MARGIN_X + 1);
      const namen = all.filter((w) => w.y0 > kop.y1 && (!eind || w.y1 <= eind.y0) && w.x0 > PAGE_MARGIN_X + 17 && w.x0 < doelX);
      expect(namen.length).toBeGreaterThan(0);
      for (const w of namen) expect(w.x1, w.t).toBeLessThanOrEqual(doelX - 6 + EPS);
    }
  });

  it('writes no text smaller than 6.5 pt, and the assumptions line at least that', () => {
    const all = words(file);
    const smallest = Math.min(...all.map(fontSize));
    expect(smallest).toBeGreaterThanOrEqual(MIN_FONT_SIZE - 0.05);
    const aannames = all.find((w) => w.t === 'Aannames:') as Word;
    expect(fontSize(aannames)).toBeGreaterThanOrEqual(6.5 - 0.05);
  });

  it('refers to no other document and cuts no text without saying so at a word boundary', () => {
    const text = squash(pdftext(file));
    expect(text).not.toMatch(/JSON/);
    expect(text).not.toMatch(/\.\.\.(?!\w)/); // no ASCII dots standing for cut text
    expect(text).not.toMatch(/\bStep\d/);
  });
});

describe('PDF details', () => {
  it('marks reference values, prints the WOZ value and the sources', async () => {
    const file = await renderTo('details', rapport(nulmetingFixture(), pandFixture()));
    const text = squash(pdftext(file));
    expect(text).toContain('€ 9.400*'); // investment from the published reference values
    expect(text).toContain('* Gepubliceerde referentiewaarde (kental), geen offerte.');
    expect(text).toContain('WONINGWAARDE (WOZ) € 385.000');
    expect(text).toContain('EP-Online, Rijksdienst voor Ondernemend Nederland (onbeschikbaar)');
    expect(text).toContain('Methodiek van de verduurzamingslaag');
    expect(text.replace(/https?:\/\/\S+/g, '')).not.toContain('/v1/'); // no bare API path in a client document
  });

  it('names the measures that do not fit the table in one closing line, without referring elsewhere', async () => {
    const r = rapport(extremeNulmeting(), extremePand());
    const file = await renderTo('tien', r);
    const text = squash(pdftext(file));
    const rest = text.slice(text.indexOf('En '));
    expect(rest).toMatch(/^En \d+ andere maatregelen met een lager doellabel: /);
    expect(rest).toContain('10. Na-isolatie');
    expect(rest).toContain('(doel F)');
    expect(text).not.toMatch(/niet getoond|JSON-rapport/);
  });

  it('gives the fullest page fewer table rows instead of a second page, and names every other measure', async () => {
    const r = rapport(volstePaginaInvoer().nulmeting, volstePaginaInvoer().pand);
    expect(r.signalen.length).toBeGreaterThanOrEqual(4);
    const file = await renderTo('vol', r);
    expect(pdfinfo(file)).toMatch(/^Pages:\s+1$/m);
    const text = squash(pdftext(file));
    expect(text).toMatch(/En \d andere maatregelen met een lager doellabel: /);
    expect(text).toContain('(doel F)'); // the last measure is still named
    expect(text).toContain('Het stappenplan als geheel (alle stappen) omvat volgens het bestand: kierdichting');
  });

  it('names the steps of a real maatwerkadvies by description and writes Dutch decimals', async () => {
    const nulmeting = leesNulmeting(fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
    const r = rapport(nulmeting, pandFixture());
    const file = await renderTo('s04', r);
    const text = squash(pdftext(file));
    expect(text).not.toMatch(/Step\d/);
    expect(text).toContain('Stap 1 van het maatwerkadvies');
    expect(text).toContain('Stap 3 van het maatwerkadvies');
    expect(text).toContain('Stap 1 t/m 3 van het maatwerkadvies'); // the best target costs steps 1..3 together
    // What the plan changes, from the file's summary (the steps themselves have no description).
    expect(text).toContain('Het stappenplan als geheel (stap 1 t/m 3) omvat volgens het bestand: gevelisolatie, dakisolatie,');
    expect(text).toContain('douche-wtw en zonnepanelen.');
    expect(text).toContain('318,45 kWh/m²·jr');
    expect(text).toContain('231,1');
    expect(text).toContain('€ 24.300');
    expect(text).not.toMatch(/\b318\.45\b|\b231\.1\b|\b138\.72\b/);
  });

  it('numbers the steps one way, writes one EP2 precision, Dutch dates and what was read in words', async () => {
    const nulmeting = leesNulmeting(fixtureText('s04_maatwerkadvies_v2.0_rijwoning_E_BRP.xml'));
    const r = pdfRapport(
      rapportBasis(nulmeting, pandFixture(), { postcode: '3511AB', huisnummer: 12 }),
      PRIJZEN_2025_09,
      BRONNEN,
      new Date('2026-11-22T10:00:00Z'),
    );
    const file = path.join(dir, 's04-review.pdf');
    fs.writeFileSync(file, await renderRapportPdf(r, { methodiekUrl: 'https://api.voorbeeld.nl/v1/verduurzaming/methodiek' }));
    const text = squash(pdftext(file));
    // One numbering, the file's own steps: no rank number next to a step ("Maatregel 3 uit het bestand").
    expect(text).not.toMatch(/Maatregel \d+ uit het bestand/);
    expect(text).not.toMatch(/Rang|\s#\s/);
    // The best target is written with the same precision on its card and in the table.
    const beste = r.scenarios.find((sc) => sc.id === 'beste_doel');
    const stap3 = r.gerangschikt.find((m) => m.naam === 'Stap 3 van het maatwerkadvies');
    expect(beste?.doel_ep2).toBe(stap3?.doel_index);
    expect(text).toContain('Doel EP2 68,05 kWh/m²·jr');
    expect(text).toMatch(/Stap 3 van het maatwerkadvies A\+\+ 68,05 /);
    expect(text).not.toContain('68,1');
    // Dates in words, also in the signals and the assumptions; no ISO date anywhere.
    expect(text).toContain('Opgesteld 22 november 2026');
    expect(text).toContain('(peildatum 1 januari 2025)');
    expect(text).toContain('(CBS september 2025)');
    expect(text).toContain('WOZ-peildatum 1 januari 2025');
    expect(text).not.toMatch(/\b\d{4}-\d{2}(-\d{2})?\b/);
    // The methodology by title with its full public URL; no bare API path.
    expect(text).toContain('‘Methodiek van de verduurzamingslaag’ (https://api.voorbeeld.nl/v1/verduurzaming/methodiek)');
    expect(text.replace(/https:\/\/\S+/g, '')).not.toContain('/v1/');
    // What was read from the file and what was not, in words (the file names a BAG object, no postcode).
    expect(text).not.toMatch(/Herkend|\d+ velden/);
    expect(text).toContain('Gelezen energielabel, energieprestatie (EP2 of energie-index), BAG-adresnummer, maatregelen en opnamedatum');
    expect(text).toContain('Niet in het bestand postcode, huisnummer, huisletter en toevoeging');
    expect(pdfinfo(file)).toMatch(/^Pages:\s+1$/m);
  });

  it('wraps a long scenario note instead of cutting it', async () => {
    const r = rapport(extremeNulmeting(), extremePand());
    const note = r.scenarios.map((sc) => sc.toelichting).find((t) => t?.includes('maximale leensom')) as string;
    expect(note).toBeTruthy();
    const file = await renderTo('noot', r);
    // The words of each card's column, in reading order: the note is there whole.
    const all = words(file);
    const cardW = (A4.w - 2 * PAGE_MARGIN_X - 12) / 3;
    const kolommen = [0, 1, 2].map((i) =>
      all
        .filter((w) => w.x0 >= PAGE_MARGIN_X + i * (cardW + 6) - EPS && w.x1 <= PAGE_MARGIN_X + i * (cardW + 6) + cardW + EPS)
        .map((w) => w.t)
        .join(' '),
    );
    expect(kolommen.some((k) => k.includes(squash(note.charAt(0).toUpperCase() + note.slice(1))))).toBe(true);
  });

  it('draws the current label chip in the label colour (checked on a 60 dpi render)', async () => {
    const file = await renderTo('kleur', rapport(nulmetingFixture(), pandFixture()));
    execFileSync('pdftoppm', ['-png', '-r', '60', file, path.join(dir, 'kleur')]);
    expect(fs.statSync(path.join(dir, 'kleur-1.png')).size).toBeGreaterThan(10_000);
    execFileSync('pdftoppm', ['-r', '60', file, path.join(dir, 'kleur')]);
    const ppm = fs.readFileSync(path.join(dir, 'kleur-1.ppm'));
    const [, w, h] = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.subarray(0, 30).toString('latin1')) ?? [];
    const start = ppm.length - Number(w) * Number(h) * 3;
    const [er, eg, eb] = [1, 3, 5].map((i) => parseInt(LABEL_COLOURS.E.slice(i, i + 2), 16));
    let orange = 0;
    for (let i = start; i < ppm.length; i += 3) {
      if (Math.abs(ppm[i] - er) < 8 && Math.abs(ppm[i + 1] - eg) < 8 && Math.abs(ppm[i + 2] - eb) < 8) orange++;
    }
    expect(orange).toBeGreaterThan(300); // the 58 × 28 pt chip alone is ~600 pixels at 60 dpi
  });
});

describe('kort', () => {
  it('shortens long text at a word boundary with an ellipsis and leaves short text alone', () => {
    expect(kort('Spouwmuurisolatie', 40)).toBe('Spouwmuurisolatie');
    expect(kort('Boven de maximale leensom van € 60.000 en nog meer', 30)).toBe('Boven de maximale leensom van…');
    expect(kort('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`); // one unbroken run: cut inside
    expect(kort('  twee   spaties ', 40)).toBe('twee spaties');
  });
});
