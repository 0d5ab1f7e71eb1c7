// Answers computed from one published register version, kept in memory: the rows of an import never
// change after it is published (a new export becomes a new import id), so a result for (register,
// import id, operation, parameters) stays true for as long as that version is served. Bounded by size
// (least recently used entries go first); entries of replaced versions simply age out. The bronnen
// entry of such an answer says cache: true.
import { LRUCache } from 'lru-cache';
import type { CacheBasis } from '@/lib/api/cache';
import { getDb } from '@/lib/db/client';
import type { Manifest } from './manifest';
import { cachedManifest } from './manifest-cache';

/** Memory budget of the cache (characters of the JSON form of the cached results). */
export const VERSION_CACHE_MAX_CHARS = 64 * 1024 * 1024;

type Box = { value: unknown };
const g = globalThis as typeof globalThis & { __nlodsVersionCache?: LRUCache<string, Box> };
const cache = (): LRUCache<string, Box> =>
  (g.__nlodsVersionCache ??= new LRUCache<string, Box>({
    maxSize: VERSION_CACHE_MAX_CHARS,
    sizeCalculation: (b) => Math.max(1, JSON.stringify(b.value ?? null).length),
  }));
const pending = new Map<string, Promise<unknown>>();

/**
 * The result of `compute` for this version of the register and these parameters: from memory when it
 * was computed before (hit: true), else computed once (concurrent callers share the computation).
 */
export async function perVersion<T>(
  m: Pick<Manifest, 'register' | 'import_id' | 'gepubliceerd_op'>,
  operation: string,
  params: unknown,
  compute: () => Promise<T>,
): Promise<{ value: T; hit: boolean }> {
  // The publish time next to the import id: two databases (tests, a switch of DATABASE_URL) can both
  // have an import 1, never published at the same millisecond.
  // velden and formaat shape the answer after the query: one entry serves every field choice and CSV.
  const { velden: _v, formaat: _f, ...key_params } = (params ?? {}) as Record<string, unknown>;
  const key = [m.register, m.import_id, m.gepubliceerd_op, operation, JSON.stringify(key_params)].join('\u0000');
  const box = cache().get(key);
  if (box) return { value: box.value as T, hit: true };
  let p = pending.get(key) as Promise<T> | undefined;
  if (!p) {
    p = compute();
    pending.set(key, p);
    p.then(
      (value) => {
        cache().set(key, { value });
        pending.delete(key);
      },
      () => pending.delete(key),
    );
  }
  return { value: await p, hit: false };
}

/** Computes the total of a list filter, or takes it from where it was kept (totaalPerVersie). */
export type Teller = (compute: () => Promise<number>) => Promise<number>;

/** Without a cache: the count is computed every time. */
export const telAltijd: Teller = (compute) => compute();

/**
 * The total of one list filter per version: paging through a result (rijen, start), choosing fields
 * (velden), an order (sorteer) or CSV (formaat) does not change it, so it is counted once per version.
 */
export function totaalPerVersie(
  m: Pick<Manifest, 'register' | 'import_id' | 'gepubliceerd_op'>,
  operation: string,
  query: Record<string, unknown>,
): Teller {
  const { rijen: _r, start: _s, sorteer: _o, ...filter } = query;
  return async (compute) => (await perVersion(m, `${operation}:totaal`, filter, compute)).value;
}

/**
 * The cache declaration of a register's read operations (`cache: registerVersie(FSP_REGISTER)`): their answer is
 * a function of the published version (import id and publish time, the same key as perVersion's) and the URL, so
 * it gets an ETag of that version before it runs, a revalidation costs nothing and caches may keep it
 * (lib/api/cache.ts). The version is read from the same cached manifest the operations read, so the ETag never
 * names a newer version than the answer shows.
 */
export function registerVersie(register: string): CacheBasis {
  return {
    naam: 'register_versie',
    async huidigeVersie() {
      const m = await cachedManifest(getDb(), register);
      return m ? `${register}:${m.import_id}@${m.gepubliceerd_op}` : null;
    },
  };
}
