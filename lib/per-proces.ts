// One value per process for caches and counters: Next.js bundles instrumentation.ts (the warm-up and the
// import jobs that recompute) apart from the route handlers, so a module-level cache would exist twice and
// the routes would never see what the warm-up built (the monitor) or counted. Kept on globalThis under a fixed key instead.
const g = globalThis as typeof globalThis & { __nlodsPerProces?: Map<string, unknown> };

export function perProces<T>(key: string, init: () => T): T {
  const m = (g.__nlodsPerProces ??= new Map());
  if (!m.has(key)) m.set(key, init());
  return m.get(key) as T;
}
