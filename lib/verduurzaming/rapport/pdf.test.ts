// The PDF report: rendered for a typical and for extreme inputs (ten measures with long descriptions, the
// longest address, four two-line signals), then checked with poppler: exactly one A4 page, the label chips,
// the three scenario titles and the one-line assumptions footer are in the text, nothing of the body runs
// into the source line, and the current-label chip is drawn in its label colour.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Nulmeting, Pand } from '../types';
import { LABEL_COLOURS } from '../label-colours';
import { aannameRegel } from './aannames';
import { kort, renderRapportPdf } from './pdf';
import { besteDoel, pdfRapport, rapportBasis, type PdfRapport } from './report';
import type { Energieprijzen } from './scenarios';
import { extremeNulmeting, extremePand, nulmetingFixture, pandFixture, PRIJZEN_2025_09, signaalrijkeInvoer } from './testdata';

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
});

describe('PDF details', () => {
  it('marks reference values, prints the WOZ value and the sources', async () => {
    const file = await renderTo('details', rapport(nulmetingFixture(), pandFixture()));
    const text = squash(pdftext(file));
    expect(text).toContain('€ 9.400*'); // investment from the published reference values
    expect(text).toContain('* Gepubliceerde referentiewaarde (kental), geen offerte.');
    expect(text).toContain('WONINGWAARDE (WOZ) € 385.000');
    expect(text).toContain('EP-Online, Rijksdienst voor Ondernemend Nederland (onbeschikbaar)');
    expect(text).toContain('/v1/verduurzaming/methodiek');
  });

  it('shows at most eight measures and says how many more there are', async () => {
    const file = await renderTo('tien', rapport(extremeNulmeting(), extremePand()));
    const text = pdftext(file);
    expect(text).toContain('8. Na-isolatie');
    expect(text).not.toContain('9. Na-isolatie');
    expect(text).toContain('+ 2 maatregelen met een lager doellabel niet getoond.');
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
  it('cuts long text with an ellipsis and leaves short text alone', () => {
    expect(kort('Spouwmuurisolatie', 40)).toBe('Spouwmuurisolatie');
    expect(kort('a'.repeat(50), 10)).toBe(`${'a'.repeat(9)}…`);
    expect(kort('  twee   spaties ', 40)).toBe('twee spaties');
  });
});
