// Tolerance of the RVO ISDE page reader (issue 21 item 1), on variants of the page fixture
// (test/upstream/fixtures/rvo-isde/woningeigenaren.html, `opgebouwd`: no real copy was recorded). The page is
// HTML, so a "field" of a measure is a column of its amount table (found by its header text), the heading
// above the table, or the link in the row. Each is removed in turn; extra columns, attributes and wrapping
// elements, tag names and header texts in upper case and columns in reversed order change nothing. No
// measure is lost: a missing column gives null for its field (the unit of a per-unit amount is taken from the
// combined amount when the single one is missing). "Numbers as strings" does not apply: every value of an
// HTML page is text, and the amounts are read from it (leesBedrag, tested in rvo-isde-convert.test.ts).
import fs from 'node:fs';
import path from 'node:path';
import { parse, type HTMLElement } from 'node-html-parser';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FIXTURES_DIR } from '@/test/upstream/server';
import { unknownsNotNull } from '@/test/tolerance';
import { leesMaatregelen, maatregelSchema, type Maatregel } from './rvo-isde-convert';

const PAGINA = 'https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren';
const PAGINA_LINK = { titel: 'ISDE voor woningeigenaren (RVO)', url: PAGINA };
const html = fs.readFileSync(path.join(FIXTURES_DIR, 'rvo-isde', 'woningeigenaren.html'), 'utf8');

const lees = (h: string) => leesMaatregelen(h, PAGINA);
const geldig = (m: Maatregel[]) => z.array(maatregelSchema).safeParse(m).success;
const tekst = (el: HTMLElement) => el.textContent.replace(/\s+/g, ' ').trim();

/** The amount tables of the page (a header cell Maatregel) with their header texts, in page order. */
function bedragTabellen(h: string): { koppen: string[]; rijen: HTMLElement[] }[] {
  return parse(h)
    .querySelectorAll('table')
    .map((t) => {
      const [kop, ...rijen] = t.querySelectorAll('tr');
      return { koppen: kop.querySelectorAll('th, td').map(tekst), rijen };
    })
    .filter((t) => t.koppen.includes('Maatregel'));
}

/** The page with every row of every table changed by `f` (which gets the row's cells). */
function perRij(h: string, f: (cellen: HTMLElement[], rij: HTMLElement, kop: boolean) => void): string {
  const root = parse(h);
  for (const t of root.querySelectorAll('table')) {
    t.querySelectorAll('tr').forEach((rij, i) => f(rij.querySelectorAll('th, td'), rij, i === 0));
  }
  return root.toString();
}

/** The page without the column headed `kop` (header cell and the cell below it in every row). */
function zonderKolom(h: string, kop: string): string {
  const root = parse(h);
  for (const t of root.querySelectorAll('table')) {
    const rijen = t.querySelectorAll('tr');
    const i = rijen[0].querySelectorAll('th, td').findIndex((c) => tekst(c) === kop);
    if (i === -1) continue;
    for (const rij of rijen) rij.querySelectorAll('th, td')[i]?.remove();
  }
  return root.toString();
}

/** The page without the elements matching `selector`; with `tekstHouden` their text stays in place. */
function zonderElementen(h: string, selector: string, tekstHouden = false): string {
  const root = parse(h);
  for (const el of root.querySelectorAll(selector)) {
    if (tekstHouden) el.replaceWith(el.textContent);
    else el.remove();
  }
  return root.toString();
}

/** A measure without one field: the full reading with these changes (only for measures of a table that has it). */
const ZONDER: Record<string, { verwijder: (h: string) => string; verwacht: (m: Maatregel) => void }> = {
  // The name (with its link, which stands in that cell) is gone; the measure stays, with its amounts.
  Maatregel: { verwijder: (h) => zonderKolom(h, 'Maatregel'), verwacht: (m) => Object.assign(m, { maatregel: null, vervolgpaginas: [PAGINA_LINK] }) },
  Voorwaarden: { verwijder: (h) => zonderKolom(h, 'Voorwaarden'), verwacht: (m) => (m.voorwaarden = null) },
  // Unit and "vanaf" are derived from the combined amount ("€ 32 per m²"), which is per the same unit.
  'Subsidie bij 1 maatregel': {
    verwijder: (h) => zonderKolom(h, 'Subsidie bij 1 maatregel'),
    verwacht: (m) => Object.assign(m, { bedrag: null, bedrag_per_eenheid: null, bedrag_tekst: null }),
  },
  'Subsidie bij 2 of meer maatregelen': { verwijder: (h) => zonderKolom(h, 'Subsidie bij 2 of meer maatregelen'), verwacht: (m) => (m.bedrag_bij_combinatie = null) },
  Subsidiebedrag: {
    verwijder: (h) => zonderKolom(h, 'Subsidiebedrag'),
    verwacht: (m) => Object.assign(m, { bedrag: null, bedrag_per_eenheid: null, eenheid: null, vanaf: null, bedrag_tekst: null }),
  },
  // The headings name no scheme, so the regeling stays ISDE (the page's).
  kop: { verwijder: (h) => zonderElementen(h, 'h2'), verwacht: (m) => (m.groep = null) },
  link: { verwijder: (h) => zonderElementen(h, 'table a', true), verwacht: (m) => (m.vervolgpaginas = [PAGINA_LINK]) },
};
const KOLOM_VELDEN = Object.keys(ZONDER).filter((v) => v !== 'kop' && v !== 'link');

