// Extraction of law-article references from Dutch legal text (rulings, conclusions, statute text). Pure.
// Recognised: "artikel"/"artikelen"/"art."/"artt." followed by article numbers (6:162, 3a, 8.1), leden
// ("lid 1", "leden 1 en 2", "eerste lid", "1e lid", "tweede tot en met vierde lid", and one typo in the
// ordinal: "twede lid", "derdelid", "vierd lid"), "onder"/"sub"/"onderdeel", lists and ranges ("artikelen
// 6:74 en 6:75", "artikelen 8 tot en met 10", "artikel 3, eerste lid, en artikel 4 van de Opiumwet": the one
// statute at the end goes to every article of the list), then the statute: an abbreviation in any case
// ("BW", "Awb", "AWB", "Wet WOZ"), a name with or without "van de/het" ("van de Drank- en Horecawet",
// "Grondwet"), or "van Boek 6 (van het) BW". Bare civil-code style numbers ("6:162 BW") and "ex 6 EVRM"
// are recognised when a known statute follows. A statute the table does not know (an abbreviation-like
// word or a statute-like name) is reported in niet_herkend, never guessed, and so is an ambiguous
// abbreviation the table declares only for one article form ("Ow" with a number that is not chapter.number).
// A reference with no statute after it takes the one statute named before it in the same sentence ("bij het
// Bts staat over artikel 6"); without one ("artikel 3", "van deze wet") it is skipped.
// Abbreviations may be written with dots between their letters ("B.W.", "W.v.Sr."); after "lid" also "2e",
// "twee", "II"; "art.3:40" needs no space. Fallback: an "artikel"/"art." that yields nothing but is followed in
// its sentence by a known statute is reported in niet_herkend with the fragment ("artikel 3 lid 1a Awb").
import { artikelEndpoint, burgerlijkWetboek, bwBoek, wetten, type Wet } from './wetten';

export interface Sectie {
  /** Where the text comes from: inhoudsindicatie, uitspraak, conclusie, or anything the caller names. */
  onderdeel: string;
  tekst: string;
}

export interface Vindplaats {
  onderdeel: string;
  /** Character offset of the reference in the text of that onderdeel. */
  positie: number;
  /** The reference as written (whitespace collapsed, at most 200 characters). */
  tekst: string;
}

export interface Wetsverwijzing {
  /** Normalised citation, e.g. "artikel 6:162 lid 1 BW". */
  citatie: string;
  /** Title of the statute (for the civil code: the book). */
  wet: string;
  bwb_id: string;
  /** Article number as cited, e.g. "6:162" or "3a". */
  artikel: string;
  lid: string | null;
  onder: string | null;
  /** /v1/wet/{bwb_id}/artikelen/{artikel}/relevant, or null for a treaty (BWBV id). */
  artikel_endpoint: string | null;
  aantal: number;
  vindplaatsen: Vindplaats[];
}

export interface NietHerkend {
  /** The statute as written (abbreviation, name, or civil-code book). */
  tekst: string;
  soort: 'afkorting' | 'wetsnaam' | 'bw_boek';
  aantal: number;
  vindplaatsen: Vindplaats[];
}

export interface Extractie {
  verwijzingen: Wetsverwijzing[];
  niet_herkend: NietHerkend[];
}

const MAX_VINDPLAATSEN = 20;
const MAX_RANGE = 20;

