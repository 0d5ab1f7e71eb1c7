// Builds the per-version state of the newest dataset_versie before users ask for it: its market, its
// relation graph and its parameterless metrics (the first request for each would otherwise pay for it, up to
// half a second at full scale). Runs in the background at server start and whenever this process first
// sees a newer version; failures only mean the first request builds the state itself.
import type { PrismaClient } from '@/lib/generated/prisma/client';
import { log } from '@/lib/log';
import { hypotheekVan, kansmodelVan, radarVan } from './berekening-cache';
import { bijNieuweVersie, cachedMarkt, cachedVersies } from './markt-cache';
import { cachedRelatieGraaf } from './relatie-cache';
import type { DatasetVersie } from './store';

async function warm(db: PrismaClient, alle: DatasetVersie[]): Promise<void> {
  const v = alle[alle.length - 1];
  const t0 = performance.now();
  await cachedMarkt(db, v);
  await Promise.all([cachedRelatieGraaf(db, v), radarVan(db, v, alle), kansmodelVan(db, v, alle), hypotheekVan(db, v, alle)]);
  log('info', 'monitor_opgewarmd', { versie: v.id, ms: Math.round(performance.now() - t0) });
}

/** From now on, warm every newest version this process sees; and look once now. */
export function startMonitorWarmup(db: PrismaClient): void {
  bijNieuweVersie((d, alle) => {
    warm(d, alle).catch((e) => log('warn', 'monitor_opwarmen_mislukt', { fout: e instanceof Error ? e.message : String(e) }));
  });
  cachedVersies(db).catch(() => undefined);
}
