// Worker for the scheduled register imports on PostgreSQL: `npm run worker` (DATABASE_URL=postgres://…).
// Runs every job on its schedule (jobs/, Europe/Amsterdam); several workers may run side by side, the
// lease row (job_lease) makes exactly one of them run a given import. On the embedded PGlite database the
// server runs the jobs itself (one process per database), so the worker refuses there.
//
//   npm run worker                 runs until SIGINT/SIGTERM
//   npm run worker -- --nu lei     runs one job now (job id or register name) and exits (0 ok or overgeslagen, 1 mislukt)
import { closeDb, databaseKind, getDb, openDb } from '@/lib/db/client';
import { startWebhookBezorger } from '@/lib/access/webhooks/bezorger';
import { ALL_JOBS, findJob } from '@/jobs/index';
import { runJob } from '@/jobs/run';
import { setProcessScheduler, startScheduler } from '@/jobs/scheduler';
import { databaseMelding, stopMet } from './startcontrole.mjs';

const USAGE = 'gebruik: npm run worker [-- --nu <job of register>]\n' + `  jobs: ${ALL_JOBS.map((j) => j.id).join(', ')}\n`;

function parseArgs(argv: string[]): { nu?: string } {
  const out: { nu?: string } = {};
  for (let i = 0; i < argv.length; i++) {
    const m = /^--([a-z-]+)(?:=(.*))?$/.exec(argv[i]);
    if (!m || m[1] !== 'nu') throw new Error(`onbekend argument: ${argv[i]}`);
    out.nu = m[2] ?? argv[++i];
    if (!out.nu) throw new Error('--nu heeft geen job');
  }
  return out;
}

async function main(): Promise<number> {
  let args: ReturnType<typeof parseArgs>;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n${USAGE}`);
    return 2;
  }
  let kind: ReturnType<typeof databaseKind>;
  try {
    kind = databaseKind();
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    return 2;
  }
  if (kind !== 'postgresql') {
    process.stderr.write(
      'De worker is er voor PostgreSQL (DATABASE_URL=postgres://…). Op de ingebouwde database draait de server ' +
        '(npm start) de geplande imports zelf; een import met de hand: npm run import -- <register> (server gestopt).\n',
    );
    return 2;
  }
  try {
    await openDb(); // fail fast when the server is unreachable; applies pending migrations
  } catch (e) {
    process.stderr.write(`» ${databaseMelding(e, { url: process.env.DATABASE_URL })}\n`);
    await closeDb().catch(() => undefined);
    return 3;
  }

  if (args.nu) {
    const job = findJob(args.nu);
    if (!job) {
      process.stderr.write(`Onbekende job: ${args.nu}\n${USAGE}`);
      await closeDb();
      return 2;
    }
    const stop = new AbortController();
    const onSignal = () => stop.abort(new Error('Job afgebroken: het proces stopt.'));
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
    try {
      const r = await runJob(job, { signal: stop.signal });
      process.stdout.write(`${job.id}: ${r.status}${r.importId ? ` (import ${r.importId})` : ''}${r.melding ? `: ${r.melding}` : ''}\n`);
      return r.status === 'mislukt' ? 1 : r.status === 'geweigerd' ? 4 : 0;
    } finally {
      await closeDb();
    }
  }

  const scheduler = startScheduler({ role: 'worker' });
  setProcessScheduler(scheduler);
  for (const { job, cron } of scheduler.scheduled) {
    process.stderr.write(`worker: ${job.id} volgens "${job.schedule.cron}" (${job.schedule.timezone}), volgende run ${cron.nextRun()?.toISOString() ?? '-'}\n`);
  }
  for (const { job, reden } of scheduler.notScheduled) process.stderr.write(`worker: ${job.id} niet ingepland: ${reden}\n`);
  // Webhook deliveries of the distribution monitor (shared queue with the servers).
  const stopBezorger = startWebhookBezorger(getDb);

  await new Promise<void>((resolve) => {
    const onSignal = (sig: NodeJS.Signals) => {
      process.stderr.write(`worker: ${sig} ontvangen, lopende jobs worden afgebroken en vastgelegd…\n`);
      resolve();
    };
    process.once('SIGINT', onSignal);
    process.once('SIGTERM', onSignal);
  });
  await scheduler.stop();
  await stopBezorger();
  setProcessScheduler(null);
  await closeDb();
  return 0;
}

main().then(
  (code) => process.exit(code),
  // One line, no stack trace (the job runs record their own failures in job_run).
  (e) => stopMet(`npm run worker is gestopt: ${String((e as Error)?.message ?? e).split('\n')[0]}`),
);
