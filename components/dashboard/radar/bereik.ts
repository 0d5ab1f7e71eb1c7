// The radar's time range: months (JJJJ-MM) chosen in the view, read against the versions the caller may
// see (/versies) and the dashboard's as-of date. GET /radar answers the market movement of the 12 months
// that end with its version's month; a longer range is put together from more answers, each ending where
// the one before began. Pure, so the arithmetic is tested without a browser (bereik.test.ts).
import type { MarktbewegingMaand } from '@/lib/monitor/metrics/radar';

/** A calendar month, JJJJ-MM. */
export type Maand = string;

/** The radar's window per answer, in months (RADAR_STANDAARD.maanden of lib/monitor/metrics/radar.ts). */
export const RADAR_VENSTER = 12;

export interface VersieKort {
  versie_id: number;
  peildatum: string;
}

/** One month of GET /radar's marktbeweging. */
export type BewegingMaand = MarktbewegingMaand;

/** `m` plus `n` months (n may be negative). */
export function plusMaanden(m: Maand, n: number): Maand {
  const t = Number(m.slice(0, 4)) * 12 + Number(m.slice(5, 7)) - 1 + n;
  const j = Math.floor(t / 12);
  return `${String(j).padStart(4, '0')}-${String(t - j * 12 + 1).padStart(2, '0')}`;
}

/** The months from `van` to `tot`, both included, oldest first (empty when van lies after tot). */
export function maandenTussen(van: Maand, tot: Maand): Maand[] {
  const out: Maand[] = [];
  for (let m = van; m <= tot; m = plusMaanden(m, 1)) out.push(m);
  return out;
}

/** The versions on or before `plafond` (a date, or none), oldest first. */
export function versiesTot(versies: readonly VersieKort[], plafond?: string): VersieKort[] {
  return versies.filter((v) => !plafond || v.peildatum <= plafond).sort((a, b) => a.peildatum.localeCompare(b.peildatum) || a.versie_id - b.versie_id);
}

/** The months that hold a version, oldest first: what the range can start and end on. */
export function versieMaanden(versies: readonly VersieKort[]): Maand[] {
  return [...new Set(versies.map((v) => v.peildatum.slice(0, 7)))].sort();
}

/** The newest version in a month on or before `maand`: the answer that covers that month. */
export function versieVoorMaand(versies: readonly VersieKort[], maand: Maand): VersieKort | undefined {
  let gekozen: VersieKort | undefined;
  for (const v of versies) if (v.peildatum.slice(0, 7) <= maand && (!gekozen || v.peildatum > gekozen.peildatum || (v.peildatum === gekozen.peildatum && v.versie_id > gekozen.versie_id))) gekozen = v;
  return gekozen;
}

export interface Bereik {
  van: Maand;
  tot: Maand;
  maanden: Maand[];
}

/**
 * The range shown: `tot` from the URL when a version lies in that month, else the newest month; `van` from
 * the URL when it lies between the first month and `tot`, else the 12 months ending with `tot` (not before
 * the first month). null when there is no month to show.
 */
export function kiesBereik(beschikbaar: readonly Maand[], vanUrl: string, totUrl: string): Bereik | null {
  if (beschikbaar.length === 0) return null;
  const eerste = beschikbaar[0];
  const tot = beschikbaar.includes(totUrl) ? totUrl : beschikbaar[beschikbaar.length - 1];
  const standaard = plusMaanden(tot, -(RADAR_VENSTER - 1));
  const van = beschikbaar.includes(vanUrl) && vanUrl <= tot ? vanUrl : standaard < eerste ? eerste : standaard;
  return { van, tot, maanden: maandenTussen(van, tot) };
}

/** The `van` of a preset of `n` months ending with `tot` (null: everything from the first month). */
export function vanVoorPreset(beschikbaar: readonly Maand[], tot: Maand, n: number | null): Maand {
  const eerste = beschikbaar[0] ?? tot;
  if (n === null) return eerste;
  const van = plusMaanden(tot, -(n - 1));
  return van < eerste ? eerste : van;
}

/**
 * The peildatum of each radar answer the range needs, newest first. The first ends with `tot`: the
 * dashboard's own as-of date (or none, the newest version) when `tot` is the newest month it allows, so the
 * answer is the one the rest of the dashboard shows; otherwise the peildatum of the newest version in `tot`.
 * Each further answer ends in the month before the previous one's window, until `van` is covered.
 */
export function radarPeildata(versies: readonly VersieKort[], bereik: Bereik, dashboardPeildatum: string): (string | undefined)[] {
  const zichtbaar = versiesTot(versies, dashboardPeildatum || undefined);
  const maanden = versieMaanden(zichtbaar);
  const out: (string | undefined)[] = [];
  const eerste = versieVoorMaand(zichtbaar, bereik.tot);
  if (!eerste) return [dashboardPeildatum || undefined];
  out.push(bereik.tot === maanden[maanden.length - 1] ? dashboardPeildatum || undefined : eerste.peildatum);
  let begin = plusMaanden(eerste.peildatum.slice(0, 7), -(RADAR_VENSTER - 1));
  while (begin > bereik.van) {
    const v = versieVoorMaand(zichtbaar, plusMaanden(begin, -1));
    if (!v) break;
    out.push(v.peildatum);
    begin = plusMaanden(v.peildatum.slice(0, 7), -(RADAR_VENSTER - 1));
  }
  return out;
}

/**
 * The movement of every month of the range from the answers (newest first: a month is taken from the first
 * answer that has it). A month no answer covers is left out, not set to zero: the chart shows what the API said.
 */
export function voegBewegingSamen(antwoorden: readonly (readonly BewegingMaand[])[], bereik: Bereik): BewegingMaand[] {
  const per = new Map<Maand, BewegingMaand>();
  for (const a of antwoorden) for (const m of a) if (!per.has(m.maand)) per.set(m.maand, m);
  return bereik.maanden.flatMap((m) => (per.has(m) ? [per.get(m)!] : []));
}

const MAAND_NAMEN = ['jan', 'feb', 'mrt', 'apr', 'mei', 'jun', 'jul', 'aug', 'sep', 'okt', 'nov', 'dec'];
const MAAND_VOLUIT = ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'];

/** "nov 2025" (axes, selects). */
export const maandKort = (m: Maand) => `${MAAND_NAMEN[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
/** "november 2025" (sentences). */
export const maandLang = (m: Maand) => `${MAAND_VOLUIT[Number(m.slice(5, 7)) - 1]} ${m.slice(0, 4)}`;