const ORDINALS: Record<string, number> = {
  eerste: 1, tweede: 2, derde: 3, vierde: 4, vijfde: 5, zesde: 6, zevende: 7, achtste: 8, negende: 9, tiende: 10,
  elfde: 11, twaalfde: 12, dertiende: 13, veertiende: 14, vijftiende: 15, zestiende: 16, zeventiende: 17, achttiende: 18,
  negentiende: 19, twintigste: 20,
};
// A lid ordinal as written: a word (eerste, also misspelt: twede, vierd, laatste) or a number with a suffix
// (1e, 2de, 3ste). Words are resolved by ordinalNumber(); an unresolvable word is consumed but yields no lid.
const ORD = '(?:\\d{1,2}(?:e|ste|de)|\\p{L}{4,14})';
const LIST_SEP = `(?:,\\s*)?(,|en|of|t/m|tot en met|-|–)\\s*`;
const TRIGGER_WORD = '(?:artikelen|artikel|artt\\.|art\\.)';
const NB = '(?![\\p{L}\\p{N}])'; // not followed by a letter or digit
const ART = `(?:\\d+[A-Z]?:\\d+[a-z]{0,4}|\\d+[a-z]{0,4}(?:\\.\\d+[a-z]{0,4})*)${NB}`;

// A lid number after "lid"/"leden": 2, an ordinal written as digits (2e, 2de, 1ste), a number word (twee) or
// a roman numeral (II). Resolved by lidNumber(); a list with a token it cannot resolve is no lid list.
const LID_NR = `(?:\\d{1,3}(?:ste|de|e)?|een|één|twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|[IVX]{1,6})${NB}`;

// One item after onder/sub: a letter or a number (a, 1, 2°), never a word such as "van".
const ONDER = `(?:[a-z]|\\d{1,3}[a-z]?)[°º]?${NB}`;

const re = (source: string, flags = 'uy') => new RegExp(source, flags);
const R = {
  // "art." and "artt." may be followed directly by the number ("art.3:40 BW").
  trigger: /(?<![\p{L}\p{N}])(artikelen|artikel|artt\.|art\.|ex)(?=\s|(?<=\.)\d)/giu,
  bareColon: /(?<![\p{L}\p{N}:./-])\d+[A-Z]?:\d+[a-z]{0,4}(?![\p{L}\p{N}:])/gu,
  ws: re('\\s*'),
  art: re(ART),
  // Between two article numbers; the trigger word may be repeated ("artikel 3, eerste lid, en artikel 4 van de Wet").
  sep: re(`\\s*${LIST_SEP}(?:${TRIGGER_WORD}\\s+)?(?=${ART})`, 'iuy'),
  // ", en tweede lid": a further lid after onder ("eerste lid, aanhef en onder b, en tweede lid").
  lidNum: re(`\\s*,?\\s*(?:en\\s+)?(?:lid|leden)\\s*(${LID_NR}(?:\\s*(?:,|en|of|t/m|tot en met|-)\\s*${LID_NR})*)`, 'iuy'),
  lidDigits: re(`\\s*,?\\s*(?:en\\s+)?(?:lid|leden)\\s*(\\d+${NB}(?:\\s*(?:,|en|of|t/m|tot en met|-)\\s*\\d+${NB})*)`, 'iuy'),
  lidOrd: re(`\\s*,?\\s*(?:en\\s+)?(${ORD}(?:\\s*-?\\s*(?:,|en|of|tot en met|t/m)\\s*${ORD})*)-?\\s*(?:lid|leden)${NB}`, 'iuy'),
  onder: re(`\\s*,?\\s*(?:aanhef\\s+en\\s+)?(?:onder|sub|onderdeel)\\s+(${ONDER}(?:\\s*(?:,|en|of)\\s*${ONDER})*)`, 'iuy'),
  // "e.v." (en volgende): the reference is to the first article.
  filler: re(`\\s*,?\\s*(?:aanhef|e\\.\\s?v\\.|(?:eerste|tweede|derde|vierde|laatste)\\s+(?:zinsnede|volzin|zin))${NB}`, 'iuy'),
  boek: re(`\\s*,?\\s*(?:van\\s+)?Boek\\s+(\\d+[A-Z]?)\\s+(?:van\\s+(?:het\\s+)?)?(?:BW|Burgerlijk\\s+Wetboek)${NB}`, 'iuy'),
  van: re('\\s*,?\\s*(?:van\\s+(?:de|het)\\s+|van\\s+)?', 'iuy'),
  afterName: re('\\s*\\(([A-Za-z][A-Za-z0-9 ]{0,12})\\)'),
  unknownName: re(`((?:Wet|Wetboek|Besluit|Regeling|Verordening|Verdrag|[A-Z][\\p{L}-]*wet)${NB}[^,.;:()\\n]{0,80}?)(?=\\s*(?:[,.;:()\\n]|$|\\s(?:is|zijn|en|of|wordt|worden|niet|dat|die|heeft|hebben|juncto|jo\\.)\\s))`, 'uy'),
  // After a reference: ", en 359 WvSv" (a further number with its own known statute, no trigger word).
  further: re(`\\s*(?:,\\s*)?(?:,|en|of)\\s+(?=\\d)`, 'iuy'),
  // The end of the stretch after an unresolved "artikel" in which the fallback looks for a known statute:
  // ; ! ? or a newline, or a full stop before a capital.
  stretchEnd: /[;!?\n]|\.(?=\s+\p{Lu})/gu,
  thisStatute: re(`\\s*,?\\s*van\\s+(?:deze|die|dezelfde|genoemde|voornoemde|laatstgenoemde)\\s`, 'iuy'),
  unknownAbbr: re(`([A-Z][A-Za-z]{1,7})${NB}`, 'uy'),
};

