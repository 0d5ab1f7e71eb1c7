// The monitor's reads for the operations, cached per process: the list of dataset_versies (a few seconds,
// and cleared at once by a recompute in this process) and the market of a version (immutable once
// written, so kept until evicted: the newest from its stored state, older ones replayed from the rows).
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { bouwMarkt, type Markt } from './markt';
import { perProces } from '@/lib/per-proces';
import { readDatasetVersies, readToestand, replayToestand, versieSleutel, type DatasetVersie } from './store';

/** How long another process's new version may stay unseen here. */
const VERSIES_TTL_MS = 5_000;

// Per process (per-proces.ts); the version lists per database client (a test switches databases within one process).
const staat = perProces('markt', () => ({
  versies: new WeakMap<PrismaClient, { at: number; value: Promise<DatasetVersie[]> }>(),
  markten: new LRUCache<string, Promise<Markt>>({ max: 8 }),
  nieuweVersie: null as ((db: PrismaClient, alle: DatasetVersie[]) => void) | null,
  laatstGezien: null as string | null,
}));

/** Registers the one listener for a newest version this process has not seen yet (warm.ts). */
export function bijNieuweVersie(fn: (db: PrismaClient, alle: DatasetVersie[]) => void): void {
  staat.nieuweVersie = fn;
}

/** Every version, oldest first (cached for a few seconds). */
export function cachedVersies(db: PrismaClient, now = Date.now()): Promise<DatasetVersie[]> {
  let v = staat.versies.get(db);
  if (!v || now - v.at > VERSIES_TTL_MS) {
    const value = readDatasetVersies(db);
    v = { at: now, value };
    staat.versies.set(db, v);
    value.then(
      (alle) => {
        const nieuwste = alle[alle.length - 1];
        if (nieuwste && versieSleutel(nieuwste) !== staat.laatstGezien) {
          staat.laatstGezien = versieSleutel(nieuwste);
          staat.nieuweVersie?.(db, alle);
        }
      },
      () => staat.versies.delete(db),
    );
  }
  return v.value;
}

/** Forgets the cached version lists (after a recompute). */
export function invalidateVersies(): void {
  staat.versies = new WeakMap();
}

// The stored state while it is there (only the newest version keeps one; another process may just have
// written a newer one), else the replay of the wijziging rows: the same state either way.
async function laadToestand(db: PrismaClient, versie: DatasetVersie) {
  const opgeslagen = await readToestand(db, versie.id);
  const leeg = opgeslagen.vestigingen.length === 0 && opgeslagen.holdings.length === 0;
  return leeg && (versie.aantallen.vestigingen ?? 0) > 0 ? replayToestand(db, versie.id) : opgeslagen;
}

/** The market of `versie`. */
export function cachedMarkt(db: PrismaClient, versie: DatasetVersie): Promise<Markt> {
  const key = versieSleutel(versie);
  let m = staat.markten.get(key);
  if (!m) {
    m = laadToestand(db, versie).then((t) => bouwMarkt(versie, t));
    staat.markten.set(key, m);
    m.catch(() => staat.markten.delete(key));
  }
  return m;
}
