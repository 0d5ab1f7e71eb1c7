// The monitor's reads for the operations, cached per process: the list of dataset_versies (a few seconds,
// and cleared at once by a recompute in this process) and the market of a version (immutable once
// written, so kept until evicted: the newest from its stored state, older ones replayed from the rows).
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { bouwMarkt, type Markt } from './markt';
import { readDatasetVersies, readToestand, replayToestand, versieSleutel, type DatasetVersie } from './store';

/** How long another process's new version may stay unseen here. */
const VERSIES_TTL_MS = 5_000;

// Per database client (a test switches databases within one process).
let versies = new WeakMap<PrismaClient, { at: number; value: Promise<DatasetVersie[]> }>();
const markten = new LRUCache<string, Promise<Markt>>({ max: 8 });

// Called once per newest version seen by this process (warm.ts builds its state before users ask).
let nieuweVersie: ((db: PrismaClient, alle: DatasetVersie[]) => void) | null = null;
let laatstGezien: string | null = null;

/** Registers the one listener for a newest version this process has not seen yet. */
export function bijNieuweVersie(fn: (db: PrismaClient, alle: DatasetVersie[]) => void): void {
  nieuweVersie = fn;
}

/** Every version, oldest first (cached for a few seconds). */
export function cachedVersies(db: PrismaClient, now = Date.now()): Promise<DatasetVersie[]> {
  let v = versies.get(db);
  if (!v || now - v.at > VERSIES_TTL_MS) {
    const value = readDatasetVersies(db);
    v = { at: now, value };
    versies.set(db, v);
    value.then(
      (alle) => {
        const nieuwste = alle[alle.length - 1];
        if (nieuwste && versieSleutel(nieuwste) !== laatstGezien) {
          laatstGezien = versieSleutel(nieuwste);
          nieuweVersie?.(db, alle);
        }
      },
      () => versies.delete(db),
    );
  }
  return v.value;
}

/** Forgets the cached version lists (after a recompute). */
export function invalidateVersies(): void {
  versies = new WeakMap();
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
  let m = markten.get(key);
  if (!m) {
    m = laadToestand(db, versie).then((t) => bouwMarkt(versie, t));
    markten.set(key, m);
    m.catch(() => markten.delete(key));
  }
  return m;
}
