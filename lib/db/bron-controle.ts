// Background health check of the upstream sources: every BRON_CONTROLE_INTERVAL_S seconds (default 300; 0
// switches it off) one process asks every source its known light request from lib/sources/probe.ts (the
// probe's requests: one list in one place), past the answer cache, and records the outcome like any call
// (lib/sources/outcomes.ts → bron_status, bron_uur) and the drift it sees (→ bron_drift). So /status turns
// red when an upstream fails even when every user request is answered from the cache.
//
// Once across processes: a lease in the table bron_controle, claimed with one atomic
// INSERT ... ON CONFLICT DO UPDATE ... WHERE the lease expired; the process whose claim succeeds runs the
// check, the others skip that round. Keyed sources without a key are skipped (as the probe does). Requests
// that go through an adapter (and so through its cache) are asked only for status and headers here; the
// streamed NDW feeds are read only for their first records (PROBE_RECORDS).
import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import { PROBES, probeSource, type ProbeRequest, type ProbeResult } from '../sources/probe';
import { sources } from '../sources/registry';
import type { SourceDef } from '../sources/source';
import { onSourceOutcome, reportSourceOutcome } from '../sources/outcomes';
import { describeError, log } from '../log';
import { getDb } from './client';

export const DEFAULT_CHECK_INTERVAL_S = 300;
/** The lease row's task name. */
const TASK = 'bronnen';
/** Sources checked at the same time. */
const PARALLEL = 4;

/**
 * BRON_CONTROLE_INTERVAL_S in seconds: default 300, 0 = off; an unreadable value keeps the default. With
 * JOBS=uit (no scheduled work in this server: the test suites' servers, the demo) the default is 0, so only
 * an explicit interval starts the check there.
 */
export function checkIntervalS(env: Record<string, string | undefined> = process.env): number {
  const raw = env.BRON_CONTROLE_INTERVAL_S?.trim();
  if (!raw) return env.JOBS?.trim().toLowerCase() === 'uit' ? 0 : DEFAULT_CHECK_INTERVAL_S;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0) {
    log('warn', 'bron_controle_interval_ongeldig', { waarde: raw.slice(0, 40), standaard: DEFAULT_CHECK_INTERVAL_S });
    return DEFAULT_CHECK_INTERVAL_S;
  }
  return n;
}

/**
 * Claims the check for the round starting at `now` for `holder`: true when this holder got the lease (it was
 * free or expired), false when another holder has it. The lease lasts one interval, less a little slack so the
 * holder's own next tick finds it expired.
 */
export async function claimCheckLease(holder: string, intervalMs: number, now: Date = new Date()): Promise<boolean> {
  const until = new Date(now.getTime() + intervalMs - Math.min(1000, intervalMs / 10));
  const rows = await getDb().$queryRaw<{ houder: string }[]>`
    INSERT INTO bron_controle (taak, houder, verloopt_op) VALUES (${TASK}, ${holder}, ${until})
    ON CONFLICT (taak) DO UPDATE SET houder = EXCLUDED.houder, verloopt_op = EXCLUDED.verloopt_op
    WHERE bron_controle.verloopt_op <= ${now}
    RETURNING houder`;
  return rows.length === 1;
}

/** The request the check sends a source: the probe's, but an adapter call through the cache becomes a status-and-headers request. */
export function checkRequest(id: string): ProbeRequest | undefined {
  const request = PROBES[id];
  if (request?.soort === 'adapter' && !request.fresh) return { path: request.path, query: request.query, headers: request.headers, soort: 'kop' };
  return request;
}

/** The failure kind (bronnen foutsoort) of a probe result whose request did not go through fetchSource. */
function failureKind(reden: string): string {
  const http = /HTTP (\d{3})/.exec(reden);
  if (http) return `http_${http[1]}`;
  if (/timeout|time-out|aborted/i.test(reden)) return 'timeout';
  if (/^geen |onleesbaar|incorrect header|invalid|unexpected/i.test(reden)) return 'onleesbaar';
  return 'netwerk';
}

/** Checks one source; its outcome is reported once (by fetchSource, or here for raw requests). */
export async function checkSource(def: SourceDef): Promise<ProbeResult> {
  let reported = false;
  const stop = onSourceOutcome((o) => {
    if (o.bron === def.id) reported = true;
  });
  let result: ProbeResult;
  try {
    result = await probeSource(def, checkRequest(def.id));
  } finally {
    stop();
  }
  if (!reported && result.uitkomst !== 'overgeslagen' && PROBES[def.id]) {
    const ok = result.uitkomst !== 'mislukt';
    reportSourceOutcome({ bron: def.id, ok, foutsoort: ok ? null : failureKind(result.reden), duurMs: result.duurMs, tijd: new Date() });
  }
  return result;
}

/** Checks every registered source (a few at a time); never throws. */
export async function checkSources(ids?: readonly string[]): Promise<ProbeResult[]> {
  const todo = sources.filter((s) => PROBES[s.id] && (!ids || ids.includes(s.id)));
  const out: ProbeResult[] = new Array(todo.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: PARALLEL }, async () => {
      while (next < todo.length) {
        const i = next++;
        out[i] = await checkSource(todo[i]);
      }
    }),
  );
  return out;
}

/**
 * One round: claims the lease and, when this holder got it, runs `check` (default: every source). null when
 * another holder has the round.
 */
export async function runCheckRound<T = ProbeResult[]>(
  holder: string,
  intervalMs: number,
  { now = new Date(), check = () => checkSources() as Promise<T> }: { now?: Date; check?: () => Promise<T> } = {},
): Promise<T | null> {
  if (!(await claimCheckLease(holder, intervalMs, now))) return null;
  return check();
}

interface CheckState {
  stop: (() => void) | null;
}
// On globalThis: instrumentation.ts may load this module more than once; one runner per process.
const g = globalThis as typeof globalThis & { __nlodsBronControle?: CheckState };

/**
 * Starts the background check in this process (instrumentation.ts): the first round soon after start, then
 * one every interval; rounds never overlap within a process. Returns the stop function; null when switched off.
 */
export function startSourceHealthCheck(intervalS: number = checkIntervalS()): (() => void) | null {
  const state = (g.__nlodsBronControle ??= { stop: null });
  if (state.stop) return state.stop;
  if (!(intervalS > 0)) return null;
  const intervalMs = Math.round(intervalS * 1000);
  const holder = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let running = false;
  let lastWarn = 0;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      await runCheckRound(holder, intervalMs);
    } catch (err) {
      if (Date.now() - lastWarn > 10 * 60_000) {
        lastWarn = Date.now();
        log('warn', 'bron_controle_mislukt', describeError(err));
      }
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void tick(), Math.min(intervalMs, 10_000));
  const timer = setInterval(() => void tick(), intervalMs);
  first.unref?.();
  timer.unref?.();
  state.stop = () => {
    clearTimeout(first);
    clearInterval(timer);
    state.stop = null;
  };
  return state.stop;
}