// Capitalised words that follow an article number in running text without being a statute.
const STOP = new Set(['De', 'Het', 'Een', 'In', 'Op', 'Van', 'Dat', 'Die', 'Dit', 'Deze', 'Er', 'Zij', 'Hij', 'Ook', 'En', 'Of', 'Wel', 'Niet', 'Nu', 'Bij', 'Met', 'Voor', 'Naar', 'Aan', 'Als', 'Om', 'Tot', 'Uit', 'Wet', 'Boek', 'Titel', 'Afdeling', 'Hoofdstuk', 'Verder', 'Daarom', 'Ten', 'Zo', 'Indien', 'Nadat', 'Gelet', 'Ingevolge', 'Uitspraak', 'Beslissing', 'Raad', 'Hof', 'Rijk', 'Staat', 'Bijlage']);

type Statute =
  | { soort: 'wet'; wet: Wet; /** Set for an ambiguous abbreviation: it names this statute only for articles of this form. */ alleenBij?: { afkorting: string; artikelvorm: RegExp } }
  | { soort: 'bw'; boek: string | null };

interface Matcher {
  re: RegExp;
  statute: Statute;
  length: number;
  /** An abbreviation: it may be written with dots ("B.W.", "W.v.Sr."), and then a final dot belongs to it. */
  afkorting?: boolean;
}

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
}

/** An abbreviation with an optional dot between two letters: "BW" also matches "B.W", "WvSr" also "W.v.Sr". */
function abbreviation(a: string): RegExp {
  const source = [...a].map((c, i) => escape(c) + (/\p{L}/u.test(c) && /\p{L}/u.test(a[i + 1] ?? '') ? '\\.?' : '')).join('');
  return re(source + NB, 'iuy');
}

const MATCHERS: Matcher[] = (() => {
  const list: Matcher[] = [];
  const bw: Statute = { soort: 'bw', boek: null };
  for (const n of burgerlijkWetboek.namen) list.push({ re: re(escape(n) + NB, 'iuy'), statute: bw, length: n.length });
  for (const a of burgerlijkWetboek.afkortingen) list.push({ re: abbreviation(a), statute: bw, length: a.length, afkorting: true });
  for (const wet of wetten) {
    for (const n of wet.namen) list.push({ re: re(escape(n) + NB, 'iuy'), statute: { soort: 'wet', wet }, length: n.length });
    // Abbreviations in any case ("AWB", "awb", "Wet Woz"); the table keeps them unique case-insensitively.
    for (const a of wet.afkortingen) list.push({ re: abbreviation(a), statute: { soort: 'wet', wet }, length: a.length, afkorting: true });
    const dubbel = wet.afkortingen_alleen_bij_artikelvorm;
    for (const a of dubbel?.afkortingen ?? []) {
      list.push({ re: abbreviation(a), statute: { soort: 'wet', wet, alleenBij: { afkorting: a, artikelvorm: new RegExp(dubbel!.artikelvorm) } }, length: a.length, afkorting: true });
    }
  }
  return list.sort((a, b) => b.length - a.length);
})();

