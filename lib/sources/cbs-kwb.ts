// CBS Kerncijfers wijken en buurten (KWB): one StatLine table per year, each with its own table id and its own
// measure keys. This module knows which table holds which year, reads an edition's metadata (TableInfos for
// the period it really covers, DataProperties for the measures) and fetches rows of regions. Every call goes
// through the shared fetch helper: cached 24 hours (the tables change a few times a year at most) and
// coalesced when identical calls run at the same time.
//
// Region filters use startswith() on the WijkenEnBuurten key: the keys are right-padded upstream ("GM0363    ",
// "NL00      " as in the table's own DefaultSelection), so an `eq` on an unpadded code finds nothing, while a
// prefix of a code matches exactly that region (WK and BU codes start with another letter pair than GM).
// Rows are filtered again here, so a region never picks up a row it did not ask for.
import type { BronEntry } from './bron';
import { dataProperties, dimension, odataString, tableInfos, typedDataSet, type DataProperty, type DimensionCategory, type TableInfo, type TypedRow } from './cbs-statline';
import { cbsMaten, cbsTekst, type CbsMaat } from './cbs-maten';
import type { Sourced } from './gather';
import { str } from './values';

const DAY = 24 * 60 * 60 * 1000;

/** The geographic dimension of every KWB edition. */
export const KWB_DIMENSIE = 'WijkenEnBuurten';

/**
 * The yearly editions (CBS table ids of "Kerncijfers wijken en buurten <jaar>"), newest first. 85984NED is
 * confirmed by its recorded TableInfos (Period 2024); each edition's period is checked against its TableInfos
 * at run time, so a wrong entry shows up as a mismatch instead of a mislabelled year. A new edition is one line.
 */
export const KWB_EDITIES: readonly { jaar: number; tabel: string }[] = [
  { jaar: 2024, tabel: '85984NED' },
  { jaar: 2023, tabel: '85618NED' },
  { jaar: 2022, tabel: '85318NED' },
  { jaar: 2021, tabel: '85039NED' },
  { jaar: 2020, tabel: '84799NED' },
  { jaar: 2019, tabel: '84583NED' },
  { jaar: 2018, tabel: '84286NED' },
  { jaar: 2017, tabel: '83765NED' },
];

export interface TabelKeuze {
  /** The year asked for. */
  gevraagd_jaar: number;
  tabel: string;
  /** The year of the table used. */
  jaar: number;
  /** true when the year has no table of its own and the nearest older edition is used. */
  terugval: boolean;
}

/** The table for a year: its own edition, else the nearest older one (terugval); null before the first edition. */
export function tabelVoorJaar(jaar: number): TabelKeuze | null {
  const editie = KWB_EDITIES.find((e) => e.jaar <= jaar);
  return editie ? { gevraagd_jaar: jaar, tabel: editie.tabel, jaar: editie.jaar, terugval: editie.jaar !== jaar } : null;
}

export interface KwbEditie {
  tabel: string;
  /** The year of the edition according to the table's own TableInfos (Period). */
  jaar: number;
  /** The year this code base lists the table under (KWB_EDITIES). */
  verwacht_jaar: number;
  /** The table's title; null when its TableInfos give none. */
  titel: string | null;
  gewijzigd_op: string | null;
  maten: CbsMaat[];
}

/** An edition's metadata: TableInfos and DataProperties, fetched in parallel. */
export async function kwbEditie(tabel: string, signal?: AbortSignal): Promise<Sourced<KwbEditie>> {
  const [info, props] = await Promise.all([tableInfos(tabel, signal), dataProperties(tabel, signal)]);
  return { data: toKwbEditie(tabel, info.data, props.data), bronnen: [...info.bronnen, ...props.bronnen] };
}

/**
 * An edition's metadata from its TableInfos and DataProperties. The year is the table's own Period (its
 * first four-digit year), else the year KWB_EDITIES lists the table under; unknown title and date are null.
 */
export function toKwbEditie(tabel: string, info: TableInfo, props: DataProperty[]): KwbEditie {
  const verwacht = KWB_EDITIES.find((e) => e.tabel === tabel)?.jaar ?? Number.NaN;
  const period = Number(/(\d{4})/.exec(info.Period ?? '')?.[1] ?? Number.NaN);
  return {
    tabel,
    jaar: Number.isFinite(period) ? period : verwacht,
    verwacht_jaar: verwacht,
    titel: str(info.Title),
    gewijzigd_op: str(info.Modified),
    maten: matenVan(props),
  };
}

// The named measures per parsed DataProperties list (the same array for every cache hit).
const matenCache = new WeakMap<object, CbsMaat[]>();
function matenVan(props: DataProperty[]): CbsMaat[] {
  let maten = matenCache.get(props);
  if (!maten) {
    maten = cbsMaten(props);
    matenCache.set(props, maten);
  }
  return maten;
}

/** The rows of the given regions (codes such as GM0363, WK036300, BU03630000, NL00), keys trimmed. */
export async function kwbRijen(tabel: string, codes: readonly string[], signal?: AbortSignal, select?: readonly string[]): Promise<Sourced<TypedRow[]>> {
  const wanted = [...new Set(codes)];
  const filter = wanted.map((c) => `startswith(${KWB_DIMENSIE},${odataString(c)})`).join(' or ');
  const rows = await typedDataSet(tabel, { filter, select: select ? [KWB_DIMENSIE, ...select] : undefined, ttlMs: DAY }, signal);
  return { data: rows.data.filter((r) => wanted.includes(regioKey(r))), bronnen: rows.bronnen };
}

/** All rows whose code starts with a prefix (BU0363: every buurt of Amsterdam), in one call. */
export async function kwbRijenMetPrefix(tabel: string, prefix: string, signal?: AbortSignal, select?: readonly string[]): Promise<Sourced<TypedRow[]>> {
  const filter = `startswith(${KWB_DIMENSIE},${odataString(prefix)})`;
  const rows = await typedDataSet(tabel, { filter, select: select ? [KWB_DIMENSIE, ...select] : undefined, ttlMs: DAY }, signal);
  return { data: rows.data.filter((r) => regioKey(r).startsWith(prefix)), bronnen: rows.bronnen };
}

export interface RegioNaam {
  code: string;
  naam: string;
}

/** Names of the regions whose code starts with one of the prefixes (the dimension's Title), in one call. */
export async function kwbNamen(tabel: string, prefixes: readonly string[], signal?: AbortSignal): Promise<Sourced<RegioNaam[]>> {
  const unique = [...new Set(prefixes)];
  const filter = unique.map((p) => `startswith(Key,${odataString(p)})`).join(' or ');
  const list = await dimension(tabel, KWB_DIMENSIE, signal, { filter, ttlMs: DAY });
  return { data: toRegioNamen(list.data, unique), bronnen: list.bronnen };
}

/** The regions of a category list whose code starts with one of the prefixes; without a Title the name is the code. */
export function toRegioNamen(categories: readonly DimensionCategory[], prefixes: readonly string[]): RegioNaam[] {
  return categories.filter((c) => prefixes.some((p) => c.Key.startsWith(p))).map((c) => ({ code: c.Key, naam: cbsTekst(c.Title) ?? c.Key }));
}

/** The trimmed region code of a row. */
export function regioKey(row: TypedRow): string {
  return cbsTekst(row[KWB_DIMENSIE]) ?? '';
}

/** The bronnen of several results, in order. */
export function bronnenVan(...parts: (Sourced<unknown> | null | undefined)[]): BronEntry[] {
  return parts.flatMap((p) => p?.bronnen ?? []);
}
