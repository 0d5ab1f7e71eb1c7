// Reachability of the upstream sources as observed by this service (table bron_status). Only call
// outcomes are stored: source id, ok or failure kind, and time. Never URLs, queries or bodies.
// Outcomes are counted in memory and written at most every 2 s with parameterised upserts: the totals
// (bron_status), per hour and outcome a count and a latency histogram (bron_uur, for error rate and p95
// over 24 hours), and per hour the format drift counters of lib/sources/drift.ts (bron_drift, field names
// only, for the counters over 24 hours). Hourly rows older than two days are removed.
import type { SourceOutcome } from '../sources/outcomes';
import type { DriftEvent } from '../sources/drift';
import { describeError, log } from '../log';
import { getDb } from './client';

export const FLUSH_INTERVAL_MS = 2000;

interface Pending {
  ok: number;
  fout: number;
  laatstOk: Date | null;
  laatsteFout: Date | null;
  foutsoort: string | null;
}

export interface BronGezondheid {
  laatst_ok: string | null;
  laatste_fout: string | null;
  laatste_foutsoort: string | null;
  aantal_ok: number;
  aantal_fout: number;
}

/** Upper bounds (ms) of the latency histogram classes; one more class holds everything slower. */
export const LATENCY_BUCKETS_MS = [50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000, 5000, 10_000, 20_000, 30_000, 60_000] as const;
const HOUR = 3600_000;
/** Hourly rows are kept this long (the status reads 24 hours). */
const KEEP_HOURS_MS = 48 * HOUR;
/** Distinct field names kept per source and drift kind; further names count as OTHER_FIELD. */
export const MAX_DRIFT_FIELDS = 50;
export const OTHER_FIELD = '(overige velden)';

interface HourPending {
  bron: string;
  uur: Date;
  uitkomst: string;
  aantal: number;
  buckets: number[];
}

interface DriftPending {
  bron: string;
  uur: Date;
  soort: string;
  veld: string;
  aantal: number;
  laatst: Date;
}

interface HealthState {
  pending: Map<string, Pending>;
  hours: Map<string, HourPending>;
  drift: Map<string, DriftPending>;
  /** Field names seen per source and kind in this process (bounds the names written). */
  driftNames: Map<string, Set<string>>;
  lastPrune: number;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
  lastWarn: number;
}

// On globalThis: instrumentation.ts and the route handlers may get separate copies of this module.
const g = globalThis as typeof globalThis & { __nlodsSourceHealth?: HealthState };
const hs = (): HealthState =>
  (g.__nlodsSourceHealth ??= { pending: new Map(), hours: new Map(), drift: new Map(), driftNames: new Map(), lastPrune: 0, timer: null, flushing: null, lastWarn: 0 });

const hourOf = (t: Date) => new Date(Math.floor(t.getTime() / HOUR) * HOUR);

/** The histogram class of a duration. */
export function latencyBucket(ms: number): number {
  const i = LATENCY_BUCKETS_MS.findIndex((b) => ms <= b);
  return i === -1 ? LATENCY_BUCKETS_MS.length : i;
}

function schedule() {
  const s = hs();
  if (!s.timer) {
    s.timer = setTimeout(() => void flushSourceHealth(), FLUSH_INTERVAL_MS);
    s.timer.unref?.();
  }
}

function mergeHour(into: Map<string, HourPending>, h: HourPending) {
  const key = `${h.bron}\0${h.uur.getTime()}\0${h.uitkomst}`;
  const cur = into.get(key);
  if (!cur) into.set(key, { ...h, buckets: [...h.buckets] });
  else {
    cur.aantal += h.aantal;
    h.buckets.forEach((n, i) => (cur.buckets[i] = (cur.buckets[i] ?? 0) + n));
  }
}

function mergeDrift(into: Map<string, DriftPending>, d: DriftPending) {
  const key = `${d.bron}\0${d.uur.getTime()}\0${d.soort}\0${d.veld}`;
  const cur = into.get(key);
  if (!cur) into.set(key, { ...d });
  else {
    cur.aantal += d.aantal;
    if (d.laatst > cur.laatst) cur.laatst = d.laatst;
  }
}