function matchAt(r: RegExp, text: string, pos: number): RegExpExecArray | null {
  r.lastIndex = pos;
  return r.exec(text);
}

function knownStatuteAt(text: string, pos: number): { statute: Statute; end: number; afkorting: boolean } | null {
  for (const m of MATCHERS) {
    const hit = matchAt(m.re, text, pos);
    if (hit) {
      let end = pos + hit[0].length;
      if (m.afkorting && hit[0].includes('.') && text[end] === '.') end++; // "B.W." ends with its dot
      // "… fundamentele vrijheden (EVRM)": the abbreviation in brackets belongs to the name.
      const bracket = matchAt(R.afterName, text, end);
      if (bracket) end += bracket[0].length;
      return { statute: m.statute, end, afkorting: m.afkorting === true };
    }
  }
  return null;
}

interface Item {
  artikel: string;
  leden: string[];
  onder: string | null;
  /** Set when this item ends a range that starts at the previous item. */
  bereik: boolean;
}

/** Edit distance, bounded: enough to accept one typo in an ordinal. */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
  }
  return d[a.length][b.length];
}

/**
 * The number of a lid ordinal as written: "tweede", "2e", "2de", and a word one typo away from exactly one
 * ordinal ("twede", "vierd", "derdde"). NaN when it is no ordinal ("laatste", "welk").
 */
export function ordinalNumber(word: string): number {
  const w = word.toLowerCase();
  const numeric = /^(\d{1,2})(?:e|ste|de)$/.exec(w);
  if (numeric) return Number(numeric[1]);
  if (ORDINALS[w]) return ORDINALS[w];
  const close = Object.keys(ORDINALS).filter((o) => editDistance(w, o) <= 1);
  return close.length === 1 ? ORDINALS[close[0]] : NaN;
}

const CARDINALS: Record<string, number> = {
  een: 1, één: 1, twee: 2, drie: 3, vier: 4, vijf: 5, zes: 6, zeven: 7, acht: 8, negen: 9, tien: 10,
  elf: 11, twaalf: 12, dertien: 13, veertien: 14, vijftien: 15, zestien: 16, zeventien: 17, achttien: 18, negentien: 19, twintig: 20,
};

/** A roman numeral I to XXXIX in capitals ("II", "IV"); NaN otherwise (also for lower case: "vi" is no lid). */
function romanNumber(s: string): number {
  const m = /^(X{0,3})(IX|IV|V?I{0,3})$/.exec(s);
  if (!m || s === '') return NaN;
  const units: Record<string, number> = { '': 0, I: 1, II: 2, III: 3, IV: 4, V: 5, VI: 6, VII: 7, VIII: 8, IX: 9 };
  return m[1].length * 10 + units[m[2]];
}

/** The number of a lid as written after "lid": "2", "2e", "2de", "1ste", "twee", "II". NaN when it is none. */
export function lidNumber(token: string): number {
  if (/^\d{1,3}$/.test(token)) return Number(token);
  if (/^\d{1,3}(?:e|ste|de)$/i.test(token)) return Number(/^\d+/.exec(token)![0]);
  return CARDINALS[token.toLowerCase()] ?? romanNumber(token);
}

const LIST_TOKENS = /\s*(,|t\/m|-|(?<!\p{L})(?:tot en met|en|of)(?!\p{L}))\s*/iu;

/** True when every number of a list after "lid" resolves: not "lid van", "lid vi". */
function isLidNumberList(list: string): boolean {
  return list
    .split(LIST_TOKENS)
    .filter((t) => t !== '' && !/^(,|t\/m|-|tot en met|en|of)$/i.test(t))
    .every((t) => Number.isFinite(lidNumber(t)));
}

