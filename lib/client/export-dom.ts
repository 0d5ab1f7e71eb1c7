// The dashboard's exports, the browser side: read a table or a chart from the page, make the file (CSV, SVG,
// PNG at twice the size on white) and hand it to the browser as a download. The pure parts (CSV conventions,
// styles to inline, the frame with title, legend and source line) are in ./export.ts.
import {
  bronregelTekst,
  graafSvg,
  omlijstSvg,
  STIJL_EIGENSCHAPPEN,
  stijlTekst,
  stijlVerschil,
  type GraafTekening,
  type LegendaItem,
  type TabelInhoud,
} from './export';

const tekst = (el: Node | null | undefined) => (el?.textContent ?? '').replace(/\s+/g, ' ').trim();

/** A cell's text with a space where one element ends and the next begins ("Versie 3" + "nieuwste" apart). */
function celTekst(el: Node): string {
  const delen: string[] = [];
  const loop = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
  for (let n = loop.nextNode(); n; n = loop.nextNode()) delen.push(n.textContent ?? '');
  // Soft hyphens (where a long header may break on the page) are not part of the words.
  return delen.join(' ').replace(/[\u00ad\u200b]/g, '').replace(/\s+/g, ' ').replace(/ ([,.;:)%])/g, '$1').trim();
}

/** A table's header row and body rows as text (a cell's data-waarde wins over its text); number columns marked. */
export function leesTabel(tabel: HTMLTableElement): TabelInhoud {
  const kop = tabel.tHead?.rows[0];
  const koppen = kop ? [...kop.cells] : [];
  const rijen = [...tabel.tBodies].flatMap((b) => [...b.rows]).map((r) => [...r.cells].map((c) => (c as HTMLElement).dataset.waarde ?? celTekst(c)));
  return { kolommen: koppen.map((c) => celTekst(c)), getal: koppen.map((c) => c.classList.contains('getal')), rijen };
}

/**
 * The source line that belongs to an element: the first one after it on the page (a panel ends with its
 * source), else the last one before it.
 */
export function bronregelBij(el: Element): string {
  const regels = [...document.querySelectorAll('[data-testid="bronregel"]')];
  const na = regels.find((r) => el.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_FOLLOWING);
  const voor = regels.filter((r) => el.compareDocumentPosition(r) & Node.DOCUMENT_POSITION_PRECEDING).pop();
  const regel = na ?? voor;
  // Part by part: the sample-data label is a span right before "Bron:", set apart by bronregelTekst.
  const delen = regel
    ? [...regel.childNodes].map((n) => ({ tekst: tekst(n), label: n instanceof Element && n.classList.contains('voorbeeld-label') }))
    : [];
  return bronregelTekst(delen) || 'Bron: distributiemonitor';
}

/** The chart's own SVG in a container: recharts' surface (not a legend icon), else the largest SVG. */
function hoofdSvg(houder: Element): SVGSVGElement | null {
  const recharts = houder.querySelector<SVGSVGElement>('.recharts-wrapper > svg.recharts-surface');
  if (recharts) return recharts;
  const alle = [...houder.querySelectorAll<SVGSVGElement>('svg')];
  const maat = (s: SVGSVGElement) => s.getBoundingClientRect().width * s.getBoundingClientRect().height;
  return alle.sort((a, b) => maat(b) - maat(a))[0] ?? null;
}

function eigenschappen(el: Element): Record<string, string> {
  const cs = getComputedStyle(el);
  return Object.fromEntries(Object.keys(STIJL_EIGENSCHAPPEN).map((k) => [k, cs.getPropertyValue(k)]));
}

/** Copies the computed look of every element of `bron` onto its twin in `kloon`; hidden elements are left out. */
function zetStijlen(bron: Element, kloon: Element, ouder: Record<string, string> | null, weg: Element[]) {
  const cs = getComputedStyle(bron);
  if (cs.display === 'none') {
    weg.push(kloon);
    return;
  }
  const eigen = eigenschappen(bron);
  const stijl = stijlTekst(stijlVerschil(eigen, ouder));
  if (stijl) kloon.setAttribute('style', stijl);
  else kloon.removeAttribute('style');
  const kinderen = [...bron.children];
  const kloonKinderen = [...kloon.children];
  kinderen.forEach((k, i) => kloonKinderen[i] && zetStijlen(k, kloonKinderen[i], eigen, weg));
}

/** The legend recharts draws in HTML beside the SVG: each item's colour and name. */
function leesLegenda(houder: Element): LegendaItem[] {
  return [...houder.querySelectorAll('.recharts-legend-item')].map((item) => {
    const vorm = item.querySelector('svg path, svg rect, svg line, svg circle');
    const vul = vorm?.getAttribute('fill');
    const lijn = vorm?.getAttribute('stroke');
    const kleur = vul && vul !== 'none' ? vul : lijn && lijn !== 'none' ? lijn : '#1b1f24';
    return { kleur, tekst: tekst(item), lijn: (!vul || vul === 'none') && !!lijn && lijn !== 'none' };
  });
}