/** Counts one drift event (lib/sources/drift.ts); written with the outcomes. Never throws. */
export function recordSourceDrift(e: DriftEvent): void {
  try {
    if (!e || typeof e.bron !== 'string' || !e.bron || typeof e.veld !== 'string') return;
    const s = hs();
    const bron = e.bron.slice(0, 100);
    const soort = String(e.soort).slice(0, 20);
    const namesKey = `${bron}\0${soort}`;
    const names = s.driftNames.get(namesKey) ?? new Set<string>();
    s.driftNames.set(namesKey, names);
    let veld = e.veld.slice(0, 100);
    if (!names.has(veld)) {
      if (names.size >= MAX_DRIFT_FIELDS) veld = OTHER_FIELD;
      else names.add(veld);
    }
    const tijd = e.tijd instanceof Date && !Number.isNaN(e.tijd.getTime()) ? e.tijd : new Date();
    mergeDrift(s.drift, { bron, uur: hourOf(tijd), soort, veld, aantal: 1, laatst: tijd });
    schedule();
  } catch {
    /* recording is best effort */
  }
}

const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a >= b ? a : b);

function merge(into: Map<string, Pending>, bron: string, p: Pending) {
  const cur = into.get(bron);
  if (!cur) {
    into.set(bron, { ...p });
    return;
  }
  cur.ok += p.ok;
  cur.fout += p.fout;
  cur.laatstOk = later(cur.laatstOk, p.laatstOk);
  if (p.laatsteFout && (!cur.laatsteFout || p.laatsteFout >= cur.laatsteFout)) {
    cur.laatsteFout = p.laatsteFout;
    cur.foutsoort = p.foutsoort;
  }
}

/** Counts one upstream call outcome; written to the database within 2 s. Never throws. */
export function recordSourceOutcome(o: SourceOutcome): void {
  try {
    if (!o || typeof o.bron !== 'string' || !o.bron) return;
    const tijd = o.tijd instanceof Date && !Number.isNaN(o.tijd.getTime()) ? o.tijd : new Date();
    const foutsoort = o.ok ? null : String(o.foutsoort ?? 'onbekend').slice(0, 100);
    merge(hs().pending, o.bron.slice(0, 100), {
      ok: o.ok ? 1 : 0,
      fout: o.ok ? 0 : 1,
      laatstOk: o.ok ? tijd : null,
      laatsteFout: o.ok ? null : tijd,
      foutsoort,
    });
    const buckets = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
    const duur = Number.isFinite(o.duurMs) && o.duurMs >= 0 ? o.duurMs : 0;
    buckets[latencyBucket(duur)] = 1;
    mergeHour(hs().hours, {
      bron: o.bron.slice(0, 100),
      uur: hourOf(tijd),
      uitkomst: foutsoort ?? 'ok',
      aantal: 1,
      buckets,
    });
    schedule();
  } catch {
    /* recording is best effort */
  }
}

async function writeBatch(batch: Map<string, Pending>) {
  const db = getDb();
  for (const [bron, p] of batch) {
    await db.$executeRaw`
      INSERT INTO bron_status (bron, laatst_ok, laatste_fout, laatste_foutsoort, aantal_ok, aantal_fout, bijgewerkt_op)
      VALUES (${bron}, ${p.laatstOk}, ${p.laatsteFout}, ${p.foutsoort}, ${p.ok}, ${p.fout}, now())
      ON CONFLICT (bron) DO UPDATE SET
        laatst_ok = GREATEST(bron_status.laatst_ok, EXCLUDED.laatst_ok),
        laatste_fout = GREATEST(bron_status.laatste_fout, EXCLUDED.laatste_fout),
        laatste_foutsoort = CASE
          WHEN EXCLUDED.laatste_fout IS NOT NULL
           AND (bron_status.laatste_fout IS NULL OR EXCLUDED.laatste_fout >= bron_status.laatste_fout)
          THEN EXCLUDED.laatste_foutsoort
          ELSE bron_status.laatste_foutsoort END,
        aantal_ok = bron_status.aantal_ok + EXCLUDED.aantal_ok,
        aantal_fout = bron_status.aantal_fout + EXCLUDED.aantal_fout,
        bijgewerkt_op = now()`;
    batch.delete(bron);
  }
}