// Words before "lid" that name no number but are still a lid qualifier ("laatste lid").
const LID_WORDS = new Set(['laatste', 'voorlaatste', 'zelfde', 'genoemde', 'bedoelde']);

/** True when every word of the list is an ordinal (possibly misspelt) or a lid word: not "Opiumwet leden". */
function isLidOrdinalList(list: string): boolean {
  return list
    .split(/\s*(?:,|t\/m|-|(?<!\p{L})(?:tot en met|en|of)(?!\p{L}))\s*/iu)
    .filter((t) => t !== '')
    .every((t) => LID_WORDS.has(t.toLowerCase()) || Number.isFinite(ordinalNumber(t)));
}

function expandNumbers(list: string, ordinal: boolean): string[] {
  const tokens = list.split(/\s*(,|t\/m|-|(?<!\p{L})(?:tot en met|en|of)(?!\p{L}))\s*/iu).filter((t) => t !== '');
  const out: number[] = [];
  let range = false;
  for (const t of tokens) {
    if (/^(t\/m|tot en met|-)$/i.test(t)) {
      range = true;
      continue;
    }
    if (/^(,|en|of)$/i.test(t)) continue;
    const n = ordinal ? ordinalNumber(t) : lidNumber(t);
    if (!Number.isFinite(n)) continue;
    if (range && out.length > 0 && n > out[out.length - 1] && n - out[out.length - 1] <= MAX_RANGE) {
      for (let i = out[out.length - 1] + 1; i <= n; i++) out.push(i);
    } else out.push(n);
    range = false;
  }
  return [...new Set(out)].map(String);
}

/** Qualifiers after one article number: leden, onder/sub, fillers (aanhef, laatste zinsnede). */
function parseQualifiers(text: string, pos: number, item: Item): number {
  for (;;) {
    let m = matchAt(R.lidNum, text, pos);
    if (m && !isLidNumberList(m[1])) m = matchAt(R.lidDigits, text, pos); // "lid 1 en i": keep "lid 1"
    if (m) {
      item.leden.push(...expandNumbers(m[1], false));
      pos += m[0].length;
      continue;
    }
    m = matchAt(R.lidOrd, text, pos);
    if (m && isLidOrdinalList(m[1])) {
      item.leden.push(...expandNumbers(m[1], true));
      pos += m[0].length;
      continue;
    }
    m = matchAt(R.onder, text, pos);
    if (m) {
      item.onder ??= m[1].replace(/\s+/g, ' ').replace(/\s*,\s*/g, ', ');
      pos += m[0].length;
      continue;
    }
    m = matchAt(R.filler, text, pos);
    if (m) {
      pos += m[0].length;
      continue;
    }
    return pos;
  }
}

interface Parsed {
  items: Item[];
  end: number;
  statute: Statute | null;
  unknown: { tekst: string; soort: NietHerkend['soort'] } | null;
}

/**
 * Parses article numbers, qualifiers and the statute from `pos` (the first article number). With
 * allowUnknown, a reference followed by no statute and no "van" comes back with statute and unknown null
 * (the caller looks for a statute named before it).
 */