describe('woningeigenaren.html', () => {
  const volledig = lees(html);
  const tabellen = bedragTabellen(html);
  /** Per measure (in reading order) the headers of its table. */
  const koppenPerMaatregel = tabellen.flatMap((t) => t.rijen.map(() => t.koppen));

  it('reads every measure, and the table covers every column of the amount tables (none unknown to this test)', () => {
    expect(volledig).toHaveLength(12);
    expect(koppenPerMaatregel).toHaveLength(volledig.length);
    expect(geldig(volledig)).toBe(true);
    expect([...new Set(tabellen.flatMap((t) => t.koppen))].filter((k) => !KOLOM_VELDEN.includes(k))).toEqual([]);
  });

  it.each(Object.keys(ZONDER))('without %s: every measure, with null for what is missing', (veld) => {
    const m = lees(ZONDER[veld].verwijder(html));
    expect(geldig(m)).toBe(true);
    expect(m).toHaveLength(volledig.length);
    const verwacht = volledig.map((x, i) => {
      const kopie = structuredClone(x);
      if (!KOLOM_VELDEN.includes(veld) || koppenPerMaatregel[i].includes(veld)) ZONDER[veld].verwacht(kopie);
      return kopie;
    });
    expect(m).toEqual(verwacht);
    expect(unknownsNotNull(m)).toEqual([]);
  });

  it('without the single amount: the unit and "vanaf" come from the combined amount', () => {
    const dak = lees(zonderKolom(html, 'Subsidie bij 1 maatregel')).find((x) => x.maatregel === 'Dakisolatie');
    expect(dak).toMatchObject({ bedrag_per_eenheid: null, eenheid: 'm²', bedrag_bij_combinatie: 32, vanaf: false });
  });

  it('without the name and the conditions together: the measures stay, by their amounts', () => {
    const m = lees(zonderKolom(zonderKolom(html, 'Maatregel'), 'Voorwaarden'));
    expect(m).toHaveLength(volledig.length);
    expect(m.map((x) => x.bedrag_tekst)).toEqual(volledig.map((x) => x.bedrag_tekst));
    expect(m.every((x) => x.maatregel === null && x.voorwaarden === null)).toBe(true);
  });

  it('with extra columns, attributes and wrapping elements: the same measures', () => {
    const extra = perRij(html, (cellen, rij, kop) => {
      for (const c of cellen) {
        c.setAttribute('data-veld-dat-niemand-kent', 'x');
        c.set_content(`<span class="nieuw">${c.innerHTML}</span>`);
      }
      rij.appendChild(parse(kop ? '<th>Toelichting</th>' : '<td>Extra uitleg (niet gelezen)</td>'));
    });
    expect(lees(extra)).toEqual(volledig);
  });

  it('with tag and attribute names and header texts in upper case: the same measures', () => {
    const hoofdletters = perRij(html, (cellen, _rij, kop) => {
      if (kop) for (const c of cellen) c.set_content(tekst(c).toUpperCase());
    })
      .replace(/<(\/?)([a-z][a-z0-9]*)/g, (_m, slash: string, tag: string) => `<${slash}${tag.toUpperCase()}`)
      .replace(/\shref=/g, ' HREF=');
    expect(hoofdletters).toContain('<TABLE');
    expect(lees(hoofdletters)).toEqual(volledig);
  });

  it('with the columns in reversed order: the same measures', () => {
    const omgekeerd = perRij(html, (cellen, rij) => {
      for (const c of cellen) c.remove();
      for (const c of [...cellen].reverse()) rij.appendChild(c);
    });
    expect(bedragTabellen(omgekeerd)[0].koppen[0]).toBe('Subsidie bij 2 of meer maatregelen');
    expect(lees(omgekeerd)).toEqual(volledig);
  });

  it('with every field of a row removed: no measure (a row without any text holds none), the others unchanged', () => {
    // Explicit in the converter: a row whose cells are all empty is spacing, not a measure that lost its fields.
    const leeg = perRij(html, (cellen, rij, kop) => {
      if (!kop && tekst(rij).startsWith('Zonneboiler')) for (const c of cellen) c.set_content('');
    });
    expect(lees(leeg)).toEqual(volledig.filter((m) => m.maatregel !== 'Zonneboiler'));
    expect(unknownsNotNull(lees(leeg))).toEqual([]);
  });
});