async function writeHours(batch: Map<string, HourPending>) {
  const db = getDb();
  for (const [key, h] of batch) {
    await db.$executeRaw`
      INSERT INTO bron_uur (bron, uur, uitkomst, aantal, duur_buckets)
      VALUES (${h.bron}, ${h.uur}, ${h.uitkomst}, ${h.aantal}, ${h.buckets}::int[])
      ON CONFLICT (bron, uur, uitkomst) DO UPDATE SET
        aantal = bron_uur.aantal + EXCLUDED.aantal,
        duur_buckets = ARRAY(
          SELECT COALESCE(t.a, 0) + COALESCE(t.b, 0)
          FROM unnest(bron_uur.duur_buckets, EXCLUDED.duur_buckets) WITH ORDINALITY AS t(a, b, i)
          ORDER BY t.i)`;
    batch.delete(key);
  }
}

async function writeDrift(batch: Map<string, DriftPending>) {
  const db = getDb();
  for (const [key, d] of batch) {
    await db.$executeRaw`
      INSERT INTO bron_drift (bron, uur, soort, veld, aantal, eerst_gezien, laatst_gezien)
      VALUES (${d.bron}, ${d.uur}, ${d.soort}, ${d.veld}, ${d.aantal}, ${d.laatst}, ${d.laatst})
      ON CONFLICT (bron, uur, soort, veld) DO UPDATE SET
        aantal = bron_drift.aantal + EXCLUDED.aantal,
        laatst_gezien = GREATEST(bron_drift.laatst_gezien, EXCLUDED.laatst_gezien)`;
    batch.delete(key);
  }
}

/** Removes hourly rows (outcomes and drift) older than KEEP_HOURS_MS, at most once an hour per process. */
async function prune() {
  const s = hs();
  if (Date.now() - s.lastPrune <= HOUR) return;
  s.lastPrune = Date.now();
  const db = getDb();
  const before = new Date(Date.now() - KEEP_HOURS_MS);
  await db.$executeRaw`DELETE FROM bron_uur WHERE uur < ${before}`;
  await db.$executeRaw`DELETE FROM bron_drift WHERE uur < ${before}`;
}

/** Writes the counted outcomes now; database errors are logged (and the counts kept), never thrown. */
export async function flushSourceHealth(): Promise<void> {
  const s = hs();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  while (s.flushing) await s.flushing; // one writer at a time, and wait for the one in progress
  if (!s.pending.size && !s.hours.size && !s.drift.size) return;
  const batch = s.pending;
  const hours = s.hours;
  const drift = s.drift;
  s.pending = new Map();
  s.hours = new Map();
  s.drift = new Map();
  s.flushing = (async () => {
    try {
      await writeBatch(batch);
      await writeHours(hours);
      await writeDrift(drift);
      await prune();
    } catch (err) {
      // Keep what was not written (bounded: one entry per source, hour and outcome, and per field name kept);
      // the next outcome retries.
      for (const [bron, p] of batch) merge(s.pending, bron, p);
      const keepFrom = Date.now() - KEEP_HOURS_MS;
      for (const h of hours.values()) if (h.uur.getTime() >= keepFrom) mergeHour(s.hours, h);
      for (const d of drift.values()) if (d.uur.getTime() >= keepFrom) mergeDrift(s.drift, d);
      if (Date.now() - s.lastWarn > 60_000) {
        s.lastWarn = Date.now();
        log('warn', 'bronstatus_niet_opgeslagen', { bronnen: batch.size, ...describeError(err) });
      }
    } finally {
      s.flushing = null;
    }
  })();
  await s.flushing;
}

/** Per source: last ok, last failure (with its kind) and counts, including outcomes not yet written. */
export async function getSourceHealth(): Promise<Record<string, BronGezondheid>> {
  await flushSourceHealth();
  const rows = await getDb().bronStatus.findMany({ orderBy: { bron: 'asc' } });
  const out: Record<string, BronGezondheid> = {};
  for (const r of rows) {
    out[r.bron] = {
      laatst_ok: r.laatst_ok?.toISOString() ?? null,
      laatste_fout: r.laatste_fout?.toISOString() ?? null,
      laatste_foutsoort: r.laatste_foutsoort,
      aantal_ok: Number(r.aantal_ok),
      aantal_fout: Number(r.aantal_fout),
    };
  }
  for (const [bron, p] of hs().pending) {
    // Not yet written (the database just failed): report them anyway.
    const cur = (out[bron] ??= { laatst_ok: null, laatste_fout: null, laatste_foutsoort: null, aantal_ok: 0, aantal_fout: 0 });
    cur.aantal_ok += p.ok;
    cur.aantal_fout += p.fout;
    const ok = later(cur.laatst_ok ? new Date(cur.laatst_ok) : null, p.laatstOk);
    cur.laatst_ok = ok?.toISOString() ?? null;
    if (p.laatsteFout && (!cur.laatste_fout || p.laatsteFout >= new Date(cur.laatste_fout))) {
      cur.laatste_fout = p.laatsteFout.toISOString();
      cur.laatste_foutsoort = p.foutsoort;
    }
  }
  return out;
}