function parseReference(text: string, pos: number, allowUnknown: boolean): Parsed | null {
  const first = matchAt(R.art, text, pos);
  if (!first) return null;
  const items: Item[] = [{ artikel: first[0], leden: [], onder: null, bereik: false }];
  pos = parseQualifiers(text, pos + first[0].length, items[0]);
  for (;;) {
    const sep = matchAt(R.sep, text, pos);
    if (!sep) break;
    const next = matchAt(R.art, text, pos + sep[0].length);
    if (!next) break;
    const item: Item = { artikel: next[0], leden: [], onder: null, bereik: /^(t\/m|tot en met|-|–)$/i.test(sep[1]) };
    items.push(item);
    pos = parseQualifiers(text, pos + sep[0].length + next[0].length, item);
  }

  const boek = matchAt(R.boek, text, pos);
  if (boek) return { items, end: pos + boek[0].length, statute: { soort: 'bw', boek: boek[1] }, unknown: null };

  const van = matchAt(R.van, text, pos)!;
  const at = pos + van[0].length;
  const known = knownStatuteAt(text, at);
  if (known) return { items, end: known.end, statute: known.statute, unknown: null };
  if (!allowUnknown) return null;

  const name = matchAt(R.unknownName, text, at);
  if (name) return { items, end: at + name[0].length, statute: null, unknown: { tekst: name[1].trim(), soort: 'wetsnaam' } };
  // An abbreviation the table does not know, also after "van de/het" ("artikel 1 van het Bpb").
  {
    const abbr = matchAt(R.unknownAbbr, text, at);
    if (abbr && !STOP.has(abbr[1]) && /[A-Z].*[A-Z]|^[A-Z][a-z]{1,3}$/.test(abbr[1])) {
      return { items, end: at + abbr[0].length, statute: null, unknown: { tekst: abbr[1], soort: 'afkorting' } };
    }
  }
  // Nothing after the numbers names a statute. Unless a "van …" follows ("van deze wet", "van de
  // verordening": another regulation), the statute may be named before the article: see statuteBefore().
  return /van/i.test(van[0]) ? null : { items, end: pos, statute: null, unknown: null };
}

/**
 * The statute named before an article that names none after it, in the same sentence: "bij het Bts staat
 * over artikel 6", "de Wet WOZ schrijft in artikel 16". Only a known statute after "de"/"het" that is not
 * itself part of another reference counts, and only when the sentence names exactly one such statute
 * (two are ambiguous: nothing is attributed). A sentence ends at . ; : ! ? before whitespace, or a newline.
 */
function statuteBefore(text: string, start: number, consumed: readonly [number, number][]): Statute | null {
  let from = 0;
  for (const m of text.slice(0, start).matchAll(/[.;:!?](?=\s)|\n/g)) from = m.index + 1;
  const named = new Map<string, Statute>();
  for (const m of text.slice(from, start).matchAll(/(?<![\p{L}\p{N}])(?:de|het)\s+/giu)) {
    const at = from + m.index + m[0].length;
    if (consumed.some(([s, e]) => at >= s && at < e)) continue;
    const known = knownStatuteAt(text, at);
    if (!known || known.end > start) continue;
    named.set(known.statute.soort === 'bw' ? 'BW' : known.statute.wet.bwb_id, known.statute);
  }
  return named.size === 1 ? [...named.values()][0] : null;
}

interface Hit {
  citatie: string;
  wet: string;
  bwb_id: string;
  artikel: string;
  lid: string | null;
  onder: string | null;
}

function isInt(s: string): boolean {
  return /^\d+$/.test(s);
}

/** Expands items (ranges of plain numbers, inherited civil-code books) to single articles. */
function articlesOf(items: Item[], civilCode: boolean, bwBook: string | null): { artikel: string; leden: string[]; onder: string | null }[] {
  const out: { artikel: string; leden: string[]; onder: string | null }[] = [];
  let lastBook: string | null = bwBook;
  for (const item of items) {
    let artikel = item.artikel;
    const colon = artikel.indexOf(':');
    if (colon !== -1) lastBook = artikel.slice(0, colon);
    else if (civilCode && lastBook !== null) artikel = `${lastBook}:${artikel}`;
    const prev = out[out.length - 1];
    if (item.bereik && prev) {
      const [pb, pn] = splitBook(prev.artikel);
      const [cb, cn] = splitBook(artikel);
      if (pb === cb && isInt(pn) && isInt(cn) && Number(cn) > Number(pn) && Number(cn) - Number(pn) <= MAX_RANGE) {
        for (let i = Number(pn) + 1; i < Number(cn); i++) out.push({ artikel: pb ? `${pb}:${i}` : String(i), leden: [], onder: null });
      }
    }
    out.push({ artikel, leden: item.leden, onder: item.onder });
  }
  return out;
}

