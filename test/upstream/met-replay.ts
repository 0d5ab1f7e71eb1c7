// The replay harness of an operation test: starts the replay server before the file's tests (optionally on a
// temporary copy of the fixtures, for tests that change a fixture), points the given sources (default: every
// registered source) at it, and after each test removes injected faults and empties the source cache; after the
// file it closes the server and restores the environment it changed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { FIXTURES_DIR, startReplayServer, type ReplayServer } from './server';
import { clearSourceCache } from '@/lib/sources/fetch';
import { sourceById, sources } from '@/lib/sources/registry';

export interface ReplayOpties {
  /** Source ids to point at the replay server; default every registered source. */
  bronnen?: readonly string[];
  /** Serve a temporary copy of the fixtures (of these sources only); `dir()` gives its path. */
  kopie?: boolean;
  /** Extra environment for the file (keys, time budget); BRON_TIMEOUT_MS defaults to 3000. */
  env?: Record<string, string>;
  /** Also run after each test (other per-process caches). */
  naElkeTest?: () => void;
}

export interface MetReplay {
  replay(): ReplayServer;
  /** The fixtures directory served (the copy with `kopie`). */
  dir(): string;
}

export function metReplay(opties: ReplayOpties = {}): MetReplay {
  let server: ReplayServer | null = null;
  let dir = FIXTURES_DIR;
  const vorige = new Map<string, string | undefined>();
  const zet = (k: string, v: string) => {
    if (!vorige.has(k)) vorige.set(k, process.env[k]);
    process.env[k] = v;
  };

  beforeAll(async () => {
    const ids = opties.bronnen ?? sources.map((s) => s.id);
    zet('LOG_LEVEL', 'silent');
    zet('BRON_TIMEOUT_MS', '3000');
    for (const [k, v] of Object.entries(opties.env ?? {})) zet(k, v);
    if (opties.kopie) {
      dir = fs.mkdtempSync(path.join(os.tmpdir(), 'replay-test-'));
      for (const id of ids) if (fs.existsSync(path.join(FIXTURES_DIR, id))) fs.cpSync(path.join(FIXTURES_DIR, id), path.join(dir, id), { recursive: true });
    }
    server = await startReplayServer({ fixturesDir: dir });
    for (const id of ids) zet(sourceById(id).envVar, server.sourceUrl(id));
  });
  afterAll(async () => {
    await server?.close();
    for (const [k, v] of vorige) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    if (opties.kopie) fs.rmSync(dir, { recursive: true, force: true });
  });
  afterEach(() => {
    server?.clearFaults();
    clearSourceCache();
    opties.naElkeTest?.();
  });

  return {
    replay: () => {
      if (!server) throw new Error('replay server not started (use metReplay at the top level of a test file)');
      return server;
    },
    dir: () => dir,
  };
}
