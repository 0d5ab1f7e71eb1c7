// Reading the national sustainability-subsidy amounts from the RVO web page for home owners
// (https://www.rvo.nl/subsidies-financiering/isde/woningeigenaren). There is no API: the page is HTML,
// parsed with node-html-parser. What we rely on, and nothing else:
// - amounts stand in <table>s; a table counts when one header cell names the measure ("Maatregel") or
//   one names an amount ("Subsidie", "Bedrag"); a header naming "2 of meer", "combinatie" or "verdubbeld"
//   is the amount when measures are combined; a header naming "Voorwaarden"/"Eisen"/"Minimaal" holds the
//   conditions. Columns are found by their header, in any order and case; a column the page lacks gives
//   null for its field, never a dropped table or row (only a row with no text at all is no measure);
// - the nearest <h2>/<h3> before a table is the group (Isolatie, Warmtepompen, …) and, when it names a
//   national scheme (ISDE, SEEH, Warmtefonds, …), the regeling; otherwise the regeling is ISDE (the page);
// - amounts are Dutch: "€ 16 per m²", "€ 5,50 per m²", "vanaf € 1.025", "€ 3.775"; a "per <eenheid>"
//   makes it an amount per unit; the original text is kept in bedrag_tekst;
// - links in a row (<a href>) are the follow-up pages of that measure, made absolute against rvo.nl.
// When the page holds no such table the source answered something we cannot read (502). Pure functions.
import { z } from 'zod';
import { parse, type HTMLElement } from 'node-html-parser';

export const RVO_ORIGIN = 'https://www.rvo.nl';
const REGELINGEN = ['ISDE', 'SEEH', 'Warmtefonds', 'Nationaal Warmtefonds', 'SVVE', 'DUMAVA'];

export const linkSchema = z.object({ titel: z.string(), url: z.string() });

export const maatregelSchema = z.object({
  maatregel: z.string().nullable().describe('Maatregel, bijvoorbeeld Dakisolatie of Hybride warmtepomp; null als de pagina de naam niet geeft'),
  groep: z.string().nullable().describe('Kop waaronder de maatregel op de pagina staat (Isolatie, Warmtepompen, …)'),
  regeling: z.string().describe('Landelijke regeling: ISDE, …'),
  bedrag: z.number().nullable().describe('Vast bedrag in euro (of het vanaf-bedrag), als het bedrag niet per eenheid is'),
  bedrag_per_eenheid: z.number().nullable().describe('Bedrag in euro per eenheid, bij één maatregel'),
  eenheid: z.string().nullable().describe('Eenheid van bedrag_per_eenheid, bijvoorbeeld m²'),
  bedrag_bij_combinatie: z.number().nullable().describe('Bedrag (per eenheid als eenheid gezet is) bij twee of meer maatregelen, als de pagina dat noemt'),
  vanaf: z
    .boolean()
    .nullable()
    .describe('true als het bedrag een minimum is ("vanaf"): het werkelijke bedrag hangt af van bijvoorbeeld vermogen of type; null als de pagina geen bedrag noemt'),
  bedrag_tekst: z.string().nullable().describe('Bedrag zoals op de pagina geschreven'),
  voorwaarden: z.string().nullable().describe('Korte voorwaarden zoals op de pagina'),
  vervolgpaginas: z.array(linkSchema).describe('Vervolgpagina’s bij RVO'),
}).meta({ id: 'IsdeMaatregel' });
export type Maatregel = z.infer<typeof maatregelSchema>;

/** An amount text in Dutch notation: value, per-unit and "vanaf"; null when it holds no euro amount. */
export function leesBedrag(tekst: string): { waarde: number; eenheid: string | null; vanaf: boolean } | null {
  const t = tekst.replace(/\u00a0/g, ' ');
  const m = /€\s*([0-9]{1,3}(?:\.[0-9]{3})*|[0-9]+)(?:,([0-9]{1,2}|-))?/.exec(t);
  if (!m) return null;
  const heel = Number(m[1].replace(/\./g, ''));
  const fractie = m[2] && m[2] !== '-' ? Number(`0.${m[2]}`) : 0;
  const per = /\bper\s+([^\s,;.()]+(?:\s*[²³])?)/i.exec(t.slice(m.index + m[0].length));
  return { waarde: Math.round((heel + fractie) * 100) / 100, eenheid: per ? normaliseerEenheid(per[1]) : null, vanaf: /\b(vanaf|minimaal|ten minste)\b/i.test(t.slice(0, m.index + 1)) };
}

