// The dashboard's exports for keyed users, the pure part: the CSV of a table (the API's own CSV conventions,
// lib/api/csv.ts), file names, the inline styles an SVG needs outside the page, the frame around an exported
// chart (title, legend, source line) and the network graph drawn as SVG from its data. No DOM here: the
// browser side (reading tables and charts, PNG, the download) is lib/client/export-dom.ts.
import { naarCsv } from '@/lib/api/csv';

/** Words a shortened name must not end on ("… verhuisd in de" reads as cut off). */
export const STOPWOORDEN: ReadonlySet<string> = new Set(['in', 'de', 'het', 'een', 'van', 'en', 'per', 'met', 'op', 'of', 'voor', 'naar', 'uit', 'bij', 'te', 'aan', 'over']);

/** The lower-case ASCII words of a text, parenthesised parts left out. */
function slugWoorden(tekst: string): string[] {
  return tekst
    .replace(/\([^)]*\)/g, ' ')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/**
 * Lower-case ASCII words joined by hyphens; parenthesised parts left out, at most `max` characters in whole
 * words. A name that had to be shortened does not end on a stop word or on a number left hanging after one
 * ("… verhuisd in de 12" becomes "… verhuisd"). Words equal to `zonder` at the start (the view's own name,
 * "Netwerk van de drukste structuren" in the view netwerk) are left out, and the stop words after them.
 */
export function slug(tekst: string, max = 48, zonder?: string): string {
  let woorden = slugWoorden(tekst);
  const weg = zonder ? slugWoorden(zonder) : [];
  if (weg.length && weg.every((w, i) => woorden[i] === w) && woorden.length > weg.length) {
    woorden = woorden.slice(weg.length);
    while (woorden.length > 1 && STOPWOORDEN.has(woorden[0]!)) woorden = woorden.slice(1);
  }
  const gekozen: string[] = [];
  let lengte = 0;
  for (const w of woorden) {
    const volgende = lengte + (gekozen.length ? 1 : 0) + w.length;
    if (volgende > max) break;
    gekozen.push(w);
    lengte = volgende;
  }
  if (gekozen.length < woorden.length) {
    // Cut: drop a dangling tail of stop words and the numbers after them, keeping at least one word.
    let eind = gekozen.length;
    while (eind > 1) {
      const w = gekozen[eind - 1]!;
      if (STOPWOORDEN.has(w)) eind--;
      else if (/^\d+$/.test(w) && STOPWOORDEN.has(gekozen[eind - 2]!)) eind--;
      else break;
    }
    gekozen.length = eind;
  }
  return gekozen.join('-') || woorden[0]?.slice(0, max) || 'export';
}

/** The dashboard view a path shows: /dashboard is the overview, /dashboard/holdings/X is holdings. */
export function weergaveUitPad(pad: string): string {
  const deel = pad.replace(/^\/+|\/+$/g, '').split('/');
  return deel[0] === 'dashboard' && deel[1] ? slug(deel[1]) : 'overzicht';
}

/** The newest peildatum a source line names ("… (peildatum 2026-11-01) · …"): the stand of the figures; null without one. */
export function peildatumUitTekst(tekst: string | null | undefined): string | null {
  const data = [...(tekst ?? '').matchAll(/peildatum (\d{4}-\d{2}-\d{2})/g)].map((m) => m[1]).sort();
  return data[data.length - 1] ?? null;
}

/** `<view>-<name>-<peildatum>.<ext>`: what the downloaded file is called (the name without the view's name in front). */
export function bestandsnaam(weergave: string, naam: string, peildatum: string | null, ext: 'csv' | 'png' | 'svg'): string {
  return `${[slug(weergave), slug(naam, 48, weergave), peildatum ?? 'nieuwste'].join('-')}.${ext}`;
}

/**
 * The source line of a panel as one text: its parts (the sample-data label, "Bron: …") as the page shows them
 * side by side, the label set apart with " · " ("Voorbeelddata · Bron: DNB …").
 */
