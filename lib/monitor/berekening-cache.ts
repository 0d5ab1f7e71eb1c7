// Per-version results of the monitor's parameterless metrics (radar, kansmodel, hypotheek): a version never
// changes, so each is computed once per process and version from the version's market and the changes of
// its window.
import { LRUCache } from 'lru-cache';
import type { PrismaClient } from '@/lib/generated/prisma/client';
import type { VersieInfo, WijzigingRij } from './derive/types';
import { cachedMarkt } from './markt-cache';
import type { Markt } from './markt';
import { perProces } from '@/lib/per-proces';
import { minMaanden } from '@/lib/kalender';
import { hypotheek } from './metrics/hypotheek';
import { kansmodel } from './metrics/kansmodel';
import { radar } from './metrics/radar';
import { readOoitHypotheek, readWijzigingenVanaf, versieSleutel, type DatasetVersie } from './store';

/** The longest window a metric looks back (radar, kansmodel and the key figures use 12 months). */
export const VENSTER_MAANDEN = 12;

const cache = perProces('berekeningen', () => new LRUCache<string, Promise<unknown>>({ max: 32 }));

export interface MetriekInvoer {
  markt: Markt;
  versies: VersieInfo[];
  /** Vestiging and holding rows of the window, baseline left out. */
  wijzigingen: WijzigingRij[];
}

async function invoer(db: PrismaClient, versie: DatasetVersie, alle: readonly DatasetVersie[]): Promise<MetriekInvoer> {
  const markt = await cachedMarkt(db, versie);
  const versies = alle.filter((v) => v.id <= versie.id).map((v, i) => ({ id: v.id, peildatum: v.peildatum, eerste: i === 0 }));
  const wijzigingen = await readWijzigingenVanaf(db, minMaanden(versie.peildatum, VENSTER_MAANDEN), ['vestiging', 'holding', 'hoofdholding'], {
    naVersie: versies[0].id,
    totVersie: versie.id,
  });
  return { markt, versies, wijzigingen };
}

/** The result of `bereken` for `versie`, computed once per process (keyed by `naam` and the version). */
export function perVersie<T>(
  db: PrismaClient,
  naam: string,
  versie: DatasetVersie,
  alle: readonly DatasetVersie[],
  bereken: (i: MetriekInvoer) => T | Promise<T>,
): Promise<T> {
  const key = `${naam}:${versieSleutel(versie)}`;
  let p = cache.get(key) as Promise<T> | undefined;
  if (!p) {
    p = invoer(db, versie, alle).then(bereken);
    cache.set(key, p);
    p.catch(() => cache.delete(key));
  }
  return p;
}

/** The radar of `versie` (consolidators, targets, movement over the 12 months up to its peildatum). */
export const radarVan = (db: PrismaClient, versie: DatasetVersie, alle: readonly DatasetVersie[]) =>
  perVersie(db, 'radar', versie, alle, (i) => radar({ vestigingen: i.markt.vestigingen, holdings: i.markt.holdings, wijzigingen: i.wijzigingen, versies: i.versies, peildatum: versie.peildatum }));

/** The consolidation-probability model of `versie`. */
export const kansmodelVan = (db: PrismaClient, versie: DatasetVersie, alle: readonly DatasetVersie[]) =>
  perVersie(db, 'kansmodel', versie, alle, (i) =>
    kansmodel({ vestigingen: i.markt.vestigingen, holdings: i.markt.holdings, wijzigingen: i.wijzigingen, versies: i.versies, peildatum: versie.peildatum }),
  );

/** The mortgage segment of `versie` (its stock counts every vestiging that ever had a mortgage service). */
export const hypotheekVan = (db: PrismaClient, versie: DatasetVersie, alle: readonly DatasetVersie[]) =>
  perVersie(db, 'hypotheek', versie, alle, async (i) =>
    hypotheek({ vestigingen: i.markt.vestigingen, holdings: i.markt.holdings, peildatum: versie.peildatum, ooitHypotheek: await readOoitHypotheek(db, versie.id) }),
  );
