// The replay server: a local stand-in for the public upstreams that serves recorded real responses
// (and, where no recording exists, examples built from the documented format, labelled as such) from
// test/upstream/fixtures, and injects faults per source. Every answer carries X-Replay-Fixture and
// X-Replay-Kind so the service's bronnen can say that the data did not come from the live source.
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * latency: answer after `ms`; http500; timeout and stil: headers never sent; malformed and afgekapt: the first
 * half of the body with a Content-Length of that half (a cut document that looks complete over HTTP); reset: the
 * connection closed before any answer; stil-na-kop: headers and the first half of the body sent, then silence;
 * kort: a Content-Length of the whole body, half of it sent, then the connection closed.
 */
export type FaultKind = 'latency' | 'http500' | 'timeout' | 'malformed' | 'reset' | 'stil' | 'stil-na-kop' | 'afgekapt' | 'kort';
export const FAULT_KINDS: readonly FaultKind[] = ['latency', 'http500', 'timeout', 'malformed', 'reset', 'stil', 'stil-na-kop', 'afgekapt', 'kort'];
export interface Fault {
  kind: FaultKind;
  /** Delay for latency (and before the other faults), in ms. */
  ms?: number;
}

export interface RouteSpec {
  path: string;
  /** Query constraints: exact value (case-insensitive), or a regular expression written as "~pattern". */
  query?: Record<string, string>;
  file: string;
  kind: 'opgenomen' | 'opgebouwd';
  status?: number;
  contentType?: string;
  /** Template: every {{REPLAY_URL}} in the file is replaced by this server's own base URL (links to other fixtures). */
  sjabloon?: boolean;
}

interface SourceFixtures {
  source: string;
  routes: RouteSpec[];
}

// __dirname under tsx (CommonJS); import.meta.url under vitest (ESM).
const here = typeof __dirname !== 'undefined' ? __dirname : path.dirname(fileURLToPath(import.meta.url));
export const FIXTURES_DIR = path.join(here, 'fixtures');

/** Reads every fixtures/<source>/routes.json. */
export function loadFixtures(dir = FIXTURES_DIR): Map<string, SourceFixtures> {
  const map = new Map<string, SourceFixtures>();
  if (!fs.existsSync(dir)) return map;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const routesFile = path.join(dir, entry.name, 'routes.json');
    if (entry.isDirectory() && fs.existsSync(routesFile)) {
      const spec = JSON.parse(fs.readFileSync(routesFile, 'utf8')) as SourceFixtures;
      map.set(entry.name, spec);
    }
  }
  return map;
}

/** Finds the first route of a source that matches a path and query. */
export function matchRoute(fixtures: SourceFixtures, subPath: string, query: URLSearchParams): RouteSpec | undefined {
  return fixtures.routes.find((r) => {
    if (r.path !== subPath) return false;
    return Object.entries(r.query ?? {}).every(([k, want]) => {
      const got = query.get(k);
      if (got === null) return false;
      return want.startsWith('~') ? new RegExp(want.slice(1), 'i').test(got) : got.toLowerCase() === want.toLowerCase();
    });
  });
}

