// Runs one job once: never twice at once in this process, only with the job's lease (so one of several
// workers on a PostgreSQL database runs it), recorded in job_run (bezig → ok | mislukt | overgeslagen |
// geweigerd, with melding and import_id; geweigerd: a register import whose file was refused, the published
// version keeps serving). Never throws: a failure is recorded and logged, and the process goes on.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { describeError, log } from '@/lib/log';
import { isImportRefused } from '@/lib/registers/common/refusal';
import { JobFailure, type JobDefinition } from './job';
import { acquireLease, keepLeaseAlive, LEASE_RENEW_MS, LEASE_TTL_MS, processHolderId, readLease, releaseLease } from './lease';

export type JobRunStatus = 'bezig' | 'ok' | 'mislukt' | 'overgeslagen' | 'geweigerd';

/** True when `e` (or the error it wraps) is a register import's refusal of its file. */
const refused = (e: unknown): boolean => isImportRefused(e) || (e instanceof Error && isImportRefused(e.cause));

export interface JobRunResult {
  status: Exclude<JobRunStatus, 'bezig'>;
  /** job_run.id, or null when not even the job_run row could be written. */
  runId: number | null;
  melding: string | null;
  importId: number | null;
}

export interface RunJobOptions {
  /** Default: the process database (getDb(); opened by the first query, i.e. now). */
  db?: PrismaClient;
  /** Lease holder; default: this process's holder id. */
  houder?: string;
  leaseTtlMs?: number;
  leaseRenewMs?: number;
  /** Stops the run (e.g. the process shuts down); the handler is aborted, the run recorded mislukt. */
  signal?: AbortSignal;
}

// Jobs running in this process (on globalThis: one set also across separately bundled modules).
const g = globalThis as typeof globalThis & { __nlodsRunningJobs?: Set<string> };
const running = (): Set<string> => (g.__nlodsRunningJobs ??= new Set());

/** True while `jobId` runs in this process. */
export function isRunningHere(jobId: string): boolean {
  return running().has(jobId);
}

const MAX_MELDING = 2000;
const short = (s: string) => (s.length > MAX_MELDING ? `${s.slice(0, MAX_MELDING - 1)}…` : s);
const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

async function insertRun(db: PrismaClient, jobId: string, houder: string, status: JobRunStatus, melding: string | null): Promise<number> {
  const [row] = await db.$queryRaw<{ id: number }[]>`
    INSERT INTO job_run (job_id, houder, gestart_op, status, melding, klaar_op)
    VALUES (${jobId}, ${houder}, now(), ${status}, ${melding}, ${status === 'bezig' ? null : new Date()})
    RETURNING id`;
  return row.id;
}

async function finishRun(db: PrismaClient, runId: number, status: JobRunStatus, melding: string | null, importId: number | null): Promise<void> {
  await db.$executeRaw`
    UPDATE job_run SET status = ${status}, klaar_op = now(), melding = ${melding}, import_id = ${importId}
    WHERE id = ${runId}`;
}

async function skipped(db: PrismaClient, job: JobDefinition, houder: string, melding: string): Promise<JobRunResult> {
  log('info', 'job_overgeslagen', { job: job.id, reden: melding });
  const runId = await insertRun(db, job.id, houder, 'overgeslagen', melding).catch((e) => {
    log('error', 'job_run_niet_vastgelegd', { job: job.id, ...describeError(e) });
    return null;
  });
  return { status: 'overgeslagen', runId, melding, importId: null };
}

