// Shared helpers of the monitor's metrics: dates as calendar days, the movement window, rounding,
// percentiles and ownership groups. Pure; every metric module builds on these so the same words on
// /methodiek mean the same computation everywhere.
import { minMaanden } from '@/lib/kalender';
import type { MarktHolding, MarktVestiging, VersieInfo, WijzigingRij } from '../derive/types';

const DAG_MS = 86_400_000;
/** Years are days / 365.25 (leap years averaged), so an age never depends on the time of day. */
export const DAGEN_PER_JAAR = 365.25;


/** Years between two calendar days (days / 365.25); negative when `tot` is before `van`. */
export function jarenTussen(van: string, tot: string): number {
  return (Date.parse(tot.slice(0, 10)) - Date.parse(van.slice(0, 10))) / DAG_MS / DAGEN_PER_JAAR;
}

export const rond = (x: number, decimalen: number): number => {
  const f = 10 ** decimalen;
  // Number.EPSILON nudges 0.125 → 0.13 instead of binary noise deciding the direction.
  const r = Math.round((x + Math.sign(x) * Number.EPSILON * Math.abs(x)) * f) / f;
  return r === 0 ? 0 : r; // no −0 in JSON answers or test equality
};

/** Place names compared case-insensitively and trimmed; null for an empty place. */
export const plaatsSleutel = (plaats: string | null | undefined): string | null => {
  const p = plaats?.trim().toLocaleLowerCase('nl');
  return p ? p : null;
};

export const byId = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The window of "the last N months": datum > peildatum − N months and ≤ peildatum. */
export interface Periode {
  van: string;
  tot: string;
}
export const periode = (peildatum: string, maanden: number): Periode => ({ van: minMaanden(peildatum, maanden), tot: peildatum });
export const inPeriode = (datum: string, p: Periode): boolean => datum.slice(0, 10) > p.van && datum.slice(0, 10) <= p.tot;

/**
 * The rows that are movement: not of a first version (its rows are the baseline, every entity 'nieuw').
 * A row whose version is not in `versies` counts as movement (only a known first version is excluded).
 */
export function beweging(wijzigingen: readonly WijzigingRij[], versies: readonly VersieInfo[]): WijzigingRij[] {
  const basis = new Set(versies.filter((v) => v.eerste).map((v) => v.id));
  return wijzigingen.filter((w) => !basis.has(w.versie_id));
}

/** Vestiging rows of type `type` in the window, baseline excluded. */
export function vestigingRijen(rijen: readonly WijzigingRij[], p: Periode, type?: WijzigingRij['wijziging_type']): WijzigingRij[] {
  return rijen.filter((w) => w.entiteit_type === 'vestiging' && (!type || w.wijziging_type === type) && inPeriode(w.datum, p));
}

export const alsVestiging = (r: WijzigingRij['oud']): MarktVestiging | null => (r && 'vestiging_id' in r ? (r as MarktVestiging) : null);

/**
 * A takeover ('overgenomen' vestiging row): the acquirer is `nieuw.hoofdholding_id`, the one that lost it
 * `oud.hoofdholding_id`; a change to the same top (a reshuffle below it) is neither a gain nor a loss.
 */
export function overname(w: WijzigingRij): { van: string | null; naar: string | null; plaats: string | null } {
  const oud = alsVestiging(w.oud);
  const nieuw = alsVestiging(w.nieuw);
  const van = oud?.hoofdholding_id ?? null;
  const naar = nieuw?.hoofdholding_id ?? null;
  if (van === naar) return { van: null, naar: null, plaats: nieuw?.plaats ?? oud?.plaats ?? null };
  return { van, naar, plaats: nieuw?.plaats ?? oud?.plaats ?? null };
}

/**
 * The ownership group of a vestiging for concentration measures: its hoofdholding, or for an independent
 * vestiging its organisation (KvK number), so one independent firm with three offices is one group.
 */
export const groep = (v: MarktVestiging): string => (v.hoofdholding_id ? `hh:${v.hoofdholding_id}` : `kvk:${v.kvk_nummer}`);

/** Herfindahl-Hirschman index on shares in percent (0–10,000) of the group counts. */
export function hhi(aantallen: Iterable<number>): number {
  const l = [...aantallen];
  const totaal = l.reduce((s, x) => s + x, 0);
  if (totaal === 0) return 0;
  return l.reduce((s, x) => s + ((100 * x) / totaal) ** 2, 0);
}

export function tel<K>(keys: Iterable<K>): Map<K, number> {
  const m = new Map<K, number>();
  for (const k of keys) m.set(k, (m.get(k) ?? 0) + 1);
  return m;
}

/**
 * Percentile with linear interpolation between closest ranks (numpy's default, Excel PERCENTILE.INC,
 * Hyndman–Fan type 7): on values sorted ascending x[0..n-1], h = (n − 1)·p/100 and the result is
 * x[⌊h⌋] + (h − ⌊h⌋)·(x[⌊h⌋+1] − x[⌊h⌋]). `gesorteerd` must be sorted ascending; null when empty.
 */
export function percentiel(gesorteerd: readonly number[], p: number): number | null {
  const n = gesorteerd.length;
  if (n === 0) return null;
  const h = ((n - 1) * p) / 100;
  const lo = Math.floor(h);
  const hi = Math.min(lo + 1, n - 1);
  return gesorteerd[lo] + (h - lo) * (gesorteerd[hi] - gesorteerd[lo]);
}

export const oplopend = (a: number, b: number): number => a - b;