export function bronregelTekst(delen: readonly { tekst: string; label?: boolean }[]): string {
  let uit = '';
  for (const d of delen) {
    const t = d.tekst.replace(/\s+/g, ' ').trim();
    if (!t) continue;
    uit = uit ? `${uit}${uit.endsWith(' · ') ? '' : ' '}${t}` : t;
    if (d.label) uit += ' · ';
  }
  return uit.replace(/ · $/, '').trim();
}

const NL_GETAL = /^[-\u2212]?\d{1,3}(\.\d{3})*(,\d+)?$|^[-\u2212]?\d+(,\d+)?$/;

/**
 * One cell of a table as the CSV writes it. In a number column a number as the page writes it in Dutch
 * (1.234,5; 12,5%) becomes the number itself (1234.5; 12.5) so a spreadsheet can compute with it, "–" (no
 * value) becomes empty; text stays text.
 */
export function celWaarde(tekst: string, getal: boolean): string | number | null {
  const t = tekst.replace(/\s+/g, ' ').trim();
  if (t === '' || t === '–' || t === '-') return null;
  if (!getal) return t;
  const zonderProcent = t.replace(/\s?%$/, '');
  if (!NL_GETAL.test(zonderProcent)) return t;
  return Number(zonderProcent.replace(/\u2212/, '-').replace(/\./g, '').replace(',', '.'));
}

/** A table read from the page: column titles, whether each is a number column, and the cells' texts per row. */
export interface TabelInhoud {
  kolommen: string[];
  getal: boolean[];
  rijen: string[][];
}

/**
 * The CSV text of a table, written as the API writes its CSV (header row, RFC 4180 quoting, CRLF, BOM). A
 * number column whose values the page writes as percentages gets "(%)" in its header: the file has the numbers.
 */
export function tabelCsv(t: TabelInhoud): string {
  const procent = t.kolommen.map((k, i) => {
    const waarden = t.rijen.map((r) => (r[i] ?? '').trim()).filter((w) => w !== '' && w !== '–');
    return !!t.getal[i] && !k.includes('%') && waarden.length > 0 && waarden.every((w) => /%$/.test(w));
  });
  // naarCsv keys the cells by column title: titles made unique so two equal titles keep both columns.
  const gezien = new Map<string, number>();
  const sleutels = t.kolommen.map((kop, i) => {
    const k = procent[i] ? `${kop} (%)` : kop;
    const n = (gezien.get(k) ?? 0) + 1;
    gezien.set(k, n);
    return n === 1 ? k : `${k} (${n})`;
  });
  const rijen = t.rijen.map((rij) => Object.fromEntries(sleutels.map((k, i) => [k, celWaarde(rij[i] ?? '', t.getal[i] ?? false)])));
  return naarCsv(rijen, sleutels);
}

/** The SVG presentation properties a chart's look depends on, and whether children inherit them. */
export const STIJL_EIGENSCHAPPEN: Readonly<Record<string, { erft: boolean; begin?: string }>> = {
  fill: { erft: true, begin: 'rgb(0, 0, 0)' },
  'fill-opacity': { erft: true, begin: '1' },
  stroke: { erft: true, begin: 'none' },
  'stroke-width': { erft: true, begin: '1px' },
  'stroke-opacity': { erft: true, begin: '1' },
  'stroke-dasharray': { erft: true, begin: 'none' },
  'stroke-linecap': { erft: true, begin: 'butt' },
  'stroke-linejoin': { erft: true, begin: 'miter' },
  'font-family': { erft: true },
  'font-size': { erft: true },
  'font-weight': { erft: true, begin: '400' },
  'font-style': { erft: true, begin: 'normal' },
  'text-anchor': { erft: true, begin: 'start' },
  'dominant-baseline': { erft: true, begin: 'auto' },
  visibility: { erft: true, begin: 'visible' },
  opacity: { erft: false, begin: '1' },
};

/**
 * The properties an element must carry inline so it looks the same without the page's stylesheets: an
 * inherited one where it differs from what the parent passes on (the root: from the initial value), the
 * others where they differ from their initial value.
 */
