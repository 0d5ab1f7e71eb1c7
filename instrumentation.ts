// Next.js instrumentation hook: runs once when a server process starts.

/** Subscribes the source-health recorder to upstream call outcomes and format drift, starts the job scheduler, the source health check, the webhook deliveries and the monitor's warm-up (Node.js runtime only). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ onSourceOutcome }, { onSourceDrift }, { recordSourceOutcome, recordSourceDrift }] = await Promise.all([
    import('./lib/sources/outcomes'),
    import('./lib/sources/drift'),
    import('./lib/db/source-health'),
  ]);
  onSourceOutcome(recordSourceOutcome);
  onSourceDrift(recordSourceDrift);
  // Scheduled register imports (jobs/scheduler.ts): on the embedded database in this process, on PostgreSQL
  // in `npm run worker` unless JOBS=aan; JOBS=uit switches them off. Never during `next build`. Opens no
  // database until a job fires.
  if (process.env.NEXT_PHASE === 'phase-production-build') return;
  const { startServerScheduler } = await import('./jobs/scheduler');
  startServerScheduler();
  // Background health check of the upstreams (lib/db/bron-controle.ts): every BRON_CONTROLE_INTERVAL_S
  // seconds (default 300, 0 = off) one process (a lease in the database) asks every source its probe
  // request past the cache, so /status shows a failing upstream without user traffic.
  const { startSourceHealthCheck } = await import('./lib/db/bron-controle');
  startSourceHealthCheck();
  // Webhook deliveries (lib/access/webhooks/bezorger.ts): every process sends what is due, claims keep them
  // from sending one twice. WEBHOOKS=uit switches it off.
  const [{ getDb: db }, { startWebhookBezorger }] = await Promise.all([import('./lib/db/client'), import('./lib/access/webhooks/bezorger')]);
  startWebhookBezorger(db);
  // The distribution monitor's newest version is built in the background (first query opens the database);
  // MONITOR_OPWARMEN=uit leaves it to the first request.
  if (process.env.MONITOR_OPWARMEN !== 'uit') {
    const [{ getDb }, { startMonitorWarmup }] = await Promise.all([import('./lib/db/client'), import('./lib/monitor/warm')]);
    setTimeout(() => {
      try {
        startMonitorWarmup(getDb());
      } catch {
        /* no database yet: the first request will say so */
      }
    }, 0);
  }
}