export interface BronStatistiek {
  /** Calls in the window, and failed calls. */
  aantal: number;
  fouten: number;
  /** Latency histogram of the window (classes of LATENCY_BUCKETS_MS plus one for slower). */
  buckets: number[];
  /** Drift counted in the window per kind and field name, with the time last seen; most frequent first. */
  drift: { soort: string; veld: string; aantal: number; laatst_gezien: string }[];
}

/**
 * The 95th percentile of a histogram: the upper bound (ms) of the class that holds it, `open` when it lies
 * in the overflow class above the last bound (the bound is then a lower limit); null without calls.
 */
export function p95FromBuckets(buckets: number[]): { ms: number; open: boolean } | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (!total) return null;
  const rank = Math.ceil(total * 0.95);
  const last = LATENCY_BUCKETS_MS.length - 1;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i];
    if (seen >= rank) return { ms: LATENCY_BUCKETS_MS[Math.min(i, last)], open: i > last };
  }
  return { ms: LATENCY_BUCKETS_MS[last], open: true };
}

/** Per source: calls, failures, the latency histogram and the drift counters since the start of the hour of `since`. */
export async function getSourceStatistics(since: Date): Promise<Record<string, BronStatistiek>> {
  await flushSourceHealth();
  const db = getDb();
  const from = new Date(Math.floor(since.getTime() / HOUR) * HOUR);
  const [hours, drift] = await Promise.all([
    db.bronUur.findMany({ where: { uur: { gte: from } } }),
    db.bronDrift.groupBy({ by: ['bron', 'soort', 'veld'], where: { uur: { gte: from } }, _sum: { aantal: true }, _max: { laatst_gezien: true } }),
  ]);
  const out: Record<string, BronStatistiek> = {};
  const of = (bron: string) => (out[bron] ??= { aantal: 0, fouten: 0, buckets: new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0), drift: [] });
  const add = (bron: string, uitkomst: string, aantal: number, buckets: number[]) => {
    const st = of(bron);
    st.aantal += aantal;
    if (uitkomst !== 'ok') st.fouten += aantal;
    buckets.forEach((n, i) => (st.buckets[i] = (st.buckets[i] ?? 0) + n));
  };
  for (const h of hours) add(h.bron, h.uitkomst, h.aantal, h.duur_buckets);
  for (const h of hs().hours.values()) if (h.uur >= from) add(h.bron, h.uitkomst, h.aantal, h.buckets); // not yet written
  const counters = new Map<string, { bron: string; soort: string; veld: string; aantal: number; laatst: Date }>();
  const count = (bron: string, soort: string, veld: string, aantal: number, laatst: Date) => {
    const key = `${bron}\0${soort}\0${veld}`;
    const cur = counters.get(key);
    if (!cur) counters.set(key, { bron, soort, veld, aantal, laatst });
    else {
      cur.aantal += aantal;
      if (laatst > cur.laatst) cur.laatst = laatst;
    }
  };
  for (const d of drift) if (d._max.laatst_gezien) count(d.bron, d.soort, d.veld, Number(d._sum.aantal ?? 0), d._max.laatst_gezien);
  for (const d of hs().drift.values()) if (d.uur >= from) count(d.bron, d.soort, d.veld, d.aantal, d.laatst); // not yet written
  const sorted = [...counters.values()].sort(
    (a, b) => a.bron.localeCompare(b.bron) || a.soort.localeCompare(b.soort) || b.aantal - a.aantal || a.veld.localeCompare(b.veld),
  );
  for (const d of sorted) of(d.bron).drift.push({ soort: d.soort, veld: d.veld, aantal: d.aantal, laatst_gezien: d.laatst.toISOString() });
  return out;
}
