// HTTP side of the register benchmark: start one `next start` process on a prepared database, send
// every path of a workload once with a given number in flight (latency as a client sees it, requests/s),
// and repeat a few paths under autocannon.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort } from '../free-port.mjs';

const root = path.resolve(__dirname, '../..');

export interface RunningServer {
  url: string;
  child: ChildProcess;
  stop: () => Promise<void>;
}

/** Starts the built app (`next start`) with `env` (database settings) and waits until it answers; `nodeArgs` go before the script (--cpu-prof). */
export async function startServer(env: Record<string, string>, logFile: string, nodeArgs: string[] = []): Promise<RunningServer> {
  if (!fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) throw new Error('Geen build: draai eerst `npx next build`.');
  const port = await freePort();
  const log = fs.createWriteStream(logFile);
  const child = spawn(process.execPath, [...nodeArgs, path.join(root, 'scripts/serve.mjs'), '-p', String(port), '-H', '127.0.0.1'], {
    cwd: root,
    // The rate limiter runs (its cost is part of the figures) with limits no benchmark reaches.
    env: { ...process.env, RATE_LIMIT_PREVIEW: '1000000000', RATE_LIMIT_OVERIG: '1000000000', ...env, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', JOBS: 'uit', LOG_LEVEL: env.LOG_LEVEL ?? 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`next start stopte met code ${child.exitCode} (zie ${logFile})`);
    try {
      if ((await fetch(`${url}/v1/bronnen`)).ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error(`next start antwoordde niet binnen 60 s (zie ${logFile})`);
    await new Promise((r) => setTimeout(r, 250));
  }
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once('exit', () => resolve());
      child.kill('SIGTERM');
    });
  return { url, child, stop };
}

/** The value at quantile q (0..1) of sorted numbers. */
export function quantile(sorted: number[], q: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[i];
}

export interface LatencyResult {
  n: number;
  p50: number;
  p95: number;
  fouten: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p50: number;
  p99: number;
  totaal: number;
  non2xx: number;
  errors: number;
}

/** A mixed workload over `paths` for `seconds` with `connections` concurrent connections (autocannon). */
export async function mixedLoad(base: string, paths: string[], seconds: number, connections: number): Promise<LoadResult> {
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: paths.map((p) => ({ method: 'GET' as const, path: p })),
  });
  return {
    requestsPerSec: Math.round(r.requests.average),
    p50: r.latency.p50,
    p99: r.latency.p99,
    totaal: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * Every path once, in order, with `connections` connections (autocannon; its HTTP client costs the shared
 * machine less CPU than fetch): no path twice, so no answer can come from the per-version cache. Stops
 * when every path was asked or after `seconds`.
 */
export async function distinctAutocannon(base: string, paths: string[], connections: number, seconds: number): Promise<LoadResult> {
  let next = 0;
  const r = await autocannon({
    url: base,
    connections,
    duration: seconds,
    amount: paths.length,
    requests: [{ method: 'GET' as const, setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }],
  });
  return {
    requestsPerSec: Math.round(r.requests.total / Math.max(r.duration, 0.001)),
    p50: r.latency.p50,
    p99: r.latency.p99,
    totaal: r.requests.total,
    non2xx: r.non2xx,
    errors: r.errors,
  };
}

/**
 * Every path once (no path twice, so no answer can come from the per-version cache), with `concurrency`
 * requests in flight, until the paths or `seconds` run out. Non-200 answers count as errors.
 */
export async function distinctLoad(base: string, paths: string[], concurrency: number, seconds: number): Promise<LatencyResult & { requestsPerSec: number }> {
  const times: number[] = [];
  let fouten = 0;
  let next = 0;
  const t0 = performance.now();
  const deadline = t0 + seconds * 1000;
  const worker = async () => {
    while (next < paths.length && performance.now() < deadline) {
      const p = paths[next++];
      const s = performance.now();
      const res = await fetch(base + p);
      await res.arrayBuffer();
      times.push(performance.now() - s);
      if (res.status !== 200) fouten++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  const secs = (performance.now() - t0) / 1000;
  times.sort((a, b) => a - b);
  return { n: times.length, p50: quantile(times, 0.5), p95: quantile(times, 0.95), fouten, requestsPerSec: Math.round(times.length / secs) };
}