/** Runs `job` once now (see the file comment); resolves with what was recorded. */
export async function runJob(job: JobDefinition, opts: RunJobOptions = {}): Promise<JobRunResult> {
  let db: PrismaClient;
  try {
    db = opts.db ?? getDb();
  } catch (e) {
    log('error', 'job_mislukt', { job: job.id, ...describeError(e) });
    return { status: 'mislukt', runId: null, melding: short(messageOf(e)), importId: null };
  }
  const houder = opts.houder ?? processHolderId();
  const ttlMs = opts.leaseTtlMs ?? LEASE_TTL_MS;

  const reason = job.unavailable?.() ?? null;
  if (reason) return skipped(db, job, houder, reason);
  if (running().has(job.id)) return skipped(db, job, houder, 'Draait al in dit proces.');
  running().add(job.id);
  try {
    let lease;
    try {
      lease = await acquireLease(db, job.id, houder, ttlMs);
    } catch (e) {
      log('error', 'job_lease_mislukt', { job: job.id, ...describeError(e) });
      const melding = short(`Lease niet te nemen: ${messageOf(e)}`);
      const runId = await insertRun(db, job.id, houder, 'mislukt', melding).catch(() => null);
      return { status: 'mislukt', runId, melding, importId: null };
    }
    if (!lease) {
      const other = await readLease(db, job.id).catch(() => null);
      return skipped(
        db,
        job,
        houder,
        other ? `Draait al bij ${other.houder} (lease tot ${other.verlooptOp.toISOString()}).` : 'Lease bezet door een andere houder.',
      );
    }
    return await runLeased(db, job, houder, lease, ttlMs, opts);
  } finally {
    running().delete(job.id);
  }
}

async function runLeased(
  db: PrismaClient,
  job: JobDefinition,
  houder: string,
  lease: NonNullable<Awaited<ReturnType<typeof acquireLease>>>,
  ttlMs: number,
  opts: RunJobOptions,
): Promise<JobRunResult> {
  const t0 = performance.now();
  const abort = new AbortController();
  const onOuterAbort = () => abort.abort(new Error('Job afgebroken: het proces stopt.'));
  if (opts.signal?.aborted) onOuterAbort();
  opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const keeper = keepLeaseAlive(db, lease, {
    ttlMs,
    everyMs: opts.leaseRenewMs ?? LEASE_RENEW_MS,
    onLost: (e) => {
      log('warn', 'job_lease_kwijt', { job: job.id, melding: e.message });
      abort.abort(e);
    },
  });
  let runId: number | null = null;
  let result: JobRunResult;
  try {
    // With the lease in hand no one else runs this job: a run still 'bezig' was cut off (process stopped).
    await db.$executeRaw`
      UPDATE job_run SET status = 'mislukt', klaar_op = now(), melding = 'Onderbroken: het proces stopte tijdens de run.'
      WHERE job_id = ${job.id} AND status = 'bezig'`;
    runId = await insertRun(db, job.id, houder, 'bezig', null);
    log('info', 'job_gestart', { job: job.id, versie: job.version, run: runId, houder });
    // A handler that returns has done its work, also when the signal came just too late to stop it.
    const out = await job.handler({ db, jobId: job.id, runId, houder, signal: abort.signal });
    result = { status: 'ok', runId, melding: out.melding ? short(out.melding) : null, importId: out.importId ?? null };
  } catch (e) {
    const importId = e instanceof JobFailure ? e.importId : null;
    if (refused(e)) {
      // Not a crash: the file was judged unfit and the published version keeps serving.
      result = { status: 'geweigerd', runId, melding: short(`Geweigerd: ${messageOf(e)}`), importId };
      log('warn', 'job_geweigerd', { job: job.id, run: runId, import_id: importId });
    } else {
      result = { status: 'mislukt', runId, melding: short(messageOf(e)), importId };
      // The reason is in job_run.melding (and the register's manifest); the log names only the kind of error.
      log('warn', 'job_mislukt', { job: job.id, run: runId, import_id: importId, fout: e instanceof Error ? e.name : typeof e });
    }
  } finally {
    keeper.stop();
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }
  try {
    if (runId !== null) await finishRun(db, runId, result.status, result.melding, result.importId);
  } catch (e) {
    log('error', 'job_run_niet_vastgelegd', { job: job.id, run: runId, ...describeError(e) });
  }
  await releaseLease(db, job.id, houder).catch((e) => log('warn', 'job_lease_niet_vrijgegeven', { job: job.id, ...describeError(e) }));
  if (result.status === 'ok') {
    log('info', 'job_klaar', { job: job.id, run: runId, import_id: result.importId, duur_ms: Math.round(performance.now() - t0) });
  }
  return result;
}