export function stijlVerschil(eigen: Readonly<Record<string, string>>, ouder: Readonly<Record<string, string>> | null): Record<string, string> {
  const uit: Record<string, string> = {};
  for (const [naam, { erft, begin }] of Object.entries(STIJL_EIGENSCHAPPEN)) {
    const waarde = eigen[naam];
    if (waarde === undefined || waarde === '') continue;
    const verwacht = erft && ouder ? ouder[naam] : begin;
    if (waarde !== verwacht) uit[naam] = waarde;
  }
  return uit;
}

/** A style attribute's text. */
export const stijlTekst = (s: Readonly<Record<string, string>>) =>
  Object.entries(s)
    .map(([k, v]) => `${k}:${v}`)
    .join(';');

/** Text for XML content and attribute values. */
export const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Words of `tekst` in lines of at most `max` characters (a longer word gets a line of its own). */
export function regels(tekst: string, max: number): string[] {
  const uit: string[] = [];
  let regel = '';
  for (const w of tekst.split(/\s+/).filter(Boolean)) {
    if (regel && regel.length + 1 + w.length > max) {
      uit.push(regel);
      regel = w;
    } else regel = regel ? `${regel} ${w}` : w;
  }
  if (regel) uit.push(regel);
  return uit;
}

/** One entry of a legend: the colour and the name of a series. */
export interface LegendaItem {
  kleur: string;
  tekst: string;
  /** A line (a series drawn as a line) instead of a block. */
  lijn?: boolean;
  /** The line dashed. */
  gestreept?: boolean;
}

const LETTER = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const RAND = 16;
/** Room left and right of the chart itself (its own margins are often a few pixels). */
const ZIJ = 8;
/** Average character width as a share of the font size (for wrapping without measuring). */
const TEKENBREEDTE = 0.56;

/**
 * A complete SVG document around a chart's SVG (`inhoud`, `breedte` × `hoogte` pixels): white background, the
 * title above (wrapped), the legend and the source line below, xmlns set, the title also as <title>.
 */
export function omlijstSvg(o: { inhoud: string; breedte: number; hoogte: number; titel: string; bronregel: string; legenda?: readonly LegendaItem[] }): {
  svg: string;
  breedte: number;
  hoogte: number;
} {
  const breedte = Math.max(320, Math.ceil(o.breedte) + 2 * ZIJ);
  const ruimte = breedte - 2 * RAND;
  const titel = regels(o.titel, Math.max(20, Math.floor(ruimte / (16 * TEKENBREEDTE))));
  const bron = regels(o.bronregel, Math.max(30, Math.floor(ruimte / (11 * TEKENBREEDTE))));
  const delen: string[] = [];
  let y = RAND;
  for (const r of titel) {
    y += 20;
    delen.push(`<text x="${RAND}" y="${y}" font-family='${LETTER}' font-size="16" font-weight="600" fill="#1b1f24">${xml(r)}</text>`);
  }
  y += 12;
  delen.push(`<g transform="translate(${ZIJ} ${y})">${o.inhoud}</g>`);
  y += Math.ceil(o.hoogte);
  // The legend in rows: a block (or a line) and the name, wrapped at the width.
  let x = RAND;
  if (o.legenda?.length) {
    y += 22;
    for (const item of o.legenda) {
      const w = 18 + Math.ceil(item.tekst.length * 12 * 0.6) + 16;
      if (x > RAND && x + w > breedte - RAND) {
        x = RAND;
        y += 18;
      }
      delen.push(
        item.lijn
          ? `<line x1="${x}" y1="${y - 4}" x2="${x + 12}" y2="${y - 4}" stroke="${xml(item.kleur)}" stroke-width="2"${item.gestreept ? ' stroke-dasharray="4 2"' : ''}/>`
          : `<rect x="${x}" y="${y - 10}" width="12" height="12" rx="2" fill="${xml(item.kleur)}"/>`,
        `<text x="${x + 18}" y="${y}" font-family='${LETTER}' font-size="12" fill="#1b1f24">${xml(item.tekst)}</text>`,
      );
      x += w;
    }
  }
  y += 8;
  for (const r of bron) {
    y += 15;
    delen.push(`<text x="${RAND}" y="${y}" font-family='${LETTER}' font-size="11" fill="#4a5563">${xml(r)}</text>`);
  }
  const hoogte = y + RAND;
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${breedte}" height="${hoogte}" viewBox="0 0 ${breedte} ${hoogte}">` +
    `<title>${xml(o.titel)}</title><rect x="0" y="0" width="${breedte}" height="${hoogte}" fill="#ffffff"/>${delen.join('')}</svg>`;
  return { svg, breedte, hoogte };
}

