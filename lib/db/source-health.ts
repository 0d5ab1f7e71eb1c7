// Reachability of the upstream sources as observed by this service (table bron_status). Only call
// outcomes are stored: source id, ok or failure kind, and time. Never URLs, queries or bodies.
// Outcomes are counted in memory and written at most every 2 s with parameterised upserts.
import type { SourceOutcome } from '../sources/outcomes';
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

interface HealthState {
  pending: Map<string, Pending>;
  timer: ReturnType<typeof setTimeout> | null;
  flushing: Promise<void> | null;
  lastWarn: number;
}

// On globalThis: instrumentation.ts and the route handlers may get separate copies of this module.
const g = globalThis as typeof globalThis & { __nlodsSourceHealth?: HealthState };
const hs = (): HealthState => (g.__nlodsSourceHealth ??= { pending: new Map(), timer: null, flushing: null, lastWarn: 0 });

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
    const s = hs();
    if (!s.timer) {
      s.timer = setTimeout(() => void flushSourceHealth(), FLUSH_INTERVAL_MS);
      s.timer.unref?.();
    }
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

/** Writes the counted outcomes now; database errors are logged (and the counts kept), never thrown. */
export async function flushSourceHealth(): Promise<void> {
  const s = hs();
  if (s.timer) clearTimeout(s.timer);
  s.timer = null;
  while (s.flushing) await s.flushing; // one writer at a time, and wait for the one in progress
  if (!s.pending.size) return;
  const batch = s.pending;
  s.pending = new Map();
  s.flushing = (async () => {
    try {
      await writeBatch(batch);
    } catch (err) {
      // Keep what was not written (bounded: one entry per source); the next outcome retries.
      for (const [bron, p] of batch) merge(s.pending, bron, p);
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