function splitBook(artikel: string): [string, string] {
  const i = artikel.indexOf(':');
  return i === -1 ? ['', artikel] : [artikel.slice(0, i), artikel.slice(i + 1)];
}

function citatie(artikel: string, lid: string | null, onder: string | null, suffix: string): string {
  return `artikel ${artikel}${lid ? ` lid ${lid}` : ''}${onder ? ` onder ${onder}` : ''} ${suffix}`;
}

type Outcome = { hits: Hit[]; unknown: { tekst: string; soort: NietHerkend['soort'] }[] };

function resolve(parsed: Parsed): Outcome {
  const hits: Hit[] = [];
  const unknown: Outcome['unknown'] = [];
  if (parsed.unknown) return { hits, unknown: [parsed.unknown] };
  const statute = parsed.statute!;
  if (statute.soort === 'bw') {
    const arts = articlesOf(parsed.items, true, statute.boek);
    for (const a of arts) {
      const [book] = splitBook(a.artikel);
      const b = book ? bwBoek(book) : null;
      if (!b) {
        unknown.push({ tekst: book ? `Boek ${book} BW` : `artikel ${a.artikel} BW (zonder boek)`, soort: 'bw_boek' });
        continue;
      }
      for (const lid of a.leden.length ? a.leden : [null]) {
        hits.push({ citatie: citatie(a.artikel, lid, a.onder, burgerlijkWetboek.citeer_als), wet: b.titel, bwb_id: b.bwb_id, artikel: a.artikel, lid, onder: a.onder });
      }
    }
    return { hits, unknown };
  }
  const arts = articlesOf(parsed.items, false, null);
  // An ambiguous abbreviation ("Ow") with an article number this statute does not use: reported, not guessed.
  if (statute.alleenBij && !arts.every((a) => statute.alleenBij!.artikelvorm.test(a.artikel))) {
    return { hits, unknown: [{ tekst: statute.alleenBij.afkorting, soort: 'afkorting' }] };
  }
  for (const a of arts) {
    for (const lid of a.leden.length ? a.leden : [null]) {
      hits.push({ citatie: citatie(a.artikel, lid, a.onder, statute.wet.citeer_als), wet: statute.wet.titel, bwb_id: statute.wet.bwb_id, artikel: a.artikel, lid, onder: a.onder });
    }
  }
  return { hits, unknown };
}

/**
 * The fallback: an "artikel"/"art." that yielded no reference and is followed, before the next trigger word and
 * the end of the sentence, by a known statute ("artikel 3 lid 1a Awb": a lid the parser cannot read) is
 * reported in niet_herkend with the fragment up to the statute, never dropped silently. "artikel 3 van deze
 * wet" refers to no named statute and stays skipped.
 */
function unresolvedTriggers(text: string, consumed: readonly [number, number][]): { start: number; end: number; outcome: Outcome }[] {
  const out: { start: number; end: number; outcome: Outcome }[] = [];
  const triggers = [...text.matchAll(R.trigger)].filter((m) => m[1].toLowerCase() !== 'ex').map((m) => m.index!);
  const inConsumed = (at: number) => consumed.some(([s, e]) => at >= s && at < e);
  for (const [i, start] of triggers.entries()) {
    if (inConsumed(start)) continue;
    const afterWord = start + /^\S+/.exec(text.slice(start))![0].length;
    const num = matchAt(re('\\s*\\d+[^\\s,;]*'), text, afterWord);
    if (num && matchAt(R.thisStatute, text, afterWord + num[0].length)) continue;
    R.stretchEnd.lastIndex = afterWord;
    const sentenceEnd = R.stretchEnd.exec(text)?.index ?? text.length;
    const limit = Math.min(sentenceEnd, triggers[i + 1] ?? text.length, start + 200);
    for (const w of text.slice(afterWord, limit).matchAll(/(?<![\p{L}\p{N}])\p{L}/gu)) {
      const at = afterWord + w.index;
      if (inConsumed(at)) continue;
      const known = knownStatuteAt(text, at);
      if (!known || known.end > limit + 1) continue; // a final dot of "B.W." may be the sentence end
      const tekst = text.slice(start, known.end).replace(/\s+/g, ' ').trim().slice(0, 200);
      out.push({ start, end: known.end, outcome: { hits: [], unknown: [{ tekst, soort: known.afkorting ? 'afkorting' : 'wetsnaam' }] } });
      break;
    }
  }
  return out;
}