/** The network graph as drawn: nodes and links in the graph's own coordinates. */
export interface GraafTekening {
  knopen: { x: number; y: number; r: number; kleur: string; rand: boolean; gestreept: boolean; label: string | null }[];
  lijnen: { x1: number; y1: number; x2: number; y2: number; kleur: string; gestreept: boolean; pijl: boolean; r2: number }[];
}

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The network graph as an SVG of `breedte` × `hoogte` pixels: every node and link of the drawing, fitted in. */
export function graafSvg(t: GraafTekening, breedte: number, hoogte: number): string {
  const xs = t.knopen.flatMap((k) => [k.x - k.r, k.x + k.r]);
  const ys = t.knopen.flatMap((k) => [k.y - k.r, k.y + k.r + (k.label ? 16 : 0)]);
  const [minX, maxX, minY, maxY] = xs.length ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)] : [0, 1, 0, 1];
  // Room for the widest name at either side (names are centred under their node).
  const zij = Math.max(24, ...t.knopen.map((k) => (k.label ? (k.label.length * 12 * TEKENBREEDTE) / 2 + 8 : 0)));
  const schaal = Math.min((breedte - 2 * zij) / Math.max(1, maxX - minX), (hoogte - 48) / Math.max(1, maxY - minY), 4);
  const dx = (breedte - (maxX - minX) * schaal) / 2 - minX * schaal;
  const dy = (hoogte - (maxY - minY) * schaal) / 2 - minY * schaal;
  const px = (x: number) => r1(x * schaal + dx);
  const py = (y: number) => r1(y * schaal + dy);
  const delen: string[] = [];
  for (const l of t.lijnen) {
    const [x1, y1, x2, y2] = [px(l.x1), py(l.y1), px(l.x2), py(l.y2)];
    delen.push(`<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${xml(l.kleur)}" stroke-width="1"${l.gestreept ? ' stroke-dasharray="4 3"' : ''}/>`);
    if (l.pijl) {
      // An arrow head at the edge of the target node, pointing along the link.
      const lengte = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / lengte, (y2 - y1) / lengte];
      const [tx, ty] = [x2 - ux * l.r2 * schaal, y2 - uy * l.r2 * schaal];
      const [bx, by] = [tx - ux * 6, ty - uy * 6];
      delen.push(`<path d="M${r1(tx)} ${r1(ty)}L${r1(bx - uy * 3)} ${r1(by + ux * 3)}L${r1(bx + uy * 3)} ${r1(by - ux * 3)}Z" fill="${xml(l.kleur)}"/>`);
    }
  }
  for (const k of t.knopen) {
    const rand = k.rand ? ` stroke="#1b1f24" stroke-width="2"${k.gestreept ? ' stroke-dasharray="3 2"' : ''}` : '';
    delen.push(`<circle cx="${px(k.x)}" cy="${py(k.y)}" r="${r1(k.r * schaal)}" fill="${xml(k.kleur)}"${rand}/>`);
  }
  for (const k of t.knopen) {
    if (!k.label) continue;
    const [x, y] = [px(k.x), r1(py(k.y) + k.r * schaal + 13)];
    delen.push(
      `<text x="${x}" y="${y}" text-anchor="middle" font-family='${LETTER}' font-size="12" font-weight="600" fill="#1b1f24" stroke="#ffffff" stroke-width="3" paint-order="stroke">${xml(k.label)}</text>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${breedte}" height="${hoogte}" viewBox="0 0 ${breedte} ${hoogte}">${delen.join('')}</svg>`;
}