/** Pixels kept free beyond what a chart draws outside its box. */
const RUIMTE = 4;

/** A chart in `houder` as a standalone SVG document with `titel`, its legend and the source line; null without a chart. */
export function grafiekSvg(houder: Element, titel: string): { svg: string; breedte: number; hoogte: number } | null {
  const svg = hoofdSvg(houder);
  if (!svg) return null;
  const { width, height } = svg.getBoundingClientRect();
  if (width === 0 || height === 0) return null;
  const kloon = svg.cloneNode(true) as SVGSVGElement;
  const weg: Element[] = [];
  zetStijlen(svg, kloon, null, weg);
  for (const el of weg) el.remove();
  // Nothing of the pointer's moment (the tooltip's cursor) and no focus outline.
  kloon.querySelectorAll('.recharts-tooltip-cursor, .recharts-active-dot').forEach((el) => el.remove());
  // The page lets a chart draw outside its box (long names left of the axis: overflow visible); the file
  // widens its view box to everything drawn, in the chart's own pixels (recharts' view box is 0 0 width height).
  // Both sides: the last point of a line and its axis label ("2026-11", centred on it) reach past the right
  // edge. Texts and dots are measured on the page as well (getBBox leaves out strokes), a text with a tenth of its
  // width to spare on each side (the file may be drawn in another font), and a few pixels of margin at either side.
  const vak = svg.getBBox();
  const doos = svg.getBoundingClientRect();
  let [links, rechts] = [vak.x, vak.x + vak.width];
  for (const el of svg.querySelectorAll('text, circle, .recharts-dot')) {
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const speling = el.tagName.toLowerCase() === 'text' ? r.width * 0.1 : 1;
    links = Math.min(links, r.left - doos.left - speling);
    rechts = Math.max(rechts, r.right - doos.left + speling);
  }
  const [x0, y0] = [Math.floor(Math.min(0, links - (links < 0 ? RUIMTE : 0))), Math.floor(Math.min(0, vak.y))];
  const [x1, y1] = [Math.ceil(Math.max(width, rechts + (rechts > width ? RUIMTE : 0))), Math.ceil(Math.max(height, vak.y + vak.height))];
  kloon.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  kloon.setAttribute('viewBox', `${x0} ${y0} ${x1 - x0} ${y1 - y0}`);
  kloon.setAttribute('width', String(x1 - x0));
  kloon.setAttribute('height', String(y1 - y0));
  kloon.removeAttribute('tabindex');
  return omlijstSvg({
    inhoud: new XMLSerializer().serializeToString(kloon),
    breedte: x1 - x0,
    hoogte: y1 - y0,
    titel,
    bronregel: bronregelBij(houder),
    legenda: leesLegenda(houder),
  });
}

/** The network graph as a standalone SVG document, drawn from its nodes and links. */
export function graafSvgDocument(t: GraafTekening, maat: { breedte: number; hoogte: number }, titel: string, bronregel: string, legenda: readonly LegendaItem[]) {
  return omlijstSvg({ inhoud: graafSvg(t, maat.breedte, maat.hoogte), breedte: maat.breedte, hoogte: maat.hoogte, titel, bronregel, legenda });
}

/** The canvas's picture (toDataURL) in the same frame (title, legend, source line) as an SVG document with an embedded PNG. */
export function canvasSvgDocument(canvas: HTMLCanvasElement, titel: string, bronregel: string, legenda: readonly LegendaItem[]) {
  const { width, height } = canvas.getBoundingClientRect();
  const beeld = `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="${Math.ceil(width)}" height="${Math.ceil(height)}"><image width="${Math.ceil(width)}" height="${Math.ceil(height)}" href="${canvas.toDataURL('image/png')}"/></svg>`;
  return omlijstSvg({ inhoud: beeld, breedte: width, hoogte: height, titel, bronregel, legenda });
}

/** An SVG document drawn on a canvas at `schaal` times its size on white, as PNG. */
export async function svgNaarPng(doc: { svg: string; breedte: number; hoogte: number }, schaal = 2): Promise<Blob> {
  const beeld = new Image();
  beeld.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(doc.svg)}`;
  await beeld.decode();
  const canvas = document.createElement('canvas');
  canvas.width = Math.ceil(doc.breedte * schaal);
  canvas.height = Math.ceil(doc.hoogte * schaal);
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('Geen 2D-canvas beschikbaar.');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(beeld, 0, 0, canvas.width, canvas.height);
  return new Promise((klaar, mis) => canvas.toBlob((b) => (b ? klaar(b) : mis(new Error('PNG maken mislukt.'))), 'image/png'));
}

/** Hands `inhoud` to the browser as a download called `naam`. */
export function download(inhoud: Blob | string, naam: string, type = 'application/octet-stream') {
  const blob = typeof inhoud === 'string' ? new Blob([inhoud], { type }) : inhoud;
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = naam;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has the file once the click is handled; the address can go a little later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
