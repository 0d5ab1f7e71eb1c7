// The scheduler: fires every job on its schedule (croner, Europe/Amsterdam) and runs it with runJob
// (lease, job_run, never twice at once in this process). It opens no database by itself: the first query
// is made when a job fires (PGlite takes its lock on open, lib/db/client.ts).
//
// Where jobs run:
// - embedded PGlite (default): inside the server process (instrumentation.ts), one process per database;
// - PostgreSQL: in separate workers (`npm run worker`, scripts/worker.ts), several if wanted: the lease
//   lets one of them run a given import. The server runs them too only with JOBS=aan.
// JOBS=uit switches the in-server scheduler off (the test servers set it).
import type { Cron } from 'croner';
import { describeError, log } from '@/lib/log';
import { ALL_JOBS } from './index';
import { cronOf, type JobDefinition } from './job';
import { runJob, type JobRunResult, type RunJobOptions } from './run';

export type SchedulerRole = 'server' | 'worker';

export interface Scheduler {
  role: SchedulerRole;
  /** The jobs scheduled here (jobs whose importer is missing are left out) and their timers. */
  scheduled: { job: JobDefinition; cron: Cron }[];
  /** Jobs not scheduled, with the reason. */
  notScheduled: { job: JobDefinition; reden: string }[];
  /** Runs a scheduled job now (as the timer would); resolves with what was recorded. */
  runNow: (jobId: string) => Promise<JobRunResult>;
  /** Stops the timers, aborts running jobs and waits for them to record their outcome. */
  stop: () => Promise<void>;
}

export interface StartOptions extends Omit<RunJobOptions, 'signal'> {
  role: SchedulerRole;
  jobs?: readonly JobDefinition[];
}

/** Whether the server process runs the jobs itself, and why (JOBS=uit|aan, else by database kind). */
export function serverRunsJobs(env: Record<string, string | undefined> = process.env): { aan: boolean; reden: string } {
  const v = (env.JOBS ?? '').trim().toLowerCase();
  if (v === 'uit') return { aan: false, reden: 'JOBS=uit' };
  if (v === 'aan') return { aan: true, reden: 'JOBS=aan' };
  if (v !== '') return { aan: false, reden: `JOBS=${v} onbekend (aan of uit); jobs staan uit` };
  const url = env.DATABASE_URL;
  if (url && !/^postgres(ql)?:\/\//i.test(url)) return { aan: false, reden: 'DATABASE_URL is geen postgres(ql)://-URL; jobs staan uit' };
  return !url
    ? { aan: true, reden: 'ingebouwde database: de server draait de jobs' }
    : { aan: false, reden: 'PostgreSQL: jobs draaien in de worker (npm run worker), of zet JOBS=aan' };
}

/** Starts a scheduler for `jobs` (default: all). Opens no database until a job fires. */
export function startScheduler(opts: StartOptions): Scheduler {
  const { role, jobs = ALL_JOBS, ...runOpts } = opts;
  const stopping = new AbortController();
  const inFlight = new Set<Promise<JobRunResult>>();
  const scheduled: Scheduler['scheduled'] = [];
  const notScheduled: Scheduler['notScheduled'] = [];
  const byId = new Map<string, JobDefinition>();

  const fire = (job: JobDefinition): Promise<JobRunResult> => {
    const p = runJob(job, { ...runOpts, signal: stopping.signal }).catch((e): JobRunResult => {
      // runJob records and never throws; this is the last line of defence for the process.
      log('error', 'job_onverwacht', { job: job.id, ...describeError(e) });
      return { status: 'mislukt', runId: null, melding: (e as Error)?.message ?? String(e), importId: null };
    });
    inFlight.add(p);
    void p.finally(() => inFlight.delete(p));
    return p;
  };

  for (const job of jobs) {
    const reden = job.unavailable?.() ?? null;
    if (reden) {
      notScheduled.push({ job, reden });
      continue;
    }
    byId.set(job.id, job);
    const cron = cronOf(job.schedule, () => void fire(job), { name: `nlods:${role}:${job.id}` });
    scheduled.push({ job, cron });
  }
  log('info', 'jobs_ingepland', {
    rol: role,
    jobs: scheduled.map(({ job, cron }) => ({ job: job.id, cron: job.schedule.cron, tijdzone: job.schedule.timezone, volgende: cron.nextRun()?.toISOString() ?? null })),
    niet_ingepland: notScheduled.map(({ job, reden }) => ({ job: job.id, reden })),
  });

  return {
    role,
    scheduled,
    notScheduled,
    runNow: async (jobId) => {
      const job = byId.get(jobId);
      if (!job) throw new Error(`Job ${jobId} is hier niet ingepland.`);
      return fire(job);
    },
    stop: async () => {
      for (const { cron } of scheduled) cron.stop();
      stopping.abort(new Error('Job afgebroken: het proces stopt.'));
      await Promise.allSettled([...inFlight]);
    },
  };
}

// The server's scheduler, once per process (also across dev reloads and separately bundled modules).
const g = globalThis as typeof globalThis & { __nlodsScheduler?: Scheduler | null };

/**
 * Starts the in-server scheduler when this server should run jobs (see serverRunsJobs); called from
 * instrumentation.ts in the Node.js runtime. Returns it, or null when jobs run elsewhere or are off.
 */
export function startServerScheduler(): Scheduler | null {
  if (g.__nlodsScheduler !== undefined) return g.__nlodsScheduler;
  const { aan, reden } = serverRunsJobs();
  if (!aan) {
    log('info', 'jobs_niet_in_server', { reden });
    g.__nlodsScheduler = null;
    return null;
  }
  g.__nlodsScheduler = startScheduler({ role: 'server' });
  return g.__nlodsScheduler;
}

/** The scheduler running in this process, if any (server or worker). */
export function currentScheduler(): Scheduler | null {
  return g.__nlodsScheduler ?? null;
}

/** Registers a worker's scheduler as this process's scheduler (for jobStatus). */
export function setProcessScheduler(s: Scheduler | null): void {
  g.__nlodsScheduler = s;
}
