// Next.js instrumentation hook: runs once when a server process starts.

/** Subscribes the source-health recorder to upstream call outcomes and starts the job scheduler (Node.js runtime only; opens no database). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ onSourceOutcome }, { recordSourceOutcome }] = await Promise.all([
    import('./lib/sources/outcomes'),
    import('./lib/db/source-health'),
  ]);
  onSourceOutcome(recordSourceOutcome);
  // Scheduled register imports (jobs/scheduler.ts): on the embedded database in this process, on PostgreSQL
  // in `npm run worker` unless JOBS=aan; JOBS=uit switches them off. Never during `next build`. Opens no
  // database until a job fires.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServerScheduler } = await import('./jobs/scheduler');
  startServerScheduler();
}
