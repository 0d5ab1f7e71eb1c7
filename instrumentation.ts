// Next.js instrumentation hook: runs once when a server process starts.

/** Subscribes the source-health recorder to upstream call outcomes (Node.js runtime only; opens no database). */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const [{ onSourceOutcome }, { recordSourceOutcome }] = await Promise.all([
    import('./lib/sources/outcomes'),
    import('./lib/db/source-health'),
  ]);
  onSourceOutcome(recordSourceOutcome);
}
