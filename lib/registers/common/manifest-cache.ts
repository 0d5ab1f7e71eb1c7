// The manifest of a register's published version, cached briefly in this process: every register
// answer needs it (three queries), while it changes only when an import starts, publishes or fails.
// Those events in this process clear the entry at once (the embedded database has one process: the
// server runs the jobs itself); a publish by another process (the PostgreSQL worker) shows within
// MANIFEST_TTL_MS. Serving a just-replaced version that long is consistent: publishImport keeps the
// previous version's rows until the next publish.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { readManifest, type Manifest } from './manifest';

export const MANIFEST_TTL_MS = 5_000;

type Entry = { at: number; value: Promise<Manifest | null> };
// On globalThis: one cache per process, also when bundles load this module more than once. Per database
// client, so a process that switches databases (tests) never sees another database's manifest.
const g = globalThis as typeof globalThis & { __nlodsManifestCache?: WeakMap<object, Map<string, Entry>>; __nlodsManifestDbs?: Set<WeakRef<object>> };
function cacheOf(db: object): Map<string, Entry> {
  const all = (g.__nlodsManifestCache ??= new WeakMap());
  let c = all.get(db);
  if (!c) {
    c = new Map();
    all.set(db, c);
    (g.__nlodsManifestDbs ??= new Set()).add(new WeakRef(db));
  }
  return c;
}

/** The published manifest of `register` (or null), at most MANIFEST_TTL_MS old; concurrent callers share one read. */
export function cachedManifest(db: PrismaClient, register: string, now = Date.now()): Promise<Manifest | null> {
  const cache = () => cacheOf(db);
  const hit = cache().get(register);
  if (hit && now - hit.at < MANIFEST_TTL_MS) return hit.value;
  const value = readManifest(db, register);
  cache().set(register, { at: now, value });
  // A failed read or "nothing published yet" is not kept: the next request asks again.
  value.then(
    (m) => {
      if (!m && cache().get(register)?.value === value) cache().delete(register);
    },
    () => {
      if (cache().get(register)?.value === value) cache().delete(register);
    },
  );
  return value;
}

/** Forgets the cached manifest of `register` (after an import started, published or failed here). */
export function invalidateManifest(register?: string): void {
  for (const ref of g.__nlodsManifestDbs ?? []) {
    const db = ref.deref();
    const c = db && g.__nlodsManifestCache?.get(db);
    if (!c) continue;
    if (register === undefined) c.clear();
    else c.delete(register);
  }
}