/** Parses "src=kind[:ms],src2=kind" (the REPLAY_FAULTS variable). */
export function parseFaults(spec: string | undefined): Map<string, Fault> {
  const faults = new Map<string, Fault>();
  for (const part of (spec ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const [src, rest] = part.split('=');
    const [kind, ms] = (rest ?? '').split(':');
    faults.set(src, { kind: kind as FaultKind, ms: ms ? Number(ms) : undefined });
  }
  return faults;
}

export interface ReplayServer {
  url: string;
  port: number;
  /** Base URL of one source on this server. */
  sourceUrl(sourceId: string): string;
  setFault(sourceId: string, fault: Fault): void;
  clearFaults(): void;
  /** Number of requests served per source since start (tests check caching and coalescing). */
  hits(sourceId: string): number;
  close(): Promise<void>;
}

/** Starts the replay server on 127.0.0.1 (port 0 = any free port). */
export async function startReplayServer(options: { port?: number; faults?: string; fixturesDir?: string } = {}): Promise<ReplayServer> {
  const fixtures = loadFixtures(options.fixturesDir);
  const faults = parseFaults(options.faults);
  const hitCounts = new Map<string, number>();
  const held = new Set<http.ServerResponse>();
  let base = '';

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://replay.local');
    const [, sourceId, ...rest] = url.pathname.split('/');

    if (sourceId === '__faults') return controlFaults(req, res, rest[0], faults);
    if (sourceId === '__health') return send(res, 200, 'application/json', JSON.stringify({ bronnen: [...fixtures.keys()] }));

    const spec = fixtures.get(sourceId);
    if (!spec) return send(res, 404, 'application/json', JSON.stringify({ error: `replay: onbekende bron ${sourceId}` }));
    hitCounts.set(sourceId, (hitCounts.get(sourceId) ?? 0) + 1);

    const fault = faults.get(sourceId);
    if (fault?.ms) await new Promise((r) => setTimeout(r, fault.ms));
    const hold = () => {
      held.add(res);
      res.on('close', () => held.delete(res));
    };
    if (fault?.kind === 'timeout' || fault?.kind === 'stil') {
      hold();
      return; // never answers; the client's time budget must end the call
    }
    if (fault?.kind === 'reset') return req.socket.destroy();
    if (fault?.kind === 'http500') return send(res, 500, 'text/html', '<html><body>500 Internal Server Error</body></html>');

    const subPath = '/' + rest.join('/');
    const route = matchRoute(spec, subPath, url.searchParams);
    if (!route) return send(res, 404, 'application/json', JSON.stringify({ error: `replay: geen opname voor ${subPath}` }));
    const raw = fs.readFileSync(path.join(options.fixturesDir ?? FIXTURES_DIR, sourceId, route.file));
    const body = route.sjabloon ? Buffer.from(raw.toString('utf8').replaceAll('{{REPLAY_URL}}', base)) : raw;
    const headers = { 'X-Replay-Fixture': `${sourceId}/${route.file}`, 'X-Replay-Kind': route.kind };
    const half = body.subarray(0, Math.floor(body.length / 2));
    if (fault?.kind === 'malformed' || fault?.kind === 'afgekapt') {
      return send(res, route.status ?? 200, route.contentType ?? 'application/json', half, headers);
    }
    if (fault?.kind === 'stil-na-kop' || fault?.kind === 'kort') {
      res.writeHead(route.status ?? 200, { 'Content-Type': route.contentType ?? 'application/json; charset=utf-8', 'Content-Length': body.length, ...headers });
      if (fault.kind === 'kort') {
        res.write(half, () => req.socket.destroy());
        return;
      }
      hold();
      res.write(half);
      return; // the rest never comes; the client's idle budget must end the call
    }
    send(res, route.status ?? 200, route.contentType ?? 'application/json; charset=utf-8', body, headers);
  });

  // A taken port rejects (with the listen error's code) instead of an unhandled 'error' event.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as { port: number }).port;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    port,
    sourceUrl: (id) => `${base}/${id}`,
    setFault: (id, fault) => void faults.set(id, fault),
    clearFaults: () => faults.clear(),
    hits: (id) => hitCounts.get(id) ?? 0,
    close: () =>
      new Promise<void>((resolve) => {
        for (const res of held) res.destroy();
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

function send(res: http.ServerResponse, status: number, contentType: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': contentType, 'Content-Length': Buffer.byteLength(body), ...headers });
  res.end(body);
}

/** PUT /__faults/<source> {"kind":"http500"} sets a fault, DELETE /__faults clears all, GET lists them. */
function controlFaults(req: http.IncomingMessage, res: http.ServerResponse, sourceId: string | undefined, faults: Map<string, Fault>) {
  if (req.method === 'GET') return send(res, 200, 'application/json', JSON.stringify(Object.fromEntries(faults)));
  if (req.method === 'DELETE') {
    if (sourceId) faults.delete(sourceId);
    else faults.clear();
    return send(res, 204, 'text/plain', '');
  }
  if (req.method === 'PUT' && sourceId) {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      try {
        const fault = JSON.parse(raw) as Fault;
        if (!FAULT_KINDS.includes(fault.kind)) throw new Error('kind');
        faults.set(sourceId, fault);
        send(res, 204, 'text/plain', '');
      } catch {
        send(res, 400, 'application/json', JSON.stringify({ error: `verwacht {"kind":"${FAULT_KINDS.join('|')}","ms":n}` }));
      }
    });
    return;
  }
  send(res, 405, 'text/plain', 'GET, PUT or DELETE');
}
