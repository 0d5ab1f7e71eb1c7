// A job definition (after documenso's background jobs): id, version, a schedule (cron expression read in
// Europe/Amsterdam time), a description and a handler. The runner (run.ts) takes the job's lease, records
// the run in job_run and calls the handler; the scheduler (scheduler.ts) fires it on its schedule.
import { Cron } from 'croner';
import type { PrismaClient } from '@/lib/generated/prisma/client';

export const JOB_TIMEZONE = 'Europe/Amsterdam';

export interface JobSchedule {
  /** Five-field cron expression (minute hour day-of-month month day-of-week), in `timezone`. */
  cron: string;
  timezone: typeof JOB_TIMEZONE;
}

export interface JobContext {
  db: PrismaClient;
  jobId: string;
  /** id of this run's job_run row. */
  runId: number;
  /** Lease holder of this run (hostname:pid:random). */
  houder: string;
  /** Aborted when the lease is lost or the process stops: the handler should stop soon. */
  signal: AbortSignal;
}

export interface JobOutcome {
  /** Import the run made (register_import.id), if any. */
  importId?: number | null;
  /** Short Dutch description of what happened (no file contents). */
  melding?: string;
}

export interface JobDefinition {
  id: string;
  /** Dutch title. */
  name: string;
  /** Version of the definition; bump when the handler's behaviour changes. */
  version: string;
  schedule: JobSchedule;
  description: string;
  /** Why the job cannot run in this build (e.g. its importer is not there yet); null when it can. */
  unavailable?: () => string | null;
  handler: (ctx: JobContext) => Promise<JobOutcome>;
}

/** A failure of a handler that still knows the import it made (recorded in job_run.import_id). */
export class JobFailure extends Error {
  constructor(
    message: string,
    readonly importId: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'JobFailure';
  }
}

/** Declares a job; checks its cron expression at once. */
export function defineJob(def: JobDefinition): JobDefinition {
  if (!/^[a-z0-9][a-z0-9-]*$/.test(def.id)) throw new Error(`defineJob: ongeldige job-id ${def.id}`);
  if (def.schedule.cron.trim().split(/\s+/).length !== 5) throw new Error(`defineJob ${def.id}: cron-expressie moet vijf velden hebben`);
  cronOf(def.schedule); // throws on an invalid expression
  return def;
}

/**
 * The croner schedule of a job, not started (no timer): for next-run times and for the scheduler. Every
 * job here is a fixed-time job (no wildcard or step in minute and hour), so around a DST change a time in
 * the spring-forward gap runs at the first valid time after it, and a time that occurs twice in autumn
 * runs once (croner's fixedTimeRule 'no-wildcard').
 */
export function cronOf(schedule: JobSchedule, fn?: () => void | Promise<void>, options: { name?: string } = {}): Cron {
  const opts = { timezone: schedule.timezone, fixedTimeRule: 'no-wildcard' as const, mode: '5-part' as const, ...options };
  return fn ? new Cron(schedule.cron, { ...opts, catch: true }, fn) : new Cron(schedule.cron, { ...opts, paused: true });
}

/** The next `n` run times of a schedule after `from`. */
export function nextRuns(schedule: JobSchedule, n: number, from: Date = new Date()): Date[] {
  const c = cronOf(schedule);
  try {
    return c.nextRuns(n, from);
  } finally {
    c.stop();
  }
}
