// Small helpers for integration tests: call the running app and the replay server's fault control.
import { inject } from 'vitest';

export interface ApiAnswer {
  status: number;
  headers: Headers;
  body: any; // eslint-disable-line @typescript-eslint/no-explicit-any
  ms: number;
}

/** Calls the app under test and parses JSON bodies. */
export async function api(path: string, init: RequestInit = {}): Promise<ApiAnswer> {
  const started = performance.now();
  const res = await fetch(inject('appUrl') + path, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, headers: res.headers, body, ms: performance.now() - started };
}

/** Sets a fault for one source on the replay server (a FaultKind of test/upstream/server.ts). */
export async function setFault(source: string, kind: string, ms?: number): Promise<void> {
  const r = await fetch(`${inject('replayUrl')}/__faults/${source}`, { method: 'PUT', body: JSON.stringify({ kind, ms }) });
  if (r.status !== 204) throw new Error(`fault not set: ${r.status}`);
}

/** Removes every fault on the replay server. */
export async function clearFaults(): Promise<void> {
  await fetch(`${inject('replayUrl')}/__faults`, { method: 'DELETE' });
}