function normaliseerEenheid(e: string): string {
  const s = e.replace(/\s+/g, '');
  if (/^m2$|^m²$/i.test(s)) return 'm²';
  if (/^m3$|^m³$/i.test(s)) return 'm³';
  return s;
}

function tekst(el: HTMLElement | null | undefined): string | null {
  if (!el) return null;
  const t = el.textContent.replace(/\s+/g, ' ').trim();
  return t === '' ? null : t;
}

/** The measures of every amount table on the page, in page order. */
export function leesMaatregelen(html: string, paginaUrl: string): Maatregel[] {
  const root = parse(html, { comment: false });
  const uit: Maatregel[] = [];
  let groep: string | null = null;
  // Walk headings and tables in document order, so each table knows the heading above it.
  for (const el of root.querySelectorAll('h2, h3, table')) {
    if (el.tagName !== 'TABLE') {
      groep = tekst(el);
      continue;
    }
    uit.push(...leesTabel(el, groep, paginaUrl));
  }
  return uit;
}

function leesTabel(tabel: HTMLElement, groep: string | null, paginaUrl: string): Maatregel[] {
  const rijen = tabel.querySelectorAll('tr');
  if (rijen.length < 2) return [];
  const kop = rijen[0].querySelectorAll('th, td').map((c) => (tekst(c) ?? '').toLowerCase());
  const kolom = (re: RegExp) => kop.findIndex((k) => re.test(k));
  const iCombinatie = kolom(/2 of meer|twee of meer|combinatie|verdubbel/);
  // "Subsidie bij 1 maatregel" names an amount, not the measure.
  const iMaatregel = kop.findIndex((k) => /maatregel/.test(k) && !/subsidie|bedrag|2 of meer|twee of meer|combinatie|verdubbel/.test(k));
  const iBedrag = kop.findIndex((k, i) => i !== iCombinatie && /subsidie|bedrag/.test(k));
  const iVoorwaarden = kolom(/voorwaarde|eisen|minimaal/);
  if (iMaatregel === -1 && iBedrag === -1 && iCombinatie === -1) return [];
  const regeling = REGELINGEN.find((r) => groep?.toLowerCase().includes(r.toLowerCase())) ?? 'ISDE';

  const uit: Maatregel[] = [];
  for (const rij of rijen.slice(1)) {
    const cellen = rij.querySelectorAll('th, td');
    // A row without any text (spacing, an empty template row) holds no measure: not a record.
    if (!tekst(rij)) continue;
    const naam = iMaatregel >= 0 ? tekst(cellen[iMaatregel]) : null;
    const bedragTekst = iBedrag >= 0 ? tekst(cellen[iBedrag]) : null;
    const bedrag = bedragTekst ? leesBedrag(bedragTekst) : null;
    const combinatieTekst = iCombinatie >= 0 ? tekst(cellen[iCombinatie]) : null;
    const combinatie = combinatieTekst ? leesBedrag(combinatieTekst) : null;
    const links = rij
      .querySelectorAll('a[href]')
      .map((a) => ({ titel: tekst(a) ?? naam ?? 'Vervolgpagina bij RVO', url: absoluut(a.getAttribute('href') ?? '') }));
    uit.push({
      maatregel: naam,
      groep,
      regeling,
      bedrag: bedrag && !bedrag.eenheid ? bedrag.waarde : null,
      bedrag_per_eenheid: bedrag?.eenheid ? bedrag.waarde : null,
      // The unit of the combined amount when the page gives only that one (it is per the same unit).
      eenheid: bedrag?.eenheid ?? combinatie?.eenheid ?? null,
      bedrag_bij_combinatie: combinatie?.waarde ?? null,
      vanaf: bedrag?.vanaf ?? combinatie?.vanaf ?? null,
      bedrag_tekst: bedragTekst,
      voorwaarden: iVoorwaarden >= 0 ? tekst(cellen[iVoorwaarden]) : null,
      vervolgpaginas: [...links.filter((l) => l.url !== ''), { titel: 'ISDE voor woningeigenaren (RVO)', url: paginaUrl }],
    });
  }
  return uit;
}

/** A link of the page as an absolute https URL on rvo.nl (relative links), or as given when absolute. */
function absoluut(href: string): string {
  try {
    const u = new URL(href, RVO_ORIGIN);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.toString() : '';
  } catch {
    return '';
  }
}