/** Every law-article reference in the sections, grouped by normalised citation, in order of first occurrence. */
export function extractWetsverwijzingen(secties: readonly Sectie[]): Extractie {
  const verwijzingen = new Map<string, Wetsverwijzing>();
  const nietHerkend = new Map<string, NietHerkend>();

  const record = (outcome: Outcome, vindplaats: Vindplaats) => {
    for (const h of outcome.hits) {
      const key = `${h.bwb_id}|${h.citatie}`;
      let v = verwijzingen.get(key);
      if (!v) {
        v = { ...h, artikel_endpoint: artikelEndpoint(h.bwb_id, h.artikel), aantal: 0, vindplaatsen: [] };
        verwijzingen.set(key, v);
      }
      v.aantal++;
      if (v.vindplaatsen.length < MAX_VINDPLAATSEN) v.vindplaatsen.push(vindplaats);
    }
    for (const u of outcome.unknown) {
      const key = `${u.soort}|${u.tekst}`;
      let n = nietHerkend.get(key);
      if (!n) {
        n = { ...u, aantal: 0, vindplaatsen: [] };
        nietHerkend.set(key, n);
      }
      n.aantal++;
      if (n.vindplaatsen.length < MAX_VINDPLAATSEN) n.vindplaatsen.push(vindplaats);
    }
  };

  for (const sectie of secties) {
    const text = sectie.tekst;
    const consumed: [number, number][] = [];
    const found: { start: number; end: number; outcome: Outcome }[] = [];

    for (const m of text.matchAll(R.trigger)) {
      const start = m.index!;
      if (consumed.some(([s, e]) => start >= s && start < e)) continue;
      const isEx = m[1].toLowerCase() === 'ex';
      const ws = matchAt(R.ws, text, start + m[1].length);
      const parsed = ws ? parseReference(text, start + m[1].length + ws[0].length, !isEx) : null;
      if (!parsed) continue;
      if (!parsed.statute && !parsed.unknown) {
        parsed.statute = statuteBefore(text, start, consumed);
        if (!parsed.statute) continue; // "artikel 3" with no statute anywhere in the sentence: not a citation of a statute
      }
      consumed.push([start, parsed.end]);
      found.push({ start, end: parsed.end, outcome: resolve(parsed) });
      // "artikel 350 WvSr en 359 WvSv": a further number that names its own known statute.
      for (let end = parsed.end; ; ) {
        const further = parsed.statute ? matchAt(R.further, text, end) : null;
        const next = further ? parseReference(text, end + further[0].length, false) : null;
        if (!next) break;
        const at = end + further![0].length;
        consumed.push([at, next.end]);
        found.push({ start: at, end: next.end, outcome: resolve(next) });
        end = next.end;
      }
    }
    for (const m of text.matchAll(R.bareColon)) {
      const start = m.index!;
      if (consumed.some(([s, e]) => start >= s && start < e)) continue;
      const parsed = parseReference(text, start, false);
      if (!parsed) continue;
      consumed.push([start, parsed.end]);
      found.push({ start, end: parsed.end, outcome: resolve(parsed) });
    }
    found.push(...unresolvedTriggers(text, consumed));
    found.sort((a, b) => a.start - b.start);
    for (const f of found) {
      const tekst = text.slice(f.start, f.end).replace(/\s+/g, ' ').trim().slice(0, 200);
      record(f.outcome, { onderdeel: sectie.onderdeel, positie: f.start, tekst });
    }
  }
  return { verwijzingen: [...verwijzingen.values()], niet_herkend: [...nietHerkend.values()] };
}
