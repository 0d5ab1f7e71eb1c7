// Status of the scheduled jobs, for a status page or operation: per job its schedule, the next run time
// (croner, Europe/Amsterdam), whether it is scheduled in this build, its last run and last successful run
// (job_run) and the current lease. Reads the database (opens it on first use).
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { getDb } from '@/lib/db/client';
import { ALL_JOBS } from './index';
import { nextRuns, type JobDefinition } from './job';
import { readLease } from './lease';
import { isRunningHere, type JobRunStatus } from './run';
import { currentScheduler, serverRunsJobs } from './scheduler';

export interface JobRunView {
  id: number;
  status: JobRunStatus;
  houder: string;
  gestart_op: string;
  klaar_op: string | null;
  melding: string | null;
  import_id: number | null;
}

export interface JobStatus {
  id: string;
  naam: string;
  versie: string;
  omschrijving: string;
  schema: { cron: string; tijdzone: string };
  /** Whether the job can run in this build (its importer exists), else why not. */
  beschikbaar: boolean;
  reden_niet_beschikbaar: string | null;
  /** Next scheduled run (ISO 8601, UTC); null when the job is not available. */
  volgende_run: string | null;
  /** True while the job runs in this process. */
  draait_hier: boolean;
  laatste_run: JobRunView | null;
  laatste_geslaagde_run: JobRunView | null;
  /** The lease row: who runs (or last ran) the job, until when. */
  lease: { houder: string; verloopt_op: string; verlopen: boolean } | null;
}

export interface JobsStatus {
  /** Where jobs run in this configuration (this process's view). */
  uitvoering: { server: boolean; reden: string; scheduler_in_dit_proces: 'server' | 'worker' | null };
  jobs: JobStatus[];
}

interface RunRow {
  id: number;
  status: string;
  houder: string;
  gestart_op: Date;
  klaar_op: Date | null;
  melding: string | null;
  import_id: number | null;
}

const view = (r: RunRow | undefined): JobRunView | null =>
  r
    ? {
        id: r.id,
        status: r.status as JobRunStatus,
        houder: r.houder,
        gestart_op: r.gestart_op.toISOString(),
        klaar_op: r.klaar_op?.toISOString() ?? null,
        melding: r.melding,
        import_id: r.import_id,
      }
    : null;

async function statusOf(db: PrismaClient, job: JobDefinition, now: Date): Promise<JobStatus> {
  const reden = job.unavailable?.() ?? null;
  const [last] = await db.$queryRaw<RunRow[]>`
    SELECT id, status, houder, gestart_op, klaar_op, melding, import_id FROM job_run
    WHERE job_id = ${job.id} ORDER BY gestart_op DESC, id DESC LIMIT 1`;
  const [lastOk] = await db.$queryRaw<RunRow[]>`
    SELECT id, status, houder, gestart_op, klaar_op, melding, import_id FROM job_run
    WHERE job_id = ${job.id} AND status = 'ok' ORDER BY gestart_op DESC, id DESC LIMIT 1`;
  const lease = await readLease(db, job.id);
  return {
    id: job.id,
    naam: job.name,
    versie: job.version,
    omschrijving: job.description,
    schema: { cron: job.schedule.cron, tijdzone: job.schedule.timezone },
    beschikbaar: reden === null,
    reden_niet_beschikbaar: reden,
    volgende_run: reden === null ? (nextRuns(job.schedule, 1, now)[0]?.toISOString() ?? null) : null,
    draait_hier: isRunningHere(job.id),
    laatste_run: view(last),
    laatste_geslaagde_run: view(lastOk),
    lease: lease ? { houder: lease.houder, verloopt_op: lease.verlooptOp.toISOString(), verlopen: lease.verlopen } : null,
  };
}

/** The schedule and last runs of every job (see JobStatus). */
export async function jobStatus(opts: { db?: PrismaClient; now?: Date; jobs?: readonly JobDefinition[] } = {}): Promise<JobsStatus> {
  const db = opts.db ?? getDb();
  const now = opts.now ?? new Date();
  const jobs: JobStatus[] = [];
  for (const job of opts.jobs ?? ALL_JOBS) jobs.push(await statusOf(db, job, now));
  const server = serverRunsJobs();
  return { uitvoering: { server: server.aan, reden: server.reden, scheduler_in_dit_proces: currentScheduler()?.role ?? null }, jobs };
}
